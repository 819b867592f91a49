/* measure.c - children times measured from calling contexts.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   GNU gprof estimates the children times: it assumes that every call
   of a function costs the same, whoever makes it, and shares the
   function's time among its callers by their calls ("Estimating
   children times" in its manual, which also says when that goes
   wrong: a function that is cheap for one caller and dear for
   another).  A profile taken with libgmon's GMON_CONTEXT holds, for
   each sample, the chain of return addresses above it (profile/,
   struct ctx_node), so the time under each call can be counted.  For
   a sample of weight W whose chain is f0 (where it was taken), f1 (its
   caller), f2 ..., each fk (k >= 1) having called f(k-1) through an
   arc P -> C of the graph, and cyc(X) the cycle of X (X itself if it
   is in none):

     arc P -> C, on a caller's or callee's line (cyc(P) != cyc(C)):
         total   W, once, if the arc is in the chain;
         self    the part of it with f0 in cyc(C), children the rest;
     entry F:
         self    F's self time, as before (the histogram's);
         children W, once, if f0 is not in cyc(F) and the chain has an
                 arc F -> C with C outside cyc(F): F called out of its
                 cycle (or, in none, called anything), and the sample
                 came from under that call;
     cycle Z:    children W, once, if f0 is not in Z and some fk
                 (k >= 1) is in Z.

   "Once": a sample counts at most once on each line, however often the
   call recurs in its chain, so no inclusive time exceeds the total.
   Which arc a frame's call is: the one libgmon counted at the frame's
   return address, into the function of the frame below.  A call it
   did not count (through code not compiled with -pg, or a library
   without --objects) is no arc of the graph, and the chain is followed
   no further: the time under it reaches no caller further out, as in
   GNU gprof, so that each children time is made of lines the graph
   shows.

   The weights: a sample's W is its count times F's self time over the
   samples with chains that end in F, so that the context samples of a
   function add up to its self time in the flat profile (the histogram
   has samples the contexts lack: a thread's first, or those the clock
   owes when it stops) and every inclusive time is a part of the total.

   A call into a function libgmon counted no call of at all (a shared
   library's, under --objects: its code does not call mcount) would
   leave that function <spontaneous> and its time in no caller's.  The
   contexts show who called it: ctx_add_calls() makes each such call an
   arc of the graph, of no counted calls, before the graph is made, and
   the chains are followed through it.

   The options that leave time out (-E, -N, -F, -n) act as in GNU
   gprof, through each entry's fraction of its time shown: a chain is
   followed no further than a function whose fraction is 0, and the
   times on an arc are scaled by its caller's fraction.  */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gprof/graph/callgraph.h"
#include "gprof/measure.h"
#include "gprof/symbols/symspec.h"
#include "gprof/symbols/symtab.h"
#include "gprof/util/hindex.h"
#include "gprof/util/util.h"

/* The calls libgmon counted, by call site: (return address, callee)
   -> the graph's arc.  */
struct site {
	uint64_t from;			/* return address */
	const struct sym *callee;	/* the function called */
	uint32_t arc;			/* the graph's arc */
};

struct site_map {
	struct site *v;			/* one per call site */
	size_t n;
	struct hindex index;		/* V by (from, callee) */
};

static size_t
site_hash (const void *arg, size_t i)
{
	const struct site *s = &((const struct site_map *) arg)->v[i];

	return hindex_hash2 (s->from, (uintptr_t) s->callee);
}

/* The slot of (FROM, C) in H's index: the one that holds it, or the
   free one where it goes.  */
static size_t
site_slot (const struct site_map *h, uint64_t from, const struct sym *c)
{
	size_t s;

	for (s = hindex_first (&h->index, hindex_hash2 (from, (uintptr_t) c));
	     h->index.slot[s]; s = hindex_next (&h->index, s)) {
		const struct site *e = &h->v[h->index.slot[s] - 1];

		if (e->from == from && e->callee == c)
			break;
	}
	return s;
}

/* Every call site of P's arcs that the graph kept, as cg_tally kept
   it.  */
static void
sites_build (struct site_map *h, const struct callgraph *cg,
	     const struct symtab *st, const struct profile *p,
	     const struct symspecs *ss)
{
	size_t i;

	h->v = XNEWVEC (struct site, p->narcs ? p->narcs : 1);
	h->n = 0;
	hindex_init (&h->index, p->narcs);
	for (i = 0; i < p->narcs; i++) {
		const struct gmon_arc *r = &p->arcs[i];
		struct sym *parent = symtab_find (st, r->from_pc);
		struct sym *child = symtab_find (st, r->self_pc);
		const struct arc *a;
		size_t k;

		if (child)
			child = cg_callee (st, child);
		if (!parent || !child || !symspec_arc_ok (ss, st, parent, child)
		    || !(a = cg_find_arc (cg, parent, child)))
			continue;
		k = site_slot (h, r->from_pc, child);
		if (h->index.slot[k])
			continue;	/* the same callee, another self_pc */
		h->v[h->n].from = r->from_pc;
		h->v[h->n].callee = child;
		h->v[h->n].arc = (uint32_t) (a - cg->arcs);
		h->n++;
		hindex_put (&h->index, k, h->n - 1, h->n, site_hash, h);
	}
}

static uint32_t
sites_find (const struct site_map *h, uint64_t from, const struct sym *c)
{
	size_t k = site_slot (h, from, c);

	return h->index.slot[k] ? h->v[h->index.slot[k] - 1].arc : NO_ARC;
}

static void
sites_free (struct site_map *h)
{
	free (h->v);
	hindex_free (&h->index);
}

static size_t
sym_ix (const struct symtab *st, const struct sym *s)
{
	return (size_t) (s - st->base);
}

void
ctx_add_calls (struct profile *p, const struct symtab *st)
{
	bool *counted = XCNEWVEC (bool, st->len + 1);
	struct site_map seen;
	size_t i, cap = p->narcs;

	/* The functions libgmon counted calls into.  */
	for (i = 0; i < p->narcs; i++) {
		struct sym *c = symtab_find (st, p->arcs[i].self_pc);

		if (c && (c = cg_callee (st, c)) && p->arcs[i].count)
			counted[sym_ix (st, c)] = true;
	}
	seen.v = XNEWVEC (struct site, p->nctx ? p->nctx : 1);
	seen.n = 0;
	hindex_init (&seen.index, p->nctx);
	for (i = 0; i < p->nctx; i++) {
		const struct ctx_node *c = &p->ctx[i], *up;
		struct sym *callee, *caller;
		size_t k;

		if (c->parent >= CTX_CUT || !c->known)
			continue;
		up = &p->ctx[c->parent];
		callee = symtab_find (st, c->addr);
		caller = up->known ? symtab_find (st, up->addr) : NULL;
		if (!callee || !caller || !(callee = cg_callee (st, callee))
		    || callee == caller || counted[sym_ix (st, callee)])
			continue;
		k = site_slot (&seen, up->addr, callee);
		if (seen.index.slot[k])
			continue;
		seen.v[seen.n].from = up->addr;
		seen.v[seen.n].callee = callee;
		seen.n++;
		hindex_put (&seen.index, k, seen.n - 1, seen.n, site_hash,
			    &seen);
		if (p->narcs == cap) {
			cap = cap * 2 + 16;
			p->arcs = xrealloc (p->arcs, cap * sizeof *p->arcs);
		}
		p->arcs[p->narcs].from_pc = up->addr;
		p->arcs[p->narcs].self_pc = callee->addr;
		p->arcs[p->narcs].count = 0;
		p->narcs++;
	}
	sites_free (&seen);
	free (counted);
}

/* What the walk adds up, in ticks, per arc, symbol and cycle.  */
struct sums {
	double *arc_total, *arc_self;	/* per arc */
	double *child;			/* per symbol: its children time */
	double *cyc_child;		/* per cycle */
	uint32_t *arc_seen, *sym_seen, *cyc_seen;	/* last sample that
							   counted there */
	double cut;			/* weight of chains cut by the depth */
};


/* Whether A and B are in one cycle, or are one function.  */
static bool
same_cyc (const struct sym *a, const struct sym *b)
{
	return a == b || (a->cyc_num != 0 && a->cyc_num == b->cyc_num);
}

/* The sample (number STAMP) at leaf node N, weight W: walks its chain
   up and adds W to every line it counts on, once.  PSYM and LINK give
   each node's symbol and the arc that entered it.  */
static void
walk_chain (const struct ctx_node *ctx, uint32_t n, double w, uint32_t stamp,
	    struct sym *const *psym, const uint32_t *link,
	    const struct callgraph *cg, const struct symtab *st,
	    struct sums *u)
{
	const struct sym *leaf = psym[n];
	uint32_t c = n, p;

	while ((p = ctx[c].parent) < CTX_CUT) {
		uint32_t ai = link[c];
		const struct sym *callee, *caller;

		/* A call libgmon did not count (through code not compiled
		   with -pg, or a library without --objects) is no arc of
		   the graph: the time under it goes no further out, as in
		   GNU gprof, so every children time is the sum of lines
		   the graph shows.  */
		if (ai == NO_ARC)
			return;
		callee = cg->arcs[ai].child;
		caller = cg->arcs[ai].parent;
		/* Time that GNU gprof would not let through.  */
		if (callee->fract == 0.0 || caller->fract == 0.0)
			return;
		if (!same_cyc (callee, caller) && !same_cyc (leaf, caller)) {
			size_t k = sym_ix (st, caller);

			if (u->sym_seen[k] != stamp) {
				u->sym_seen[k] = stamp;
				u->child[k] += w;
			}
		}
		if (caller->cyc_num != 0 && caller->cyc_num != leaf->cyc_num) {
			size_t z = (size_t) caller->cyc_num - 1;

			if (u->cyc_seen[z] != stamp) {
				u->cyc_seen[z] = stamp;
				u->cyc_child[z] += w;
			}
		}
		if (u->arc_seen[ai] != stamp && !same_cyc (caller, callee)) {
			u->arc_seen[ai] = stamp;
			u->arc_total[ai] += w;
			if (same_cyc (leaf, callee))
				u->arc_self[ai] += w;
		}
		c = p;
	}
	if (ctx[c].parent == CTX_CUT)
		u->cut += w;
}

/* The model's times from the sums.  */
static void
store (struct callgraph *cg, struct symtab *st, const struct sums *u)
{
	size_t i;

	for (i = 0; i < cg->narcs; i++) {
		struct arc *a = &cg->arcs[i];
		double f = a->parent->fract;

		a->time = u->arc_self[i] * f;
		a->child_time = (u->arc_total[i] - u->arc_self[i]) * f;
	}
	for (i = 0; i < st->len; i++) {
		struct sym *s = &st->base[i];

		s->child_time = u->child[i];
		s->prop_child = s->fract * u->child[i];
	}
	for (i = 0; i < cg->ncycles; i++) {
		struct sym *z = &cg->cycles[i].entry;

		z->child_time = u->cyc_child[i];
		z->prop_child = z->fract * u->cyc_child[i];
	}
}

void
ctx_weigh (const struct profile *p, const struct symtab *st,
	   const double *self, struct sym **psym, double *w)
{
	double *leaf_samples = XCNEWVEC (double, st->len + 1);
	size_t n = p->nctx, i;

	for (i = 0; i < n; i++) {
		const struct ctx_node *c = &p->ctx[i];

		psym[i] = c->known ? symtab_find (st, c->addr) : NULL;
		if (psym[i] && c->count)
			leaf_samples[sym_ix (st, psym[i])] += (double) c->count;
	}
	for (i = 0; i < n; i++) {
		size_t k = psym[i] ? sym_ix (st, psym[i]) : 0;

		w[i] = psym[i] && p->ctx[i].count ? (double) p->ctx[i].count
			* (self ? self[k] : psym[i]->time) / leaf_samples[k]
			: 0.0;
	}
	free (leaf_samples);
}

void
ctx_gaps_warn (const struct ctx_gaps *g, const char *name)
{
	if (g->total > 0 && g->nocontext / g->total > 0.01)
		gp_warn (name, "%.1f%% of the time has no calling context, "
			 "and is in no children time",
			 100 * g->nocontext / g->total);
	if (g->total > 0 && g->cut / g->total > 0.01)
		gp_warn (name, "%.1f%% of the time was sampled deeper than "
			 "the %u frames recorded, and the children times of "
			 "the callers further out miss it: run the program "
			 "with a larger GMON_CONTEXT", 100 * g->cut / g->total,
			 g->depth);
}

void
ctx_measure (struct callgraph *cg, struct symtab *st,
	     const struct profile *p, const struct symspecs *ss,
	     const char *name, struct ctx_gaps *gaps)
{
	struct ctx_gaps here = { 0, 0, 0, 0 };
	size_t n = p->nctx, i;
	struct sym **psym = XNEWVEC (struct sym *, n ? n : 1);
	uint32_t *link = XNEWVEC (uint32_t, n ? n : 1), stamp = 0;
	double *w = XNEWVEC (double, n ? n : 1);
	bool *sampled = XCNEWVEC (bool, st->len + 1);
	double nocontext = 0, total = 0;
	struct site_map sites;
	struct sums u;

	memset (&u, 0, sizeof u);
	u.arc_total = XCNEWVEC (double, cg->narcs + 1);
	u.arc_self = XCNEWVEC (double, cg->narcs + 1);
	u.arc_seen = XCNEWVEC (uint32_t, cg->narcs + 1);
	u.child = XCNEWVEC (double, st->len + 1);
	u.sym_seen = XCNEWVEC (uint32_t, st->len + 1);
	u.cyc_child = XCNEWVEC (double, cg->ncycles + 1);
	u.cyc_seen = XCNEWVEC (uint32_t, cg->ncycles + 1);

	/* Each node's symbol and weight, and the arc that entered it.  */
	ctx_weigh (p, st, NULL, psym, w);
	sites_build (&sites, cg, st, p, ss);
	for (i = 0; i < n; i++) {
		const struct ctx_node *c = &p->ctx[i];
		struct sym *callee = psym[i] ? cg_callee (st, psym[i]) : NULL;

		link[i] = NO_ARC;
		if (c->parent < CTX_CUT && callee && psym[c->parent])
			link[i] = sites_find (&sites, p->ctx[c->parent].addr,
					      callee);
		if (psym[i] && c->count)
			sampled[sym_ix (st, psym[i])] = true;
	}
	sites_free (&sites);

	for (i = 0; i < st->len; i++) {
		const struct sym *s = &st->base[i];

		total += s->time * s->fract;
		if (!sampled[i])
			nocontext += s->time * s->fract;
	}
	for (i = 0; i < n; i++)
		if (w[i] > 0.0 && psym[i]->fract != 0.0)
			walk_chain (p->ctx, (uint32_t) i, w[i], ++stamp, psym,
				    link, cg, st, &u);
	store (cg, st, &u);
	cg_number (cg, st);

	if (!gaps)
		gaps = &here;
	gaps->nocontext += nocontext;
	gaps->cut += u.cut;
	gaps->total += total;
	gaps->depth = p->ctx_depth;
	if (gaps == &here)
		ctx_gaps_warn (&here, name);

	free (psym);
	free (link);
	free (w);
	free (sampled);
	free (u.arc_total);
	free (u.arc_self);
	free (u.arc_seen);
	free (u.child);
	free (u.sym_seen);
	free (u.cyc_child);
	free (u.cyc_seen);
}
