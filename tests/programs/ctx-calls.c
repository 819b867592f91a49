/* ctx-calls.c - a call-heavy program: most of its time under -pg is
   the profiler's (mcount, in every call), as in an interpreter or a
   parser, so that libgmon's own time is a large part of its profile.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   usage: ctx-calls [N]   (30)

   fib (N) calls itself about 2.6 * 1.618^N times and leaf at each of
   its leaves; spin, called once, works without calls (its time is its
   own); cold calls 64 functions once each through a table, so that
   each call is a new arc (libgmon's slow path).  */

#include <stdio.h>
#include <stdlib.h>

#define NOIPA __attribute__ ((noipa))

NOIPA unsigned long
leaf (unsigned long x)
{
	return x * 2654435761u + 1;
}

NOIPA unsigned long
fib (int n)
{
	return n < 2 ? leaf ((unsigned long) n) : fib (n - 1) + fib (n - 2);
}

NOIPA unsigned long
spin (unsigned long n)
{
	unsigned long s = 1, i;

	for (i = 0; i < n; i++)
		s = s * 6364136223846793005ul + i;
	return s;
}

#define COLD(k) NOIPA static unsigned long cold##k (unsigned long x) \
	{ return x + k; }
#define COLD8(k) COLD (k##0) COLD (k##1) COLD (k##2) COLD (k##3) \
	COLD (k##4) COLD (k##5) COLD (k##6) COLD (k##7)
COLD8 (1) COLD8 (2) COLD8 (3) COLD8 (4) COLD8 (5) COLD8 (6) COLD8 (7)
COLD8 (8)
#define REF8(k) cold##k##0, cold##k##1, cold##k##2, cold##k##3, \
	cold##k##4, cold##k##5, cold##k##6, cold##k##7
static unsigned long (*const colds[]) (unsigned long) = {
	REF8 (1), REF8 (2), REF8 (3), REF8 (4), REF8 (5), REF8 (6), REF8 (7),
	REF8 (8)
};

NOIPA unsigned long
cold (void)
{
	unsigned long s = 0;
	size_t i;

	for (i = 0; i < sizeof colds / sizeof colds[0]; i++)
		s += colds[i] (i);
	return s;
}

int
main (int argc, char **argv)
{
	int n = argc > 1 ? atoi (argv[1]) : 30;

	printf ("%lu\n", cold () + fib (n) + spin (1ul << (n - 10)));
	return 0;
}
