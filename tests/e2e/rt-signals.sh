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
#
#   A SIGPROF that another process sends (kill, sigqueue, tgkill) is
#   no sample: a program that gets 1000 of them while it spends its
#   CPU time has samples for that time only, and it is not killed; a
#   handler of SIGPROF that the program installed before profiling
#   started gets them.

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
need_runtime

rt_cc prog "$PROGRAMS/rt-syscalls.c" -O2 -pg
$CC $RT_CFLAGS_TEST -O2 -o plain "$PROGRAMS/rt-syscalls.c" -lpthread ||
	hard_error "cannot build plain"

# Every mode at once (they sleep, mostly), each in its own directory.
modes="none auto perf timer itimer wall context interval interval-wall itimer-wall itimer-interval"
# Under qemu-user the emulator itself may return EINTR for a signal
# that lands as a thread enters a call, and ITIMER_PROF's signal, the
# process's, may come to a thread of qemu's or to one blocked in the
# host's call: the long calls only, without ITIMER_PROF.  And qemu 7.2
# aborts a fork child that starts a thread when its parent had two
# (plugins/core.c: qemu_plugin_vcpu_init_hook: assertion failed), as
# the child of a process with libgmon's wall-clock or interval thread
# does: those modes are checked natively.
spins=150
if qemu; then
	not_under_qemu "the short calls after CPU time, ITIMER_PROF (qemu's own signal handling), and libgmon's wall-clock and interval threads (qemu aborts a fork child that starts a thread)"
	spins=0
	modes="none auto timer context"
fi
for m in $modes; do
	mkdir "$m"
	# The variables in "$@", through env before $RUN_TARGET (qemu
	# runs the target's program, not env).
	p=../prog
	case $m in
	none)	 p=../plain; set -- ;;
	auto)	 set -- ;;
	perf)	 set -- GMON_SAMPLER=perf ;;
	timer)	 set -- GMON_SAMPLER=timer ;;
	itimer)	 set -- GMON_SAMPLER=itimer ;;
	wall)	 set -- GMON_CLOCK=wall ;;
	context) set -- GMON_CONTEXT=16 ;;
	interval) set -- GMON_DUMP_INTERVAL=1 GMON_DEBUG=1 ;;
	interval-wall) set -- GMON_DUMP_INTERVAL=1 GMON_CLOCK=wall GMON_CONTEXT=8 ;;
	itimer-wall) set -- GMON_SAMPLER=itimer GMON_CLOCK=wall ;;
	itimer-interval) set -- GMON_SAMPLER=itimer GMON_DUMP_INTERVAL=1 ;;
	esac
	(cd "$m" && env "$@" $RUN_TARGET $p $spins >out 2>err
	 echo $? >rc) &
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
if ! qemu; then
	n=$(grep -c '^libgmon: dump: ' interval/err)
	check "interval: the dumps were written as the program went on ($n)" \
		test "$n" -ge 6
	check "interval: the child's file too" test -n "$(ls interval/gmon.out.[0-9]*)"
fi
# ---------------------------------------------------------------------
# SIGPROF from another process.

if qemu; then
	not_under_qemu "SIGPROF from another process (qemu-user cannot exec a target program)"
	finish
fi

$CC $RT_CFLAGS_TEST -O2 -o sigsend "$PROGRAMS/rt-sigsend.c" ||
	hard_error "cannot build sigsend"
rt_cc sigprof "$PROGRAMS/rt-sigprof.c" -O2 -pg
$CC $RT_CFLAGS_TEST -O2 -pg -c -o sigprof.o "$PROGRAMS/rt-sigprof.c" &&
	$CC $RT_CFLAGS_TEST -O2 -c -o early.o "$PROGRAMS/rt-sigprof-early.c" ||
	hard_error "cannot build sigprof-early"
# (linked without -pg: profiling starts at the first call of mcount,
# after early.o's constructor installed its handler)
rt_cc sigprof-early sigprof.o early.o

# sent DESC PROG [VAR=VALUE...]: PROG gets 1000 SIGPROFs from another
# process; sets cpu (its CPU seconds), sampled (the seconds its
# samples stand for) and handler.
sent () {
	_d=$1 _p=$2; shift 2
	mkdir "sent-$_d" && cd "sent-$_d" || hard_error "mkdir"
	env "$@" $RUN_TARGET ../sigsend 1000 ../$_p >out 2>err
	_rc=$?
	check "$_d: 1000 SIGPROFs from another process did not end it (status $_rc)" \
		test $_rc -eq 0
	cpu=$(awk '$1 == "cpu_us" { printf "%.3f", $2 / 1e6 }' out)
	handler=$(awk '$1 == "handler" { print $2 }' out)
	# every sample of every object, at its rate (the companion's)
	sampled=$("$GMONDUMP" gmon.out-objs/objects.gmonx 2>/dev/null | awk \
		'$1 == "process" { for (i = 2; i <= NF; i++) { split ($i, kv, "=")
			v[kv[1]] = kv[2] } printf "%.3f", v["samples"] / v["rate"] }')
	cd ..
}

for s in auto timer itimer; do
	sent $s sigprof GMON_SAMPLER=$s
	check "$s: no sample for them: $sampled s sampled of $cpu s of CPU time" \
		awk -v s="$sampled" -v c="${cpu:-0}" \
		'BEGIN { exit !(c > 0.2 && s <= c * 1.25 + 0.03 && s >= c * 0.5) }'
done
sent early sigprof-early
check "early handler: no sample for them: $sampled s sampled of $cpu s of CPU time" \
	awk -v s="$sampled" -v c="${cpu:-0}" \
	'BEGIN { exit !(c > 0.2 && s <= c * 1.25 + 0.03 && s >= c * 0.5) }'
# (SIGPROF is not queued: some of the 1000 merge on a busy machine)
check "early handler: the program's own handler got them ($handler)" \
	test "${handler:-0}" -ge 1 -a "${handler:-0}" -le 1000
finish
