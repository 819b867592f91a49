#!/bin/sh
# rt-bb-bench.sh - what basic-block counts cost: libgmon's
# -fsanitize-coverage=trace-pc hook against gcc's -fprofile-arcs (gcov's
# counters, inline), both against no instrumentation.
#
# usage: rt-bb-bench.sh   (from `make bench'; BENCH_ROUNDS=N, default 5)
#
# Programs (-O2 -fno-optimize-sibling-calls):
#   calls   bench/calls.c, 1 thread: fib (32) + 10^8 calls of small ()
#   loops   bench/loops.c: Collatz lengths up to 2 * 10^6 and a sieve,
#           about 2 * 10^8 loop iterations and 2 * 10^6 calls
# Variants: no instrumentation; -fprofile-arcs -fprofile-update=single
# (gcov's counters, which threads race on); -fprofile-arcs
# -fprofile-update=atomic (exact with threads, as libgmon is, and
# gcc's choice with -pthread); trace-pc with libgmon.so, with
# libgmon.a, and trace-pc and -pg with libgmon.so.
# Prints per variant the median CPU time (user + sys, writing the
# counts at exit included) and its ratio to no instrumentation.

set -u
: "${top_srcdir:?run me through make bench}"
: "${top_builddir:?run me through make bench}"
: "${CC:=cc}"
LC_ALL=C
export LC_ALL

rounds=${BENCH_ROUNDS:-5}
lib=$top_builddir/mcount/.libs
runstat=$top_builddir/bench/runstat
work=$(mktemp -d "${TMPDIR:-/tmp}/gmonkit-bbbench.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99
[ -f "$lib/libgmon.so" ] || { echo "libgmon was not built"; exit 77; }

F="-O2 -fno-optimize-sibling-calls -pthread"
G="-L$lib -lgmon -Wl,-rpath,$lib"
variants="plain gcov gcov-atomic bb bb-a bb-pg"
for p in calls loops; do
	for v in $variants; do
		mkdir -p "$p-$v"
		# shellcheck disable=SC2086
		case $v in
		plain)	$CC $F -o $p-$v/prog "$top_srcdir/bench/$p.c" ;;
		gcov)	$CC $F -fprofile-arcs -fprofile-update=single \
				-o $p-$v/prog "$top_srcdir/bench/$p.c" ;;
		gcov-atomic)
			$CC $F -fprofile-arcs -fprofile-update=atomic \
				-o $p-$v/prog "$top_srcdir/bench/$p.c" ;;
		bb)	$CC $F -fsanitize-coverage=trace-pc -o $p-$v/prog \
				"$top_srcdir/bench/$p.c" $G ;;
		bb-a)	$CC $F -fsanitize-coverage=trace-pc -o $p-$v/prog \
				"$top_srcdir/bench/$p.c" "$lib/libgmon.a" ;;
		bb-pg)	$CC $F -pg -fsanitize-coverage=trace-pc \
				-o $p-$v/prog "$top_srcdir/bench/$p.c" $G ;;
		esac || { echo "cannot build $p-$v"; exit 99; }
	done
done

. "$top_srcdir/bench/bench-lib.sh"

# bench PROG ARGS...: every variant ROUNDS times, interleaved.
bench () {
	p=$1; shift
	for v in $variants; do
		: >"$p-$v/cpu"
	done
	r=0
	while [ $r -lt "$rounds" ]; do
		for v in $variants; do
			(cd "$p-$v" && rm -rf gmon.out* ./*.gcda &&
			 "$runstat" ./prog "$@" >out 2>stat) ||
				{ echo "$p-$v failed"; cat "$p-$v/stat"; exit 99; }
			awk '$1 == "runstat:" { print $3 + $5 }' "$p-$v/stat" \
				>>"$p-$v/cpu"
		done
		r=$((r + 1))
	done
	base=$(median "$p-plain/cpu")
	printf '%-13s %9s %7s\n' "$p" "CPU s" "x plain"
	for v in $variants; do
		cpu=$(median "$p-$v/cpu")
		printf '%-13s %9.3f %7.2f\n' "$v" "$cpu" \
			"$(awk -v c="$cpu" -v b="$base" \
				'BEGIN { printf "%.2f", c / b }')"
	done
	echo
}

echo "basic-block counts: $rounds interleaved rounds, medians;" \
	"load average $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) CPUs"
echo
bench calls 1 32 100000000
bench loops 2000000
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
