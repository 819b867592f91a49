/* hist.c - a histogram of PC samples over a range of code.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   The platform says which ranges have histograms and gives them
   memory: Linux one per object of the process, 64-bit bins in mmap'd
   memory (mcount/linux/modules.c), bare metal one per region of code, in its
   RAM budget (mcount/baremetal/budget.c).  The file has 16-bit bins
   and says more in further records (gmon/write.c), so the width in
   memory is the platform's choice: 64 bits where memory is plenty,
   16 where it is not, with the excess of the few bins that pass 65535
   (a firmware's idle loop, a minute at 1 kHz) kept apart, in units of
   65536, and counted as lost only if there is no room for it either.

     bin i = bins[i] + 65536 * units of i's entry in wide[], if any  */

#include <config.h>

#include "mcount/core/atomic.h"
#include "mcount/core/core.h"

uint64_t
mc_hist_shape (struct mc_hist *h, uintptr_t lo, uintptr_t hi,
	       unsigned int shift)
{
	uintptr_t align = (uintptr_t) 1 << shift;
	uint64_t nbins;

	if (align < 16)
		align = 16;
	lo &= ~(align - 1);
	if (hi <= lo)
		return 0;
	while (((uint64_t) (hi - lo) >> shift) >= UINT32_MAX)
		shift++;
	nbins = ((uint64_t) (hi - lo) + ((uint64_t) 1 << shift) - 1) >> shift;
	h->lo = lo;
	h->hi = lo + (uintptr_t) (nbins << shift);
	h->nbins = nbins;
	h->shift = shift;
	h->marks = NULL;		/* the platform's to give */
	return nbins;
}

void
mc_hist_give (struct mc_hist *h, mc_bin_t *bins, size_t mapsize,
	      struct mc_wide *wide, uint32_t wide_cap)
{
	h->mapsize = mapsize;
	h->wide = wide;
	h->nwide = 0;
	h->wide_cap = wide ? wide_cap : 0;
	mc_st_rel (&h->bins, bins);
}

#ifdef MC_CORE_IRQ
/* The entry of bin I in H's excess, made if need be; NULL if there is
   no room.  Interrupts are off.  */
static struct mc_wide *
wide_of (struct mc_hist *h, uint32_t i)
{
	uint32_t k;

	for (k = 0; k < h->nwide; k++)
		if (h->wide[k].bin == i)
			return &h->wide[k];
	if (h->nwide == h->wide_cap)
		return NULL;
	h->wide[h->nwide].bin = i;
	h->wide[h->nwide].units = 0;
	return &h->wide[h->nwide++];
}
#endif

uint64_t
mc_hist_put (struct mc_hist *h, uintptr_t pc, uint64_t n)
{
	mc_bin_t *bins = mc_ld_acq (&h->bins);
	uint64_t i;

	if (!bins || pc < h->lo || pc >= h->hi)
		return n;
	i = (uint64_t) (pc - h->lo) >> h->shift;
#ifndef MC_CORE_IRQ
	if (h->marks) {
		uint64_t c = i / MC_HIST_CHUNK;

		/* Marked first: a reader that sees no mark reads no bin.
		   The mark is set once (no store to a shared line after
		   that).  */
		if (!mc_hist_marked (h->marks, c))
			__atomic_fetch_or (&h->marks[c / 64],
					   (uint64_t) 1 << (c % 64),
					   __ATOMIC_RELAXED);
	}
#endif
#ifdef MC_CORE_IRQ
	{
		uint64_t v = (uint64_t) bins[i] + n;
		struct mc_wide *w;

		if (v < MC_BIN_UNIT) {
			bins[i] = (mc_bin_t) v;
			return 0;
		}
		w = wide_of (h, (uint32_t) i);
		if (!w || w->units + v / MC_BIN_UNIT > UINT32_MAX) {
			/* The bin stays at its maximum: the rest is lost.  */
			bins[i] = (mc_bin_t) (MC_BIN_UNIT - 1);
			return v - (MC_BIN_UNIT - 1);
		}
		w->units += (uint32_t) (v / MC_BIN_UNIT);
		bins[i] = (mc_bin_t) (v % MC_BIN_UNIT);
	}
#else
	mc_add (&bins[i], n);
#endif
	return 0;
}

uint64_t
mc_hist_bin (const struct mc_hist *h, uint64_t i)
{
	const mc_bin_t *bins = mc_ld_acq (&h->bins);
	uint64_t v;
	uint32_t k, n;

	if (!bins || i >= h->nbins)
		return 0;
	v = mc_ld (&bins[i]);
	n = mc_ld (&h->nwide);
	for (k = 0; k < n; k++)
		if (h->wide[k].bin == i)
			v += (uint64_t) mc_ld (&h->wide[k].units) * MC_BIN_UNIT;
	return v;
}

bool
mc_hist_next (const uint64_t *marks, uint64_t nbins, uint64_t *c,
	      uint64_t *lo, uint64_t *hi)
{
	uint64_t n = (nbins + MC_HIST_CHUNK - 1) / MC_HIST_CHUNK;

	while (*c < n) {
		uint64_t w;

		if (marks) {
			w = mc_ld (&marks[*c / 64]) >> (*c % 64);
			if (!w) {
				*c = (*c / 64 + 1) * 64; /* a word of none */
				continue;
			}
			*c += (uint64_t) __builtin_ctzll (w);
			if (*c >= n)
				break;
		}
		*lo = *c * MC_HIST_CHUNK;
		*hi = *lo + MC_HIST_CHUNK < nbins ? *lo + MC_HIST_CHUNK
			: nbins;
		(*c)++;
		return true;
	}
	return false;
}

uint64_t
mc_hist_total (const struct mc_hist *h)
{
	const mc_bin_t *bins = mc_ld_acq (&h->bins);
	uint64_t c = 0, lo, hi, i, s = 0;
	uint32_t k, n;

	if (!bins)
		return 0;
	while (mc_hist_next (h->marks, h->nbins, &c, &lo, &hi))
		for (i = lo; i < hi; i++)
			s += mc_ld (&bins[i]);
	n = mc_ld (&h->nwide);
	for (k = 0; k < n; k++)
		s += (uint64_t) mc_ld (&h->wide[k].units) * MC_BIN_UNIT;
	return s;
}

void
mc_hist_zero (struct mc_hist *h)
{
	mc_bin_t *bins = mc_ld_acq (&h->bins);
	uint64_t c = 0, lo, hi, i;

	if (!bins)
		return;
	while (mc_hist_next (h->marks, h->nbins, &c, &lo, &hi))
		for (i = lo; i < hi; i++)
			if (mc_ld (&bins[i]))
				mc_st (&bins[i], 0);
	mc_st (&h->nwide, 0);
}

void
mc_hist_fill (const void *ctx, uint32_t first, uint32_t n, uint64_t *out)
{
	const struct mc_hist_part *p = ctx;
	uint32_t k;

	for (k = 0; k < n; k++)
		out[k] = mc_hist_bin (p->h, p->start + first + k);
}
