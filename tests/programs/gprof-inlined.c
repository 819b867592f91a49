/* gprof-inlined.c - C whose static functions gcc -O2 inlines, for
   the line-level names of inlined code (tests/e2e/gprof-diff-inline.sh).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Built with -O2 -g -pg: inl_leaf is inlined into two callers and,
   through inl_middle, nested two deep; GNU gprof's -l names each of
   their lines after the innermost function (libbfd's answer).  The
   start-up-like code of gprof-inlined-tie.c, built without -pg, runs
   from here too.  */

#include <stdio.h>
#include <stdlib.h>

void tie_call (unsigned x);

static volatile unsigned inl_sink;

static inline unsigned
inl_leaf (unsigned x)
{
	unsigned i, s = x;

	for (i = 0; i < 64; i++)
		s = s * 2654435761u + (s >> 13) + i;
	return s;
}

static inline unsigned
inl_middle (unsigned x)
{
	unsigned s = inl_leaf (x);

	s ^= inl_leaf (s + 1);
	return s;
}

unsigned __attribute__ ((noinline))
inl_caller_a (unsigned x)
{
	unsigned s = 0, k;

	for (k = 0; k < 20; k++)
		s += inl_middle (x + k);
	return s;
}

unsigned __attribute__ ((noinline))
inl_caller_b (unsigned x)
{
	unsigned s = 0, k;

	for (k = 0; k < 30; k++)
		s += inl_leaf (x ^ k);
	return s;
}

int
main (int argc, char **argv)
{
	unsigned n = argc > 1 ? (unsigned) atoi (argv[1]) : 1000, i, k;

	/* About as much time in tie_static as in the two callers.  */
	for (i = 0; i < n; i++) {
		inl_sink += inl_caller_a (i) + inl_caller_b (i);
		for (k = 0; k < 70; k++)
			tie_call (i + k);
	}
	printf ("%u\n", inl_sink);
	return 0;
}
