/* gprof-incl.c - a C file whose code comes first from a file it
   #includes, as a unity build or a generated table does.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   gcc 12 (DWARF 5) numbers files in the order their code appears, so
   gprof-incl-part.c becomes file 1, which a line program starts in:
   libbfd 2.40 starts it in file 0 instead, this file, and names every
   line of part_work and part_twice after it.  */

#include <stdio.h>

#include "gprof-incl-part.c"

volatile unsigned long incl_sink;

int
main (void)
{
	unsigned long t = 0;
	int i;

	for (i = 0; i < 3000; i++)
		t += part_twice ((unsigned long) i);
	incl_sink = t;
	printf ("%lu\n", t & 0xff);
	return 0;
}
