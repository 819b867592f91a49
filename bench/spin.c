/* spin.c - busy threads for the sampler's accuracy benchmark.

   usage: spin THREADS MS

   THREADS threads each burn MS milliseconds of their own CPU time in
   spin (); then main prints the process's CPU time, "cpu_us N", from
   getrusage, to compare with the time the histogram holds.  */

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>

#define NOIPA __attribute__ ((noipa))

static long ms = 1000;

NOIPA void
spin (void)
{
	struct timespec t0, t;
	volatile long sink = 0;

	clock_gettime (CLOCK_THREAD_CPUTIME_ID, &t0);
	do {
		long i;

		for (i = 0; i < 1000000; i++)
			sink += i;
		clock_gettime (CLOCK_THREAD_CPUTIME_ID, &t);
	} while ((t.tv_sec - t0.tv_sec) * 1000
		 + (t.tv_nsec - t0.tv_nsec) / 1000000 < ms);
}

NOIPA void *
worker (void *arg)
{
	(void) arg;
	spin ();
	return NULL;
}

int
main (int argc, char **argv)
{
	int n = argc > 1 ? atoi (argv[1]) : 1;
	pthread_t t[64];
	struct rusage ru;
	int i;

	if (argc > 2)
		ms = atol (argv[2]);
	if (n < 1 || n > 64)
		return 2;
	for (i = 0; i < n; i++)
		pthread_create (&t[i], NULL, worker, NULL);
	for (i = 0; i < n; i++)
		pthread_join (t[i], NULL);
	getrusage (RUSAGE_SELF, &ru);
	printf ("cpu_us %ld\n",
		(long) (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000
		+ ru.ru_utime.tv_usec + ru.ru_stime.tv_usec);
	return 0;
}
