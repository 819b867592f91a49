#!/bin/sh
# gprof-hist.sh - what histograms cost our gprof and gmondump, next to
# GNU gprof, in one run.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Run by `make bench' (or `make bench-hist').  Prints, measured in the
# same run against GNU gprof, as ratios:
#
#   a 64 MiB histogram with every bin set   the peak RSS of our gprof
#                                           and of gmondump -s, against
#                                           GNU gprof's (target: at most
#                                           1.0x); and the CPU times
#   40 000 and 80 000 histogram records     the CPU time of ours and of
#     (32 bins each, shuffled)              GNU gprof at each size, and
#                                           each one's time for 80 000
#                                           over 40 000: about 2 for
#                                           n log n (ours; target: at
#                                           most 3), about 4 for a
#                                           quadratic merge (GNU's);
#                                           and the peak RSS of both
#
# Each is the least CPU time of BENCH_REPEAT runs (default 3), in
# interleaved rounds (each round runs everything once), and the peak
# RSS of that run.  Inputs are generated once into $BENCH_CACHE
# (default $top_builddir/bench/cache).  Exit status 0, or 1 with
# --strict if a target is missed; 99 if the benchmark itself failed.

set -u
: "${top_srcdir:?run me through make bench}"
: "${top_builddir:?run me through make bench}"
: "${CC:=cc}"
: "${PYTHON3:=python3}"
: "${GNU_GPROF:=/usr/bin/gprof}"
export LC_ALL=C

strict=0
[ "${1:-}" = --strict ] && strict=1
repeat=${BENCH_REPEAT:-3}
cache=${BENCH_CACHE:-$top_builddir/bench/cache}
RUNSTAT=$top_builddir/bench/runstat
OURS=${GPROF_UNDER_TEST:-$top_builddir/gprof/gprof}
GMONDUMP=$top_builddir/gmon/gmondump
GEN=$top_srcdir/bench/gprof-hist-gen.py

die () { echo "gprof-hist: $*" >&2; exit 99; }
[ -x "$GNU_GPROF" ] || die "no GNU gprof at $GNU_GPROF"
[ -x "$RUNSTAT" ] || die "build bench/runstat first (make bench)"
[ -x "$OURS" ] || die "our gprof is not built: $OURS"
[ -x "$GMONDUMP" ] || die "gmondump is not built: $GMONDUMP"
command -v "$PYTHON3" >/dev/null 2>&1 || die "python3 is needed"
mkdir -p "$cache" || die "cannot create $cache"
cd "$cache" || exit 99

gen () {	# FILE COMMAND...: run COMMAND unless FILE exists
	_f=$1; shift
	[ -f "$_f" ] && return 0
	echo "generating $_f ..." >&2
	"$@" || { rm -f "$_f"; die "failed: $*"; }
}
gen hist-dense64.out "$PYTHON3" "$GEN" dense 64 hist-dense64.out
gen hist-rec40k.out "$PYTHON3" "$GEN" records 40000 hist-rec40k.out
gen hist-rec80k.out "$PYTHON3" "$GEN" records 80000 hist-rec80k.out
gen hist-image $CC -pg -O0 -o hist-image \
	"$top_srcdir/tests/programs/gprof-backcall.c"

# measure ID COMMAND...: one run; keeps in ID.res the least CPU time
# (user + system, s) of its runs and that run's peak RSS (KiB), or
# "fail".
measure () {
	_id=$1; shift
	"$RUNSTAT" "$@" >/dev/null 2>"$_id.err"
	_x=$?
	set -- $(sed -n 's/^runstat: //p' "$_id.err" | tail -n 1)
	if [ $_x != 0 ] || [ $# -ne 6 ]; then
		echo fail >"$_id.res"
		return
	fi
	_t=$(awk "BEGIN { printf \"%.3f\", $2 + $4 }")
	_best=
	[ -f "$_id.res" ] && read -r _best _ <"$_id.res"
	[ "$_best" = fail ] && return
	if [ -z "$_best" ] || awk "BEGIN { exit !($_t < $_best) }"; then
		echo "$_t $6" >"$_id.res"
	fi
}

rm -f hist-*.res
echo "measuring: $repeat rounds ..." >&2
_r=0
while [ $_r -lt "$repeat" ]; do
	_r=$((_r + 1))
	measure hist-dense-gnu "$GNU_GPROF" -b -p hist-image hist-dense64.out
	measure hist-dense-ours "$OURS" -b -p hist-image hist-dense64.out
	measure hist-dense-dump "$GMONDUMP" -s hist-dense64.out
	for n in 40k 80k; do
		measure "hist-$n-gnu" "$GNU_GPROF" -b -p hist-image "hist-rec$n.out"
		measure "hist-$n-ours" "$OURS" -b -p hist-image "hist-rec$n.out"
	done
done

missed=0
# field ID N: field N of ID's result (1 CPU s, 2 peak KiB), or "fail".
field () {
	read -r _a _b <"$1.res"
	[ "$_a" = fail ] && { echo fail; return; }
	[ "$2" = 1 ] && echo "$_a" || echo "$_b"
}
ratio () {	# A B: A / B, or "-" if either failed
	case $1:$2 in *fail*) echo - ;; *)
		awk "BEGIN { b = $2 < 0.005 ? 0.005 : $2; printf \"%.2f\", $1 / b }" ;;
	esac
}
# verdict VALUE MAX: vd is ok if VALUE <= MAX, else MISSED, counted in
# missed (in this shell: $(verdict ...) would count in a subshell, and
# a missed target then ended in "every target met").
verdict () {
	case $1 in -) missed=$((missed + 1)); vd="MISSED (failed)"; return ;; esac
	if awk "BEGIN { exit !($1 <= $2) }"; then vd=ok
	else missed=$((missed + 1)); vd=MISSED; fi
}

g=$(field hist-dense-gnu 2) o=$(field hist-dense-ours 2) d=$(field hist-dense-dump 2)
r1=$(ratio "$o" "$g") r2=$(ratio "$d" "$g")
echo "64 MiB histogram, every bin set (peak RSS, KiB):"
verdict "$r1" 1.0
printf '  GNU gprof %s, ours gprof %s: %sx GNU (target: at most 1.0x): %s\n' \
	"$g" "$o" "$r1" "$vd"
verdict "$r2" 1.0
printf '  GNU gprof %s, gmondump -s %s: %sx GNU (target: at most 1.0x): %s\n' \
	"$g" "$d" "$r2" "$vd"
printf '  CPU s: GNU gprof %s, ours gprof %s (%sx GNU), gmondump -s %s\n' \
	"$(field hist-dense-gnu 1)" "$(field hist-dense-ours 1)" \
	"$(ratio "$(field hist-dense-ours 1)" "$(field hist-dense-gnu 1)")" \
	"$(field hist-dense-dump 1)"

echo "histogram records, 40 000 -> 80 000 (CPU s, peak RSS KiB):"
for who in gnu ours; do
	t4=$(field "hist-40k-$who" 1) t8=$(field "hist-80k-$who" 1)
	m4=$(field "hist-40k-$who" 2) m8=$(field "hist-80k-$who" 2)
	r=$(ratio "$t8" "$t4")
	if [ $who = ours ]; then
		verdict "$r" 3
		v=" (target: at most 3): $vd"
		name="ours     "
	else
		v=" (a search of every earlier record: about 4)"
		name="GNU gprof"
	fi
	printf '  %s %ss -> %ss: %sx the time for 2x the records%s; %s -> %s KiB\n' \
		"$name" "$t4" "$t8" "$r" "$v" "$m4" "$m8"
done
for n in 40k 80k; do
	r=$(ratio "$(field "hist-$n-ours" 2)" "$(field "hist-$n-gnu" 2)")
	verdict "$r" 1.0
	printf '  %s records: ours %sx GNU'"'"'s time, %sx its peak RSS (target: at most 1.0x): %s\n' \
		"$n" "$(ratio "$(field "hist-$n-ours" 1)" "$(field "hist-$n-gnu" 1)")" \
		"$r" "$vd"
done

echo
echo "ours: $OURS, $GMONDUMP"
echo "GNU:  $GNU_GPROF"
if [ "$missed" -ne 0 ]; then
	echo "$missed target(s) missed"
	[ $strict = 1 ] && exit 1
else
	echo "every target met"
fi
exit 0
