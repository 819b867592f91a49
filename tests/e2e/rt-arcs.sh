#!/bin/sh
# rt-arcs.sh - no fixed arc limit: 10 000+ distinct arcs all counted
# (glibc's table holds 3% of the text size and loses the whole profile
# when full); under GMON_ARC_LIMIT the calls that do not fit are
# counted and reported in one line, and the rest of the profile is
# kept; and -pg code in signal handlers interrupting mcount loses
# nothing.

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
need_runtime

# 101 callers g_i each calling 100 functions f_j: 10100 arcs, plus 101
# from main.
{
	echo '#define NOIPA __attribute__ ((noipa))'
	j=0
	while [ $j -lt 100 ]; do
		echo "NOIPA int f$j (int x) { return x + $j; }"
		j=$((j + 1))
	done
	i=0
	while [ $i -lt 101 ]; do
		echo "NOIPA int g$i (int x) {"
		j=0
		while [ $j -lt 100 ]; do
			echo " x += f$j (x);"
			j=$((j + 1))
		done
		echo " return x; }"
		i=$((i + 1))
	done
	echo 'int main (void) { int s = 0;'
	i=0
	while [ $i -lt 101 ]; do
		echo " s += g$i (s);"
		i=$((i + 1))
	done
	echo ' return s & 1; }'
} >many.c
rt_cc many many.c -O0 -pg
total=$((101 * 100 + 101))

run_prog ./many 2>err
quiet_stderr "10201 arcs" err
"$GMONDUMP" -s gmon.out >dump.txt
check "all $total arcs written" \
	grep -q "^total: 1 histogram, $total arc ($total calls)" dump.txt
expect_calls many gmon.out f0 101
expect_calls many gmon.out f99 101
expect_calls many gmon.out g100 1

rm -f gmon.out
GMON_ARC_LIMIT=64K run_prog ./many 2>err
one_line "GMON_ARC_LIMIT" err \
	'^libgmon: [0-9]+ calls were not counted: .*GMON_ARC_LIMIT'
lost=$(sed -n 's/^libgmon: \([0-9]*\) calls were not counted.*/\1/p' err)
"$GMONDUMP" -s gmon.out >dump.txt ||
	bad "the profile under GMON_ARC_LIMIT cannot be read"
kept=$(sed -n 's/^total: .* arc (\([0-9]*\) calls).*/\1/p' dump.txt)
if [ -n "$lost" ] && [ -n "$kept" ] && [ "$lost" -gt 0 ] &&
	[ $((lost + kept)) -eq $total ]; then
	ok "$kept calls kept + $lost reported lost = $total"
else
	bad "kept '$kept' + lost '$lost' is not $total"
fi
gnu_gprof -b -p many gmon.out >/dev/null 2>&1 ||
	bad "GNU gprof cannot read the profile kept under GMON_ARC_LIMIT"

rt_cc sig "$PROGRAMS/rt-signal.c" -O2 -pg
run_prog ./sig >out 2>err || bad "rt-signal failed"
quiet_stderr "signals" err
n=$(awk '$1 == "handler" { print $2 }' out)
[ -n "$n" ] && [ "$n" -gt 0 ] || hard_error "no signal was handled"
expect_calls sig gmon.out in_handler "$n"
gsum=$(gnu_gprof -b -p sig gmon.out |
	awk '$NF ~ /^g[0-9]+$/ && NF == 7 { s += $4 } END { print s + 0 }')
check "the g_k called from the handler add up to $n ($gsum)" \
	test "$gsum" -eq "$n"
expect_calls sig gmon.out f10 64000
expect_calls sig gmon.out f87 64000
expect_calls sig gmon.out site10 2000
expect_calls sig gmon.out site47 2000

finish
