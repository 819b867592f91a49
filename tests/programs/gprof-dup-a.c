/* gprof-dup-a.c - copied to a/dup.c by gprof-diff-lines.sh: a source
   whose base name another source has (b/dup.c).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

int
work_a (int x)
{
	int s = 0, i;

	for (i = 0; i < x; i++)
		s += i;
	return s;
}
