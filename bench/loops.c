/* loops.c - the loop-heavy benchmark: many basic blocks, few calls.

   usage: loops [N]   (2000000)

   For each n up to N, the length of its Collatz sequence (a loop with
   a branch per step; about 200 million steps in all for the default),
   then a sieve of Eratosthenes up to N.  Prints "steps S primes P".  */

#include <stdio.h>
#include <stdlib.h>

#define NOIPA __attribute__ ((noipa))

NOIPA long
collatz (long n)
{
	long steps = 0;

	while (n != 1) {
		if (n & 1)
			n = 3 * n + 1;
		else
			n >>= 1;
		steps++;
	}
	return steps;
}

NOIPA long
sieve (long n, char *composite)
{
	long i, j, primes = 0;

	for (i = 2; i <= n; i++) {
		if (composite[i])
			continue;
		primes++;
		for (j = i * i; j <= n; j += i)
			composite[j] = 1;
	}
	return primes;
}

int
main (int argc, char **argv)
{
	long n = argc > 1 ? atol (argv[1]) : 2000000, i, steps = 0;
	char *composite = calloc ((size_t) n + 1, 1);

	if (!composite)
		return 2;
	for (i = 1; i <= n; i++)
		steps += collatz (i);
	printf ("steps %ld primes %ld\n", steps, sieve (n, composite));
	free (composite);
	return 0;
}
