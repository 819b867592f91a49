#!/bin/sh
# rt-thread-records.sh - libgmon's per-thread records (GMON_THREADS):
# each thread of rt-threads-named.c in the companion with its name, its
# exact calls, its share of the samples and of the CPU time; the
# threads' samples and calls add up to the whole profile's exactly;
# the threads beyond GMON_THREADS in one record, said once at exit; a
# fork child's threads its own; GMON_THREADS=0, a bad value,
# GMON_OBJECTS=0; GNU gprof reads gmon.out as before.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
. "$top_srcdir/tests/e2e/ctx-lib.sh"
need_runtime
unset GMON_THREADS GMON_CONTEXT GMON_OUT_PREFIX GMON_OBJECTS GMON_CLOCK

# The main thread, never named, has the program's name: the kernel's,
# which under qemu-user is qemu's (qemu-aarch64, qemu-riscv64).
main=prog
! qemu || main=$(basename "$TARGET_QEMU" | cut -c1-15)

# The work of each thread, in additions: 1000 N for alpha (0.2 s here,
# a few under qemu-user).
N=400000
! qemu || N=100000

# thr DUMP NAME FIELD: FIELD (samples, calls, cpu_ns, ...) of the
# thread record named NAME in DUMP (gmondump -e's output), summed over
# the records of that name; the merged record is named "(merged)".
thr () {
	awk -v n="$2" -v f="$3" '
	$1 == "thread" {
		name = $NF; sub (/^name=/, "", name)
		if (/ merged /) name = "(merged)"
		if (name != n) next
		for (i = 2; i <= NF; i++)
			if (index ($i, f "=") == 1) { s += substr ($i, length (f) + 2); seen = 1 }
	}
	END { if (seen) print s + 0 }' "$1"
}

# tcalls DUMP NAME FUNC: the calls into FUNC the records named NAME hold.
tcalls () {
	awk -v n="$2" -v f="$3" '
	$1 == "thread" { name = $NF; sub (/^name=/, "", name)
			 if (/ merged /) name = "(merged)"; next }
	$1 == "arc" && name == n {
		callee = $NF; sub (/\+0x[0-9a-f]+$/, "", callee)
		if (callee == f) s += $4
	}
	$1 != "arc" && $1 != "sample" { name = "" }
	END { print s + 0 }' "$1"
}

# sums DUMP: "SAMPLES CALLS" of every thread record, norecord added to
# the samples.
sums () {
	awk '$1 == "threads" && $2 ~ /^cap=/ { s += substr ($5, 10) }
	     $1 == "thread" { for (i = 2; i <= NF; i++) {
		if ($i ~ /^samples=/) s += substr ($i, 9)
		if ($i ~ /^calls=/) c += substr ($i, 7) } }
	     END { print s + 0, c + 0 }' "$1"
}

# whole_calls PROFILE COMPANION: every call the profile counted: the
# arcs of the program's file and of the other objects' files, and
# those between objects.
whole_calls () {
	{
		"$GMONDUMP" "$1"
		for f in "$2"/*.gmon; do
			[ -f "$f" ] && "$GMONDUMP" "$f"
		done
		"$GMONDUMP" "$2/objects.gmonx"
	} | awk '/^arc / { s += $4 } END { print s + 0 }'
}

# check_whole DESC PROFILE COMPANION DUMP: the threads' samples and
# calls are the whole profile's.
check_whole () {
	_ps=$(sed -n 's/^process .* samples=\([0-9]*\) .*/\1/p' "$4")
	set -- "$1" "$2" "$3" "$4" $(sums "$4")
	check "$1: the threads' samples ($5) are the process's ($_ps)" \
		test "$5" = "$_ps"
	_wc=$(whole_calls "$2" "$3")
	check "$1: the threads' calls ($6) are the profile's arcs' ($_wc)" \
		test "$6" = "$_wc"
}

for lib in so a; do
	mkdir "$lib" && cd "$lib" || hard_error "mkdir $lib"
	if [ $lib = so ]; then
		rt_cc prog "$PROGRAMS/rt-threads-named.c" -O2 -pg -pthread
	else
		rt_cc_static prog "$PROGRAMS/rt-threads-named.c" -O2 -pg -pthread
	fi
	run_prog ./prog $N >out 2>err || bad "$lib: the program failed"
	quiet_stderr "$lib" err
	"$GMONDUMP" -e prog gmon.out-objs/objects.gmonx >dump ||
		hard_error "$lib: gmondump failed"
	grep '^thread' dump
	check "$lib: seven threads kept apart, none merged" \
		grep -q '^threads cap=256 kept=7 merged=0 norecord=0$' dump
	check_whole "$lib" gmon.out gmon.out-objs dump
	for t in "alpha fa 1000" "beta gb 3000" "worker work 800" \
		 "$main tiny 1"; do
		set -- $t
		got=$(tcalls dump "$1" "$2")
		check "$lib: thread $1 called $2 $3 times ($got)" test "$got" = "$3"
	done
	check "$lib: no other thread called fa" test "$(awk '
		$1 == "thread" { a = / name=alpha$/ } $1 == "arc" && !a && $NF ~ /^fa(\+|$)/' dump)" = ""
	check "$lib: four records named worker, exited" test \
		"$(grep -c '^thread [0-9]* exited order=[3-6] threads=1 .* name=worker$' dump)" = 4
	check "$lib: the main thread is the first, flagged, alive at the dump" \
		grep -Eq "^thread [0-9]+ main order=0 .* end_ns=0 .*name=$main\$" dump
	check "$lib: the main thread's tid is the pid" test \
		"$(awk '$1 == "thread" && $3 == "main" { print $2 }' dump)" = \
		"$(sed -n 's/^process pid=\([0-9]*\) .*/\1/p' dump)"
	check "$lib: alpha and beta exited, second and third" test "$(grep -Ec \
		'^thread [0-9]+ exited order=[12] .*name=(alpha|beta)$' dump)" = 2
	# Each thread's samples are its own CPU time, at 1000 Hz (the
	# main thread's aside: it ran before profiling started).
	for t in alpha beta worker; do
		if qemu; then lo=0.6 hi=1.3; else lo=0.8 hi=1.2; fi
		share "$lib: $t's samples are its CPU time" \
			"$(thr dump $t samples)" \
			"$(($(thr dump $t cpu_ns) / 1000000))" $lo $hi
	done
	# The same loop, twice as long in alpha as in beta, 1000 N and
	# 500 N additions, in step: the CPU times and the samples say 2/3,
	# as far as the machine ran the loop as fast for both.
	a=$(thr dump alpha cpu_ns) b=$(thr dump beta cpu_ns)
	share "$lib: alpha's CPU time of alpha's and beta's" "$a" "$((a + b))" \
		0.5 0.85
	a=$(thr dump alpha samples) b=$(thr dump beta samples)
	share "$lib: alpha's samples of alpha's and beta's" "$a" "$((a + b))" \
		0.5 0.85
	# Under qemu-user the main thread's own CPU time is qemu's start
	# and its translation of the code the others run first: 13 to 20
	# samples of 0.01 s whatever alpha's (18 against a quarter of
	# alpha's 65 once in four runs, idle).  There, none of the others'
	# samples is charged to it: at most its own CPU time's.
	if qemu; then
		at_most "$lib: the main thread, which only waits, has no more samples than its CPU time" \
			"$(thr dump "$main" samples)" \
			"$(($(thr dump "$main" cpu_ns) * 13 / 10000000 + 2))"
	else
		at_most "$lib: the main thread, which only waits, has few samples" \
			"$(thr dump "$main" samples)" "$((a / 10))"
	fi
	# GNU gprof reads gmon.out as before: the whole process.
	expect_calls prog gmon.out fa 1000
	expect_calls prog gmon.out gb 3000
	expect_calls prog gmon.out work 800
	cd ..
done

# The threads beyond GMON_THREADS: one record, and one line at exit.
mkdir cap && cd cap || hard_error "mkdir cap"
rt_cc prog "$PROGRAMS/rt-threads-named.c" -O2 -pg -pthread
GMON_THREADS=3 run_prog ./prog $N 20 >out 2>err || bad "cap: the program failed"
one_line "GMON_THREADS=3" err '^libgmon: 24 threads beyond the first GMON_THREADS=3 share one record of the per-thread profile \("other threads"\): raise GMON_THREADS to keep each apart$'
"$GMONDUMP" -e prog gmon.out-objs/objects.gmonx >dump || hard_error "gmondump failed"
grep '^thread' dump
check "cap: three kept apart, 24 merged" \
	grep -q '^threads cap=3 kept=3 merged=24 norecord=0$' dump
check "cap: main, alpha and beta are the three" test \
	"$(awk '$1 == "thread" && !/ merged / { sub (/^name=/, "", $NF); print $NF }' dump |
	sort | tr '\n' ' ')" = "$(printf '%s\n' alpha beta "$main" | sort | tr '\n' ' ')"
check "cap: one merged record, of 24 threads" \
	grep -Eq '^thread 0 merged order=3 threads=24 ' dump
check "cap: the merged record has the workers' 800 calls of work" \
	test "$(tcalls dump '(merged)' work)" = 800
check "cap: ... and the short threads' 20 of tiny" \
	test "$(tcalls dump '(merged)' tiny)" = 20
check "cap: alpha is still apart, with its 1000 calls of fa" \
	test "$(tcalls dump alpha fa)" = 1000
check_whole "cap" gmon.out gmon.out-objs dump
cd ..

# Calling contexts per thread (GMON_CONTEXT): each thread's tree after
# its record, holding its samples.
mkdir ctx && cd ctx || hard_error "mkdir ctx"
rt_cc prog "$PROGRAMS/rt-threads-named.c" -O2 -pg -pthread
GMON_CONTEXT=32 run_prog ./prog $N >out 2>err || bad "ctx: the program failed"
quiet_stderr "GMON_CONTEXT=32" err
"$GMONDUMP" -e prog gmon.out-objs/objects.gmonx >dump || hard_error "gmondump failed"
check_whole "ctx" gmon.out gmon.out-objs dump
# The node counts of alpha's range of nodes.
nodes=$(awk 'NR == FNR { if ($1 == "thread" && / name=alpha$/)
		for (i = 2; i <= NF; i++) if ($i ~ /^nodes=/) {
			split (substr ($i, 7), r, "-"); lo = r[1]; hi = r[2] }
		next }
	     $1 == "node" && lo != "" && $2 + 0 >= lo + 0 && $2 + 0 <= hi + 0 {
		s += $5 }
	     END { print s + 0 }' dump dump)
if qemu; then
	at_most "ctx: alpha's contexts hold at most its samples" "$nodes" \
		"$(thr dump alpha samples)"
else
	share "ctx: alpha's contexts hold its samples" "$nodes" \
		"$(thr dump alpha samples)" 0.9 1.0
fi
check "ctx: every context node is a thread's" test "$(awk '
	$1 == "thread" { for (i = 2; i <= NF; i++) if ($i ~ /^nodes=/) {
		split (substr ($i, 7), r, "-"); n += r[2] - r[1] + 1 } }
	/^contexts: / { t = $2 } END { print (n == t) }' dump)" = 1
cd ..

# Wall-clock samples go to their threads too.
mkdir wall && cd wall || hard_error "mkdir wall"
rt_cc prog "$PROGRAMS/rt-threads-named.c" -O2 -pg -pthread
GMON_CLOCK=wall run_prog ./prog $N >out 2>err || bad "wall: the program failed"
quiet_stderr "GMON_CLOCK=wall" err
"$GMONDUMP" -e prog gmon.out-objs/objects.gmonx >dump || hard_error "gmondump failed"
check_whole "wall" gmon.out gmon.out-objs dump
cd ..

# A fork child: its own threads, in its own companion.
mkdir fork && cd fork || hard_error "mkdir fork"
rt_cc prog "$PROGRAMS/rt-threads-named.c" -O2 -pg -pthread
run_prog ./prog $N 0 fork >out 2>err || bad "fork: the program failed"
quiet_stderr "fork" err
child=$(awk '$1 == "child" { print $2 }' out)
[ -n "$child" ] || hard_error "fork: no child pid: $(cat out)"
"$GMONDUMP" -e prog gmon.out-objs/objects.gmonx >parent.dump || hard_error "gmondump failed"
"$GMONDUMP" -e prog "gmon.out-objs.$child/objects.gmonx" >child.dump ||
	hard_error "gmondump of the child's failed"
grep '^thread' child.dump
check "fork: the child has two threads, its main and child" test \
	"$(awk '$1 == "thread" { sub (/^name=/, "", $NF); print $NF }' child.dump |
	sort | tr '\n' ' ')" = "$(printf '%s\n' child "$main" | sort | tr '\n' ' ')"
check "fork: the child's main thread is the child process's" \
	grep -Eq "^thread $child main order=0 " child.dump
check "fork: child called fc 500 times" test "$(tcalls child.dump child fc)" = 500
check "fork: the parent's profile has no thread child" \
	sh -c "! grep -q 'name=child\$' parent.dump"
check "fork: the parent's still has alpha's 1000 calls of fa" \
	test "$(tcalls parent.dump alpha fa)" = 1000
check_whole "fork, the child" "gmon.out.$child" "gmon.out-objs.$child" \
	child.dump
check_whole "fork, the parent" gmon.out gmon.out-objs parent.dump
cd ..

# GMON_THREADS=0: no thread records; a bad value: said, and the default
# kept; GMON_OBJECTS=0: no companion unless GMON_THREADS asks for one.
mkdir knobs && cd knobs || hard_error "mkdir knobs"
rt_cc prog "$PROGRAMS/rt-threads-named.c" -O2 -pg -pthread
GMON_THREADS=0 run_prog ./prog 1000 30 >out 2>err || bad "GMON_THREADS=0: failed"
quiet_stderr "GMON_THREADS=0" err
"$GMONDUMP" gmon.out-objs/objects.gmonx >dump0
check "GMON_THREADS=0: no thread records" sh -c "! grep -q '^thread' dump0"
GMON_THREADS=lots run_prog ./prog 1000 >out 2>err || bad "GMON_THREADS=lots: failed"
one_line "GMON_THREADS=lots" err '^libgmon: GMON_THREADS=lots was ignored: not a number of threads from 0 to 65536 \(fix or unset GMON_THREADS\)$'
"$GMONDUMP" gmon.out-objs/objects.gmonx >dump1
check "GMON_THREADS=lots: the default, 256" grep -q '^threads cap=256 kept=7 ' dump1
rm -rf gmon.out gmon.out-objs
# With no companion to write them in, no records are kept: 300 short
# threads beyond the 256 are no news, and said none.
GMON_OBJECTS=0 run_prog ./prog 1000 300 >out 2>err || bad "GMON_OBJECTS=0: failed"
quiet_stderr "GMON_OBJECTS=0, 300 short threads" err
check "GMON_OBJECTS=0: no object directory" test ! -e gmon.out-objs
GMON_OBJECTS=0 GMON_THREADS=8 run_prog ./prog 1000 >out 2>err ||
	bad "GMON_OBJECTS=0 GMON_THREADS=8: failed"
quiet_stderr "GMON_OBJECTS=0 GMON_THREADS=8" err
check "GMON_OBJECTS=0 GMON_THREADS=8: the companion alone" \
	test "$(ls gmon.out-objs)" = objects.gmonx
"$GMONDUMP" gmon.out-objs/objects.gmonx >dump2
check "GMON_OBJECTS=0 GMON_THREADS=8: with the threads" \
	grep -q '^threads cap=8 kept=7 merged=0 ' dump2

# A thread kept apart keeps its record, not its stack for fatal
# signals (a mapping each, and the kernel allows some 65530: 30000
# threads made the program's own malloc fail): 1000 short threads kept
# apart leave the process with about the mappings it has with none.
short=1000
! qemu || short=300
GMON_THREADS=0 run_prog ./prog 1000 $short >out0 2>err || bad "maps, none kept: failed"
GMON_THREADS=65536 run_prog ./prog 1000 $short >out1 2>err || bad "maps, all kept: failed"
quiet_stderr "GMON_THREADS=65536, $short short threads" err
m0=$(awk '$1 == "maps" { print $2 }' out0)
m1=$(awk '$1 == "maps" { print $2 }' out1)
echo "mappings after $short short threads: $m0 with none kept apart, $m1 with all"
# (qemu-user's /proc/self/maps lists each of the guest's mappings,
# the records' pages one by one, which the kernel merges.)
if qemu; then
	not_under_qemu "the mappings the kernel counts for the records kept apart"
else
	check "GMON_THREADS=65536: $short threads kept apart hold fewer than $((short / 4)) more mappings ($m0 -> $m1)" \
		test "${m0:-0}" -gt 0 -a "${m1:-999999}" -lt $((m0 + short / 4))
fi
"$GMONDUMP" gmon.out-objs/objects.gmonx >dump3
check "GMON_THREADS=65536: every thread kept apart (the cap is at most a quarter of vm.max_map_count)" \
	grep -Eq "^threads cap=[0-9]+ kept=$((short + 7)) merged=0 " dump3
cd ..

finish
