#!/bin/sh
# run-fuzz.sh - fuzz the gmon and gmonx readers, gprof's DWARF decoder
# and line symbols, and gprof on companions, with libFuzzer.
#
#   tests/fuzz/run-fuzz.sh SECONDS [BUILDDIR [TARGET]]
#
# Builds tests/fuzz/fuzz_TARGET.c (TARGET: read, the default, gmonx,
# dwarf: the DWARF decoder of gprof, linemap: -l's line symbols on
# top of it, frames: the reader of .eh_frame and .debug_frame and
# the function boundaries of stripped objects, or companion: gprof
# itself on companions, their threads, contexts and objects) and the
# code it tests with clang
# (-fsanitize=fuzzer,address,undefined) in BUILDDIR/fuzz (default
# ./build/fuzz), then fuzzes for SECONDS, starting from the seed corpus
# in tests/fuzz/corpus (read), tests/fuzz/corpus-gmonx (gmonx),
# tests/fuzz/corpus-dwarf (dwarf), tests/fuzz/corpus-linemap
# (linemap), tests/fuzz/corpus-frames (frames;
# tests/fuzz/mkseed-dwarf.sh makes seeds of those three from real
# executables) or tests/fuzz/corpus-companion (companion); gmonx
# and companion start from tests/tools/gmonxgen's seeds too (BUILDDIR
# must have built it: make check or make tests/tools/gmonxgen).  New
# interesting inputs land in BUILDDIR/fuzz/corpus[-TARGET]; crashes in
# BUILDDIR/fuzz/crash-*.  Copy a crash that was fixed into the seed
# corpus so `make check` replays it for ever.  `make fuzz
# FUZZ_SECONDS=N FUZZ_TARGET=T` runs this.

set -eu
seconds=${1:-60}
srcdir=$(cd "$(dirname "$0")/../.." && pwd)
builddir=$(cd "${2:-$srcdir/build}" && pwd)
target=${3:-read}
case $target in
read)	corpus=corpus ;;
gmonx)	corpus=corpus-gmonx ;;
dwarf)	corpus=corpus-dwarf ;;
linemap) corpus=corpus-linemap ;;
frames)	corpus=corpus-frames ;;
companion) corpus=corpus-companion ;;
*)	echo "run-fuzz: unknown target $target (read, gmonx, dwarf, linemap, frames or companion)"; exit 99 ;;
esac
clang=${CLANG:-clang}
out=$builddir/fuzz
mkdir -p "$out/$corpus"

command -v "$clang" >/dev/null || { echo "run-fuzz: $clang not found (apt-get install clang)"; exit 77; }
[ -f "$builddir/config.h" ] || { echo "run-fuzz: $builddir is not a configured build directory"; exit 99; }

# The companions gmonxgen makes, for the targets that read them.
seeds=
case $target in
gmonx|companion)
	[ -x "$builddir/tests/tools/gmonxgen" ] ||
		{ echo "run-fuzz: build $builddir/tests/tools/gmonxgen first"; exit 99; }
	seeds=$out/seeds-gmonxgen
	rm -rf "$seeds" && mkdir -p "$seeds" &&
		"$builddir/tests/tools/gmonxgen" seeds "$seeds" || exit 99 ;;
esac
flags=
if [ "$target" = companion ]; then
	# gprof whole, its main included by the target; its exit(1)
	# jumps back (-Wl,--wrap=exit), leaving what it allocated.
	set --
	for f in "$srcdir"/gprof/*.c "$srcdir"/gprof/*/*.c "$srcdir"/gmon/*.c; do
		case $f in
		*/gprof/main.c|*/gmon/gmondump.c|*/gmon/dumpx.c) ;;
		*/gmon/elfsyms.c) ;;
		*) set -- "$@" "$f" ;;
		esac
	done
	grep -q 'define HAVE_LIBOPCODES 1' "$builddir/config.h" &&
		set -- "$@" -lopcodes
	set -- "$@" -lbfd -liberty -lz -Wl,--wrap=exit
	flags="-detect_leaks=0 -close_fd_mask=2"
	# (-detect_leaks=0 is libFuzzer's, for each input; LeakSanitizer
	# would still look at exit and call the empty input a crash.)
	ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
	export ASAN_OPTIONS
elif [ "$target" = dwarf ]; then
	set -- "$srcdir/gprof/dwarf/dwarf.c" "$srcdir/gprof/dwarf/forms.c" \
		"$srcdir/gprof/dwarf/line.c" \
		"$srcdir/gprof/dwarf/func.c" "$srcdir/gprof/util/hindex.c" \
		-liberty
elif [ "$target" = frames ]; then
	set -- "$srcdir/gprof/dwarf/frames.c" "$srcdir/gprof/symbols/bounds.c" \
		-liberty
elif [ "$target" = linemap ]; then
	# lines.c refers to objfile.c, and so to libbfd, which the target
	# never calls: lines_open_decoded() gives it what it would read.
	set -- "$srcdir/gprof/dwarf/dwarf.c" "$srcdir/gprof/dwarf/forms.c" \
		"$srcdir/gprof/dwarf/line.c" \
		"$srcdir/gprof/dwarf/func.c" "$srcdir/gprof/lines/lines.c" \
		"$srcdir/gprof/lines/linemap.c" "$srcdir/gprof/lines/linesyms.c" \
		"$srcdir/gprof/symbols/symtab.c" "$srcdir/gprof/util/msort.c" \
		"$srcdir/gprof/util/rsort.c" "$srcdir/gprof/util/util.c" \
		"$srcdir/gprof/options.c" "$srcdir/gprof/symbols/objfile.c" \
		"$srcdir/gprof/symbols/debuglink.c" "$srcdir/gprof/arch/machsyms.c" \
		"$srcdir/gmon/file.c" \
		"$srcdir/gprof/util/hindex.c" \
		"$srcdir/gmon/bins.c" "$srcdir/gmon/write.c" \
		-lbfd -liberty -lz
else
	set -- "$srcdir/gmon/error.c" "$srcdir/gmon/file.c" \
		"$srcdir/gmon/bins.c" "$srcdir/gmon/read.c" \
		"$srcdir/gmon/read_records.c" "$srcdir/gmon/stamps.c" \
		"$srcdir/gmon/merge.c" "$srcdir/gmon/ranges.c" \
		"$srcdir/gmon/write.c" \
		"$srcdir/gmon/gmonx_read.c" "$srcdir/gmon/gmonx_objects.c" \
		"$srcdir/gmon/gmonx_contexts.c" \
		"$srcdir/gmon/gmonx_threads.c" "$srcdir/gmon/gmonx_write.c" \
		"$srcdir/gmon/gmonx_names.c"
fi
"$clang" -g -O1 -fsanitize=fuzzer,address,undefined \
	-fno-sanitize-recover=all -I"$srcdir" -I"$builddir" \
	"$srcdir/tests/fuzz/fuzz_$target.c" "$@" \
	-o "$out/fuzz_$target" -lm

cd "$out"
exec "./fuzz_$target" -max_total_time="$seconds" -max_len=65536 \
	-timeout=10 -rss_limit_mb=2048 -print_final_stats=1 $flags \
	"$corpus" "$srcdir/tests/fuzz/$corpus" $seeds
