#!/bin/sh
# replay-corpus.sh - run the fuzz target over its seed corpus and every
# crash found and fixed, without libFuzzer (and, in the sanitizer build,
# under ASan and UBSan).

. "$top_srcdir/tests/e2e/lib.sh"

replay=$top_builddir/tests/fuzz/fuzz_read_replay
set -- "$top_srcdir"/tests/fuzz/corpus/*
[ -f "$1" ] || hard_error "the seed corpus is empty"
if out=$("$replay" "$@" 2>&1); then
	ok "$out"
else
	bad "replay failed: $out"
fi
check "every corpus file replayed" [ "$out" = "replayed $# inputs" ]
finish
