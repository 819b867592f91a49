/* linkorder.c - suggested function order (-r) and object file order (-R).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   GNU gprof's placement heuristic, step for step, since its output is
   only useful if it is the same list:

   1. functions never called go last, in address order;
   2. the callees of the arcs that make up 90% of all calls count how
      often they are used; of the most used 1/80 of the functions (up
      to the first used exactly five times) the arcs among themselves
      are kept apart;
   3. chains are grown greedily from the heaviest arcs: an arc joins a
      lone function to the nearer end of the other's chain; first the
      arcs of step 2, then the top 99% of all arcs, then the rest;
   4. what no chain took, in address order.

   GNU gprof walks a chain to find its ends for every arc; here each
   chain knows its ends and each function its place in it.  It also
   counts the arcs of -k/-q FROM/TO specs as calls, which prints some
   names twice; those are not arcs of the program and are left out.  */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include <libiberty/hashtab.h>
#include <libiberty/libiberty.h>

#include "gprof/graph/arclists.h"
#include "gprof/graph/callgraph.h"
#include "gprof/util/msort.h"
#include "gprof/symbols/objfile.h"
#include "gprof/symbols/symfile.h"
#include "gprof/report/arcorder.h"
#include "gprof/report/report.h"

#define HIGH_USE	0.90		/* arcs whose callees count as used */
#define MOST		0.99		/* arcs placed in the first pass */

struct chain {
	uint32_t head, tail;		/* symbol indices */
	long head_pos, tail_pos;	/* their places */
};

struct placer {
	struct report *r;
	const struct callgraph *cg;
	const struct symtab *st;
	bool *placed;			/* per symbol */
	int32_t *next, *prev;		/* per symbol: chain neighbours, or -1 */
	int32_t *chain;			/* per symbol: its chain, or -1 */
	long *pos;			/* per symbol: place in its chain */
	struct chain *chains;
	size_t nchains;
	unsigned char *arc_placed;	/* per arc */
	int *nuses;			/* per symbol */
	void **scratch;			/* for order_*() */
};

static uint32_t
ix (const struct placer *pl, const struct sym *s)
{
	return (uint32_t) (s - pl->st->base);
}

static bool
lone (const struct placer *pl, uint32_t s)
{
	return pl->next[s] < 0 && pl->prev[s] < 0;
}

/* The end of S's chain a walk from S reaches: forward if S has a
   successor, else backward.  */
static uint32_t
walk_end (const struct placer *pl, uint32_t s)
{
	if (pl->chain[s] < 0)
		return s;
	return pl->next[s] >= 0 ? pl->chains[pl->chain[s]].tail
		: pl->chains[pl->chain[s]].head;
}

/* Links A before B (A->next = B); one of them is alone.  */
static void
link (struct placer *pl, uint32_t a, uint32_t b)
{
	pl->next[a] = (int32_t) b;
	pl->prev[b] = (int32_t) a;
	if (pl->chain[a] < 0 && pl->chain[b] < 0) {
		pl->chains[pl->nchains] = (struct chain) { a, b, 0, 1 };
		pl->chain[a] = pl->chain[b] = (int32_t) pl->nchains++;
		pl->pos[a] = 0;
		pl->pos[b] = 1;
	} else if (pl->chain[a] < 0) {
		struct chain *c = &pl->chains[pl->chain[b]];

		pl->chain[a] = pl->chain[b];
		pl->pos[a] = --c->head_pos;
		c->head = a;
	} else {
		struct chain *c = &pl->chains[pl->chain[a]];

		pl->chain[b] = pl->chain[a];
		pl->pos[b] = ++c->tail_pos;
		c->tail = b;
	}
}

static void
put_name (const struct sym *s)
{
	puts (s->name);
}

static void
order_and_dump (struct placer *pl, uint32_t *arcs, size_t n, bool all,
		uint32_t *unplaced, size_t *nunplaced)
{
	const struct callgraph *cg = pl->cg;
	unsigned long long total = 0, tmp = 0;
	size_t i;

	if (!all)
		for (i = 0; i < n; i++)
			total += cg->arcs[arcs[i]].count;

	for (i = 0; i < n; i++) {
		const struct arc *a = &cg->arcs[arcs[i]];
		uint32_t parent = ix (pl, a->parent), child = ix (pl, a->child);

		tmp += a->count;
		if (pl->arc_placed[arcs[i]])
			continue;
		if ((!all && (double) tmp / (double) total > MOST)
		    || pl->placed[child] || pl->placed[parent]) {
			unplaced[(*nunplaced)++] = arcs[i];
			continue;
		}
		if (pl->next[parent] >= 0 && pl->prev[parent] >= 0
		    && pl->next[child] >= 0 && pl->prev[child] >= 0) {
			unplaced[(*nunplaced)++] = arcs[i];
			continue;
		}
		if (lone (pl, parent)) {
			/* Join the nearer end of the child's chain.  */
			if (pl->chain[child] >= 0) {
				const struct chain *c =
					&pl->chains[pl->chain[child]];
				long next_count = c->tail_pos - pl->pos[child];
				long prev_count = pl->pos[child] - c->head_pos;

				child = next_count < prev_count ? c->tail
					: c->head;
			}
		} else if (lone (pl, child)) {
			const struct chain *c = &pl->chains[pl->chain[parent]];
			long next_count = c->tail_pos - pl->pos[parent];
			long prev_count = pl->pos[parent] - c->head_pos;

			parent = prev_count < next_count ? c->head : c->tail;
		} else {
			unplaced[(*nunplaced)++] = arcs[i];
			continue;
		}
		/* Never close a chain into a ring.  */
		if (walk_end (pl, parent) == child
		    && walk_end (pl, child) == parent) {
			unplaced[(*nunplaced)++] = arcs[i];
			continue;
		}
		if (pl->next[parent] >= 0) {
			if (pl->next[child] < 0) {
				link (pl, child, parent);
				pl->arc_placed[arcs[i]] = 1;
			}
		} else if (pl->prev[parent] >= 0) {
			if (pl->prev[child] < 0) {
				link (pl, parent, child);
				pl->arc_placed[arcs[i]] = 1;
			}
		} else {
			if (pl->prev[child] >= 0)
				link (pl, child, parent);
			else
				link (pl, parent, child);
			pl->arc_placed[arcs[i]] = 1;
		}
	}

	/* The chains, each from its head, in the order of their arcs.  */
	for (i = 0; i < n; i++) {
		const struct arc *a = &cg->arcs[arcs[i]];
		uint32_t s = ix (pl, a->parent);
		int32_t m;

		if (pl->placed[s] || pl->placed[ix (pl, a->child)])
			continue;
		if (lone (pl, s))
			continue;
		for (m = (int32_t) pl->chains[pl->chain[s]].head; m >= 0;
		     m = pl->next[m]) {
			pl->placed[m] = true;
			put_name (&pl->st->base[m]);
		}
	}
	if (all)
		for (i = 0; i < n; i++) {
			const struct arc *a = &cg->arcs[arcs[i]];
			uint32_t s = ix (pl, a->parent);

			if (pl->placed[s] || pl->placed[ix (pl, a->child)])
				continue;
			pl->placed[s] = true;
			put_name (a->parent);
		}
}

static void
placer_init (struct placer *pl, struct report *r)
{
	size_t n = r->st->len ? r->st->len : 1, i;

	memset (pl, 0, sizeof *pl);
	pl->r = r;
	pl->cg = r->cg;
	pl->st = r->st;
	pl->placed = XCNEWVEC (bool, n);
	pl->next = XNEWVEC (int32_t, n);
	pl->prev = XNEWVEC (int32_t, n);
	pl->chain = XNEWVEC (int32_t, n);
	pl->pos = XCNEWVEC (long, n);
	pl->chains = XNEWVEC (struct chain, n);
	pl->nuses = XCNEWVEC (int, n);
	pl->arc_placed = XCNEWVEC (unsigned char, r->cg->narcs + 1);
	pl->scratch = XNEWVEC (void *, 2 * r->cg->narcs + 2);
	for (i = 0; i < n; i++)
		pl->next[i] = pl->prev[i] = pl->chain[i] = -1;
}

static void
placer_free (struct placer *pl)
{
	free (pl->placed);
	free (pl->next);
	free (pl->prev);
	free (pl->chain);
	free (pl->pos);
	free (pl->chains);
	free (pl->nuses);
	free (pl->arc_placed);
	free (pl->scratch);
}

/* The program's arcs between two different functions, oldest first:
   GNU gprof's arcs[] array.  */
static size_t
program_arcs (const struct callgraph *cg, uint32_t *out)
{
	size_t i, n = 0;

	for (i = 0; i < cg->narcs; i++)
		if (cg->arcs[i].parent != cg->arcs[i].child)
			out[n++] = (uint32_t) i;
	return n;
}

static int
cmp_count_down (const void *a, const void *b, void *arg)
{
	const struct arc *l = a, *r = b;

	(void) arg;
	if (l->count > r->count)
		return -1;
	if (l->count < r->count)
		return 1;
	return 0;
}

static void
sort_by_count (const struct callgraph *cg, uint32_t *v, size_t n)
{
	void **p = XNEWVEC (void *, n ? n : 1);
	size_t i;

	for (i = 0; i < n; i++)
		p[i] = &cg->arcs[v[i]];
	msort_ptrs (p, n, cmp_count_down, NULL);
	for (i = 0; i < n; i++)
		v[i] = (uint32_t) ((struct arc *) p[i] - cg->arcs);
	free (p);
}

static int
cmp_nuses_down (const void *a, const void *b, void *arg)
{
	const struct placer *pl = arg;
	int l = pl->nuses[ix (pl, a)], r = pl->nuses[ix (pl, b)];

	return l > r ? -1 : l < r;
}

/* SYM's arcs as GNU gprof's lists hold them at this point: newest
   first, or sorted if the call graph printed SYM.  */
static size_t
list_arcs (struct placer *pl, const struct sym *sym, bool parents,
	   uint32_t *out)
{
	const struct callgraph *cg = pl->cg;
	size_t n = 0;
	uint32_t ai;

	if ((pl->r->opt->style & STYLE_CALL_GRAPH)
	    && report_graph_printed (pl->r, sym)) {
		if (parents)
			return order_parents (cg, sym, out, pl->scratch);
		return order_children (cg, sym, out, pl->scratch);
	}
	for (ai = parents ? sym->parents : sym->children; ai != NO_ARC;
	     ai = parents ? cg->arcs[ai].next_parent
	     : cg->arcs[ai].next_child)
		out[n++] = ai;
	return n;
}

void
report_function_order (struct report *r)
{
	const struct callgraph *cg = r->cg;
	const struct symtab *st = r->st;
	size_t n = st->len, narcs, nused = 0, nunused = 0, i, k;
	size_t nscratch = 0, nhigh = 0, nunplaced = 0, group_end = 0;
	unsigned long long total = 0, tmp = 0;
	uint32_t *arcs, *scratch, *high, *unplaced, *lbuf;
	struct sym **used, **unused, **by_uses;
	struct placer pl;

	placer_init (&pl, r);
	arcs = XNEWVEC (uint32_t, cg->narcs + 1);
	scratch = XNEWVEC (uint32_t, 2 * cg->narcs + 1);
	high = XNEWVEC (uint32_t, 2 * cg->narcs + 1);
	unplaced = XNEWVEC (uint32_t, 2 * cg->narcs + 1);
	lbuf = XNEWVEC (uint32_t, cg->narcs + 1);
	used = XNEWVEC (struct sym *, n + 1);
	unused = XNEWVEC (struct sym *, n + 1);
	by_uses = XNEWVEC (struct sym *, n + 1);

	/* 1. Never called: placed already, printed last.  */
	for (i = 0; i < n; i++) {
		if (st->base[i].ncalls == 0) {
			unused[nunused++] = &st->base[i];
			pl.placed[i] = true;
		} else {
			used[nused++] = &st->base[i];
		}
	}

	/* 2. Use counts over the arcs that carry 90% of the calls.  */
	narcs = program_arcs (cg, arcs);
	sort_by_count (cg, arcs, narcs);
	for (i = 0; i < narcs; i++)
		total += cg->arcs[arcs[i]].count;
	for (i = 0; i < narcs; i++) {
		tmp += cg->arcs[arcs[i]].count;
		if ((double) tmp / (double) total > HIGH_USE)
			break;
		pl.nuses[ix (&pl, cg->arcs[arcs[i]].child)]++;
	}
	memcpy (by_uses, used, nused * sizeof *used);
	msort_ptrs ((void **) by_uses, nused, cmp_nuses_down, &pl);

	/* The heavily used group, with all their arcs.  */
	for (i = 0; i < nused / 80; i++) {
		const struct sym *s = by_uses[i];
		size_t m;

		if (pl.nuses[ix (&pl, s)] == 5)
			break;
		m = list_arcs (&pl, s, false, lbuf);
		for (k = 0; k < m; k++) {
			const struct arc *a = &cg->arcs[lbuf[k]];

			if (a->parent != a->child)
				scratch[nscratch++] = lbuf[k];
			pl.arc_placed[lbuf[k]] = 1;
		}
		m = list_arcs (&pl, s, true, lbuf);
		for (k = 0; k < m; k++) {
			const struct arc *a = &cg->arcs[lbuf[k]];

			if (a->parent != a->child)
				scratch[nscratch++] = lbuf[k];
			pl.arc_placed[lbuf[k]] = 1;
		}
		group_end = i;
		pl.placed[ix (&pl, s)] = true;
	}
	/* Of those arcs, the ones between two "placed" functions (which
	   GNU gprof's test also finds for functions never called) are
	   ordered among themselves.  */
	for (i = 0; i < nscratch; i++) {
		const struct arc *a = &cg->arcs[scratch[i]];
		uint32_t p = ix (&pl, a->parent), c = ix (&pl, a->child);

		if (pl.placed[c] && pl.placed[p]) {
			high[nhigh++] = scratch[i];
			pl.placed[c] = false;
			pl.placed[p] = false;
		}
	}
	for (i = 0; i < group_end; i++)
		if (pl.placed[ix (&pl, by_uses[i])])
			put_name (by_uses[i]);

	/* 3. Chains: the group's arcs, the top arcs, the rest.  */
	sort_by_count (cg, high, nhigh);
	order_and_dump (&pl, high, nhigh, true, unplaced, &nunplaced);
	order_and_dump (&pl, arcs, narcs, false, unplaced, &nunplaced);
	{
		uint32_t *rest = XNEWVEC (uint32_t, nunplaced + 1);
		size_t nrest = 0;

		order_and_dump (&pl, unplaced, nunplaced, true, rest, &nrest);
		free (rest);
	}

	/* 4. The rest.  */
	for (i = 0; i < nused; i++)
		if (!pl.placed[ix (&pl, used[i])])
			put_name (used[i]);
	for (i = 0; i < nunused; i++)
		put_name (unused[i]);

	placer_free (&pl);
	free (arcs);
	free (scratch);
	free (high);
	free (unplaced);
	free (lbuf);
	free (used);
	free (unused);
	free (by_uses);
}

static int
cmp_map_file (const void *a, const void *b, void *arg)
{
	(void) arg;
	return strcmp (((const struct fmap_entry *) a)->file,
		       ((const struct fmap_entry *) b)->file);
}

void
report_file_order (struct report *r, const struct fmap *map)
{
	const struct callgraph *cg = r->cg;
	const struct symtab *st = r->st;
	size_t n = st->len, narcs, nscratch = 0, i;
	uint32_t *arcs, *scratch;
	const char *last = NULL;
	struct placer pl;
	void **files;
	htab_t mapped;

	placer_init (&pl, r);
	arcs = XNEWVEC (uint32_t, cg->narcs + 1);
	scratch = XNEWVEC (uint32_t, 2 * cg->narcs + 1);

	/* Only arcs between two object files take part.  */
	narcs = program_arcs (cg, arcs);
	for (i = 0; i < narcs; i++) {
		const struct arc *a = &cg->arcs[arcs[i]];

		if (!a->parent->mapped || !a->child->mapped)
			pl.arc_placed[arcs[i]] = 1;
	}
	order_and_dump (&pl, arcs, narcs, false, scratch, &nscratch);

	mapped = htab_create (n + 1, htab_hash_string, htab_eq_string, NULL);
	for (i = 0; i < n; i++) {
		const struct sym *s = &st->base[i];

		if (!s->mapped)
			continue;
		*htab_find_slot (mapped, s->name, INSERT) = (void *) s->name;
		if (!pl.placed[i])
			put_name (s);
	}

	/* Then the object files without a function in the table.  */
	files = XNEWVEC (void *, map->n + 1);
	for (i = 0; i < map->n; i++)
		files[i] = &map->v[i];
	msort_ptrs (files, map->n, cmp_map_file, NULL);
	for (i = 0; i < map->n; i++) {
		const char *file = ((const struct fmap_entry *) files[i])->file;

		if (last && strcmp (last, file) == 0)
			continue;
		if (!htab_find (mapped, file))
			puts (file);
		last = file;
	}
	free (files);
	htab_delete (mapped);
	placer_free (&pl);
	free (arcs);
	free (scratch);
}
