#!/bin/sh
# rt-regs.sh - mcount preserves every register the program relies on:
# integer and vector arguments, the vector count of a variadic call,
# the static chain of a nested function, and errno, on the slow path
# (a new arc) and the fast path, for -pg and -pg -mfentry, -O0 and
# -O2, linked as libgmon.so (fast path copied next to the program) and
# libgmon.a.

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
need_runtime

for entry in $RT_ENTRIES; do
	for opt in O0 O2; do
		for lib in so a; do
			v=$entry-$opt-$lib
			flags="-$opt -pg"
			[ $entry = fentry ] && flags="$flags -mfentry"
			mkdir "$v" && cd "$v" || hard_error "mkdir $v"
			if [ $lib = so ]; then
				# shellcheck disable=SC2086
				rt_cc prog "$PROGRAMS/rt-regs.c" $flags
			else
				# shellcheck disable=SC2086
				rt_cc_static prog "$PROGRAMS/rt-regs.c" $flags
			fi
			if run_prog ./prog >out 2>err; then
				ok "$v: every register came back"
			else
				bad "$v: $(cat out err)"
			fi
			expect_calls prog gmon.out floats 3
			cd ..
		done
	done
done

finish
