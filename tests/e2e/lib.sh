# lib.sh - sourced by every end-to-end test.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Gives each test a scratch directory ($work, removed at exit unless
# KEEP=1), the paths of the tools under test, and small helpers.  A test
# ends with `finish`, which exits 0, or 1 if any check failed.  `skip`
# exits 77 (1 if a check failed before it), `hard_error` 99.

set -u

: "${top_srcdir:?run me through make check}"
: "${top_builddir:?run me through make check}"
: "${CC:=cc}"
export LC_ALL=C

GMONDUMP=$top_builddir/gmon/gmondump
GMONMAKE=$top_builddir/tests/tools/gmonmake
GPROF=$top_builddir/gprof/gprof
LIBGMON_DIR=$top_builddir/mcount/.libs
PROGRAMS=$top_srcdir/tests/programs

test_name=$(basename "$0" .sh)
work=$(mktemp -d "${TMPDIR:-/tmp}/gmonkit-$test_name.XXXXXX") || exit 99
failures=0

cleanup () {
	if [ "${KEEP:-0}" = 1 ] || [ "$failures" -ne 0 ]; then
		echo "scratch directory kept: $work"
	else
		rm -rf "$work"
	fi
}
trap cleanup EXIT
cd "$work" || exit 99

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
ok () { echo "ok: $*"; }
bad () { echo "FAIL: $*"; failures=$((failures + 1)); }

# check DESCRIPTION COMMAND...: runs COMMAND, passes if it exits 0.
check () {
	desc=$1; shift
	if "$@"; then ok "$desc"; else bad "$desc"; fi
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

finish () {
	if [ "$failures" -ne 0 ]; then
		echo "$failures check(s) failed"
		exit 1
	fi
	exit 0
}

need_gnu_gprof () {
	[ -n "${GNU_GPROF:-}" ] && [ -x "$GNU_GPROF" ] ||
		skip "GNU gprof (the oracle) is not installed"
}

# gnu_gprof ARGS...: GNU gprof, never ours, whatever PATH says.
gnu_gprof () { "$GNU_GPROF" "$@"; }

# sym_addr EXE NAME: a symbol's address from nm, in hex without 0x
# and without leading zeros.
sym_addr () {
	_a=$(nm "$1" | awk -v n="$2" '$3 == n { print $1; exit }')
	[ -n "$_a" ] && printf '%x\n' "0x$_a"
}
