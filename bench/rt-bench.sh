#!/bin/sh
# rt-bench.sh - what profiling with libgmon costs, against glibc's
# gmon, measured in one run, the variants interleaved round by round.
#
# usage: rt-bench.sh   (from `make bench'; BENCH_ROUNDS=N, default 5)
#
# Programs (bench/calls.c, -O2 -fno-optimize-sibling-calls):
#   1 thread:  fib (32) + 10^8 calls of small ()    107 049 157 calls
#   2 threads: each fib (30) + 5 * 10^7 calls        105 385 076 calls
# Variants: no profiling; -pg with glibc; -pg with libgmon.so; -pg
# -mfentry with libgmon.so; -pg with libgmon.a.
# Prints, per variant, the median CPU time (user + sys of the whole
# process, its exit and profile writing included), its ratio to no
# profiling, the peak RSS, and whether the profile holds every call.

set -u
: "${top_srcdir:?run me through make bench}"
: "${top_builddir:?run me through make bench}"
: "${CC:=cc}"
LC_ALL=C
export LC_ALL

rounds=${BENCH_ROUNDS:-5}
lib=$top_builddir/mcount/.libs
runstat=$top_builddir/bench/runstat
gmondump=$top_builddir/gmon/gmondump
src=$top_srcdir/bench/calls.c
work=$(mktemp -d "${TMPDIR:-/tmp}/gmonkit-bench.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99

[ -f "$lib/libgmon.so" ] || { echo "libgmon was not built"; exit 77; }
F="-O2 -fno-optimize-sibling-calls -pthread"
variants="plain glibc gmon gmon-fentry gmon-a"
for v in $variants; do
	mkdir "$v"
	case $v in
	plain)	$CC $F -o $v/prog "$src" ;;
	glibc)	$CC $F -pg -o $v/prog "$src" ;;
	gmon)	$CC $F -pg -o $v/prog "$src" -L"$lib" -lgmon \
			-Wl,-rpath,"$lib" ;;
	gmon-fentry)
		$CC $F -pg -mfentry -o $v/prog "$src" -L"$lib" -lgmon \
			-Wl,-rpath,"$lib" ;;
	gmon-a)	$CC $F -pg -o $v/prog "$src" "$lib/libgmon.a" ;;
	esac || { echo "cannot build $v"; exit 99; }
done

. "$top_srcdir/bench/bench-lib.sh"

# bench NAME ARGS...: runs every variant ROUNDS times, interleaved.
bench () {
	name=$1; shift
	for v in $variants; do
		: >"$v/cpu.$name"
		: >"$v/rss.$name"
	done
	r=0
	while [ $r -lt "$rounds" ]; do
		for v in $variants; do
			(cd $v && rm -f gmon.out &&
			 "$runstat" ./prog "$@" >out.$name 2>stat) ||
				{ echo "$v failed"; cat $v/stat; exit 99; }
			awk '$1 == "runstat:" { print $3 + $5 }' $v/stat \
				>>"$v/cpu.$name"
			awk '$1 == "runstat:" { print $7 }' $v/stat \
				>>"$v/rss.$name"
		done
		r=$((r + 1))
	done
	base=$(median plain/cpu.$name)
	printf '%-13s %9s %7s %10s  %s\n' "$name" "CPU s" "x plain" \
		"RSS KiB" "arcs in gmon.out"
	for v in $variants; do
		cpu=$(median "$v/cpu.$name")
		rss=$(median "$v/rss.$name")
		want=$(awk '$1 == "calls" { print $2 }' "$v/out.$name")
		arcs=
		if [ -f "$v/gmon.out" ]; then
			got=$("$gmondump" -s "$v/gmon.out" |
				sed -n 's/^total: .* arc (\([0-9]*\) calls).*/\1/p')
			if [ "$got" = "$want" ]; then
				arcs="all $got calls"
			else
				arcs=$(awk -v g="$got" -v w="$want" 'BEGIN {
					printf "%d of %d calls (%.1f%% lost)",
					g, w, 100 * (w - g) / w }')
			fi
		fi
		printf '%-13s %9.3f %7.2f %10d  %s\n' "$v" "$cpu" \
			"$(awk -v c="$cpu" -v b="$base" \
				'BEGIN { printf "%.2f", c / b }')" "$rss" "$arcs"
	done
	echo
}

echo "libgmon benchmark: $rounds interleaved rounds, medians;" \
	"load average $(cut -d' ' -f1-3 /proc/loadavg)," \
	"$(nproc) CPUs"
echo
bench 1-thread 1 32 100000000
bench 2-threads 2 30 50000000
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
