#!/bin/sh
# gprof-diff-inline.sh - the line-level names of inlined code (-l),
# against GNU gprof.
#
# The fixture: tests/programs/gprof-inlined.c, built -O2 -g -pg, whose
# static inline functions are inlined into two callers and nested two
# deep (GNU gprof names their lines after the innermost function, as
# libbfd does), and tests/programs/gprof-inlined-tie.c, built without
# -pg as start-up code is, where a static function starts with a loop
# inlined from the function whose lines end the global function before
# it.  GNU gprof's line symbols are global or static as the function
# their (name, file) is first met in, and a global line symbol wins
# the address it shares with a static function symbol: the loop is
# named tie_mix, not tie_static (the function symbol is gone, in the
# flat profile, the call graph and the index alike).  Before the fix,
# ours kept the function symbol.

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/gprof-lib.sh"
gp_setup

set -f

# The annotated source's "Lines executed" counts differ by design (GNU
# counts the lines it marks #####: gprof-diff-lines.sh).
MASK_EXECUTED='s/^ +[0-9]+   Lines executed$/[executed]/;
s/^ +[0-9.]+   Percent of the file executed$/[percent]/'

$CC -O2 -g -pg -c -o inlined.o "$PROGRAMS/gprof-inlined.c" ||
	hard_error "cannot compile gprof-inlined.c"
# No padding after tie_spin and the source's order of functions: the
# static function must follow the global one at once.
$CC -O2 -g -fno-toplevel-reorder -falign-functions=1 -c -o tie.o \
	"$PROGRAMS/gprof-inlined-tie.c" ||
	hard_error "cannot compile gprof-inlined-tie.c"
$CC -pg -o inl inlined.o tie.o || hard_error "cannot link inl"
gp_profile inl inl.out 20000

# The layout the second half of the test needs: tie_static's first
# bytes are tie_mix's line (GNU gprof's own answer).
tie=$(sym_addr inl tie_static)
[ -n "$tie" ] || hard_error "no tie_static in inl"
layout=yes
gnu_gprof -b -l -z -p inl inl.out 2>/dev/null >gnu-z.txt
grep -Eq " tie_mix \\(gprof-inlined-tie\\.c:[0-9]+ @ $tie\\)\$" gnu-z.txt ||
	layout=no
if [ "$layout" = no ]; then
	partial_skip "$CC did not start tie_static with tie_mix's code:" \
		"the static function's line is not checked"
fi

for args in '-l -b' '-l -b -p' '-l -b -q' '-l -b -z' '-l -b -p -z' \
	'-l -b -T' '-l -b -L' '-l -b -i' '-l -b -C' '-l'; do
	case " $args " in
	*" -b "*) m= ;;
	*" -T "*) m="-m bsd" ;;
	*) m="-m fsf" ;;
	esac
	# shellcheck disable=SC2086
	gp_case $m "inline/$args" -- $args inl inl.out
done
for args in '-l -A' '-l -b -A -x' '-l -A -z'; do
	# shellcheck disable=SC2086
	gp_case -e "$MASK_EXECUTED" "inline/$args" -- $args inl inl.out
done

# Each line of the inlined functions is named after the innermost one
# (not only as GNU names it: a check of its own, so that a change of
# both would show).
"$OURS" -b -l -p -z inl inl.out 2>/dev/null >ours-z.txt
for f in inl_leaf inl_middle; do
	check "some lines are named $f" \
		grep -Eq " $f \\(gprof-inlined\\.c:[0-9]+ @ [0-9a-f]+\\)\$" ours-z.txt
done
if [ "$layout" = yes ]; then
	check "tie_static's first line is named tie_mix" \
		grep -Eq " tie_mix \\(gprof-inlined-tie\\.c:[0-9]+ @ $tie\\)\$" \
		ours-z.txt
	check "no symbol named tie_static starts at its address" \
		sh -c "! grep -Eq ' tie_static \\(.* @ $tie\\)\$' ours-z.txt"
fi
gp_summary
