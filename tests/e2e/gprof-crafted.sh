#!/bin/sh
# gprof-crafted.sh - gprof on companions libgmon could not have written
# (issue 32, items 7, 8 and 15), made by tests/tools/gmonxgen beside a
# gmon.out of the same run:
#
#   - a calling-context chain deeper than its context record says, or
#     than libgmon's 1024 frames, is refused (it would cost its depth
#     in frames on each of its nodes in a folded export); one as deep
#     as libgmon writes is read;
#   - every step is linear or n log n in the companion: 20 000 thread
#     records of one tid (their frames numbered #2 ... #20000), 20 000
#     records of "other threads", 10^6 threads in 10^4 rows, each case
#     against a peer run of as many rows (the rows of --threads re-run
#     the stages, issue 29's cost, 40 times dearer in the sanitizer
#     build); 5 000 libraries of one file name, 50 000 libraries of
#     sparse ids, under a CPU-time limit ten times what the sanitizer
#     build needs;
#   - counts that add up past 2^64 stay at the top: two threads of
#     2^63 samples are 50% each, not 0% of a total of 0, in the table
#     and in the flame graph, whose labels were read out of bounds;
#   - a companion cut at a record's boundary (its threads record says
#     4, 3 follow) is said, and the shares are of all the samples.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

. "$top_srcdir/tests/e2e/lib.sh"
GEN=$top_builddir/tests/tools/gmonxgen

cat >prog.c <<'EOF'
#include <stdio.h>
__attribute__ ((noinline)) int fa (int x) { return x * 3 + 1; }
__attribute__ ((noinline)) int fb (int x) { return fa (x) + 2; }
__attribute__ ((noinline)) int fc (int x) { return fb (x) * 5; }
__attribute__ ((noinline)) int fd (int x) { return fc (x) - 7; }
int main (int argc, char **argv)
{
	(void) argv;
	printf ("%d\n", fd (argc));
	return 0;
}
EOF
$CC -O1 -g -o prog prog.c || hard_error "cannot build the program"
funcs=
for f in fa fb fc fd main; do
	a=$(sym_addr prog $f) || hard_error "no $f in prog"
	funcs=$funcs${funcs:+,}0x$a
done
lo=$(printf '0x%x' $(( (0x$(sym_addr prog fa) & ~0xff) )))
hi=$(printf '0x%x' $(( (0x$(sym_addr prog main) | 0xff) + 1 )))

# gen DIR CASE [N [M]]: DIR/gmon.out and its companion.
gen () {
	_d=$1; shift
	mkdir "$_d" && (cd "$_d" && "$GEN" -t "$lo:$hi" -f "$funcs" "$@") ||
		hard_error "gmonxgen $* failed"
}

# in_cpu SECONDS DIR GPROF-ARGS...: gprof in DIR on its gmon.out under
# a CPU-time limit (a bound that holds on a busy machine: CPU time,
# not wall time), its output in DIR/out, DIR/err; its exit status in
# $rc (152 or 137: the limit killed it), its CPU time (user + sys, s)
# in $secs.
in_cpu () {
	_s=$1 _d=$2; shift 2
	_t=$(cd "$_d" && (ulimit -t "$_s"; exec "$GPROF" "$@" ../prog \
		gmon.out >out 2>err); echo "rc=$?"; times)
	rc=$(echo "$_t" | sed -n 's/^rc=//p')
	secs=$(echo "$_t" | tail -n 1 | awk '{ t = 0
		for (i = 1; i <= 2; i++) { split ($i, a, "m"); sub ("s", "", a[2])
			t += a[1] * 60 + a[2] }
		printf "%.2f", t }')
	echo "gprof $* in $_d: exit $rc, $secs s of CPU"
}

# within DESC: gprof's last run finished (0) within its CPU limit.
within () {
	case $rc in
	0)	ok "$1: within the CPU-time limit" ;;
	137|152) bad "$1: killed at the CPU-time limit" ;;
	*)	bad "$1: gprof failed ($rc): $(head -c 300 "$d/err")" ;;
	esac
}

# as_peer DESC PEER: the last run took at most twice the CPU time of
# a peer run (PEER seconds) with as many rows, which the steps under
# test cost nothing (plus 2 s for the clock's grain): the rows of
# --threads cost what they cost (issue 29), the rest is linear.  The
# sanitizer build's rows cost 40 times the plain build's, so no fixed
# limit holds for both.
as_peer () {
	if awk -v s="$secs" -v p="$2" 'BEGIN { exit !(s <= 2 * p + 2) }'; then
		ok "$1: $secs s of CPU, its peer $2 s"
	else
		bad "$1: $secs s of CPU, more than twice its peer's $2 s"
	fi
}

# --- Item 7: calling contexts deeper than libgmon writes -------------
d=deep; gen $d chain 20000 1024
in_cpu 10 $d -b --contexts
check "a chain of 20000 nodes under a depth of 1024: refused" [ $rc = 1 ]
check "... naming the file, the record and the node" grep -q \
	'^gprof: gmon.out: --contexts: gmon.out-objs/objects.gmonx: contexts record at offset [0-9]*: node 1025 ends a chain of 1026 nodes, deeper than the context record allows (a PC and 1024 return addresses)$' \
	$d/err
in_cpu 10 $d --export=folded:f.folded -b -p
check "without --contexts: a warning, the contexts are not used" \
	grep -q 'node 1025 ends a chain of 1026 nodes.*: the children times are estimated$' \
	$d/err
check "... and the folded file stays small (not 20000^2 frames)" \
	[ "$(wc -c <$d/f.folded)" -lt 10000 ]
d=deeper; gen $d chain 20000
in_cpu 10 $d -b --contexts
check "a context record of 19999 frames: refused" grep -q \
	'contexts of 19999 frames (libgmon records 1024 at most)$' $d/err
d=deepest; gen $d chain 1025 1024
in_cpu 10 $d --contexts --export=folded:f.folded -b -p
within "a chain of 1025 nodes (GMON_CONTEXT=1024's deepest)"
check "... is read: its deepest stack has 1025 frames" [ "$(awk '{
	n = split ($1, f, ";"); if (n > m) m = n } END { print m }' \
	$d/f.folded)" = 1025 ]

# --- Item 7: many records, linear ------------------------------------
# The peer: 20000 threads of 20000 names, frames all apart.
d=peer; gen $d threads 20000 20000
in_cpu 600 $d -P -Q --threads --export=folded:f.folded
within "20000 threads of their own names (the peer)"
peer=$secs
d=tid; gen $d tid 20000
in_cpu 600 $d -P -Q --threads --export=folded:f.folded
within "20000 thread records of one tid"
as_peer "20000 records of one tid, numbered" $peer
check "... the last frame numbered #20000" \
	grep -q '^\[thread 4321 w #20000\];' $d/f.folded
check "... no two rows of one frame" [ -z "$(cut -d';' -f1 $d/f.folded |
	sort | uniq -d)" ]
d=merged; gen $d merged 20000
in_cpu 600 $d -P -Q --threads --export=folded:f.folded
within "20000 records of other threads"
as_peer "20000 records of other threads, numbered" $peer
check "... the last frame numbered #20000" \
	grep -q '^\[other threads x2 #20000\];' $d/f.folded
# 10^6 threads in 10^4 rows: each row's heading counted every thread
# again (10^10 steps); its peer prints no reports, only the export.
d=million; gen $d threads 1000000 10000
in_cpu 600 $d -P -Q --threads=name --export=folded:f.folded
within "10^6 threads of 10^4 names, exported (the peer)"
peer=$secs
check "... 10^4 rows of 100 threads" [ "$(cut -d';' -f1 $d/f.folded |
	sort -u | grep -c '^\[threads w[0-9]* x100\]$')" = 10000 ]
in_cpu 600 $d -b -p --threads=name
within "10^6 threads of 10^4 names, their reports"
as_peer "10^6 threads in 10^4 rows, each with its heading" $peer
check "... 10^4 headings" [ "$(grep -c '^Threads w[0-9]* (100: ' \
	$d/out)" = 10000 ]
rm -f $d/gmon.out-objs/objects.gmonx
d=libs; gen $d libs 5000
in_cpu 10 $d -b -p --objects
within "5000 libraries of one file name"
d=sparse; gen $d sparse 50000
in_cpu 10 $d -b -p --objects
within "50000 libraries of sparse ids"

# --- Item 8: sums past 2^64 ------------------------------------------
d=wrap; gen $d wrap
in_cpu 10 $d -b --threads=name
within "two threads of 2^63 samples, by name"
check "... their row is 100% of the samples, not 0%" \
	grep -Eq '^100\.00 .* 18446744073709551615 +2 +- +w$' $d/out
check "... its heading too" grep -q \
	'^Threads w (2: 101 102): 18446744073709551615 samples (100.00%), .*, 18446744073709551615 calls$' \
	$d/out
in_cpu 10 $d -b --threads
check "... by thread: 50% each" [ "$(grep -c '^ 50\.00 ' $d/out)" = 2 ]
in_cpu 10 $d --threads --export=flamegraph:fg.svg
within "their flame graph"
check "... its total is not 0" grep -q 'data-total="18446744073709551615"' \
	$d/fg.svg
check "... each thread's bar is half of it" [ "$(grep -c \
	'<title>\[thread 10[12] w\] (9223372036854775808 samples, 50\.00%)' \
	$d/fg.svg)" = 2 ]
check "... well-formed XML" python3 -c "
import xml.dom.minidom, sys
xml.dom.minidom.parse (sys.argv[1])" $d/fg.svg

# --- Item 15: a companion cut at a record's boundary -----------------
d=cut; gen $d cut 4 3
in_cpu 10 $d -b -p --threads
within "a companion cut after 3 of its 4 threads"
check "... says so, naming the file and what is missing" grep -q \
	"^gprof: gmon.out: warning: --threads: gmon.out-objs/objects.gmonx has 3 thread records, its threads record counts 4 (the file was cut short?): 1 samples of the process are in no thread read, and the shares are of all its samples$" \
	$d/err
check "... the threads read are 25% each, not 33%" \
	[ "$(grep -c '^ 25\.00 .*  t[0-2]' $d/out)" = 3 ]
check "... and the missing quarter has a row" grep -q \
	'^ 25\.00 .*(threads the companion lacks: cut short)$' $d/out
finish
