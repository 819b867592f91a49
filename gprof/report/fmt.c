/* fmt.c - printf's fixed-point and integer conversions, faster.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   A call graph of a big program is millions of "%7.2f" and "%7lu", and
   glibc converts each double through multi-precision arithmetic.  Here
   a value is scaled by 10^prec and rounded in double arithmetic, which
   gives printf's digits unless the scaled value lies within a few
   units in the last place of a half (where printf's exact decimal
   expansion may round the other way): those, and negative, huge or
   non-finite values, go to snprintf itself.  So the text is always
   printf's.  */

#include <config.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gprof/report/fmt.h"

static const double pow10_tab[] = { 1, 10, 100, 1000, 10000 };

/* Writes the digits of N (at least MIN of them) right-aligned in a
   field of WIDTH at BUF; returns the length.  */
static size_t
put_uint (char *buf, unsigned long long n, size_t width, size_t min)
{
	char tmp[24];
	size_t k = 0, len, i;

	do {
		tmp[k++] = (char) ('0' + n % 10);
		n /= 10;
	} while (n || k < min);
	len = k < width ? width : k;
	for (i = 0; i < len - k; i++)
		buf[i] = ' ';
	for (i = 0; i < k; i++)
		buf[len - 1 - i] = tmp[i];
	return len;
}

size_t
fmt_fixed (char *buf, size_t size, double v, int width, int prec)
{
	double r, n, frac, eps;
	unsigned long long q, ip, fp;
	char tmp[48];
	size_t len, k;

	if (prec < 0 || prec > 4 || width < 0 || width > 30 || size < 48
	    || !(v >= 0.0) || v >= 4e15 / pow10_tab[prec]
	    || (v == 0.0 && signbit (v)))
		return (size_t) snprintf (buf, size, "%*.*f", width, prec, v);
	r = v * pow10_tab[prec];
	n = floor (r);
	frac = r - n;
	/* Several ulps of r: near a half, defer to printf.  */
	eps = (r + 1.0) * 8.9e-16;
	if (fabs (frac - 0.5) <= eps)
		return (size_t) snprintf (buf, size, "%*.*f", width, prec, v);
	q = (unsigned long long) n + (frac > 0.5);
	ip = q / (unsigned long long) pow10_tab[prec];
	fp = q % (unsigned long long) pow10_tab[prec];
	len = put_uint (tmp, ip, 0, 1);
	if (prec > 0) {
		tmp[len++] = '.';
		len += put_uint (tmp + len, fp, (size_t) prec, (size_t) prec);
	}
	k = (size_t) width > len ? (size_t) width - len : 0;
	memset (buf, ' ', k);
	memcpy (buf + k, tmp, len);
	buf[k + len] = '\0';
	return k + len;
}

size_t
fmt_uint (char *buf, unsigned long long n, int width, bool left)
{
	size_t len = put_uint (buf, n, 0, 1);

	if ((size_t) width > len) {
		if (left) {
			memset (buf + len, ' ', (size_t) width - len);
		} else {
			memmove (buf + (size_t) width - len, buf, len);
			memset (buf, ' ', (size_t) width - len);
		}
		len = (size_t) width;
	}
	buf[len] = '\0';
	return len;
}
