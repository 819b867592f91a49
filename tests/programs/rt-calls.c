/* rt-calls.c - a deterministic -pg program for the runtime's tests.

   Every function is noipa, so that no optimisation level inlines,
   clones or merges it, and the call counts below hold at -O0 and -O2
   alike (compile with -fno-optimize-sibling-calls, so that tail calls
   stay calls):

     fib        21891  (fib (20): 1 from main, 21890 from itself)
     is_even        6  (is_even (10): 1 from main, 5 from is_odd)
     is_odd         5  (from is_even)
     apply         10  (from main)
     square         5  (through a function pointer, from apply)
     cube           5  (likewise)
     leaf        1000  (from loop, at two call sites: 600 + 400)
     loop           1
     burn           1  (from main; burns about BURN_MS of CPU)  */

#include <stdio.h>
#include <stdlib.h>

#define NOIPA __attribute__ ((noipa))

#ifndef BURN_MS
#define BURN_MS 300
#endif

NOIPA int fib (int n) { return n < 2 ? n : fib (n - 1) + fib (n - 2); }

NOIPA int is_odd (int n);
NOIPA int is_even (int n) { return n == 0 ? 1 : is_odd (n - 1); }
NOIPA int is_odd (int n) { return n == 0 ? 0 : is_even (n - 1); }

NOIPA int square (int x) { return x * x; }
NOIPA int cube (int x) { return x * x * x; }
NOIPA int apply (int (*f) (int), int x) { return f (x); }

NOIPA int leaf (int x) { return x + 1; }

NOIPA int
loop (void)
{
	int s = 0, i;

	for (i = 0; i < 600; i++)
		s += leaf (i);
	for (i = 0; i < 400; i++)
		s -= leaf (i);
	return s;
}

volatile double burn_sink;

/* About BURN_MS milliseconds of CPU at 1 ns an iteration.  */
NOIPA void
burn (long ms)
{
	double s = 0;
	long i, n = ms * 1000000;

	for (i = 0; i < n; i++)
		s += (double) i * 0.5;
	burn_sink = s;
}

int
main (int argc, char **argv)
{
	long ms = argc > 1 ? atol (argv[1]) : BURN_MS;
	int s = 0, i;

	s += fib (20);
	s += is_even (10);
	for (i = 0; i < 10; i++)
		s += apply (i & 1 ? square : cube, i);
	s += loop ();
	burn (ms);
	printf ("%d\n", s);
	return 0;
}
