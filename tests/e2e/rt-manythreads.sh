#!/bin/sh
# rt-manythreads.sh - libgmon is never why a thread cannot start.
#
#   Each thread of the program held two or three memory mappings of
#   libgmon's (its record, its stack for fatal signals, its table of
#   samples), and the kernel gives a process vm.max_map_count of them:
#   a program that started 30000 threads of 64 KiB stacks without
#   libgmon started 16822 with it.  Now 2000 threads (each having run
#   -pg code) add the mappings of their stacks and no more, give or
#   take two; and a program that starts threads until the mappings
#   run out (4000 left to it) starts as many with libgmon as without,
#   less one at most: libgmon's reservation (mcount/linux/pages.c), two
#   mappings, is made once its first mapping is used up (some 500
#   threads), no longer at start-up, where under qemu-user its 8 GiB
#   cost every process a quarter of a second.

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
need_runtime

rt_cc prog "$PROGRAMS/rt-manythreads.c" -O2 -pg
$CC $RT_CFLAGS_TEST -O2 -o plain "$PROGRAMS/rt-manythreads.c" -lpthread ||
	hard_error "cannot build plain"

# run DESC LEFT MAX PROG [VAR=VALUE...]: sets threads and maps.
run () {
	_d=$(echo "$1" | tr = -) _l=$2 _m=$3 _p=$4; shift 4
	env "$@" $RUN_TARGET ./$_p $_l $_m >"$_d.out" 2>"$_d.err" ||
		bad "$_d: the program failed"
	threads=$(awk '$1 == "threads" { print $2 }' "$_d.out")
	maps=$(awk '$1 == "mappings" { print $2 }' "$_d.out")
}

if qemu; then
	not_under_qemu "memory mappings (qemu maps the guest's its own way)"
	finish
fi

# The mappings 2000 threads add.
run plain2000 0 2000 plain
pmaps=$maps
check "plain: 2000 threads ($threads)" test "$threads" = 2000
for v in "" GMON_THREADS=0 GMON_FATAL_SIGNALS=0 GMON_CONTEXT=8; do
	run "libgmon$v" 0 2000 prog $v
	check "libgmon${v:+ $v}: 2000 threads add $maps mappings, plain $pmaps" \
		test "$threads" = 2000 -a "$maps" -le $((pmaps + 2))
done

# Until the mappings run out: only where they can be made to, with a
# few tens of thousands of pages (some kernels allow millions).
max=$(cat /proc/sys/vm/max_map_count 2>/dev/null || echo 0)
# (Where there are more, the mappings 2000 threads add, above, show
# that libgmon takes none per thread.)
if [ "$max" -gt 0 ] && [ "$max" -le 262144 ]; then
	run plainmax 4000 100000 plain
	pthreads=$threads
	check "plain: $pthreads threads until the mappings ran out ($(sed -n 2p plainmax.out))" \
		test "${pthreads:-0}" -gt 1000
	for v in "" GMON_THREADS=0; do
		run "libgmonmax$v" 4000 100000 prog $v
		check "libgmon${v:+ $v}: $threads threads until the mappings ran out, as many as plain less one at most ($pthreads)" \
			test "${threads:-0}" -ge "$((${pthreads:-2} - 1))"
	done
else
	echo "note: vm.max_map_count is $max: too many mappings to run out" \
		"of here (the mappings threads add are checked above)"
fi
finish
