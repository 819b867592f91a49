#!/bin/sh
# ctx-stress.sh - the stack walk of GMON_CONTEXT never faults: garbage
# frame pointers, code without unwind tables, recursion deeper than
# any limit, coroutine and alternate signal stacks, threads, fork; -pg
# and -pg -mfentry, sampled fast.  What it records reads back, and
# gprof's measured graph never shows more than the total.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
. "$top_srcdir/tests/e2e/ctx-lib.sh"
need_runtime
unset GMON_CONTEXT GMON_OUT_PREFIX GMON_OBJECTS GMON_RATE GMON_CLOCK
# Sampled fast: the perf clock signals at GMON_RATE (the default timer
# at the kernel's tick); qemu-user has no perf clock.
if ! qemu; then
	GMON_SAMPLER=perf
	export GMON_SAMPLER
fi

# field NAME FILE: the value of NAME=... on FILE's context line.
field () {
	sed -n "s/^context .*$1=\([0-9]*\).*/\1/p" "$2"
}

for flags in $RT_PG_FLAGS; do
	flags=$(echo "$flags" | tr _ ' ')
	t=$(echo "$flags" | tr -d ' ')
	rt_cc stress$t "$PROGRAMS/ctx-stress.c" -O2 $flags
	for depth in 1 64 1024; do
		d=stress$t.$depth
		mkdir $d
		if (cd $d && GMON_RATE=20000 GMON_CONTEXT=$depth \
			$RUN_TARGET "$work/stress$t" >out 2>err); then
			ok "$d: ran"
		else
			bad "$d: died: $(cat $d/err)"
			continue
		fi
		quiet_stderr "$d" $d/err
		"$GMONDUMP" $d/gmon.out-objs/objects.gmonx >$d/dump.txt ||
			{ bad "$d: the companion does not read"; continue; }
		check "$d: the depth is recorded" \
			grep -q "^context depth=$depth " $d/dump.txt
		check "$d: contexts were recorded" \
			grep -q '^contexts: [1-9]' $d/dump.txt
		# The coroutine and the signal handler on its own stack run
		# on stacks that are not walked.
		check "$d: samples on other stacks were not walked" \
			test "$(field unwalked $d/dump.txt)" -gt 0
		if qemu && [ "$(field lost $d/dump.txt)" -ne 0 ]; then
			# The open question of the fork child's contexts
			# below: seen under qemu-user only.
			not_under_qemu "$d: $(field lost $d/dump.txt) samples" \
				"lost their context (an open question)"
		else
		check "$d: no sample lost its context" \
			test "$(field lost $d/dump.txt)" -eq 0
		fi
		if [ $depth -lt 1024 ] && qemu &&
			! grep -q '^node [0-9]* cut ' $d/dump.txt; then
			not_under_qemu "$d: no sample fell in the deep" \
				"recursion (a few ms under qemu), so no cut stack"
		elif [ $depth -lt 1024 ]; then
			check "$d: deep stacks were cut at the depth" \
				grep -q '^node [0-9]* cut ' $d/dump.txt
		fi
		# The fork child's own profile has contexts too.
		child=$(ls -d $d/gmon.out-objs.* 2>/dev/null | head -n 1)
		if qemu; then
			# Seen under qemu-user only, one run in a few: the
			# child's samples all counted lost (no room for a
			# node), an open question.
			not_under_qemu "$d: the fork child's contexts" \
				"(sometimes all lost under qemu-user)"
		else
		check "$d: the fork child has contexts" test -n "$child" -a \
			-n "$("$GMONDUMP" "$child/objects.gmonx" 2>/dev/null |
			      grep '^contexts: [1-9]')"
		fi
		"$GPROF" -b -q stress$t $d/gmon.out >$d/graph.txt \
			2>$d/gprof.err ||
			bad "$d: gprof failed: $(cat $d/gprof.err)"
		graph_bounded "$d" $d/graph.txt
	done
done

# A bad value is refused, once, and profiling goes on without.
mkdir bad
(cd bad && GMON_CONTEXT=lots $RUN_TARGET "$work/stress-pg" >out 2>err) ||
	bad "bad value: the program died"
# (Once by the program, once by its fork child.)
check "bad value: said once per process" test "$(grep -c \
	'^libgmon: GMON_CONTEXT=lots was ignored' bad/err)" -eq 2 -a \
	"$(wc -l <bad/err)" -eq 2
check "bad value: no contexts" test -z \
	"$("$GMONDUMP" bad/gmon.out-objs/objects.gmonx | grep '^context')"

finish
