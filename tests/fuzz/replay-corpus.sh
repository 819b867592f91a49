#!/bin/sh
# replay-corpus.sh - run each fuzz target over its seed corpus and every
# crash found and fixed, without libFuzzer (and, in the sanitizer build,
# under ASan and UBSan): fuzz_read over corpus/ (gmon files),
# fuzz_gmonx over corpus-gmonx/ (gmonx companions), fuzz_dwarf over
# corpus-dwarf/ (debugging sections, for gprof -l, -A and -C),
# fuzz_linemap over corpus-linemap/ (those, .text and its symbols, for
# -l's line symbols), fuzz_frames over corpus-frames/ (.eh_frame and
# .debug_frame sections, for --objects' functions of stripped objects),
# fuzz_companion over corpus-companion/ (gprof on companions: their
# threads, contexts and objects).  The companions tests/tools/gmonxgen
# makes (its `seeds') go to fuzz_gmonx and fuzz_companion too.

. "$top_srcdir/tests/e2e/lib.sh"

mkdir seeds && "$top_builddir/tests/tools/gmonxgen" seeds "$work/seeds" ||
	hard_error "gmonxgen could not make the seeds"
for pair in fuzz_read:corpus fuzz_gmonx:corpus-gmonx \
	fuzz_dwarf:corpus-dwarf fuzz_linemap:corpus-linemap \
	fuzz_frames:corpus-frames fuzz_companion:corpus-companion; do
	target=${pair%%:*}
	replay=$top_builddir/tests/fuzz/${target}_replay
	set -- "$top_srcdir/tests/fuzz/${pair#*:}"/*
	[ -f "$1" ] || shift
	case $target in
	fuzz_gmonx|fuzz_companion) set -- "$@" "$work"/seeds/* ;;
	esac
	[ -f "$1" ] || hard_error "the seed corpus ${pair#*:} is empty"
	# fuzz_companion jumps out of gprof's exit(1), leaving what it
	# allocated (fuzz_companion.c): no leak check there.
	# (fuzz_companion's gprof says what it thinks of each input on
	# standard error: shown only if the replay fails.)
	if out=$(ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=$(
		[ $target = fuzz_companion ] && echo 0 || echo 1) \
		"$replay" "$@" 2>"$work/$target.err"); then
		ok "$target: $out"
	else
		bad "$target: replay failed: $out $(tail -n 40 "$work/$target.err")"
	fi
	check "$target: every corpus file replayed" \
		[ "$out" = "replayed $# inputs" ]
done
finish
