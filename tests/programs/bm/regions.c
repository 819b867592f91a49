/* regions.c - code in two regions, flash and RAM, for
   tests/e2e/bm-regions.sh.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   ramwork lives in .data (picolibc's crt0 copies it to RAM, where it
   runs), flashwork in .text; each takes about as long, and is called
   REGIONS_K times.  Linked with __ramfunc_start and __ramfunc_end at
   ram_first and ram_last (the test's --defsym), libgmon gives the RAM
   code a histogram of its own; without them its samples fall outside,
   and the profile says how many.  */

#include <stdio.h>

#define REGIONS_K	40
#define REGIONS_FN	__attribute__ ((noinline, noipa))
#define REGIONS_RAM	__attribute__ ((noinline, noipa, \
					section (".data.ramfunc")))

volatile unsigned int sink;

REGIONS_RAM void
ram_first (void)
{
}

REGIONS_RAM unsigned int
ramwork (unsigned int n)
{
	unsigned int s = 0, i;

	for (i = 0; i < n; i++)
		s += i ^ (s >> 2);
	return s;
}

REGIONS_RAM void
ram_last (void)
{
}

REGIONS_FN unsigned int
flashwork (unsigned int n)
{
	unsigned int s = 0, i;

	for (i = 0; i < n; i++)
		s += i ^ (s >> 3);
	return s;
}

int
main (void)
{
	unsigned int i;

	ram_first ();
	for (i = 0; i < REGIONS_K; i++) {
		sink += ramwork (50000);
		sink += flashwork (50000);
	}
	ram_last ();
	printf ("regions: done %u\n", sink);
	return 0;
}
