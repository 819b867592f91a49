#!/bin/sh
# bm-regions.sh - code in flash and in RAM (tests/programs/bm/regions.c:
# ramwork runs from RAM, flashwork from flash, as long, 40 calls each):
# with __ramfunc_start and __ramfunc_end defined at link time, libgmon
# gives each region a histogram record of its own (not one over the
# gap between them), both functions get their time and calls in the
# target's GNU gprof, and ours prints the same; without them, the RAM
# code's samples fall outside, and the profile says how many.

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/bm-lib.sh"
need_gnu_gprof

set -- $bm_boards
case $1 in
microbit) b=an385 ;;		# RAM enough for both of its runs' code
*) b=$1 ;;
esac
bm_board "$b"
bm_build two -Wl,--defsym=__ramfunc_start=ram_first \
	-Wl,--defsym=__ramfunc_end=ram_last -- "$BM_PROGRAMS/regions.c"
bm_build one -- "$BM_PROGRAMS/regions.c"
for v in two one; do
	bm_run r-$v "$work/$v" $BM_ICOUNT
	[ "$bm_status" = 0 ] && [ -s r-$v/gmon.out ] ||
		hard_error "$v: exit $bm_status: $(head -c 300 r-$v/console)"
done

# Two records: one in flash, one in RAM, ramwork's address in the
# second.
ram=$("${GNU_GPROF%gprof}nm" two | awk '$3 == "ramwork" { print $1 }')
"$GMONDUMP" r-two/gmon.out >dump-two
hists=$(grep -c '^hist ' dump-two)
inram=$(awk -v a="$ram" '$1 == "hist" {
	lo = $2; hi = $3; sub(/^0x/, "", lo); sub(/^0x/, "", hi)
	while (length(lo) < 16) lo = "0" lo; while (length(hi) < 16) hi = "0" hi
	x = a; while (length(x) < 16) x = "0" x
	if (lo <= x && x < hi) print $2 "-" $3 }' dump-two)
if [ "$hists" = 2 ] && [ -n "$inram" ]; then
	ok "$b: two histogram records, ramwork (0x$ram) in $inram"
else
	bad "$b: $hists histogram records, ramwork (0x$ram) in '${inram}'"
	grep '^hist' dump-two
fi
for f in ramwork flashwork; do
	c=$(bm_calls two r-two/gmon.out $f)
	s=$("$GNU_GPROF" -b -p two r-two/gmon.out | awk -v f=$f '$NF == f { print $1 }')
	if [ "$c" = 40 ] && awk -v s="$s" 'BEGIN { exit !(s + 0 > 25) }'; then
		ok "$b: $f: 40 calls, $s% of the time"
	else
		bad "$b: $f: $c calls, ${s:-no}% of the time"
	fi
done
bm_same "$b" two r-two/gmon.out -b
# On RISC-V the program gives no clock rate: the one note it may get is
# that (bm-calls.sh checks it).
grep -v 'samples timed by a clock whose rate the runtime assumed' ours.err \
	>ours.err.rest || :
[ ! -s ours.err.rest ] || bad "$b: our gprof said: $(head -c 300 ours.err.rest)"

# One region: the RAM code's samples outside, said.
"$GMONDUMP" r-one/gmon.out >dump-one
out=$(awk '/ # note: / && /outside every histogram/ { s += $4 } END { print s + 0 }' dump-one)
"$GPROF" -b -p one r-one/gmon.out >/dev/null 2>ours.err
if [ "$(grep -c '^hist ' dump-one)" = 1 ] && [ "$out" -gt 25 ] &&
	grep -q "warning: $out samples outside every histogram's range" ours.err; then
	ok "$b: without the RAM region: $out samples noted outside, and said: $(head -c 200 ours.err)"
else
	bad "$b: without the RAM region: $out samples noted outside; our gprof said: $(head -c 300 ours.err)"
fi
finish
