/* rt-sigprof.c - a program that spends CPU time while other processes
   send it SIGPROF.

   rt-sigprof      prints "ready", then spends CPU time in -pg code
                   until a byte (or the end) comes on its standard
                   input, 300 ms of it at least; then prints "cpu_us N"
                   (its CPU time from main on) and "handler N", the
                   SIGPROFs its own handler took, if it has one
                   (rt-sigprof-early.c installs it before profiling
                   starts).  Exits 0, or 99.  */

#define _GNU_SOURCE 1
#include <poll.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#define NOIPA __attribute__ ((noipa))

/* rt-sigprof-early.c's count, if it is linked in.  */
extern volatile long rt_early_count __attribute__ ((weak));

volatile long sink;

static double
cpu_us (void)
{
	struct timespec ts;

	clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

NOIPA long
work (long x)
{
	return x * 5 + 1;
}

/* About 10 ms of CPU time.  */
NOIPA void
slice (void)
{
	double end = cpu_us () + 10000;
	long i;

	while (cpu_us () < end)
		for (i = 0; i < 500; i++)
			sink += work (i);
}

int
main (void)
{
	struct pollfd p = { 0, POLLIN, 0 };
	double t0 = cpu_us ();

	printf ("ready\n");
	fflush (stdout);
	for (;;) {
		slice ();
		if (cpu_us () - t0 >= 300000 && poll (&p, 1, 0) == 1)
			break;
	}
	printf ("cpu_us %.0f\nhandler %ld\n", cpu_us () - t0,
		&rt_early_count ? rt_early_count : -1L);
	return 0;
}
