#!/bin/sh
# gprof-deep.sh - a call chain 1000000 functions deep (GNU gprof's
# recursive search overflows its stack from about 300000 on) and a
# 20000-member cycle: both analysed, with the time of the chain's last
# function passed all the way up to its first.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The symbols come from an nm-style file (-S), the profile from
# gmonmake, so no program has to be that big.

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/gprof-smoke-lib.sh"

$CC -O0 -o tiny -x c - <<'SRC' || hard_error "cannot compile tiny"
int main (void) { return 0; }
SRC

n=1000000
awk -v n=$n 'BEGIN {
	for (i = 0; i <= n; i++) printf "%x T f%d\n", 1048576 + 16 * i, i > "syms.txt"
	printf "hist 0x100000 0x%x bins=%d rate=100\n", 1048576 + 16 * n, 4 * n
	# 250 samples in the last function of the chain.
	printf "  0x%x 250\n", 1048576 + 16 * (n - 1) + 2
	for (i = 0; i + 1 < n; i++)
		printf "arc 0x%x 0x%x 1\n", 1048576 + 16 * i + 4, 1048576 + 16 * (i + 1) + 2
}' | "$GMONMAKE" -o chain.out || hard_error "gmonmake failed"

# Only f0's entry: f0 in the graph, f1 (and so all below it) out.
"$GPROF" -b -qf0 -Qf1 -S syms.txt tiny chain.out >graph.out 2>err.txt
check "a 1000000-deep chain is analysed" [ $? -eq 0 ]
# f0 spent nothing itself; its one call carries all 2.50 seconds.
if grep -q '^\[[0-9]*\] *100\.0 *0\.00 *2\.50 *f0 \[[0-9]*\]$' graph.out
then
	ok "the chain's time reaches its first function"
else
	bad "f0's entry: $(grep 'f0 \[' graph.out | head -3) $(cat err.txt)"
fi

# A 20000-member cycle: a hub calling every member, each calling back,
# and the hub called once from outside.
m=20000
awk -v n=$m 'BEGIN {
	for (i = 0; i <= n + 1; i++) printf "%x T g%d\n", 1048576 + 16 * i, i > "csyms.txt"
	printf "hist 0x100000 0x%x bins=%d rate=100\n", 1048576 + 16 * n, 4 * n
	printf "  0x100002 7\n"
	printf "arc 0x%x 0x100002 1\n", 1048576 + 16 * n + 4
	for (i = 1; i < n; i++) {
		printf "arc 0x%x 0x%x %d\n", 1048576 + 4, 1048576 + 16 * i + 2, i
		printf "arc 0x%x 0x100002 1\n", 1048576 + 16 * i + 4
	}
}' | "$GMONMAKE" -o cycle.out || hard_error "gmonmake failed"
"$GPROF" -b -S csyms.txt tiny cycle.out >cycle.txt 2>err.txt
check "a 20000-member cycle is analysed" [ $? -eq 0 ]
grep -q '<cycle 1 as a whole> \[1\]$' cycle.txt || bad "no cycle 1 entry"
members=$(awk '/<cycle 1 as a whole>/ { m = 1; next } /^---/ { m = 0 }
	m { n++ } END { print n }' cycle.txt)
check "the cycle has all $m members ($members)" [ "$members" = $m ]

finish
