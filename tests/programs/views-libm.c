/* views-libm.c - time in a library that is not -pg: wave calls libm's
   sin in a loop, and spends next to nothing itself; main also calls
   idle, which does nothing.  With GMON_CONTEXT the stacks that hold
   the time are main;wave;sin@libm.so.6 (gprof --objects names sin by
   its library).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   usage: views-libm [N]   (N calls of sin, 30 000 000)  */

#include <math.h>
#include <stdlib.h>

#define NOIPA __attribute__ ((noipa))

volatile double sink;

NOIPA void
idle (void)
{
	sink += 1.0;
}

NOIPA double
wave (long n)
{
	double s = 0.0;
	long i;

	for (i = 0; i < n; i++)
		s += sin ((double) i * 1e-3 + sink);
	return s;
}

int
main (int argc, char **argv)
{
	long n = argc > 1 ? atol (argv[1]) : 30000000L;

	idle ();
	sink += wave (n);
	return 0;
}
