/* gate-work.c - a workload for gprof --fail-if (tests/e2e/gate-*.sh).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   usage: gate-work ITEMS SPIN

     helper    called once per item (twice with -DEXTRA: the change an
               A/B gate on calls must catch)
     other     called once per item in every build
     spin      SPIN units of work (twice as many with -DSLOW: the
               change a gate on time must catch)
     steady    SPIN / 2 units of work in every build
     fresh     with -DFRESH only: called once per item (a function new
               in the profile)  */

#include <stdlib.h>

#define NOIPA __attribute__ ((noipa))
#define UNIT	1000000ul

volatile unsigned long sink;

/* Each function spins in its own body (a shared callee would be
   reached by tail calls, and hide who called it).  */
#define WORK(n) do {							\
	unsigned long s_ = 1, i_;					\
	for (i_ = 0; i_ < (n); i_++)					\
		s_ = s_ * 2862933555777941757ul + i_;			\
	sink += s_;							\
} while (0)

NOIPA void helper (unsigned long i) { sink += i; }
NOIPA void other (unsigned long i) { sink ^= i; }
#ifdef SLOW
NOIPA void spin (unsigned long n) { WORK (2 * n * UNIT); }
#else
NOIPA void spin (unsigned long n) { WORK (n * UNIT); }
#endif
NOIPA void steady (unsigned long n) { WORK (n * UNIT / 2); }
#ifdef FRESH
NOIPA void fresh (unsigned long i) { sink -= i; }
#endif

int
main (int argc, char **argv)
{
	unsigned long items = argc > 1 ? strtoul (argv[1], NULL, 10) : 1000;
	unsigned long n = argc > 2 ? strtoul (argv[2], NULL, 10) : 0, i;

	for (i = 0; i < items; i++) {
		helper (i);
#ifdef EXTRA
		helper (i);
#endif
		other (i);
#ifdef FRESH
		fresh (i);
#endif
	}
	/* In ten slices, so that each function's samples come from
	   across the run.  */
	for (i = 0; i < 10; i++) {
		spin (n);
		steady (n);
	}
	return 0;
}
