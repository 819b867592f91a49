#!/bin/sh
# ctx-measured.sh - children times measured from calling contexts
# (GMON_CONTEXT): the gprof manual's own counter-example, recursion and
# mutual recursion, against GNU gprof's estimates; and the output of a
# profile without contexts, or read with --no-contexts, stays GNU
# gprof's byte for byte.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
. "$top_srcdir/tests/e2e/ctx-lib.sh"
need_runtime
unset GMON_CONTEXT GMON_OUT_PREFIX GMON_OBJECTS GMON_RATE GMON_CLOCK

# run DIR PROG [VAR=VALUE...]: runs PROG (built in the scratch
# directory) in DIR, afresh, with the variables given.
run () {
	_dir=$1 _prog=$2
	shift 2
	mkdir -p "$_dir" && rm -rf "$_dir"/gmon.out "$_dir"/gmon.out-objs
	(cd "$_dir" && env "$@" $RUN_TARGET "$work/$_prog" >/dev/null) ||
		hard_error "$_prog failed in $_dir"
}

# graphs DIR PROG: DIR/ours.txt (measured), DIR/gnu.txt, DIR/none.txt
# (ours with --no-contexts), each gprof -b -q, and the stderr of ours.
graphs () {
	"$GPROF" -b -q "$2" "$1/gmon.out" >"$1/ours.txt" 2>"$1/ours.err" ||
		bad "$1: gprof failed: $(cat "$1/ours.err")"
	gnu_gprof -b -q "$2" "$1/gmon.out" >"$1/gnu.txt" 2>/dev/null ||
		bad "$1: GNU gprof cannot read our gmon.out"
	"$GPROF" -b -q --no-contexts "$2" "$1/gmon.out" >"$1/none.txt"
}

# no_contexts GMONX: GMONX holds no calling contexts.
no_contexts () {
	"$GMONDUMP" "$1" >"$1.txt" && ! grep -q '^context' "$1.txt"
}

# The flat profile with total/call left out and self/call in ms/call.
flat_per_call='
/[a-z]s\/call/ { u = $0; sub (/\/call.*/, "", u); sub (/.* /, "", u)
	gsub (/[a-z]*s\/call/, "ms/call") }
NF == 7 { $6 = "" }
NF == 7 && $5 ~ /^[0-9.]+$/ {
	$5 = sprintf ("%.2f", $5 * (u == "s" ? 1e3 : u == "us" ? 1e-3 : u == "ns" ? 1e-6 : 1)) }
{ print }'

# common DIR PROG: what holds for every measured profile.
common () {
	quiet_stderr "$1: gprof" "$1/ours.err"
	check "$1: the header says the times are measured" \
		grep -q '^children times measured from calling contexts (GMON_CONTEXT=64)' \
		"$1/ours.txt"
	graph_bounded "$1: measured" "$1/ours.txt"
	same_file "$1: --no-contexts prints GNU gprof's call graph" \
		"$1/gnu.txt" "$1/none.txt"
	# The flat profile's total time per call comes from the call
	# graph, measured too; the rest is GNU gprof's.  Its unit (ms/call,
	# us/call ...) is chosen for both per-call columns, by the larger:
	# self/call is compared in ms/call, to two decimals (what the coarser
	# of ms and us shows).
	gnu_gprof -b -p "$2" "$1/gmon.out" 2>/dev/null |
		awk "$flat_per_call" >"$1/gnu-flat.txt"
	"$GPROF" -b -p "$2" "$1/gmon.out" 2>&1 |
		awk "$flat_per_call" >"$1/flat.txt"
	same_file "$1: the flat profile is GNU gprof's but for total/call" \
		"$1/gnu-flat.txt" "$1/flat.txt"
}

for flags in $RT_PG_FLAGS; do
	flags=$(echo "$flags" | tr _ ' ')
	t=$(echo "$flags" | tr -d ' ')
	rt_cc foo$t "$PROGRAMS/ctx-foo.c" -O2 $flags
	rt_cc rec$t "$PROGRAMS/ctx-rec.c" -O2 $flags

	# The manual's counter-example.
	d=foo$t.ctx
	run $d foo$t GMON_CONTEXT=64
	graphs $d foo$t
	common $d foo$t
	foo=$(col 1 "$(graph_line $d/ours.txt foo self)")
	share "$d: GNU gprof charges a half of foo" \
		"$(col 1 "$(graph_line $d/gnu.txt foo parent a)")" "$foo" 0.4 0.6
	share "$d: measured, a has next to none of foo" \
		"$(col 1 "$(graph_line $d/ours.txt foo parent a)")" "$foo" 0 0.05
	share "$d: measured, b has about all of foo" \
		"$(col 1 "$(graph_line $d/ours.txt foo parent b)")" "$foo" 0.95 1.05
	share "$d: a's children are next to nothing" \
		"$(col 2 "$(graph_line $d/ours.txt a self)")" "$foo" 0 0.05
	share "$d: b's children are foo's time" \
		"$(col 2 "$(graph_line $d/ours.txt b self)")" "$foo" 0.95 1.05
	share "$d: main's children are the whole run" \
		"$(col 2 "$(graph_line $d/ours.txt main self)")" \
		"$(graph_total $d/ours.txt)" 0.97 1.01
	# The flat profile's total per call: b's calls cost all of foo.
	share "$d: b's total time per call, measured" "$("$GPROF" -b -p \
		foo$t $d/gmon.out | awk '$NF == "b" { print $6 }')" \
		"$("$GPROF" -b -p foo$t $d/gmon.out |
		   awk '$NF == "foo" { print $6 }')" 1.9 2.1

	# Self recursion and a cycle, under a callee main calls as often
	# for nothing.
	d=rec$t.ctx
	run $d rec$t GMON_CONTEXT=64
	graphs $d rec$t
	common $d rec$t
	spin=$(col 1 "$(graph_line $d/ours.txt spin self)")
	share "$d: GNU gprof charges main a half of spin" \
		"$(col 1 "$(graph_line $d/gnu.txt spin parent main)")" "$spin" \
		0.4 0.6
	share "$d: measured, main has next to none of spin" \
		"$(col 1 "$(graph_line $d/ours.txt spin parent main)")" "$spin" \
		0 0.05
	# (Under qemu-user the translation of code is charged to the
	# path that runs it first: wider there.)
	share "$d: measured, the cycle's spin is its half" \
		"$(col 1 "$(graph_line $d/ours.txt spin parent ping)")" "$spin" \
		$(if qemu; then echo 0.2 0.85; else echo 0.3 0.7; fi)
	cycle=$(awk '/^\[.*<cycle 1 as a whole>/ { print $4 }' $d/ours.txt)
	share "$d: the cycle's children are its calls of spin" "$cycle" \
		"$(col 1 "$(graph_line $d/ours.txt ping child spin)")" 0.95 1.05
	share "$d: rec's children are its calls of spin, counted once" \
		"$(col 2 "$(graph_line $d/ours.txt rec self)")" \
		"$(col 1 "$(graph_line $d/ours.txt rec child spin)")" 0.95 1.05
	share "$d: main's children are the whole run" \
		"$(col 2 "$(graph_line $d/ours.txt main self)")" \
		"$(graph_total $d/ours.txt)" 0.97 1.01

	# Without contexts nothing changes.
	for p in foo rec; do
		d=$p$t.plain
		run $d $p$t
		graphs $d $p$t
		quiet_stderr "$d: gprof" "$d/ours.err"
		check "$d: no contexts in the companion" no_contexts \
			"$d/gmon.out-objs/objects.gmonx"
		same_file "$d: the call graph is GNU gprof's" "$d/gnu.txt" \
			"$d/ours.txt"
		"$GPROF" -b "$p$t" "$d/gmon.out" >"$d/all.txt" 2>&1
		gnu_gprof -b "$p$t" "$d/gmon.out" >"$d/gnu-all.txt" 2>&1
		same_file "$d: the whole output is GNU gprof's" \
			"$d/gnu-all.txt" "$d/all.txt"
		if "$GPROF" -b --contexts "$p$t" "$d/gmon.out" >/dev/null \
			2>"$d/req.err"; then
			bad "$d: --contexts accepted a profile without them"
		else
			check "$d: --contexts says why it fails" grep -q \
				"gmon.out: --contexts: .*holds no calling contexts" \
				"$d/req.err"
		fi
	done
done

# A companion left from another run (GMON_OBJECTS=0 keeps it) is not
# the profile's: its contexts go unused, with a warning.
d=stale
run $d foo-pg GMON_CONTEXT=64
(cd $d && GMON_OBJECTS=0 GMON_RATE=500 $RUN_TARGET "$work/foo-pg") ||
	hard_error "foo-pg failed"
"$GPROF" -b foo-pg $d/gmon.out >$d/ours.txt 2>$d/ours.err
gnu_gprof -b foo-pg $d/gmon.out >$d/gnu.txt 2>/dev/null
same_file "$d: a stale companion changes nothing" $d/gnu.txt $d/ours.txt
one_line "$d: the stale companion" $d/ours.err \
	'gmon.out and .*objects.gmonx are of different runs .*GMON_OBJECTS=0.*estimated'

# -l: the call graph of lines stays GNU gprof's (the contexts measure
# functions), with a warning.
d=foo-pg.ctx
"$GPROF" -b -l -q foo-pg $d/gmon.out >$d/lines.txt 2>$d/lines.err
gnu_gprof -b -l -q foo-pg $d/gmon.out >$d/gnu-lines.txt 2>/dev/null
same_file "$d: -l -q is GNU gprof's" $d/gnu-lines.txt $d/lines.txt
one_line "$d: -l says its call graph is estimated" $d/lines.err \
	'warning: -l: the call graph of lines estimates its children times'

# Two runs summed: the contexts of both.
d=sum
mkdir $d
(cd $d && GMON_CONTEXT=64 GMON_OUT_PREFIX=run $RUN_TARGET "$work/foo-pg" &&
	GMON_CONTEXT=64 GMON_OUT_PREFIX=run $RUN_TARGET "$work/foo-pg") ||
	hard_error "foo-pg failed"
"$GPROF" -b -q foo-pg $d/run.[0-9]* >$d/ours.txt 2>$d/ours.err
quiet_stderr "$d: gprof" $d/ours.err
foo=$(col 1 "$(graph_line $d/ours.txt foo self)")
share "$d: summed, b has about all of foo" \
	"$(col 1 "$(graph_line $d/ours.txt foo parent b)")" "$foo" 0.95 1.05
# The sum's foo is the two runs' foo, each read alone: the same files,
# so the same CPU time whatever the load (a run made at another moment
# may have taken more CPU for the same work, on a busy machine).
one=0 n=0
for f in $d/run.[0-9]*; do
	"$GPROF" -b -q foo-pg "$f" >$d/alone.txt 2>/dev/null
	one=$(awk -v a="$one" \
		-v b="$(col 1 "$(graph_line $d/alone.txt foo self)")" \
		'BEGIN { print a + b }')
	n=$((n + 1))
done
check "$d: two runs, two files ($n)" test $n -eq 2
share "$d: summed, foo's time is the two runs' (each to 0.01 s)" "$foo" "$one" 0.98 1.02


# riscv64's gcc makes no unwind tables by default (rt-lib.sh asks for
# them): without, libgmon says at start that the contexts stop at the
# sampled function.
case $($CC -dumpmachine) in
riscv64*)
	rt_cc notab "$PROGRAMS/ctx-foo.c" -O2 -pg -fno-asynchronous-unwind-tables
	mkdir notab.ctx
	(cd notab.ctx && GMON_CONTEXT=64 run_prog ../notab >/dev/null 2>err) ||
		bad "notab: the program failed"
	one_line "no unwind tables" notab.ctx/err \
		'^libgmon: GMON_CONTEXT: the program has unwind tables for [0-9]+ functions only, so its calling contexts stop at the function sampled'
	;;
esac

finish
