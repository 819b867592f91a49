/* calls.c - a bare-metal -pg program with known call counts, for the
   tests of libgmon on microcontrollers (tests/e2e/bm-*.sh).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Built with -pg for each board and linked with -lgmon, nothing else:
   the runtime starts itself and writes gmon.out at exit.  The counts
   every profile must have:

     main      1
     leaf      CALLS_N + CALLS_N / 10  (main, tenth)
     tenth     CALLS_N / 10            (every tenth turn of main's loop)
     fact      10                      (1 from main, 9 from itself)
     hot       CALLS_HOT               (the most time by far)

   BM_CLOCK_HZ, if defined, is the core's clock, as CMSIS's system file
   gives it (SystemCoreClock): boards whose SysTick does not say its
   own.  */

#include <stdio.h>

#ifndef CALLS_N
#define CALLS_N		20000
#endif
#ifndef CALLS_HOT
#define CALLS_HOT	200
#endif

#ifdef BM_CLOCK_HZ
unsigned int SystemCoreClock = BM_CLOCK_HZ;
#endif

#ifdef BM_TRANSPORTS
/* One profile through two transports (bm-gdb.sh): at the end of main,
   counting and sampling stopped, the profile is written through
   semihosting, then as a memory image, which a debugger copies: the
   two files must be the same.  The forwarding functions are not
   instrumented.  BM_IMAGE_SIZE: an image buffer of that size, which
   keeps the whole file after the dump.  */
#include <gmonkit.h>

#ifdef BM_IMAGE_SIZE
GMON_IMAGE (BM_IMAGE_SIZE);
#endif

#define BM_NOPROF	__attribute__ ((no_instrument_function))

const struct gmon_output *volatile bm_out = &gmon_output_semihost;
const struct gmon_output *volatile bm_image = &gmon_output_image;

BM_NOPROF static int
fwd_open (const char *name)
{
	return bm_out->open ? bm_out->open (name) : 0;
}

BM_NOPROF static int
fwd_write (const void *buf, unsigned long len)
{
	return bm_out->write (buf, len);
}

BM_NOPROF static int
fwd_close (void)
{
	return bm_out->close ? bm_out->close () : 0;
}

BM_NOPROF static void *
fwd_buffer (unsigned long *size)
{
	return bm_out->buffer ? bm_out->buffer (size) : 0;
}

static const struct gmon_output fwd = {
	fwd_open, fwd_write, fwd_close, fwd_buffer
};
GMON_CONFIG (.output = &fwd);
#endif

/* noipa: gcc must neither fold a call of a function it finds pure nor
   make fact's recursion a loop: the counts are the point.  */
#define CALLS_FN	__attribute__ ((noinline, noipa))

volatile unsigned int sink, depth;

CALLS_FN unsigned int
leaf (unsigned int x)
{
	return x * 3 + 1;
}

CALLS_FN unsigned int
tenth (unsigned int x)
{
	return leaf (x) ^ 5;
}

CALLS_FN unsigned int
fact (unsigned int n)
{
	unsigned int r;

	if (n <= 1)
		return 1;
	depth++;
	r = n * fact (n - 1);
	depth--;
	return r;
}

CALLS_FN unsigned int
hot (unsigned int n)
{
	unsigned int s = 0, i;

	for (i = 0; i < n; i++)
		s += i * i + (s >> 3);
	return s;
}

int
main (void)
{
	unsigned int i;

	for (i = 0; i < CALLS_N; i++) {
		sink += leaf (i);
		if (i % 10 == 0)
			sink += tenth (i);
	}
	sink += fact (10);
	for (i = 0; i < CALLS_HOT; i++)
		sink += hot (20000);
	printf ("calls: done %u\n", sink);
#ifdef BM_TRANSPORTS
	moncontrol (0);
	gmon_dump ();
	bm_out = bm_image;
	gmon_dump ();
#endif
	return 0;
}
