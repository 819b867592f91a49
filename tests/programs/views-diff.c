/* views-diff.c - two runs with known differences, for gprof
   --diff-base.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   usage: views-diff MODE   (1: the base, 2: the new run)

     steady    10 calls, the same work in both runs
     grows     10 calls, three times the work in run 2
     gone      10 calls in run 1 only, half of steady's work
     fresh     10 calls in run 2 only, half of steady's work
     counted   1000 calls in run 1, 2000 in run 2, no work  */

#include <stdlib.h>

#define NOIPA __attribute__ ((noipa))
#define WORK	12000000ul

volatile unsigned long sink;

/* Each function spins in its own body (a shared callee would be
   reached by tail calls from main, and hide who called it).  */
#define SPIN(n) do {							\
	unsigned long s_ = 1, i_;					\
	for (i_ = 0; i_ < (n); i_++)					\
		s_ = s_ * 2862933555777941757ul + i_;			\
	sink += s_;							\
} while (0)

NOIPA void steady (void) { SPIN (WORK); }
NOIPA void grows (int mode) { SPIN (mode == 2 ? 3 * WORK : WORK); }
NOIPA void gone (void) { SPIN (WORK / 2); }
NOIPA void fresh (void) { SPIN (WORK / 2); }
NOIPA void counted (void) { sink++; }

int
main (int argc, char **argv)
{
	int mode = argc > 1 ? atoi (argv[1]) : 1, i;

	for (i = 0; i < 10; i++) {
		steady ();
		grows (mode);
		if (mode == 2)
			fresh ();
		else
			gone ();
	}
	for (i = 0; i < 1000 * mode; i++)
		counted ();
	return 0;
}
