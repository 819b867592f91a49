#!/bin/sh
# hint-build.sh - a gmon.out of another build of the program is said in
# words (issue 22, item 1): libgmon stamps what it writes with the
# program's build id (without one, its file's size and time), gprof
# refuses another build id and warns about another size or time; a
# profile of glibc's runtime (no stamp) is caught by its histogram's
# range, small profiles too; GNU gprof reads the stamped files as
# before, and the right build gets no word at all.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
. "$top_srcdir/tests/e2e/gprof-smoke-lib.sh"
need_gnu_gprof
need_runtime

cat >sort.c <<'EOS'
#include <stdio.h>
#include <stdlib.h>
static int cmp (const void *a, const void *b)
{ return *(const int *) a - *(const int *) b; }
void sort_it (int *v, int n) { qsort (v, n, sizeof *v, cmp); }
int work (long n) { volatile double s = 0; long i;
	for (i = 0; i < n; i++) s += i * 0.5; return (int) s; }
int main (int argc, char **argv)
{
	long n = argc > 1 ? atol (argv[1]) : 3000000;
	int a[1000], k, i;
	for (k = 0; k < 50; k++) {
		for (i = 0; i < 1000; i++) a[i] = rand ();
		sort_it (a, 1000);
	}
	printf ("%d\n", work (n));
	return 0;
}
EOS

# --- libgmon, with a build id: refused, with what to do.
mkdir lg && cd lg || hard_error "mkdir"
rt_cc prog ../sort.c -O1 -pg -g
# (GMON_OBJECTS=0: no object directory, so no note about the time in
# the libraries, which "nothing on stderr" below would count.)
GMON_OBJECTS=0 ./prog >/dev/null || hard_error "prog failed"
"$GPROF" -b prog gmon.out >right.out 2>right.err
check "libgmon: the right build: exit 0" [ $? -eq 0 ]
check "libgmon: the right build: nothing on stderr" [ ! -s right.err ]
same_as_gnu -b prog gmon.out
"$GPROF" -s prog gmon.out 2>/dev/null || bad "gprof -s failed"
rt_cc prog ../sort.c -O0 -pg -g
"$GPROF" -b prog gmon.out >other.out 2>other.err
check "libgmon: another build: exit 1" [ $? -eq 1 ]
check "libgmon: another build: nothing on stdout" [ ! -s other.out ]
grep -Eq '^gprof: gmon.out was written by another build of prog: the program that ran had the build id [0-9a-f]+\.\.\., prog has [0-9a-f]+\.\.\.$' other.err ||
	bad "libgmon: another build id: $(cat other.err)"
grep -q '^gprof: note: .*run prog again to profile this build' other.err ||
	bad "libgmon: the note: $(cat other.err)"
grep -q -- '--ignore-build-id reads it all the same' other.err ||
	bad "libgmon: the note does not name --ignore-build-id: $(cat other.err)"
# A rebuild that changed only the debugging information (-g taken
# out): another build id, the same code.  Refused as any other id;
# with --ignore-build-id read, with a warning, as the right build.
rt_cc prog ../sort.c -O1 -pg
"$GPROF" -b prog gmon.out >nog.out 2>nog.err
check "libgmon: rebuilt without -g: refused (exit 1)" [ $? -eq 1 ]
"$GPROF" -b --ignore-build-id prog gmon.out >nog.out 2>nog.err
check "libgmon: --ignore-build-id: exit 0" [ $? -eq 0 ]
grep -Eq '^gprof: warning: gmon.out was written by another build of prog: the program that ran had the build id [0-9a-f]+\.\.\., prog has [0-9a-f]+\.\.\.; read all the same \(--ignore-build-id\)' nog.err ||
	bad "libgmon: --ignore-build-id: the warning: $(cat nog.err)"
# The report of the right build, but for what its debugging
# information adds: the file of the static cmp in the index, which
# lists cmp when a sample fell in it (its 500 000 calls take a few ms
# of the ~17 sampled: in about half the runs, and the check then
# failed).  " (sort.c)" is as wide as the blanks it replaces.
sed 's/ (sort\.c)/         /' right.out >right-nog.out
same_file "libgmon: --ignore-build-id: the report of the right build" \
	right-nog.out nog.out
rt_cc prog ../sort.c -O0 -pg -g
# The notes under another section's name (a linker script that gathers
# them): the same build id, no word; the note taken out: a warning, not
# a refusal (the addresses may well be the same).
rt_cc prog ../sort.c -O1 -pg -g
GMON_OBJECTS=0 ./prog >/dev/null || hard_error "prog failed"
objcopy --rename-section .note.gnu.build-id=.note.ids prog renamed ||
	hard_error "objcopy --rename-section failed"
"$GPROF" -b renamed gmon.out >ren.out 2>ren.err
check "libgmon: the build id in a note section of another name: exit 0" [ $? -eq 0 ]
check "libgmon: ... and nothing on stderr" [ ! -s ren.err ]
objcopy --remove-section .note.gnu.build-id prog noid ||
	hard_error "objcopy --remove-section failed"
"$GPROF" -b noid gmon.out >noid.out 2>noid.err
check "libgmon: the build id taken out: exit 0 (a warning)" [ $? -eq 0 ]
grep -q '^gprof: warning: gmon.out may have been written by another build of noid: the program that ran had a build id, noid has none' noid.err ||
	bad "libgmon: the build id taken out: $(cat noid.err)"
"$GPROF" -s prog gmon.out 2>/dev/null || bad "gprof -s failed"
rt_cc prog ../sort.c -O0 -pg -g
# A sum keeps the stamp (GNU's -s copies it too).
"$GPROF" -b prog gmon.sum >/dev/null 2>sum.err
grep -q '^gprof: gmon.sum was written by another build of prog' sum.err ||
	bad "libgmon: gmon.sum of another build: $(cat sum.err)"
cd ..

# --- libgmon, no build id: the file's size and time.
mkdir nb && cd nb || hard_error "mkdir"
rt_cc prog ../sort.c -O1 -pg -g -Wl,--build-id=none
GMON_OBJECTS=0 ./prog >/dev/null || hard_error "prog failed"
"$GPROF" -b prog gmon.out >/dev/null 2>right.err
check "no build id: the right build: nothing on stderr" [ ! -s right.err ]
same_as_gnu -b prog gmon.out
rt_cc prog ../sort.c -O0 -pg -g -Wl,--build-id=none
"$GPROF" -b prog gmon.out >other.out 2>other.err
check "no build id: another build: exit 0 (a warning)" [ $? -eq 0 ]
grep -q '^gprof: warning: gmon.out was written by another build of prog: the program that ran was a file of another size' other.err ||
	bad "no build id: another size: $(cat other.err)"
cd ..

# --- glibc's runtime: no stamp; the histogram's range tells.
for link in "" -no-pie -static; do
	d=glibc$link
	mkdir "$d" && cd "$d" || hard_error "mkdir"
	build_pg prog -O1 $link ../sort.c
	./prog >/dev/null || hard_error "prog failed"
	"$GPROF" -b prog gmon.out >/dev/null 2>right.err
	check "glibc $link: the right build: nothing on stderr" [ ! -s right.err ]
	build_pg prog -O0 $link ../sort.c
	"$GPROF" -b prog gmon.out >other.out 2>other.err
	grep -q '^gprof: warning: gmon.out was written by another build of prog (was it rebuilt after it was profiled?): its histogram covers 0x[0-9a-f]*-0x[0-9a-f]*, the text of prog is' other.err ||
		bad "glibc $link: another build: $(cat other.err)"
	check "glibc $link: the report is printed" [ -s other.out ]
	cd ..
done

# A small profile: two calls, a handful of samples.
mkdir small && cd small || hard_error "mkdir"
build_pg prog -O1 ../sort.c
./prog 1 >/dev/null || hard_error "prog failed"
build_pg prog -O2 ../sort.c
"$GPROF" -b prog gmon.out >/dev/null 2>other.err
grep -q '^gprof: warning: gmon.out was written by another build of prog' other.err ||
	bad "glibc, small profile, another build: $(cat other.err)"
cd ..
finish
