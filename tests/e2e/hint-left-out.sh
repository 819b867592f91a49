#!/bin/sh
# hint-left-out.sh - when gmon.out-objs/ holds the samples of shared
# libraries that a plain report leaves out, one line on standard error
# says how much and where, and that --objects shows them (issue 22,
# item 2); quiet when the share is small, with --objects, and when the
# object directory is of another run; never a byte on standard output.
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
need_gnu_gprof
need_runtime

cat >m.c <<'EOS'
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
double trig (double x) { double s = 0; int i;
	for (i = 0; i < 2000000; i++) s += sin (x + i) * cos (i); return s; }
static int cmp (const void *a, const void *b)
{ return memcmp (a, b, sizeof (int)); }
void sorts (void) { static int v[100000]; int k, i;
	for (k = 0; k < 20; k++) { for (i = 0; i < 100000; i++) v[i] = rand ();
		qsort (v, 100000, sizeof *v, cmp); } }
int own (long n) { volatile long s = 0; long i;
	for (i = 0; i < n; i++) s += i; return (int) s; }
int main (int argc, char **argv)
{
	int lib = argc > 1 && atoi (argv[1]);
	double t = 0;
	if (lib) { t = trig (1); sorts (); }
	printf ("%f %d\n", t, own (lib ? 1000 : 1200000000));
	return 0;
}
EOS
RT_LIBS=-lm rt_cc prog m.c -O1 -pg -g

# Mostly in libm and libc.
mkdir lib && cd lib || hard_error "mkdir"
../prog 1 >/dev/null || hard_error "prog failed"
[ -f gmon.out-objs/objects.gmonx ] || hard_error "no object directory"
"$GPROF" -b ../prog gmon.out >plain.out 2>plain.err
check "libraries: exit 0" [ $? -eq 0 ]
# (libgmon.so.0 has mcount's time: cmp is called 30 million times;
# the note says what it is.)
one_line "libraries" plain.err "^gprof: gmon.out: note: [0-9]+% of the samples are in [a-z0-9., ]+( \\(libgmon's own time\\)[a-z0-9., ]*)?, left out of this report: add --objects to see them\$"
grep -q 'libm\.so\.6' plain.err && grep -q 'libc\.so\.6' plain.err ||
	bad "libraries: libm.so.6 and libc.so.6 are not named: $(cat plain.err)"
# The share it says is the one --objects shows.
said=$(sed -n 's/^gprof: gmon.out: note: \([0-9]*\)%.*/\1/p' plain.err)
"$GPROF" -b -p --objects ../prog gmon.out >objs.out 2>objs.err
check "--objects: nothing on stderr" [ ! -s objs.err ]
shown=$(awk '$NF ~ /@lib/ || $NF == "[profiling-overhead]" { s += $1 }
	END { printf "%.0f", s }' objs.out)
if [ -n "$said" ] && [ $((said - shown)) -le 2 ] && [ $((shown - said)) -le 2 ]; then
	ok "the share said ($said%) is the one --objects shows ($shown%)"
else
	bad "the share said ($said%) is not the one --objects shows ($shown%)"
fi
# Standard output is the report as without the object directory, as
# GNU gprof prints it.
mv gmon.out-objs away
"$GPROF" -b ../prog gmon.out >alone.out 2>alone.err
same_file "libraries: standard output is the plain report" alone.out plain.out
check "no object directory: nothing on stderr" [ ! -s alone.err ]
gnu_gprof -b ../prog gmon.out >gnu.out 2>/dev/null
same_file "libraries: standard output is GNU gprof's" gnu.out plain.out
mv away gmon.out-objs
cd ..

# Mostly in the program: quiet.  (Its 0.4 s of CPU: one tick of libc's
# malloc under printf is 4 of 100 samples in 0.1 s, at the 5% line.)
mkdir own && cd own || hard_error "mkdir"
../prog 0 >/dev/null || hard_error "prog failed"
[ -f gmon.out-objs/objects.gmonx ] || hard_error "no object directory"
"$GPROF" -b ../prog gmon.out >/dev/null 2>own.err
quiet_stderr "program's own time" own.err
# An object directory of another run says nothing about this gmon.out.
cp ../lib/gmon.out-objs/* gmon.out-objs/
"$GPROF" -b ../prog gmon.out >/dev/null 2>stale.err
quiet_stderr "another run's object directory" stale.err
cd ..

# More than three libraries: the three with most samples are named,
# and how many others (gprof crashed here: libiberty's xasprintf took
# the count for a string).
cat >spin.c <<'EOS'
double spin (long n) { volatile double s = 0; long i;
	for (i = 0; i < n; i++) s += i * 0.5; return s; }
EOS
cat >four.c <<'EOS'
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
double spin (long n);
double trig (double x) { double s = 0; int i;
	for (i = 0; i < 3000000; i++) s += sin (x + i) * cos (i); return s; }
static int cmp (const void *a, const void *b)
{ return memcmp (a, b, sizeof (int)); }
void sorts (void) { static int v[100000]; int k, i;
	for (k = 0; k < 20; k++) { for (i = 0; i < 100000; i++) v[i] = rand ();
		qsort (v, 100000, sizeof *v, cmp); } }
int main (void)
{
	double t = trig (1) + spin (300000000);
	sorts ();
	printf ("%f\n", t);
	return 0;
}
EOS
$CC -O1 -shared -fPIC -o libspin.so spin.c || hard_error "cannot build libspin.so"
RT_LIBS="-L. -lspin -Wl,-rpath,$work -lm" rt_cc four four.c -O1 -pg
mkdir more && cd more || hard_error "mkdir"
../four >/dev/null || hard_error "four failed"
"$GPROF" -b ../four gmon.out >/dev/null 2>four.err
check "four libraries: exit 0" [ $? -eq 0 ]
one_line "four libraries" four.err \
	"^gprof: gmon.out: note: [0-9]+% of the samples are in [^,]+, [^,]+(,| and) .* and [0-9]+ others?, left out of this report: add --objects to see them\$"
cd ..
finish
