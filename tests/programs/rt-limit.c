/* rt-limit.c - many distinct arcs, for GMON_ARC_LIMIT.

   rt-limit THREADS ROUNDS CPU_MS

   worker () calls f0 ... f(N-1) (from the header rt-limit-fns.h, which
   the test writes: N functions and the table fns[] of them) in that
   order, ROUNDS times, through one call site, so that its arcs come
   new one at a time in a known order: worker -> f0 first, f(N-1)
   last.  Then it burns CPU_MS of its thread's CPU time in spin (),
   which is not instrumented (no arc).  With THREADS 0 the main thread
   runs worker; otherwise THREADS threads do, all alive at once (each
   has its own arc table).  Per thread, the arcs in the order they
   first come:

     THREADS 0    <libc> -> main, main -> worker, worker -> f0 ...
     THREADS > 0  <libc> -> worker, worker -> f0 ...

   At the end it prints the process's CPU time since main () began,
   "cpu_us N".  */

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "rt-limit-fns.h"

#define NFNS (sizeof fns / sizeof fns[0])

static long rounds = 3;
static long cpu_ms = 300;

/* The clock is read every 2 million additions (a few ms): a sample
   whose period ends in that system call is taken where it returns, in
   the vDSO, and more of them do on a busy machine; read rarely, the
   time stays in spin.  */
__attribute__ ((no_instrument_function)) static void
spin (long ms)
{
	struct timespec t0, t;
	volatile long sink = 0;

	clock_gettime (CLOCK_THREAD_CPUTIME_ID, &t0);
	do {
		long i;

		for (i = 0; i < 2000000; i++)
			sink += i;
		clock_gettime (CLOCK_THREAD_CPUTIME_ID, &t);
	} while ((t.tv_sec - t0.tv_sec) * 1000
		 + (t.tv_nsec - t0.tv_nsec) / 1000000 < ms);
}

__attribute__ ((noipa)) void *
worker (void *arg)
{
	long s = 0, r;
	size_t i;

	(void) arg;
	for (r = 0; r < rounds; r++)
		for (i = 0; i < NFNS; i++)
			s += fns[i] ((int) s);
	spin (cpu_ms);
	return (void *) s;
}

/* The process's CPU time in us, from main () on: what the clocks
   count.  (Before main, under qemu-user, the emulator's start-up and
   first translations take 60 to 110 ms of CPU, which no clock of the
   program's sees.)  Not instrumented: no arc of its own.  */
static long cpu0_us;

__attribute__ ((no_instrument_function)) static long
cpu_us (void)
{
	struct timespec ts;

	clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (long) ts.tv_sec * 1000000 + ts.tv_nsec / 1000 - cpu0_us;
}

int
main (int argc, char **argv)
{
	pthread_t t[64];
	int n = argc > 1 ? atoi (argv[1]) : 0, i;

	cpu0_us = cpu_us ();
	if (argc > 2)
		rounds = atol (argv[2]);
	if (argc > 3)
		cpu_ms = atol (argv[3]);
	if (n < 0 || n > 64)
		return 99;
	if (n == 0)
		worker (NULL);
	for (i = 0; i < n; i++)
		if (pthread_create (&t[i], NULL, worker, NULL) != 0) {
			perror ("pthread_create");
			return 99;
		}
	for (i = 0; i < n; i++)
		pthread_join (t[i], NULL);
	printf ("cpu_us %ld\n", cpu_us ());
	return 0;
}
