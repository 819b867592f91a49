#!/bin/sh
# rt-threads.sh - exact arc counts with any number of threads (glibc
# loses 30-55% of them with two), the threads of a second round taking
# over the tables of the first, and every thread sampled.

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
need_runtime

for lib in so a; do
	mkdir "$lib" && cd "$lib" || hard_error "mkdir $lib"
	if [ $lib = so ]; then
		rt_cc prog "$PROGRAMS/rt-threads.c" -O2 -pg -pthread
	else
		rt_cc_static prog "$PROGRAMS/rt-threads.c" -O2 -pg -pthread
	fi
	for n in 2 8; do
		rm -f gmon.out
		run_prog ./prog $n 30 >out 2>err || bad "$lib: $n threads: failed"
		quiet_stderr "$lib, $n threads" err
		runs=$((2 * n))
		expect_calls prog gmon.out leaf $((runs * 100000))
		expect_calls prog gmon.out spin $runs
		expect_graph prog gmon.out \
			"$runs\\+$((runs * 8360)) +fib" \
			"$n threads: fib called $runs+$((runs * 8360)) times"
		# Every thread is sampled: spin holds the time of all
		# of them (CPU time of 2n x 30 ms; loosely).
		spin=$(flat_self prog gmon.out spin)
		if awk -v s="$spin" -v n="$runs" \
			'BEGIN { exit !(s >= 0.5 * n * 0.030) }'; then
			ok "$lib, $n threads: spin has $spin seconds"
		else
			bad "$lib, $n threads: spin has $spin seconds," \
				"expected about $(awk -v n=$runs \
				'BEGIN { print n * 0.030 }')"
		fi
	done
	cd ..
done

finish
