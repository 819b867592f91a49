/* assign.c - histogram samples to symbols.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Addresses are counted in 2-byte units, as in GNU gprof.  Bin i of a
   histogram covers the units

       [low + (uint64) (scale * i),  low + (uint64) (scale * (i+1)))

   where low is the histogram's start in units and scale the bin width
   in units as a double, truncated to an integer after the multiply.
   A symbol covers the units from its start to the next symbol's start
   (padding after a function counts for it), or up to its end address
   where the table leaves a gap (line symbols without samples, -l).  A bin is shared by the
   symbols it overlaps in proportion to the overlap:

          sym start                                 next sym start
             |                                           |
             +-------------------------------------------+
        +----|--+         +-------+                  +---|---+
        | bin   |         |  bin  |                  |  bin  |
        +----|--+         +-------+                  +---|---+
             <-->         <------->                  <--->
             overlap        overlap                  overlap

       credit = overlap * count / scale

   Because scale is usually not an integer (glibc rounds the bin
   array up) a whole bin of width 2 units credits count * 2 / 1.997,
   and the flat profile's percentages add up to a little more than
   100: GNU gprof prints exactly that, and so does this.

   The symbols are walked once per histogram, a cursor following the
   bins, as GNU gprof walks them (from the histogram's first symbol,
   not the table's); the only change is the last symbol,
   which GNU gprof bounds by whatever lies after the end of its array
   and which here ends at the end of .text.  */

#include <config.h>

#include <inttypes.h>

#include "gprof/graph/assign.h"
#include "gprof/options.h"
#include "gprof/util/util.h"

#define UNIT	2			/* bytes per histogram address unit */

/* Where symbol J ends, in units: where the next symbol of the table
   starts (its end address is just below), or for the last one at the
   end of .text.  With -l the table may leave out line symbols that
   hold no samples; a symbol then still ends where the next symbol of
   the whole table would start, which its end address says.  */
static uint64_t
sym_high (const struct symtab *st, size_t j)
{
	const struct sym *s = &st->base[j];
	uint64_t end = s->end_addr + 1;

	if (j + 1 < st->len && st->base[j + 1].addr < end)
		end = st->base[j + 1].addr;
	if (j + 1 == st->len)
		end = st->text_end;
	if (end / UNIT < s->addr / UNIT)
		return s->addr / UNIT;
	return end / UNIT;
}

/* Where the symbol cursor starts for a histogram from unit LOW: at the
   last symbol that starts at or below it.  GNU gprof starts at the
   first symbol for each histogram, but every symbol before that one
   ends at or below LOW (a symbol ends where the next one starts, at
   the latest), so its walk only steps over them, and a profile of
   tens of thousands of histogram records (libgmon writes one per 1024
   bins with samples of a library) spent its time in those steps.  */
static size_t
first_sym (const struct symtab *st, uint64_t low)
{
	size_t lo = 0, hi = st->len;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (st->base[mid].addr / UNIT <= low)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo > 0 ? lo - 1 : 0;
}

static void
assign_one (const struct gmon_hist *h, double scale, struct symtab *st,
	    double *total, double *overhead_out)
{
	uint64_t low = h->h.low_pc / UNIT, count;
	size_t k = first_sym (st, low) + 1, j;
	struct gmon_bins_iter it;
	uint32_t i;

	/* The non-zero bins only: a big histogram is mostly empty.  */
	gmon_bins_iter_init (&it, &h->bins);
	while (gmon_bins_next (&it, &i, &count)) {
		uint64_t bin_low, bin_high;
		double count_time;

		if (i >= h->h.nbins)
			continue;
		bin_low = low + (uint64_t) (scale * i);
		bin_high = low + (uint64_t) (scale * (i + 1));
		count_time = (double) count;
		*total += count_time;
		DBG (DBG_SAMPLE, "[assign] bin 0x%" PRIx64 "-0x%" PRIx64
		     " count %" PRIu64 "\n", bin_low * UNIT, bin_high * UNIT,
		     count);

		/* The cursor K starts one symbol back, so a symbol that
		   spans several bins is seen again by the next one.  */
		for (j = k - 1; j < st->len; k = ++j) {
			struct sym *s = &st->base[j];
			uint64_t sym_low = s->addr / UNIT;
			uint64_t sym_high_u = sym_high (st, j);
			uint64_t lo, hi, overlap;
			double credit;

			if (bin_high < sym_low)
				break;
			if (bin_low >= sym_high_u)
				continue;
			lo = bin_low > sym_low ? bin_low : sym_low;
			hi = bin_high < sym_high_u ? bin_high : sym_high_u;
			overlap = hi - lo;
			if (overlap == 0)
				continue;
			credit = (double) overlap * count_time / scale;
			DBG (DBG_SAMPLE, "[assign] %s gets %f ticks, overlap "
			     "%" PRIu64 "\n", s->name, credit, overlap);
			if (!s->flat_off)
				s->time += credit;
			else
				*total -= credit;
			if (s->flat_off && s->overhead)
				*overhead_out += credit;
		}
	}
}

double
assign_samples (const struct profile *p, struct symtab *st,
		double *overhead_out)
{
	double total = 0.0, out = 0.0;
	size_t i;

	if (overhead_out)
		*overhead_out = 0.0;
	if (st->len == 0)
		return 0.0;
	for (i = 0; i < p->nhist; i++)
		assign_one (&p->hist[i], p->hist_scale, st, &total, &out);
	if (overhead_out)
		*overhead_out = out;
	return total;
}
