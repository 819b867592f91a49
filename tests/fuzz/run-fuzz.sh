#!/bin/sh
# run-fuzz.sh - fuzz the gmon and gmonx readers with libFuzzer.
#
#   tests/fuzz/run-fuzz.sh SECONDS [BUILDDIR [TARGET]]
#
# Builds tests/fuzz/fuzz_TARGET.c (TARGET: read, the default, or
# gmonx) and the format library with clang
# (-fsanitize=fuzzer,address,undefined) in BUILDDIR/fuzz (default
# ./build/fuzz), then fuzzes for SECONDS, starting from the seed corpus
# in tests/fuzz/corpus (read) or tests/fuzz/corpus-gmonx (gmonx).  New
# interesting inputs land in BUILDDIR/fuzz/corpus[-gmonx]; crashes in
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
*)	echo "run-fuzz: unknown target $target (read or gmonx)"; exit 99 ;;
esac
clang=${CLANG:-clang}
out=$builddir/fuzz
mkdir -p "$out/$corpus"

command -v "$clang" >/dev/null || { echo "run-fuzz: $clang not found (apt-get install clang)"; exit 77; }
[ -f "$builddir/config.h" ] || { echo "run-fuzz: $builddir is not a configured build directory"; exit 99; }

"$clang" -g -O1 -fsanitize=fuzzer,address,undefined \
	-fno-sanitize-recover=all -I"$srcdir" -I"$builddir" \
	"$srcdir/gmon/error.c" "$srcdir/gmon/read.c" "$srcdir/gmon/merge.c" \
	"$srcdir/gmon/write.c" "$srcdir/gmon/gmonx_read.c" \
	"$srcdir/gmon/gmonx_write.c" "$srcdir/tests/fuzz/fuzz_$target.c" \
	-o "$out/fuzz_$target" -lm

cd "$out"
exec "./fuzz_$target" -max_total_time="$seconds" -max_len=65536 \
	-timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
	"$corpus" "$srcdir/tests/fuzz/$corpus"
