/* test_export_round.c - unit tests of the largest-remainder split
   (gprof/export/round.c).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Every expected split is worked out by hand: each share's floor, then
   the units left over one by one to the largest remainders, the first
   of equal ones.  */

#include <config.h>

#include <stdlib.h>

#include "gprof/export/private.h"
#include "tests/unit/cunit_main.h"

static uint64_t
sum (const uint64_t *v, size_t n)
{
	uint64_t s = 0;
	size_t i;

	for (i = 0; i < n; i++)
		s += v[i];
	return s;
}

static void
test_exact (void)
{
	const uint64_t w[] = { 1, 1, 1 };
	const uint64_t w2[] = { 1, 3 };
	const uint64_t w3[] = { 2, 0, 1 };
	uint64_t out[3];

	/* 10 / 3 = 3.33 each: 3 3 3, one left, to the first.  */
	round_split (10, w, 3, out);
	CU_ASSERT_EQUAL (out[0], 4);
	CU_ASSERT_EQUAL (out[1], 3);
	CU_ASSERT_EQUAL (out[2], 3);
	/* 20500 by 1:3 is 5125 and 15375 exactly.  */
	round_split (20500, w2, 2, out);
	CU_ASSERT_EQUAL (out[0], 5125);
	CU_ASSERT_EQUAL (out[1], 15375);
	/* 5 by 2:0:1: 3.33 0 1.67 -> 3 0 1, one left, remainders .33 0
	   .67: the last.  */
	round_split (5, w3, 3, out);
	CU_ASSERT_EQUAL (out[0], 3);
	CU_ASSERT_EQUAL (out[1], 0);
	CU_ASSERT_EQUAL (out[2], 2);
}

static void
test_edges (void)
{
	const uint64_t zero[] = { 0, 0 };
	const uint64_t one[] = { 7 };
	const uint64_t big[] = { UINT64_MAX, UINT64_MAX };
	uint64_t out[2];

	/* Nothing to split by: nothing given.  */
	round_split (9, zero, 2, out);
	CU_ASSERT_EQUAL (out[0] + out[1], 0);
	round_split (9, one, 1, out);
	CU_ASSERT_EQUAL (out[0], 9);
	/* Products past 64 bits stay exact.  */
	round_split (UINT64_MAX, big, 2, out);
	CU_ASSERT_EQUAL (out[0], UINT64_MAX / 2 + 1);
	CU_ASSERT_EQUAL (out[1], UINT64_MAX / 2);
}

static void
test_real (void)
{
	const double w[] = { 184.5, 20.5 };
	const double thirds[] = { 1.0 / 3, 1.0 / 3, 1.0 / 3 };
	const double neg[] = { -1.0, 2.0 };
	uint64_t out[3];

	/* IgProf's leaf: 205 ticks by 184.5 : 20.5, a tie on .5: the
	   first.  */
	round_split_real (205, w, 2, out);
	CU_ASSERT_EQUAL (out[0], 185);
	CU_ASSERT_EQUAL (out[1], 20);
	round_split_real (100, thirds, 3, out);
	CU_ASSERT_EQUAL (sum (out, 3), 100);
	CU_ASSERT_EQUAL (out[0], 34);
	/* A negative weight counts as 0.  */
	round_split_real (4, neg, 2, out);
	CU_ASSERT_EQUAL (out[0], 0);
	CU_ASSERT_EQUAL (out[1], 4);
}

/* Many random splits: the parts always add up, and each is within one
   of its exact share.  */
static void
test_random (void)
{
	uint64_t w[17], out[17], state = 88172645463325252u;
	double dw[17];
	int round, bad = 0;

	for (round = 0; round < 2000; round++) {
		size_t n = 1 + (size_t) (state % 17), i;
		uint64_t total, ws = 0;

		state ^= state << 13;
		state ^= state >> 7;
		state ^= state << 17;
		total = state % 1000003;
		for (i = 0; i < n; i++) {
			state ^= state << 13;
			state ^= state >> 7;
			state ^= state << 17;
			w[i] = state % 1000;
			dw[i] = (double) w[i] / 7.0;
			ws += w[i];
		}
		round_split (total, w, n, out);
		if (ws && sum (out, n) != total)
			bad++;
		for (i = 0; ws && i < n; i++) {
			double share = (double) total * (double) w[i]
				/ (double) ws;

			if ((double) out[i] < share - 1.0
			    || (double) out[i] > share + 1.0)
				bad++;
		}
		round_split_real (total, dw, n, out);
		if (ws && sum (out, n) != total)
			bad++;
	}
	CU_ASSERT_EQUAL (bad, 0);
}

static const struct unit_test unit_tests[] = {
	{ "integer weights", test_exact },
	{ "no weight, one part, 128-bit products", test_edges },
	{ "real weights", test_real },
	{ "random splits add up", test_random },
	{ NULL, NULL }
};

int
main (void)
{
	return unit_run ("export-round", unit_tests);
}
