# bench-lib.sh - what the runtime's benchmarks share: sourced by
# bench/rt-*.sh after they have set top_srcdir.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

# median FILE: the median of the numbers in FILE, one a line.
median () {
	sort -n "$1" | awk '{ v[NR] = $1 } END {
		if (NR % 2) print v[(NR + 1) / 2];
		else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
