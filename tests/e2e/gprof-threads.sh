#!/bin/sh
# gprof-threads.sh - gprof --threads on real profiles: the table of the
# threads of rt-threads-named.c (names, calls and CPU times as libgmon
# wrote them), each thread's flat profile and call graph with its own
# calls and share of the time, adding up to the whole profile's; the
# threads of one name together (--threads=name); the threads beyond
# GMON_THREADS; measured children times per thread (GMON_CONTEXT);
# several processes; a one-thread program, whose one thread's reports
# are the whole profile's byte for byte; and the messages when a
# profile has no threads.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
. "$top_srcdir/tests/e2e/ctx-lib.sh"
need_runtime
unset GMON_THREADS GMON_CONTEXT GMON_OUT_PREFIX GMON_OBJECTS GMON_CLOCK
N=400000

# section OUT TITLE: the lines of the section of --threads output OUT
# whose first line starts with TITLE ("Thread 123 alpha", "Threads
# worker", "Other threads"), up to the next one.
section () {
	awk -v t="$2" '
	/^(Thread [0-9]+ |Threads [^ ]* \([0-9]+:|Other threads \()/ {
		on = index ($0, t) == 1 }
	on' "$1"
}

# fcalls SECTION FUNC: FUNC's calls in a flat profile (empty if none).
fcalls () {
	awk -v f="$2" '$NF == f && NF == 7 { print $4; exit }' "$1"
}

# fself SECTION FUNC: FUNC's self seconds in a flat profile (0).
fself () {
	awk -v f="$2" '$NF == f && NF >= 4 && $1 ~ /^[0-9.]+$/ { print $3; exit }
		END { }' "$1" | awk '{ s = $1 } END { print s + 0 }'
}

# row OUT NAME COL: column COL (1 %, 2 sampled, 3 CPU, 4 calls,
# 5 threads, 6 tid) of the table's row for NAME.
row () {
	awk -v n="$2" -v c="$3" '
	/^Threads:$/ { on = 1; next }
	on && /^$/ && seen { exit }
	on && $1 ~ /^[0-9.]+$/ && $7 == n { print $c; seen = 1; exit }' "$1"
}

rt_cc prog "$PROGRAMS/rt-threads-named.c" -O2 -pg -pthread
run_prog ./prog $N >out 2>err || hard_error "the program failed"
quiet_stderr "the program" err
"$GMONDUMP" gmon.out-objs/objects.gmonx >dump || hard_error "gmondump failed"
"$GPROF" -b --threads prog gmon.out >thr.txt 2>thr.err ||
	bad "gprof --threads failed: $(cat thr.err)"
echo "--- gprof -b --threads prog gmon.out"; cat thr.txt

# The table: a row per thread, libgmon's numbers.
check "the table has seven rows" test "$(awk '/^Threads:$/ { on = 1; next }
	on && /^$/ && n { exit } on && $1 ~ /^[0-9.]+$/ { n++ } END { print n }' thr.txt)" = 7
for name in alpha beta prog; do
	tid=$(awk -v n="name=$name" '$1 == "thread" && $NF == n { print $2 }' dump)
	calls=$(awk -v n="name=$name" '$1 == "thread" && $NF == n {
		for (i = 2; i <= NF; i++) if ($i ~ /^calls=/) print substr ($i, 7) }' dump)
	check "table: $name is thread $tid" test "$(row thr.txt $name 6)" = "$tid"
	check "table: $name made $calls calls" test "$(row thr.txt $name 4)" = "$calls"
done
check "table: the main thread says so" grep -Eq ' prog \(main\)$' thr.txt
check "table: four rows of worker" test "$(grep -c '  worker$' thr.txt)" = 4
la=$(grep -n '  alpha$' thr.txt | head -n 1 | cut -d: -f1)
lb=$(grep -n '  beta$' thr.txt | head -n 1 | cut -d: -f1)
check "table: the biggest first: alpha above beta" test "${la:-9}" -lt "${lb:-0}"

# A thread none of whose functions has both samples and calls (the
# main thread, which waits) heads its per-call columns s/call, not
# GNU gprof's Ts/call, which names its table's first unit.
check "no thread's flat profile says Ts/call" test -z "$(grep 'Ts/call' thr.txt)"

# Each thread's flat profile: its own calls, its share of the time.
tid_alpha=$(row thr.txt alpha 6)
tid_beta=$(row thr.txt beta 6)
section thr.txt "Thread $tid_alpha alpha" >alpha.txt
section thr.txt "Thread $tid_beta beta" >beta.txt
check "alpha's section starts with its line" grep -Eq \
	"^Thread $tid_alpha alpha: [0-9]+ samples \\([0-9.]+%\\), [0-9.]+ seconds of CPU, [0-9]+ calls\$" alpha.txt
check "alpha's section holds a flat profile" grep -q '^Flat profile:$' alpha.txt
check "alpha: fa called 1000 times" test "$(fcalls alpha.txt fa)" = 1000
check "alpha: burn called 1000 times" test "$(fcalls alpha.txt burn)" = 1000
check "alpha: no gb" test -z "$(fcalls alpha.txt gb)"
check "beta: gb called 3000 times" test "$(fcalls beta.txt gb)" = 3000
check "beta: burn called 500 times, from spin" test "$(fcalls beta.txt burn)" = 500
check "beta: no fa" test -z "$(fcalls beta.txt fa)"
for tid in $(awk '$1 == "thread" && $NF == "name=worker" { print $2 }' dump); do
	section thr.txt "Thread $tid worker" >w.txt
	check "worker $tid: work called 200 times" test "$(fcalls w.txt work)" = 200
done
section thr.txt "Thread $(row thr.txt prog 6) prog (main)" >main.txt
check "main: tiny called once" test "$(fcalls main.txt tiny)" = 1
# alpha burns in burn 1000 N additions, beta 500 N, in step: 2/3 of
# the two, as far as the machine ran them as fast.
share "alpha's burn of alpha's and beta's" "$(fself alpha.txt burn)" \
	"$(awk -v a="$(fself alpha.txt burn)" -v b="$(fself beta.txt burn)" \
	'BEGIN { print a + b }')" 0.5 0.85
share "alpha's time is in burn" "$(fself alpha.txt burn)" \
	"$(awk '$1 ~ /^[0-9.]+$/ && NF >= 4 { t = $2 } END { print t + 0 }' alpha.txt)" 0.9 1.0

# The threads add up to the whole: every function's calls exactly, its
# self seconds to the rounding of each section (0.005 s each).
"$GPROF" -b -p prog gmon.out >whole.txt 2>/dev/null || bad "gprof -p failed"
for f in burn fa gb work tiny spin; do
	want=$(fcalls whole.txt $f)
	got=$(awk -v f=$f '$NF == f && NF == 7 { s += $4 } END { print s + 0 }' thr.txt)
	check "$f: the threads' calls add up to the whole's ($got, $want)" \
		test "$got" = "$want"
done
want=$(fself whole.txt burn)
got=$(awk '$NF == "burn" && NF >= 4 && $1 ~ /^[0-9.]+$/ { s += $3 } END { print s + 0 }' thr.txt)
check "burn: the threads' seconds add up to the whole's ($got, $want)" \
	awk -v g="$got" -v w="$want" 'BEGIN { d = g - w; exit !(d < 0.036 && d > -0.036) }'

# -q: a call graph per thread.
"$GPROF" -b -q --threads prog gmon.out >graph.txt 2>/dev/null ||
	bad "gprof -q --threads failed"
section graph.txt "Thread $tid_alpha alpha" >ga.txt
check "-q: alpha's call graph has fa's 1000 calls" \
	grep -Eq '1000/1000 +fa \[' ga.txt
check "-q: and no flat profile" sh -c "! grep -q '^Flat profile' graph.txt"
check "-q: alpha's graph has its index" grep -q '^Index by function name' ga.txt
"$GPROF" -b -p -q --threads prog gmon.out >both.txt 2>/dev/null
check "-p -q: both per thread" test "$(grep -c '^Flat profile:' both.txt)" -ge 6 \
	-a "$(grep -c 'Call graph' both.txt)" -ge 6
# Symspecs choose within each thread.
"$GPROF" -b -pgb --threads prog gmon.out >pgb.txt 2>/dev/null
check "-pgb: beta's flat profile has gb alone" test \
	"$(section pgb.txt "Thread $tid_beta beta" | awk '$1 ~ /^[0-9.]+$/ && NF >= 4 { print $NF }')" = gb
# Blurbs once: without -b, after the first thread's flat profile only.
"$GPROF" --threads prog gmon.out >blurbs.txt 2>/dev/null
check "without -b: the table's explanation, once" \
	test "$(grep -c '^ tid       the kernel' blurbs.txt)" = 1
check "without -b: the flat profile's, once" \
	test "$(grep -c '^cumulative this function' blurbs.txt)" = 1

# --threads=name: the workers in one row, one section.
"$GPROF" -b --threads=name prog gmon.out >name.txt 2>/dev/null ||
	bad "gprof --threads=name failed"
check "=name: one row of 4 workers" grep -Eq ' 4 +-  worker$' name.txt
check "=name: four rows" test "$(awk '/^Threads:$/ { on = 1; next }
	on && /^$/ && n { exit } on && $1 ~ /^[0-9.]+$/ { n++ } END { print n }' name.txt)" = 4
section name.txt "Threads worker (4:" >wk.txt
check "=name: the workers' section names them" grep -Eq '^Threads worker \(4:( [0-9]+){4}\): ' wk.txt
check "=name: work called 800 times" test "$(fcalls wk.txt work)" = 800

# Beyond GMON_THREADS: the others in one row.
mkdir cap && cd cap || hard_error "mkdir cap"
GMON_THREADS=3 run_prog ../prog 100000 20 >out 2>err || bad "cap: the program failed"
"$GPROF" -b --threads ../prog gmon.out >cap.txt 2>/dev/null || bad "cap: gprof failed"
cat cap.txt
check "cap: a row for the 24 others" grep -Eq ' 24 +-  \(other threads\)$' cap.txt
section cap.txt "Other threads" >o.txt
check "cap: their section says how many, and the cap" \
	grep -q '^Other threads (24 beyond GMON_THREADS=3): ' o.txt
check "cap: work called 800 times there" test "$(fcalls o.txt work)" = 800
check "cap: tiny 20 times" test "$(fcalls o.txt tiny)" = 20
"$GPROF" -b --threads=name ../prog gmon.out >capn.txt 2>/dev/null
check "cap, =name: the others stay apart" grep -Eq ' 24 +-  \(other threads\)$' capn.txt
cd ..

# Measured children times, per thread.
mkdir ctx && cd ctx || hard_error "mkdir ctx"
GMON_CONTEXT=32 run_prog ../prog $N >out 2>err || bad "ctx: the program failed"
"$GPROF" -b -q --threads ../prog gmon.out >ctx.txt 2>ctx.err || bad "ctx: gprof failed"
section ctx.txt "Thread $(row ctx.txt alpha 6) alpha" >ca.txt
check "ctx: alpha's children times are measured" grep -q \
	'children times measured from calling contexts' ca.txt
"$GPROF" -b -q --no-contexts --threads ../prog gmon.out >noctx.txt 2>/dev/null
check "ctx: --no-contexts: estimated" sh -c "! grep -q 'children times measured' noctx.txt"
cd ..

# Several processes: the parent and its fork child, summed.
mkdir fork && cd fork || hard_error "mkdir fork"
run_prog ../prog 100000 0 fork >out 2>err || bad "fork: the program failed"
child=$(awk '$1 == "child" { print $2 }' out)
parent=$(awk '$1 == "parent" { print $2 }' out)
"$GPROF" -b --threads ../prog gmon.out "gmon.out.$child" >fork.txt 2>fork.err ||
	bad "fork: gprof failed: $(cat fork.err)"
check "fork: the child's thread, with its pid" grep -Eq "  child \\(pid $child\\)\$" fork.txt
check "fork: the parent's alpha, with its pid" grep -Eq "  alpha \\(pid $parent\\)\$" fork.txt
check "fork: two main threads" test "$(grep -c ' prog (main) (pid ' fork.txt)" = 2
cd ..

# One thread: its reports are the whole profile's, byte for byte.
mkdir one && cd one || hard_error "mkdir one"
rt_cc calls "$PROGRAMS/rt-calls.c" -O2 -pg
run_prog ./calls >out 2>err || bad "rt-calls failed"
for o in -p -q; do
	"$GPROF" -b $o calls gmon.out >whole$o.txt 2>/dev/null
	"$GPROF" -b $o --threads calls gmon.out >thr$o.txt 2>/dev/null
	awk '/^\f/ && !n { n = 1; next } n && !/^Thread [0-9]+ / { p = 1 }
	     p' thr$o.txt | sed '1{/^$/d}' >sect$o.txt
	same_file "one thread, $o: its reports are the whole profile's" \
		whole$o.txt sect$o.txt
done
cd ..

# A thread's name is any bytes but NUL: as text wherever it goes, the
# control characters and the bytes of no UTF-8 character as '?' (in
# gmondump as \xNN); the flame graph is XML a browser draws.
mkdir odd && cd odd || hard_error "mkdir odd"
cat >odd.c <<'EOF_C'
#define _GNU_SOURCE 1
#include <pthread.h>
static volatile long sink;
__attribute__ ((noipa)) void burn (long k) { for (long i = 0; i < k; i++) sink += i; }
static void *odd (void *a) { (void) a; pthread_setname_np (pthread_self (), "a;b<c\377\001"); burn (100000000); return 0; }
int main (void) { pthread_t t; if (pthread_create (&t, 0, odd, 0)) return 1; pthread_join (t, 0); return 0; }
EOF_C
rt_cc odd odd.c -O2 -pg -pthread
run_prog ./odd >out 2>err || bad "odd: the program failed"
"$GPROF" -b -p --threads odd gmon.out >odd.txt 2>/dev/null || bad "odd: gprof failed"
check "odd name: in the table as 'a;b<c??'" grep -q '  a;b<c??$' odd.txt
check "odd name: in its section's heading" grep -q '^Thread [0-9]* a;b<c??: ' odd.txt
"$GMONDUMP" -s gmon.out-objs/objects.gmonx >dump 2>&1 || bad "odd: gmondump failed"
check "odd name: gmondump shows the byte and the control character as \\xNN" \
	grep -aq 'name=a;b<c\\xff\\x01$' dump
"$GPROF" --threads --export=flamegraph:odd.svg odd gmon.out >/dev/null 2>&1 ||
	bad "odd: the flame graph failed"
check "odd name: the flame graph is well-formed XML, with the thread's frame" \
	python3 -c "
import sys, xml.dom.minidom as m
d = m.parse ('odd.svg')
t = ' '.join (n.data for n in d.getElementsByTagName ('title') for n in n.childNodes if n.nodeType == n.TEXT_NODE)
sys.exit (0 if 'a:b<c??' in t else 1)"
"$GPROF" --threads --export=folded:- odd gmon.out 2>/dev/null | grep '^\[thread' >odd.folded
check "odd name: the folded stacks' thread frame" grep -q '^\[thread [0-9]* a:b<c??\];' odd.folded
cd ..

# No threads to show: a clear message each time.
mkdir none && cd none || hard_error "mkdir none"
$CC -pg -O2 -o glibc "$PROGRAMS/rt-calls.c" || hard_error "cc"
./glibc >out 2>&1 || bad "the glibc-profiled program failed"
"$GPROF" --threads glibc gmon.out >o 2>e && bad "glibc's profile: accepted"
check "glibc's profile: says where the threads would be and how to get them" \
	grep -q "^gprof: gmon.out: --threads: no gmon.out-objs/objects.gmonx beside it, which would hold the threads: profile the program with libgmon" e
check "... and why: no run stamp" grep -q \
	'the profile has no run stamp, libgmon did not write it$' e
# The hint says what happened, from what libgmon leaves (issue 32,
# item 18): GMON_OBJECTS=0 writes no object directory; a companion
# that could not be written (a full disk) leaves the directory
# without it.
GMON_OBJECTS=0 run_prog ../prog 1000 >out 2>err
"$GPROF" --threads ../prog gmon.out >o 2>e && bad "GMON_OBJECTS=0: accepted"
check "GMON_OBJECTS=0: says so, and the knob" grep -q \
	'which would hold the threads: libgmon wrote no object directory for it: the program ran with GMON_OBJECTS=0 (set GMON_THREADS too' e
run_prog ../prog 1000 >out 2>err
rm gmon.out-objs/objects.gmonx
"$GPROF" --threads ../prog gmon.out >o 2>e && bad "no companion: accepted"
check "a directory without its companion: says so" grep -q \
	'which would hold the threads: its object directory gmon.out-objs is there without it: libgmon could not write the companion (it said why when the program exited: a full disk?), or it was removed since; run the program again$' e
check "... and not of GMON_OBJECTS or GMON_THREADS" sh -c \
	"! grep -q 'GMON_OBJECTS\|GMON_THREADS' e"
"$GPROF" --objects ../prog gmon.out >o 2>e && bad "--objects: accepted"
check "--objects: the same" grep -q \
	"^gprof: gmon.out: --objects: no gmon.out-objs/objects.gmonx beside it (its object directory gmon.out-objs is there without it" e
rm -rf gmon.out gmon.out-objs
# The real thing, as root: a tmpfs with room for gmon.out, none for
# the companion after it.
if [ "$(id -u)" = 0 ] && mkdir full &&
	mount -t tmpfs -o size=64k gmonkit-test full 2>/dev/null; then
	trap 'umount "$work/none/full" 2>/dev/null; cleanup' EXIT
	avail=$(df --output=avail -B1 full | tail -n 1)
	dd if=/dev/zero of=full/fill bs=4096 count=$((avail / 4096 - 1)) \
		2>/dev/null
	(cd full && run_prog ../../prog 1000 >/dev/null 2>../full.err)
	check "a full disk: gmon.out written" [ -s full/gmon.out ]
	check "... its companion not" [ ! -e full/gmon.out-objs/objects.gmonx ]
	"$GPROF" --threads ../prog full/gmon.out >o 2>e &&
		bad "a full disk: accepted"
	check "... gprof --threads says what happened" grep -q \
		'its object directory full/gmon.out-objs is there without it: libgmon could not write the companion' e
	umount full
	trap cleanup EXIT
else
	partial_skip "not root, or no tmpfs: the real full disk is not tried"
fi
GMON_THREADS=0 run_prog ../prog 1000 >out 2>err
"$GPROF" --threads ../prog gmon.out >o 2>e && bad "GMON_THREADS=0: accepted"
check "GMON_THREADS=0: says so, and the knob" grep -q \
	'^gprof: gmon.out: --threads: gmon.out-objs/objects.gmonx holds no per-thread records (the program ran with GMON_THREADS=0' e
"$GPROF" --threads ../prog - <gmon.out >o 2>e && bad "standard input: accepted"
check "standard input: it has no companion" grep -q \
	'^gprof: -: --threads: standard input has no companion' e
"$GPROF" --threads -s ../prog gmon.out >o 2>e && bad "-s: accepted"
check "-s: refused" grep -q '^gprof: --threads prints a flat profile and a call graph per thread: it does not go with -s' e
"$GPROF" --threads=pid ../prog gmon.out >o 2>e && bad "=pid: accepted"
check "--threads=pid: refused" grep -q '^gprof: --threads=pid: not tid or name$' e
cd ..
"$GPROF" --threads --export=callgrind:x prog gmon.out >o 2>e && bad "callgrind: accepted"
check "--export=callgrind: no per-thread form" grep -q \
	'^gprof: --export=callgrind:x: callgrind has no per-thread form (--threads exports folded, flamegraph and pprof)$' e
check "-l with an export: refused" sh -c "! \"$GPROF\" -l --threads \
	--export=folded:x prog gmon.out >o 2>e && grep -q \
	'^gprof: --threads: the exports by thread describe functions, not the lines of -l' e"

finish
