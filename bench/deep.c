/* deep.c - the deep-recursion benchmark: each sample finds a stack of
   hundreds of frames.  Build with -O2 -fno-optimize-sibling-calls, so
   that every call keeps its frame.

   usage: deep [DEPTH [ROUNDS]]   (500 4000)

   ROUNDS times, descends DEPTH calls of down () and works a little at
   every level on the way back up, so the samples spread over all the
   depths.  Prints "calls N", the calls of instrumented functions.  */

#include <stdio.h>
#include <stdlib.h>

#define NOIPA __attribute__ ((noipa))

static volatile unsigned long sink;

NOIPA unsigned long
work (unsigned long x)
{
	unsigned long i;

	for (i = 0; i < 200; i++)
		x = x * 6364136223846793005ul + i;
	return x;
}

NOIPA unsigned long
down (int depth)
{
	unsigned long x = depth > 0 ? down (depth - 1) : 1;

	return work (x);
}

int
main (int argc, char **argv)
{
	int depth = argc > 1 ? atoi (argv[1]) : 500;
	long rounds = argc > 2 ? atol (argv[2]) : 4000, r;

	for (r = 0; r < rounds; r++)
		sink += down (depth);
	/* down: depth + 1 calls a round, work as many.  */
	printf ("calls %ld\nsum %lu\n", 2 * rounds * (depth + 1), sink);
	return 0;
}
