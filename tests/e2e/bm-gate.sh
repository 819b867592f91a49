#!/bin/sh
# bm-gate.sh - gprof --fail-if on a firmware (issue 33, item 5): the
# test program of the bare-metal tests (tests/programs/bm/calls.c) run
# under QEMU's -icount, where every run is the same run and even the
# histogram is exact: two runs of one build pass calls:+0% and
# self:+0%; a build whose main loop turns a tenth more
# (-DCALLS_N=22000) fails calls:+0% with status 3, naming leaf and
# tenth; one that calls hot twice as often (-DCALLS_HOT=400) fails
# self:+20% on hot's time, each sample independent (--fail-tick=0: the
# firmware's timer interrupts at its rate, and -icount makes even that
# exact), and is only within sampling error when they are taken to
# come in clumps of a slow tick (--fail-tick=10: 100 samples each).
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/bm-lib.sh"

for b in $bm_boards; do
	bm_board "$b"
	bm_build a-$b -- "$BM_PROGRAMS/calls.c"
	bm_build n-$b -DCALLS_N=22000 -- "$BM_PROGRAMS/calls.c"
	bm_build h-$b -DCALLS_HOT=400 -- "$BM_PROGRAMS/calls.c"
	for r in a1 a2; do
		bm_run $r-$b "$work/a-$b" $BM_ICOUNT
		[ "$bm_status" = 0 ] || hard_error "$b: $r: exit $bm_status"
	done
	bm_run n1-$b "$work/n-$b" $BM_ICOUNT
	[ "$bm_status" = 0 ] || hard_error "$b: n1: exit $bm_status"
	bm_run h1-$b "$work/h-$b" $BM_ICOUNT
	[ "$bm_status" = 0 ] || hard_error "$b: h1: exit $bm_status"

	gate "$b: A/A under -icount passes calls:+0% and self:+0%" 0 \
		--diff-base=a1-$b/gmon.out --diff-normalize=none \
		--fail-if=calls:+0% --fail-if=self:+0% a-$b a2-$b/gmon.out
	cat err
	gate "$b: a tenth more turns of main's loop fails calls:+0%" 3 \
		--diff-base=a1-$b/gmon.out --diff-base-exe=a-$b \
		--fail-if=calls:+0% n-$b n1-$b/gmon.out
	cat err
	check "$b: ... naming leaf, 22000 -> 24200" grep -qx \
		'gprof: fail: leaf: calls 22000 -> 24200 (+2200, +10.0%) over calls:+0% (at most +0)' err
	check "$b: ... and tenth, 2000 -> 2200" grep -qx \
		'gprof: fail: tenth: calls 2000 -> 2200 (+200, +10.0%) over calls:+0% (at most +0)' err
	gate "$b: ... but passes calls:+10%" 0 --diff-base=a1-$b/gmon.out \
		--diff-base-exe=a-$b --fail-if=calls:+10% n-$b n1-$b/gmon.out
	gate "$b: hot called twice as often fails hot:self:+20%" 3 \
		--diff-base=a1-$b/gmon.out --diff-base-exe=a-$b \
		--diff-normalize=none --fail-tick=0 --fail-if=hot:self:+20% \
		h-$b h1-$b/gmon.out
	cat err
	check "$b: ... its samples said" grep -Eq \
		'^gprof: fail: hot: self .* on [0-9]+ and [0-9]+ samples, sampling error' err
	gate "$b: ... within sampling error when the samples count as a tick's" \
		0 --diff-base=a1-$b/gmon.out --diff-base-exe=a-$b \
		--diff-normalize=none --fail-tick=10 --fail-if=hot:self:+20% \
		h-$b h1-$b/gmon.out
	check "$b: ... said" grep -q '^gprof: within sampling error: hot: ' err
done
finish
