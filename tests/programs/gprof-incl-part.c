/* gprof-incl-part.c - included by gprof-incl.c (see there).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

static unsigned long
part_work (unsigned long x)
{
	unsigned long s = 0, i;

	for (i = 0; i < 2000; i++)
		s += (x ^ i) * 7;
	return s;
}

unsigned long
part_twice (unsigned long x)
{
	return part_work (x) + part_work (x + 1);
}
