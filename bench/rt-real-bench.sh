#!/bin/sh
# rt-real-bench.sh - what profiling costs real programs built from
# Debian's sources: CPU time of no profiling, -pg with glibc's runtime,
# and -pg with libgmon under its default sampler and under each other
# GMON_SAMPLER, the variants interleaved round by round.
#
# usage: rt-real-bench.sh [--strict]   (from `make bench-real',
#        part of `make bench'; --strict exits 1 when a target is MISSED;
#        BENCH_ROUNDS=N rounds, default 5, at least 3; BENCH_REAL=LIST the
#        programs, default "zstd-mt zstd-d bzip2-d lua"; BENCH_DEBSRC=DIR
#        takes unpacked source trees PACKAGE-VERSION from DIR instead of
#        `apt-get source')
#
# The sources are fetched with `apt-get source' (deb-src lines needed)
# into bench/cache/debsrc of the build tree, and built there once, with
# -O2 -g, and with -O2 -g -pg; the libgmon variant is the -pg objects
# linked with -lgmon (each run, against this build's libgmon).  A
# program whose sources cannot be fetched or built is skipped, said
# once; with none left the script exits 77.
#
# Programs:
#   zstd-mt   zstd -T0 -5: multi-threaded compression of the corpus
#   zstd-d    zstd -d to a file, twice the corpus out: its I/O thread
#             and the main thread hand every block to each other
#             (I/O-bound)
#   bzip2-d   bzip2 -d of 32 MiB of the corpus to a file, one thread
#   lua       lua5.4 on a script of calls, closures, strings and
#             table sorts: call-heavy
# The corpus is the fetched source trees as a tar, repeated to
# BENCH_REAL_MB (default 256) MiB; each run's output is checked
# against the first variant's.
#
# Prints, per program, the median CPU time (user + sys of the whole
# process, wait4: start, threads, exit and profile writing included)
# of no profiling and each variant's ratio to it (gmon: libgmon's
# default sampler; the others by GMON_SAMPLER); "gmon/glibc", the CPU
# time libgmon adds over the time glibc's runtime adds (from the
# medians; "-" when glibc's is within the noise); and the verdict
# against the target: libgmon adds at most what glibc adds, and on a
# call-heavy program (lua) at most 0.6 of it.  "excess" is, round by
# round (the runs of a round share the machine's load), what libgmon
# adds beyond that, in % of no profiling: its median, and twice the
# standard error of the median.  ok: at most 0; ok(noise): above 0 by
# less than the error; MISSED: by more.  Then, per libgmon variant,
# the time its samples stand for over the process's CPU time (the
# companion's; 1.00 is exact).

set -u
: "${top_srcdir:?run me through make bench}"
: "${top_builddir:?run me through make bench}"
: "${CC:=cc}"
LC_ALL=C
export LC_ALL

strict=0
[ "${1:-}" = --strict ] && strict=1
rounds=${BENCH_ROUNDS:-5}
# The verdict weighs the noise by the spread of the rounds.
[ "$rounds" -ge 3 ] || { echo "rt-real-bench: BENCH_ROUNDS=3 at least"; rounds=3; }
programs=${BENCH_REAL:-"zstd-mt zstd-d bzip2-d lua"}
corpus_mb=${BENCH_REAL_MB:-256}
lib=$top_builddir/mcount/.libs
runstat=$top_builddir/bench/runstat
gmondump=$top_builddir/gmon/gmondump
cache=$top_builddir/bench/cache/debsrc
samplers="perf timer itimer off"
variants="plain glibc gmon"
for s in $samplers; do variants="$variants gmon-$s"; done

[ -f "$lib/libgmon.so" ] || { echo "libgmon was not built"; exit 77; }
[ -x "$runstat" ] || { echo "build bench/runstat first"; exit 99; }
mkdir -p "$cache" || exit 99
work=$(mktemp -d "${TMPDIR:-/tmp}/gmonkit-rbench.XXXXXX") || exit 99
[ -n "${KEEP:-}" ] || trap 'rm -rf "$work"' EXIT
log=$cache/build.log

note () { echo "rt-real-bench: $*"; }

# fetch PACKAGE: its unpacked tree, PACKAGE-VERSION in $cache, from
# BENCH_DEBSRC or apt-get source; prints the directory.
fetch () {
	_d=$(ls -d "$cache/$1"-[0-9]*/ 2>/dev/null | head -n 1)
	if [ -n "$_d" ] && [ -f "$_d/.fetched" ]; then
		echo "${_d%/}"; return 0
	fi
	rm -rf "$cache/$1"-[0-9]*/
	if [ -n "${BENCH_DEBSRC:-}" ]; then
		_s=$(ls -d "$BENCH_DEBSRC/$1"-[0-9]*/ 2>/dev/null | head -n 1)
		[ -n "$_s" ] && cp -R "${_s%/}" "$cache/" >>"$log" 2>&1
	else
		(cd "$cache" && apt-get source -q --only-source "$1") \
			>>"$log" 2>&1
	fi
	_d=$(ls -d "$cache/$1"-[0-9]*/ 2>/dev/null | head -n 1)
	[ -n "$_d" ] || return 1
	: >"$_d/.fetched"
	echo "${_d%/}"
}

# objs SRC OUT FLAGS -- FILES: compile FILES of SRC into OUT, two jobs.
objs () {
	_osrc=$1 _oout=$2 _ofl=$3
	shift 4
	mkdir -p "$_oout" &&
	for f in "$@"; do echo "$f"; done |
		(cd "$_osrc" && xargs -P 2 -I{} sh -c \
			"$CC $_ofl -c {} -o \"$_oout/\$(basename {} .c).o\"") \
		>>"$log" 2>&1
}

# build_VARIANT PROGRAM SRC DIR: the variant's objects and its
# executable DIR/prog (plain; pg, linked as glibc's -pg).
build_zstd () {	# zstd's own makefile (its assembler, its options)
	_fl="-O2 -g"; [ "$1" = pg ] && _fl="-O2 -g -pg"
	rm -rf "$3" && cp -R "$2" "$3" &&
	make -C "$3/programs" -j2 zstd HAVE_ZLIB=0 HAVE_LZMA=0 HAVE_LZ4=0 \
		CC="$CC" CFLAGS="$_fl" >>"$log" 2>&1 &&
	cp "$3/programs/zstd" "$3/prog" &&
	ls "$3"/programs/obj/*/*.o >"$3/objs"
}
build_bzip2 () {
	_fl="-O2 -g -D_FILE_OFFSET_BITS=64"; [ "$1" = pg ] && _fl="$_fl -pg"
	objs "$2" "$3" "$_fl" -- blocksort.c huffman.c crctable.c \
		randtable.c compress.c decompress.c bzlib.c bzip2.c &&
	ls "$3"/*.o >"$3/objs" &&
	$CC $_fl -o "$3/prog" $(cat "$3/objs") >>"$log" 2>&1
}
build_lua () {	# Debian's luaconf.h includes a header its rules write
	_fl="-std=gnu99 -O2 -g -DLUA_COMPAT_5_3 -DLUA_USE_LINUX -I$3"
	[ "$1" = pg ] && _fl="$_fl -pg"
	mkdir -p "$3" &&
	printf '#define DEB_HOST_MULTIARCH "%s"\n' "$($CC -dumpmachine)" \
		>"$3/lua5.4-deb-multiarch.h" &&
	objs "$2/src" "$3" "$_fl" -- $(cd "$2/src" &&
		ls *.c | grep -v '^luac\.c$') &&
	ls "$3"/*.o >"$3/objs" &&
	$CC $_fl -o "$3/prog" $(cat "$3/objs") -lm -ldl -Wl,-E >>"$log" 2>&1
}

# build PACKAGE KIND: plain/prog, glibc/prog, gmon/prog under
# $cache/build/PACKAGE (the first two once, the last each run).
build () {
	_src=$(fetch "$1") || {
		note "$1: apt-get source $1 failed (no deb-src?): skipped"
		return 1; }
	_b=$cache/build/$1
	_stamp="$($CC --version | head -n 1) $_src"
	if [ "$(cat "$_b/stamp" 2>/dev/null)" != "$_stamp" ]; then
		note "building $1 (log: $log)"
		rm -rf "$_b" && mkdir -p "$_b" &&
		build_$2 plain "$_src" "$_b/plain" &&
		build_$2 pg "$_src" "$_b/glibc" || {
			note "$1: the build failed, see $log: skipped"
			return 1; }
		echo "$_stamp" >"$_b/stamp"
	fi
	mkdir -p "$_b/gmon" &&
	$CC -pg -o "$_b/gmon/prog" $(cat "$_b/glibc/objs") -lm -ldl -pthread \
		-Wl,-E -L"$lib" -lgmon -Wl,-rpath,"$lib" >>"$log" 2>&1 || {
		note "$1: linking with libgmon failed, see $log: skipped"
		return 1; }
}

have=
for p in $programs; do
	case $p in
	zstd-*)	build libzstd zstd && have="$have $p" ;;
	bzip2-d) build bzip2 bzip2 && have="$have $p" ;;
	lua)	build lua5.4 lua && have="$have $p" ;;
	*)	note "unknown program $p"; exit 99 ;;
	esac
done
[ -n "$have" ] || { note "no program could be built"; exit 77; }

# The corpus: the source trees as one tar, repeated to corpus_mb MiB
# (further apart than zstd's and bzip2's windows).
data=$cache/data
if [ ! -f "$data/corpus.$corpus_mb" ]; then
	mkdir -p "$data" && rm -f "$data"/corpus.* "$data"/in.* &&
	(cd "$cache" && tar cf - --sort=name --mtime=@0 --owner=0 --group=0 \
		--exclude=.fetched $(ls -d ./*-[0-9]*/)) >"$data/tar" &&
	_sz=$(wc -c <"$data/tar") && _n=$((corpus_mb * 1048576 / _sz + 1)) &&
	while [ "$_n" -gt 0 ]; do cat "$data/tar"; _n=$((_n - 1)); done |
		head -c $((corpus_mb * 1048576)) >"$data/corpus.$corpus_mb" &&
	rm -f "$data/tar" || exit 99
fi
corpus=$data/corpus.$corpus_mb
inputs () {
	_z=$cache/build/libzstd/plain/prog _bz=$cache/build/bzip2/plain/prog
	case " $have " in *" zstd-d "*)
		# Two frames of the corpus: twice its size out.
		[ -f "$data/in.zst" ] || {
			"$_z" -q -3 -T0 "$corpus" -o "$data/one.zst" &&
			cat "$data/one.zst" "$data/one.zst" >"$data/in.zst" &&
			rm -f "$data/one.zst"; } || exit 99 ;;
	esac
	case " $have " in *" bzip2-d "*)
		[ -f "$data/in.bz2" ] ||
			head -c 33554432 "$corpus" | "$_bz" -9 >"$data/in.bz2" ||
			exit 99 ;;
	esac
}
inputs
cat >"$work/calls.lua" <<'EOF'
-- Calls: recursion, closures, string building, sorts that call back.
local function fib (n) if n < 2 then return n end return fib (n - 1) + fib (n - 2) end
local s = fib (27)
local t = {}
for i = 1, 200000 do t[i] = string.format ("%08x", (i * 2654435761) % 4294967296) end
for r = 1, 3 do table.sort (t, function (a, b) return a < b end) end
local parts = {}
for i = 1, 100000 do parts[#parts + 1] = t[i]:sub (2, 5):upper () end
local joined = table.concat (parts, ",")
local n = 0
for w in joined:gmatch ("[^,]+") do n = n + #w end
local acc = 0
local function add (k) return function (x) return x + k end end
for i = 1, 1000000 do acc = add (i % 7) (acc) % 1000003 end
print (s, n, acc)
EOF

# cmd PROGRAM DIR: the command line of PROGRAM, built in DIR.
cmd () {
	case $1 in
	zstd-mt) echo "$cache/build/libzstd/$2/prog -q -f -5 -T0 $corpus -o out" ;;
	zstd-d)	echo "$cache/build/libzstd/$2/prog -q -f -d $data/in.zst -o out" ;;
	bzip2-d) echo "$cache/build/bzip2/$2/prog -dc $data/in.bz2" ;;
	lua)	echo "$cache/build/lua5.4/$2/prog $work/calls.lua" ;;
	esac
}

. "$top_srcdir/bench/bench-lib.sh"

# run PROGRAM VARIANT: one run in $work/VARIANT, its CPU time appended
# to PROGRAM.cpu there, the share its samples hold to PROGRAM.acc.
run () {
	_v=$2 _d=plain _env=
	case $_v in
	glibc)	_d=glibc ;;
	gmon)	_d=gmon ;;
	gmon-*)	_d=gmon _env="GMON_SAMPLER=${_v#gmon-}" ;;
	esac
	(cd "$work/$_v" && rm -rf gmon.out gmon.out-objs out &&
	 env $_env "$runstat" $(cmd "$1" $_d) >stdout 2>stat) || {
		note "$1 ($_v) failed:"; cat "$work/$_v/stat"; exit 99; }
	awk '$1 == "runstat:" { print $3 + $5 }' "$work/$_v/stat" \
		>>"$work/$_v/$1.cpu"
	if [ -f "$work/$_v/gmon.out-objs/objects.gmonx" ]; then
		"$gmondump" "$work/$_v/gmon.out-objs/objects.gmonx" | awk '
			$1 == "process" { for (i = 2; i <= NF; i++) {
				split ($i, kv, "="); f[kv[1]] = kv[2] }
				if (f["cpu_ns"] > 0 && f["rate"] > 0)
					print f["samples"] / f["rate"] / (f["cpu_ns"] / 1e9)
			}' >>"$work/$_v/$1.acc"
	fi
	# The same output as without profiling (a file, or standard output).
	_o=$work/$_v/out
	[ -f "$_o" ] || _o=$work/$_v/stdout
	if [ ! -f "$work/$1.sum" ]; then
		cksum <"$_o" >"$work/$1.sum"
	elif [ "$(cksum <"$_o")" != "$(cat "$work/$1.sum")" ]; then
		note "$1 ($_v): its output differs from the first variant's"
		exit 99
	fi
	rm -f "$work/$_v/out" "$work/$_v/stdout"
}

for v in $variants; do mkdir -p "$work/$v"; done
# A run of each program first, untimed (the inputs into the page
# cache), the libgmon one saying which clock the default is.
for p in $have; do
	(cd "$work/gmon" && GMON_DEBUG=1 $(cmd "$p" gmon) >stdout 2>debug) ||
		{ note "$p failed:"; cat "$work/gmon/debug"; exit 99; }
	rm -rf "$work/gmon"/out "$work/gmon"/stdout "$work/gmon"/gmon.out*
done
default=$(sed -n 's/.*; clock: \([a-zA-Z ]*\),.*/\1/p' "$work/gmon/debug" |
	head -n 1)
echo "libgmon on real programs: $rounds interleaved rounds, medians;" \
	"load average $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) CPUs;" \
	"default sampler: ${default:-?}"
r=0
while [ $r -lt "$rounds" ]; do
	for p in $have; do
		for v in $variants; do run "$p" "$v"; done
	done
	r=$((r + 1))
done

echo
printf '%-8s %8s' program "plain s"
for v in $variants; do [ $v = plain ] || printf ' %7s' "${v#gmon-}"; done
printf ' %10s %12s  %s\n' gmon/glibc excess verdict
missed=0
for p in $have; do
	base=$(median "$work/plain/$p.cpu")
	printf '%-8s %8.3f' "$p" "$base"
	for v in $variants; do
		[ $v = plain ] && continue
		printf ' %6.2fx' "$(awk -v c="$(median "$work/$v/$p.cpu")" \
			-v b="$base" 'BEGIN { print c / b }')"
	done
	lim=1; [ "$p" = lua ] && lim=0.6
	# Round by round (the runs of a round are minutes apart at most,
	# under the same load): what libgmon adds beyond LIM times what
	# glibc adds, in % of no profiling; its median, and twice the
	# standard error of that median (from the median absolute
	# deviation: 1.2533 * 1.4826 = 1.86).
	set -- $(paste "$work/plain/$p.cpu" "$work/glibc/$p.cpu" \
		"$work/gmon/$p.cpu" | awk -v lim="$lim" '
		function med (a, n,   i, j, t) {
			for (i = 2; i <= n; i++)
				for (j = i; j > 1 && a[j - 1] > a[j]; j--) {
					t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
			return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
		}
		{ e[NR] = (($3 - $1) - lim * ($2 - $1)) / $1 * 100
		  b[NR] = $1; g[NR] = $2; m[NR] = $3 }
		END {
			n = NR; x = med(e, n)
			for (i = 1; i <= n; i++) d[i] = e[i] > x ? e[i] - x : x - e[i]
			se2 = 2 * 1.86 * med(d, n) / sqrt(n)
			bm = med(b, n); ga = med(g, n) - bm; ma = med(m, n) - bm
			r = ga > se2 * bm / 100 ? sprintf ("%.2f", ma / ga) : "-"
			v = x <= 0 ? "ok" : x <= se2 ? "ok(noise)" : "MISSED"
			printf "%s %+.1f%%+-%.1f %s\n", r, x, se2, v }')
	if [ $lim = 1 ]; then t="<= glibc's"; else t="<= $lim of glibc's"; fi
	printf ' %10s %12s  %s (target: added %s)\n' "$1" "$2" "$3" "$t"
	[ "$3" = MISSED ] && missed=$((missed + 1))
done
echo
echo "time the samples stand for / the process's CPU time (companion):"
printf '%-8s' program
for v in $variants; do
	case $v in gmon*) printf ' %7s' "${v#gmon-}" ;; esac
done
echo
for p in $have; do
	printf '%-8s' "$p"
	for v in $variants; do
		case $v in gmon*)
			if [ -s "$work/$v/$p.acc" ]; then
				printf ' %7.3f' "$(median "$work/$v/$p.acc")"
			else
				printf ' %7s' -
			fi ;;
		esac
	done
	echo
done
echo
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
if [ $missed -gt 0 ]; then
	echo "$missed programs missed the target"
	[ $strict = 1 ] && exit 1
else
	echo "every target met"
fi
exit 0
