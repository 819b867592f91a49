#!/bin/sh
# export-callgrind.sh - gprof --export=callgrind: callgrind_annotate
# reads every file with no warning, and its totals and inclusive costs
# are gprof's; the strict checker (KCachegrind's rules too) passes.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/export-lib.sh"
command -v callgrind_annotate >/dev/null ||
	need_tool "callgrind_annotate (package valgrind)" "it reads our files"

# cg_check NAME FILE: the strict checker and callgrind_annotate (into
# FILE.ann) both accept FILE.
cg_check () {
	if out=$($CGCHECK "$2"); then ok "$1: $out"; else bad "$1: $out"; fi
	if annotate "$2" "$2.ann"; then
		ok "$1: callgrind_annotate reads it without a warning"
	else
		bad "$1: callgrind_annotate warns or fails"
	fi
}

# --- A synthesised profile: every number is known (export-lib.sh).
demo_build syn glibc
demo_synth syn
"$GPROF" --export=callgrind:syn/cg.out syn/demo syn/synth.gmon \
	2>syn/err || bad "gprof --export=callgrind failed: $(cat syn/err)"
cg_check "synthesised" syn/cg.out
expect "synthesised: total (usec)" "$(cg_total syn/cg.out.ann)" 297000
expect "synthesised: main, inclusive" "$(cg_incl syn/cg.out.ann main)" 290000
expect "synthesised: work, inclusive" "$(cg_incl syn/cg.out.ann work)" 239500
expect "synthesised: leaf, inclusive" "$(cg_incl syn/cg.out.ann leaf)" 205000
expect "synthesised: spin, inclusive" "$(cg_incl syn/cg.out.ann spin)" 55000
expect "synthesised: is_even (its cycle), inclusive" \
	"$(cg_incl syn/cg.out.ann is_even)" 30000
expect "synthesised: outside every function" \
	"$(cg_incl syn/cg.out.ann '???')" 7000
# Basic-block counts are the second event, carried up the same way.
expect "synthesised: main, blocks" "$(awk '/:main \[/ { n = $3;
	gsub(",", "", n); print n; exit }' syn/cg.out.ann)" 1040
grep -q '^summary: 297000 1040$' syn/cg.out &&
	grep -q '^totals: 297000 1040$' syn/cg.out &&
	ok "synthesised: summary and totals are every sample and block" ||
	bad "synthesised: summary or totals"
# main calls leaf from two places, 1 and 3 times: leaf's 20500 usec
# for main split 5125 and 15375, its 100 blocks 25 and 75.
n=$(grep -c -E '^0x[0-9a-f]+ [0-9]+ (5125 25|15375 75)$' syn/cg.out)
expect "synthesised: two call sites of main -> leaf" "$n" 2
# Calls within the cycle, and fib's recursion, cost nothing.
n=$(awk '/^calls=/ { c = 1; next } c { print $3; c = 0 }' syn/cg.out |
	grep -c '^0$')
expect "synthesised: calls costing 0 (fib, main -> fib, cycle)" "$n" 4
# Every cfn= follows a cfi= (the checker too, but it is the rule that
# matters most for callgrind_annotate).
n=$(awk '/^cfn=/ && prev !~ /^cfi=/ { n++ } { prev = $0 } END { print n + 0 }' \
	syn/cg.out)
expect "synthesised: cfn= lines without a cfi= before them" "$n" 0

# The same at line level, and with symspecs.
"$GPROF" -l --export=callgrind:syn/lines.out syn/demo syn/synth.gmon \
	2>/dev/null || bad "gprof -l --export=callgrind failed"
cg_check "synthesised, -l" syn/lines.out
expect "synthesised, -l: total" "$(cg_total syn/lines.out.ann)" 297000
expect "synthesised, -l: main" "$(cg_incl syn/lines.out.ann main)" 290000
# -P spin: its time is out of the profile, as out of the flat profile
# (which -Pspin asks for too).
"$GPROF" -Pspin --export=callgrind:syn/nospin.out syn/demo syn/synth.gmon \
	>syn/nospin.txt 2>/dev/null || bad "gprof -Pspin --export=callgrind failed"
grep -q '^Flat profile:' syn/nospin.txt &&
	ok "synthesised, -Pspin: the flat profile is printed too" ||
	bad "synthesised, -Pspin: no flat profile"
cg_check "synthesised, -Pspin" syn/nospin.out
expect "synthesised, -Pspin: total" "$(cg_total syn/nospin.out.ann)" 242000
expect "synthesised, -Pspin: work" "$(cg_incl syn/nospin.out.ann work)" 184500
grep -q '^desc: Excluded: 55000 usec sampled in functions the flat profile leaves out' \
	syn/nospin.out && ok "synthesised, -Pspin: the file says what it left out" ||
	bad "synthesised, -Pspin: no desc: Excluded: line"
# -k main/leaf: without that arc, work carries all of leaf.
"$GPROF" -k main/leaf --export=callgrind:syn/k.out syn/demo syn/synth.gmon \
	2>/dev/null || bad "gprof -k --export=callgrind failed"
cg_check "synthesised, -k main/leaf" syn/k.out
expect "synthesised, -k main/leaf: work" "$(cg_incl syn/k.out.ann work)" 260000
expect "synthesised, -k main/leaf: main" "$(cg_incl syn/k.out.ann main)" 290000

# --- Real runs.
for rt in $(demo_runtimes); do
	demo_build "$rt" "$rt"
	demo_run "$rt"
	(cd "$rt" && "$GPROF" --export=callgrind:cg.out \
		--export=json:p.json demo gmon.out) 2>"$rt/err" ||
		bad "$rt: gprof --export failed: $(cat "$rt/err")"
	cg_check "$rt" "$rt/cg.out"
	"$GPROF" -b -q "$rt/demo" "$rt/gmon.out" >"$rt/q.txt" 2>/dev/null
	# Every sample, in usec.
	want=$(python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))["time"]
print(round(d["total_samples"] * 1000000 // d["rate"]))' "$rt/p.json")
	expect "$rt: total is every sample" "$(cg_total "$rt/cg.out.ann")" "$want"
	# libgmon's bins are whole units: gprof's times are the samples and
	# agree to the printed digit; glibc's are a little narrower than
	# gprof divides by (see samples.c).
	if [ "$rt" = libgmon ]; then tol="0.0101 0"; else tol="0.011 0.004"; fi
	# shellcheck disable=SC2086
	if out=$(python3 "$TOOLS/export-compare.py" callgrind \
		"$rt/cg.out.ann" "$rt/q.txt" $tol); then
		ok "$rt: $out"
	else
		bad "$rt: inclusive costs differ from gprof -q"
		echo "$out"
	fi
	# The call instructions are found in the machine code.
	sites=$(sed -n 's/^desc: Sites: \([0-9]*\) of \([0-9]*\) .*/\1 \2/p' \
		"$rt/cg.out")
	set -- $sites
	if [ $# -eq 2 ] && [ "$1" = "$2" ] && [ "$1" -gt 0 ]; then
		ok "$rt: all $1 call sites found"
	else
		bad "$rt: call sites found: '$sites'"
	fi
	# gzip'ed, for KCachegrind (callgrind_annotate cannot read it).
	(cd "$rt" && "$GPROF" --export=callgrind:cgz.out.gz demo gmon.out) \
		2>/dev/null || bad "$rt: gzip export failed"
	gzip -dc "$rt/cgz.out.gz" >"$rt/cgz" && cmp -s "$rt/cgz" "$rt/cg.out" &&
		ok "$rt: the .gz export is the same file, compressed" ||
		bad "$rt: the .gz export differs"
done

# --- Code inlined from a header: with -l its lines go under fi= (the
# header) and back, and both readers still see one caller.
mkdir inl
cat >inl/hot.h <<'EOT'
static inline double hot (int n)
{
	double s = 0;
	for (int i = 0; i < n; i++)
		s += i * 0.5 / (i + 1.0);
	return s;
}
EOT
cat >inl/main.c <<'EOT'
#include "hot.h"
volatile double sink;
__attribute__ ((noinline)) void work (int n)
{
	for (int k = 0; k < 20; k++)
		sink += hot (n + k);
}
int main (void)
{
	for (int i = 0; i < 12; i++)
		work (1000000);
	return 0;
}
EOT
$CC -pg -g -O2 -o inl/m inl/main.c || hard_error "cannot compile inl/main.c"
(cd inl && ./m) || hard_error "inl/m failed"
"$GPROF" -l --export=callgrind:inl/cg.out inl/m inl/gmon.out 2>/dev/null ||
	bad "inline: export failed"
cg_check "inline, -l" inl/cg.out
if grep -q '^fi=([0-9]*) .*/hot.h$' inl/cg.out; then
	ok "inline: the header's lines are under fi="
	expect "inline: main.c:work, inclusive" \
		"$(cg_incl inl/cg.out.ann work)" "$(cg_total inl/cg.out.ann)"
else
	# gcc placed no sample in the header's lines: nothing to check.
	partial_skip "inline: no sample in hot.h (gcc's line table?):" \
		"fi= not exercised"
fi

# --- KCachegrind loads every file whose name extends the one opened:
# gprof refuses to write such a name next to another callgrind file.
mkdir names
"$GPROF" --export=callgrind:names/callgrind.out.x syn/demo syn/synth.gmon \
	2>/dev/null || bad "writing names/callgrind.out.x failed"
for n in callgrind.out.x2 callgrind.out callgrind.out.x.gz; do
	if "$GPROF" --export=callgrind:names/$n syn/demo syn/synth.gmon \
		2>names/err; then
		bad "names/$n was written next to callgrind.out.x"
	elif grep -q "KCachegrind would load it together" names/err; then
		ok "names/$n refused: $(grep KCachegrind names/err)"
	else
		bad "names/$n refused for another reason: $(cat names/err)"
	fi
done
echo 'not a callgrind file' >names/callgrind.out.y.txt
"$GPROF" --export=callgrind:names/callgrind.out.y syn/demo syn/synth.gmon \
	2>/dev/null && ok "a name extended by a file that is no callgrind file" ||
	bad "names/callgrind.out.y refused"
"$GPROF" --export=callgrind:names/callgrind.out.x syn/demo syn/synth.gmon \
	2>/dev/null && ok "overwriting the same name" ||
	bad "overwriting names/callgrind.out.x refused"

# --- A sample in the PLT: GNU's rule charges it to _init (a function
# ends where the next begins), whose range runs from .init through the
# PLT, outside .text; its cost line is at the start of the PLT entry's
# instruction, as objdump decodes the section (it was at the sample's
# bin, inside the instruction: KCachegrind's "cost lines without
# machine code").
mkdir plt
cat >plt/p.c <<'EOS'
#include <stdio.h>
int main (void) { puts ("x"); return 0; }
EOS
if $CC -pg -O2 -no-pie -o plt/p plt/p.c 2>plt/cc.err; then
	objdump -d plt/p >plt/p.dis
	ent=$(awk '/<puts@plt>:$/ { sub (/^0+/, "", $1); print $1; exit }' plt/p.dis)
	init=$(awk '/<_init>:$/ { print $1; exit }' plt/p.dis)
	main=$(sym_addr plt/p main)
	if [ -n "$ent" ] && [ -n "$init" ] && [ -n "$main" ]; then
		# Bins of 2 bytes from _init to past main; one sample 4
		# bytes into the entry (inside its first instruction), one
		# in main.
		lo=$(printf '0x%x' $((0x$init)))
		hi=$(printf '0x%x' $((0x$main + 64)))
		printf 'hist %s %s bins=%d rate=100\n  0x%x 1\n  0x%x 1\n' \
			"$lo" "$hi" $(((0x$main + 64 - 0x$init) / 2)) \
			$((0x$ent + 4)) $((0x$main)) |
			"$GMONMAKE" -o plt/gmon.out ||
			hard_error "gmonmake cannot write plt/gmon.out"
		"$GPROF" --export=callgrind:plt/cg.out plt/p plt/gmon.out \
			>/dev/null 2>plt/err ||
			bad "the PLT profile: gprof failed: $(cat plt/err)"
		got=$(awk '/^fn=.* _init$/ { f = 1; next } /^fn=/ { f = 0 }
			f && /^0x/ { print $1; exit }' plt/cg.out)
		expect "a sample in puts@plt: _init's cost line at the entry's start" \
			"$got" "0x$ent"
	else
		bad "the PLT program: no puts@plt, _init or main in objdump -d"
	fi
else
	partial_skip "cannot link a -no-pie program: $(head -c 200 plt/cc.err)"
fi

finish
