/* gprof-dup-b.c - copied to b/dup.c by gprof-diff-lines.sh (see
   gprof-dup-a.c).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

int
work_b (int x)
{
	int s = 1, i;

	for (i = 0; i < x; i++)
		s ^= i * 3;
	return s;
}
