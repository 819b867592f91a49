#!/bin/sh
# rt-sleds-bench.sh - what patchable function entries cost: the same
# program plain, built with -fpatchable-function-entry=5 and run
# alone (the sleds are NOPs), with libgmon preloaded (every sled
# patched), with GMON_PATCH naming one function (called once: the
# rest stay NOPs), and built with -pg and linked with libgmon.so.
# Then the other compilers' sleds: gcc -pg -mnop-mcount
# -mrecord-mcount (-no-pie), alone and patched; and, where clang is,
# the program built by clang plain (XRay's rows' own base: another
# compiler's code), with -fxray-instrument alone and patched.
#
# usage: rt-sleds-bench.sh   (from `make bench'; BENCH_ROUNDS=N,
#                             default 5)
#
# Program: bench/calls.c (-O2 -fno-optimize-sibling-calls), 1 thread:
# fib (32) and 10^8 calls of small (), about 1.07 * 10^8 calls.
# Prints per variant the median CPU time (user + sys, writing the
# profile at exit included) and its ratio to the plain build, all
# measured in one run, interleaved.

set -u
: "${top_srcdir:?run me through make bench}"
: "${top_builddir:?run me through make bench}"
: "${CC:=cc}"
LC_ALL=C
export LC_ALL

rounds=${BENCH_ROUNDS:-5}
lib=$top_builddir/mcount/.libs
runstat=$top_builddir/bench/runstat
work=$(mktemp -d "${TMPDIR:-/tmp}/gmonkit-sledbench.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99
[ -f "$lib/libgmon.so" ] || { echo "libgmon was not built"; exit 77; }
case $($CC -dumpmachine 2>/dev/null) in
x86_64*) ;;
*) echo "patchable function entries are patched on x86-64 only yet"
   exit 77 ;;
esac

. "$top_srcdir/bench/bench-lib.sh"

F="-O2 -fno-optimize-sibling-calls -pthread"
src=$top_srcdir/bench/calls.c
# shellcheck disable=SC2086
{ $CC $F -o plain "$src" &&
  $CC $F -fpatchable-function-entry=5 -o sleds "$src" &&
  $CC $F -pg -o pg "$src" -L"$lib" -lgmon -Wl,-rpath,"$lib" &&
  $CC $F -pg -mnop-mcount -mrecord-mcount -fno-pie -c -o nopmcount.o \
	"$src" && $CC $F -no-pie -o nopmcount nopmcount.o; } ||
	{ echo "cannot build the programs"; exit 99; }

variants="plain sleds patched-all patched-one pg-libgmon nopmcount"
variants="$variants nopmcount-all"
xray=
if command -v clang >/dev/null 2>&1; then
	for f in -fno-xray-link-deps -fnoxray-link-deps; do
		# shellcheck disable=SC2086
		clang $F -fxray-instrument -fxray-instruction-threshold=1 $f \
			-o xray "$src" 2>/dev/null && xray=y && break
	done
	# shellcheck disable=SC2086
	[ -n "$xray" ] && clang $F -o clang-plain "$src" ||
		{ echo "clang cannot build the XRay programs"; exit 99; }
	variants="$variants clang-plain xray xray-all"
fi
# cmd VARIANT: the command of VARIANT (env sets the preload for the
# program alone: runstat itself would get libgmon's line).
args="1 32 100000000"
cmd () {
	case $1 in
	plain)	echo "./plain $args" ;;
	sleds)	echo "./sleds $args" ;;
	patched-all) echo "env LD_PRELOAD=$lib/libgmon.so ./sleds $args" ;;
	patched-one) echo "env GMON_PATCH=^loop\$ LD_PRELOAD=$lib/libgmon.so ./sleds $args" ;;
	pg-libgmon) echo "./pg $args" ;;
	nopmcount) echo "./nopmcount $args" ;;
	nopmcount-all) echo "env LD_PRELOAD=$lib/libgmon.so ./nopmcount $args" ;;
	clang-plain) echo "./clang-plain $args" ;;
	xray)	echo "./xray $args" ;;
	xray-all) echo "env LD_PRELOAD=$lib/libgmon.so ./xray $args" ;;
	esac
}

for v in $variants; do
	: >"$v.cpu"
done
r=0
while [ $r -lt "$rounds" ]; do
	for v in $variants; do
		rm -rf gmon.out gmon.out-objs
		# shellcheck disable=SC2046
		"$runstat" $(cmd "$v") >/dev/null 2>"$v.stat" ||
			{ echo "$v failed"; cat "$v.stat"; exit 99; }
		awk '$1 == "runstat:" { print $3 + $5 }' "$v.stat" >>"$v.cpu"
		case $v in
		plain|sleds|nopmcount|clang-plain|xray) test ! -e gmon.out ;;
		*) test -s gmon.out ;;
		esac || { echo "$v: gmon.out is not as expected"; exit 99; }
	done
	r=$((r + 1))
done

echo "patchable function entries: bench/calls.c, 1 thread, fib (32) and" \
	"10^8 calls; $rounds interleaved rounds, medians;" \
	"load average $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) CPUs"
echo
base=$(median plain.cpu)
cbase=$base
[ -n "$xray" ] && cbase=$(median clang-plain.cpu)
printf '%-13s %9s %7s %13s\n' variant "CPU s" "x plain" "x clang-plain"
for v in $variants; do
	cpu=$(median "$v.cpu")
	printf '%-13s %9.3f %7.2f' "$v" "$cpu" \
		"$(awk -v c="$cpu" -v b="$base" 'BEGIN { printf "%.2f", c / b }')"
	case $v in
	clang-plain|xray*)
		printf ' %13.2f' "$(awk -v c="$cpu" -v b="$cbase" \
			'BEGIN { printf "%.2f", c / b }')" ;;
	esac
	echo
done
echo
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
