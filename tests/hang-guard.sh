#!/bin/sh
# hang-guard.sh - runs one test (the rest of the command line) with a
# bound against a hang: a test still running after TEST_HANG_LIMIT
# seconds (default 3600, far beyond the slowest test on a busy
# machine or under qemu-user) is killed with everything it started,
# and ends as a hard error that says so, instead of holding up the
# whole `make check' (and CI) forever.  A bound against a hang only:
# no test measures time with it.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

limit=${TEST_HANG_LIMIT:-3600}
command -v timeout >/dev/null 2>&1 || exec "$@"
# timeout puts the test in a process group of its own and signals the
# group: the programs the test started go with it (a program of the
# runtime that handles SIGTERM to write its profile gets the KILL a
# minute later).
timeout -k 60 "$limit" "$@"
rc=$?
case $rc in
124|137)
	echo "HANG: $* was still running after $limit s (TEST_HANG_LIMIT)" \
	     "and was killed" >&2
	exit 99 ;;
esac
exit $rc
