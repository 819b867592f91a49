/* export-lib.h - code of export-lib.c inlined from a header, so that the
   Callgrind export of a library with -l has lines of another file
   (fi=).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

static inline double
lib_step (double x)
{
	return x * 1.0000001 + 0.5;
}
