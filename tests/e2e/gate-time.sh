#!/bin/sh
# gate-time.sh - gprof --diff-base --fail-if on time (issue 33), with
# two busy loops beside the runs (a busy CI machine): a build that
# spins twice as long in one function fails self:+20% (the runs do the
# same work: --diff-normalize=none), its line saying the samples and
# the sampling error; an A/A pair of one build never fails self:+20%
# over 20 pairs; a change within the sampling error is said, not
# failed; below the floor a time is not judged.  The program:
# tests/programs/gate-work.c (spin: N units in ten slices; steady half
# of it).
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
need_runtime
unset GMON_CONTEXT GMON_OUT_PREFIX GMON_OBJECTS GMON_RATE GMON_CLOCK

rt_cc a.exe "$PROGRAMS/gate-work.c" -O2 -pg
rt_cc s.exe "$PROGRAMS/gate-work.c" -O2 -pg -DSLOW

# Two busy loops beside the runs, as a shared CI runner has; killed at
# exit by their ids.
busy=
sh -c 'while :; do :; done' & busy="$busy $!"
sh -c 'while :; do :; done' & busy="$busy $!"
# shellcheck disable=SC2086
trap 'kill $busy 2>/dev/null; cleanup' EXIT

# --- A/A, 21 short runs (spin about 0.07 s, 70 samples: judged;
# steady half of it: under the floor of 50 samples).
i=0
while [ $i -le 20 ]; do
	mkdir a$i && (cd a$i && run_prog ../a.exe 10 5) ||
		hard_error "run $i of a.exe failed"
	i=$((i + 1))
done
# The loops' noise is in the profiles; the rest needs no load.
kill $busy 2>/dev/null
busy=
fails=0 noise=0 i=1
while [ $i -le 20 ]; do
	"$GPROF" --diff-base=a$((i - 1))/gmon.out --fail-if=self:+20% \
		--fail-if=total:+20% --diff-normalize=total a.exe a$i/gmon.out \
		>out 2>err || {
		fails=$((fails + 1)); sed 's/^/  /' err | head -5; }
	grep -q 'within sampling error: ' err && noise=$((noise + 1))
	i=$((i + 1))
done
check "A/A: self:+20% and total:+20% (normalised) pass 20 pairs ($fails failed, $noise with a change said within sampling error)" \
	test $fails = 0
fails=0 i=1
while [ $i -le 20 ]; do
	"$GPROF" --diff-base=a$((i - 1))/gmon.out --fail-if=self:+20% \
		--diff-normalize=none a.exe a$i/gmon.out >out 2>err || {
		fails=$((fails + 1)); sed 's/^/  /' err | head -5; }
	i=$((i + 1))
done
check "A/A: self:+20% as measured (explicitly) passes 20 pairs ($fails failed)" \
	test $fails = 0
echo "--- gprof --diff-base=a0/gmon.out --fail-if=self:+20% a.exe a1/gmon.out"
gate "A/A" 0 --diff-base=a0/gmon.out --fail-if=self:+20% a.exe a1/gmon.out
cat err
check "A/A: the summary says what was not judged, and the floor" \
	grep -q 'not judged (a time on fewer than 50 samples on both sides: --fail-floor)' err

# --- Twice the spin: about 0.7 s of spin against 1.4 s (without the
# busy loops: their noise is the A/A's question, and they would triple
# the time of these runs).
mkdir b s
(cd b && run_prog ../a.exe 10 45) && (cd s && run_prog ../s.exe 10 45) ||
	hard_error "the long runs failed"
AS="--diff-base=b/gmon.out --diff-base-exe=a.exe --diff-normalize=none"
echo "--- gprof $AS --fail-if=self:+20% s.exe s/gmon.out"
gate "twice the spin fails self:+20%" 3 $AS --fail-if=self:+20% \
	s.exe s/gmon.out
cat err
check "the line names spin, its seconds, samples and sampling error" \
	grep -Eq '^gprof: fail: spin: self [0-9.]+ s -> [0-9.]+ s \(\+[0-9.]+ s, \+[0-9.]+%\) over self:\+20% \(at most \+[0-9.]+ s\); on [0-9]+ and [0-9]+ samples, sampling error [0-9.]+ s: the excess is beyond 3 sigma$' err
check "spin alone crossed" test "$(grep -c ': fail: ' err)" = 1
check "spin's new time is about twice its base" awk '
	/: fail: spin: / { b = $5; n = $8; exit !(n > 1.6 * b && n < 2.4 * b) }' err
gate "... and without --diff-normalize=none too (a gate's default)" 3 \
	--diff-base=b/gmon.out --diff-base-exe=a.exe --fail-if=self:+20% \
	s.exe s/gmon.out
check "... whose summary says the times are as measured" \
	grep -q '; times as measured; exit status 3$' err
gate "... and total:+20%" 3 $AS --fail-if=spin:total:+20% s.exe s/gmon.out
gate "... but not steady:self:+20%" 0 $AS --fail-if=steady:self:+20% \
	s.exe s/gmon.out
gate "... nor spin:self:+150%" 0 $AS --fail-if=spin:self:+150% \
	s.exe s/gmon.out
gate "... nor an absolute self:+5s" 0 $AS --fail-if=self:+5s s.exe s/gmon.out
gate "... which at +0.1s it fails" 3 $AS --fail-if=spin:self:+0.1s \
	s.exe s/gmon.out
gate "above a floor of 1000000 samples nothing is judged" 0 $AS \
	--fail-if=self:+20% --fail-floor=1000000 s.exe s/gmon.out
check "... and the lines say so" grep -q '0 crossed, 0 within sampling error (3 sigma), 0 passed, [1-9][0-9]* not judged (a time on fewer than 1000000 samples' err

# Within sampling error: a short A/B (spin 4 units against 8: about 60
# samples against 120, over the floor) crosses +20% by less than 3
# sigma of samples that few (0.05 s against about 0.12).
mkdir c t
(cd c && run_prog ../a.exe 10 4) && (cd t && run_prog ../s.exe 10 4) ||
	hard_error "the short runs failed"
gate "a short A/B: within sampling error, not failed" 0 \
	--diff-base=c/gmon.out --diff-base-exe=a.exe --diff-normalize=none \
	--fail-if=spin:self:+20% s.exe t/gmon.out
cat err
check "... and said so, with the samples" grep -Eq '^gprof: within sampling error: spin: self .* on [0-9]+ and [0-9]+ samples, sampling error [0-9.]+ s: the excess is within 3 sigma$' err

finish
