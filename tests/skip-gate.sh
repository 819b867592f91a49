#!/bin/sh
# skip-gate.sh ALLOWED LOG... - run by `make check' after the tests:
# lists the tests that skipped (whole, or a check of theirs: PARTIAL
# SKIP), with their reasons, and ends with one line that counts them.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# By hand a skip is a note.  In CI (CI=true) a skip fails the run
# unless the test is listed in ALLOWED (tests/allowed-skips.txt: the
# test's name as make check prints it, a tab, the reason): a green CI
# then means every other test ran every one of its checks.

allowed=$1
shift
[ -f "$allowed" ] || { echo "skip-gate: $allowed is missing" >&2; exit 99; }

total=0 skipped=0 unlisted=0
for log; do
	trs=${log%.log}.trs
	[ -f "$trs" ] || continue
	total=$((total + 1))
	grep -q '^:test-result: SKIP' "$trs" || continue
	skipped=$((skipped + 1))
	# The name make check printed: "SKIP NAME (exit status: 77)".
	name=$(sed -n 's/^SKIP \(.*\) (exit status: 77)$/\1/p' "$log" | tail -n 1)
	[ -n "$name" ] || name=${log%.log}
	why=$(grep -E '^(SKIP|PARTIAL SKIP): ' "$log" | grep -v '^SKIP: every check made' |
		sed 's/^[A-Z ]*: //' | awk '{ printf "%s%s", (NR > 1 ? " | " : ""), $0 }')
	if awk -F '\t' -v t="$name" '$1 == t { f = 1 } END { exit !f }' "$allowed"
	then
		echo "skipped (allowed): $name: $why"
	else
		echo "skipped: $name: $why"
		unlisted=$((unlisted + 1))
	fi
done

if [ "${CI:-}" = true ] && [ "$unlisted" -ne 0 ]; then
	echo "CI: $unlisted test(s) skipped that $allowed does not allow:" \
	     "install what they need in .ci/run or quickstart, or list" \
	     "them there with the reason"
	echo "skips: $skipped of $total tests skipped, $unlisted not allowed in CI"
	exit 1
fi
echo "skips: $skipped of $total tests skipped"
exit 0
