/* arclists.c - each symbol's callers and callees, side by side.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   A symbol's arcs are chained in two lists (its callers, its callees),
   newest first, as GNU gprof keeps them.  Once every arc is made,
   cg_index_lists() lays each symbol's arcs out in two arrays by a
   counting sort: following a list is a chain of cache misses, one arc
   at a time, where the arcs of a run are known up front and fetched
   together.  The cycle search, the propagation and the reports walk
   the runs (arclists.h: struct cg_walk), the lists where there are none.  */

#include <config.h>

#include <stdlib.h>

#include <libiberty/libiberty.h>

#include "gprof/graph/arclists.h"


/* index_lists(): the arcs into base[i] are in[in_at[i] ..
   in_at[i + 1]), those out of it out[out_at[i] .. out_at[i + 1]), each
   run in creation order -- a list taken oldest first.  */
struct arc_lists {
	const struct sym *base;		/* the symbol table indexed */
	size_t nsyms;			/* its length */
	uint32_t *in_at;		/* nsyms + 1 starts into IN */
	uint32_t *in;			/* arc indices, by callee */
	uint32_t *out_at;		/* nsyms + 1 starts into OUT */
	uint32_t *out;			/* arc indices, by caller */
};

bool
cg_list_run (const struct callgraph *cg, const struct sym *sym,
	     bool parents, const uint32_t **run, size_t *n)
{
	const struct arc_lists *l = cg->lists;
	size_t k;
	const uint32_t *at;

	if (!l || sym < l->base || sym >= l->base + l->nsyms)
		return false;
	k = (size_t) (sym - l->base);
	at = parents ? l->in_at : l->out_at;
	*run = (parents ? l->in : l->out) + at[k];
	*n = at[k + 1] - at[k];
	return true;
}

void
cg_lists_free (struct callgraph *cg)
{
	struct arc_lists *l = cg->lists;

	if (!l)
		return;
	free (l->in_at);
	free (l->in);
	free (l->out_at);
	free (l->out);
	free (l);
	cg->lists = NULL;
}

/* Lays out the arcs of each symbol of ST side by side (see
   cg_list_run()), once every arc is made.  */
void
cg_index_lists (struct callgraph *cg, const struct symtab *st)
{
	size_t n = st->len, i;
	struct arc_lists *l;
	uint32_t *in_next, *out_next;

	cg_lists_free (cg);
	l = XNEW (struct arc_lists);
	l->base = st->base;
	l->nsyms = n;
	l->in_at = XCNEWVEC (uint32_t, n + 2);
	l->out_at = XCNEWVEC (uint32_t, n + 2);
	l->in = XNEWVEC (uint32_t, cg->narcs ? cg->narcs : 1);
	l->out = XNEWVEC (uint32_t, cg->narcs ? cg->narcs : 1);
	/* A counting sort by callee and one by caller, stable: counts
	   at [i + 2], their sums shifted to [i + 1] the starts, which
	   the placing moves on to [i + 1] the ends -- the starts of
	   i + 1.  */
	for (i = 0; i < cg->narcs; i++) {
		const struct arc *a = &cg->arcs[i];

		/* Arcs end on symbols of the table, always; if one did
		   not, the lists serve.  */
		if (a->parent < st->base || a->parent >= st->base + n
		    || a->child < st->base || a->child >= st->base + n) {
			cg->lists = l;
			cg_lists_free (cg);
			return;
		}
		l->in_at[a->child - st->base + 2]++;
		l->out_at[a->parent - st->base + 2]++;
	}
	for (i = 2; i < n + 2; i++) {
		l->in_at[i] += l->in_at[i - 1];
		l->out_at[i] += l->out_at[i - 1];
	}
	in_next = l->in_at + 1;
	out_next = l->out_at + 1;
	for (i = 0; i < cg->narcs; i++) {
		const struct arc *a = &cg->arcs[i];

		l->in[in_next[a->child - st->base]++] = (uint32_t) i;
		l->out[out_next[a->parent - st->base]++] = (uint32_t) i;
	}
	cg->lists = l;
}

void
cg_prefetch_lists (const struct callgraph *cg, const struct sym *sym,
		   int step)
{
	size_t i;
	int dir;

	for (dir = 0; dir < 2; dir++) {
		const uint32_t *run;
		size_t n;

		if (!cg_list_run (cg, sym, dir == 0, &run, &n))
			return;
		if (step == 0) {
			__builtin_prefetch (run);
			continue;
		}
		for (i = 0; i < n; i++) {
			const struct arc *a = &cg->arcs[run[i]];

			if (step == 1)
				__builtin_prefetch (a);
			else
				__builtin_prefetch (dir ? a->child : a->parent);
		}
	}
}
