#!/bin/sh
# gprof-random.sh - random profiles, read by GNU gprof and by ours.
#
# Runs tests/tools/gprof-random.py (see its header) on a range of seeds:
# GPROF_RANDOM_CASES of them (default 256) from GPROF_RANDOM_FIRST
# (default 0), GPROF_RANDOM_JOBS at a time (default 2).  The generated
# programs are kept in $top_builddir/tests/random-cache, so a second
# run only synthesises profiles.  `make check-random N=5000' runs more.

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/gprof-lib.sh"
gp_setup

: "${PYTHON3:=python3}"
command -v "$PYTHON3" >/dev/null 2>&1 ||
	hard_error "python3 is needed for the random profiles"
[ -x "$GMONMAKE" ] || hard_error "gmonmake is not built"

n=${GPROF_RANDOM_CASES:-256}
first=${GPROF_RANDOM_FIRST:-0}
set -- --ours "$OURS" --gnu "$GNU_GPROF" --gmonmake "$GMONMAKE" \
	--known "$KNOWN_DIFFS" --cc "$CC" \
	--cache "$top_builddir/tests/random-cache" --work "$work/random" \
	--seeds "$first:$((first + n))" -j "${GPROF_RANDOM_JOBS:-2}"
[ "$OURS_IS_GNU" = 1 ] && set -- "$@" --ours-is-gnu
"$PYTHON3" "$top_srcdir/tests/tools/gprof-random.py" "$@"
case $? in
0) ok "$n random cases from seed $first" ;;
1) bad "random cases failed (each FAIL above gives its seed and a re-run command)" ;;
*) hard_error "gprof-random.py could not run" ;;
esac
finish
