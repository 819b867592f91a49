# lib.sh - sourced by every end-to-end test.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Gives each test a scratch directory ($work, removed at exit unless
# KEEP=1), the paths of the tools under test, and small helpers.  A test
# ends with `finish`, which exits 0, or 1 if any check failed, or 77 if
# a check had to be left out (partial_skip).  `skip` exits 77 (1 if a
# check failed before it), `hard_error` 99.
#
# In CI (CI=true) a test never skips for want of a tool that CI
# installs (need_tool): it stops with a hard error naming the tool.
# Every other skip, whole or partial, fails CI unless the test is in
# tests/allowed-skips.txt (tests/skip-gate.sh, run after make check).

set -u

: "${top_srcdir:?run me through make check}"
: "${top_builddir:?run me through make check}"
: "${CC:=cc}"
export LC_ALL=C

GMONDUMP=$top_builddir/gmon/gmondump
GMONMAKE=$top_builddir/tests/tools/gmonmake
# Ours: the build's, or GPROF_UNDER_TEST (gprof-diff-selftest.sh runs
# the tests on mutants of it).
GPROF=${GPROF_UNDER_TEST:-$top_builddir/gprof/gprof}
LIBGMON_DIR=$top_builddir/mcount/.libs
PROGRAMS=$top_srcdir/tests/programs

# python3 is configure's PYTHON3 where it found one: the interpreter
# itself, not a version manager's shim on PATH, which costs ten times
# the interpreter's start (0.6 s of CPU a call with pyenv's).
if [ -n "${PYTHON3:-}" ]; then
	python3 () { "$PYTHON3" "$@"; }
fi

# run_prog PROGRAM ARGS...: runs a program the build made for its host:
# itself, or in a cross build through qemu-user ($RUN_TARGET, that is
# tests/run-target.sh).  Variables assigned before `run_prog' reach the
# program (and LD_PRELOAD the target's dynamic linker, not qemu's).
RUN_TARGET=${RUN_TARGET:-}
run_prog () {
	if [ -n "$RUN_TARGET" ]; then
		"$RUN_TARGET" "$@"
	else
		"$@"
	fi
}

test_name=$(basename "$0" .sh)
work=$(mktemp -d "${TMPDIR:-/tmp}/gmonkit-$test_name.XXXXXX") || exit 99
failures=0
partial_skips=0

cleanup () {
	if [ "${KEEP:-0}" = 1 ] || [ "$failures" -ne 0 ]; then
		echo "scratch directory kept: $work"
	else
		rm -rf "$work"
	fi
}
trap cleanup EXIT
cd "$work" || exit 99

# In a cross build gmondump and gmonmake are the target's too: a
# wrapper runs each.
if [ -n "$RUN_TARGET" ]; then
	printf '#!/bin/sh\nexec "%s" "%s" "$@"\n' "$RUN_TARGET" "$GMONDUMP" \
		>"$work/.gmondump" && chmod +x "$work/.gmondump" || exit 99
	printf '#!/bin/sh\nexec "%s" "%s" "$@"\n' "$RUN_TARGET" "$GMONMAKE" \
		>"$work/.gmonmake" && chmod +x "$work/.gmonmake" || exit 99
	GMONDUMP=$work/.gmondump
	GMONMAKE=$work/.gmonmake
fi

# A skip never discards a failure already seen: after a failed check
# it is a failure.
skip () {
	if [ "$failures" -ne 0 ]; then
		echo "FAIL: not skipped ($*): $failures check(s) failed before"
		exit 1
	fi
	echo "SKIP: $*"
	exit 77
}
hard_error () { echo "ERROR: $*"; exit 99; }

# ok MESSAGE / bad MESSAGE: one line per check in the test's log.
# With TEST_STOP_AT_FAILURE=1 a test ends at its first failed check
# (exit 1): gprof-diff-selftest.sh runs whole tests on mutants of our
# gprof, and each only has to fail once.
ok () { echo "ok: $*"; }
bad () {
	echo "FAIL: $*"
	failures=$((failures + 1))
	if [ "${TEST_STOP_AT_FAILURE:-}" = 1 ]; then
		echo "stopped at the first failure (TEST_STOP_AT_FAILURE=1)"
		exit 1
	fi
}

# check DESCRIPTION COMMAND...: runs COMMAND, passes if it exits 0.
check () {
	desc=$1; shift
	if "$@"; then ok "$desc"; else bad "$desc"; fi
}

# gate DESCRIPTION STATUS ARGS...: runs $GPROF ARGS, its output to out
# and its standard error to err; passes if it exits with STATUS (the
# CI gate's tests: --fail-if exits 3 when a threshold is crossed).
gate () {
	_d=$1 _want=$2; shift 2
	"$GPROF" "$@" >out 2>err
	_got=$?
	if [ "$_got" = "$_want" ]; then
		ok "$_d (status $_got)"
	else
		bad "$_d: status $_got, not $_want"
		sed 's/^/  stderr: /' err | head -20
	fi
}

# same_file DESCRIPTION A B: passes if A and B are byte-identical, else
# shows the difference.
same_file () {
	if cmp -s "$2" "$3"; then
		ok "$1"
	else
		bad "$1"
		diff -u "$2" "$3" | head -40
	fi
}

# partial_skip REASON: a check this test cannot make here (a tool or
# a feature of the machine is missing).  The test goes on with the
# others, and ends as a skip (77) instead of a pass, so that make check
# counts it and CI sees it.
partial_skip () {
	echo "PARTIAL SKIP: $*"
	partial_skips=$((partial_skips + 1))
}

finish () {
	if [ "$failures" -ne 0 ]; then
		echo "$failures check(s) failed"
		exit 1
	fi
	if [ "$partial_skips" -ne 0 ]; then
		echo "SKIP: every check made passed, but $partial_skips" \
		     "could not be made here (PARTIAL SKIP above)"
		exit 77
	fi
	exit 0
}

# in_ci: true when run by CI (CI=true), where every tool is installed.
in_ci () { [ "${CI:-}" = true ]; }

# need_tool WHAT REASON: WHAT (a description naming the package) is
# missing.  Skips by hand; in CI, where .ci/run installs it, a hard
# error that names it.
need_tool () {
	if in_ci; then
		hard_error "CI needs $1, which is missing: $2"
	fi
	skip "$1 is missing: $2"
}

# missing_tool WHAT CHECK: WHAT is missing, so CHECK is left out: a
# partial skip by hand, a hard error in CI (which installs it).
missing_tool () {
	if in_ci; then
		hard_error "CI needs $1, which is missing: $2 cannot be checked"
	fi
	partial_skip "$1 is missing: $2 is not checked"
}

# The GNU gprof the tests were written against: its bugs are the ones
# gprof-known-diffs.txt lists.
GNU_GPROF_PINNED=2.40

need_gnu_gprof () {
	[ -n "${GNU_GPROF:-}" ] && [ -x "$GNU_GPROF" ] ||
		need_tool "GNU gprof (the oracle, ${GNU_GPROF:-unset}; binutils)" \
			"the tests compare with it"
	gnu_gprof_version=$("$GNU_GPROF" --version 2>/dev/null |
		sed -n '1s/.* \([0-9][0-9.]*\)$/\1/p')
	if [ "$gnu_gprof_version" != "$GNU_GPROF_PINNED" ]; then
		echo "note: GNU gprof is ${gnu_gprof_version:-of an unknown version}," \
		     "not $GNU_GPROF_PINNED, which these tests were written" \
		     "against: a GNU bug that version fixed shows as a note," \
		     "not a failure"
	fi
}

# gnu_is_pinned: GNU gprof is the version the tests were written for.
gnu_is_pinned () { [ "${gnu_gprof_version:-}" = "$GNU_GPROF_PINNED" ]; }

# gnu_bug_absent DESCRIPTION: a check that must fail on GNU gprof's
# output (it shows GNU's bug) passed: a failure with the GNU gprof the
# tests were written against, a note with another (which may have
# fixed the bug).
gnu_bug_absent () {
	if gnu_is_pinned; then
		bad "$*"
	else
		echo "note: GNU gprof ${gnu_gprof_version:-?} does not show the" \
		     "bug $GNU_GPROF_PINNED has: $*"
	fi
}

# gnu_gprof ARGS...: GNU gprof, never ours, whatever PATH says.
gnu_gprof () { "$GNU_GPROF" "$@"; }

# sym_addr EXE NAME: a symbol's address from nm, in hex without 0x
# and without leading zeros.
sym_addr () {
	_a=$(nm "$1" | awk -v n="$2" '$3 == n { print $1; exit }')
	[ -n "$_a" ] && printf '%x\n' "0x$_a"
}
