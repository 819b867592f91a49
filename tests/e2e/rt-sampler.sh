#!/bin/sh
# rt-sampler.sh - the samples' time against the process's CPU time,
# loosely (bench/ measures it closely): the default clock (the thread
# CPU timer) and the perf clock at GMON_RATE 100, 1000 and 10000, with
# 1 and 4 busy threads, and at 100000; the rate written is the rate
# reached (ITIMER_PROF: 100 Hz); GMON_SAMPLER=off; one line on stderr
# when no clock can run; the default's fallback without a timer.
#
# The samples of every object count (the companion's total): where a
# sample lands is not the sampler's to choose, and on a busy machine
# more of them land in the vDSO, where the program's clock_gettime
# waits in the kernel.  Both are CPU time, which load does not change:
# the shares hold on a busy machine.

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
need_runtime

rt_cc prog "$PROGRAMS/rt-threads.c" -O2 -pg -pthread

# ratio_ok DESC: the samples of all objects (the companion's process
# line) at the rate of the file, against cpu_us in out, within 15%;
# and the program's own share of them is most of them (spin, fib and
# leaf are the program's).
# Under qemu-user the process-wide ITIMER_PROF also counts the CPU
# time of qemu's own threads (code translation, RCU), which the
# program's clock does not: up to 35% more there.
# (cpu_us is the CPU time from main () on: before it, under qemu-user,
# the emulator's start-up and first translations take 60 to 110 ms,
# which no clock counts: with them in, 0.66 of the CPU time was
# sampled on a busy machine, below the 0.75 allowed there then.)
sampled_hi=1.15
sampled_lo=0.85
ratio_ok () {
	cpu=$(awk '$1 == "cpu_us" { print $2 / 1e6 }' out)
	"$GMONDUMP" gmon.out-objs/objects.gmonx >comp.txt 2>&1
	all=$(sed -n 's/^process .* samples=\([0-9]*\) .*/\1/p' comp.txt)
	hz=$(sed -n 's/^process .* rate=\([0-9]*\) .*/\1/p' comp.txt)
	tot=$(awk -v s="${all:-0}" -v r="${hz:-0}" \
		'BEGIN { if (r > 0) print s / r; else print 0 }')
	prog=$(flat_total prog gmon.out)
	if awk -v c="$cpu" -v t="$tot" -v h="$sampled_hi" -v l="$sampled_lo" \
		'BEGIN { exit !(c > 0 && t / c > l && t / c < h) }'; then
		ok "$1: $tot s sampled of $cpu s CPU"
	else
		# What the files hold, for a failure seen only under load.
		bad "$1: $tot s sampled of $cpu s CPU ($(grep '^process' \
			comp.txt); $("$GMONDUMP" -s gmon.out 2>&1 |
			grep '^hist' | tr '\n' ' '))"
	fi
	if [ "${2:-}" = total-only ]; then
		not_under_qemu "$1: where the time of threads that block" \
			"SIGPROF goes (qemu holds their last signal back)"
	elif awk -v p="$prog" -v t="$tot" \
		'BEGIN { exit !(t > 0 && p / t > 0.7) }'; then
		ok "$1: $prog s of them in the program"
	else
		bad "$1: only $prog s of the $tot s sampled in the program"
	fi
}

# The default clock is the thread CPU timer, natively and under
# qemu-user alike: a perf clock costs the program a high-resolution
# timer at every context switch and every sample (bench/rt-real-bench.sh),
# the timer costs nothing (libgmon(3)).  Before: perf's task clock.
unset GMON_SAMPLER
GMON_DEBUG=1 run_prog ./prog 1 20 >out 2>err || bad "GMON_DEBUG: failed"
check "the default clock is the thread CPU timer ($(sed -n \
	's/^libgmon: start: .*; clock: \([^,]*\),.*/\1/p' err))" \
	grep -q '^libgmon: start: .*; clock: thread CPU timer, 1000 Hz;' err

# Each clock at each rate: the default (the timer) and perf's, asked
# for (not under qemu-user: no perf_event_open).
clocks="auto perf"
if qemu; then
	clocks=auto
	not_under_qemu "the perf clock at 100, 1000 and 10000 Hz" \
		"(no perf_event_open)"
fi
for clock in $clocks; do
	for rate in 100 1000 10000; do
		ms=60
		[ $rate = 100 ] && ms=200
		GMON_SAMPLER=$clock GMON_RATE=$rate run_prog ./prog 1 $ms \
			>out 2>err || bad "$clock, 1 thread: failed"
		quiet_stderr "$clock, $rate Hz, 1 thread" err
		ratio_ok "$clock, $rate Hz, 1 thread"
		GMON_SAMPLER=$clock GMON_RATE=$rate run_prog ./prog 4 \
			$((ms / 2)) >out 2>err || bad "$clock, 4 threads: failed"
		quiet_stderr "$clock, $rate Hz, 4 threads" err
		ratio_ok "$clock, $rate Hz, 4 threads"
	done
done

# At the most GMON_RATE takes, the default clock still fires at the
# tick, each signal weighted: nothing to say.
GMON_RATE=100000 timeout -s KILL 600 $RUN_TARGET ./prog 1 60 >out 2>err ||
	bad "100000 Hz: failed or hung: $(cat err)"
quiet_stderr "100000 Hz, the timer" err
ratio_ok "100000 Hz, the timer, 1 thread"

# Above 25 kHz a perf clock still overflows every 40 us at most, and
# each sample stands for the periods that passed.  At 10 us (100 kHz,
# the kernel's shortest) the clock's interrupts and signals took all
# of a thread's time under a virtual machine: a program that returns
# at once ran for minutes, all in the kernel.  So at the most
# GMON_RATE takes: the time is right, no more signals than one per
# 40 us of the clocks' time, and one line at exit that says so.  (The
# KILL is a bound against that hang only.)
if qemu; then
	not_under_qemu "the perf clock at 100000 Hz (no perf_event_open)"
else
	GMON_SAMPLER=perf GMON_RATE=100000 timeout -s KILL 600 ./prog 1 60 \
		>out 2>err || bad "perf, 100000 Hz: failed or hung: $(cat err)"
	one_line "perf, 100000 Hz" err '^libgmon: GMON_RATE=100000 is faster than perf clocks are safe to run: they sampled at 25000 Hz, each sample weighted'
	ratio_ok "perf, 100000 Hz, 1 thread"
	GMON_SAMPLER=perf GMON_RATE=100000 timeout -s KILL 600 ./prog 4 30 \
		>out 2>err || bad "perf, 100000 Hz, 4 threads: failed or hung: $(cat err)"
	ratio_ok "perf, 100000 Hz, 4 threads"
	# The signals, which GMON_DEBUG's line at the dump counts (its
	# statistics read every bin of every object, which takes the
	# dump long enough to cloud the program's share above: a run of
	# its own).
	GMON_SAMPLER=perf GMON_RATE=100000 GMON_DEBUG=1 \
		timeout -s KILL 600 ./prog 4 30 >out 2>err ||
		bad "perf, 100000 Hz, GMON_DEBUG: failed or hung: $(cat err)"
	sig=$(sed -n 's/^libgmon: dump: .* \([0-9]*\) signals, \([0-9]*\) ms on perf clocks.*/\1 \2/p' err)
	[ -n "$sig" ] || hard_error "no signal count in GMON_DEBUG's dump line: $(cat err)"
	set -- $sig
	check "perf, 100000 Hz: $1 signals in $2 ms of the clocks, at most one per 40 us" \
		[ "$1" -le $(($2 * 25 + 4 * 2)) ]
fi

# The timer clock loses what a thread ran since its last tick when it
# exits: longer threads.
GMON_SAMPLER=timer GMON_RATE=1000 run_prog ./prog 2 150 >out 2>err ||
	bad "timer: failed"
quiet_stderr "timer clock" err
ratio_ok "timer clock, 1000 Hz, 2 threads"

# Threads that block SIGPROF while they spin, and exit so: no signal
# reaches them, but their clocks counted their CPU time, which goes
# where they were last seen (it was lost when no signal had ever come:
# a timer the kernel did not look at for a thread's whole life, as
# happened under load, lost that thread's time).
samplers="perf timer"
if qemu; then
	samplers=timer
	not_under_qemu "perf's clock with SIGPROF blocked (no perf_event_open)"
fi
for sampler in $samplers; do
	GMON_SAMPLER=$sampler GMON_RATE=1000 run_prog ./prog 2 100 block >out 2>err ||
		bad "$sampler, SIGPROF blocked: failed"
	quiet_stderr "$sampler, SIGPROF blocked" err
	# shellcheck disable=SC2046
	ratio_ok "$sampler clock, SIGPROF blocked in 2 threads" \
		$(qemu && echo total-only)
done

qemu && sampled_hi=1.35
GMON_SAMPLER=itimer GMON_RATE=1000 run_prog ./prog 1 300 >out 2>err ||
	bad "itimer: failed"
quiet_stderr "itimer" err
check "itimer: the file says 100 Hz, the rate ITIMER_PROF keeps" \
	grep -q 'rate=100 ' "$("$GMONDUMP" -s gmon.out >d.txt; echo d.txt)"
ratio_ok "itimer, 100 Hz"

GMON_SAMPLER=off run_prog ./prog 1 20 >out 2>err || bad "off: failed"
quiet_stderr "sampler off" err
check "sampler off: no samples" \
	grep -q 'samples=0 ' "$("$GMONDUMP" -s gmon.out >d.txt; echo d.txt)"
expect_calls prog gmon.out spin 2

# No clock at all: timer_create fails without room for one pending
# signal.
if command -v prlimit >/dev/null 2>&1; then
	GMON_SAMPLER=timer prlimit --sigpending=0 $RUN_TARGET ./prog 1 20 >out 2>err
	one_line "no clock" err \
		'^libgmon: no time was sampled: timer_create: .*GMON_SAMPLER'
	expect_calls prog gmon.out spin 2
	# The default falls back to a perf clock then, at the rate
	# asked: nothing to say (under qemu-user to ITIMER_PROF, which
	# keeps 100 Hz, and says so).
	GMON_DEBUG=1 prlimit --sigpending=0 $RUN_TARGET ./prog 1 300 >out 2>err ||
		bad "no timer: failed"
	if qemu; then
		check "no timer: ITIMER_PROF, said at exit" grep -q \
			'^libgmon: sampled at 100 Hz with ITIMER_PROF, not 1000 Hz: per-thread clocks failed (timer_create: ' err
	else
		check "no timer: the default falls back to a perf clock" \
			grep -q '^libgmon: start: .*; clock: perf task clock,' err
		check "no timer: nothing said but GMON_DEBUG's lines" \
			test -z "$(grep -v '^libgmon: \(near\|start\|dump\):' err)"
	fi
	ratio_ok "no timer, the fallback clock"
else
	missing_tool "prlimit (package util-linux)" "the no-clock case"
fi

finish
