#!/bin/sh
# gprof-formats.sh - every profile layout GNU gprof reads, several
# files summed, and the numeric corners of the flat profile, against
# GNU gprof.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The profiles are made from the fixture's real one with gmondump and
# gmonmake: the same data in BSD and 4.4BSD layouts, a histogram with
# no samples, one with a clock of 1000 Hz, a function taking seconds
# per call, one taking microseconds.

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/gprof-smoke-lib.sh"
need_gnu_gprof

build_pg fix -O1 -fno-inline "$PROGRAMS/fixture.c"
./fix 0.2 >/dev/null || hard_error "fixture failed"
"$GMONDUMP" -e fix gmon.out >dump.txt || hard_error "gmondump failed"

mk () {
	"$GMONMAKE" -o "$1" || hard_error "gmonmake $1 failed"
}
(echo "format bsd"; cat dump.txt) | mk bsd.out
(echo "format 4.4bsd"; cat dump.txt) | mk bsd44.out
sed 's/rate=100/rate=1000/' dump.txt | mk rate1000.out
awk '!/^  0x/' dump.txt | mk nosamples.out
# Addresses a little inside the functions, so that no bin is shared.
spin=$(printf '0x%x' $((0x$(nm fix | awk '$3 == "spin" { print $1 }') + 16)))
leaf=$(printf '0x%x' $((0x$(nm fix | awk '$3 == "leaf" { print $1 }') + 4)))
awk -v a="$spin" '/^  0x/ { next } /^hist/ { print; print "  " a " 300"; next }
	{ print }' dump.txt | mk seconds.out
awk -v a="$leaf" '/^  0x/ { next } /^hist/ { print; print "  " a " 3"; next }
	{ print }' dump.txt | mk micro.out

for f in gmon.out bsd.out bsd44.out rate1000.out nosamples.out \
	seconds.out micro.out
do
	same_as_gnu -b fix $f
	same_as_gnu -b -T fix $f
	same_as_gnu -i fix $f
done
same_but_blurbs fix seconds.out
grep -q ' s/call' ours.out || bad "no s/call unit"
same_as_gnu -b -p fix micro.out
grep -q 'us/call' ours.out || bad "no us/call unit"
same_as_gnu -b -p fix nosamples.out
grep -q 'no time accumulated' ours.out || bad "no 'no time accumulated'"

# Several files, mixed layouts, in both orders.
same_as_gnu -b fix gmon.out bsd.out
same_as_gnu -b fix bsd.out gmon.out bsd.out
same_as_gnu -i fix gmon.out bsd.out
same_as_gnu -i fix bsd.out gmon.out
# -O: the layout asked for.
same_as_gnu -b -Ob fix bsd.out
same_as_gnu -b -O4 fix bsd44.out
same_as_gnu -b -Om fix gmon.out
same_as_gnu -b -Oa fix bsd44.out

# gmon.sum in the BSD layouts, and read back.
for fmt in b 4; do
	rm -f gmon.sum
	gnu_gprof -s -O$fmt fix bsd44.out && mv gmon.sum gnu.sum
	"$GPROF" -s -O$fmt fix bsd44.out && mv gmon.sum ours.sum
	same_file "-s -O$fmt writes GNU gprof's file" gnu.sum ours.sum
done

finish
