/* objects-stripped.c - the program of gprof-objects-stripped.sh: it
   calls the stripped library's tiny exported function once, and its
   work, whose hidden hot function calls back ceil(N / 2^20) times.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include <stdio.h>
#include <stdlib.h>

int hid_tiny (int x);
unsigned long hid_work (unsigned long n, void (*cb) (int));

static int seen;

void hid_callback (int i) __attribute__ ((noinline));

void
hid_callback (int i)
{
	seen += i & 1;
}

int
main (int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul (argv[1], NULL, 0) : 100000000UL;

	printf ("%lu %d\n", hid_work (n, hid_callback), hid_tiny (seen));
	return 0;
}
