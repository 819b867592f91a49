#!/bin/sh
# bm-icount.sh - libgmon on bare metal, on virtual time: run twice
# under QEMU's -icount (every instruction 8 ns, no host clock), the
# test program writes byte-identical gmon.out files on every board of
# the build, so a profile can be a golden file.  Without -icount the
# timer runs on the host's clock: the counts are the same, the
# samples are not (checked: the arcs are).

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/bm-lib.sh"

for b in $bm_boards; do
	bm_board "$b"
	bm_build c-$b -- "$BM_PROGRAMS/calls.c"
	for r in 1 2; do
		bm_run run$r-$b "$work/c-$b" $BM_ICOUNT
		[ "$bm_status" = 0 ] && [ -s run$r-$b/gmon.out ] ||
			hard_error "$b: run $r: exit $bm_status, $(head -c 300 run$r-$b/console)"
	done
	same_file "$b: two runs under -icount, byte-identical gmon.out ($(wc -c <run1-$b/gmon.out) bytes, md5 $(md5sum <run1-$b/gmon.out | cut -c1-12))" \
		run1-$b/gmon.out run2-$b/gmon.out
	bm_run real-$b "$work/c-$b"
	# The arcs, not the notes (RISC-V's note of an assumed clock
	# counts samples, which differ).
	"$GMONDUMP" run1-$b/gmon.out | grep '^arc' | grep -v '# note:' |
		sort >arcs-icount
	"$GMONDUMP" real-$b/gmon.out | grep '^arc' | grep -v '# note:' |
		sort >arcs-real
	same_file "$b: on the host's clock, the same arcs" arcs-icount arcs-real
done
finish
