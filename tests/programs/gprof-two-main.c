/* gprof-two-main.c - calls into gprof-two-a.c and gprof-two-b.c.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include <stdio.h>

unsigned long in_a (unsigned long x);
unsigned long in_b (unsigned long x);

int
main (void)
{
	unsigned long a = 0, i;

	for (i = 0; i < 4000; i++)
		a += in_a (i) + in_b (i);
	printf ("%lu\n", a & 1);
	return 0;
}
