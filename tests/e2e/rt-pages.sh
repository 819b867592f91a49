#!/bin/sh
# rt-pages.sh - a dump reads no page of a histogram that no sample
# reached: 8 MiB more code that never runs (16 MiB of counts, 4096
# pages) costs the run no more page faults.  A dump that read every
# bin (and copied the program's histogram whole) mapped each page,
# a fault each: 9233 faults against 1026 without the 8 MiB, and a
# program that returns at once from main took 31 ms of CPU against
# glibc's 8.5 under a virtual machine (20 us a fault).  And the files
# are whole: the program's histogram covers all of its code, with
# the samples of the functions on both sides of the gap.

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
need_runtime

if qemu; then
	not_under_qemu "page faults (qemu's own, translating the program)"
	finish
fi
$CC -O2 -o rusage "$PROGRAMS/rt-rusage.c" || hard_error "cannot build rusage"
rt_cc small "$PROGRAMS/rt-pages.c" -O2 -pg
rt_cc big "$PROGRAMS/rt-pages.c" -O2 -pg -DBIG

# The least of three runs each: other work on the machine cannot add
# faults to a process, but the page cache can save it some.
least_faults () {
	_min=
	for _i in 1 2 3; do
		rm -rf gmon.out gmon.out-objs
		_f=$(./rusage "$@" | sed -n 's/^minflt \([0-9]*\) .*/\1/p')
		[ -n "$_f" ] || hard_error "$*: no fault count"
		if [ -z "$_min" ] || [ "$_f" -lt "$_min" ]; then _min=$_f; fi
	done
	echo "$_min"
}
s=$(least_faults ./small)
b=$(least_faults ./big)
check "8 MiB of code no sample reached: $b page faults against $s" \
	[ $((b - s)) -lt 512 ]
"$GMONDUMP" -s gmon.out >dump.txt 2>&1
nbins=$(sed -n 's/^hist .* bins=\([0-9]*\) .*/\1/p' dump.txt | head -n 1)
check "the histogram covers the 8 MiB ($nbins bins of 4 bytes)" \
	[ "${nbins:-0}" -gt 2097152 ]

# Samples on both sides of the gap, where the file says.
GMON_RATE=1000 run_prog ./big 150 >out 2>err || bad "big 150: failed"
quiet_stderr "big 150" err
for f in first last; do
	t=$(flat_self big gmon.out $f)
	check "GNU gprof: $f has its time (${t:-none} s of 0.15)" \
		awk -v t="${t:-0}" 'BEGIN { exit !(t >= 0.1 && t <= 0.2) }'
done
finish
