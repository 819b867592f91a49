/* budget.c - the RAM budget laid out: how many arcs, how fine the
   histograms.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   Every byte libgmon writes is in gmon_ram, gmon_ram_size bytes (the
   program's GMON_RAM, or ram.c's default): the BSD runtimes' bill of
   about the text's size (a bin of two bytes per four of code, as many
   bytes again for the arcs) becomes a budget they are cut to fit:

     [ state | writer's buffer | arc table | bins of region 0 | ... ]
       struct   MC_BM_BUF        12 bytes a   2 bytes a bin
       mc_bm                     slot (rv64:
                                 24), power
                                 of two

   The state and the buffer are fixed.  Of the rest, R bytes, an arc
   table of MC_BM_MIN_ARCS slots is set aside first (48 arcs: a table
   holds three quarters of its slots, mcount/core/arctab.c); the
   histograms get the finest bins (a power of two bytes wide, from 4,
   the same for all: GNU gprof wants one scale) whose count fits in
   what is left, and the arc table then takes the largest power of two
   of slots that fits in the rest.  Bins before arcs: a bin wider than
   a small function charges its time to its neighbours, silently,
   while a call that does not fit is counted and said.  The manual's
   "Profiling firmware"
   tabulates the outcome; GMON_DEBUG-less firmware learns it from
   gmondump (the histograms' bin width) and from the notes of what
   did not fit.  */

#include <config.h>

#include "mcount/baremetal/bm.h"

#define MC_ALIGN(n)	(((n) + 7) & ~(size_t) 7)

/* Bytes of bins the regions need with bins of 1 << SHIFT bytes, their
   shapes into H.  */
static size_t
bins_bytes (const struct gmon_region *r, unsigned int n, unsigned int shift,
	    struct mc_hist *h)
{
	size_t total = 0;
	unsigned int i;

	for (i = 0; i < n; i++) {
		uint64_t nb = mc_hist_shape (&h[i], r[i].start, r[i].end,
					     shift);

		total += MC_ALIGN ((size_t) nb * sizeof (mc_bin_t));
	}
	return total;
}

/* Regions whose histograms, bins aligned, would overlap (GNU gprof
   refuses overlapping records) made one: R is in address order.
   Returns the regions left.  */
static unsigned int
merge_close (struct gmon_region *r, unsigned int n, const struct mc_hist *h)
{
	unsigned int i, k;

	for (i = 1; i < n; i++)
		if (h[i].lo < h[i - 1].hi) {
			if (r[i].end > r[i - 1].end)
				r[i - 1].end = r[i].end;
			for (k = i; k + 1 < n; k++)
				r[k] = r[k + 1];
			return n - 1;
		}
	return n;
}

bool
mc_bm_layout (const struct gmon_region *given, unsigned int n)
{
	unsigned char *ram = gmon_ram;
	size_t size = gmon_ram_size, off, rest, hist, table;
	struct mc_hist shape[GMON_REGIONS_MAX];
	struct gmon_region r[GMON_REGIONS_MAX];
	unsigned int shift = MC_BM_MIN_SHIFT, i, wide, m;
	uintptr_t cap;

	for (i = 0; i < n; i++)
		r[i] = given[i];

	off = MC_ALIGN (sizeof (struct mc_bm_state));
	if (size < off + MC_BM_BUF)
		return false;
	mc_memset (ram, 0, off);
	mc_bm.buf = ram + off;
	mc_bm.buf_size = MC_BM_BUF;
	off += MC_BM_BUF;
	rest = size - off;

	table = MC_ALIGN (mc_tab_bytes (MC_BM_MIN_ARCS));
	if (table > rest)
		table = 0;
	for (;;) {
		while ((hist = bins_bytes (r, n, shift, shape)) > rest - table
		       && shift < MC_BM_MAX_SHIFT)
			shift++;
		if ((m = merge_close (r, n, shape)) == n)
			break;
		n = m;
	}
	if (hist > rest - table) {
		n = 0;			/* no histogram fits at all */
		hist = 0;
	}
	cap = mc_tab_fit (rest - hist, MC_BM_TAB_MIN);
	table = cap ? MC_ALIGN (mc_tab_bytes (cap)) : 0;

	if (cap) {
		mc_bm.tab = (struct mc_arctab *) (void *) (ram + off);
		mc_memset (mc_bm.tab, 0, table);
		mc_tab_init (mc_bm.tab, cap, table);
		off += table;
	}
	/* The excess entries go to the regions in turn (the first, the
	   program's text, gets what does not divide).  */
	wide = n ? MC_BM_WIDE / n : 0;
	for (i = 0; i < n; i++) {
		struct mc_hist *h = &mc_bm.hist[i];
		size_t bytes = MC_ALIGN ((size_t) shape[i].nbins
					 * sizeof (mc_bin_t));
		unsigned int w = i == 0 ? MC_BM_WIDE - wide * (n - 1) : wide;
		unsigned int first = i == 0 ? 0 : MC_BM_WIDE - wide * (n - i);

		mc_memcpy (h, &shape[i], sizeof *h);
		mc_memset (ram + off, 0, bytes);
		mc_hist_give (h, (mc_bin_t *) (void *) (ram + off), bytes,
			      &mc_bm.wide[first], w);
		off += bytes;
	}
	mc_bm.nhist = (uint8_t) n;
	mc_bm.used = off;
	mc_bm.magic = MC_BM_MAGIC;
	return true;
}
