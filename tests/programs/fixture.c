/* fixture.c - a small deterministic program for the format tests.

   Known call counts: leaf 3000, fib 21891 (fib(20): 1 + 21890 self),
   is_even/is_odd a two-function cycle, apply through a pointer.  It
   spins about a fifth of a second in spin() so the histogram has
   samples.  */

#include <stdio.h>
#include <stdlib.h>

static volatile unsigned long sink;

__attribute__ ((noinline)) static unsigned long
leaf (unsigned long x)
{
	return x * 2654435761u;
}

__attribute__ ((noinline)) unsigned long
fib (unsigned int n)
{
	return n < 2 ? n : fib (n - 1) + fib (n - 2);
}

__attribute__ ((noinline)) int is_odd (unsigned int n);

__attribute__ ((noinline)) int
is_even (unsigned int n)
{
	return n == 0 ? 1 : is_odd (n - 1);
}

__attribute__ ((noinline)) int
is_odd (unsigned int n)
{
	return n == 0 ? 0 : is_even (n - 1);
}

__attribute__ ((noinline)) unsigned long
apply (unsigned long (*fn) (unsigned long), unsigned long x)
{
	return fn (x);
}

__attribute__ ((noinline)) void
spin (double seconds)
{
	unsigned long i, n = (unsigned long) (seconds * 4e8);

	for (i = 0; i < n; i++)
		sink += i ^ (i >> 3);
}

int
main (int argc, char **argv)
{
	double seconds = argc > 1 ? atof (argv[1]) : 0.2;
	unsigned long acc = 0;
	int i;

	for (i = 0; i < 1000; i++)
		acc += leaf ((unsigned long) i);
	for (i = 0; i < 2000; i++)
		acc += apply (leaf, (unsigned long) i);
	acc += fib (20);
	acc += (unsigned long) is_even (100);
	spin (seconds);
	printf ("%lu\n", acc & 0xff);
	return 0;
}
