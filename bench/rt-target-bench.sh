#!/bin/sh
# rt-target-bench.sh - what profiling with libgmon costs on another
# target, against glibc's gmon, both under the same qemu-user, measured
# in one run, the variants interleaved round by round.
#
# usage: rt-target-bench.sh   (from `make bench' in a cross build:
#        sh ./quickstart bench-cross; BENCH_ROUNDS=N, default 7)
#
# Program: bench/calls.c (-O2 -fno-optimize-sibling-calls), one thread,
# fib (27) + 2 * 10^7 calls of small (): 20 317 812 calls, a fifth of
# the native benchmark's (qemu runs the target's code some ten times
# slower).  Variants: no profiling; -pg with glibc; -pg with
# libgmon.so; built with -fpatchable-function-entry (=2 on aarch64, =4
# on riscv64) and run alone (sleds: its NOPs), and the same program
# with libgmon.so preloaded (patched: every sled a call).  Each round also runs every variant with no work (fib
# (2), no loop): its start and exit alone.  Prints per variant the
# median CPU time of the qemu process (user + sys: the program's exit
# and profile writing included), its ratio to no profiling, the
# median CPU time of the run with no work, and whether the profile
# holds every call (the target's GNU gprof's count of small); then one
# line per target:
#     TARGET: libgmon's overhead / glibc's under qemu = R
# the extra CPU time profiling costs per call with ours over the extra
# it costs with glibc's (below 1: ours is cheaper), each variant's
# time with no work taken from its time with the calls: libgmon's
# start-up (a larger library to load and relocate, its variables, the
# objects to scan: some 15 ms of qemu's time against glibc's, a few
# percent of the run) is shown in its column and not counted in R.
# Then, printed and not judged:
#     TARGET: sleds alone / plain = S, patched / -pg with libgmon = P
# Under qemu the emulation weighs on every instruction alike, so R is
# a ratio of the instructions each runtime runs per call, not of a
# board's time.

set -u
: "${top_srcdir:?run me through make bench}"
: "${top_builddir:?run me through make bench}"
: "${CC:?the cross compiler}"
: "${RUN_TARGET:?RUN_TARGET of a cross build (configure --host=...)}"
LC_ALL=C
export LC_ALL

rounds=${BENCH_ROUNDS:-7}
lib=$top_builddir/mcount/.libs
src=$top_srcdir/bench/calls.c
target=$($CC -dumpmachine)
work=$(mktemp -d "${TMPDIR:-/tmp}/gmonkit-tbench.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99

[ -f "$lib/libgmon.so" ] || { echo "libgmon was not built"; exit 77; }
command -v /usr/bin/time >/dev/null ||
	{ echo "rt-target-bench: needs GNU time (Debian: apt-get install time)"; exit 77; }
F="-O2 -fno-optimize-sibling-calls -pthread"
case $target in
aarch64*) sled=-fpatchable-function-entry=2 ;;
*)	  sled=-fpatchable-function-entry=4 ;;
esac
variants="plain glibc gmon sleds patched"
for v in $variants; do
	mkdir "$v"
	case $v in
	plain)	$CC $F -o $v/prog "$src" ;;
	glibc)	$CC $F -pg -o $v/prog "$src" ;;
	gmon)	$CC $F -pg -o $v/prog "$src" -L"$lib" -lgmon \
			-Wl,-rpath,"$lib" ;;
	sleds)	$CC $F $sled -o $v/prog "$src" ;;
	patched) cp sleds/prog $v/prog ;;
	esac || { echo "cannot build $v"; exit 99; }
done

. "$top_srcdir/bench/bench-lib.sh"

loop_n=20000000
for v in $variants; do
	: >$v/cpu; : >$v/idle
done
r=0
while [ $r -lt "$rounds" ]; do
	for v in $variants; do
		# patched: libgmon preloaded into the target's dynamic
		# linker.
		(cd $v && set -- &&
		 { [ $v != patched ] || set -- --preload "$lib/libgmon.so"; } &&
		 rm -rf gmon.out gmon.out-objs &&
		 /usr/bin/time -f 'cpu %U %S' -o stat0 \
			"$RUN_TARGET" "$@" ./prog 1 2 0 >out0 2>err0 &&
		 rm -rf gmon.out gmon.out-objs &&
		 /usr/bin/time -f 'cpu %U %S' -o stat \
			"$RUN_TARGET" "$@" ./prog 1 27 $loop_n >out 2>err) ||
			{ echo "$v failed"; cat $v/err0 $v/err; exit 99; }
		awk '$1 == "cpu" { print $2 + $3 }' $v/stat0 >>"$v/idle"
		awk '$1 == "cpu" { print $2 + $3 }' $v/stat >>"$v/cpu"
	done
	r=$((r + 1))
done

echo "libgmon on $target under $(basename "${TARGET_QEMU:-qemu}"):" \
	"$rounds interleaved rounds, medians; load average" \
	"$(cut -d' ' -f1-3 /proc/loadavg), $(nproc) CPUs"
printf '%-8s %9s %7s %8s  %s\n' variant "CPU s" "x plain" "no work" \
	"calls of small in gmon.out"
base=$(median plain/cpu)
for v in $variants; do
	cpu=$(median $v/cpu)
	calls=
	if [ -f $v/gmon.out ] && [ -n "${GNU_GPROF:-}" ]; then
		calls=$("$GNU_GPROF" -b -p $v/prog $v/gmon.out 2>/dev/null |
			awk '$NF == "small" { print $4; exit }')
		[ "$calls" = $loop_n ] && calls="all $calls" ||
			calls="$calls of $loop_n"
	fi
	printf '%-8s %9.2f %7.2f %8.3f  %s\n' $v "$cpu" \
		"$(awk -v c="$cpu" -v b="$base" 'BEGIN { printf "%.2f", c / b }')" \
		"$(median $v/idle)" "$calls"
done
awk -v t="$target" \
	-v p="$(median plain/cpu)" -v p0="$(median plain/idle)" \
	-v g="$(median glibc/cpu)" -v g0="$(median glibc/idle)" \
	-v o="$(median gmon/cpu)" -v o0="$(median gmon/idle)" 'BEGIN {
	p -= p0; g -= g0; o -= o0
	if (g - p <= 0) { print t ": glibc'\''s overhead not measured"; exit 1 }
	r = (o - p) / (g - p)
	printf "%s: libgmon'\''s overhead / glibc'\''s under qemu = %.2f (%s)\n",
		t, r, r < 1 ? "ours below glibc'\''s" : "OURS IS NOT BELOW GLIBC'\''S"
	exit !(r < 1) }'
rc=$?
awk -v t="$target" \
	-v p="$(median plain/cpu)" -v p0="$(median plain/idle)" \
	-v s="$(median sleds/cpu)" -v s0="$(median sleds/idle)" \
	-v o="$(median gmon/cpu)" -v o0="$(median gmon/idle)" \
	-v q="$(median patched/cpu)" -v q0="$(median patched/idle)" 'BEGIN {
	printf "%s: sleds alone / plain = %.2f, patched / -pg with libgmon = %.2f\n",
		t, (s - s0) / (p - p0), (q - q0) / (o - o0) }'
exit $rc
