/* gprof-sites.c - calls to one function from several places of one
   caller: each call site is an arc of its own in gmon.out, and gprof
   must add them up into one line of the call graph.  The callers lie
   below and above their callees, and one calls from a loop, so that the
   arcs reach the analyser in and out of the order of their callers.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include <stdio.h>

static volatile unsigned long sink;

__attribute__ ((noinline)) static void
leaf (int n)
{
	int i;

	for (i = 0; i < n; i++)
		sink += (unsigned long) i;
}

__attribute__ ((noinline)) static void
two_sites (int n)
{
	leaf (n);
	if (n & 1)
		leaf (n / 2);
	else
		leaf (n / 3);
}

__attribute__ ((noinline)) static void
middle (int n)
{
	two_sites (n);
	leaf (n);
	two_sites (n / 2);
}

__attribute__ ((noinline)) static void
three_sites (int n)
{
	int k;

	for (k = 0; k < 3; k++)
		leaf (n);
	middle (n);
	leaf (n * 2);
	middle (n / 4);
}

int
main (void)
{
	int k;

	for (k = 0; k < 400; k++) {
		three_sites (20000 + k);
		two_sites (30000);
		middle (10000 + k);
	}
	printf ("%lu\n", sink);
	return 0;
}
