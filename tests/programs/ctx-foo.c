/* ctx-foo.c - the gprof manual's own counter-example to its children
   times ("Estimating children times"): foo returns at once when its
   argument is zero; a always passes zero, b a large value; both call
   foo equally often.  GNU gprof, which shares foo's time out by the
   calls, charges a with half of it; measured, a has next to nothing
   and b all of it.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   usage: ctx-foo [ROUNDS]   (4000)  */

#include <stdlib.h>

#define NOIPA __attribute__ ((noipa))

volatile unsigned long sink;

NOIPA unsigned long
foo (unsigned long n)
{
	unsigned long s = 1, i;

	for (i = 0; i < n; i++)
		s = s * 2862933555777941757ul + i;
	return s;
}

NOIPA void
a (void)
{
	sink += foo (0);
}

NOIPA void
b (void)
{
	sink += foo (150000);
}

int
main (int argc, char **argv)
{
	int rounds = argc > 1 ? atoi (argv[1]) : 4000, i;

	for (i = 0; i < rounds; i++) {
		a ();
		b ();
	}
	return 0;
}
