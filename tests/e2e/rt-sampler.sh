#!/bin/sh
# rt-sampler.sh - the histogram's time against the process's CPU time,
# loosely (bench/ measures it closely): at GMON_RATE 100, 1000 and
# 10000, with 1 and 4 busy threads; the timer clock; the rate written
# is the rate reached (ITIMER_PROF: 100 Hz); GMON_SAMPLER=off; and one
# line on stderr when no clock can run.

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
need_runtime

rt_cc prog "$PROGRAMS/rt-threads.c" -O2 -pg -pthread

# ratio_ok DESC: the flat profile's total against cpu_us in out, within
# 20%.
ratio_ok () {
	cpu=$(awk '$1 == "cpu_us" { print $2 / 1e6 }' out)
	tot=$(flat_total prog gmon.out)
	if awk -v c="$cpu" -v t="$tot" \
		'BEGIN { exit !(c > 0 && t / c > 0.8 && t / c < 1.2) }'; then
		ok "$1: $tot s sampled of $cpu s CPU"
	else
		# What the file holds, for a failure seen only under load.
		bad "$1: $tot s sampled of $cpu s CPU ($("$GMONDUMP" -s \
			gmon.out 2>&1 | grep '^hist' | tr '\n' ' '))"
	fi
}

for rate in 100 1000 10000; do
	ms=60
	[ $rate = 100 ] && ms=200
	GMON_RATE=$rate ./prog 1 $ms >out 2>err || bad "1 thread: failed"
	quiet_stderr "$rate Hz, 1 thread" err
	ratio_ok "$rate Hz, 1 thread"
	GMON_RATE=$rate ./prog 4 $((ms / 2)) >out 2>err ||
		bad "4 threads: failed"
	quiet_stderr "$rate Hz, 4 threads" err
	ratio_ok "$rate Hz, 4 threads"
done

# The timer clock loses what a thread ran since its last tick when it
# exits: longer threads.
GMON_SAMPLER=timer GMON_RATE=1000 ./prog 2 150 >out 2>err ||
	bad "timer: failed"
quiet_stderr "timer clock" err
ratio_ok "timer clock, 1000 Hz, 2 threads"

GMON_SAMPLER=itimer GMON_RATE=1000 ./prog 1 300 >out 2>err ||
	bad "itimer: failed"
quiet_stderr "itimer" err
check "itimer: the file says 100 Hz, the rate ITIMER_PROF keeps" \
	grep -q 'rate=100 ' "$("$GMONDUMP" -s gmon.out >d.txt; echo d.txt)"
ratio_ok "itimer, 100 Hz"

GMON_SAMPLER=off ./prog 1 20 >out 2>err || bad "off: failed"
quiet_stderr "sampler off" err
check "sampler off: no samples" \
	grep -q 'samples=0 ' "$("$GMONDUMP" -s gmon.out >d.txt; echo d.txt)"
expect_calls prog gmon.out spin 2

# No clock at all: timer_create fails without room for one pending
# signal.
if command -v prlimit >/dev/null 2>&1; then
	GMON_SAMPLER=timer prlimit --sigpending=0 ./prog 1 20 >out 2>err
	one_line "no clock" err \
		'^libgmon: no time was sampled: timer_create: .*GMON_SAMPLER'
	expect_calls prog gmon.out spin 2
fi

finish
