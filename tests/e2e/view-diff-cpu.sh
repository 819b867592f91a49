#!/bin/sh
# view-diff-cpu.sh - gprof --diff-base calls a run's CPU time what the
# process took, from libgmon's companion, and scales the base by it;
# without a companion (glibc's runtime, an object directory taken away)
# it says the seconds are those sampled in the program and scales by
# them (issue 28, item 4).  The program (tests/programs/views-cpu.c)
# spends most of its time in libm, which a report without --objects
# leaves out, and prints its own CPU time (getrusage) at the end of
# main: the oracle.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
need_runtime
unset GMON_CONTEXT GMON_OUT_PREFIX GMON_OBJECTS GMON_RATE GMON_CLOCK

# near DESC GOT WANT: GOT, the CPU time a header says, is the process's
# CPU time WANT (measured at the end of main; the dump after it takes
# a little more): no less, and at most 0.1 s and a fifth more.
near () {
	if awk -v g="$2" -v w="$3" 'BEGIN { num = "^[0-9]+([.][0-9]*)?$"
		exit !(g ~ num && w ~ num && g >= w - 0.006 &&
		       g <= w * 1.2 + 0.1) }'; then
		ok "$1 ($2 s; the program measured $3 s)"
	else
		bad "$1 ($2 s, not the $3 s of CPU the program measured)"
	fi
}

# below DESC A B: A is less than half of B.
below () {
	if awk -v a="$2" -v b="$3" 'BEGIN { exit !(a != "" && b > 0 && a < b / 2) }'; then
		ok "$1 ($2 < $3 / 2)"
	else
		bad "$1 ($2 is not below $3 / 2)"
	fi
}

# json FILE EXPR: EXPR of the JSON document FILE (d), printed.
json () {
	python3 -c "import json, sys; d = json.load (open (sys.argv[1])); print ($2)" "$1"
}

RT_LIBS=-lm rt_cc cpu.exe "$PROGRAMS/views-cpu.c" -O2 -pg
mkdir b n
(cd b && ../cpu.exe 10 >out) || hard_error "base run failed"
(cd n && ../cpu.exe 20 >out) || hard_error "new run failed"
cb=$(sed -n 's/^cpu //p' b/out)
cn=$(sed -n 's/^cpu //p' n/out)
[ -n "$cb" ] && [ -n "$cn" ] || hard_error "no CPU time printed: $(cat b/out n/out)"
[ -f b/gmon.out-objs/objects.gmonx ] && [ -f n/gmon.out-objs/objects.gmonx ] ||
	hard_error "no companion beside the profiles"

# With the companions: the processes' CPU time, the factor their ratio.
"$GPROF" --diff-base=b/gmon.out cpu.exe n/gmon.out >cpu.txt 2>err ||
	bad "gprof --diff-base failed: $(cat err)"
echo "--- gprof --diff-base=b/gmon.out cpu.exe n/gmon.out (the runs measured $cb s and $cn s)"
sed -n '1,8p' cpu.txt
near "the header's base CPU time" \
	"$(sed -n 's/^base: \([0-9.]*\) seconds of CPU.*/\1/p' cpu.txt)" "$cb"
near "the header's new CPU time" \
	"$(sed -n 's/^new: \([0-9.]*\) seconds of CPU (.*/\1/p' cpu.txt)" "$cn"
sb=$(sed -n 's/^base: .* (\([0-9.]*\) sampled in the program), 1000 Hz;$/\1/p' cpu.txt)
below "the base's seconds sampled in the program are said as such, a part of its CPU time" "$sb" "$cb"
check "the factor is said to be the ratio of the CPU times" \
	grep -q 'scaled by [0-9.]* (new CPU time / base CPU time)' cpu.txt
check "no sentence on a missing CPU time" test -z "$(grep 'not known' cpu.txt)"
"$GPROF" --diff-base=b/gmon.out --diff-format=json cpu.exe n/gmon.out \
	>cpu.json 2>err || bad "--diff-format=json failed: $(cat err)"
near "JSON: the base's cpu_seconds" "$(json cpu.json "d['base']['cpu_seconds']")" "$cb"
near "JSON: the new cpu_seconds" "$(json cpu.json "d['new']['cpu_seconds']")" "$cn"
check "JSON: scaled by the CPU times, base_scale their ratio" python3 -c "
import json
d = json.load (open ('cpu.json'))
assert d['scaled_by'] == 'cpu_seconds', d['scaled_by']
k = d['new']['cpu_seconds'] / d['base']['cpu_seconds']
assert abs (d['base_scale'] - k) < 1e-6 * k, (d['base_scale'], k)
assert d['base']['seconds'] < d['base']['cpu_seconds'] / 2, d['base']
"
# --objects: the samples are the process's, the header says so.
"$GPROF" --objects --diff-base=b/gmon.out cpu.exe n/gmon.out >obj.txt 2>err ||
	bad "gprof --objects --diff-base failed: $(cat err)"
check "--objects: the seconds are sampled in the process" \
	grep -q '^base: [0-9.]* seconds of CPU ([0-9.]* sampled in the process), 1000 Hz;$' obj.txt
near "--objects: the header's base CPU time" \
	"$(sed -n 's/^base: \([0-9.]*\) seconds of CPU.*/\1/p' obj.txt)" "$cb"
# --no-overhead: libgmon's own samples left out of the CPU times too
# (each side's by exactly its [profiling-overhead] seconds), and the
# header says so: a program that makes tens of millions of calls,
# which libgmon's mcount counts.
cat >calls.c <<'EOF2'
#include <stdlib.h>
__attribute__ ((noipa)) long leaf (long x) { return x * 3 + 1; }
int
main (int argc, char **argv)
{
	long n = atol (argv[1]), i, s = 0;

	for (i = 0; i < n; i++)
		s += leaf (i);
	return s == 42;
}
EOF2
rt_cc calls.exe calls.c -O2 -pg
mkdir ob on
(cd ob && ../calls.exe 30000000) || hard_error "calls: base run failed"
(cd on && ../calls.exe 60000000) || hard_error "calls: new run failed"
"$GPROF" --objects --diff-base=ob/gmon.out --diff-format=json calls.exe \
	on/gmon.out >objall.json 2>err || bad "--objects JSON failed: $(cat err)"
"$GPROF" --objects --no-overhead --diff-base=ob/gmon.out \
	--diff-format=json calls.exe on/gmon.out >objno.json 2>err ||
	bad "--objects --no-overhead JSON failed: $(cat err)"
"$GPROF" --objects --no-overhead --diff-base=ob/gmon.out calls.exe \
	on/gmon.out >objno.txt 2>err || bad "--no-overhead failed: $(cat err)"
check "--no-overhead: the header says the CPU time is less libgmon's own" \
	grep -q "^base: [0-9.]* seconds of CPU less libgmon's own ([0-9.]* sampled in the process), 1000 Hz;\$" objno.txt
for side in ob on; do
	"$GPROF" -b -p --objects calls.exe $side/gmon.out >$side-flat.txt 2>/dev/null
	over=$(awk '$NF == "[profiling-overhead]" { print $3; exit }' $side-flat.txt)
	key=$([ $side = ob ] && echo base || echo new)
	check "--no-overhead: $key's cpu_seconds less its overhead (${over:-none} s)" python3 -c "
import json, sys
a = json.load (open ('objall.json'))['$key']
n = json.load (open ('objno.json'))['$key']
o = float ('${over:-0}')
assert o > 0, 'no overhead sampled'
assert a['cpu_less_overhead'] is False and n['cpu_less_overhead'] is True, (a, n)
assert abs ((a['cpu_seconds'] - n['cpu_seconds']) - o) < 0.0051, (a, n, o)
"
done

# Without companions: no CPU time is claimed; the seconds are the
# program's samples, and the factor their ratio.
mv b/gmon.out-objs b-objs
mv n/gmon.out-objs n-objs
"$GPROF" --diff-base=b/gmon.out cpu.exe n/gmon.out >none.txt 2>err ||
	bad "gprof --diff-base without companions failed: $(cat err)"
echo "--- the same without the companions"
sed -n '1,9p' none.txt
check "no companion: no CPU time claimed" test -z "$(grep 'seconds of CPU' none.txt)"
check "no companion: the base's seconds are sampled in the program, its CPU time not known" \
	grep -q '^base: [0-9.]* seconds sampled in the program, 1000 Hz (CPU time not known: no companion of its run);$' none.txt
below "no companion: the seconds said are not the base's CPU time" \
	"$(sed -n 's/^base: \([0-9.]*\) seconds sampled in the program.*/\1/p' none.txt)" "$cb"
check "no companion: the factor is said to be the ratio of the seconds sampled" \
	grep -q 'scaled by [0-9.]* (new seconds sampled /$' none.txt
"$GPROF" --diff-base=b/gmon.out --diff-format=json cpu.exe n/gmon.out \
	>none.json 2>err || bad "--diff-format=json failed: $(cat err)"
check "no companion, JSON: cpu_seconds null, scaled by the seconds sampled" python3 -c "
import json
d = json.load (open ('none.json'))
assert d['base']['cpu_seconds'] is None and d['new']['cpu_seconds'] is None, d
assert d['scaled_by'] == 'seconds', d['scaled_by']
k = d['new']['seconds'] / d['base']['seconds']
assert abs (d['base_scale'] - k) < 1e-6 * k, (d['base_scale'], k)
"
# One side with its companion: its CPU time is said, but the factor
# is of what both sides have.
mv n-objs n/gmon.out-objs
"$GPROF" --diff-base=b/gmon.out cpu.exe n/gmon.out >one.txt 2>err ||
	bad "gprof --diff-base, one companion, failed: $(cat err)"
near "one companion: the new CPU time" \
	"$(sed -n 's/^new: \([0-9.]*\) seconds of CPU (.*/\1/p' one.txt)" "$cn"
check "one companion: scaled by the seconds sampled" \
	grep -q 'scaled by [0-9.]* (new seconds sampled /$' one.txt

# A base written by glibc's runtime: the same words as without a
# companion.
$CC -O2 -pg -o glibc.exe "$PROGRAMS/views-cpu.c" -lm || hard_error "cannot build glibc.exe"
mkdir g
(cd g && ../glibc.exe 10 >out) || hard_error "glibc run failed"
[ -f g/gmon.out ] || hard_error "glibc's runtime wrote no gmon.out"
"$GPROF" --diff-base=g/gmon.out --diff-base-exe=glibc.exe cpu.exe n/gmon.out \
	>g.txt 2>err || bad "gprof --diff-base with glibc's base failed: $(cat err)"
check "glibc's base: its seconds are sampled in the program, at 100 Hz" \
	grep -q '^base: [0-9.]* seconds sampled in the program, 100 Hz (CPU time not known' g.txt
below "glibc's base: the seconds said are not its CPU time" \
	"$(sed -n 's/^base: \([0-9.]*\) seconds sampled.*/\1/p' g.txt)" "$(sed -n 's/^cpu //p' g/out)"

finish
