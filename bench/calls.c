/* calls.c - the call-heavy benchmark: naive recursive fib and a loop
   of calls to a small function that is never inlined.  Build with
   -O2 -fno-optimize-sibling-calls, so that fib stays naively
   recursive and every call is a call.

   usage: calls [THREADS [FIB_N [LOOP_N]]]   (1 32 100000000)

   Each of THREADS threads computes fib (FIB_N) and calls small ()
   LOOP_N times.  Prints "calls N": how many calls of instrumented
   functions the profile must hold (those made from instrumented code:
   main's and the threads' start are made by libc).  */

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

/* clang (XRay's sleds, bench/rt-sleds-bench.sh) has no noipa.  */
#ifdef __clang__
# define NOIPA __attribute__ ((noinline))
#else
# define NOIPA __attribute__ ((noipa))
#endif

static int fib_n = 32;
static long loop_n = 100000000;

NOIPA long fib (int n) { return n < 2 ? n : fib (n - 1) + fib (n - 2); }

NOIPA long small (long x) { return x * 3 + 1; }

NOIPA long
loop (long n)
{
	long s = 0, i;

	for (i = 0; i < n; i++)
		s += small (i);
	return s;
}

NOIPA void *
worker (void *arg)
{
	long *out = arg;

	*out = fib (fib_n) + loop (loop_n);
	return NULL;
}

/* Calls of fib made by fib (N): fib (N) calls itself 2 fib (N+1) - 2
   times.  */
static long
fib_calls (int n)
{
	long a = 0, b = 1, i;

	for (i = 0; i < n + 1; i++) {
		long c = a + b;

		a = b;
		b = c;
	}
	return 2 * a - 1;
}

int
main (int argc, char **argv)
{
	int threads = argc > 1 ? atoi (argv[1]) : 1;
	pthread_t t[64];
	long out[64], sum = 0;
	int i;

	if (argc > 2)
		fib_n = atoi (argv[2]);
	if (argc > 3)
		loop_n = atol (argv[3]);
	if (threads < 1 || threads > 64)
		return 2;
	if (threads == 1)
		worker (&out[0]);
	else {
		for (i = 0; i < threads; i++)
			pthread_create (&t[i], NULL, worker, &out[i]);
		for (i = 0; i < threads; i++)
			pthread_join (t[i], NULL);
	}
	for (i = 0; i < threads; i++)
		sum += out[i];
	/* Per thread: fib's calls, small's, and loop and fib from the
	   worker; and main -> worker when main runs it itself.  */
	printf ("calls %ld\nsum %ld\n",
		threads * (fib_calls (fib_n) + loop_n + 1)
		+ (threads == 1 ? 1 : 0), sum);
	return 0;
}
