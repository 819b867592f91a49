#!/bin/sh
# rt-limit.sh - GMON_ARC_LIMIT, low and lower: the arcs that fit are
# counted in full and exactly those fit that the documented rule says;
# every call of the others is counted as lost, and the one line at exit
# names GMON_ARC_LIMIT, the calls lost and the least value that would
# have let the tables grow; and the limit never costs the sampler (each
# thread keeps its own clock at GMON_RATE, even below 4 KiB).
#
# The rule (doc/runtime.texi, "Memory"): a thread's first table shares
# a 4 KiB page with its record and is not counted; it holds 128 slots
# and grows, when half full, to twice the slots; a table of C slots
# takes 64 + 24 C bytes rounded up to 4 KiB; the limit counts the bytes
# of every grown table of every thread, the ones they replaced too; a
# table that cannot grow fills to three quarters of its slots.

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
need_runtime

nfns=1000
awk -v n=$nfns 'BEGIN {
	print "#define NOIPA __attribute__ ((noipa))"
	for (i = 0; i < n; i++)
		printf "NOIPA int f%d (int x) { return x + %d; }\n", i, i
	printf "static int (*const fns[]) (int) = {"
	for (i = 0; i < n; i++)
		printf "%s f%d", (i ? "," : ""), i
	print " };"
}' >rt-limit-fns.h
rt_cc prog "$PROGRAMS/rt-limit.c" -O2 -pg -pthread -I.

# rule LIMIT: "ARCS WANT": the arcs one thread's table holds under
# LIMIT bytes when it alone grows, and the bytes its next growth would
# need in all.
rule () {
	awk -v limit="$1" 'function size(c) {
		return int((64 + 24 * c + 4095) / 4096) * 4096 }
	BEGIN {
		cap = 128; spent = 0
		while (spent + size(2 * cap) <= limit) {
			cap *= 2; spent += size(cap)
		}
		print cap / 4 * 3, spent + size(2 * cap)
	}'
}

# fcalls FILE: "f<i> <calls>" for each f<i> in GNU gprof's flat profile
# (the ones never called are not there), by i.
fcalls () {
	gnu_gprof -b -p prog "$1" 2>/dev/null |
		awk '$NF ~ /^f[0-9]+$/ && NF == 7 { print $NF, $4 }' |
		sort -k1.2n
}

# expect_fcalls DESC FILE N1 C1 [N2 C2]: f0 ... f(N1-1) called C1 times
# each, the next N2 C2 times, and no other f<i> called.
expect_fcalls () {
	_desc=$1 _file=$2
	awk -v a="$3" -v ca="$4" -v b="${5:-0}" -v cb="${6:-0}" 'BEGIN {
		for (i = 0; i < a + b; i++)
			print "f" i, (i < a ? ca : cb) }' >want.txt
	fcalls "$_file" >got.txt
	if cmp -s want.txt got.txt; then
		ok "$_desc: $(wc -l <got.txt) functions with the calls they had"
	else
		bad "$_desc: the calls of f0 ... f$((nfns - 1)) differ:"
		diff want.txt got.txt | head -10
	fi
}

# expect_message DESC ERR LOST LIMIT WANT: the one line at exit.
expect_message () {
	one_line "$1" "$2" "^libgmon: $3 calls were not counted: their arcs did not fit in GMON_ARC_LIMIT=$4 bytes of arc tables .*: raise GMON_ARC_LIMIT to at least $5, or unset it\$"
	if grep -Eq '\?|Success' "$2"; then
		bad "$1: a failure without its cause ('?' or 'Success')"
	fi
}

# expect_sampled DESC: the file says GMON_RATE's 1000 Hz and the
# samples of all objects (the companion's total; where they land is
# not the sampler's to choose) stand for the process's CPU time
# (cpu_us in out), within 15%.  Shares of CPU time, which load does
# not change.
expect_sampled () {
	"$GMONDUMP" -s gmon.out | awk '$1 == "hist"' >hist.txt
	if grep -q ' rate=1000 ' hist.txt; then
		ok "$1: sampled at 1000 Hz"
	else
		bad "$1: not sampled at 1000 Hz: $(cat hist.txt)"
	fi
	"$GMONDUMP" gmon.out-objs/objects.gmonx >comp.txt 2>&1
	_cpu=$(awk '$1 == "cpu_us" { print $2 }' out)
	_smp=$(sed -n 's/^process .* samples=\([0-9]*\) .*/\1/p' comp.txt)
	_hz=$(sed -n 's/^process .* rate=\([0-9]*\) .*/\1/p' comp.txt)
	if awk -v c="${_cpu:-0}" -v s="${_smp:-0}" -v r="${_hz:-0}" \
		'BEGIN { exit !(c > 0 && r > 0 && s / r / c * 1e6 > 0.85 &&
				s / r / c * 1e6 < 1.15) }'; then
		ok "$1: ${_smp} samples at ${_hz} Hz for ${_cpu} us of CPU"
	else
		bad "$1: ${_smp:-no} samples at ${_hz:-?} Hz for ${_cpu:-?} us of CPU"
	fi
}

rounds=3

# No limit: every arc, nothing said.
run_prog ./prog 0 $rounds 20 >out 2>err || bad "no limit: the program failed"
quiet_stderr "no limit" err
expect_fcalls "no limit" gmon.out $nfns $rounds

# One thread.  Its table holds <libc> -> main and main -> worker (in
# the companion and in gmon.out) before worker -> f0: two arcs.
for limit in 0 1 3000 4095 4096 8191 8192 24575 24576 53248; do
	set -- $(rule $limit)
	arcs=$1 want=$2
	fit=$((arcs - 2))
	rm -f gmon.out
	ms=20
	case $limit in 1|3000) ms=300 ;; esac
	GMON_ARC_LIMIT=$limit run_prog ./prog 0 $rounds $ms >out 2>err ||
		bad "$limit: the program failed"
	expect_message "GMON_ARC_LIMIT=$limit" err \
		$(((nfns - fit) * rounds)) $limit $want
	expect_fcalls "GMON_ARC_LIMIT=$limit: f0 ... f$((fit - 1))" \
		gmon.out $fit $rounds
	[ $ms = 300 ] && expect_sampled "GMON_ARC_LIMIT=$limit"
done

# Four threads alive at once, each with a first table of its own (one
# arc, <libc> -> worker, before worker -> f0), sampled by its own
# clock.  Under 8 KiB none grows; with 8 KiB one of them does, whichever
# comes first, so the sums are the same whatever the order: 4 threads
# count f0 ... f94, one counts f95 ... f190 too.
threads=4
rm -f gmon.out
GMON_ARC_LIMIT=1K run_prog ./prog $threads $rounds 100 >out 2>err ||
	bad "threads, 1K: the program failed"
expect_message "4 threads, GMON_ARC_LIMIT=1K" err \
	$(((nfns - 95) * rounds * threads)) 1024 8192
expect_fcalls "4 threads, GMON_ARC_LIMIT=1K" gmon.out 95 \
	$((rounds * threads))
expect_sampled "4 threads, GMON_ARC_LIMIT=1K"

rm -f gmon.out
GMON_ARC_LIMIT=8K run_prog ./prog $threads $rounds 100 >out 2>err ||
	bad "threads, 8K: the program failed"
expect_message "4 threads, GMON_ARC_LIMIT=8K" err \
	$(((nfns - 95) * rounds * threads - 96 * rounds)) 8192 24576
expect_fcalls "4 threads, GMON_ARC_LIMIT=8K" gmon.out 95 \
	$((rounds * threads)) 96 $rounds
expect_sampled "4 threads, GMON_ARC_LIMIT=8K"

# A value that is no size is said so, and no limit applies.
rm -f gmon.out
GMON_ARC_LIMIT=lots run_prog ./prog 0 1 20 >out 2>err || bad "lots: failed"
one_line "GMON_ARC_LIMIT=lots" err \
	'^libgmon: GMON_ARC_LIMIT=lots was ignored: not a size in bytes'
expect_fcalls "GMON_ARC_LIMIT=lots" gmon.out $nfns 1

finish
