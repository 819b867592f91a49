/* fmt.h - printf's fixed-point and integer conversions, faster.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef GPROF_REPORT_FMT_H
#define GPROF_REPORT_FMT_H

#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

/* fmt_fixed() for a positive V, WIDTH 0 to 30, PREC 0 to 4, SIZE at
   least 48.  */
size_t fmt_fixed_pos (char *buf, size_t size, double v, int width,
		      int prec);

/* fmt_fixed() for anything else: snprintf() itself.  */
size_t fmt_fixed_other (char *buf, size_t size, double v, int width,
			int prec);

/* Writes to BUF (SIZE bytes, at least 48) exactly what
   snprintf (BUF, SIZE, "%W.Pf", V) writes, for WIDTH W and PREC P;
   returns its length.  Inline, so that the checks of the constant
   WIDTH and PREC vanish, and a zero (most arcs of a big program carry
   no time) is two stores.  */
static inline size_t
fmt_fixed (char *buf, size_t size, double v, int width, int prec)
{
	size_t len, k;

	if (prec < 0 || prec > 4 || width < 0 || width > 30 || size < 48)
		return fmt_fixed_other (buf, size, v, width, prec);
	if (v > 0.0)
		return fmt_fixed_pos (buf, size, v, width, prec);
	if (v != 0.0 || signbit (v))
		return fmt_fixed_other (buf, size, v, width, prec);
	/* 32 spaces, then "0.0000" over those it does not pad with, cut
	   at PREC digits.  */
	len = prec > 0 ? 2 + (size_t) prec : 1;
	k = (size_t) width > len ? (size_t) width - len : 0;
	memcpy (buf, "                                ", 32);
	memcpy (buf + k, "0.0000\0", 8);
	buf[k + len] = '\0';
	return k + len;
}

/* Writes N in a field of WIDTH, right-aligned ("%Wlu") or, if LEFT,
   left-aligned ("%-Wlu"); BUF needs WIDTH + 24 bytes.  Returns the
   length.  */
size_t fmt_uint (char *buf, unsigned long long n, int width, bool left);

#endif /* GPROF_REPORT_FMT_H */
