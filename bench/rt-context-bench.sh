#!/bin/sh
# rt-context-bench.sh - what GMON_CONTEXT costs: the CPU time of a -pg
# program sampled with calling contexts, against the same program
# sampled as usual, at the default rate and at 10 kHz; the variants
# interleaved round by round.
#
# usage: rt-context-bench.sh   (from `make bench'; BENCH_ROUNDS=N,
# default 5)
#
# Programs (-O2 -fno-optimize-sibling-calls, libgmon.so):
#   calls   bench/calls.c: fib (34) + 3 * 10^8 calls of small ():
#           call-heavy, stacks a few frames deep (fib's up to 35)
#   deep    bench/deep.c: 12000 descents 500 calls deep, working at
#           every level: every sample finds hundreds of frames
# Variants, at each rate: classic sampling; GMON_CONTEXT=64; and for
# deep GMON_CONTEXT=1024 (whole stacks walked).  Prints, per variant,
# the median CPU time (user + sys, profile writing included), its
# ratio to classic sampling at the same rate, and the context nodes
# written.

set -u
: "${top_srcdir:?run me through make bench}"
: "${top_builddir:?run me through make bench}"
: "${CC:=cc}"
LC_ALL=C
export LC_ALL
unset GMON_CONTEXT GMON_RATE GMON_OUT_PREFIX GMON_OBJECTS

rounds=${BENCH_ROUNDS:-5}
lib=$top_builddir/mcount/.libs
runstat=$top_builddir/bench/runstat
gmondump=$top_builddir/gmon/gmondump
work=$(mktemp -d "${TMPDIR:-/tmp}/gmonkit-ctxbench.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99

[ -f "$lib/libgmon.so" ] || { echo "libgmon was not built"; exit 77; }
F="-O2 -fno-optimize-sibling-calls -pthread -pg"
for p in calls deep; do
	$CC $F -o $p "$top_srcdir/bench/$p.c" -L"$lib" -lgmon \
		-Wl,-rpath,"$lib" || { echo "cannot build $p"; exit 99; }
done

. "$top_srcdir/bench/bench-lib.sh"

# bench PROG RATE DEPTHS ARGS...: classic sampling and each depth of
# DEPTHS, ROUNDS times, interleaved.
bench () {
	prog=$1 rate=$2 depths=$3
	shift 3
	variants="0 $depths"
	for d in $variants; do
		mkdir -p "$prog.$rate.$d"
		: >"$prog.$rate.$d/cpu"
	done
	r=0
	while [ $r -lt "$rounds" ]; do
		for d in $variants; do
			dir=$prog.$rate.$d
			(cd "$dir" && rm -rf gmon.out gmon.out-objs &&
			 GMON_RATE=$rate GMON_CONTEXT=$d \
				"$runstat" "../$prog" "$@" >out 2>stat) ||
				{ echo "$dir failed"; cat "$dir/stat"; exit 99; }
			awk '$1 == "runstat:" { print $3 + $5 }' "$dir/stat" \
				>>"$dir/cpu"
		done
		r=$((r + 1))
	done
	base=$(median "$prog.$rate.0/cpu")
	for d in $variants; do
		dir=$prog.$rate.$d
		cpu=$(median "$dir/cpu")
		nodes=-
		if [ "$d" != 0 ]; then
			nodes=$("$gmondump" -s "$dir/gmon.out-objs/objects.gmonx" |
				sed -n 's/^contexts: \([0-9]*\) nodes.*/\1/p')
		fi
		printf '%-6s %6s Hz  %-18s %8.3f %9.3f  %s\n' "$prog" "$rate" \
			"$([ "$d" = 0 ] && echo classic ||
			   echo "GMON_CONTEXT=$d")" "$cpu" \
			"$(awk -v c="$cpu" -v b="$base" \
				'BEGIN { printf "%.3f", c / b }')" "${nodes:--}"
	done
}

echo "GMON_CONTEXT benchmark: $rounds interleaved rounds, medians;" \
	"load average $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) CPUs"
echo
printf '%-6s %9s  %-18s %8s %9s  %s\n' program rate variant "CPU s" \
	"x classic" "context nodes"
for rate in 1000 10000; do
	bench calls $rate 64 1 34 300000000
	bench deep $rate "64 1024" 500 12000
done
echo
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
