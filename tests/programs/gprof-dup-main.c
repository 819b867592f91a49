/* gprof-dup-main.c - calls the functions of a/dup.c and b/dup.c.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

int work_a (int x);
int work_b (int x);

int
main (void)
{
	int t = 0, i;

	for (i = 0; i < 3000; i++)
		t += work_a (i) + work_b (i);
	return t & 1;
}
