#!/bin/sh
# gate-demo.sh - demo/gate.sh, the manual's CI gate on demo/demo.c
# (issue 33, item 5): a base kept, the same source passes, a build
# that hashes each word twice (-DDEMO_REGRESSION) fails with status 3
# naming hash_word, and the JUnit and Markdown verdicts are written.
# A short run (-DNWORDS=300000); the calls alone are gated (the times
# of so short a run are gate-time.sh's question).
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
need_runtime
unset GMON_CONTEXT GMON_OUT_PREFIX GMON_OBJECTS GMON_RATE GMON_CLOCK
[ -z "$RUN_TARGET" ] || skip "demo/gate.sh runs the host's programs"

export GMONKIT_BUILD="$top_builddir" RULES=--fail-if=calls:+0%
gate_sh () { sh "$top_srcdir/demo/gate.sh" "$@" -DNWORDS=300000 >log 2>err; }

gate_sh base
st=$?
check "gate.sh base: status 0 ($st)" test $st = 0
check "gate.sh base: the build and its profile kept" \
	test -x demo-gate-base/demo -a -s demo-gate-base/gmon.out
gate_sh check
st=$?
check "gate.sh check, the same source: status 0 ($st)" test $st = 0
grep 'gprof: gate:' err
gate_sh check -DDEMO_REGRESSION
st=$?
check "gate.sh check -DDEMO_REGRESSION: status 3 ($st)" test $st = 3
cat log; grep -v note: err
check "... naming hash_word, called twice as often" \
	grep -qx 'gprof: fail: hash_word: calls 300000 -> 600000 (+300000, +100.0%) over calls:+0% (at most +0)' err
check "... the JUnit verdicts, with one failure" \
	grep -q 'testsuites name="gprof --fail-if" tests="[0-9]*" failures="1"' demo-gate/gate.xml
check "... the Markdown summary, the failure first" \
	awk '/^\| (\*\*FAIL|noise|pass)/ { f = 1; exit !/FAIL.*hash_word/ }
		END { if (!f) exit 1 }' demo-gate/gate.md
finish
