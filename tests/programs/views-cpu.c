/* views-cpu.c - a run whose time is mostly in libm, which is not -pg:
   wave calls sin, and own spins in the program for a fifth of it or
   less.  At the end of main it prints the process's CPU time (user and
   system, getrusage) as "cpu SECONDS": what gprof --diff-base must
   call the run's CPU time, where the program's samples are a small
   part of it.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   usage: views-cpu [N]   (N million calls of sin, default 4)  */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>

#define NOIPA __attribute__ ((noipa))

volatile double sink;

NOIPA double
wave (long n)
{
	double s = 0.0;
	long i;

	for (i = 0; i < n; i++)
		s += sin ((double) i * 1e-3 + sink);
	return s;
}

NOIPA long
own (long n)
{
	volatile long s = 0;
	long i;

	for (i = 0; i < n; i++)
		s += i;
	return s;
}

static double
seconds (struct timeval t)
{
	return (double) t.tv_sec + (double) t.tv_usec / 1e6;
}

int
main (int argc, char **argv)
{
	long n = (argc > 1 ? atol (argv[1]) : 4) * 1000000L;
	struct rusage ru;

	sink += wave (n);
	sink += (double) own (2 * n);
	if (getrusage (RUSAGE_SELF, &ru) != 0)
		return 1;
	printf ("cpu %.6f\n", seconds (ru.ru_utime) + seconds (ru.ru_stime));
	return 0;
}
