#!/bin/sh
# rt-signals.sh - no timer or signal of libgmon's changes what the
# program's system calls do.
#
#   sleep, nanosleep, poll, select, epoll_wait and a read of a pipe
#   take their full time, in a program and in its fork child, under
#   every mode of libgmon that has a clock or a timer: each sampler,
#   GMON_CLOCK=wall, GMON_CONTEXT, GMON_DUMP_INTERVAL (whose timer was
#   a SIGPROF to the process, which cut sleep (3) after 1 s), and
#   ITIMER_PROF with libgmon's own threads (which blocked its SIGPROF
#   when their CPU time made it expire: the kernel gave it to a
#   sleeping thread of the program); and a thread that spends CPU time
#   and then enters a short poll, nanosleep or select is never cut by
#   its own clock's signal either (the kernel sends those on the way
#   back to user mode).

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
need_runtime

rt_cc prog "$PROGRAMS/rt-syscalls.c" -O2 -pg
$CC $RT_CFLAGS_TEST -O2 -o plain "$PROGRAMS/rt-syscalls.c" -lpthread ||
	hard_error "cannot build plain"

# Under qemu-user the emulator itself may return EINTR for a signal
# that lands as a thread enters a call: only the long calls there.
spins=150
if qemu; then
	not_under_qemu "the short calls after CPU time (qemu's own signal handling)"
	spins=0
fi

# Every mode at once (they sleep, mostly), each in its own directory.
modes="none auto perf timer itimer wall context interval interval-wall itimer-wall itimer-interval"
for m in $modes; do
	mkdir "$m"
	case $m in
	none)	 set -- ../plain ;;
	auto)	 set -- env ../prog ;;
	perf)	 set -- env GMON_SAMPLER=perf ../prog ;;
	timer)	 set -- env GMON_SAMPLER=timer ../prog ;;
	itimer)	 set -- env GMON_SAMPLER=itimer ../prog ;;
	wall)	 set -- env GMON_CLOCK=wall ../prog ;;
	context) set -- env GMON_CONTEXT=16 ../prog ;;
	interval) set -- env GMON_DUMP_INTERVAL=1 GMON_DEBUG=1 ../prog ;;
	interval-wall) set -- env GMON_DUMP_INTERVAL=1 GMON_CLOCK=wall GMON_CONTEXT=8 ../prog ;;
	itimer-wall) set -- env GMON_SAMPLER=itimer GMON_CLOCK=wall ../prog ;;
	itimer-interval) set -- env GMON_SAMPLER=itimer GMON_DUMP_INTERVAL=1 ../prog ;;
	esac
	(cd "$m" && $RUN_TARGET "$@" $spins >out 2>err; echo $? >rc) &
done
wait
for m in $modes; do
	check "$m: every call took its full time (status $(cat $m/rc))" \
		test "$(cat $m/rc)" = 0
	grep FAIL "$m/out" | sed "s/^/$m: /"
	check "$m: parent and child each report 7 calls" \
		test "$(grep -c ' ok$\| ok \| FAIL' "$m/out")" = 14
done
# Each process dumped once a second while its calls went on (a
# parent's and a child's, about 9 s each), and at exit.
n=$(grep -c '^libgmon: dump: ' interval/err)
check "interval: the dumps were written as the program went on ($n)" \
	test "$n" -ge 6
check "interval: the child's file too" test -n "$(ls interval/gmon.out.[0-9]*)"
finish
