#!/bin/sh
# rt-fork.sh - after fork, the child starts with empty tables and its
# own clock, and writes its own file: gmon.out.PID without
# GMON_OUT_PREFIX (glibc's child overwrites the parent's gmon.out),
# PREFIX.PID with it; the files of its shared libraries go to
# gmon.out-objs.PID, PREFIX-objs.PID.

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
need_runtime

rt_cc prog "$PROGRAMS/rt-fork.c" -O2 -pg

# check_pair PARENT_FILE CHILD_FILE
check_pair () {
	expect_calls prog "$1" before 3
	expect_calls prog "$1" after 5
	expect_calls prog "$1" parent_burn 1
	[ -z "$(flat_calls prog "$1" in_child)" ] ||
		bad "$1: the parent's profile has the child's calls"
	expect_calls prog "$2" in_child 7
	expect_calls prog "$2" child_burn 1
	for f in before after parent_burn; do
		[ -z "$(flat_calls prog "$2" $f)" ] ||
			bad "$2: the child's profile has the parent's $f"
	done
	t=$(flat_self prog "$2" child_burn)
	if awk -v t="$t" 'BEGIN { exit !(t >= 0.05) }'; then
		ok "$2: the child was sampled ($t s in child_burn)"
	else
		bad "$2: the child was not sampled ($t s in child_burn)"
	fi
}

run_prog ./prog >out 2>err || bad "the program failed"
quiet_stderr "no prefix" err
child=$(awk '$1 == "child" { print $2 }' out)
parent=$(awk '$1 == "parent" { print $2 }' out)
[ -n "$child" ] && [ -n "$parent" ] || hard_error "no pids: $(cat out)"
check "gmon.out and gmon.out.$child are there" \
	test -f gmon.out -a -f "gmon.out.$child"
check "no other profile" test "$(ls -d gmon.out* | grep -vc -- -objs)" -eq 2
check "and the files of their libraries beside them, one directory each" \
	test -d gmon.out-objs -a -d "gmon.out-objs.$child" \
	-a "$(ls -d gmon.out* | grep -c -- -objs)" -eq 2
check_pair gmon.out "gmon.out.$child"

mkdir pfx
GMON_OUT_PREFIX=pfx/run run_prog ./prog >out 2>err || bad "the program failed"
quiet_stderr "prefix" err
child=$(awk '$1 == "child" { print $2 }' out)
parent=$(awk '$1 == "parent" { print $2 }' out)
check "pfx/run.$parent and pfx/run.$child are there, and nothing else" \
	test -f "pfx/run.$parent" -a -f "pfx/run.$child" \
	-a -d "pfx/run-objs.$parent" -a -d "pfx/run-objs.$child" \
	-a "$(ls pfx | wc -l)" -eq 4
check_pair "pfx/run.$parent" "pfx/run.$child"

finish
