/* gprof-two-a.c - one of two files with a static function `helper'.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

static volatile unsigned long sink_a;

__attribute__ ((noinline)) static unsigned long
helper (unsigned long x)
{
	unsigned long i, s = x;

	for (i = 0; i < 20000; i++)
		s = s * 31 + i;
	return s;
}

__attribute__ ((noinline)) unsigned long
in_a (unsigned long x)
{
	return helper (x) + 1;
}

/* Never called.  */
__attribute__ ((noinline)) unsigned long
unused_a (unsigned long x)
{
	sink_a = x;
	return x;
}
