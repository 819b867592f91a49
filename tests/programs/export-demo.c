/* export-demo.c - the program the export tests profile.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   A call graph with every shape the exporters treat apart: a leaf
   called from two places of one caller and from another function
   (work -> leaf, main -> leaf twice), plain recursion (fib), a cycle
   (is_even <-> is_odd, which spend time themselves and call a leaf
   outside the cycle), a static function, and a function that is called
   but takes no time.  Its argument scales the work (default 1: about
   half a second).  */

#include <stdlib.h>

static volatile double sink;

__attribute__ ((noinline)) void
leaf (int n)
{
	double s = 0;
	int i;

	for (i = 0; i < n; i++)
		s += i * 0.5;
	sink += s;
}

__attribute__ ((noinline)) static void
spin (int n)
{
	double s = 1;
	int i;

	for (i = 0; i < n; i++)
		s = s * 1.0000001 + 0.5;
	sink += s;
}

__attribute__ ((noinline)) void
work (int n)
{
	int i;

	for (i = 0; i < 50; i++)
		leaf (n);
	spin (n);
}

__attribute__ ((noinline)) int
fib (int n)
{
	return n < 2 ? n : fib (n - 1) + fib (n - 2);
}

int is_odd (int n, int k);

__attribute__ ((noinline)) int
is_even (int n, int k)
{
	spin (k);
	return n == 0 ? 1 : is_odd (n - 1, k);
}

__attribute__ ((noinline)) int
is_odd (int n, int k)
{
	leaf (k);
	return n == 0 ? 0 : is_even (n - 1, k);
}

__attribute__ ((noinline)) void
nothing (void)
{
	sink += 1;
}

int
main (int argc, char **argv)
{
	int scale = argc > 1 ? atoi (argv[1]) : 1, i;

	for (i = 0; i < 40 * scale; i++)
		work (200000);
	leaf (4000000 * scale);
	leaf (2000000 * scale);
	sink += fib (22);
	for (i = 0; i < 20 * scale; i++)
		sink += is_even (50, 40000);
	nothing ();
	return 0;
}
