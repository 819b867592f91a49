#!/bin/sh
# run-fuzz.sh - fuzz the gmon reader with libFuzzer.
#
#   tests/fuzz/run-fuzz.sh SECONDS [BUILDDIR]
#
# Builds tests/fuzz/fuzz_read.c and the format library with clang
# (-fsanitize=fuzzer,address,undefined) in BUILDDIR/fuzz (default
# ./build/fuzz), then fuzzes for SECONDS, starting from the seed corpus
# in tests/fuzz/corpus.  New interesting inputs land in
# BUILDDIR/fuzz/corpus; crashes in BUILDDIR/fuzz/crash-*.  Copy a
# crash that was fixed into tests/fuzz/corpus so `make check` replays
# it for ever.  `make fuzz FUZZ_SECONDS=N` runs this.

set -eu
seconds=${1:-60}
srcdir=$(cd "$(dirname "$0")/../.." && pwd)
builddir=$(cd "${2:-$srcdir/build}" && pwd)
clang=${CLANG:-clang}
out=$builddir/fuzz
mkdir -p "$out/corpus"

command -v "$clang" >/dev/null || { echo "run-fuzz: $clang not found (apt-get install clang)"; exit 77; }
[ -f "$builddir/config.h" ] || { echo "run-fuzz: $builddir is not a configured build directory"; exit 99; }

"$clang" -g -O1 -fsanitize=fuzzer,address,undefined \
	-fno-sanitize-recover=all -I"$srcdir" -I"$builddir" \
	"$srcdir/gmon/error.c" "$srcdir/gmon/read.c" "$srcdir/gmon/merge.c" \
	"$srcdir/gmon/write.c" "$srcdir/tests/fuzz/fuzz_read.c" \
	-o "$out/fuzz_read" -lm

cd "$out"
exec ./fuzz_read -max_total_time="$seconds" -max_len=65536 -timeout=10 \
	-rss_limit_mb=2048 -print_final_stats=1 \
	corpus "$srcdir/tests/fuzz/corpus"
