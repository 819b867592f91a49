/* gprof-updcrc.h - what gprof-updcrc.c needs, given with -include so
   that the function starts on line 1, as in the gprof manual.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include <stddef.h>

typedef unsigned long ulg;
typedef unsigned char uch;

extern ulg crc_32_tab[256];
ulg updcrc (uch *s, unsigned n);
