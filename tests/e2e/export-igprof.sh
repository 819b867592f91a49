#!/bin/sh
# export-igprof.sh - gprof --export=igprof: the strict checker accepts
# every dump (plain, gzip'ed, flat, pruned), the ticks add up to the
# samples, and each function's cumulative ticks are gprof's self +
# children.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/export-lib.sh"

# ig_check NAME FILE: the strict checker accepts FILE.
ig_check () {
	if out=$($IGCHECK "$2"); then ok "$1: $out"; else bad "$1: $out"; fi
}

# cum FILE NAME: NAME's cumulative ticks in dump FILE (TOTAL: all).
cum () {
	python3 "$TOOLS/export-compare.py" igprof-cumulative "$1" |
		awk -v n="$2" '{ t = $1; sub(/^[0-9]+ /, "") }
		$0 == n { print t; exit }'
}

# --- The synthesised profile (export-lib.sh): 297 samples at 1000 Hz.
demo_build syn glibc
demo_synth syn
"$GPROF" --export=igprof:syn/ig.txt --export=igprof:syn/ig.gz \
	--export=igprof,flat:syn/flat.txt --export=igprof,gzip:syn/gz.ig \
	--export=igprof,nodes=3:syn/capped.txt \
	--export=igprof,prune=1000:syn/pruned.txt \
	syn/demo syn/synth.gmon 2>/dev/null || bad "gprof --export=igprof failed"
for f in ig.txt ig.gz flat.txt capped.txt pruned.txt; do
	ig_check "synthesised $f" "syn/$f"
	expect "synthesised $f: ticks" "$(cum "syn/$f" TOTAL)" 297
done
gzip -t syn/ig.gz 2>/dev/null && ok "a .gz name is gzip'ed" ||
	bad "syn/ig.gz is not gzip"
gzip -dc syn/ig.gz | cmp -s - syn/ig.txt &&
	ok "the gzip'ed dump is the plain one" || bad "syn/ig.gz differs"
gzip -t syn/gz.ig 2>/dev/null && ok "the gzip option compresses" ||
	bad "syn/gz.ig is not gzip"
head -1 syn/ig.txt | grep -q '^P=(ID=0 N=(.*/syn/demo) T=0.001)$' &&
	ok "header: $(head -1 syn/ig.txt)" || bad "header: $(head -1 syn/ig.txt)"
sed -n 2p syn/ig.txt | grep -q '^C1 FN0=(F0=(.*)+0 N=(<stacks-estimated-from-gmon-arcs>))+0$' &&
	ok "the stacks hang from a frame saying they are estimated" ||
	bad "no label frame: $(sed -n 2p syn/ig.txt)"
# Cumulative ticks: gprof's self + children, in samples.
expect "synthesised: main" "$(cum syn/ig.txt main)" 290
# work: 239.5, and the rounding of leaf below gives it 240.
expect "synthesised: work" "$(cum syn/ig.txt work)" 240
expect "synthesised: leaf" "$(cum syn/ig.txt leaf)" 205
expect "synthesised: spin" "$(cum syn/ig.txt spin)" 55
expect "synthesised: the cycle" "$(cum syn/ig.txt '<cycle 1>')" 30
expect "synthesised: is_even" "$(cum syn/ig.txt is_even)" 30
expect "synthesised: outside every function" \
	"$(cum syn/ig.txt '<outside-any-function>')" 7
# leaf's 205 ticks: 184.5 under work, 20.5 under main, rounded so that
# they add up (the tie goes to the first frame).
n=$(grep -c 'N=(leaf))+0 V0[=(A-Z_)]*:(185,185,185)$' syn/ig.txt)
m=$(grep -c '^C3 FN[0-9]*+0 V0:(20,20,20)$' syn/ig.txt)
expect "synthesised: leaf's frames hold 185 and 20" "$n$m" 11
# Flat: one frame per function, nothing made up.
# (spin, leaf, is_even, and the samples outside every function)
expect "synthesised, flat: frames" "$(grep -c '^C1 ' syn/flat.txt)" 4
grep -q 'stacks-estimated' syn/flat.txt &&
	bad "flat dump labelled as estimated" ||
	ok "flat dump: no estimated stacks"
# Pruned and capped dumps keep every tick, in <pruned> frames.
grep -q 'N=(<pruned>)' syn/pruned.txt && grep -q 'N=(<pruned>)' syn/capped.txt &&
	ok "pruned dumps have <pruned> frames" || bad "no <pruned> frame"
expect "synthesised, pruned: frames" "$(wc -l <syn/pruned.txt)" 5

# --- Real runs.
for rt in $(demo_runtimes); do
	demo_build "$rt" "$rt"
	demo_run "$rt"
	(cd "$rt" && "$GPROF" --export=igprof --export=json:p.json demo \
		gmon.out) 2>/dev/null || bad "$rt: gprof --export=igprof failed"
	[ -f "$rt/igprof.demo.gz" ] && ok "$rt: default name igprof.demo.gz" ||
		bad "$rt: no igprof.demo.gz"
	ig_check "$rt" "$rt/igprof.demo.gz"
	want=$(python3 -c 'import json, sys
print(json.load(open(sys.argv[1]))["time"]["total_samples"])' "$rt/p.json")
	expect "$rt: ticks are the samples" "$(cum "$rt/igprof.demo.gz" TOTAL)" \
		"$want"
	"$GPROF" -b -q "$rt/demo" "$rt/gmon.out" >"$rt/q.txt" 2>/dev/null
	# The report's two rounded columns, two ticks for rounding and
	# pruning, and glibc's bin widths.
	if [ "$rt" = libgmon ]; then tol="0.013 0"; else tol="0.031 0.004"; fi
	# shellcheck disable=SC2086
	if out=$(python3 "$TOOLS/export-compare.py" igprof \
		"$rt/igprof.demo.gz" "$rt/q.txt" $tol); then
		ok "$rt: $out"
	else
		bad "$rt: cumulative ticks differ from gprof -q"
		echo "$out"
	fi
done

finish
