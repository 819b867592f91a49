/* export-lib-main.c - the program of export-lib.c's library: calls it
   for about a second of CPU time (ARGV[1] times 10^6 steps, 30 by
   default).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include <stdio.h>
#include <stdlib.h>

double lib_spin (long n);

int
main (int argc, char **argv)
{
	long m = argc > 1 ? atol (argv[1]) : 30;
	double s = 0;
	int k;

	for (k = 0; k < 10; k++)
		s += lib_spin (m * 100000);
	printf ("%g\n", s);
	return 0;
}
