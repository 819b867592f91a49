/* ctxtree.c - the measured calling contexts, per function.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   A profile taken with libgmon's GMON_CONTEXT holds, for its samples,
   a tree of call chains by address (struct ctx_node): a node per
   return address, and per PC where samples were taken.  The exporters
   that write stacks (IgProf, aprof's calling-context lines) want it by
   function: the chains main -> work -> leaf taken from two call sites
   of work, or at twenty PCs of leaf, are one.  So each node of the
   profile's tree is mapped to a node of a tree keyed by (parent,
   function), its samples weighed as the call graph weighs them
   (ctx_weigh: a function's samples add up to its self time, here in
   samples.c's units).

   Frames in no function (a library without --objects) become a node
   of their own, or -- for readers that need every frame to be a
   routine -- are left out, their callees hung on the frame above; so
   is the frame that stands for the stack cut at GMON_CONTEXT's depth.
   libgmon's frame (overhead.c) goes with its time under --no-overhead:
   nothing hangs under it.  */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gprof/measure.h"
#include "gprof/export/private.h"
#include "gprof/util/hindex.h"
#include "gprof/util/msort.h"

static size_t
node_hash (const void *arg, size_t i)
{
	const struct ctxnode *nd = &((const struct ctxtree *) arg)->v[i];

	return hindex_hash ((uint64_t) nd->parent << 32 | nd->what);
}

/* The node (PARENT, WHAT) of T, made if new; M indexes T's nodes.  */
static uint32_t
get_node (struct ctxtree *t, struct hindex *m, uint32_t parent, uint32_t what)
{
	uint64_t key = (uint64_t) parent << 32 | what;
	struct ctxnode *nd;
	size_t s;

	for (s = hindex_first (m, hindex_hash (key)); m->slot[s];
	     s = hindex_next (m, s)) {
		nd = &t->v[m->slot[s] - 1];
		if (nd->parent == parent && nd->what == what)
			return m->slot[s] - 1;
	}
	if (t->n == t->cap) {
		t->cap = t->cap ? t->cap * 2 : 256;
		t->v = xrealloc (t->v, t->cap * sizeof *t->v);
	}
	nd = &t->v[t->n];
	memset (nd, 0, sizeof *nd);
	nd->parent = parent;
	nd->what = what;
	nd->depth = parent == CT_NONE ? 1 : t->v[parent].depth + 1;
	nd->first = nd->next = CT_NONE;
	t->n++;
	hindex_put (m, s, t->n - 1, t->n, node_hash, t);
	return (uint32_t) t->n - 1;
}

/* Children lists, biggest first (stably: then in the order made).  */
static int
cmp_total_down (const void *lp, const void *rp, void *arg)
{
	const struct ctxnode *l = lp, *r = rp;

	(void) arg;
	if (l->total != r->total)
		return l->total > r->total ? -1 : 1;
	return 0;
}

static void
link_children (struct ctxtree *t)
{
	void **order = XNEWVEC (void *, t->n ? t->n : 1);
	size_t i;

	for (i = 0; i < t->n; i++)
		order[i] = &t->v[i];
	msort_ptrs (order, t->n, cmp_total_down, NULL);
	t->roots = CT_NONE;
	/* Prepended in reverse: each list comes out biggest first.  */
	for (i = t->n; i-- > 0;) {
		struct ctxnode *nd = order[i];
		uint32_t *head = nd->parent == CT_NONE ? &t->roots
			: &t->v[nd->parent].first;

		nd->next = *head;
		*head = (uint32_t) (nd - t->v);
	}
	free (order);
}

void
ctxtree_build (struct ctxtree *t, const struct export_input *in,
	       const struct samples *xs, bool keep_frames)
{
	const struct profile *p = in->p;
	const struct symtab *st = in->st;
	size_t n = p->nctx, i;
	struct sym **psym = XNEWVEC (struct sym *, n ? n : 1);
	double *w = XNEWVEC (double, n ? n : 1);
	double *self = XNEWVEC (double, st->len + 1);
	uint32_t *at = XNEWVEC (uint32_t, n ? n : 1);
	struct hindex m;

	memset (t, 0, sizeof *t);
	hindex_init (&m, 100);
	for (i = 0; i < st->len; i++)
		self[i] = (double) xs->self[i];
	ctx_weigh (p, st, self, psym, w);
	for (i = 0; i < n; i++) {
		const struct ctx_node *c = &p->ctx[i];
		uint32_t parent = CT_NONE, what;

		if (c->parent == CTX_CUT)
			parent = keep_frames ? get_node (t, &m, CT_NONE, CT_CUT)
				: CT_NONE;
		else if (c->parent != CTX_ROOT)
			parent = at[c->parent];
		what = psym[i] ? (uint32_t) (psym[i] - st->base) : CT_NOSYM;
		/* --no-overhead: no frame, no time.  */
		if (psym[i] && psym[i]->overhead && psym[i]->flat_off)
			at[i] = parent;
		else if (what == CT_NOSYM && !keep_frames)
			at[i] = parent;
		else
			at[i] = get_node (t, &m, parent, what);
		if (w[i] > 0.0 && at[i] != CT_NONE)
			t->v[at[i]].self += w[i];
	}
	/* Parents are made before their children.  */
	for (i = 0; i < t->n; i++)
		t->v[i].total = t->v[i].self;
	for (i = t->n; i-- > 0;)
		if (t->v[i].parent != CT_NONE)
			t->v[t->v[i].parent].total += t->v[i].total;
	link_children (t);
	hindex_free (&m);
	free (psym);
	free (w);
	free (self);
	free (at);
}

void
ctxtree_free (struct ctxtree *t)
{
	free (t->v);
	memset (t, 0, sizeof *t);
}
