/* rt-pages.c - a program whose histogram is mostly pages no sample
   reaches, for rt-pages.sh.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   rt-pages [MS]: first () and last () each spin MS milliseconds of
   CPU (none: return at once).  Built with -DBIG, 8 MiB of code that
   never runs lies between them: 2 Mi bins of the histogram (16 MiB of
   counts, 4096 pages), of which only those of first and last get
   samples.  */

#include <stdlib.h>
#include <time.h>

#define NOIPA __attribute__ ((noipa, noinline))

static long
cpu_ms (void)
{
	struct timespec ts;

	clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* MS milliseconds of CPU, in the function it is inlined into.  */
static inline __attribute__ ((always_inline)) void
spin (long ms)
{
	long end = cpu_ms () + ms;
	volatile long sink = 0;

	while (cpu_ms () < end) {
		long i;

		for (i = 0; i < 1000000; i++)
			sink += i;
	}
}

NOIPA void
first (long ms)
{
	spin (ms);
}

#ifdef BIG
__attribute__ ((used, noinline)) void
big (void)
{
	__asm__ volatile (".skip 8388608, 0x90");
}
#endif

NOIPA void
last (long ms)
{
	spin (ms);
}

int
main (int argc, char **argv)
{
	long ms = argc > 1 ? atol (argv[1]) : 0;

	if (ms > 0) {
		first (ms);
		last (ms);
	}
	return 0;
}
