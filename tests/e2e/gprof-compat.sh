#!/bin/sh
# gprof-compat.sh - where we differ from GNU gprof on purpose, each
# case checked to be right (see doc/compat.texi, which lists them).
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/gprof-smoke-lib.sh"
need_gnu_gprof

build_pg fix -O1 -fno-inline "$PROGRAMS/fixture.c"
./fix 0.2 >/dev/null || hard_error "fixture failed"
"$GMONDUMP" -e fix gmon.out >dump.txt || hard_error "gmondump failed"
mk () {
	"$GMONMAKE" -o "$1" || hard_error "gmonmake $1 failed"
}

# 1. No histogram: GNU gprof divides by a clock rate of 0 and prints
# -nan; with no samples every time is 0.
awk '$1 == "arc"' dump.txt | mk arcs.out
run_both -b fix arcs.out
grep -q -- '-nan' gnu.out || echo "note: GNU gprof printed no -nan"
sed 's/-nan/0.00/g' gnu.out >gnu.fixed
same_file "no histogram: 0.00 where GNU gprof prints -nan" gnu.fixed ours.out
if grep -q -- 'nan\|inf' ours.out; then bad "nan or inf printed"; fi

# 2. A histogram that gives no clock rate: the clock tick, as GNU gprof
# does for BSD files, not a division by zero.
hz=$(getconf CLK_TCK)
sed "s/rate=100/rate=0/" dump.txt | mk rate0.out
sed "s/rate=100/rate=$hz/" dump.txt | mk ratetick.out
"$GPROF" -b fix rate0.out >ours.out 2>ours.err
gnu_gprof -b fix ratetick.out >gnu.out
same_file "rate 0: read as the clock tick ($hz Hz)" gnu.out ours.out
grep -q 'clock' ours.err || bad "rate 0: no warning"

# 3. Index numbers from 10000 on keep their "]" (GNU gprof cuts it).
awk 'BEGIN {
	n = 10010
	for (i = 0; i <= n; i++) printf "%x T f%d\n", 65536 + 16 * i, i > "syms.txt"
	printf "hist 0x10000 0x%x bins=%d rate=100\n", 65536 + 16 * n, 4 * n
	printf "  0x10002 5\n"
	for (i = 0; i + 1 < n; i++)
		printf "arc 0x%x 0x%x 1\n", 65536 + 16 * i + 4, 65536 + 16 * (i + 1) + 2
}' | mk chain.out
run_both -b -S syms.txt fix chain.out
sed 's/^\(\[[0-9]\{5\}\)/\1]/' gnu.out >gnu.fixed
same_file "index 10000 and up: the whole [N]" gnu.fixed ours.out
grep -q '^\[10000\]' ours.out || bad "no [10000] in our graph"

# 4. -c finds calls to functions placed before the caller.
$CC -pg -g -O0 -o back "$PROGRAMS/gprof-back.c" || hard_error "cannot compile back"
./back || hard_error "back failed"
run_both -b -c -q back gmon.out
if grep -q '0/0 *fwd_target' gnu.out && grep -q '0/0 *fwd_target' ours.out
then
	ok "-c: the forward call, as GNU gprof finds it"
else
	bad "-c: the forward call late -> fwd_target is missing"
fi
if grep -q '0/0 *early' ours.out; then
	ok "-c: the backward call late -> early"
else
	bad "-c: the backward call late -> early is missing"
fi
diff gnu.out ours.out | grep '^[<>]' | grep -v '^> .*0/0 *early' >extra.txt
check "-c: nothing else differs" [ ! -s extra.txt ]

# 5. Two -k with the same caller: both arcs go (GNU gprof keeps only
# the last one's).
"$GPROF" -b -q -k main/leaf -k main/apply fix gmon.out >ours.out
if awk '/^\[[0-9]+\].* main \[/ { m = 1; next } /^---/ { m = 0 }
	m && (/ leaf \[/ || / apply \[/) { bad = 1 } END { exit bad }' ours.out
then
	ok "-k main/leaf -k main/apply: both arcs dropped"
else
	bad "-k main/leaf -k main/apply kept an arc"
fi

# A file and a function in it: GNU gprof's lookup in its overlapping
# ranges loses the functions of the file after the function.
"$GPROF" -b -pfixture.c -pis_even fix gmon.out >ours.out
gnu_gprof -b -pfixture.c fix gmon.out >gnu.out
same_file "-pfixture.c -pis_even: all of fixture.c" gnu.out ours.out

# 6. -r with an arc spec: each function once (GNU gprof lists the
# spec's copies of main and leaf a second time).
"$GPROF" -r -k main/leaf fix gmon.out >order.out
"$GPROF" -r fix gmon.out >order0.out
dups=$(sort order.out | uniq -d | wc -l)
check "-r -k: no function listed twice" [ "$dups" -eq 0 ]
sort order.out >order.sorted
sort order0.out >order0.sorted
same_file "-r -k: every function exactly once" order0.sorted order.sorted

# 7. gmon.sum keeps counts wider than their fields: a bin of 100000
# samples and an arc of 5000000000 calls survive a round trip that
# GNU gprof's own gmon.sum wraps to 34464 and 705032704.
{
	grep '^hist' dump.txt
	echo "  0x$(nm fix | awk '$3 == "spin" { print $1 }') 100000"
	echo "arc 0x$(nm fix | awk '$3 == "main" { print $1 }') 0x$(nm fix |
		awk '$3 == "leaf" { print $1 }') 5000000000"
} | mk wide.out
rm -f gmon.sum
"$GPROF" -s fix wide.out || bad "-s failed"
gnu_gprof -b fix gmon.sum >ours-sum.out
gnu_gprof -b fix wide.out >direct.out
same_file "gmon.sum: GNU gprof reads back the counts it was given" \
	direct.out ours-sum.out
grep -q 5000000000 ours-sum.out || bad "the 5000000000 calls are gone"

finish
