#!/bin/sh
# hang-guard.sh - runs one test (the rest of the command line) with a
# bound against a hang: a test still running after TEST_HANG_LIMIT
# seconds (default 3600, far beyond the slowest test on a busy
# machine or under qemu-user) is killed with everything it started,
# and ends as a hard error that says so, instead of holding up the
# whole `make check' (and CI) forever.  A bound against a hang only:
# no test measures time with it.
#
# Last in the test's log it writes the CPU time the test and every
# program it waited for took (`test-cpu: SECONDS s (user U, system
# S)'), which tests/cpu-report.sh adds up after `make check': what a
# test costs CI, unlike its wall time, hardly depends on what else runs.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

limit=${TEST_HANG_LIMIT:-3600}

# cpu_line: the children's user and system time, from the shell's
# `times' (its second line: "XmY.YYYs XmY.YYYs", dash and bash alike),
# run in this shell: in a pipe or $(...) it would count a subshell's.
cpu_line () {
	f=${TMPDIR:-/tmp}/hang-guard.$$
	times >"$f" 2>/dev/null || { rm -f "$f"; return 0; }
	sed -n 2p "$f" | awk '{
		for (i = 1; i <= 2; i++) {
			split ($i, ms, "m");
			sub ("s$", "", ms[2]);
			s[i] = ms[1] * 60 + ms[2];
		}
		printf "test-cpu: %.2f s (user %.2f, system %.2f)\n", s[1] + s[2], s[1], s[2];
	}'
	rm -f "$f"
}

if command -v timeout >/dev/null 2>&1; then
	# timeout puts the test in a process group of its own and
	# signals the group: the programs the test started go with it
	# (a program of the runtime that handles SIGTERM to write its
	# profile gets the KILL a minute later).
	timeout -k 60 "$limit" "$@"
	rc=$?
else
	"$@"
	rc=$?
fi
cpu_line
case $rc in
124|137)
	echo "HANG: $* was still running after $limit s (TEST_HANG_LIMIT)" \
	     "and was killed" >&2
	exit 99 ;;
esac
exit $rc
