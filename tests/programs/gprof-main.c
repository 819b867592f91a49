/* gprof-main.c - the C fixture of the differential tests, with
   gprof-util.c.

   What it exercises in a call graph: self recursion (fib), a
   two-function cycle (is_even, is_odd), a three-function cycle (cyc_a,
   cyc_b, cyc_c), calls through a function pointer (apply), a static
   function named `helper' here and in gprof-util.c, calls back and
   forth between the two files, a function that is never called, and
   `slow', which the tests give more than a second per call in a
   synthesised profile.  Call counts are fixed; the time comes from
   SPIN loops in most functions, so that the histogram has samples in
   many of them.  Run as `gprof-main [SCALE]' (default 50, about
   0.3 s at -O0).  */

#include <stdio.h>
#include <stdlib.h>

#include "gprof-fixture.h"

volatile unsigned long sink;
unsigned long spin_scale = 50;

NOINL unsigned long
burn (unsigned long n)
{
	SPIN (n);
	return sink;
}

NOINL unsigned long
leaf (unsigned long x)
{
	SPIN (100);
	return burn (100) + x;
}

/* The same name as the static helper of gprof-util.c.  */
NOINL static unsigned long
helper (unsigned long x)
{
	SPIN (1500);
	return x;
}

NOINL unsigned long
square (unsigned long x)
{
	SPIN (200);
	return x * x;
}

NOINL unsigned long
apply (unsigned long (*fn) (unsigned long), unsigned long x)
{
	return fn (x);
}

NOINL unsigned long
fib (unsigned int n)
{
	return n < 2 ? leaf (n) : fib (n - 1) + fib (n - 2);
}

NOINL int is_odd (unsigned int n);

NOINL int
is_even (unsigned int n)
{
	SPIN (20);
	return n == 0 ? 1 : is_odd (n - 1);
}

NOINL int
is_odd (unsigned int n)
{
	if (n % 16 == 0)
		sink += leaf (n);
	return n == 0 ? 0 : is_even (n - 1);
}

NOINL void cyc_b (unsigned int n);
NOINL void cyc_c (unsigned int n);

NOINL void
cyc_a (unsigned int n)
{
	SPIN (300);
	cyc_b (n);
}

NOINL void
cyc_b (unsigned int n)
{
	sink += burn (600);
	cyc_c (n);
}

NOINL void
cyc_c (unsigned int n)
{
	SPIN (100);
	if (n > 0)
		cyc_a (n - 1);
	else
		sink += helper (n);
}

NOINL void
never_called (void)
{
	sink += burn (1000);
}

NOINL void
slow (void)
{
	SPIN (5000);
}

NOINL static unsigned long
heavy (unsigned long n)
{
	unsigned long s = 0, i;

	for (i = 0; i < n; i++)
		s += util_entry (i) + helper (i);
	return s;
}

int
main (int argc, char **argv)
{
	unsigned long acc = 0;
	int i;

	if (argc > 1)
		spin_scale = strtoul (argv[1], NULL, 0);
	for (i = 0; i < 2000; i++)
		acc += apply (i % 3 ? leaf : square, (unsigned long) i);
	acc += fib (18);
	for (i = 0; i < 50; i++)
		acc += (unsigned long) is_even (100 + (unsigned int) i);
	for (i = 0; i < 40; i++)
		cyc_a (25);
	acc += heavy (400);
	slow ();
	printf ("%lu\n", acc & 0xff);
	return 0;
}
