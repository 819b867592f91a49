/* test_fmt.c - unit tests of the reports' number conversions
   (gprof/report/fmt.c): the same text as printf, for every value.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include <config.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gprof/report/fmt.h"
#include "tests/unit/cunit_main.h"

static const int widths[] = { 5, 6, 7, 8, 9, 10, 11 };
static const int precs[] = { 1, 2, 2, 2, 2, 2, 2 };

static int
check_value (double v)
{
	size_t i;
	int bad = 0;

	for (i = 0; i < sizeof widths / sizeof widths[0]; i++) {
		char want[64], got[64];

		snprintf (want, sizeof want, "%*.*f", widths[i], precs[i], v);
		fmt_fixed (got, sizeof got, v, widths[i], precs[i]);
		if (strcmp (want, got) != 0) {
			if (bad++ < 5)
				printf ("\n%.17g: printf `%s', fmt `%s'", v,
					want, got);
		}
	}
	return bad;
}

/* Values as the reports make them: tick counts over 100 Hz, shares,
   products of both -- and exact halves, which printf rounds to even.  */
static void
test_fixed (void)
{
	unsigned long long seed = 88172645463325252ull;
	int bad = 0, i;
	static const double special[] = {
		0.0, -0.0, 0.005, 0.015, 0.025, 0.125, 0.375, 2.675, 1.005,
		0.045, 99.995, 100.0, 1e15, 3.9e15, 5e15, -1.5, 1e300,
		0.0049999999999999999, 12345678.125, 0.05, 0.25,
	};

	for (i = 0; i < (int) (sizeof special / sizeof special[0]); i++)
		bad += check_value (special[i]);
	bad += check_value (NAN);
	bad += check_value (INFINITY);
	for (i = 0; i < 400000; i++) {
		double v;

		seed ^= seed << 13;
		seed ^= seed >> 7;
		seed ^= seed << 17;
		switch (i % 5) {
		case 0:		/* ticks / hz */
			v = (double) (seed % 100000) / 100.0;
			break;
		case 1:		/* a share of ticks */
			v = (double) (seed % 1000000) / 100.0
				* ((double) (seed >> 40 & 0xfff) / 4096.0);
			break;
		case 2:		/* percentages */
			v = 100.0 * (double) (seed % 1000) / 997.0;
			break;
		case 3:		/* halves and quarters */
			v = (double) (seed % 100000) / 8.0;
			break;
		default:	/* anything */
			v = (double) (seed >> 11) / 9007199254740992.0
				* pow (10.0, (double) (seed % 15) - 3);
			break;
		}
		bad += check_value (v);
	}
	CU_ASSERT_EQUAL (bad, 0);
}

static void
test_uint (void)
{
	char buf[64];

	fmt_uint (buf, 0, 7, false);
	CU_ASSERT_STRING_EQUAL (buf, "      0");
	fmt_uint (buf, 42, 7, true);
	CU_ASSERT_STRING_EQUAL (buf, "42     ");
	fmt_uint (buf, 123456789, 7, false);
	CU_ASSERT_STRING_EQUAL (buf, "123456789");
	fmt_uint (buf, 18446744073709551615ull, 8, true);
	CU_ASSERT_STRING_EQUAL (buf, "18446744073709551615");
}

/* Every width and both alignments against printf, for numbers of
   every length (and the edges of each).  */
static void
test_uint_random (void)
{
	unsigned long long seed = 0x9e3779b97f4a7c15ull, n;
	int bad = 0, i, w, d;

	for (i = 0; i < 200000; i++) {
		seed ^= seed << 13;
		seed ^= seed >> 7;
		seed ^= seed << 17;
		d = (int) (seed % 21);		/* 0 to 20 digits */
		n = seed >> 3;
		if (d < 20) {
			unsigned long long m = 1;
			int k;

			for (k = 0; k < d; k++)
				m *= 10;
			n = d == 0 ? 0 : n % m;
			if (i % 7 == 0 && d > 0)
				n = m - 1;		/* 9...9 */
		}
		for (w = 0; w <= 22; w += 1 + (int) (seed >> 60) % 3) {
			char want[64], got[64];

			snprintf (want, sizeof want, "%*llu", w, n);
			fmt_uint (got, n, w, false);
			if (strcmp (want, got) != 0 && bad++ < 5)
				printf ("\n%llu %d: `%s' `%s'", n, w, want, got);
			snprintf (want, sizeof want, "%-*llu", w, n);
			fmt_uint (got, n, w, true);
			if (strcmp (want, got) != 0 && bad++ < 5)
				printf ("\n%llu -%d: `%s' `%s'", n, w, want, got);
		}
	}
	CU_ASSERT_EQUAL (bad, 0);
}

/* The precisions the reports do not use as much: 0, 3, 4.  */
static void
test_fixed_precisions (void)
{
	unsigned long long seed = 0x2545f4914f6cdd1dull;
	int bad = 0, i, prec;

	for (i = 0; i < 100000; i++) {
		double v;

		seed ^= seed << 13;
		seed ^= seed >> 7;
		seed ^= seed << 17;
		v = (double) (seed % 10000000) / (double) (1 + seed % 1000);
		for (prec = 0; prec <= 4; prec++) {
			char want[64], got[64];

			snprintf (want, sizeof want, "%*.*f", 9, prec, v);
			fmt_fixed (got, sizeof got, v, 9, prec);
			if (strcmp (want, got) != 0 && bad++ < 5)
				printf ("\n%.17g .%d: `%s' `%s'", v, prec,
					want, got);
		}
	}
	CU_ASSERT_EQUAL (bad, 0);
}

static const struct unit_test unit_tests[] = {
	{ "fixed point as printf", test_fixed },
	{ "integers as printf", test_uint },
	{ "integers of every length and width", test_uint_random },
	{ "fixed point, precisions 0 to 4", test_fixed_precisions },
	{ NULL, NULL }
};

int
main (void)
{
	return unit_run ("fmt", unit_tests);
}
