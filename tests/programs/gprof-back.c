/* gprof-back.c - calls that never run, for gprof -c: one to a function
   placed before the caller (a backward call), one to a function placed
   after it.  Build with -O0 so that the functions stay in this order.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

static volatile unsigned long sink;

__attribute__ ((noinline)) unsigned long
early (unsigned long x)
{
	return x * 3 + 1;
}

unsigned long fwd_target (unsigned long x);

__attribute__ ((noinline)) unsigned long
late (unsigned long x)
{
	/* Only odd arguments take these calls, and none come.  */
	if (x & 1)
		return early (x) + fwd_target (x);
	return x;
}

__attribute__ ((noinline)) unsigned long
fwd_target (unsigned long x)
{
	return x ^ 5;
}

int
main (void)
{
	unsigned long a = 0;
	int i;

	for (i = 0; i < 1000; i++)
		a += late ((unsigned long) i * 2);
	sink = a;
	return 0;
}
