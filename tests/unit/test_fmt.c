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

static const struct unit_test unit_tests[] = {
	{ "fixed point as printf", test_fixed },
	{ "integers as printf", test_uint },
	{ NULL, NULL }
};

int
main (void)
{
	return unit_run ("fmt", unit_tests);
}
