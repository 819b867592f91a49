#!/bin/sh
# gmon-bsd.sh - the old BSD and 4.4BSD layouts.
#
# glibc's profile of the fixture is rewritten by our writer in both BSD
# layouts.  GNU gprof must report each exactly as it reports the
# original, and our reader must find the same records in all three --
# also from standard input, where GNU gprof gives up ("Illegal seek").

. "$top_srcdir/tests/e2e/lib.sh"
need_gnu_gprof

$CC -pg -O1 -fno-inline -o fix "$PROGRAMS/fixture.c" ||
	hard_error "cannot compile the fixture with -pg"
./fix 0.3 >/dev/null && [ -f gmon.out ] || hard_error "no gmon.out"

"$GMONDUMP" -e fix gmon.out >orig.txt || hard_error "gmondump failed"
sed '1s/.*/format bsd/' orig.txt | "$GMONMAKE" -o old.out ||
	bad "gmonmake: old BSD"
sed '1s/.*/format 4.4bsd/' orig.txt | "$GMONMAKE" -o bsd44.out ||
	bad "gmonmake: 4.4BSD"

gnu_gprof -b fix gmon.out >want.txt
for f in old bsd44; do
	gnu_gprof -b fix $f.out >got-$f.txt 2>err.txt ||
		bad "$f: GNU gprof failed: $(cat err.txt)"
	same_file "$f: GNU gprof reports the $f file like the original" \
		want.txt got-$f.txt

	# The same records, read back by our reader (the first line names
	# the layout, and old BSD files carry no rate).
	"$GMONDUMP" -e fix $f.out | sed -e 1d -e 's/ rate=[0-9]*//' >back-$f.txt
	sed -e 1d -e 's/ rate=[0-9]*//' orig.txt >orig-norate.txt
	same_file "$f: our reader finds the records we wrote" \
		orig-norate.txt back-$f.txt

	"$GMONDUMP" -e fix - <$f.out | sed -e 1d -e 's/ rate=[0-9]*//' >stdin-$f.txt
	same_file "$f: read from standard input too" orig-norate.txt stdin-$f.txt
done
check "the 4.4BSD header keeps the rate" grep -q 'rate=100 ' \
	"$("$GMONDUMP" -e fix bsd44.out >d44.txt; echo d44.txt)"
check "old BSD files have no rate" grep -q 'rate=0 ' \
	"$("$GMONDUMP" -e fix old.out >dold.txt; echo dold.txt)"

# -O 4.4bsd refuses an old BSD file; -O magic refuses both.
check "-O 4.4bsd refuses an old BSD file" \
	sh -c '! "$0" -e fix -O 4.4bsd old.out 2>/dev/null' "$GMONDUMP"
check "-O magic refuses a BSD file" \
	sh -c '! "$0" -e fix -O magic bsd44.out 2>/dev/null' "$GMONDUMP"

# A BSD file merges with a new-format file of the same histogram.
"$GMONDUMP" -m -e fix gmon.out old.out >m.txt 2>err.txt ||
	bad "merging new and BSD: $(cat err.txt)"
a1=$(awk '$1 == "arc" { n += $4 } END { print n }' orig.txt)
check "new + BSD merged: twice the calls" \
	grep -q "arcs ($((a1 * 2)) calls)" m.txt

finish
