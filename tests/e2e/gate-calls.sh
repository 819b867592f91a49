#!/bin/sh
# gate-calls.sh - gprof --diff-base --fail-if on call counts (issue 33):
# A/A (two runs of one build) passes calls:+0% every time over 20
# runs; A/B (a build that calls helper once more per item) fails it
# with status 3 and names helper, passes calls:+150% and a gate on
# another function; absolute thresholds are exact at the boundary; a
# function new in the profile is a new call; a base of another build
# needs its executable (--diff-base-exe) and says so; a base summed
# from 20 runs (gprof -s) against 20 runs; the JSON diff's verdicts;
# bad SPECs are usage errors.  The program: tests/programs/gate-work.c.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
need_runtime
unset GMON_CONTEXT GMON_OUT_PREFIX GMON_OBJECTS GMON_RATE GMON_CLOCK

rt_cc a.exe "$PROGRAMS/gate-work.c" -O2 -pg
rt_cc b.exe "$PROGRAMS/gate-work.c" -O2 -pg -DEXTRA
rt_cc f.exe "$PROGRAMS/gate-work.c" -O2 -pg -DFRESH
i=0
while [ $i -le 20 ]; do
	mkdir a$i && (cd a$i && run_prog ../a.exe 1000 0) ||
		hard_error "run $i of a.exe failed"
	i=$((i + 1))
done
mkdir b1 f1 && (cd b1 && run_prog ../b.exe 1000 0) &&
	(cd f1 && run_prog ../f.exe 1000 0) || hard_error "a run failed"

# --- A/A: 20 pairs of runs of one build.
fails=0 i=1
while [ $i -le 20 ]; do
	"$GPROF" --diff-base=a$((i - 1))/gmon.out --fail-if=calls:+0% \
		a.exe a$i/gmon.out >out 2>err || {
		fails=$((fails + 1)); sed 's/^/  /' err | head -5; }
	i=$((i + 1))
done
check "A/A: calls:+0% passes 20 pairs of runs of one build ($fails failed)" \
	test $fails = 0
echo "--- gprof --diff-base=a0/gmon.out --fail-if=calls:+0% a.exe a1/gmon.out"
gate "A/A" 0 --diff-base=a0/gmon.out --fail-if=calls:+0% a.exe a1/gmon.out
cat err
check "A/A: no line of failure" test -z "$(grep ': fail: ' err)"
check "A/A: the summary: 4 functions checked, none crossed" \
	grep -q '^gprof: gate: 1 threshold on 4 functions, 4 verdicts: 0 crossed, .* exit status 0$' err

# --- A/B: helper called twice per item.
AB="--diff-base=a0/gmon.out --diff-base-exe=a.exe"
echo "--- gprof $AB --fail-if=calls:+0% b.exe b1/gmon.out"
gate "A/B fails calls:+0%" 3 $AB --fail-if=calls:+0% b.exe b1/gmon.out
cat err
check "A/B: the line names helper, base, new, delta and the threshold" \
	grep -qx 'gprof: fail: helper: calls 1000 -> 2000 (+1000, +100.0%) over calls:+0% (at most +0)' err
check "A/B: helper alone crossed" test "$(grep -c ': fail: ' err)" = 1
check "A/B: the summary says 1 crossed and the status" \
	grep -q '^gprof: gate: 1 threshold on 4 functions, 4 verdicts: 1 crossed, .* exit status 3$' err
check "A/B: the table is printed all the same" grep -q ' helper$' out
gate "A/B passes calls:+150%" 0 $AB --fail-if=calls:+150% b.exe b1/gmon.out
gate "A/B passes calls:+100% (not more than allowed)" 0 $AB \
	--fail-if=calls:+100% b.exe b1/gmon.out
gate "A/B fails calls:+99.9%" 3 $AB --fail-if=calls:+99.9% b.exe b1/gmon.out
gate "A/B passes a gate on another function, other:calls:+0%" 0 $AB \
	--fail-if=other:calls:+0% b.exe b1/gmon.out
check "... which checked other alone" \
	grep -q 'gate: 1 threshold on 1 function, 1 verdict: 0 crossed' err
gate "A/B fails helper:calls:+0%" 3 $AB --fail-if=helper:calls:+0% \
	b.exe b1/gmon.out
gate "A/B passes calls:+1000 (absolute, exact)" 0 $AB \
	--fail-if=calls:+1000 b.exe b1/gmon.out
gate "A/B fails calls:+999" 3 $AB --fail-if=calls:+999 b.exe b1/gmon.out
gate "repeatable: one of two rules crossed fails" 3 $AB \
	--fail-if=other:calls:+0% --fail-if=helper:calls:+50% b.exe b1/gmon.out
check "... and the line names the rule crossed" \
	grep -q '^gprof: fail: helper: .* over helper:calls:+50% (at most +500)$' err
gate "a gate on a function of neither profile checks nothing" 0 $AB \
	--fail-if=nosuch:calls:+0% b.exe b1/gmon.out
check "... and says so" grep -q "warning: --fail-if=nosuch:calls:+0%: no function \`nosuch' in either profile" err

# A function new in the profile: its calls are all new.
gate "a new function fails calls:+0%" 3 --diff-base=a0/gmon.out \
	--diff-base-exe=a.exe --fail-if=calls:+0% f.exe f1/gmon.out
check "... named, its percent 'new'" \
	grep -qx 'gprof: fail: fresh: calls 0 -> 1000 (+1000, new) over calls:+0% (at most +0)' err
gate "... and calls:+150% (any rise from none)" 3 --diff-base=a0/gmon.out \
	--diff-base-exe=a.exe --fail-if=calls:+150% f.exe f1/gmon.out
gate "... but not an absolute calls:+1000" 0 --diff-base=a0/gmon.out \
	--diff-base-exe=a.exe --fail-if=calls:+1000 f.exe f1/gmon.out
gate "a function gone (the base is f) passes calls:+0%" 0 \
	--diff-base=f1/gmon.out --diff-base-exe=f.exe --fail-if=calls:+0% \
	a.exe a1/gmon.out

# Another build without its executable: refused, naming the option.
gate "a base of another build read with the new executable is refused" 1 \
	--diff-base=a0/gmon.out --fail-if=calls:+0% b.exe b1/gmon.out
check "... the note names --diff-base-exe" grep -q 'note: a base profile (--diff-base) of another build is read with that build.s executable: --diff-base-exe=EXE' err

# --- A base of 20 runs (gprof -s) against 20 runs.
"$GPROF" -s a.exe a1/gmon.out a2/gmon.out a3/gmon.out a4/gmon.out \
	a5/gmon.out a6/gmon.out a7/gmon.out a8/gmon.out a9/gmon.out \
	a10/gmon.out a11/gmon.out a12/gmon.out a13/gmon.out a14/gmon.out \
	a15/gmon.out a16/gmon.out a17/gmon.out a18/gmon.out a19/gmon.out \
	a20/gmon.out 2>err || bad "gprof -s failed: $(cat err)"
check "gprof -s wrote gmon.sum" test -s gmon.sum
mkdir bs
i=1
while [ $i -le 20 ]; do
	(cd bs && run_prog ../b.exe 1000 0 && mv gmon.out b$i.out) ||
		hard_error "run $i of b.exe failed"
	i=$((i + 1))
done
gate "gmon.sum of 20 runs against 20 runs of the same build: pass" 0 \
	--diff-base=gmon.sum --fail-if=calls:+0% a.exe a0/gmon.out \
	a1/gmon.out a2/gmon.out a3/gmon.out a4/gmon.out a5/gmon.out \
	a6/gmon.out a7/gmon.out a8/gmon.out a9/gmon.out a10/gmon.out \
	a11/gmon.out a12/gmon.out a13/gmon.out a14/gmon.out a15/gmon.out \
	a16/gmon.out a17/gmon.out a18/gmon.out a19/gmon.out
gate "gmon.sum of 20 runs against 20 runs of B: helper fails" 3 \
	--diff-base=gmon.sum --diff-base-exe=a.exe --fail-if=calls:+0% \
	b.exe bs/*.out
check "... 20000 -> 40000" grep -qx 'gprof: fail: helper: calls 20000 -> 40000 (+20000, +100.0%) over calls:+0% (at most +0)' err

# --- The verdicts in the JSON diff, and the diff they rest on.
gate "JSON: A/B" 3 $AB --fail-if=calls:+0% --fail-if=other:calls:+0% \
	--diff-format=json b.exe b1/gmon.out
check "JSON: a gate and a verdict per function and rule; deltas whole" python3 -c "
import json
d = json.load (open ('out'))
g = d['gate']
assert g['status'] == 3 and g['crossed'] == 1, g
assert g['rules'] == ['calls:+0%', 'other:calls:+0%'], g['rules']
v = d['verdicts']
assert len (v) == 5, v
assert v[0]['verdict'] == 'fail' and v[0]['function'] == 'helper', v[0]
assert v[0]['base'] == 1000 and v[0]['new'] == 2000 and v[0]['delta'] == 1000
assert v[0]['percent'] == 100 and v[0]['allowed'] == 0, v[0]
assert v[0]['samples'] is None and v[0]['sampling_error'] is None
assert all (x['verdict'] == 'pass' for x in v[1:]), v
for f in d['functions']:
    for k in ('self_seconds', 'total_seconds', 'calls'):
        c = f[k]
        assert abs (c['delta'] - (c['new'] - c['base'])) <= 1e-6, (f, k)
        if c['base']:
            p = 100 * (c['new'] - c['base']) / c['base']
            assert abs (c['percent'] - p) <= 1e-3 * max (1, abs (p)), (f, k)
        else:
            assert c['percent'] is None, (f, k)
"
"$GPROF" --diff-base=a0/gmon.out --diff-format=json a.exe a1/gmon.out \
	>plain.json 2>err || bad "JSON without --fail-if failed: $(cat err)"
check "JSON without --fail-if has no verdicts" python3 -c "
import json
d = json.load (open ('plain.json'))
assert 'verdicts' not in d and 'gate' not in d, d.keys ()
"

# --- Usage errors: status 1, the option and what is wrong.
usage () {
	gate "--fail-if=$1 is a usage error" 1 --diff-base=a0/gmon.out \
		--fail-if="$1" a.exe a1/gmon.out
	check "... saying '$2'" grep -q -- "^gprof: --fail-if=$1: $2" err
}
usage calls 'no METRIC:'
usage calls:5% 'the threshold must be an increase'
usage time:+5% "unknown metric \`time' (calls, self or total)"
usage self:+5 'a time needs a unit: +N% or +Ns'
usage calls:+1s 'calls are counts'
usage calls:+x% 'no number after the +'
usage calls:+5%x 'the threshold ends in neither'
usage main.c:main:calls:+0% 'a file or a line names no row'
gate "--fail-if without --diff-base is an error" 1 --fail-if=calls:+0% \
	a.exe a1/gmon.out
check "... saying so" grep -q 'fail-if judges a comparison: it needs --diff-base' err
gate "--fail-floor=-1 is an error" 1 --diff-base=a0/gmon.out \
	--fail-if=self:+5% --fail-floor=-1 a.exe a1/gmon.out
gate "--export=junit without --fail-if is an error" 1 \
	--diff-base=a0/gmon.out --export=junit:x.xml a.exe a1/gmon.out
check "... saying so" grep -q 'junit writes the verdicts of --fail-if, which is not given' err
"$GPROF" --help >help.txt || bad "gprof --help failed"
check "--help says the gate's status" grep -q 'fail-if=.*exit with status 3' help.txt

finish
