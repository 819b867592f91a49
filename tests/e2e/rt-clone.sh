#!/bin/sh
# rt-clone.sh - children that clone makes write a profile, or say why
# not.
#
#   A child of clone (3) without CLONE_VM runs no fork handler: it
#   wrote no profile and said nothing.  Now it writes its own
#   (gmon.out.PID, its calls only), whether its function returns or it
#   calls exit.  One made by the clone system call itself cannot (its
#   counts are a copy of its parent's): it says so, once, on its
#   standard error.  A child that shares the memory (CLONE_VM, a
#   thread not made by pthread_create) counts into the process's
#   profile.  The parent's profile is its own in every case.

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
need_runtime

rt_cc prog "$PROGRAMS/rt-clone.c" -O2 -pg

modes="fork exit raw vm thread"
if qemu; then
	# qemu-user refuses CLONE_VM without CLONE_THREAD, and keeps a
	# page's MADV_WIPEONFORK to itself
	not_under_qemu "a child of the clone system call, and CLONE_VM without a thread"
	modes="fork exit thread"
fi
for m in $modes; do
	mkdir $m
	(cd $m && run_prog ../prog $m >out 2>err) || bad "$m: the program failed"
	child=$(awk '$1 == "child" { print $2 }' $m/out)
	expect_calls prog $m/gmon.out parent_work 10
	case $m in
	fork|exit)
		check "$m: the child wrote gmon.out.$child" test -f $m/gmon.out.$child
		[ -f $m/gmon.out.$child ] || continue
		expect_calls prog $m/gmon.out.$child child_work 1000
		check "$m: the child's profile has none of its parent's calls" \
			test -z "$(flat_calls prog $m/gmon.out.$child parent_work)"
		check "$m: the parent's profile has none of the child's" \
			test -z "$(flat_calls prog $m/gmon.out child_work)"
		quiet_stderr "$m" $m/err ;;
	raw)
		one_line "$m" $m/err "^libgmon: no profile written for process $child \\(at its _exit\\): it was made by the clone system call, which runs no fork handler"
		check "$m: no file of the child's" test ! -e $m/gmon.out.$child ;;
	vm|thread)
		expect_calls prog $m/gmon.out child_work 1000
		quiet_stderr "$m" $m/err ;;
	esac
done
finish
