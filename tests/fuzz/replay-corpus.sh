#!/bin/sh
# replay-corpus.sh - run each fuzz target over its seed corpus and every
# crash found and fixed, without libFuzzer (and, in the sanitizer build,
# under ASan and UBSan): fuzz_read over corpus/ (gmon files),
# fuzz_gmonx over corpus-gmonx/ (gmonx companions), fuzz_dwarf over
# corpus-dwarf/ (debugging sections, for gprof -l, -A and -C),
# fuzz_linemap over corpus-linemap/ (those, .text and its symbols, for
# -l's line symbols), fuzz_frames over corpus-frames/ (.eh_frame and
# .debug_frame sections, for --objects' functions of stripped objects).

. "$top_srcdir/tests/e2e/lib.sh"

for pair in fuzz_read:corpus fuzz_gmonx:corpus-gmonx \
	fuzz_dwarf:corpus-dwarf fuzz_linemap:corpus-linemap \
	fuzz_frames:corpus-frames; do
	replay=$top_builddir/tests/fuzz/${pair%%:*}_replay
	set -- "$top_srcdir/tests/fuzz/${pair#*:}"/*
	[ -f "$1" ] || hard_error "the seed corpus ${pair#*:} is empty"
	if out=$("$replay" "$@" 2>&1); then
		ok "${pair%%:*}: $out"
	else
		bad "${pair%%:*}: replay failed: $out"
	fi
	check "${pair%%:*}: every corpus file replayed" \
		[ "$out" = "replayed $# inputs" ]
done
finish
