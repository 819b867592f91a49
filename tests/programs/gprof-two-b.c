/* gprof-two-b.c - the other file with a static function `helper'.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

__attribute__ ((noinline)) static unsigned long
helper (unsigned long x)
{
	unsigned long i, s = x;

	for (i = 0; i < 5000; i++)
		s ^= s << 3 ^ i;
	return s;
}

__attribute__ ((noinline)) unsigned long
in_b (unsigned long x)
{
	return helper (x) * 3;
}
