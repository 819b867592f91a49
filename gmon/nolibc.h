/* nolibc.h - what gmon/write.c takes from the C library, for a
   freestanding build (libgmon on bare metal), where there may be
   none: the error numbers it reports, and its three string functions,
   which that build renames to its own (mcount/baremetal/libc.c).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   The numbers are Linux's and newlib's; the bare-metal runtime only
   tells 0 from not 0.  */

#ifndef GMON_NOLIBC_H
#define GMON_NOLIBC_H

#include <stddef.h>

#define EIO	5
#define EBADF	9
#define EINVAL	22
#define EFBIG	27

void *memcpy (void *dst, const void *src, size_t n);
void *memset (void *dst, int c, size_t n);
size_t strnlen (const char *s, size_t max);

#endif /* GMON_NOLIBC_H */
