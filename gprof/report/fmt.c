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
#include <stdint.h>
#include <string.h>

#include "gprof/report/fmt.h"

static const double pow10_tab[] = { 1, 10, 100, 1000, 10000 };
/* 4e15 / pow10_tab[prec]: above it, printf's own conversion.  */
static const double limit_tab[] = { 4e15, 4e14, 4e13, 4e12, 4e11 };

/* "00" to "99": two digits per division.  */
static const char digits2[201] =
	"00010203040506070809101112131415161718192021222324252627282930313233343536373839"
	"40414243444546474849505152535455565758596061626364656667686970717273747576777879"
	"8081828384858687888990919293949596979899";

/* Writes the decimal digits of N so that they end at END; returns
   where they start.  */
static char *
digits_back (char *end, unsigned long long n)
{
	char *p = end;
	uint32_t m;

	while (n > UINT32_MAX) {
		unsigned int r = (unsigned int) (n % 100);

		n /= 100;
		p -= 2;
		memcpy (p, digits2 + 2 * r, 2);
	}
	/* The rest in 32 bits, where dividing by a constant is cheaper.  */
	m = (uint32_t) n;
	while (m >= 100) {
		uint32_t r = m % 100;

		m /= 100;
		p -= 2;
		memcpy (p, digits2 + 2 * r, 2);
	}
	if (m >= 10) {
		p -= 2;
		memcpy (p, digits2 + 2 * m, 2);
	} else {
		*--p = (char) ('0' + m);
	}
	return p;
}


/* Copies N bytes (N <= 24) from S to D with a few fixed-size moves:
   the strings here are too short for a call of memcpy() to pay.  */
static inline void
copy_small (char *d, const char *s, size_t n)
{
	if (n >= 8) {
		memcpy (d, s, 8);
		if (n > 16)
			memcpy (d + 8, s + 8, 8);
		memcpy (d + n - 8, s + n - 8, 8);
	} else if (n >= 4) {
		memcpy (d, s, 4);
		memcpy (d + n - 4, s + n - 4, 4);
	} else if (n > 0) {
		d[0] = s[0];
		d[n / 2] = s[n / 2];
		d[n - 1] = s[n - 1];
	}
}

static const char spaces24[] = "                        ";

/* N spaces at D.  */
static inline void
put_spaces (char *d, size_t n)
{
	while (n > 24) {
		copy_small (d, spaces24, 24);
		d += 24;
		n -= 24;
	}
	copy_small (d, spaces24, n);
}

/* Q split at 10^PREC, with constant divisors for the usual precisions
   (a division by a variable is tens of cycles).  */
static void
split_pow10 (unsigned long long q, int prec, unsigned long long *ip,
	     unsigned long long *fp)
{
	switch (prec) {
	case 1:
		*ip = q / 10;
		*fp = q % 10;
		break;
	case 2:
		*ip = q / 100;
		*fp = q % 100;
		break;
	default:
		*ip = q / (unsigned long long) pow10_tab[prec];
		*fp = q % (unsigned long long) pow10_tab[prec];
		break;
	}
}

/* The number of decimal digits of N.  */
static size_t
ndigits (unsigned long long n)
{
	size_t k = 8;

	if (n < 10000)
		return n < 100 ? (n < 10 ? 1 : 2) : (n < 1000 ? 3 : 4);
	if (n < 100000000)
		return n < 1000000 ? (n < 100000 ? 5 : 6)
			: (n < 10000000 ? 7 : 8);
	for (n /= 100000000; n; n /= 10)
		k++;
	return k;
}

size_t
fmt_fixed_other (char *buf, size_t size, double v, int width, int prec)
{
	return (size_t) snprintf (buf, size, "%*.*f", width, prec, v);
}

size_t
fmt_fixed_pos (char *buf, size_t size, double v, int width, int prec)
{
	double r, n, frac, eps;
	unsigned long long q, ip, fp;
	char *p;
	size_t len, k, k2;

	if (v >= limit_tab[prec])
		return fmt_fixed_other (buf, size, v, width, prec);
	r = v * pow10_tab[prec];
	/* r < 4e15 < 2^52, not negative: the integer conversion is the
	   floor, and exact.  (Through a signed integer: x86-64 converts
	   doubles to and from those in one instruction, to and from
	   unsigned ones in a dozen.)  */
	n = (double) (long long) r;
	frac = r - n;
	/* Several ulps of r: near a half, defer to printf.  */
	eps = (r + 1.0) * 8.9e-16;
	if (fabs (frac - 0.5) <= eps)
		return fmt_fixed_other (buf, size, v, width, prec);
	q = (unsigned long long) (long long) n + (frac > 0.5);
	split_pow10 (q, prec, &ip, &fp);
	/* The digits go straight to their place in BUF, from the right,
	   after 32 spaces in two stores.  (Put together elsewhere first,
	   the few wide loads that copied them read bytes still on their
	   way from the narrow stores that wrote them, and the processor
	   stalls on each: that was most of this function's time.)
	   LEN is at most 16 + 1 + 4, K + LEN at most 30.  */
	len = ndigits (ip) + (prec > 0 ? 1 + (size_t) prec : 0);
	k = (size_t) width > len ? (size_t) width - len : 0;
	memcpy (buf, "                                ", 32);
	p = buf + k + len;
	*p = '\0';
	if (prec == 2) {
		p -= 2;
		memcpy (p, digits2 + 2 * fp, 2);
	} else {
		for (k2 = 0; k2 < (size_t) prec; k2++) {
			*--p = (char) ('0' + fp % 10);
			fp /= 10;
		}
	}
	if (prec > 0)
		*--p = '.';
	digits_back (p, ip);
	return k + len;
}

size_t
fmt_uint (char *buf, unsigned long long n, int width, bool left)
{
	size_t nd = ndigits (n);
	size_t len = (size_t) width > nd ? (size_t) width : nd;

	/* Spaces first, in a few stores (BUF has room for them), then
	   the digits where they go.  */
	copy_small (buf, spaces24, 24);
	if (len > 24)
		put_spaces (buf + 24, len - 24);
	digits_back (buf + (left ? nd : len), n);
	buf[len] = '\0';
	return len;
}
