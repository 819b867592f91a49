#!/bin/sh
# gprof-mutant.sh - GNU gprof with its output altered on purpose, to
# show that the differential tests catch what they claim to catch.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Used as GPROF_UNDER_TEST by tests/e2e/gprof-diff-selftest.sh (and by
# hand: GPROF_UNDER_TEST=tests/tools/gprof-mutant.sh GPROF_MUTATION=digit
# make check TESTS=...).  Runs $GNU_GPROF with the same arguments, then
# applies $GPROF_MUTATION:
#
#   none       nothing (still not "GNU gprof" to the harness)
#   digit      the first " 0.0N" of standard output becomes " 9.9N"
#   status     exit status plus one
#   stderr     an extra line on standard error
#   formfeed   the form-feed lines (page breaks) are dropped
#   blurb      the FSF blurb sentences are reworded (tables untouched)
#   fixed      what ours is meant to do where GNU gprof is wrong, as far
#              as a filter can: 0.00 for -nan, ms/call for Ts/call, a
#              whole [10000], our own blurb words, zeroed spare bytes in
#              gmon.sum

: "${GNU_GPROF:=/usr/bin/gprof}"
mutation=${GPROF_MUTATION:-none}
out=$(mktemp "${TMPDIR:-/tmp}/gprof-mutant.XXXXXX") || exit 99
trap 'rm -f "$out"' EXIT
"$GNU_GPROF" "$@" >"$out"
status=$?

reword='s/Free Software Foundation, Inc\./The gmonkit developers./
s/the percentage of the total running time of the/the share of the run time spent in/
s/This table describes the call tree of the program/Below, the call tree of the program/'
case $mutation in
digit) sed '0,/ 0\.0\([0-9]\)/s// 9.9\1/' "$out" ;;
formfeed) sed '/^\f$/d' "$out" ;;
blurb) sed "$reword" "$out" ;;
fixed)
	sed -E "$reword"'
s/-nan/0.00/g
s/Ts\/call/ms\/call/g
s/^\[([0-9]{5,})( |$)/[\1]\2/' "$out"
	case " $* " in
	*" -s "* | *" --sum "*)
		if [ "$(head -c 4 gmon.sum 2>/dev/null)" = gmon ]; then
			printf '\0\0\0\0\0\0\0\0\0\0\0\0' |
				dd of=gmon.sum bs=1 seek=8 conv=notrunc 2>/dev/null
		fi ;;
	esac
	;;
*) cat "$out" ;;
esac
case $mutation in
status) status=$((status + 1)) ;;
stderr) echo "gprof: a warning GNU gprof does not give" >&2 ;;
esac
exit $status
