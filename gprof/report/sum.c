/* sum.c - gmon.sum (-s): the sum of the profiles, as one profile.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   GNU gprof writes the histograms as read, then each arc once per
   (caller line, callee function) -- it reads -s profiles at line
   level -- at the start addresses of those two symbols, callers in
   address order and each caller's arcs newest first, then the basic
   blocks per line.  The same file comes out here, but whole: counts
   too wide for their field go into further records (which every
   reader adds up) instead of wrapping, every block is kept (GNU gprof
   keeps ten per line), and the header's spare bytes are zero.  */

#include <config.h>

#include <stdlib.h>

#include <libiberty/libiberty.h>

#include "gprof/callgraph.h"
#include "gprof/lines.h"
#include "gprof/msort.h"
#include "gprof/profile.h"
#include "gprof/report/report.h"
#include "gprof/symspec.h"
#include "gprof/symtab.h"

struct sum_key {
	struct sum_arc arc;		/* from (line start), self, count */
	size_t seq;			/* order first seen */
	struct sum_key *hnext;		/* hash chain */
};

static int
cmp_sum_arc (const void *a, const void *b, void *arg)
{
	const struct sum_key *l = a, *r = b;

	(void) arg;
	if (l->arc.from_pc != r->arc.from_pc)
		return l->arc.from_pc < r->arc.from_pc ? -1 : 1;
	/* Newest first, as GNU gprof's lists.  */
	return l->seq < r->seq ? 1 : l->seq > r->seq ? -1 : 0;
}

/* The start of the symbol of the (line-level) table ADDR is in.  */
static uint64_t
line_sym_start (struct lines *lines, const struct sym *f, uint64_t addr)
{
	return lines ? lines_line_start (lines, addr, f->addr) : f->addr;
}

static size_t
hash_key (uint64_t a, uint64_t b, size_t mask)
{
	uint64_t h = a * 0x9e3779b97f4a7c15u ^ b * 0xc2b2ae3d27d4eb4fu;

	return (size_t) (h ^ (h >> 31)) & mask;
}

static struct sum_arc *
sum_arcs (struct report *r, struct lines *lines, size_t *n)
{
	const struct profile *p = r->p;
	struct symtab *st = (struct symtab *) r->st;
	size_t nbuckets = 1024, nkeys = 0, i;
	struct sum_key *keys, **buckets;
	struct sum_arc *out;
	void **v;

	while (nbuckets < p->narcs * 2)
		nbuckets *= 2;
	buckets = XCNEWVEC (struct sum_key *, nbuckets);
	keys = XNEWVEC (struct sum_key, p->narcs + 1);
	for (i = 0; i < p->narcs; i++) {
		const struct raw_arc *ra = &p->arcs[i];
		struct sym *parent, *child;
		struct sum_key *k;
		uint64_t from;
		size_t h;

		parent = symtab_lookup (st->base, st->len, ra->from_pc);
		if (!parent || !symtab_lookup (st->base, st->len, ra->self_pc))
			continue;
		child = cg_callee (st, ra->self_pc);
		if (!child || !symspec_arc_ok (r->ss, parent, child))
			continue;
		from = line_sym_start (lines, parent, ra->from_pc);
		h = hash_key (from, child->addr, nbuckets - 1);
		for (k = buckets[h]; k; k = k->hnext)
			if (k->arc.from_pc == from
			    && k->arc.self_pc == child->addr)
				break;
		if (!k) {
			k = &keys[nkeys];
			k->arc.from_pc = from;
			k->arc.self_pc = child->addr;
			k->arc.count = 0;
			k->seq = nkeys++;
			k->hnext = buckets[h];
			buckets[h] = k;
		}
		k->arc.count += ra->count;
	}
	v = XNEWVEC (void *, nkeys + 1);
	for (i = 0; i < nkeys; i++)
		v[i] = &keys[i];
	msort_ptrs (v, nkeys, cmp_sum_arc, NULL);
	out = XNEWVEC (struct sum_arc, nkeys + 1);
	for (i = 0; i < nkeys; i++)
		out[i] = ((struct sum_key *) v[i])->arc;
	free (v);
	free (keys);
	free (buckets);
	*n = nkeys;
	return out;
}

struct bb_key {
	uint64_t start;			/* its line symbol */
	size_t seq;
	struct raw_bb bb;
};

static int
cmp_bb_key (const void *a, const void *b, void *arg)
{
	const struct bb_key *l = a, *r = b;

	(void) arg;
	if (l->start != r->start)
		return l->start < r->start ? -1 : 1;
	return l->seq < r->seq ? -1 : l->seq > r->seq;
}

static struct raw_bb *
sum_bbs (struct report *r, struct lines *lines, size_t *n)
{
	const struct profile *p = r->p;
	struct symtab *st = (struct symtab *) r->st;
	struct bb_key *keys = XNEWVEC (struct bb_key, p->nbbs + 1);
	struct raw_bb *out;
	size_t nkeys = 0, i;
	void **v;

	/* The profile has each address once already.  */
	for (i = 0; i < p->nbbs; i++) {
		struct sym *s = symtab_lookup (st->base, st->len,
					       p->bbs[i].addr);

		if (!s)
			continue;
		keys[nkeys].start = line_sym_start (lines, s, p->bbs[i].addr);
		keys[nkeys].seq = nkeys;
		keys[nkeys].bb = p->bbs[i];
		nkeys++;
	}
	v = XNEWVEC (void *, nkeys + 1);
	for (i = 0; i < nkeys; i++)
		v[i] = &keys[i];
	msort_ptrs (v, nkeys, cmp_bb_key, NULL);
	out = XNEWVEC (struct raw_bb, nkeys + 1);
	for (i = 0; i < nkeys; i++)
		out[i] = ((struct bb_key *) v[i])->bb;
	free (v);
	free (keys);
	*n = nkeys;
	return out;
}

void
report_sum (struct report *r, struct lines *lines, struct objfile *of,
	    const char *path)
{
	struct sum_arc *arcs;
	struct raw_bb *bbs;
	size_t narcs, nbbs;

	arcs = sum_arcs (r, lines, &narcs);
	bbs = sum_bbs (r, lines, &nbbs);
	profile_write_sum (path, r->p, of, r->opt->format, arcs, narcs, bbs,
			   nbbs);
	free (arcs);
	free (bbs);
}
