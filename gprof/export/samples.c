/* samples.c - the histogram as integer costs that add up.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   A bin's samples are shared by the symbols (and, with -l, the lines)
   its address range overlaps, in proportion to the overlap, on the
   2-byte address units and bin edges of assign.c.  The difference is
   the divisor.  GNU gprof divides each overlap by the nominal bin
   width, which glibc makes a little less than the real width of most
   bins, so its times add up to a little more than the samples taken;
   here each bin is split by its real width, so the shares of a bin add
   up to its samples exactly, and what lies outside every symbol is
   kept as a share of its own:

          bin: 4 units, 10 samples
       +--------+--------+
       |  f: 3  | gap: 1 |          f gets 7.5, the gap 2.5
       +--------+--------+

   Costs are integers in the finest of usec, nsec, psec that makes a
   sample a whole number (1 sample = 10000 usec at 100 Hz), and each
   bin's count is split by round.c, so every total holds exactly.
   Samples of symbols the flat profile leaves out (-P, and the
   profiling runtime's own functions) are dropped, as GNU gprof drops
   them from its total.  */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gmon/bytes.h"
#include "gprof/export/private.h"
#include "gprof/util/hindex.h"
#include "gprof/lines/lines.h"
#include "gprof/lines/linesyms.h"
#include "gprof/symbols/symtab.h"

#define UNIT	2			/* bytes per histogram address unit */

/* A line lookup, remembered.  */
struct line_memo {
	uint64_t addr;			/* the address asked about */
	const struct source_file *file;	/* its file, or NULL */
	int line;			/* its line, or 0 */
};

/* Growing arrays of pieces.  */
struct pvec {
	struct piece *v;
	size_t n, cap;
};

static void
pvec_push (struct pvec *pv, const struct piece *p)
{
	if (pv->n == pv->cap) {
		pv->cap = pv->cap ? pv->cap * 2 : 256;
		pv->v = xrealloc (pv->v, pv->cap * sizeof *pv->v);
	}
	pv->v[pv->n++] = *p;
}

/* Parts of one bin before they get their cost.  */
struct part {
	uint64_t addr;			/* first address */
	uint64_t line_addr;
	uint32_t sym;
	uint64_t units;			/* width: the weight of its share */
};

struct bin_parts {
	struct part *v;
	uint64_t *w, *cost;
	size_t n, cap;
};

static void
part_add (struct bin_parts *bp, uint64_t addr, uint64_t line_addr,
	  uint32_t sym, uint64_t units)
{
	if (bp->n == bp->cap) {
		bp->cap = bp->cap ? bp->cap * 2 : 16;
		bp->v = xrealloc (bp->v, bp->cap * sizeof *bp->v);
		bp->w = xrealloc (bp->w, bp->cap * sizeof *bp->w);
		bp->cost = xrealloc (bp->cost, bp->cap * sizeof *bp->cost);
	}
	bp->v[bp->n] = (struct part) { addr, line_addr, sym, units };
	bp->w[bp->n] = units;
	bp->n++;
}

/* The finest time unit in which one sample is a whole number, and in
   which the whole profile still fits 64 bits.  */
static void
pick_unit (struct samples *xs, const struct profile *p, uint64_t samples)
{
	static const struct {
		const char *name, *legend;
		uint64_t per_second;
	} units[] = {
		{ "psec", "Sampled CPU time (picoseconds)", 1000000000000u },
		{ "nsec", "Sampled CPU time (nanoseconds)", 1000000000u },
		{ "usec", "Sampled CPU time (microseconds)", 1000000u },
	};
	size_t i;

	xs->unit = "samples";
	xs->unit_long = "Histogram samples";
	xs->per_sample = 1;
	if (p->hz <= 0 || strcmp (p->dimen, "seconds") != 0) {
		if (p->hz <= 0 && !(p->input & INPUT_HIST)) {
			/* No time at all: the usual unit, for the legend.  */
			xs->unit = units[2].name;
			xs->unit_long = units[2].legend;
		}
		return;
	}
	/* Coarsest first, so that a profile whose sample fits usec does
	   not get psec; then finer only if usec cannot hold a sample.  */
	for (i = 3; i-- > 0;) {
		uint64_t ps = units[i].per_second;

		if (ps % (uint64_t) p->hz != 0)
			continue;
		ps /= (uint64_t) p->hz;
		if (samples != 0 && ps > UINT64_MAX / 2 / samples)
			continue;
		xs->unit = units[i].name;
		xs->unit_long = units[i].legend;
		xs->per_sample = ps;
		return;
	}
}

/* Where symbol J ends, in units (assign.c's rule).  */
static uint64_t
sym_high (const struct symtab *st, size_t j)
{
	if (j + 1 < st->len)
		return st->base[j + 1].addr / UNIT;
	if (st->text_end / UNIT < st->base[j].addr / UNIT)
		return st->base[j].addr / UNIT;
	return st->text_end / UNIT;
}

/* The part of symbol J in units [LO, HI) of a bin, split at the line
   starts inside it if asked.  */
static void
add_sym_part (struct bin_parts *bp, const struct symtab *st, size_t j,
	      uint64_t lo, uint64_t hi, struct lines *lines)
{
	const struct sym *s = &st->base[j];
	uint64_t start = lo * UNIT > s->addr ? lo * UNIT : s->addr;
	uint64_t pc, cur_line, cur_lo;

	if (!lines) {
		part_add (bp, start, s->addr, (uint32_t) j, hi - lo);
		return;
	}
	/* A new line symbol starts wherever the start of the line an
	   address belongs to changes; its share begins at that address's
	   unit, as a line symbol's range does in GNU gprof's -l.  */
	cur_line = linesyms_line_start (lines, start, s->addr);
	cur_lo = lo;
	for (pc = start + 1; pc < hi * UNIT; pc++) {
		uint64_t ls = linesyms_line_start (lines, pc, s->addr);

		if (ls == cur_line)
			continue;
		if (pc / UNIT > cur_lo) {
			part_add (bp, start, cur_line, (uint32_t) j,
				  pc / UNIT - cur_lo);
			cur_lo = pc / UNIT;
		}
		start = pc;
		cur_line = ls;
	}
	if (hi > cur_lo)
		part_add (bp, start, cur_line, (uint32_t) j, hi - cur_lo);
}

/* Splits one histogram's bins.  *K is the symbol cursor.  */
static void
split_hist (struct samples *xs, const struct export_input *in,
	    const struct gmon_hist *h, struct pvec *out, struct bin_parts *bp,
	    size_t *k)
{
	const struct symtab *st = in->st;
	double scale = in->p->hist_scale;
	uint64_t low = h->h.low_pc / UNIT;
	struct lines *lines = xs->by_line ? xs->lines : NULL;
	struct gmon_bins_iter it;
	uint64_t count;
	uint32_t i;
	size_t j, m;

	gmon_bins_iter_init (&it, &h->bins);
	while (gmon_bins_next (&it, &i, &count)) {
		uint64_t bin_lo, bin_hi, at;

		bin_lo = low + (uint64_t) (scale * i);
		bin_hi = low + (uint64_t) (scale * (i + 1));
		bp->n = 0;
		if (bin_hi <= bin_lo) {
			/* A bin narrower than a unit: the symbol at its
			   address gets it all.  */
			const struct sym *s = symtab_find (st, bin_lo * UNIT);

			if (s)
				add_sym_part (bp, st, (size_t) (s - st->base),
					      bin_lo, bin_lo + 1, NULL);
			else
				part_add (bp, bin_lo * UNIT, bin_lo * UNIT,
					  SAMPLES_NOSYM, 1);
		} else {
			at = bin_lo;
			while (*k > 0 && st->base[*k].addr / UNIT > bin_lo)
				(*k)--;
			for (j = *k; j < st->len && at < bin_hi; j++) {
				uint64_t s_lo = st->base[j].addr / UNIT;
				uint64_t s_hi = sym_high (st, j);
				uint64_t lo, hi;

				if (s_hi <= at)
					continue;
				if (s_lo >= bin_hi)
					break;
				lo = s_lo > at ? s_lo : at;
				hi = s_hi < bin_hi ? s_hi : bin_hi;
				if (lo > at)
					part_add (bp, at * UNIT, at * UNIT,
						  SAMPLES_NOSYM, lo - at);
				if (hi > lo)
					add_sym_part (bp, st, j, lo, hi,
						      lines);
				at = hi > at ? hi : at;
			}
			/* Symbols below J - 1 end before the next bin.  */
			if (j > 0 && j - 1 > *k)
				*k = j - 1;
			if (at < bin_hi)
				part_add (bp, at * UNIT, at * UNIT,
					  SAMPLES_NOSYM, bin_hi - at);
		}

		round_split (count * xs->per_sample, bp->w, bp->n, bp->cost);
		for (m = 0; m < bp->n; m++) {
			const struct part *pt = &bp->v[m];
			struct piece pc;

			if (bp->cost[m] == 0)
				continue;
			if (pt->sym != SAMPLES_NOSYM
			    && st->base[pt->sym].flat_off) {
				xs->excluded = gmon_add_sat (xs->excluded,
							     bp->cost[m]);
				if (st->base[pt->sym].overhead)
					xs->overhead_out = gmon_add_sat (
						xs->overhead_out, bp->cost[m]);
				continue;
			}
			pc.addr = pt->addr;
			pc.line_addr = pt->line_addr;
			pc.sym = pt->sym;
			pc.cost = bp->cost[m];
			pvec_push (out, &pc);
			if (pt->sym == SAMPLES_NOSYM)
				xs->unknown = gmon_add_sat (xs->unknown,
							    pc.cost);
			else
				xs->self[pt->sym] = gmon_add_sat
					(xs->self[pt->sym], pc.cost);
			xs->total = gmon_add_sat (xs->total, pc.cost);
		}
	}
}

static int
cmp_hist (const void *lp, const void *rp)
{
	const struct gmon_hist *l = *(const struct gmon_hist *const *) lp;
	const struct gmon_hist *r = *(const struct gmon_hist *const *) rp;

	return l->h.low_pc < r->h.low_pc ? -1 : l->h.low_pc > r->h.low_pc;
}

static int
cmp_bb (const void *lp, const void *rp)
{
	const struct gmon_bb *l = lp, *r = rp;

	return l->addr < r->addr ? -1 : l->addr > r->addr;
}

static void
split_blocks (struct samples *xs, const struct export_input *in)
{
	const struct symtab *st = in->st;
	const struct profile *p = in->p;
	struct gmon_bb *bbs;
	struct pvec out = { NULL, 0, 0 };
	size_t i;

	xs->have_bb = true;
	bbs = XNEWVEC (struct gmon_bb, p->nbbs ? p->nbbs : 1);
	memcpy (bbs, p->bbs, p->nbbs * sizeof *bbs);
	qsort (bbs, p->nbbs, sizeof *bbs, cmp_bb);
	for (i = 0; i < p->nbbs; i++) {
		const struct sym *s = symtab_find (st, bbs[i].addr);
		struct piece pc;

		if (bbs[i].count == 0)
			continue;
		pc.addr = bbs[i].addr;
		pc.cost = bbs[i].count;
		if (s) {
			pc.sym = (uint32_t) (s - st->base);
			pc.line_addr = xs->by_line
				? linesyms_line_start (xs->lines, pc.addr,
						    s->addr)
				: s->addr;
			xs->bb_self[pc.sym] = gmon_add_sat (xs->bb_self[pc.sym],
							    pc.cost);
		} else {
			pc.sym = SAMPLES_NOSYM;
			pc.line_addr = pc.addr;
			xs->bb_unknown = gmon_add_sat (xs->bb_unknown, pc.cost);
		}
		xs->bb_total = gmon_add_sat (xs->bb_total, pc.cost);
		pvec_push (&out, &pc);
	}
	free (bbs);
	xs->bbv = out.v;
	xs->nbb = out.n;
}

void
samples_build (struct samples *xs, const struct export_input *in, bool by_line)
{
	const struct profile *p = in->p;
	const struct gmon_hist **order;
	struct bin_parts bp = { NULL, NULL, NULL, 0, 0 };
	struct pvec out = { NULL, 0, 0 };
	uint64_t samples = 0;
	size_t i, k = 0, n = in->st->len ? in->st->len : 1;
	uint32_t b;

	memset (xs, 0, sizeof *xs);
	xs->lines = in->lines;
	xs->by_line = by_line && in->lines;
	xs->self = XCNEWVEC (uint64_t, n);
	xs->bb_self = XCNEWVEC (uint64_t, n);

	for (i = 0; i < p->nhist; i++) {
		struct gmon_bins_iter it;
		uint64_t count;

		gmon_bins_iter_init (&it, &p->hist[i].bins);
		while (gmon_bins_next (&it, &b, &count))
			samples = gmon_add_sat (samples, count);
	}
	pick_unit (xs, p, samples);

	order = XNEWVEC (const struct gmon_hist *, p->nhist ? p->nhist : 1);
	for (i = 0; i < p->nhist; i++)
		order[i] = &p->hist[i];
	qsort (order, p->nhist, sizeof *order, cmp_hist);
	for (i = 0; i < p->nhist; i++)
		if (in->st->len)
			split_hist (xs, in, order[i], &out, &bp, &k);
	free (order);
	free (bp.v);
	free (bp.w);
	free (bp.cost);
	xs->v = out.v;
	xs->n = out.n;
	xs->samples = xs->per_sample ? xs->total / xs->per_sample : 0;

	if ((p->input & INPUT_BB) && p->nbbs)
		split_blocks (xs, in);
}

void
samples_free (struct samples *xs)
{
	free (xs->self);
	free (xs->bb_self);
	free (xs->v);
	free (xs->bbv);
	free (xs->lmemo);
	hindex_free (&xs->lmemo_index);
	memset (xs, 0, sizeof *xs);
}

/* ------------------------------------------------------------------ */
/* Lines of addresses */

static size_t
memo_hash (const void *arg, size_t i)
{
	return hindex_hash (((const struct samples *) arg)->lmemo[i].addr);
}

void
samples_line (struct samples *xs, uint64_t addr,
	      const struct source_file **file, int *line)
{
	struct line_memo *e;
	struct sym probe;
	size_t s;

	*file = NULL;
	*line = 0;
	if (!xs->lines)
		return;
	if (!xs->lmemo_index.slot)
		hindex_init (&xs->lmemo_index, 500);
	for (s = hindex_first (&xs->lmemo_index, hindex_hash (addr));
	     xs->lmemo_index.slot[s]; s = hindex_next (&xs->lmemo_index, s)) {
		e = &xs->lmemo[xs->lmemo_index.slot[s] - 1];
		if (e->addr == addr) {
			*file = e->file;
			*line = e->line;
			return;
		}
	}
	/* lines.c answers for symbols: ask it about one at ADDR.  */
	sym_init (&probe);
	probe.addr = addr;
	lines_resolve (xs->lines, &probe);
	if (xs->nlmemo == xs->lmemo_cap) {
		xs->lmemo_cap = xs->lmemo_cap ? xs->lmemo_cap * 2 : 512;
		xs->lmemo = xrealloc (xs->lmemo,
				      xs->lmemo_cap * sizeof *xs->lmemo);
	}
	e = &xs->lmemo[xs->nlmemo++];
	e->addr = addr;
	e->file = probe.file;
	e->line = probe.line;
	hindex_put (&xs->lmemo_index, s, xs->nlmemo - 1, xs->nlmemo, memo_hash,
		    xs);
	*file = e->file;
	*line = e->line;
}
