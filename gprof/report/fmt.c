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

/* The number of decimal digits of N.  */
static size_t
ndigits (unsigned long long n)
{
	size_t k = 1;

	while (n >= 10) {
		n /= 10;
		k++;
	}
	return k;
}

/* Writes the K lowest digits of N at BUF (K >= its digits).  Byte
   loops: these strings are a few characters, too short for memcpy().  */
static void
put_digits (char *buf, unsigned long long n, size_t k)
{
	while (k-- > 0) {
		buf[k] = (char) ('0' + n % 10);
		n /= 10;
	}
}

static void
put_spaces (char *buf, size_t k)
{
	while (k-- > 0)
		*buf++ = ' ';
}

size_t
fmt_fixed (char *buf, size_t size, double v, int width, int prec)
{
	double r, n, frac, eps;
	unsigned long long q, ip, fp;
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
	len = ndigits (ip) + (prec > 0 ? 1 + (size_t) prec : 0);
	k = (size_t) width > len ? (size_t) width - len : 0;
	put_spaces (buf, k);
	put_digits (buf + k, ip, ndigits (ip));
	if (prec > 0) {
		buf[k + len - (size_t) prec - 1] = '.';
		put_digits (buf + k + len - (size_t) prec, fp, (size_t) prec);
	}
	buf[k + len] = '\0';
	return k + len;
}

size_t
fmt_uint (char *buf, unsigned long long n, int width, bool left)
{
	size_t nd = ndigits (n);
	size_t len = (size_t) width > nd ? (size_t) width : nd;

	if (left) {
		put_digits (buf, n, nd);
		put_spaces (buf + nd, len - nd);
	} else {
		put_spaces (buf, len - nd);
		put_digits (buf + len - nd, n, nd);
	}
	buf[len] = '\0';
	return len;
}
