#!/bin/sh
# rt-exits.sh - never lose a profile.
#
#   A profile is written however the program ends: exit, _exit, _Exit,
#   a fatal signal (SIGSEGV, SIGABRT, SIGFPE, SIGILL, SIGBUS, SIGTERM,
#   SIGINT; a stack overflow too), and before exec; the exit status, the signal it dies of
#   and its core dump are those of the same program without libgmon; a
#   signal the program handles or ignores stays the program's.  On
#   demand: GMON_DUMP_SIGNAL and GMON_DUMP_INTERVAL.  A fork+exec chain
#   with a prefix leaves one file per program, none overwritten.  A
#   signal that lands in mcount or in the dumper still leaves a profile
#   (and no hang).  glibc writes nothing in any of these cases.

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
need_runtime

rt_cc prog "$PROGRAMS/rt-exits.c" -O2 -pg -I"$top_srcdir/include"
# The same program, not profiled: the status to expect.  (gmon_dump
# comes from a stub.)
echo 'int gmon_dump (void) { return 0; }' >stub.c
$CC $RT_CFLAGS_TEST -O2 -I"$top_srcdir/include" -o plain \
	"$PROGRAMS/rt-exits.c" stub.c -lpthread || hard_error "cannot build plain"

# run_mode ARGS...: runs the program in a fresh directory run/, with cores
# where the kernel puts them; sets rc, and rc_plain for the program
# without libgmon.
run_mode () {
	rm -rf run && mkdir run && cd run || hard_error "mkdir run"
	(ulimit -c 0; exec $RUN_TARGET ../plain "$@" >/dev/null 2>&1)
	rc_plain=$?
	(ulimit -c 0; exec $RUN_TARGET ../prog "$@" >out 2>err)
	rc=$?
	# qemu-user reports the signal a program dies of itself.
	if qemu && [ -f err ]; then
		grep -v '^qemu: uncaught target signal' err >err.q
		mv err.q err
	fi
	cd ..
}

for mode in exit _exit _Exit segv abort fpe ill bus overflow term int \
	handled ignored; do
	run_mode "$mode"
	check "$mode: exit status $rc, as without libgmon ($rc_plain)" \
		test "$rc" = "$rc_plain"
	if [ -f run/gmon.out ]; then
		expect_calls prog run/gmon.out tick 1000
	else
		bad "$mode: no gmon.out"
	fi
	quiet_stderr "$mode" run/err
done
run_mode handled
expect_calls prog run/gmon.out in_handler 1
run_mode segv
check "segv: 128 + SIGSEGV ($rc)" test "$rc" = 139
check "segv: the companion says so" \
	grep -q ' end=signal signal=11 ' \
	"$("$GMONDUMP" run/gmon.out-objs/objects.gmonx >d.txt; echo d.txt)"

# The core dump is the kernel's, as without libgmon (only where the
# kernel writes cores into the working directory).
if qemu; then
	not_under_qemu "core dumps (qemu-user writes its own, qemu_*.core)"
else
case $(cat /proc/sys/kernel/core_pattern 2>/dev/null) in
core*)
	for mode in segv abort; do
		for p in plain prog; do
			rm -rf "core-$p" && mkdir "core-$p"
			(cd "core-$p" && ulimit -c unlimited &&
			 exec "../$p" "$mode" >/dev/null 2>&1)
		done
		if [ -z "$(ls core-plain | grep '^core')" ]; then
			partial_skip "no core dump even without libgmon" \
				"(ulimit -c): core dumps not checked"
			break
		fi
		check "$mode: a core dump, as without libgmon" \
			test -n "$(ls core-prog | grep '^core')"
		check "$mode: the profile beside it" test -f core-prog/gmon.out
	done ;;
*)	partial_skip "core dumps not checked (core_pattern is not core*:" \
		"$(cat /proc/sys/kernel/core_pattern 2>/dev/null))" ;;
esac
fi

# exec: the profile of the program exec replaces, then the new
# program's own, numbered (same pid).
if qemu; then
	not_under_qemu "exec of a target program (no binfmt_misc registration for qemu)"
else
rt_cc hello "$PROGRAMS/rt-calls.c" -O2 -pg
for mode in exec execvp execl execlp execle; do
	rm -rf ex && mkdir ex && cd ex || hard_error "mkdir ex"
	case $mode in
	execvp|execlp)
		PATH=$work:$PATH GMON_OUT_PREFIX=p run_prog ../prog $mode hello 3 \
			>out 2>err ;;
	*)	GMON_OUT_PREFIX=p run_prog ../prog $mode ../hello 3 >out 2>err ;;
	esac
	check "$mode: the new program ran" test $? = 0
	quiet_stderr "$mode" err
	set -- p.[0-9]*
	before=$1
	case $mode in
	execle)	# its environment is the program's own, without the prefix
		after=$(ls gmon.out.[0-9]*.1 2>/dev/null) ;;
	*)	after=$(ls p.[0-9]*.1 2>/dev/null) ;;
	esac
	check "$mode: two profiles ($before, $after)" \
		test -f "$before" -a -n "$after" -a -f "$after"
	expect_calls ../prog "$before" tick 1000
	[ -n "$after" ] && expect_calls ../hello "$after" leaf 1000
	cd ..
done
fi
run_mode badexec
check "badexec: profiling went on after exec failed" test "$rc" = 0
expect_calls prog run/gmon.out tick 1500

# fork + exec: one file per program of each process, none clobbered.
if qemu; then
	not_under_qemu "fork + exec and exec chains (no binfmt_misc registration for qemu)"
else
mkdir chain
GMON_OUT_PREFIX=chain/p run_prog ./prog chain 3 >out 2>err ||
	bad "chain: the program failed"
quiet_stderr "chain" err
set -- $(awk '$1 == "pid" { print $2 }' out)
check "chain: four processes" test $# -eq 4
check "chain: 7 profiles (the first program, then per child: before and after exec)" \
	test "$(ls chain | grep -vc -- -objs)" -eq 7
expect_calls prog "chain/p.$1" tick 13
depth=12
for pid in $2 $3 $4; do
	expect_calls prog "chain/p.$pid" in_child 1
	expect_calls prog "chain/p.$pid.1" tick $depth
	depth=$((depth - 1))
done
# exec without fork: one process, three programs.
mkdir self
GMON_OUT_PREFIX=self/p run_prog ./prog self 2 >out 2>err || bad "self: failed"
pid=$(awk '$1 == "pid" { print $2; exit }' out)
expect_calls prog "self/p.$pid" tick 12
expect_calls prog "self/p.$pid.1" tick 11
expect_calls prog "self/p.$pid.2" tick 10
fi

# On demand: a signal, and an interval.
rm -rf run && mkdir run && cd run || hard_error "mkdir run"
GMON_DUMP_SIGNAL=USR2 run_prog ../prog dumpsig >out 2>err || bad "dumpsig: failed"
quiet_stderr "dumpsig" err
expect_calls ../prog mid.out tick 1000
expect_calls ../prog gmon.out tick 1500
grep -q ' end=dump-signal signal=12 ' \
	"$("$GMONDUMP" gmon.out-objs/objects.gmonx >d.txt; echo d.txt)" &&
	bad "dumpsig: the last dump is not the one at exit"
# The interval's first dump comes 1 s after start-up: not before (a
# bound load cannot break), and the program waits for it up to 60 s
# (a hang, not a busy machine).
rm -f gmon.out
GMON_DUMP_INTERVAL=1 run_prog ../prog interval 60000 >out 2>err ||
	bad "interval: failed"
quiet_stderr "interval" err
seen=$(awk '$1 == "seen" { print $2 }' out)
check "interval: gmon.out appeared while the program ran, after ${seen:-no} ms" \
	test -n "$seen"
check "interval: ... not before the interval of 1 s (${seen:-no} ms)" \
	test "${seen:-0}" -ge 900
cd ..

# A signal in mcount, a signal in the dumper: a profile all the same,
# and the right status.
for i in 1 2 3; do
	run_mode mcount-kill
	check "mcount-kill $i: died of SIGSEGV ($rc)" test "$rc" = 139
	# The killer waits for 2000 calls after the first 1000.
	_n=$(flat_calls prog run/gmon.out tick)
	check "mcount-kill $i: profile up to the signal ($_n calls, 3000 or more)" \
		test -n "$_n" && test "$_n" -ge 3000
	run_mode dump-kill
	check "dump-kill $i: died of SIGTERM ($rc)" test "$rc" = 143
	expect_calls prog run/gmon.out tick 1000
	check "dump-kill $i: the last dump is the one of the signal" \
		grep -q ' end=signal signal=15 ' \
		"$("$GMONDUMP" run/gmon.out-objs/objects.gmonx >d.txt; echo d.txt)"
done

# abort () from a signal handler in the middle of the dump at exit, in
# the thread that writes it: the dump the signal interrupted never
# resumes, so the profile is written again, whole (or a line says
# why).  30 runs.
lost=0 said=0 i=0
while [ $i -lt 30 ]; do
	run_mode exit-abort
	if [ -f run/gmon.out ] && [ "$(flat_calls prog run/gmon.out tick)" = 1000 ] &&
		"$GMONDUMP" run/gmon.out-objs/objects.gmonx 2>/dev/null |
		grep -q ' end=signal signal=6 \| end=exit '; then
		:
	elif [ -s run/err ]; then
		said=$((said + 1))
		sed 's/^/exit-abort: /' run/err
	else
		lost=$((lost + 1))
		echo "exit-abort $i: status $rc, no profile, nothing said"
	fi
	[ -z "$(ls -A run | grep '\.tmp$')" ] ||
		{ lost=$((lost + 1)); echo "exit-abort $i: a temporary file left"; }
	i=$((i + 1))
done
check "exit-abort: 30 runs, every profile written ($said said why not, $lost lost)" \
	test $lost -eq 0 -a $said -eq 0

finish
