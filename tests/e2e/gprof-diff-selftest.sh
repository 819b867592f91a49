#!/bin/sh
# gprof-diff-selftest.sh - the differential harness catches what it
# claims to catch.
#
# Ours is replaced by tests/tools/gprof-mutant.sh, GNU gprof with its
# output altered in one way at a time, and each alteration must be
# caught (or, for the blurb words, must not be); the checks of the
# GNU-bug tests must pass on right output and fail on GNU's; and the
# random tester must fail, with the seed and a re-run command, on a
# mutant.  This test never runs our analyser: it checks the tests.

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/gprof-lib.sh"
# Its own checks expect failures of the harness: all of them run.
unset TEST_STOP_AT_FAILURE
need_gnu_gprof
export GNU_GPROF
[ -x "$GMONMAKE" ] && [ -x "$GMONDUMP" ] ||
	hard_error "gmonmake or gmondump is not built"
: "${PYTHON3:=python3}"

OURS=$top_srcdir/tests/tools/gprof-mutant.sh
OURS_IS_GNU=0
[ -x "$OURS" ] || OURS="$SHELL $OURS"
case $OURS in
*" "*)	# not executable in a read-only tree: wrap it
	printf '#!/bin/sh\nexec %s "$@"\n' "$OURS" >mutant
	chmod +x mutant
	OURS=$work/mutant ;;
esac

gp_build c "$PROGRAMS/gprof-main.c" "$PROGRAMS/gprof-util.c" -- \
	-g -O0 -fPIE -pie -I"$PROGRAMS"
gp_profile c g1.out 50

# expect pass|fail|known MUTATION GP_CASE-ARGS...: run one gp_case with
# the mutant and check its verdict, whatever it counted.
expect () {
	_want=$1
	GPROF_MUTATION=$2
	export GPROF_MUTATION
	shift 2
	_f=$failures
	gp_case "$@" >verdict.log 2>&1
	_rc=$?
	failures=$_f
	if [ $_rc = 0 ] && grep -q '^known: ' verdict.log; then
		_got=known
	elif [ $_rc = 0 ]; then
		_got=pass
	else
		_got=fail
	fi
	if [ "$_got" = "$_want" ]; then
		ok "mutation $GPROF_MUTATION: gp_case $* -> $_got"
	else
		bad "mutation $GPROF_MUTATION: gp_case $* -> $_got, not $_want"
		sed 's/^/	/' verdict.log | head -20
	fi
}

expect pass none self/none -- -b c g1.out
expect pass none -m fsf self/none/blurbs -- c g1.out
expect fail digit self/digit -- -b c g1.out
expect fail digit -m fsf self/digit/blurbs -- c g1.out
expect fail digit -m bsd self/digit/T -- -T c g1.out
expect fail digit self/digit/q -- -b -q c g1.out
expect fail status self/status -- -b c g1.out
expect fail stderr self/stderr -- -b c g1.out
expect fail formfeed self/formfeed -- -b c g1.out
expect fail formfeed -m fsf self/formfeed/blurbs -- c g1.out
# Other words in the blurbs are allowed; other words in a table are not.
expect pass blurb -m fsf self/blurb -- c g1.out
expect pass blurb -m bsd self/blurb/T -- -T c g1.out
expect fail blurb self/blurb/exact -- c g1.out
gp_not_fsf_text cases/self_blurb/ours.out ||
	bad "the reworded blurbs still look like the FSF text to gp_not_fsf_text"
gp_not_fsf_text cases/self_none_blurbs/ours.out &&
	bad "gp_not_fsf_text does not recognise GNU's blurbs"
# A listed name turns a difference into a known one, not a pass.
expect known digit design/own-blurbs -- -b c g1.out
# A sed script (-e) takes out exactly the difference it names.
expect pass digit -e 's/ 9\.9([0-9])/ 0.0\1/' self/digit/sed -- -b c g1.out

# The bug checks, on the mutant's "fixed" output and on GNU's.
"$GMONDUMP" -e c g1.out | awk '/^hist / { h = 1; next }
	h && /^  / { next } { h = 0; print }' | "$GMONMAKE" -o nohist.out
"$PYTHON3" "$top_srcdir/tests/tools/gprof-synth.py" chain 10050 \
	chain.syms chain.txt && "$GMONMAKE" -o chain.out <chain.txt ||
	hard_error "cannot make the chain profile"
GPROF_MUTATION=fixed
export GPROF_MUTATION
# both CHECK GNU-FILE FIXED-FILE [ARGS]: CHECK fails on GNU's output and
# passes on the right one.
both () {
	_c=$1 _g=$2 _r=$3
	shift 3
	if "$_c" "$_g" "$@"; then
		gnu_bug_absent "$_c passes on GNU's output ($_g)"
	elif ! "$_c" "$_r" "$@"; then
		bad "$_c fails on right output ($_r)"
	else
		ok "$_c tells GNU's output from the right one"
	fi
}
"$GNU_GPROF" -b c nohist.out >nan.gnu
"$OURS" -b c nohist.out >nan.right
both gp_no_nan nan.gnu nan.right
"$GNU_GPROF" -b -q -S chain.syms c chain.out >chain.gnu
"$OURS" -b -q -S chain.syms c chain.out >chain.right
both gp_index_whole chain.gnu chain.right 10000
both gp_chain_whole chain.gnu chain.right 10050
"$GNU_GPROF" c g1.out >blurbs.gnu
"$OURS" c g1.out >blurbs.right
both gp_not_fsf_text blurbs.gnu blurbs.right
mkdir gnu right
(cd gnu && "$GNU_GPROF" -s ../c ../g1.out)
(cd right && "$OURS" -s ../c ../g1.out)
if gp_spare_zero gnu/gmon.sum; then
	ok "gp_spare_zero: GNU's spare bytes happen to be zero this time"
elif gp_spare_zero right/gmon.sum; then
	ok "gp_spare_zero tells GNU's gmon.sum from the right one"
else
	bad "gp_spare_zero fails on zeroed spare bytes"
fi
# The others need output the mutant cannot make: right lines by hand.
gp_build bc "$PROGRAMS/gprof-backcall.c" -- -g -O0
gp_profile bc bc.out
"$GNU_GPROF" -b -c bc bc.out >back.gnu
awk '/^\[[0-9]+\] .* early \[/ {
	print "                0.00    0.00       0/1           late [2]" }
	{ print }' back.gnu >back.right
both gp_backward_found back.gnu back.right
gp_build cl "$PROGRAMS/gprof-clones.c" -- -g -O2
gp_profile cl cl.out 50000
"$GNU_GPROF" -b -p cl cl.out >clones.gnu
cat >clones.right <<'EOF'
 60.00      0.06     0.06     1000    60.00    60.00  work.constprop.0
 40.00      0.10     0.04     2000    20.00    20.00  pick.isra.0
EOF
both gp_clones_kept clones.gnu clones.right
printf 'hist 0x0 0xffffffffffffffff bins=1 rate=100\n  0x0 5\narc 0x%s 0x%s 3\n' \
	"$(sym_addr c main)" "$(sym_addr c main)" |
	"$GMONMAKE" -o wide.out || hard_error "cannot make the one-bin profile"
"$GNU_GPROF" -b c wide.out >wide.gnu
sed 's/covers 0 byte/covers 18446744073709551616 byte/' wide.gnu >wide.right
both gp_granularity wide.gnu wide.right 18446744073709551616

# The random tester fails on a mutant and says how to re-run the case.
GPROF_MUTATION=digit
"$PYTHON3" "$top_srcdir/tests/tools/gprof-random.py" --ours "$OURS" \
	--gnu "$GNU_GPROF" --gmonmake "$GMONMAKE" --known "$KNOWN_DIFFS" \
	--cc "$CC" --cache "$top_builddir/tests/random-cache" \
	--work "$work/random" --seeds 0:3 >random.log 2>&1
rc=$?
if [ $rc = 1 ] && grep -q '^FAIL: seed 0 ' random.log &&
	grep -q 're-run: .* --seed 0 --keep' random.log; then
	ok "the random tester fails on a mutant, with the seed and a re-run command"
else
	bad "the random tester did not fail as it should (exit $rc)"
	head -20 random.log
fi

# -------------------------------------------------------------------
# Mutants of OUR gprof: one source file of the analyser changed by a
# patch (a sed script), compiled with the build's flags and linked
# with the build's other objects, for each family of output; the test
# of the suite that covers that output, run on the mutant as
# GPROF_UNDER_TEST, must fail.  A mutant that survives fails this test.

if [ ! -f "$top_builddir/gprof/main.o" ] ||
	[ ! -f "$top_builddir/gprof/.libs/libgprof.a" ]; then
	bad "the analyser's objects are not built: no mutants of ours"
	finish
fi

# mutant NAME FILE SED TEST [VARIANTS]: builds the mutant NAME with
# FILE (gprof/... or gmon/...) patched by SED, runs tests/e2e/TEST on it (on
# VARIANTS, its GPROF_DIFF_VARIANTS, if given) and records who caught
# it in the table.
mutant () {
	_m=$work/mutants/$1
	mkdir -p "$_m/tmp"
	_src=$top_srcdir/$2
	sed "$3" "$_src" >"$_m/${2##*/}"
	if cmp -s "$_src" "$_m/${2##*/}"; then
		bad "mutant $1: the patch changes nothing in $2 (the code moved?)"
		return
	fi
	# shellcheck disable=SC2086
	if ! ${CC:-cc} $GPROF_BUILD_CFLAGS -w -c "$_m/${2##*/}" \
		-o "$_m/mutated.o" >"$_m/build.log" 2>&1 ||
	   ! ${CC:-cc} $GPROF_BUILD_CFLAGS -o "$_m/gprof" \
		"$top_builddir/gprof/main.o" "$_m/mutated.o" \
		"$top_builddir/gprof/.libs/libgprof.a" $GPROF_BUILD_LIBS \
		>>"$_m/build.log" 2>&1; then
		bad "mutant $1: cannot build it"
		head -10 "$_m/build.log"
		return
	fi
	# The test stops at its first failed check: one catches the mutant.
	GPROF_UNDER_TEST=$_m/gprof GPROF_DIFF_VARIANTS=${5:-} TMPDIR=$_m/tmp \
		KEEP=0 TEST_STOP_AT_FAILURE=1 \
		$SHELL "$top_srcdir/tests/e2e/$4" >"$_m/test.log" 2>&1
	_rc=$?
	if [ $_rc = 1 ]; then
		_how=$(grep -m1 '^FAIL: ' "$_m/test.log" | cut -c7-90)
		ok "mutant $1 caught by $4: $_how"
		printf '%-12s %-24s %s\n' "$1" "$4${5:+ ($5)}" "$_how" >>mutants.table
	else
		bad "mutant $1 ($2) survives $4 (exit $_rc)"
		tail -5 "$_m/test.log"
		printf '%-12s %-24s %s\n' "$1" "$4${5:+ ($5)}" "SURVIVED (exit $_rc)" >>mutants.table
	fi
}

: >mutants.table
# -c: a call's displacement taken unsigned, as GNU does (backward calls
# lost).
mutant c-unsigned gprof/arch/x86.c \
	's/call->target = pc + 5 + (uint64_t) (int64_t) (int32_t) rel;/call->target = pc + 5 + (uint64_t) rel;/' \
	gprof-diff-c.sh O0-pie
# -c on aarch64: BL's offset taken unsigned (backward calls lost).
mutant c-a64 gprof/arch/aarch64.c \
	's/off = (int64_t) ((insn \& 0x03ffffff) ^ 0x02000000) - 0x02000000;/off = (int64_t) (insn \& 0x03ffffff);/' \
	gprof-diff-aarch64.sh O0-pie
# -c on RISC-V: no AUIPC+JALR pairs (the unrelaxed calls lost).
mutant c-rvpair gprof/arch/riscv.c 's/|| (i >> 7 \& 31) == 0)/|| 1)/' \
	gprof-diff-riscv64.sh O2-norelax
# -c on Thumb: BL's I1 and I2 not inverted (every target wrong).
mutant c-thumb gprof/arch/arm.c 's/uint32_t i1 = !(j1 ^ s), i2 = !(j2 ^ s);/uint32_t i1 = j1 ^ s, i2 = j2 ^ s;/' \
	gprof-diff-cortexm.sh O2
# -c on A32: BL's offset in halfwords, not words.
mutant c-a32 gprof/arch/arm.c 's/off = arch_sext (i \& 0x00ffffff, 24) \* 4;/off = arch_sext (i \& 0x00ffffff, 24) * 2;/' \
	gprof-diff-arm.sh O0-arm
# Arm: the mapping symbols ignored (Thumb code decoded as A32).
mutant c-mapping gprof/arch/arch.c "s/case 't':/case 'x':/" \
	gprof-diff-arm.sh O2-thumb
# Arm: the Thumb bit of function symbols kept (-l, -C addresses).
mutant thumb-bit gprof/arch/machsyms.c 's/addr \&= ~(uint64_t) 1;/addr |= 0;/' \
	gprof-diff-cortexm.sh O0
# -R: the objects no arc places listed in reverse.
mutant R-reverse gprof/report/linkorder.c \
	'/mapped = htab_create/,/Then the object files/{s/st->base\[i\]/st->base[n - 1 - i]/;s/pl\.placed\[i\]/pl.placed[n - 1 - i]/;}' \
	gprof-diff-c.sh O0-pie
# -q: a recursive function's calls one too many in its entry.
mutant q-calls gprof/report/graph.c \
	's/put_uint (&l, np->ncalls, 7, false);/put_uint (\&l, np->ncalls + (np->self_calls != 0), 7, false);/' \
	gprof-diff-c.sh O0-pie
# -A: a line's second block counted once more.
mutant A-counts gprof/report/annotate.c \
	's/last_count = (unsigned long) fi->blocks\[li->first + i\].count;/last_count = (unsigned long) fi->blocks[li->first + i].count + (i == 1);/' \
	gprof-diff-lines.sh c-O0
# -l: every line symbol named one line further down.
mutant l-names gprof/lines/linesyms.c 's/s->line = (int) ls->line;/s->line = (int) ls->line + 1;/' \
	gprof-diff-lines.sh c-O0
# gmon.sum: the calls of a caller's sites of one callee not added up
# (the last site's count kept).
mutant sum-arcs gprof/sumfile.c \
	's/grp\[ng - 1\].count = gmon_add_sat (grp\[ng - 1\].count,$/grp[ng - 1].count = (0 *grp[ng - 1].count) + (/' \
	gprof-diff-inputs.sh
# gmon.sum: a count wider than its field (a bin's 16 bits, an arc's
# 32) cut to the field, no continuation records, as GNU's sum does.
mutant sum-wide gmon/write.c 's/^		count -= part;$/		count = 0;/' \
	gprof-diff-gnubugs.sh
# Exports: one unit more in the total than the costs add up to.
mutant x-totals gprof/export/samples.c \
	's/^			xs->total = gmon_add_sat (xs->total, pc.cost);$/			xs->total = gmon_add_sat (xs->total, pc.cost + (m == 0));/' \
	export-callgrind.sh
echo "mutant       caught by                what failed first"
cat mutants.table
finish
