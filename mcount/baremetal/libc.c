/* libc.c - the C functions the shared writer uses, for a program that
   may have no C library.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   gmon/write.c calls memcpy, memset and strnlen; the bare-metal build
   compiles it (and everything of libgmon) with those names turned into
   these (mcount/baremetal/local.mk), so that libgmon.a asks nothing of a C
   library and never takes the place of a program's own.  Byte loops:
   they run only while a profile is written.  The build keeps gcc from
   turning them back into calls of memcpy and memset
   (-fno-tree-loop-distribute-patterns).  */

#include <config.h>

#include "mcount/baremetal/bm.h"

void *
mc_memcpy (void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	while (n--)
		*d++ = *s++;
	return dst;
}

void *
mc_memset (void *dst, int c, size_t n)
{
	unsigned char *d = dst;

	while (n--)
		*d++ = (unsigned char) c;
	return dst;
}

size_t
mc_strnlen (const char *s, size_t max)
{
	size_t n = 0;

	while (n < max && s[n])
		n++;
	return n;
}
