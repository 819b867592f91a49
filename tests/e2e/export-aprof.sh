#!/bin/sh
# export-aprof.sh - gprof --export=aprof: the strict checker accepts
# every report, and its routine table is gprof's: calls, self time,
# estimated cumulative time.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/export-lib.sh"

# ap_check NAME FILE: both readers' rules accept FILE.
ap_check () {
	if out=$($APCHECK --pyaprofplot "$2"); then
		ok "$1: $out"
	else
		bad "$1: $out"
	fi
}

# p_line FILE NAME: the p line of routine NAME.
p_line () {
	_id=$(awk -v n="\"$2\"" '$1 == "r" && $2 == n { print $NF; exit }' "$1")
	[ -n "$_id" ] && awk -v id="$_id" '$1 == "p" && $2 == id' "$1"
}

# --- The synthesised profile (export-lib.sh), in usec.
demo_build syn glibc
demo_synth syn
"$GPROF" --export=aprof:syn/s.aprof --export=aprof,bb:syn/bb.aprof \
	syn/demo syn/synth.gmon 2>/dev/null || bad "gprof --export=aprof failed"
ap_check "synthesised" syn/s.aprof
ap_check "synthesised, bb" syn/bb.aprof
head -1 syn/s.aprof | grep -q '^c ' && grep -q '^c ESTIMATED' syn/s.aprof &&
	ok "c lines say what is estimated" || bad "no c lines"
grep -q '^v 6$' syn/s.aprof && grep -q '^i rms$' syn/s.aprof &&
	grep -q '^m time-usec$' syn/s.aprof && grep -q '^k 297000$' syn/s.aprof &&
	ok "header: v 6, i rms, m time-usec, k 297000" || bad "header"
#     p ID RMS min max sum sqr occ real self self-min self-max self-sqr
expect "synthesised: leaf" "$(p_line syn/s.aprof leaf | cut -d' ' -f3-)" \
	"0 5125 5125 205000 1050625000 40 205000 205000 5125 5125 1050625000"
expect "synthesised: work" "$(p_line syn/s.aprof work | cut -d' ' -f3-)" \
	"0 59875 59875 239500 14340062500 4 239500 0 0 0 0"
expect "synthesised: main (no call: occ 1)" \
	"$(p_line syn/s.aprof main | cut -d' ' -f3-)" \
	"0 290000 290000 290000 84100000000 1 290000 0 0 0 0"
expect "synthesised: is_even (3 calls, 1 from outside its cycle)" \
	"$(p_line syn/s.aprof is_even | cut -d' ' -f3-)" \
	"0 10000 10000 30000 300000000 3 30000 30000 10000 10000 300000000"
expect "synthesised: fib has no point (no cost)" \
	"$(p_line syn/s.aprof fib)$(grep -c '^r "fib"' syn/s.aprof)" 1
grep -q '^c 7000 usec were sampled outside every function' syn/s.aprof &&
	ok "the samples outside every function are said" ||
	bad "no c line for the samples outside every function"
grep -q '^m bb-count$' syn/bb.aprof && ok "bb: m bb-count" || bad "bb: m line"
expect "synthesised, bb: main" "$(p_line syn/bb.aprof main | cut -d' ' -f6)" 1040
expect "synthesised, bb: leaf's self" \
	"$(p_line syn/bb.aprof leaf | cut -d' ' -f10)" 1000

# A routine of less than a usec per call: min is 1, the least cost
# aprof-plot accepts.
nothing=$(addr syn/demo nothing)
main=$(addr syn/demo main)
{
	cat syn/synth.txt
	sed -n 1p syn/synth.txt
	printf '  0x%x 5\n' $((nothing + 8))
	printf 'arc 0x%x 0x%x 100000\n' $((main + 24)) $((nothing + 1))
} | "$GMONMAKE" -o syn/tiny.gmon || hard_error "gmonmake failed"
"$GPROF" --export=aprof:syn/tiny.aprof syn/demo syn/tiny.gmon 2>/dev/null ||
	bad "gprof --export=aprof failed"
ap_check "tiny routine" syn/tiny.aprof
expect "tiny routine: min 1, max 1, 5000 usec in 100000 calls" \
	"$(p_line syn/tiny.aprof nothing | cut -d' ' -f3-8)" \
	"0 1 1 5000 250 100000"

# --- Real runs: the routine table against the JSON export.
for rt in $(demo_runtimes); do
	demo_build "$rt" "$rt"
	demo_run "$rt"
	(cd "$rt" && "$GPROF" --export=aprof --export=json:p.json demo \
		gmon.out) 2>/dev/null || bad "$rt: gprof --export=aprof failed"
	ap_check "$rt" "$rt/demo.aprof"
	"$GPROF" --export=aprof,bb:"$rt/x.aprof" "$rt/demo" "$rt/gmon.out" \
		>/dev/null 2>"$rt/err" && bad "$rt: aprof,bb without blocks" ||
		ok "$rt: aprof,bb needs blocks: $(cat "$rt/err")"
	if out=$(python3 - "$rt/demo.aprof" "$rt/p.json" <<'PY'
import json, sys
doc = json.load(open(sys.argv[2]))
period = 1000000 // doc["time"]["rate"]
names, points = {}, {}
for line in open(sys.argv[1]):
    t = line.split()
    if t[0] == "r":
        names[int(t[-1])] = line.split('"')[1]
    elif t[0] == "p":
        points[names[int(t[1])]] = [int(x) for x in t[3:]]
bad = n = 0
for f in doc["functions"]:
    p = points.get(f["name"])
    occ = f["calls"] + f["recursive_calls"]
    if p is None:
        continue
    n += 1
    mn, mx, sm, sqr, pocc, real, self_ = p[:7]
    if pocc != max(occ, 1) or self_ != round(f["self_samples"] * period) \
            or sm != real or sqr * pocc < sm * sm:
        bad += 1
        print("routine %s: %s, json calls %d samples %s" %
              (f["name"], p, occ, f["self_samples"]))
print("%d routines agree with the JSON export, %d differ" % (n - bad, bad))
sys.exit(1 if bad or n == 0 else 0)
PY
	); then ok "$rt: $out"; else bad "$rt: $out"; fi
done

finish
