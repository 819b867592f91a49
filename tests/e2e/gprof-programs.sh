#!/bin/sh
# gprof-programs.sh - more real programs against GNU gprof: C++ names,
# two files with a static function of the same name, object-file
# ordering (-R) and an external symbol table (-S).
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
grep -q 'helper (gprof-two-a.c)' ours.out 2>/dev/null || true

# -R: an nm map of the objects orders them.
nm --extern-only --defined-only -v --print-file-name \
	gprof-two-main.o gprof-two-a.o gprof-two-b.o >map.txt 2>/dev/null
same_as_gnu -R map.txt two gmon.out
same_as_gnu -b -R map.txt -p two gmon.out

# -S: the symbols from nm's output instead of the executable's table.
nm two >syms.txt
same_as_gnu -b -S syms.txt two gmon.out
same_as_gnu -b -S syms.txt -q two gmon.out

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
	echo "no g++: C++ part skipped"
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
