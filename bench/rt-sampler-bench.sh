#!/bin/sh
# rt-sampler-bench.sh - how much of the CPU time the histogram holds,
# per GMON_RATE and number of busy threads (on however many CPUs the
# machine has).
#
# usage: rt-sampler-bench.sh   (from `make bench'; SPIN_MS per thread,
#        default 2000 / threads)
#
# For each run: the time the histogram holds (its samples over the
# rate in the file), the time of every sample taken (those outside the
# program's code too: libc, the runtime), both over the process's CPU
# time from getrusage.  1.000 is perfect.

set -u
: "${top_srcdir:?run me through make bench}"
: "${top_builddir:?run me through make bench}"
: "${CC:=cc}"
LC_ALL=C
export LC_ALL

lib=$top_builddir/mcount/.libs
gmondump=$top_builddir/gmon/gmondump
work=$(mktemp -d "${TMPDIR:-/tmp}/gmonkit-sbench.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99
[ -f "$lib/libgmon.so" ] || { echo "libgmon was not built"; exit 77; }
$CC -O2 -pg -pthread -o spin "$top_srcdir/bench/spin.c" -L"$lib" -lgmon \
	-Wl,-rpath,"$lib" || exit 99

echo "libgmon sampler accuracy: load average" \
	"$(cut -d' ' -f1-3 /proc/loadavg), $(nproc) CPUs"
printf '%-8s %-8s %-7s %9s %9s %9s %9s\n' sampler rate threads "CPU s" \
	"hist s" "hist/CPU" "all/CPU"
for sampler in perf timer; do
	for rate in 100 1000 10000; do
		for threads in 1 4; do
			ms=${SPIN_MS:-$((2000 / threads))}
			rm -f gmon.out
			GMON_SAMPLER=$sampler GMON_RATE=$rate GMON_DEBUG=1 \
				./spin $threads "$ms" >out 2>err ||
				{ echo "spin failed"; cat err; exit 99; }
			cpu=$(awk '$1 == "cpu_us" { print $2 / 1e6 }' out)
			all=$(sed -n 's/.*dump: .*: \([0-9]*\) samples.*/\1/p' err)
			frate=$("$gmondump" -s gmon.out |
				sed -n 's/^hist .* rate=\([0-9]*\) .*/\1/p' | head -1)
			hist=$("$gmondump" -s gmon.out | awk '$1 == "hist" {
				for (i = 1; i <= NF; i++) if ($i ~ /^samples=/) {
					sub ("samples=", "", $i); s += $i } }
				END { print s + 0 }')
			awk -v s="$sampler" -v r="$rate" -v t="$threads" \
				-v c="$cpu" -v h="$hist" -v a="$all" -v f="$frate" \
				'BEGIN { printf "%-8s %-8s %-7s %9.3f %9.3f %9.3f %9.3f\n",
				s, r, t, c, h / f, h / f / c, a / f / c }'
		done
	done
done
