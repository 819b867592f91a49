/* rt-threads.c - NTHREADS threads (argv[1], default 4) call known
   functions known times, and burn CPU_MS (argv[2], default 200) of CPU
   each; then, in a second round, as many new threads again, which may
   reuse the records of the first ones.  Per round and thread:

     worker      1  (from libc's thread start: <spontaneous>)
     fib      8361  (fib (18))
     leaf   100000  (from worker)
     spin        1  (burns CPU_MS)

   so with N threads: worker 2N, fib 2N * 8361, leaf 2N * 100000.
   At the end it prints the process's CPU time since main () began,
   "cpu_us N", for the sampler's accuracy checks.

   rt-threads N MS block: each worker blocks SIGPROF before spin and
   never unblocks it, as a program may: no sample reaches it while it
   spins, yet its CPU time must be in the profile.  */

#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define NOIPA __attribute__ ((noipa))

static long cpu_ms = 200;
static int block;

NOIPA int fib (int n) { return n < 2 ? n : fib (n - 1) + fib (n - 2); }
NOIPA long leaf (long x) { return x + 1; }

/* The clock is read every 2 million additions (a few ms): a sample
   whose period ends in that system call is taken where it returns, in
   the vDSO, and more of them do on a busy machine; read rarely, the
   time stays in spin.  */
NOIPA void
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

NOIPA void *
worker (void *arg)
{
	long s = 0, i;

	(void) arg;
	s += fib (18);
	for (i = 0; i < 100000; i++)
		s += leaf (i);
	if (block) {
		sigset_t prof;

		sigemptyset (&prof);
		sigaddset (&prof, SIGPROF);
		pthread_sigmask (SIG_BLOCK, &prof, NULL);
	}
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

static void
round_of (int n)
{
	pthread_t t[64];
	int i;

	for (i = 0; i < n; i++)
		if (pthread_create (&t[i], NULL, worker, NULL) != 0) {
			perror ("pthread_create");
			exit (99);
		}
	for (i = 0; i < n; i++)
		pthread_join (t[i], NULL);
}

int
main (int argc, char **argv)
{
	int n = argc > 1 ? atoi (argv[1]) : 4;

	cpu0_us = cpu_us ();
	if (argc > 2)
		cpu_ms = atol (argv[2]);
	block = argc > 3 && strcmp (argv[3], "block") == 0;
	if (n < 1 || n > 64)
		return 99;
	round_of (n);
	round_of (n);
	printf ("cpu_us %ld\n", cpu_us ());
	return 0;
}
