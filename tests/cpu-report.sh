#!/bin/sh
# cpu-report.sh LOG... - run by `make check' after the tests: the CPU
# time the tests took (each log's `test-cpu:' line, which
# tests/hang-guard.sh writes), in all and for the costliest
# (CPU_REPORT_TOP of them, 10 unless told; 0: the total only).
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# CPU time, not wall time: on a machine that runs other work a test's
# wall time says more of the machine than of the test.  With `make -j2'
# the suite's wall time is about half its CPU time on an idle
# two-core machine.

top=${CPU_REPORT_TOP:-10}
for log; do
	[ -f "$log" ] || continue
	sed -n 's/^test-cpu: \([0-9.]*\) s .*/\1/p' "$log" | tail -n 1 |
		awk -v t="${log%.log}" '{ printf "%s %s\n", $1, t }'
done | sort -k1,1 -rn | awk -v top="$top" '
	{ sum += $1; n++; if (n <= top) row[n] = sprintf ("cpu:   %8.1f s  %s", $1, $2) }
	END {
		if (n == 0)
			exit 0;
		printf "cpu: %d tests took %.0f s of CPU time (about %.0f s on two idle cores)\n",
			n, sum, sum / 2;
		if (top > 0 && n > 1) {
			printf "cpu: the costliest:\n";
			for (i = 1; i <= n && i <= top; i++)
				print row[i];
		}
	}'
