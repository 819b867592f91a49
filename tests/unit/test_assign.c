/* test_assign.c - unit tests of the sample assignment (gprof/graph/assign.c).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Every expected value is worked out by hand in the comments, in GNU
   gprof's arithmetic: addresses in 2-byte units, bin edges truncated
   after multiplying by the bin width, credit = overlap * count / width.  */

#include <config.h>

#include <math.h>
#include <string.h>

#include "gprof/graph/assign.h"
#include "gprof/model.h"
#include "tests/unit/cunit_main.h"

#define MAXSYM	8

struct fixture {
	struct sym v[MAXSYM];
	struct symtab st;
	struct gmon_hist h[2];
	uint64_t bins[2][2048];
	struct profile p;
};

/* Symbols at ADDRS (ascending, 0-terminated after the first), ending
   each at the next; the last at TEXT_END.  */
static void
setup (struct fixture *f, const uint64_t *addrs, size_t n, uint64_t text_end)
{
	size_t i;

	memset (f, 0, sizeof *f);
	for (i = 0; i < n; i++) {
		sym_init (&f->v[i]);
		f->v[i].addr = addrs[i];
		f->v[i].end_addr = i + 1 < n ? addrs[i + 1] - 1 : text_end - 1;
		f->v[i].name = "s";
		f->v[i].is_func = 1;
		f->v[i].flat_off = 0;
	}
	f->st.base = f->v;
	f->st.len = n;
	f->st.text_end = text_end;
	f->p.hz = 100;
	f->p.hist = f->h;
}

static void
add_hist (struct fixture *f, uint64_t lo, uint64_t hi, uint32_t nbins)
{
	struct gmon_hist *h = &f->h[f->p.nhist];

	h->h.low_pc = lo;
	h->h.high_pc = hi;
	h->h.nbins = nbins;
	gmon_bins_init (&h->bins, nbins);
	if (f->p.nhist == 0)
		f->p.hist_scale = (double) ((hi - lo) / 2) / nbins;
	f->p.nhist++;
}

/* assign_samples() on the counts set in F->bins.  */
static double
assign (struct fixture *f)
{
	size_t i;
	double total;

	for (i = 0; i < f->p.nhist; i++) {
		struct gmon_hist *h = &f->h[i];

		gmon_bins_free (&h->bins);
		gmon_bins_init (&h->bins, h->h.nbins);
		CU_ASSERT_EQUAL_FATAL (gmon_bins_add_array (&h->bins,
							    f->bins[i]), 0);
	}
	total = assign_samples (&f->p, &f->st, NULL);
	for (i = 0; i < f->p.nhist; i++)
		gmon_bins_free (&f->h[i].bins);
	return total;
}

/* Bins of one unit (2 bytes): every bin goes whole to one symbol; an
   odd start address rounds down to its unit.  */
static void
test_unit_bins (void)
{
	static const uint64_t addrs[] = { 0x1000, 0x1006, 0x1009 };
	struct fixture f;
	double total;

	setup (&f, addrs, 3, 0x1010);
	add_hist (&f, 0x1000, 0x1010, 8);	/* width (16/2)/8 = 1 unit */
	f.bins[0][0] = 10;	/* units 0x800: first symbol */
	f.bins[0][2] = 1;	/* 0x802: first symbol (up to 0x803) */
	f.bins[0][3] = 4;	/* 0x803: second symbol, [0x803, 0x804) */
	f.bins[0][4] = 6;	/* 0x804: third, 0x1009 / 2 = 0x804 */
	f.bins[0][7] = 2;	/* 0x807: third, up to .text's end */
	total = assign (&f);
	CU_ASSERT_DOUBLE_EQUAL (total, 23.0, 0);
	CU_ASSERT_DOUBLE_EQUAL (f.v[0].time, 11.0, 0);
	CU_ASSERT_DOUBLE_EQUAL (f.v[1].time, 4.0, 0);
	CU_ASSERT_DOUBLE_EQUAL (f.v[2].time, 8.0, 0);
}

/* Bins of two units split between the symbols they overlap.  */
static void
test_split_bin (void)
{
	static const uint64_t addrs[] = { 0x0, 0x6 };
	struct fixture f;
	double total;

	setup (&f, addrs, 2, 0x20);
	add_hist (&f, 0x0, 0x20, 8);		/* width (32/2)/8 = 2 units */
	/* Bin 1 is units [2,4); the first symbol has [0,3), the second
	   [3,16): one unit each, count * 1 / 2.  */
	f.bins[0][1] = 10;
	total = assign (&f);
	CU_ASSERT_DOUBLE_EQUAL (total, 10.0, 0);
	CU_ASSERT_DOUBLE_EQUAL (f.v[0].time, 5.0, 0);
	CU_ASSERT_DOUBLE_EQUAL (f.v[1].time, 5.0, 0);
}

/* glibc's bin width 2660/1332 = 1.997 units: bin 1 spans units
   [(u64) 1.997, (u64) 3.994) = [1, 3), two units, and credits
   2 * count / 1.997 -- more than the count.  That is where GNU gprof's
   flat profiles get percentages above 100, and they must here too.  */
static void
test_non_integer_width (void)
{
	static const uint64_t addrs[] = { 0x0 };
	struct fixture f;
	double total, w;

	setup (&f, addrs, 1, 0x14c8);
	add_hist (&f, 0x0, 0x14c8, 1332);
	w = 2660.0 / 1332.0;
	CU_ASSERT_DOUBLE_EQUAL (f.p.hist_scale, w, 0);
	f.bins[0][1] = 100;
	total = assign (&f);
	CU_ASSERT_DOUBLE_EQUAL (total, 100.0, 0);
	CU_ASSERT_DOUBLE_EQUAL (f.v[0].time, 2.0 * 100.0 / w, 0);
	CU_ASSERT (f.v[0].time > 100.15 && f.v[0].time < 100.16);
	/* Bin 2 is [(u64) 3.994, (u64) 5.991) = [3, 5): two units too;
	   bin 3 is [5, 7).  Bin 0 is [0, 1): one unit, 1/1.997.  */
	f.v[0].time = 0;
	memset (f.bins[0], 0, sizeof f.bins[0]);
	f.bins[0][0] = 1;
	assign (&f);
	CU_ASSERT_DOUBLE_EQUAL (f.v[0].time, 1.0 / w, 0);
}

/* A symbol left out of the flat profile (-P) gets nothing, and its
   share leaves the total.  */
static void
test_flat_off (void)
{
	static const uint64_t addrs[] = { 0x0, 0x6 };
	struct fixture f;
	double total;

	setup (&f, addrs, 2, 0x20);
	add_hist (&f, 0x0, 0x20, 8);
	f.v[1].flat_off = 1;
	f.bins[0][1] = 10;	/* 5 and 5, as in test_split_bin */
	f.bins[0][5] = 4;	/* units [10,12): all the second's */
	total = assign (&f);
	CU_ASSERT_DOUBLE_EQUAL (total, 5.0, 0);
	CU_ASSERT_DOUBLE_EQUAL (f.v[0].time, 5.0, 0);
	CU_ASSERT_DOUBLE_EQUAL (f.v[1].time, 0.0, 0);
}

/* Samples beyond the last symbol's end (.text's end) count in the
   total but go to nobody; so do samples before the first symbol.  */
static void
test_outside_symbols (void)
{
	static const uint64_t addrs[] = { 0x10 };
	struct fixture f;
	double total;

	setup (&f, addrs, 1, 0x18);
	add_hist (&f, 0x0, 0x20, 16);		/* width 1 unit */
	f.bins[0][2] = 3;	/* unit 2 = 0x4: before the symbol */
	f.bins[0][9] = 7;	/* unit 9 = 0x12: the symbol */
	f.bins[0][13] = 5;	/* unit 13 = 0x1a: beyond .text */
	total = assign (&f);
	CU_ASSERT_DOUBLE_EQUAL (total, 15.0, 0);
	CU_ASSERT_DOUBLE_EQUAL (f.v[0].time, 7.0, 0);
}

/* Several histograms (disjoint ranges) are each walked.  */
static void
test_two_histograms (void)
{
	static const uint64_t addrs[] = { 0x100, 0x200, 0x300 };
	struct fixture f;
	double total;

	setup (&f, addrs, 3, 0x400);
	add_hist (&f, 0x100, 0x200, 128);	/* width 1 unit */
	add_hist (&f, 0x300, 0x400, 128);
	f.bins[0][5] = 2;
	f.bins[1][0] = 9;
	total = assign (&f);
	CU_ASSERT_DOUBLE_EQUAL (total, 11.0, 0);
	CU_ASSERT_DOUBLE_EQUAL (f.v[0].time, 2.0, 0);
	CU_ASSERT_DOUBLE_EQUAL (f.v[1].time, 0.0, 0);
	CU_ASSERT_DOUBLE_EQUAL (f.v[2].time, 9.0, 0);
}

/* One symbol over many bins, then one bin over many symbols: the
   cursor must neither lose the long symbol nor skip the short ones.  */
static void
test_cursor (void)
{
	static const uint64_t addrs[] = { 0x0, 0x40, 0x42, 0x44, 0x46 };
	struct fixture f;
	double total;
	int i;

	setup (&f, addrs, 5, 0x100);
	add_hist (&f, 0x0, 0x100, 16);		/* width (256/2)/16 = 8 units */
	for (i = 0; i < 4; i++)
		f.bins[0][i] = 1;	/* units 0-31: the first symbol */
	f.bins[0][4] = 8;	/* units 32-39: 0x40,0x42,0x44 one unit each,
				   0x46 the other five */
	total = assign (&f);
	CU_ASSERT_DOUBLE_EQUAL (total, 12.0, 0);
	CU_ASSERT_DOUBLE_EQUAL (f.v[0].time, 4.0, 0);
	CU_ASSERT_DOUBLE_EQUAL (f.v[1].time, 1.0, 0);
	CU_ASSERT_DOUBLE_EQUAL (f.v[2].time, 1.0, 0);
	CU_ASSERT_DOUBLE_EQUAL (f.v[3].time, 1.0, 0);
	CU_ASSERT_DOUBLE_EQUAL (f.v[4].time, 5.0, 0);
}

static const struct unit_test unit_tests[] = {
	{ "one-unit bins", test_unit_bins },
	{ "a bin split between two symbols", test_split_bin },
	{ "glibc's non-integer bin width", test_non_integer_width },
	{ "symbols left out of the flat profile", test_flat_off },
	{ "samples outside every symbol", test_outside_symbols },
	{ "two histograms", test_two_histograms },
	{ "long symbols and short ones", test_cursor },
	{ NULL, NULL }
};

int
main (void)
{
	return unit_run ("assign", unit_tests);
}
