/* fmt.h - printf's fixed-point and integer conversions, faster.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef GPROF_REPORT_FMT_H
#define GPROF_REPORT_FMT_H

#include <stdbool.h>
#include <stddef.h>

/* Writes to BUF (SIZE bytes, at least 48) exactly what
   snprintf (BUF, SIZE, "%W.Pf", V) writes, for WIDTH W and PREC P;
   returns its length.  */
size_t fmt_fixed (char *buf, size_t size, double v, int width, int prec);

/* Writes N in a field of WIDTH, right-aligned ("%Wlu") or, if LEFT,
   left-aligned ("%-Wlu"); BUF needs WIDTH + 24 bytes.  Returns the
   length.  */
size_t fmt_uint (char *buf, unsigned long long n, int width, bool left);

#endif /* GPROF_REPORT_FMT_H */
