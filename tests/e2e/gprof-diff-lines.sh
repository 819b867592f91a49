#!/bin/sh
# gprof-diff-lines.sh - line-level profiles (-l), annotated source (-A),
# execution counts (-C) and their options, against GNU gprof.
#
# Fixtures, built and run here:
#   c-O0, c-O2   the C fixture (gprof-main.c, gprof-util.c), with
#                -fsanitize-coverage=trace-pc and gprof-bbcount.c, so
#                that a run also gives real basic-block counts (added to
#                its gmon.out as a `bb' record: *-bb fixtures)
#   cxx-O0/O2    the C++ fixture, the same way
#   updcrc       the gprof manual's example (gprof-updcrc.c starts on
#                line 1 as in the manual), with basic blocks at the
#                addresses of its lines, counted as the manual's run
#   incl         a C file that #includes another one (libbfd 2.40 names
#                the wrong file for its code: gcc 12, DWARF 5)
#   stl-O2       C++ with the standard library at -O2 (GNU gprof's -l
#                gives up on it: "somebody miscounted")
#   dup          two sources with one base name (-y)
#   c-split      c-O2 with its debugging information in a file of its
#                own, found by .gnu_debuglink
#
# Each case is compared with GNU gprof's output (tests/e2e/gprof-lib.sh).
# Where GNU gprof is wrong the difference is taken out with a sed
# script so that the rest is still compared, or the case is listed in
# gprof-known-diffs.txt; each such difference has a check that ours is
# right, and the check must fail on GNU's output.  Every line symbol of
# every fixture is checked against llvm-addr2line.

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/gprof-lib.sh"
gp_setup

: "${CXX:=g++}"
[ -x "$GMONMAKE" ] && [ -x "$GMONDUMP" ] ||
	hard_error "gmonmake or gmondump is not built"
command -v "$CXX" >/dev/null 2>&1 ||
	hard_error "no C++ compiler ($CXX): install g++"
ADDR2LINE=
for _a in llvm-addr2line llvm-addr2line-14 llvm-addr2line-15; do
	if command -v "$_a" >/dev/null 2>&1; then
		ADDR2LINE=$(command -v "$_a")
		break
	fi
done

# Masks: "Lines executed" and its percentage (GNU counts the lines it
# labels #####); and with basic blocks, the summary after each file.
MASK_EXECUTED='s/^ +[0-9]+   Lines executed$/[executed]/;
s/^ +[0-9.]+   Percent of the file executed$/[percent]/'

# bb_profile EXE GMON BB OUT: GMON plus the block record of BB.
bb_profile () {
	{ "$GMONDUMP" -t 64le "$2"; cat "$3"; } | "$GMONMAKE" -o "$4" ||
		hard_error "cannot add blocks to $2"
}

# A fixture with trace-pc blocks: NAME SCALE COMPILER FLAGS... SOURCES
bb_fixture () {
	_name=$1 _scale=$2 _cc=$3
	shift 3
	# shellcheck disable=SC2086
	$_cc -pg -g -fsanitize-coverage=trace-pc -I"$PROGRAMS" "$@" \
		bbcount.o -o "$_name" >"$_name.log" 2>&1 ||
		{ cat "$_name.log"; hard_error "cannot build $_name"; }
	rm -f gmon.out
	GPROF_BB_OUT=$_name.bb "./$_name" "$_scale" >/dev/null ||
		hard_error "$_name failed"
	mv gmon.out "$_name.out"
	[ -s "$_name.bb" ] || hard_error "$_name wrote no block counts"
	bb_profile "$_name" "$_name.out" "$_name.bb" "$_name-bb.out"
}

$CC -g -O0 -c "$PROGRAMS/gprof-bbcount.c" -o bbcount.o ||
	hard_error "cannot compile gprof-bbcount.c"
bb_fixture c-O0 30 "$CC" -O0 -fPIE -pie \
	"$PROGRAMS/gprof-main.c" "$PROGRAMS/gprof-util.c"
bb_fixture c-O2 100 "$CC" -O2 -fno-pie -no-pie \
	"$PROGRAMS/gprof-main.c" "$PROGRAMS/gprof-util.c"
bb_fixture cxx-O0 200 "$CXX" -O0 -fPIE -pie "$PROGRAMS/gprof-cxx.cc"
bb_fixture cxx-O2 600 "$CXX" -O2 -fno-pie -no-pie "$PROGRAMS/gprof-cxx.cc"

# -------------------------------------------------------------------
# The option matrix, without and with basic blocks.

# lines_case NAME EXE GMON ARGS...: one case, compared whole (the
# blurbs masked unless ARGS have -b).
lines_case () {
	_n=$1 _x=$2 _g=$3 _m=
	shift 3
	case " $* " in
	*" -b "*) ;;
	*" -T "*) _m="-m bsd" ;;
	*) _m="-m fsf" ;;
	esac
	# shellcheck disable=SC2086
	gp_case $_m "lines/$_n" -- "$@" "$_x" "$_g"
}

plain_sets='-l -b
-l
-l -p -b
-l -q -b
-l -z -b
-l -T -b
-l -L -b
-l -i -b
-l -b -r
-C
-C -z
-l -C
-l -C -z
--inline-file-names -L -b'

anno_sets='-A
-A -b
-A -z
-A -x
-A -m 100
-A -t 3
-A -t 0
-l -A
-l -A -x
-l -A -m 2
-l -A -z
-A -L'

# Symspecs, by the C fixture's names.
c_sets='-l -b -pleaf
-l -b -Pburn
-l -b -qfib
-l -b -k apply/leaf
-l -b -p gprof-main.c:33
-l -C -Zleaf
-Aleaf
-Jleaf
-Agprof-util.c
-l -Aleaf'

set -f
echo "$plain_sets" >plain-sets.txt
# GPROF_DIFF_VARIANTS (e.g. "c-O0") runs the matrices on fewer fixtures:
# the mutants of gprof-diff-selftest.sh need only one.
fixtures=${GPROF_DIFF_VARIANTS:-c-O0 c-O2 cxx-O0 cxx-O2}
for f in $fixtures; do
	# (No pipes into the loops: a failure must count in this shell.)
	while IFS= read -r o; do
		# shellcheck disable=SC2086
		lines_case "$f/$o" $f $f.out $o
	done <plain-sets.txt
	echo "$anno_sets" >sets.txt
	case $f in c-*) echo "$c_sets" >>sets.txt ;; esac
	while IFS= read -r o; do
		# shellcheck disable=SC2086
		case $o in
		-A* | -J* | "-l -A"*)
			gp_case -e "$MASK_EXECUTED" "lines/$f/$o" -- $o $f $f.out ;;
		*) lines_case "$f/$o" $f $f.out $o ;;
		esac
	done <sets.txt
	# The blocks: -l reports and -C are GNU gprof's (no line of these
	# fixtures has more than ten blocks).
	for o in "-l -b" "-l -C" "-l -C -z" "-C"; do
		# shellcheck disable=SC2086
		lines_case "$f-bb/$o" $f $f-bb.out $o
	done
done
set +f

# -l -A with blocks: the lines with one symbol are labelled as GNU
# gprof labels them; lines with several symbols are not (GNU gprof
# keeps the blocks of the first symbol only, here they are all shown),
# nor is the summary, which counts blocks here; the checks below say
# what ours shows there.  With -x a merged line changes the count that
# the lines after it carry on, so -x is compared as a known difference.
# Every label taken out is checked against GNU's own -l -C rows of
# that line (gp_multi_forgiven): the counts of all its blocks.
for f in $fixtures; do
	"$OURS" -b -l -z -L -p $f $f-bb.out 2>/dev/null |
		sed -nE 's/.* \(([^ ]*):([0-9]+) @ [0-9a-f]+\)$/\1:\2/p' |
		sort | uniq -d >$f.multi
	gp_crows $f $f-bb.out >$f.crows
	[ -s $f.crows ] || hard_error "GNU gprof's -l -C of $f-bb.out has no blocks"
	gp_line_calls $f $f-bb.out "${ADDR2LINE:-addr2line}" >$f.lcalls
	for o in "-l -A" "-l -A -b" "-l -A -m 5000" "-l -A -x"; do
		x=
		case $o in *-x*) x=x ;; esac
		# shellcheck disable=SC2086
		gp_case -f "gp_mask_multi $f.multi $f.crows $x" "lines/$f-bb/$o" -- \
			$o $f $f-bb.out
		if gp_multi_forgiven "$gp_case_dir" $f.crows $f.lcalls $x \
			>"$gp_case_dir/forgiven.check" 2>&1; then
			ok "lines/$f-bb/$o: the $(wc -l <"$gp_case_dir/ours.forgiven") labels taken out of ours are the blocks' counts (GNU's -l -C)"
		else
			bad "lines/$f-bb/$o: labels taken out of ours are not the blocks' counts:"
			head -5 "$gp_case_dir/forgiven.check"
		fi
	done
	cp "$gp_case_dir/ours.out" bb-first-$f.out
	# Whether GNU's listing of a fixture shows the bug depends on the
	# code gcc made: c-O0's does (checked below), the others may not.
	case $f in c-O0) flaky= ;; *) flaky=-flaky ;; esac
	gp_bug_check $flaky gnubug/bb-first-symbol/$f/-x \
		"every line where a block starts is labelled" \
		gp_blocks_labelled "$f" "$f-bb.out" "$f.bb" bb-first-$f.out
done
# That check fails on GNU gprof's listings (a `for' header's second
# range holds its loop test's block, GNU labels the line from the first).
if [ "$OURS_IS_GNU" != 1 ]; then
	"$GNU_GPROF" -l -A c-O0 c-O0-bb.out >gnu-anno.out 2>/dev/null
	if gp_blocks_labelled c-O0 c-O0-bb.out c-O0.bb gnu-anno.out; then
		gnu_bug_absent "gp_blocks_labelled passes on GNU gprof's listing"
	else
		ok "gp_blocks_labelled fails on GNU gprof's listing"
	fi
fi

# "Lines executed": lines labelled ##### did not run.
gp_case gnubug/lines-executed/c -- -A -b c-O0 c-O0.out
gp_bug_check gnubug/lines-executed/c "Lines executed leaves out ##### lines" \
	gp_executed_counted cases/gnubug_lines-executed_c/ours.out
gp_check_fails_on_gnu gp_executed_counted \
	cases/gnubug_lines-executed_c/gnu.out

# -------------------------------------------------------------------
# Debugging information in a file of its own (objcopy --only-keep-debug,
# strip --strip-debug, a .gnu_debuglink), as distributions ship it: the
# lines come from there, as GNU gprof's libbfd finds them.

cp c-O2 c-split && objcopy --only-keep-debug c-split c-split.debug &&
	strip --strip-debug c-split &&
	objcopy --add-gnu-debuglink=c-split.debug c-split ||
	hard_error "cannot split the debugging information of c-O2"
for o in "-l -b" "-l -C"; do
	# shellcheck disable=SC2086
	lines_case "split/$o" c-split c-O2-bb.out $o
done
gp_case -e "$MASK_EXECUTED" "lines/split/-A -b" -- -A -b c-split c-O2.out
"$OURS" -b -l c-split c-O2-bb.out >split.txt 2>/dev/null
"$OURS" -b -l c-O2 c-O2-bb.out >whole.txt 2>/dev/null
if grep -q '(gprof-main.c:[0-9]* @ ' split.txt && cmp -s split.txt whole.txt
then
	ok "split: the lines of the separate debugging file are the program's own"
else
	bad "split: -l with a separate debugging file differs from -l without"
fi

# -------------------------------------------------------------------
# The manual's updcrc, with the blocks of its run (the function called
# twice: once with no buffer, once over 26312 bytes).

$CC -pg -g -O0 -std=gnu89 -w -include "$PROGRAMS/gprof-updcrc.h" \
	-c "$PROGRAMS/gprof-updcrc.c" -o updcrc.o &&
	$CC -pg -g -O0 -I"$PROGRAMS" -o updcrc \
		"$PROGRAMS/gprof-updcrc-main.c" updcrc.o ||
	hard_error "cannot build updcrc"
gp_profile updcrc updcrc.out
# Its instructions by line, from objdump (the line numbers only: the
# file names of libbfd do not matter here).
objdump -d -l --no-show-raw-insn updcrc | awk '/<updcrc>:/,/^$/' | awk '
/:[0-9]+( \(discriminator [0-9]+\))?$/ {
	sub(/ \(discriminator [0-9]+\)$/, ""); n = split($0, a, ":")
	line = a[n]; next }
/^ +[0-9a-f]+:/ { addr = $1; sub(/:$/, "", addr); k[line]++
	ins[line, k[line]] = addr }
END {
	# A block at the start of each line, counted as the run went:
	# the loop body 26312 times; the loop test three times over
	# (its entry, its exit once, its jump back 26311 times).
	split("9 2 10 1 12 1 13 1 14 26312 17 2 18 2 19 2", c, " ")
	print "bb 11"
	for (i = 1; i < 16; i += 2)
		printf "  0x%s %s\n", ins[c[i], 1], c[i + 1]
	printf "  0x%s 26312\n  0x%s 1\n  0x%s 26311\n",
		ins[15, 1], ins[15, 2], ins[15, 3]
	# And twelve blocks on line 14, for the ten-per-line limit.
	print "bb 12" > "ten.bb"
	for (i = 1; i <= 12; i++)
		printf "  0x%s %d\n", ins[14, i], 100 + i > "ten.bb"
}' >updcrc.bb
[ "$(grep -c '^  0x' updcrc.bb)" = 11 ] && [ "$(grep -c '^  0x' ten.bb)" = 12 ] ||
	hard_error "updcrc: not the lines of the manual's function (objdump -l)"
bb_profile updcrc updcrc.out updcrc.bb updcrc-bb.out
bb_profile updcrc updcrc.out ten.bb updcrc-ten.out
for o in "-l -A -x" "-l -A" "-l -A -x -b" "-A"; do
	# shellcheck disable=SC2086
	gp_case -f "gp_mask_anno /dev/null" "lines/updcrc/$o" -- \
		$o updcrc updcrc-bb.out
done
lines_case "updcrc/-l -C" updcrc updcrc-bb.out -l -C
lines_case "updcrc/-l -b" updcrc updcrc-bb.out -l -b
# The manual's listing: the loop body's count, the loop test's three.
check "updcrc: the loop body ran 26312 times" \
	grep -q '^       26312 -> c = crc_32_tab' cases/lines_updcrc_-l_-A_-x/ours.out
check "updcrc: the do-while line shows 26312,1,26311" \
	grep -q '^26312,1,26311 ->} while (--n);' cases/lines_updcrc_-l_-A_-x/ours.out
check "updcrc: the entry line shows the 2 calls" \
	grep -q '^           2 -> {$' cases/lines_updcrc_-l_-A_-x/ours.out
# The summary counts the blocks: the loop lines top the table.
gp_case gnubug/bb-summary/updcrc -- -l -A -b updcrc updcrc-bb.out
gp_bug_check gnubug/bb-summary/updcrc "the top lines are the loop's, the total counts the blocks" \
	gp_updcrc_summary cases/gnubug_bb-summary_updcrc/ours.out
gp_check_fails_on_gnu gp_updcrc_summary cases/gnubug_bb-summary_updcrc/gnu.out
# Twelve blocks on one line: GNU gprof keeps ten.
gp_case gnubug/bb-ten-slots -- -l -C updcrc updcrc-ten.out
gp_bug_check gnubug/bb-ten-slots "-C lists all twelve blocks of line 14" \
	gp_block_rows cases/gnubug_bb-ten-slots/ours.out 14 12
gp_check_fails_on_gnu gp_block_rows cases/gnubug_bb-ten-slots/gnu.out 14 12

# -------------------------------------------------------------------
# An #include'd C file: libbfd 2.40 gives its code the including
# file's name.

gp_build incl "$PROGRAMS/gprof-incl.c" -- -g -O0 -I"$PROGRAMS"
gp_profile incl incl.out
# The oracle: GNU gprof on the same program built with DWARF 4, which
# libbfd reads right (the code is the same, byte for byte).
mkdir -p dwarf4
gp_build dwarf4/incl "$PROGRAMS/gprof-incl.c" -- -g -gdwarf-4 -O0 -I"$PROGRAMS"
objcopy -O binary -j .text incl incl.text &&
	objcopy -O binary -j .text dwarf4/incl dwarf4/incl.text ||
	hard_error "objcopy: the code of incl"
cmp -s incl.text dwarf4/incl.text ||
	hard_error "incl built with DWARF 4 has other code than with DWARF 5"
cp incl.out dwarf4/
# GNU's bug itself, shown once (its check below).
gp_case "gnubug/dwarf5-file/-l -b" -- -l -b incl incl.out
for o in "-l -b" "-b --inline-file-names" "-b" "-l -C" "-A -b"; do
	# shellcheck disable=SC2086
	gp_case -G dwarf4 -e "$MASK_EXECUTED" "dwarf5-file/dwarf4/$o" -- $o incl incl.out
done
gp_bug_check "gnubug/dwarf5-file/-l -b" "the included file's code is named by its own file" \
	gp_included_named cases/gnubug_dwarf5-file_-l_-b/ours.out
gp_check_fails_on_gnu gp_included_named cases/gnubug_dwarf5-file_-l_-b/gnu.out

# -------------------------------------------------------------------
# C++ with the standard library at -O2: GNU gprof's -l stops, since
# libbfd names an inlined function without a linkage name once after
# the function it is in and then after itself, so GNU's two passes over
# .text count different symbols.

gp_build stl-O2 "$PROGRAMS/gprof-lines-stl.cc" -- -g -O2
gp_profile stl-O2 stl-O2.out 100000
gp_case gnubug/line-miscount -- -l -b stl-O2 stl-O2.out
gp_bug_check gnubug/line-miscount "the -l profile of a C++ -O2 program is printed" \
	gp_line_profile cases/gnubug_line-miscount/ours.out
gp_check_fails_on_gnu gp_line_profile cases/gnubug_line-miscount/gnu.out
# Its numbers: the calls and the seconds are GNU's at function level
# (the line symbols' files and lines are llvm-addr2line's: below).
if gp_lines_vs_functions stl-O2 stl-O2.out >stl-lvf.txt 2>&1; then
	ok "gnubug/line-miscount: ours' -l calls and seconds are GNU's function-level ones ($(cat stl-lvf.txt))"
else
	bad "gnubug/line-miscount: ours' -l numbers differ from GNU's function-level ones:"
	head -5 stl-lvf.txt
fi

# -------------------------------------------------------------------
# Sources: found through -I and GPROF_PATH, not found, changed.

mkdir -p dupsrc/a dupsrc/b
cp "$PROGRAMS/gprof-dup-a.c" dupsrc/a/dup.c
cp "$PROGRAMS/gprof-dup-b.c" dupsrc/b/dup.c
(cd dupsrc && $CC -pg -g -O0 -o ../dup "$PROGRAMS/gprof-dup-main.c" a/dup.c \
	b/dup.c) || hard_error "cannot build dup"
gp_profile dup dup.out
gp_case -e "$MASK_EXECUTED" "lines/dup/-A" -- -A -b dup dup.out
mkdir -p ygnu yours
(cd ygnu && "$GNU_GPROF" -A -y ../dup ../dup.out >stdout 2>stderr)
(cd yours && "$OURS" -A -y ../dup ../dup.out >stdout 2>stderr)
cmp -s ygnu/stdout yours/stdout ||
	bad "-A -y: standard output differs from GNU gprof's"
if [ "$OURS_IS_GNU" != 1 ]; then
	if gp_ann_separate yours; then
		ok "gnubug/ann-clobber: ours is right: each dup.c has its listing"
	else
		bad "gnubug/ann-clobber: ours is wrong: the dup.c listings"
		ls yours
	fi
	if gp_ann_separate ygnu; then
		gnu_bug_absent "gp_ann_separate passes on GNU gprof's listings"
	else
		ok "gp_ann_separate fails on GNU gprof's listings (one clobbered)"
	fi
fi
gp_known_reason gnubug/ann-clobber >/dev/null ||
	bad "gnubug/ann-clobber is not in $KNOWN_DIFFS"

# The sources moved: found with -I (by the base name), GPROF_PATH.
mv dupsrc/a dupsrc/a.moved
gp_case -e "$MASK_EXECUTED" "lines/dup/-A -I" -- -A -b -I dupsrc/a.moved dup dup.out
GPROF_PATH=$work/dupsrc/a.moved
export GPROF_PATH
gp_case -e "$MASK_EXECUTED" "lines/dup/-A GPROF_PATH" -- -A -b dup dup.out
unset GPROF_PATH
# Not found: both say so on standard error, and list the other file.
gp_case -e "$MASK_EXECUTED" "lines/dup/-A missing" -- -A -b dup dup.out
mv dupsrc/a.moved dupsrc/a
# Changed: shorter than the line tables say.  GNU gprof lists what
# there is and says nothing; ours says that the file changed.
head -n 3 dupsrc/a/dup.c >dupsrc/a/dup.short
mv dupsrc/a/dup.c dupsrc/a/dup.c.orig
mv dupsrc/a/dup.short dupsrc/a/dup.c
gp_case -e "$MASK_EXECUTED" "design/source-changed" -- -A -b dup dup.out
[ "$OURS_IS_GNU" = 1 ] ||
	check "design/source-changed: the warning names the file and its lines" \
		grep -q 'a/dup.c: warning: .* has 3 lines' \
		cases/design_source-changed/ours.err
mv dupsrc/a/dup.c.orig dupsrc/a/dup.c

# -------------------------------------------------------------------
# Call sites: libgmon records the return address of each call, where
# glibc records the start of the 16 bytes the call is in; the -l call
# graph names the caller's line from it.  util_twice calls helper twice
# on line 18: with libgmon both calls are there, with glibc's runtime
# one of them shows on line 17, where its 16 bytes start.

if [ -f "$LIBGMON_DIR/libgmon.so" ]; then
	$CC -pg -g -O0 -fno-optimize-sibling-calls -I"$PROGRAMS" -o cg \
		"$PROGRAMS/gprof-main.c" "$PROGRAMS/gprof-util.c" \
		-L"$LIBGMON_DIR" -lgmon -Wl,-rpath,"$LIBGMON_DIR" -lpthread ||
		hard_error "cannot build the fixture with libgmon"
	gp_profile cg cg.out 30
	lines_case "libgmon/-l -b" cg cg.out -l -b
	lines_case "libgmon/-l -q -b" cg cg.out -l -q -b
	awk '/^-----/ { n = 0; next } { l[++n] = $0 }
	     /^\[[0-9]+\] .* helper \(gprof-util\.c:9 @/ {
		for (i = 1; i < n; i++) print l[i] }' \
		cases/lines_libgmon_-l_-q_-b/ours.out >helper-callers.txt
	check "libgmon: helper's two calls from util_twice are on line 18" \
		grep -q ' 400/600 .* util_twice (gprof-util\.c:18 @' helper-callers.txt
	check "libgmon: no call of helper is charged to line 17" \
		sh -c '! grep -q "gprof-util\.c:17 @" helper-callers.txt'
elif [ "$(uname -m)-$(uname -s)" = x86_64-Linux ]; then
	bad "libgmon is not built ($LIBGMON_DIR): the call sites cannot be checked"
else
	partial_skip "libgmon is built for x86-64 Linux only: the call sites" \
		"it records are not checked"
fi

# -------------------------------------------------------------------
# gmon.sum of profiles with blocks: every block of every line.

gp_sum_case -x "$work/c-O0" "lines/sum/c-O0-bb" -- -s "$work/c-O0" \
	"$work/c-O0-bb.out" "$work/c-O0-bb.out"

# -------------------------------------------------------------------
# Every line symbol, against llvm-addr2line.

if [ -z "$ADDR2LINE" ]; then
	missing_tool "llvm-addr2line (package llvm)" \
		"every line symbol against llvm-addr2line"
elif [ "$OURS_IS_GNU" = 1 ]; then
	echo "note: ours is GNU gprof: its line symbols are not checked" \
	     "against llvm-addr2line (they are wrong for incl and stl-O2)"
else
	for f in c-O0 c-O2 cxx-O0 cxx-O2 updcrc incl stl-O2 dup cg; do
		[ -f "$f" ] || continue
		case $f in
		updcrc | incl | stl-O2 | dup | cg) g=$f.out ;;
		*) g=$f-bb.out ;;
		esac
		if gp_lines_addr2line "$f" "$g" "$ADDR2LINE" >$f.a2l 2>&1; then
			ok "$f: every line symbol's file and line are llvm-addr2line's ($(cat $f.a2l))"
		else
			bad "$f: line symbols differ from llvm-addr2line"
			head -5 $f.a2l
		fi
		if gp_touched_addr2line "$f" "$g" "$ADDR2LINE" >$f.t2l 2>&1; then
			ok "$f: every address the profile touches is charged to llvm-addr2line's line ($(cat $f.t2l))"
		else
			bad "$f: addresses of the profile charged to other lines than llvm-addr2line's"
			head -5 $f.t2l
		fi
	done
fi
gp_summary
