#!/bin/sh
# gprof-programs.sh - more real programs against GNU gprof: C++ names,
# two files with a static function of the same name, object-file
# ordering (-R), an external symbol table (-S), calls from several sites
# of one caller.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/gprof-smoke-lib.sh"
need_gnu_gprof

# --- Two files, each with a static `helper'.
for f in gprof-two-a gprof-two-b gprof-two-main; do
	$CC -pg -g -O0 -c "$PROGRAMS/$f.c" -o $f.o ||
		hard_error "cannot compile $f.c"
done
$CC -pg -g -o two gprof-two-main.o gprof-two-a.o gprof-two-b.o ||
	hard_error "cannot link two"
./two >/dev/null || hard_error "two failed"
same_but_blurbs two gmon.out
for o in -b "-b -z" "-b -T" "-b -L" "-b --inline-file-names" \
	"-b -pgprof-two-a.c" "-b -pgprof-two-b.c:helper" "-b -Phelper" \
	"-b -qhelper" "-b -k in_a/helper" "-b -a" -C "-C -z" -r \
	"-b -ngprof-two-b.c" "-b -Ngprof-two-main.c"
do
	# shellcheck disable=SC2086
	same_as_gnu $o two gmon.out
done
# The index tells the two helpers apart by their files.
"$GPROF" -b two gmon.out >two-index.out
check "the index names gprof-two-a.c's helper by its file" \
	grep -q 'helper (gprof-two-a\.c)' two-index.out
check "the index names gprof-two-b.c's helper by its file" \
	grep -q 'helper (gprof-two-b\.c)' two-index.out

# -R: an nm map of the objects orders them.
nm --extern-only --defined-only -v --print-file-name \
	gprof-two-main.o gprof-two-a.o gprof-two-b.o >map.txt 2>/dev/null
same_as_gnu -R map.txt two gmon.out
same_as_gnu -b -R map.txt -p two gmon.out

# -S: the symbols from nm's output instead of the executable's table.
nm two >syms.txt
same_as_gnu -b -S syms.txt two gmon.out
same_as_gnu -b -S syms.txt -q two gmon.out

# Names longer than a line of the call graph's buffer (1 KB), two of
# them members of one cycle: such lines go out through stdio, and the
# line after them must start afresh.
awk 'function name(c, n,   s) { s = ""; while (n-- > 0) s = s c; return s }
BEGIN {
	printf "100000 T %s0\n", name("a", 990) > "long.syms"
	printf "100010 T %s1\n", name("b", 1000) > "long.syms"
	printf "100020 T %s2\n", name("c", 995) > "long.syms"
	printf "100030 T short3\n" > "long.syms"
	printf "100040 T short4\n" > "long.syms"
	printf "hist 0x100000 0x100040 bins=16 rate=100\n"
	printf "  0x100004 3\n  0x100014 5\n  0x100024 7\n  0x100034 2\n"
	printf "arc 0x100004 0x100010 2\n"
	printf "arc 0x100014 0x100020 9\n"
	printf "arc 0x100024 0x100010 4\n"
	printf "arc 0x100024 0x100030 6\n"
	printf "arc 0x100044 0x100000 1\n"
}' | "$GMONMAKE" -o long.out || hard_error "gmonmake failed"
same_as_gnu -b -S long.syms two long.out
same_as_gnu -b -q -S long.syms two long.out

# --- Calls from several sites of one caller: an arc each in gmon.out,
# one line each in the call graph, their counts added up.
$CC -pg -O0 -o sites "$PROGRAMS/gprof-sites.c" || hard_error "cannot compile gprof-sites.c"
./sites >/dev/null || hard_error "sites failed"
[ "$("$GMONDUMP" gmon.out | grep -c 'arc ')" -gt 10 ] ||
	hard_error "sites: expected an arc per call site in gmon.out"
for o in -b "-b -q" "-b -z -q" "-b -qmiddle" "-b -Qleaf" \
	"-b -k three_sites/middle" "-b -c" -r
do
	# shellcheck disable=SC2086
	same_as_gnu $o sites gmon.out
done
# two_sites calls leaf from three sites, three_sites from two (one in a
# loop): 2800 x 2 and 400 x 4 calls, each on one line.
"$GPROF" -b -q sites gmon.out >sites.out
if grep -q ' 5600/8400  *leaf \[' sites.out &&
	grep -q ' 1600/8400  *leaf \[' sites.out; then
	ok "sites: the calls of leaf add up per caller"
else
	bad "sites: the calls of leaf do not add up per caller"
	cat sites.out
fi

# --- C++.
if command -v g++ >/dev/null 2>&1; then
	g++ -pg -g -O1 -fno-inline -o cxx "$PROGRAMS/gprof-smoke-cxx.cc" ||
		hard_error "cannot compile gprof-smoke-cxx.cc"
	./cxx >/dev/null || hard_error "cxx failed"
	same_but_blurbs cxx gmon.out
	for o in -b "-b -T" "-b --no-demangle" "-b --demangle=gnu-v3" \
		"-b -z" "-b --inline-file-names" "-b -c" "-b -qzeta" -r
	do
		# shellcheck disable=SC2086
		same_as_gnu $o cxx gmon.out
	done
	"$GPROF" -b cxx gmon.out >cxx.out
	grep -q 'ns::Foo::work(int)' cxx.out ||
		bad "C++ names are not demangled"
else
	missing_tool "g++" "the C++ program"
fi

# --- An -O2 program whose hot function is a clone (work.constprop.0):
# GNU gprof's symbol filter reads past the end of that name and may
# drop it; ours keeps it, with all its calls.
$CC -pg -O2 -o clone "$PROGRAMS/gprof-clone.c" || hard_error "cannot compile clone"
./clone >/dev/null || hard_error "clone failed"
"$GPROF" -b -p clone gmon.out >clone.out
if awk '$NF == "work.constprop.0" && $4 == 3000 { found = 1 }
	END { exit !found }' clone.out; then
	ok "work.constprop.0 keeps its 3000 calls"
else
	bad "work.constprop.0 lost"
	cat clone.out
fi

finish
