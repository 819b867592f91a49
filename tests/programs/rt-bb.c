/* rt-bb.c - basic blocks with known execution counts, for
   -fsanitize-coverage=trace-pc (gcc) and trace-pc-guard (clang).

   rt-bb THREADS N   each of THREADS threads (1 .. 16) runs
                     count_to (N): the THEN block below runs
                     ceil (N / 3) times, the ELSE block the rest.  */

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static long n_iter = 100000;

__attribute__ ((noinline)) long
count_to (long n)
{
	long a = 0, b = 0, i;

	for (i = 0; i < n; i++) {
		if (i % 3 == 0)
			a++;		/* THEN */
		else
			b += 2;		/* ELSE */
	}
	return a + b;
}

static void *
worker (void *arg)
{
	*(long *) arg = count_to (n_iter);
	return NULL;
}

int
main (int argc, char **argv)
{
	int threads = argc > 1 ? atoi (argv[1]) : 1, i;
	pthread_t t[16];
	long r[16];

	if (argc > 2)
		n_iter = atol (argv[2]);
	if (threads < 1 || threads > 16)
		return 99;
	for (i = 0; i < threads; i++)
		if (pthread_create (&t[i], NULL, worker, &r[i]) != 0)
			return 99;
	for (i = 0; i < threads; i++)
		pthread_join (t[i], NULL);
	printf ("%ld\n", r[0]);
	return 0;
}
