/* ctx-rec.c - recursion and mutual recursion, under a callee that a
   third caller calls as often for nothing.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   usage: ctx-rec [ROUNDS]   (300)

   rec recurses DEPTH deep and spins on every level; ping and pong call
   each other DEPTH deep (a cycle of gprof's) and spin, dearly, at the
   bottom; main calls spin (0) as often as those two together.  GNU
   gprof charges main with half of spin's time; measured, main has none
   of it, and no line of the graph may add up to more than the whole
   run, however deep the recursion.  */

#include <stdlib.h>

#define NOIPA __attribute__ ((noipa))
#define DEPTH		30
#define SPIN_REC	20000ul
#define SPIN_BOTTOM	600000ul

volatile unsigned long sink;

NOIPA unsigned long
spin (unsigned long n)
{
	unsigned long s = 1, i;

	for (i = 0; i < n; i++)
		s = s * 6364136223846793005ul + i;
	return s;
}

NOIPA unsigned long
rec (int d)
{
	unsigned long x = d > 0 ? rec (d - 1) : 0;

	return x + spin (SPIN_REC);
}

NOIPA unsigned long pong (int d);

NOIPA unsigned long
ping (int d)
{
	return d > 0 ? pong (d - 1) : spin (SPIN_BOTTOM);
}

NOIPA unsigned long
pong (int d)
{
	return d > 0 ? ping (d - 1) : spin (SPIN_BOTTOM);
}

int
main (int argc, char **argv)
{
	int rounds = argc > 1 ? atoi (argv[1]) : 300, r, i;

	for (r = 0; r < rounds; r++) {
		sink += rec (DEPTH);
		sink += ping (DEPTH);
		/* As many calls as rec's and the cycle's together.  */
		for (i = 0; i < DEPTH + 2; i++)
			sink += spin (0);
	}
	return 0;
}
