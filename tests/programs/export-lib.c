/* export-lib.c - a shared library with a hot static function, built
   -pg -g by the export tests (export-lib.sh's lib_build): the Callgrind
   export with --objects names its source lines, from its own
   debugging information or from a separate debugging file.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "export-lib.h"

__attribute__ ((noinline)) static double
lib_helper (long n)
{
	double s = 0;
	long i;

	for (i = 0; i < n; i++)
		s = lib_step (s) / 1.0000003;
	return s;
}

double
lib_spin (long n)
{
	return lib_helper (n) + lib_helper (n / 2);
}
