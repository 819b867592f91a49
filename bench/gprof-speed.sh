#!/bin/sh
# gprof-speed.sh - how fast our gprof is, next to GNU gprof, in one run.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Run by `make bench'.  Prints, for each input, the time and peak RSS
# of GNU gprof and of ours (the least CPU time of BENCH_REPEAT runs,
# default 5, made in interleaved rounds: each round runs every
# measurement once), their ratio, and the target it must meet
# (issue 4).  The scaling of ours from one size to twice that is
# measured in pairs of runs instead (see pair below):
#
#   20 000-function program, default output   >= 3x faster than GNU, and
#                                              <= 1.5x the time of nm -n
#   -l on it                                  >= 10x faster than GNU
#   -A on it                                  not slower than GNU
#   objdump (binutils 2.40, -pg -g -O2), a    -l >= 10x faster, -A not
#     real program, if Debian's               slower, default >= 3x
#     binutils-source is installed
#   synthetic -S graphs: cycle, fan-out,      >= 20x faster than GNU; twice
#     fan-in                                  the size at most 2.05 times
#                                             the instructions (lin_slack)
#   chains of 125k/250k/500k/1M (-S)          work where GNU gprof crashes
#                                             (250k and up), not slower
#                                             below; twice the size at
#                                             most 2.05 times the
#                                             instructions
#   -s merging 100 gmon files                 >= 10x faster than GNU
#   peak memory                               never above GNU's
#   each --export and --diff-base on the      no target: time and peak
#     20 000-function program, and the views  memory beside the text
#     that write stacks on it with a million  report's, ours and GNU's
#     calling contexts
#   --threads and its exports on both, split  no target: beside the
#     over 64 threads                         text reports'
#
# A time is a measurement only if the run took 0.05 s or more: ours on
# the synthetic graphs takes less, so each of its jobs there runs ours
# $BENCH_SYNTH_RUNS times (default 20) and the time of one is the whole
# divided by that; a ratio whose time is still shorter is printed "not
# measured", never "ok".  Whether a doubling of the size at most
# doubles ours' work is judged by the instructions ours executes
# (valgrind's callgrind: a count, the same in every run, where single
# runs of 20 ms vary by a quarter here); the paired times (see pair)
# are printed beside it.  Without valgrind those lines say "not
# measured".
#
# Inputs are generated once into $BENCH_CACHE (default
# $top_builddir/bench/cache); later runs reuse them.  Ours is
# $GPROF_UNDER_TEST, else $top_builddir/gprof/gprof, else (while the
# tree has no analyser) GNU gprof itself, which makes every ratio 1.
# Exit status 0, or 1 with --strict if a target is missed; 99 if the
# benchmark itself failed.

set -u
: "${top_srcdir:?run me through make bench}"
: "${top_builddir:?run me through make bench}"
: "${CC:=cc}"
: "${PYTHON3:=python3}"
: "${GNU_GPROF:=/usr/bin/gprof}"
export LC_ALL=C

strict=0
[ "${1:-}" = --strict ] && strict=1
repeat=${BENCH_REPEAT:-5}
pairs=${BENCH_PAIRS:-3}
synth_runs=${BENCH_SYNTH_RUNS:-20}
# The least CPU time that is a measurement (s).
min_time=0.05
cache=${BENCH_CACHE:-$top_builddir/bench/cache}
GMONMAKE=$top_builddir/tests/tools/gmonmake
RUNSTAT=$top_builddir/bench/runstat

die () { echo "gprof-speed: $*" >&2; exit 99; }
[ -x "$GNU_GPROF" ] || die "no GNU gprof at $GNU_GPROF"
[ -x "$GMONMAKE" ] || die "build tests/tools/gmonmake first (make check or make bench)"
[ -x "$RUNSTAT" ] || die "build bench/runstat first (make bench)"
command -v "$PYTHON3" >/dev/null 2>&1 || die "python3 is needed"

if [ -n "${GPROF_UNDER_TEST:-}" ]; then
	OURS=$GPROF_UNDER_TEST
elif [ -x "$top_builddir/gprof/gprof" ]; then
	OURS=$top_builddir/gprof/gprof
elif ls "$top_srcdir"/gprof/*.c >/dev/null 2>&1; then
	die "our gprof is not built: $top_builddir/gprof/gprof"
else
	OURS=$GNU_GPROF
	echo "note: this tree has no analyser yet: ours is GNU gprof, every ratio is 1"
fi
mkdir -p "$cache" || die "cannot create $cache"
cd "$cache" || exit 99

# ---------------------------------------------------------------------
# Inputs (cached)

gen () {	# STAMP COMMAND...: run COMMAND unless STAMP exists
	_s=$1; shift
	[ -f "$_s" ] && return 0
	echo "generating $_s ..." >&2
	"$@" || die "failed: $*"
	: >"$_s"
}

mkbig () {	# DIR N FILES: a program of N functions and its gmon.out
	mkdir -p "$1" && (
		cd "$1" &&
		"$PYTHON3" "$top_srcdir/bench/gprof-bigprog.py" -n "$2" --files "$3" &&
		for f in bigmain.c big[0-9]*.c; do echo "$f"; done |
			xargs -P 2 -n 1 sh -c "$CC -pg -g -O0 -c \"\$0\"" &&
		$CC -pg -o prog ./*.o &&
		"$PYTHON3" "$top_srcdir/bench/gprof-bigprog.py" --gmon prog >gmon.txt &&
		"$GMONMAKE" -o gmon.out <gmon.txt
	)
}
gen big.stamp mkbig big 20000 20
mkmid () {	# 2000 functions and 100 different gmon.out for -s
	mkdir -p mid && (
		cd mid &&
		"$PYTHON3" "$top_srcdir/bench/gprof-bigprog.py" -n 2000 --files 2 &&
		$CC -pg -g -O0 -o prog bigmain.c big000.c big001.c &&
		"$PYTHON3" "$top_srcdir/bench/gprof-bigprog.py" --gmon prog \
			--copies 100 --out 'gmon%03d.txt' &&
		for t in gmon[0-9]*.txt; do
			"$GMONMAKE" -o "${t%.txt}.out" <"$t" || exit 1
		done
	)
}
gen mid100.stamp mkmid
# The same program and profile with a million calling contexts (a
# companion made by bench/gprof-ctx-gen.py), for the views that write
# measured stacks.
mkctx () {
	mkdir -p ctx1m/gmon.out-objs && (
		cd ctx1m &&
		cp ../big/prog ../big/gmon.out . &&
		_s=$("$top_builddir/gmon/gmondump" -s gmon.out |
			sed -n 's/.* samples=\([0-9]*\).*/\1/p' | head -n 1) &&
		"$PYTHON3" "$top_srcdir/bench/gprof-ctx-gen.py" prog 1000000 \
			"$_s" gmon.out-objs/objects.gmonx
	)
}
gen ctx1m.stamp mkctx
# The same two, their samples, calls and contexts split over 64 threads
# (a companion with per-thread records made by
# bench/gprof-threads-gen.py), for gprof --threads and its exports.
mkthreads () {	# DIR FROM CONTEXTS [THREADS [BUSY]]
	mkdir -p "$1/gmon.out-objs" && (
		cd "$1" &&
		cp "../$2/prog" "../$2/gmon.out" . &&
		"$top_builddir/gmon/gmondump" gmon.out >gmon.txt &&
		"$PYTHON3" "$top_srcdir/bench/gprof-threads-gen.py" prog \
			gmon.txt "${4:-64}" "$3" gmon.out-objs/objects.gmonx ${5:-}
	)
}
gen big-threads.stamp mkthreads big-threads big 0
gen ctx1m-threads.stamp mkthreads ctx1m-threads big 1000000
# The first over 40 000 threads: about a bin and an arc a thread, so
# nearly every one of the 40 000 rows has samples (what a row costs);
# and over 40 000 threads of which 64 ran -pg code (as big-threads'
# 64): the rows without samples should cost next to nothing.
gen big-40k.stamp mkthreads big-40k big 0 40000
gen big-40k64.stamp mkthreads big-40k64 big 0 40000 64

# A real program: objdump of the binutils sources Debian ships
# (binutils-source), built with -pg -g -O2 and run over the 20 000-
# function program.  Left out if the sources are not there.
BINUTILS_TAR=${BINUTILS_TAR:-/usr/src/binutils/binutils-2.40.tar.xz}
mkobjdump () {
	mkdir -p objdump && (
		cd objdump &&
		tar xJf "$BINUTILS_TAR" &&
		mkdir -p build && cd build &&
		../binutils-2.40/configure --disable-gdb --disable-gdbserver \
			--disable-sim --disable-gold --disable-ld \
			--disable-gas --disable-gprof --disable-gprofng \
			--disable-nls --disable-werror --without-debuginfod \
			--disable-libctf CFLAGS="-pg -g -O2" LDFLAGS="-pg" \
			>configure.log 2>&1 &&
		make -j2 all-libiberty all-zlib all-bfd all-opcodes \
			all-libsframe configure-binutils >make.log 2>&1 &&
		make -j2 -C binutils objdump >>make.log 2>&1 &&
		cp binutils/objdump ../prog && cd .. &&
		rm -f gmon.out && ./prog -d -l ../big/prog >/dev/null &&
		[ -f gmon.out ]
	)
}
if [ -f "$BINUTILS_TAR" ]; then
	[ -f objdump.stamp ] || echo "objdump: building it from" \
		"$BINUTILS_TAR the first time (minutes)" >&2
	gen objdump.stamp mkobjdump
fi

# The image the -S runs need: any -pg program.
gen image.stamp $CC -pg -O0 -o image "$top_srcdir/tests/programs/gprof-backcall.c"
synth () {	# SHAPE N
	"$PYTHON3" "$top_srcdir/tests/tools/gprof-synth.py" "$1" "$2" \
		"$1-$2.syms" "$1-$2.txt" &&
		"$GMONMAKE" -o "$1-$2.out" <"$1-$2.txt"
}
for s in cycle-10000 cycle-20000 fanout-10000 fanout-20000 \
	fanin-20000 fanin-40000 chain-125000 chain-250000 chain-500000 \
	chain-1000000; do
	gen "$s.stamp" synth "${s%-*}" "${s#*-}"
done

# ---------------------------------------------------------------------
# Measuring

# Every measurement is registered first (job), then all of them run
# in $repeat rounds, each round running each once: a burst of load
# from elsewhere on the machine then costs one run of each, not every
# run of one (the least time of a job is taken).  A job that crashes
# or fails is not run again.
jobs=$cache/jobs
rm -rf "$jobs" && mkdir -p "$jobs" || die "cannot create $jobs"
: >"$jobs/list"

# job ID DIR TOOL ARGS...: registers running TOOL ARGS in DIR as ID
# (arguments are taken as they are: expand globs before).
job () {
	_id=$1 _dir=$2
	shift 2
	echo "$_id" >>"$jobs/list"
	printf '%s\n' "$_dir" >"$jobs/$_id.dir"
	printf '%s\n' "$@" >"$jobs/$_id.args"
	rm -f "$jobs/$_id.res" "$jobs/$_id.runs"
}

# job_runs ID DIR N TOOL ARGS...: the same, TOOL run N times in one
# job (a shell loop: wait4 counts the CPU time of its children); the
# time kept is the whole divided by N.
job_runs () {
	_id=$1 _dir=$2 _n=$3
	shift 3
	# (One line: the arguments are kept one a line.)
	job "$_id" "$_dir" sh -c 'n=$1; shift; i=0; while [ $i -lt $n ]; do "$@" >/dev/null || exit 1; i=$((i + 1)); done' \
		sh "$_n" "$@"
	echo "$_n" >"$jobs/$_id.runs"
}

# run_job ID: runs it once and keeps, in $jobs/ID.res, its least CPU
# time (user + system, s) and that run's peak RSS (MB) as "TIME RSS",
# or "crash(SIGn) RSS" / "exit(n) RSS".  bench/runstat reads both from
# wait4, to the microsecond.
run_job () {
	_res=$jobs/$1.res
	case $(cat "$_res" 2>/dev/null) in crash* | exit*) return ;; esac
	(
		cd "$(cat "$jobs/$1.dir")" || exit 99
		set -f
		IFS='
'
		# shellcheck disable=SC2046
		set -- $(cat "$jobs/$1.args")
		unset IFS
		rm -f gmon.sum
		"$RUNSTAT" "$@" >/dev/null 2>"$jobs/err.out"
	)
	_x=$?
	sed -n 's/^runstat: //p' "$jobs/err.out" | tail -n 1 >"$jobs/time.last"
	read -r _ _u _ _s _ _m _ _sig <"$jobs/time.last"
	if [ -n "${_sig:-}" ]; then
		echo "crash(SIG$_sig) $((${_m:-0} / 1024))" >"$_res"
		return
	fi
	if [ "$_x" != 0 ]; then
		echo "exit($_x) $((${_m:-0} / 1024))" >"$_res"
		return
	fi
	_n=1
	[ -f "$jobs/$1.runs" ] && read -r _n <"$jobs/$1.runs"
	_t=$(awk "BEGIN { printf \"%.4f\", ($_u + $_s) / $_n }")
	_best=
	[ -f "$_res" ] && read -r _best _ <"$_res"
	if [ -z "$_best" ] || awk "BEGIN { exit !($_t < $_best) }"; then
		echo "$_t $((_m / 1024))" >"$_res"
	fi
}

# res ID: the result of a job.
res () {
	cat "$jobs/$1.res"
}

B=$cache/big
D=$cache/objdump
I=$cache/image
M=$cache/mid
# nm takes some 30 ms: ten runs make its time a measurement.
job_runs nm "$cache" 10 nm -n "$B/prog"
job big-gnu "$B" "$GNU_GPROF" prog gmon.out
# Ours takes some 30 ms on it: ten runs in one job (a measurement).
job_runs big-ours "$B" 10 "$OURS" prog gmon.out
# Line level and annotated source (the listings go to the directory of
# the sources).
job big-l-gnu "$B" "$GNU_GPROF" -l prog gmon.out
job big-l-ours "$B" "$OURS" -l prog gmon.out
job big-A-gnu "$B" "$GNU_GPROF" -A prog gmon.out
job big-A-ours "$B" "$OURS" -A prog gmon.out
# Each export and view alone (to standard output, which runstat
# discards), and the comparison of the profile with itself.
VIEWS="folded flamegraph pprof igprof callgrind json dot"
for x in $VIEWS; do
	job "big-x-$x" "$B" "$OURS" "--export=$x:-" prog gmon.out
done
job big-x-diff "$B" "$OURS" --diff-base=gmon.out prog gmon.out
C=$cache/ctx1m
CTX_VIEWS="folded flamegraph pprof igprof callgrind"
job ctx-text "$C" "$OURS" prog gmon.out
for x in $CTX_VIEWS; do
	job "ctx-x-$x" "$C" "$OURS" "--export=$x:-" prog gmon.out
done
# Per thread: the text report (a flat profile per thread) and the views
# that take --threads, on the same profiles split over 64 threads.
T=$cache/big-threads
TC=$cache/ctx1m-threads
THREAD_VIEWS="folded flamegraph pprof"
job thr-text "$T" "$OURS" --threads prog gmon.out
job thr40k-text "$cache/big-40k" "$OURS" --threads prog gmon.out
job thr40k64-text "$cache/big-40k64" "$OURS" --threads prog gmon.out
job ctxthr-text "$TC" "$OURS" --threads prog gmon.out
for x in $THREAD_VIEWS; do
	job "thr-x-$x" "$T" "$OURS" --threads "--export=$x:-" prog gmon.out
	job "ctxthr-x-$x" "$TC" "$OURS" --threads "--export=$x:-" prog gmon.out
done
if [ -f objdump.stamp ]; then
	for o in "" -l -A; do
		job "objdump$o-gnu" "$D" "$GNU_GPROF" $o prog gmon.out
		job "objdump$o-ours" "$D" "$OURS" $o prog gmon.out
	done
fi
SHAPES="cycle:10000:20000 fanout:10000:20000 fanin:20000:40000
	chain:125000:250000:500000:1000000"
for sizes in $SHAPES; do
	shape=${sizes%%:*}
	for n in $(echo "${sizes#*:}" | tr : ' '); do
		job "$shape-$n-gnu" "$cache" "$GNU_GPROF" -S "$shape-$n.syms" \
			"$I" "$shape-$n.out"
		if [ "$shape" = chain ]; then
			job "$shape-$n-ours" "$cache" "$OURS" -S "$shape-$n.syms" \
				"$I" "$shape-$n.out"
		else
			job_runs "$shape-$n-ours" "$cache" "$synth_runs" "$OURS" \
				-S "$shape-$n.syms" "$I" "$shape-$n.out"
		fi
	done
done
# shellcheck disable=SC2046
job sum-gnu "$M" "$GNU_GPROF" -s prog $(cd "$M" && echo gmon0*.out)
# shellcheck disable=SC2046
job sum-ours "$M" "$OURS" -s prog $(cd "$M" && echo gmon0*.out)

# The scaling of ours, measured in pairs: in each round the smaller
# input runs twice and the one twice its size once, in between (N, 2N,
# N), and the round's ratio is 2 t(2N) / (t(N) + t(N)'); the median of
# the rounds' ratios is the scaling.  The least times would not do:
# load from elsewhere on this machine comes in bursts, a short run
# often falls between two and a run twice as long less often, so the
# least time of the longer run is the more inflated, by 5-10% here --
# while perf(1) samples of 16 runs at 125 000 and 8 at 250 000 (the
# same work in all) counted the same CPU time within 0.5%.  Paired
# like this, both sides are exposed to the load for as long.  Single
# rounds still vary by a quarter either way here, so each round makes
# $BENCH_PAIRS pairs (default 3): with 5 rounds, the median of 15.

# once DIR ARGS...: the CPU time (user + system, s) of one run, or
# "fail".
once () {
	(
		cd "$1" || exit 99
		shift
		rm -f gmon.sum
		"$RUNSTAT" "$@" >/dev/null 2>"$jobs/pair.err"
	) || { echo fail; return; }
	sed -n 's/^runstat: //p' "$jobs/pair.err" | tail -n 1 |
		awk '{ if ($8 != "") print "fail"; else printf "%.4f\n", $2 + $4 }'
}

# pair SHAPE N1 N2: one round of the scaling from N1 to N2, appended to
# $jobs/pair-SHAPE-N1-N2 as "t(N1) t(N2) t(N1)'".
pair () {
	_a=$(once "$cache" "$OURS" -S "$1-$2.syms" "$I" "$1-$2.out")
	_b=$(once "$cache" "$OURS" -S "$1-$3.syms" "$I" "$1-$3.out")
	_c=$(once "$cache" "$OURS" -S "$1-$2.syms" "$I" "$1-$2.out")
	echo "$_a $_b $_c" >>"$jobs/pair-$1-$2-$3"
}

echo "measuring: $(wc -l <"$jobs/list") runs, $repeat rounds ..." >&2
_r=0
while [ $_r -lt "$repeat" ]; do
	_r=$((_r + 1))
	while read -r _id; do
		run_job "$_id"
	done <"$jobs/list"
	_k=0
	while [ $_k -lt "$pairs" ]; do
		_k=$((_k + 1))
		for sizes in $SHAPES; do
			_p=
			for n in $(echo "${sizes#*:}" | tr : ' '); do
				[ -n "$_p" ] && pair "${sizes%%:*}" "$_p" "$n"
				_p=$n
			done
		done
	done
done

missed=0 unmeasured=0
printf '%-28s %10s %7s %10s %7s %8s  %s\n' input "GNU CPU s" "GNU MB" "ours CPU s" \
	"ours MB" ratio "target"

# measured SECONDS [RUNS]: whether a time (of RUNS runs, default 1)
# is long enough to be a measurement.
measured () { awk "BEGIN { exit !($1 * ${2:-1} >= $min_time) }"; }

# row LABEL MINRATIO GNU-RESULT OURS-RESULT [EXTRA-TARGET-TEXT [RUNS]]:
# RUNS is how many runs of ours the time of one was measured over.
row () {
	set -- "$1" "$2" $3 $4 "${5:-}" "${6:-1}"
	_label=$1 _min=$2 _gt=$3 _gm=$4 _ot=$5 _om=$6 _extra=$7 _runs=$8
	_verdict=ok
	case $_gt in
	crash* | exit*) _ratio="GNU fails" ;;
	*)	case $_ot in
		crash* | exit*) _ratio="ours fails" ;;
		*) if measured "$_ot" "$_runs" && measured "$_gt" && \
			awk "BEGIN { exit !($_ot > 0) }"; then
			_ratio=$(awk "BEGIN { printf \"%.1fx\", $_gt / $_ot }")
		   else
			_ratio="n/m"
			_verdict="not measured (a run under ${min_time} s)"
		   fi ;;
		esac ;;
	esac
	case $_ot in crash* | exit*) _verdict=MISSED ;; esac
	case $_gt:$_ot:$_ratio in
	crash* | exit*) ;;
	*:crash* | *:exit*) ;;
	*:n/m) ;;
	*)	awk "BEGIN { exit !($_gt / $_ot >= $_min) }" ||
			_verdict=MISSED ;;
	esac
	case $_gm:$_om in
	*:*[!0-9]*) ;;
	*) [ "$_om" -le "$_gm" ] || _verdict="$_verdict, MEMORY ABOVE GNU" ;;
	esac
	case $_verdict in
	ok) ;;
	not*) unmeasured=$((unmeasured + 1)) ;;
	*) missed=$((missed + 1)) ;;
	esac
	[ "$_runs" = 1 ] || _extra="$_extra (ours: 1/$_runs of $_runs runs)"
	printf '%-28s %10s %7s %10s %7s %8s  >= %sx faster%s: %s\n' "$_label" \
		"$_gt" "$_gm" "$_ot" "$_om" "$_ratio" "$_min" "$_extra" "$_verdict"
}

# instructions SHAPE N: the instructions ours executes on it
# (callgrind), or "n/m" without valgrind, "fail" if the run failed.
instructions () {
	command -v valgrind >/dev/null 2>&1 || { echo n/m; return; }
	_ir=$(cd "$cache" && valgrind --tool=callgrind \
		--callgrind-out-file=/dev/null "$OURS" -S "$1-$2.syms" \
		"$I" "$1-$2.out" 2>&1 >/dev/null |
		sed -n 's/.*Collected : *//p')
	case $_ir in [0-9]*) echo "$_ir" ;; *) echo fail ;; esac
}

# Linear, in instructions: twice the size at most 2 x 1.025 = 2.05
# times the instructions.  The work of a linear analyser still has
# small n log n parts (the sorts of a few keys; measured: 2.01-2.03
# for the synthetic graphs, 1.996-2.006 for the chains), where an
# analyser that were n log n throughout would take 2 x log(2n)/log(n):
# 2.15 from 10 000 to 20 000, 2.10 from 500 000 to 1 000 000.  The
# slack tells the two apart at every size measured here.
lin_slack=1.025

# scaling LABEL SHAPE N1 N2 RESULT1 RESULT2: ours must be linear: twice
# the size at most 2.05 times the instructions (callgrind), the verdict;
# beside it the times: the median of the paired rounds (see pair) and
# the ratio of the least times.
scaling () {
	set -- "$1" "$2" "$3" "$4" $5 $6
	case $5:$7 in
	crash* | exit* | *:crash* | *:exit*)
		printf '%-28s ours fails\n' "$1"; missed=$((missed + 1)); return ;;
	esac
	_sz=$(awk "BEGIN { printf \"%.1f\", $4 / $3 }")
	_least=$(awk "BEGIN { if ($5 > 0) printf \"%.2fx\", $7 / $5; else print \"n/m\" }")
	_f=$(awk '$1 != "fail" && $2 != "fail" && $3 != "fail" && $1 + $3 > 0 {
			print 2 * $2 / ($1 + $3) }' "$jobs/pair-$2-$3-$4" | sort -n |
		awk '{ v[NR] = $1 } END {
			if (NR == 0) { print "fail"; exit }
			m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
			printf "%.2fx\n", m }')
	measured "$5" && measured "$7" || _f="$_f (runs under ${min_time} s: not a measurement)"
	_i1=$(instructions "$2" "$3") _i2=$(instructions "$2" "$4")
	case $_i1:$_i2 in
	n/m:* | *:n/m)
		_ir="n/m"; _v="not measured (no valgrind)"
		unmeasured=$((unmeasured + 1)) ;;
	fail:* | *:fail)
		_ir="fail"; _v=MISSED; missed=$((missed + 1)) ;;
	*)	_ir=$(awk "BEGIN { printf \"%.3fx\", $_i2 / $_i1 }")
		if awk "BEGIN { exit !($_i2 / $_i1 <= $_sz * $lin_slack) }"
		then _v=ok
		else _v=MISSED; missed=$((missed + 1)); fi ;;
	esac
	printf '%-28s ours: %s -> %s instructions: %s for %sx the size (target: at most %sx): %s\n' \
		"$1" "$_i1" "$_i2" "$_ir" "$_sz" \
		"$(awk "BEGIN { printf \"%.2f\", $_sz * $lin_slack }")" "$_v"
	printf '%-28s   time: %ss -> %ss: %s (paired rounds; least times: %s), shown, not the verdict\n' \
		"" "$5" "$7" "$_f" "$_least"
}

nm=$(res nm)
o=$(res big-ours)
row "20k functions, default" 3 "$(res big-gnu)" "$o" "" 10
set -- $nm $o
case $3 in
crash* | exit*) ;;
*)	if measured "$1" 10 && measured "$3" 10 && awk "BEGIN { exit !($1 > 0) }"; then
		_r="$(awk "BEGIN { printf \"%.2f\", $3 / $1 }")x nm"
		if awk "BEGIN { exit !($3 / $1 <= 1.5) }"; then _v=ok; else _v=MISSED; missed=$((missed + 1)); fi
	else
		_r=n/m _v="not measured (a run under ${min_time} s)"
		unmeasured=$((unmeasured + 1))
	fi
	printf '%-28s %10s %7s %10s %7s %8s  ours <= 1.5x nm -n (each: 1/10 of 10 runs): %s\n' \
		"  nm -n on the same binary" "$1" "$2" "$3" "$4" "$_r" "$_v" ;;
esac
row "20k functions, -l" 10 "$(res big-l-gnu)" "$(res big-l-ours)"
row "20k functions, -A" 1 "$(res big-A-gnu)" "$(res big-A-ours)"
if [ -f objdump.stamp ]; then
	row "objdump, default" 3 "$(res objdump-gnu)" "$(res objdump-ours)"
	row "objdump, -l" 10 "$(res objdump-l-gnu)" "$(res objdump-l-ours)"
	row "objdump, -A" 1 "$(res objdump-A-gnu)" "$(res objdump-A-ours)"
else
	echo "objdump: left out ($BINUTILS_TAR not found: apt-get install binutils-source)"
fi

# The views: no target, their cost beside the text report's (ours and
# GNU gprof's, measured in the same rounds).
echo "exports and views of the 20k-function program (no target: their cost"
echo "beside the default text report's; a ratio is that report's time over"
echo "the view's, where both runs are measurements):"
set -- $(res big-gnu) $(res big-ours)
gt=$1 gm=$2 tt=$3 tm=$4
# ratio_to TEXT-TIME VIEW-TIME WHOSE: "0.12x WHOSE text", or n/m.
ratio_to () {
	case $1 in crash* | exit*) echo "$3 text fails"; return ;; esac
	if measured "$1" && measured "$2"; then
		awk "BEGIN { printf \"%.2fx $3 text\", $1 / $2 }"
	else
		echo "n/m against $3 text (a run under ${min_time} s)"
	fi
}
printf '  %-26s %10s %7s  %s\n' "(text: ours, GNU)" "$tt $gt" "$tm $gm" ""
for x in $VIEWS diff; do
	set -- $(res "big-x-$x")
	_name="--export=$x"
	[ "$x" = diff ] && _name="--diff-base (itself)"
	case $1 in
	crash* | exit*)
		printf '  %-26s %10s\n' "$_name" "$1"
		missed=$((missed + 1))
		continue ;;
	esac
	printf '  %-26s %10s %7s  %s; %s\n' "$_name" "$1" "$2" \
		"$(ratio_to "$gt" "$1" "GNU's")" "$(ratio_to "$tt" "$1" ours)"
done

echo "the same with a million calling contexts (measured stacks; GNU gprof"
echo "reads no contexts, so its text report is the one above):"
set -- $(res ctx-text)
printf '  %-26s %10s %7s  %s\n' "(text: ours)" "$1" "$2" "$(ratio_to "$gt" "$1" "GNU's")"
ct=$1
for x in $CTX_VIEWS; do
	set -- $(res "ctx-x-$x")
	case $1 in
	crash* | exit*)
		printf '  %-26s %10s\n' "--export=$x" "$1"
		missed=$((missed + 1))
		continue ;;
	esac
	printf '  %-26s %10s %7s  %s; %s\n' "--export=$x" "$1" "$2" \
		"$(ratio_to "$gt" "$1" "GNU's")" "$(ratio_to "$ct" "$1" ours)"
done

echo "per thread (--threads), the same two profiles split over 64 threads"
echo "(their text report: a table and a flat profile per thread):"
for p in thr ctxthr; do
	[ $p = thr ] && _what="20k functions" || _what="1M contexts"
	set -- $(res "$p-text")
	case $1 in
	crash* | exit*)
		printf '  %-26s %10s\n' "--threads ($_what)" "$1"
		missed=$((missed + 1))
		continue ;;
	esac
	printf '  %-26s %10s %7s  %s\n' "--threads ($_what)" "$1" "$2" \
		"$(ratio_to "$gt" "$1" "GNU's"); $(ratio_to "$tt" "$1" ours)"
	pt=$1
	for x in $THREAD_VIEWS; do
		set -- $(res "$p-x-$x")
		case $1 in
		crash* | exit*)
			printf '  %-26s %10s\n' "  --export=$x" "$1"
			missed=$((missed + 1))
			continue ;;
		esac
		printf '  %-26s %10s %7s  %s\n' "  --export=$x" "$1" "$2" \
			"$(ratio_to "$pt" "$1" "--threads")"
	done
done
echo "40 000 threads: each with samples; 64 with (as above), the rest idle:"
for p in thr40k:40000 thr40k64:64; do
	set -- $(res "${p%%:*}-text")
	case $1 in
	crash* | exit*)
		printf '  %-26s %10s\n' "--threads (${p#*:} busy)" "$1"
		missed=$((missed + 1)) ;;
	*)
		printf '  %-26s %10s %7s  %s ms a busy row\n' \
			"--threads (${p#*:} busy)" "$1" "$2" \
			"$(awk -v t="$1" -v n="${p#*:}" 'BEGIN { printf "%.2f", t * 1000 / n }')" ;;
	esac
done

for sizes in $SHAPES; do
	shape=${sizes%%:*}
	prev_n= prev_res=
	for n in $(echo "${sizes#*:}" | tr : ' '); do
		o=$(res "$shape-$n-ours")
		# GNU gprof is linear on a chain, until its recursion
		# overflows the stack: there the target is to work.
		min=20
		[ "$shape" = chain ] && min=1
		runs=$synth_runs
		[ "$shape" = chain ] && runs=1
		row "$shape $n (-S)" $min "$(res "$shape-$n-gnu")" "$o" "" "$runs"
		[ -n "$prev_n" ] &&
			scaling "  $shape $prev_n -> $n" "$shape" "$prev_n" "$n" \
				"$prev_res" "$o"
		prev_n=$n prev_res=$o
	done
done

row "-s, 100 gmon files" 10 "$(res sum-gnu)" "$(res sum-ours)"

echo
echo "ours: $OURS"
echo "GNU:  $GNU_GPROF"
[ "$unmeasured" -eq 0 ] ||
	echo "$unmeasured target(s) not measured (see above): neither met nor missed"
if [ "$missed" -ne 0 ]; then
	echo "$missed target(s) missed"
	[ $strict = 1 ] && exit 1
elif [ "$unmeasured" -eq 0 ]; then
	echo "every target met"
else
	echo "every target measured was met"
fi
exit 0
