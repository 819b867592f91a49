/* gprof-clone.c - a static function gcc -O2 clones as work.constprop.0.

   GNU gprof 2.40 means to keep such clones but in practice drops them
   and charges their time and calls to the symbol before them.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include <stdio.h>

volatile unsigned long clone_sink;

__attribute__ ((noinline)) static unsigned long
work (unsigned long n, unsigned long k)
{
	unsigned long s = 0, i;

	for (i = 0; i < n; i++)
		s += (i * k) ^ (s >> 3);
	return s;
}

int
main (int argc, char **argv)
{
	unsigned long a = 0;
	int i;

	(void) argv;
	for (i = 0; i < 3000; i++)
		a += work (20000 + (unsigned long) (i & argc), 7);
	clone_sink = a;
	printf ("%lu\n", a & 1);
	return 0;
}
