#!/bin/sh
# hint-gmondump-names.sh - gmondump -e PROGRAM names the function of
# every address it prints: histogram bins, arcs (both ends), blocks,
# and in a companion the program's and the libraries' addresses
# (issue 22, item 8).
#
# Copyright (C) 2026 The gmonkit developers.
# SPDX-License-Identifier: GPL-3.0-or-later

. "$top_srcdir/tests/e2e/lib.sh"
. "$top_srcdir/tests/e2e/rt-lib.sh"
need_runtime

# leaf takes nine tenths of the program's time, so that glibc's 100
# samples a second put some in it in every run (with a tenth, as
# before, a third of a second of CPU left it without one in about
# half the runs); qsort still calls cmp, the call across objects that
# the companion's check below needs.
cat >p.c <<'PROG'
#include <stdlib.h>
#include <time.h>
static volatile double sink;
static int cmp (const void *a, const void *b)
{ int x = *(const int *) a, y = *(const int *) b; return (x > y) - (x < y); }
__attribute__ ((noinline)) void leaf (int n)
{ double s = 0; int i; for (i = 0; i < n; i++) s += i * 0.5; sink = s; }
__attribute__ ((noinline)) void middle (void)
{ int v[256], i, k; for (k = 0; k < 20 || clock () < CLOCKS_PER_SEC / 3; k++) { for (i = 0; i < 256; i++) v[i] = (i * 7919) % 256; qsort (v, 256, sizeof *v, cmp); leaf (200000); } }
int main (void) { middle (); return 0; }
PROG
# glibc's runtime: gmon.out alone.
$CC -pg -O1 -o pg p.c || hard_error "cannot compile pg"
./pg || hard_error "pg failed"
"$GMONDUMP" -e pg gmon.out >dump.txt 2>err || bad "gmondump -e failed: $(cat err)"
check "gmondump -e: nothing on stderr" [ ! -s err ]
grep -Eq '^arc 0x[0-9a-f]+ 0x[0-9a-f]+ [0-9]+  # main\+0x[0-9a-f]+ -> middle\+0x[0-9a-f]+$' dump.txt ||
	bad "the arc main -> middle is not named: $(grep '^arc' dump.txt)"
grep -Eq '^arc .*  # middle\+0x[0-9a-f]+ -> leaf\+0x[0-9a-f]+$' dump.txt ||
	bad "the arc middle -> leaf is not named: $(grep '^arc' dump.txt)"
grep -Eq '^  0x[0-9a-f]+ [0-9]+  # leaf\+0x[0-9a-f]+$' dump.txt ||
	bad "no bin named in leaf: $(grep '^  ' dump.txt | head -5)"
# Every address the dump prints is named, or said to be in none.
unnamed=$(grep -E '^(arc|  0x)' dump.txt | grep -vc '  # ')
check "every bin and arc carries a name ($unnamed do not)" [ "$unnamed" -eq 0 ]
# Without -e: the plain lines, as gmonmake reads them back.
"$GMONDUMP" gmon.out >plain.txt || bad "gmondump failed"
check "without -e no names" [ "$(grep -c '#' plain.txt)" -le 1 ]
"$GMONMAKE" -o back.out <dump.txt 2>err || bad "gmonmake cannot read gmondump -e's output back: $(cat err)"
"$GMONDUMP" back.out | grep -v '^back.out:' >back.txt
grep -v '^gmon.out:' plain.txt | grep -v '^run ' >plain2.txt
grep -v '^run ' back.txt >back2.txt
same_file "gmondump -e's output reads back as the profile" plain2.txt back2.txt

# -m (the sum) names them too.
"$GMONDUMP" -m -e pg gmon.out gmon.out >merged.txt || bad "gmondump -m -e failed"
grep -Eq '^arc .*  # middle\+0x[0-9a-f]+ -> leaf' merged.txt ||
	bad "gmondump -m -e: arcs not named"

# libgmon's companion: the call from libc's qsort into the program's
# cmp names cmp (libc's side is named if its symbols are there).
rt_cc lg p.c -pg -O1
rm -f gmon.out
./lg || hard_error "lg failed"
"$GMONDUMP" -e lg gmon.out-objs/objects.gmonx >x.txt 2>err ||
	bad "gmondump -e on the companion failed: $(cat err)"
check "companion: nothing on stderr" [ ! -s err ]
grep -Eq '^arc [0-9]+:0x[0-9a-f]+ 0:0x[0-9a-f]+ [0-9]+  # .* -> cmp\+0x[0-9a-f]+$' x.txt ||
	bad "the call from qsort into cmp is not named: $(grep '^arc' x.txt)"

# A stripped program: its dynamic symbols only; nothing fails.
cp pg stripped && strip stripped
"$GMONDUMP" -e stripped back.out >s.txt 2>err
check "stripped: gmondump -e still dumps" [ $? -eq 0 ]
grep -q '^arc' s.txt || bad "stripped: no arcs"
# Not an ELF file: said once, the addresses bare.
echo hello >notelf
"$GMONDUMP" -e notelf back.out >n.txt 2>err
grep -q 'notelf: not an ELF file' err || bad "a non-ELF -e is not said: $(cat err)"
finish
