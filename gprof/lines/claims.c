/* claims.c - which unit's line table answers for each address, as
   libbfd decides.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Units may claim the same addresses.  A function the linker discarded
   (--gc-sections, a COMDAT copy) keeps its debugging information, with
   the addresses its section would have had at 0: its unit's ranges,
   line rows and function ranges start at 0, over the real code of a
   program linked at 0 (every Cortex-M firmware).  An assembler's
   function sizes may also run past a call the linker relaxed, over the
   next function (RISC-V).  libbfd asks the units in their order in
   .debug_info (those with ranges; then those without, by their line
   tables), and the first unit whose ranges hold the address and that
   has a line row or a function there answers: with its line, or, if it
   has only a function there, with no line at all.  So:

     claim (u) = ranges (u) & (rows (u) | functions (u))
                 (a unit without ranges: rows (u) | functions (u),
                 after every unit with ranges)

   and each address goes to the first unit that claims it: a sweep over
   the edges of every claim with the claiming units in a heap by their
   rank.  The pieces come out in address order, each with its unit.  */

#include <config.h>

#include <stdlib.h>

#include <libiberty/libiberty.h>

#include "gprof/lines/private.h"

/* A set of disjoint intervals, sorted.  */
struct ivec {
	struct dwarf_range *v;
	size_t n, cap;
};

static void
iv_push (struct ivec *a, uint64_t lo, uint64_t hi)
{
	if (hi <= lo)
		return;
	if (a->n == a->cap) {
		a->cap = a->cap ? 2 * a->cap : 16;
		a->v = xrealloc (a->v, a->cap * sizeof *a->v);
	}
	a->v[a->n].lo = lo;
	a->v[a->n].hi = hi;
	a->n++;
}

static int
cmp_iv (const void *l, const void *r)
{
	const struct dwarf_range *a = l, *b = r;

	if (a->lo != b->lo)
		return a->lo < b->lo ? -1 : 1;
	return (a->hi > b->hi) - (a->hi < b->hi);
}

/* A's intervals sorted, those that overlap or touch made one.  */
static void
iv_normalize (struct ivec *a)
{
	size_t i, k = 0;

	if (a->n < 2)
		return;
	qsort (a->v, a->n, sizeof *a->v, cmp_iv);
	for (i = 1; i < a->n; i++) {
		if (a->v[i].lo <= a->v[k].hi) {
			if (a->v[i].hi > a->v[k].hi)
				a->v[k].hi = a->v[i].hi;
		} else {
			a->v[++k] = a->v[i];
		}
	}
	a->n = k + 1;
}

/* What A and B (normalized) both hold, into OUT.  */
static void
iv_intersect (const struct ivec *a, const struct ivec *b, struct ivec *out)
{
	size_t i = 0, j = 0;

	while (i < a->n && j < b->n) {
		uint64_t lo = a->v[i].lo > b->v[j].lo ? a->v[i].lo : b->v[j].lo;
		uint64_t hi = a->v[i].hi < b->v[j].hi ? a->v[i].hi : b->v[j].hi;

		iv_push (out, lo, hi);
		if (a->v[i].hi < b->v[j].hi)
			i++;
		else
			j++;
	}
}

/* An edge of a claim, for the sweep.  */
struct edge {
	uint64_t at;			/* address */
	size_t rank;			/* the claiming unit's rank */
	bool start;			/* a claim starts (else ends) here */
};

static int
cmp_edge (const void *l, const void *r)
{
	const struct edge *a = l, *b = r;

	if (a->at != b->at)
		return a->at < b->at ? -1 : 1;
	return (a->start > b->start) - (a->start < b->start);
}

/* Edges, growing.  */
struct evec {
	struct edge *v;
	size_t n, cap;
};

static void
edge_push (struct evec *e, uint64_t at, size_t rank, bool start)
{
	if (e->n == e->cap) {
		e->cap = e->cap ? 2 * e->cap : 64;
		e->v = xrealloc (e->v, e->cap * sizeof *e->v);
	}
	e->v[e->n].at = at;
	e->v[e->n].rank = rank;
	e->v[e->n].start = start;
	e->n++;
}

/* Unit U's claim, clipped to [LO, HI), into the edges E.  */
static void
unit_claim (struct dwarf *dw, size_t u, size_t nunits, uint64_t lo,
	    uint64_t hi, struct evec *e)
{
	const struct dwarf_lines *lt = dwarf_unit_lines (dw, u);
	const struct dwarf_funcs *fs;
	struct dwarf_range *r = NULL;
	struct ivec have = { 0 }, ranges = { 0 }, claim = { 0 };
	size_t nr, i, rank = u;

	if (!lt)
		return;
	for (i = 0; i < lt->nseqs; i++)
		iv_push (&have, lt->seqs[i].low, lt->seqs[i].high);
	fs = dwarf_unit_funcs (dw, u);
	for (i = 0; fs && i < fs->nranges; i++)
		iv_push (&have, fs->ranges[i].lo, fs->ranges[i].hi);
	iv_normalize (&have);
	nr = dwarf_unit_ranges (dw, u, &r);
	if (nr) {
		for (i = 0; i < nr; i++)
			iv_push (&ranges, r[i].lo, r[i].hi);
		iv_normalize (&ranges);
		iv_intersect (&have, &ranges, &claim);
	} else {
		claim = have;
		have.v = NULL;
		rank = nunits + u;	/* after every unit with ranges */
	}
	for (i = 0; i < claim.n; i++) {
		uint64_t a = claim.v[i].lo < lo ? lo : claim.v[i].lo;
		uint64_t b = claim.v[i].hi > hi ? hi : claim.v[i].hi;

		if (a >= b)
			continue;
		edge_push (e, a, rank, true);
		edge_push (e, b, rank, false);
	}
	free (r);
	free (have.v);
	free (ranges.v);
	free (claim.v);
}

static void
heap_push (size_t *h, size_t *n, size_t x)
{
	size_t i = (*n)++;

	while (i > 0 && h[(i - 1) / 2] > x) {
		h[i] = h[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	h[i] = x;
}

static void
heap_pop (size_t *h, size_t *n)
{
	size_t x = h[--*n], i = 0;

	for (;;) {
		size_t c = 2 * i + 1;

		if (c >= *n)
			break;
		if (c + 1 < *n && h[c + 1] < h[c])
			c++;
		if (h[c] >= x)
			break;
		h[i] = h[c];
		i = c;
	}
	if (*n > 0)
		h[i] = x;
}

struct claim *
claims_build (struct dwarf *dw, uint64_t lo, uint64_t hi, size_t *nout)
{
	size_t nunits = dwarf_units (dw), u, i, nh = 0, n = 0, cap = 0, ne;
	struct evec ev = { 0 };
	struct edge *e;
	struct claim *out = NULL;
	size_t *heap, *open;

	for (u = 0; u < nunits; u++)
		unit_claim (dw, u, nunits, lo, hi, &ev);
	e = ev.v;
	ne = ev.n;
	if (ne > 1)
		qsort (e, ne, sizeof *e, cmp_edge);
	heap = XNEWVEC (size_t, ne + 1);
	open = XCNEWVEC (size_t, 2 * nunits + 1);
	for (i = 0; i < ne;) {
		uint64_t at = e[i].at;

		/* Ends before starts at one address (cmp_edge): a unit's
		   claims are disjoint, so it is open once at most.  */
		for (; i < ne && e[i].at == at; i++) {
			if (e[i].start) {
				if (open[e[i].rank]++ == 0)
					heap_push (heap, &nh, e[i].rank);
			} else {
				open[e[i].rank]--;
			}
		}
		while (nh > 0 && open[heap[0]] == 0)
			heap_pop (heap, &nh);
		if (n > 0 && out[n - 1].hi == 0)
			out[n - 1].hi = at;	/* the piece before ends */
		if (nh == 0 || i >= ne)
			continue;
		u = heap[0] >= nunits ? heap[0] - nunits : heap[0];
		if (n > 0 && out[n - 1].hi == at && out[n - 1].unit == u) {
			out[n - 1].hi = 0;	/* goes on */
			continue;
		}
		if (n == cap) {
			cap = cap ? 2 * cap : 64;
			out = xrealloc (out, cap * sizeof *out);
		}
		out[n].lo = at;
		out[n].hi = 0;
		out[n].unit = u;
		n++;
	}
	if (n > 0 && out[n - 1].hi == 0)
		out[n - 1].hi = hi;
	free (e);
	free (heap);
	free (open);
	*nout = n;
	return out;
}
