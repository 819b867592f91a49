/* test_hist_merge.c - many histogram records merged (gmon/merge.c,
   gmon/ranges.c).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   GNU gprof's rules on tens of thousands of records, in every order:
   a record of the same range as an earlier one adds to it, one that
   overlaps an earlier one is refused with the message that names the
   first such one read, a disjoint one is kept, and the histograms stay
   in the order read.  The work is counted, not timed: the index of
   the ranges counts the nodes it visits (struct gmon_ranges, steps),
   which must stay within a multiple of n log2 n, whatever the load of
   the machine; a search of every earlier record takes n^2 / 2.  */

#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gmon/gmon.h"
#include "tests/unit/cunit_main.h"

#define NREC	16384			/* records per order */
#define LOG2N	14
#define WIDTH	64			/* bytes per record */
#define NBINS	4			/* bins per record */

static const struct gmon_target target = { 8, false, false };

/* Record K of the test: [BASE + K * WIDTH, + WIDTH), bin K % NBINS
   holding K + 1.  */
static void
record (uint32_t k, struct gmon_hist_hdr *h, uint64_t bins[NBINS])
{
	memset (h, 0, sizeof *h);
	h->low_pc = 0x100000 + (uint64_t) k * WIDTH;
	h->high_pc = h->low_pc + WIDTH;
	h->nbins = NBINS;
	h->rate = 100;
	strcpy (h->dimen, "seconds");
	h->abbrev = 's';
	memset (bins, 0, NBINS * sizeof *bins);
	bins[k % NBINS] = k + 1;
}

/* The order records go in: ascending, descending (the worst for a tree
   that does not balance), or shuffled by a fixed generator.  */
static void
order (uint32_t *v, int how)
{
	uint64_t x = 88172645463325252u;
	uint32_t i;

	for (i = 0; i < NREC; i++)
		v[i] = how == 1 ? NREC - 1 - i : i;
	if (how == 2)
		for (i = NREC - 1; i > 0; i--) {
			uint32_t j, t;

			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
			j = (uint32_t) (x % (i + 1));
			t = v[i];
			v[i] = v[j];
			v[j] = t;
		}
}

static uint64_t
bin_of (const struct gmon_hist *h, uint32_t b)
{
	return gmon_bins_get (&h->bins, b);
}

static void
test_many_records (void)
{
	uint32_t *v = malloc (NREC * sizeof *v);
	struct gmon_hist_hdr h;
	uint64_t bins[NBINS];
	struct gmon_error err;
	int how;

	CU_ASSERT_PTR_NOT_NULL_FATAL (v);
	for (how = 0; how < 3; how++) {
		struct gmon_profile p;
		uint64_t steps, bound;
		bool in_order = true, sums = true;
		uint32_t i;

		order (v, how);
		gmon_profile_init (&p, &target);
		/* Each record, then all of them again in the same order:
		   the second round adds to the first.  */
		for (i = 0; i < 2 * NREC; i++) {
			record (v[i % NREC], &h, bins);
			CU_ASSERT_EQUAL_FATAL (gmon_profile_add_hist (&p, "t", &h,
							       bins, false,
							       &err), 0);
		}
		CU_ASSERT_EQUAL_FATAL (p.nhist, NREC);
		for (i = 0; i < NREC; i++) {
			uint32_t k = v[i];

			record (k, &h, bins);
			in_order &= p.hist[i].h.low_pc == h.low_pc
				&& p.hist[i].h.high_pc == h.high_pc;
			sums &= bin_of (&p.hist[i], k % NBINS) == 2 * (k + 1)
				&& bin_of (&p.hist[i], (k + 1) % NBINS) == 0;
		}
		CU_ASSERT (in_order);
		CU_ASSERT (sums);

		/* Overlapping two records, k and k + 1: refused, naming the
		   one of them read first.  */
		for (i = 0; i < 4; i++) {
			uint32_t k = (uint32_t) (i * (NREC / 4) + 7), first, j;
			char want[256];

			record (k, &h, bins);
			h.low_pc += WIDTH / 2;
			h.high_pc += WIDTH / 2;
			for (j = 0; v[j] != k && v[j] != k + 1; j++)
				;
			first = v[j];
			snprintf (want, sizeof want, "t: overlapping histogram "
				  "records: 0x%llx-0x%llx and 0x%llx-0x%llx",
				  (unsigned long long) h.low_pc,
				  (unsigned long long) h.high_pc,
				  (unsigned long long) (0x100000
					+ (uint64_t) first * WIDTH),
				  (unsigned long long) (0x100000
					+ (uint64_t) first * WIDTH + WIDTH));
			CU_ASSERT_EQUAL (gmon_profile_add_hist (&p, "t", &h,
						bins, false, &err), -1);
			CU_ASSERT_STRING_EQUAL (err.msg, want);
		}
		/* One range over all of them: refused, naming the first
		   record read.  */
		record (0, &h, bins);
		h.high_pc = h.low_pc + (uint64_t) NREC * WIDTH;
		h.nbins = NREC * NBINS;
		CU_ASSERT_EQUAL (gmon_profile_add_hist (&p, "t", &h, bins,
							false, &err), -1);
		CU_ASSERT_PTR_NOT_NULL (strstr (err.msg, "overlapping"));
		{
			char tail[64];

			snprintf (tail, sizeof tail, "and 0x%llx-0x%llx",
				  (unsigned long long) (0x100000
					+ (uint64_t) v[0] * WIDTH),
				  (unsigned long long) (0x100000
					+ (uint64_t) v[0] * WIDTH + WIDTH));
			CU_ASSERT_PTR_NOT_NULL (strstr (err.msg, tail));
		}
		/* The same range with other bins: refused.  */
		record (v[5], &h, bins);
		h.nbins = NBINS / 2;
		h.high_pc = h.low_pc + WIDTH;
		CU_ASSERT_EQUAL (gmon_profile_add_hist (&p, "t", &h, bins,
							false, &err), -1);
		CU_ASSERT_PTR_NOT_NULL (strstr (err.msg, "bins"));
		/* A disjoint one, after all of them: kept, last.  */
		record (NREC + 10, &h, bins);
		CU_ASSERT_EQUAL (gmon_profile_add_hist (&p, "t", &h, bins,
							false, &err), 0);
		CU_ASSERT_EQUAL (p.nhist, NREC + 1);
		CU_ASSERT_EQUAL (p.hist[NREC].h.low_pc, h.low_pc);

		/* Every search and insertion in a tree of height at most
		   1.44 log2 n: a few times n log2 n steps in all.  */
		steps = p.hist_ranges.steps;
		bound = (uint64_t) 8 * 2 * NREC * LOG2N;
		printf ("\n  order %d: %llu steps for %u records (bound %llu, "
			"a search of every earlier one: %llu)",
			how, (unsigned long long) steps, 2 * NREC,
			(unsigned long long) bound,
			(unsigned long long) NREC * NREC);
		CU_ASSERT (steps <= bound);
		gmon_profile_free (&p);
	}
	free (v);
}

/* A few records by hand: every case of the search against the rules,
   where each answer is known.  */
static void
test_small_cases (void)
{
	static const struct {
		uint64_t lo, hi;
		int want;		/* 0 kept, 1 added, -1 refused */
		uint64_t named;		/* refused: the start of the record
					   the message names */
	} cases[] = {
		{ 0x1000, 0x1040, 0, 0 }, { 0x2000, 0x2040, 0, 0 },
		{ 0x0f00, 0x0f40, 0, 0 }, { 0x1040, 0x1080, 0, 0 },
		{ 0x1000, 0x1040, 1, 0 }, { 0x1020, 0x1060, -1, 0x1000 },
		{ 0x0fc0, 0x1000, 0, 0 }, { 0x0fe0, 0x1020, -1, 0x1000 },
		{ 0x2040, 0x2080, 0, 0 }, { 0x1080, 0x2000, 0, 0 },
		{ 0x0800, 0x3000, -1, 0x1000 }, { 0x1050, 0x1c00, -1, 0x1040 },
		{ 0x1080, 0x2000, 1, 0 }, { 0x0f40, 0x0fc0, 0, 0 },
	};
	struct gmon_profile p;
	struct gmon_error err;
	static uint64_t bins[1024];
	size_t i, kept = 0;

	gmon_profile_init (&p, &target);
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct gmon_hist_hdr h;
		char named[64];
		int rc;

		memset (&h, 0, sizeof h);
		h.low_pc = cases[i].lo;
		h.high_pc = cases[i].hi;
		/* Bins of 16 bytes, as in every record here.  */
		h.nbins = (uint32_t) ((h.high_pc - h.low_pc) / 16);
		h.rate = 100;
		strcpy (h.dimen, "seconds");
		h.abbrev = 's';
		bins[0] = i + 1;
		rc = gmon_profile_add_hist (&p, "t", &h, bins, false, &err);
		if (cases[i].want < 0) {
			CU_ASSERT_EQUAL (rc, -1);
			snprintf (named, sizeof named, "and 0x%llx-",
				  (unsigned long long) cases[i].named);
			CU_ASSERT_PTR_NOT_NULL (strstr (err.msg, named));
		} else {
			CU_ASSERT_EQUAL (rc, 0);
			kept += cases[i].want == 0;
		}
		CU_ASSERT_EQUAL (p.nhist, kept);
	}
	/* The first record got its own count and that of the fifth.  */
	CU_ASSERT_EQUAL (bin_of (&p.hist[0], 0), 1 + 5);
	gmon_profile_free (&p);
}

static const struct unit_test unit_tests[] = {
	{ "records added, refused and kept, by hand", test_small_cases },
	{ "16384 records in three orders", test_many_records },
	{ NULL, NULL }
};

int
main (void)
{
	return unit_run ("hist_merge", unit_tests);
}
