/* stacks.c - whole call stacks, measured or made up, for the writers
   of stacks (IgProf, folded stacks, the flame graph).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   gmon files have only caller -> callee arcs.  Without calling
   contexts the stacks are made up, by GNU gprof's rule: a function's
   time reaches its callers in proportion to their calls.  Starting
   from the functions no arc enters (main, and code not compiled with
   -pg), each callee of a node gets the node's weight times its share
   of the callee's calls, and holds its own self time times that
   weight:

       main (w 1)                        C: 100 ticks; A made 30 of its
         A (w 1)  -> C (w 30/40): 75     40 calls, B the other 10
         B (w 1)  -> C (w 10/40): 25

   A cycle is one frame, <cycle N>, with its members under it holding
   their own self time, and its callees from every member.  The graph
   without its cycles is acyclic, so this ends; it can still grow
   exponentially, so a callee whose subtree would hold less than
   `prune' ticks (default half a tick) is not expanded, nor anything
   once `nodes' (default 200000) frames are made: its time goes to a
   frame STACKS_PRUNED under the node instead, and every total holds.
   All the stacks hang from one frame, STACKS_LABEL, which the writers
   name for what it is.  With `flat', each function is a stack of its
   own with its self time, and nothing is made up.

   A profile with calling contexts (libgmon's GMON_CONTEXT) has real
   stacks: they are taken as sampled (ctxtree.c: by function, frames in
   no function as STACKS_NOSYM, the frames beyond the recorded depth as
   STACKS_CUT), pruned by the same rules, under the label; a function's
   time that has no context hangs from the label directly.

   Each function's self ticks are split among its frames (and its part
   in the pruned frames) by round.c, so that the functions' ticks add
   up to the samples.  */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gmon/bytes.h"
#include "gprof/export/private.h"

/* Callee units of a unit, with their weights.  */
struct stacks_kid {
	uint32_t unit;
	double w;			/* share of its calls */
	double mass;			/* w * the callee's total: the order */
};


/* Units: symbols 0..nsym-1, then cycles.  */
static uint32_t
unit_of (const struct stacks *t, const struct sym *s)
{
	if (s->cyc_num && s->cyc_head != s)
		return (uint32_t) (t->nsym + (size_t) s->cyc_num - 1);
	return (uint32_t) export_index (t->c, s);
}

struct stacks_node *
stacks_push (struct stacks *t, enum stacks_kind kind, uint32_t depth,
	     uint32_t what, double value)
{
	struct stacks_node *nd;

	if (t->n == t->cap) {
		t->cap = t->cap ? t->cap * 2 : 1024;
		t->v = xrealloc (t->v, t->cap * sizeof *t->v);
	}
	nd = &t->v[t->n++];
	memset (nd, 0, sizeof *nd);
	nd->kind = kind;
	nd->depth = depth;
	nd->what = what;
	nd->value = value;
	return nd;
}

/* Callees of each unit, merged per callee unit, with n / N weights;
   arcs within a unit and calls of itself are not callees.  */
static void
collect_kids (struct stacks *t)
{
	const struct callgraph *cg = t->c->in->cg;
	size_t nu = t->nsym + t->ncyc, a, *cap;

	t->kids = XCNEWVEC (struct stacks_kid *, nu);
	t->nkids = XCNEWVEC (size_t, nu);
	cap = XCNEWVEC (size_t, nu);
	for (a = 0; cg && a < cg->narcs; a++) {
		const struct arc *arc = &cg->arcs[a];
		uint32_t pu = unit_of (t, arc->parent);
		uint32_t cu = unit_of (t, arc->child);
		size_t k;

		if (pu == cu || arc->count == 0 || t->ncalls[cu] == 0)
			continue;
		for (k = 0; k < t->nkids[pu]; k++)
			if (t->kids[pu][k].unit == cu)
				break;
		if (k == t->nkids[pu]) {
			if (k == cap[pu]) {
				cap[pu] = cap[pu] ? cap[pu] * 2 : 4;
				t->kids[pu] = xrealloc (t->kids[pu], cap[pu]
						* sizeof *t->kids[pu]);
			}
			t->kids[pu][k].unit = cu;
			t->kids[pu][k].w = 0.0;
			t->kids[pu][k].mass = 0.0;
			t->nkids[pu]++;
		}
		t->kids[pu][k].w += (double) arc->count / t->ncalls[cu];
	}
	free (cap);
}

/* Totals per unit, callees first: symbols in topological order (a
   stable counting sort), each unit at its first symbol -- a cycle's
   members share one number, and its callees come before it.  */
static void
unit_totals (struct stacks *t)
{
	const struct symtab *st = t->c->in->st;
	size_t nu = t->nsym + t->ncyc, i, k;
	uint32_t *order = XNEWVEC (uint32_t, t->nsym ? t->nsym : 1);
	unsigned char *seen = XCNEWVEC (unsigned char, nu ? nu : 1);
	size_t *pos;
	int maxo = 0;

	for (i = 0; i < t->nsym; i++)
		if (st->base[i].top_order > maxo)
			maxo = st->base[i].top_order;
	pos = XCNEWVEC (size_t, (size_t) maxo + 2);
	for (i = 0; i < t->nsym; i++)
		pos[(st->base[i].top_order > 0 ? st->base[i].top_order : 0)
		    + 1]++;
	for (k = 1; k <= (size_t) maxo + 1; k++)
		pos[k] += pos[k - 1];
	for (i = 0; i < t->nsym; i++)
		order[pos[st->base[i].top_order > 0 ? st->base[i].top_order
			  : 0]++] = (uint32_t) i;
	free (pos);
	for (i = 0; i < t->nsym; i++) {
		uint32_t u = unit_of (t, &st->base[order[i]]);
		double sum = t->self[u];

		if (seen[u])
			continue;
		seen[u] = 1;
		for (k = 0; k < t->nkids[u]; k++)
			sum += t->kids[u][k].w * t->total[t->kids[u][k].unit];
		t->total[u] = sum;
	}
	free (seen);
	free (order);
}

/* One pending frame of the depth-first expansion.  */
struct pending {
	uint32_t unit;
	uint32_t depth;
	double w;
};

/* Biggest first, then by unit.  */
static int
cmp_kid_down (const void *lp, const void *rp)
{
	const struct stacks_kid *l = lp, *r = rp;

	if (l->mass != r->mass)
		return l->mass > r->mass ? -1 : 1;
	return l->unit < r->unit ? -1 : l->unit > r->unit;
}

static void
sort_kids (struct stacks *t)
{
	size_t u, k;

	for (u = 0; u < t->nsym + t->ncyc; u++) {
		for (k = 0; k < t->nkids[u]; k++)
			t->kids[u][k].mass = t->kids[u][k].w
				* t->total[t->kids[u][k].unit];
		if (t->nkids[u] > 1)
			qsort (t->kids[u], t->nkids[u], sizeof *t->kids[u],
			       cmp_kid_down);
	}
}

/* Expands ROOT (weight 1) at DEPTH.  */
static void
expand (struct stacks *t, uint32_t root, uint32_t depth)
{
	struct pending *stack;
	size_t sp = 0, cap = 64, k;

	stack = XNEWVEC (struct pending, cap);
	stack[sp++] = (struct pending) { root, depth, 1.0 };
	while (sp > 0) {
		struct pending p = stack[--sp];
		double pruned = 0.0;
		size_t first;

		if (p.unit >= t->nsym) {
			const struct sym *m;

			stacks_push (t, STACKS_CYCLE, p.depth, p.unit - (uint32_t) t->nsym,
			      0.0);
			for (m = t->c->in->cg->cycles[p.unit - t->nsym]
			     .entry.cyc_next; m; m = m->cyc_next) {
				size_t mi = export_index (t->c, m);

				if (t->self[mi] > 0.0)
					stacks_push (t, STACKS_FUNC, p.depth + 1,
					      (uint32_t) mi,
					      t->self[mi] * p.w);
			}
		} else {
			stacks_push (t, STACKS_FUNC, p.depth, p.unit,
			      t->self[p.unit] * p.w);
		}
		/* Callees (biggest first) go on the stack in reverse,
		   so that the biggest is written first.  */
		first = sp;
		for (k = 0; k < t->nkids[p.unit]; k++) {
			const struct stacks_kid *kd = &t->kids[p.unit][k];
			double w = p.w * kd->w, mass = w * t->total[kd->unit];

			if (mass <= 0.0)
				continue;
			/* Each frame pending on the stack will be made.  */
			if (mass < t->prune || t->n + sp >= t->max_nodes) {
				pruned += mass;
				continue;
			}
			if (sp == cap) {
				cap *= 2;
				stack = xrealloc (stack, cap * sizeof *stack);
			}
			stack[sp++] = (struct pending) { kd->unit, p.depth + 1,
							 w };
		}
		for (k = 0; k < (sp - first) / 2; k++) {
			struct pending tmp = stack[first + k];

			stack[first + k] = stack[sp - 1 - k];
			stack[sp - 1 - k] = tmp;
		}
		/* What is not expanded stays in the tree, as the first
		   child.  */
		if (pruned > 0.0)
			stacks_push (t, STACKS_PRUNED, p.depth + 1, 0, pruned);
	}
	free (stack);
}

/* The sampled stacks of X (in samples.c's units, PER a tick) under
   the label, depth first, the biggest callee first; a callee whose
   subtree holds less than `prune' ticks, or any once `nodes' frames
   are made, goes into a <pruned> frame of its caller.  */
static void
real_stacks (struct stacks *t, const struct ctxtree *x, double per)
{
	struct pending *stack = XNEWVEC (struct pending, x->n + 1);
	uint32_t k;
	size_t sp = 0;
	double pruned = 0.0;

	/* The roots, as the label's callees.  */
	for (k = x->roots; k != CT_NONE; k = x->v[k].next) {
		if (x->v[k].total / per < t->prune || t->n + sp >= t->max_nodes)
			pruned += x->v[k].total / per;
		else
			stack[sp++] = (struct pending) { k, 2, 1.0 };
	}
	if (pruned > 0.0)
		stacks_push (t, STACKS_PRUNED, 2, 0, pruned);
	for (k = 0; k < sp / 2; k++) {
		struct pending tmp = stack[k];

		stack[k] = stack[sp - 1 - k];
		stack[sp - 1 - k] = tmp;
	}
	while (sp > 0) {
		struct pending p = stack[--sp];
		const struct ctxnode *nd = &x->v[p.unit];
		size_t first = sp;

		if (nd->what < t->nsym)
			stacks_push (t, STACKS_FUNC, p.depth, nd->what, nd->self / per);
		else
			stacks_push (t, nd->what == CT_CUT ? STACKS_CUT : STACKS_NOSYM,
			      p.depth, 0, 0.0);
		pruned = 0.0;
		for (k = nd->first; k != CT_NONE; k = x->v[k].next) {
			if (x->v[k].total / per < t->prune
			    || t->n + sp >= t->max_nodes)
				pruned += x->v[k].total / per;
			else
				stack[sp++] = (struct pending) { k, p.depth + 1,
								 1.0 };
		}
		for (k = 0; k < (sp - first) / 2; k++) {
			struct pending tmp = stack[first + k];

			stack[first + k] = stack[sp - 1 - k];
			stack[sp - 1 - k] = tmp;
		}
		if (pruned > 0.0)
			stacks_push (t, STACKS_PRUNED, p.depth + 1, 0, pruned);
	}
	free (stack);
}

/* A frame under the label for each function with ticks and none.  */
static void
orphans (struct stacks *t, const uint64_t *ticks)
{
	unsigned char *has = XCNEWVEC (unsigned char, t->nsym + 1);
	size_t i, n = t->n;

	for (i = 0; i < n; i++)
		if (t->v[i].kind == STACKS_FUNC)
			has[t->v[i].what] = 1;
	for (i = 0; i < t->nsym; i++)
		if (ticks[i] && !has[i])
			stacks_push (t, STACKS_FUNC, 2, (uint32_t) i, t->self[i]);
	free (has);
}

/* Rounds: each function's self ticks over its frames and its part of
   the pruned mass; then the pruned frames' ticks over them.  A
   function with ticks and no frame at all (which the expansion cannot
   leave, but rounding must not lose) gets a frame under the label.  */
static void
round_ticks (struct stacks *t, const uint64_t *ticks)
{
	size_t i, k, *count = XCNEWVEC (size_t, t->nsym + 1);
	size_t **where = XCNEWVEC (size_t *, t->nsym + 1);
	uint64_t pruned_ticks = 0, *out;
	double *w;
	size_t maxn = 1, np = 0, n0 = t->n;

	for (i = 0; i < n0; i++)
		if (t->v[i].kind == STACKS_FUNC)
			count[t->v[i].what]++;
		else if (t->v[i].kind == STACKS_PRUNED)
			np++;
	for (i = 0; i < t->nsym; i++) {
		where[i] = XNEWVEC (size_t, count[i] + 1);
		if (count[i] + 1 > maxn)
			maxn = count[i] + 1;
		count[i] = 0;
	}
	if (np + 1 > maxn)
		maxn = np + 1;
	for (i = 0; i < n0; i++)
		if (t->v[i].kind == STACKS_FUNC) {
			uint32_t s = t->v[i].what;

			where[s][count[s]++] = i;
		}
	w = XNEWVEC (double, maxn);
	out = XNEWVEC (uint64_t, maxn);
	for (i = 0; i < t->nsym; i++) {
		double held = 0.0;

		if (ticks[i] == 0)
			continue;
		if (count[i] == 0 && np == 0) {
			stacks_push (t, STACKS_FUNC, 2, (uint32_t) i, t->self[i])->ticks
				= ticks[i];
			continue;
		}
		for (k = 0; k < count[i]; k++) {
			w[k] = t->v[where[i][k]].value;
			held += w[k];
		}
		/* What the frames do not hold was pruned.  */
		w[count[i]] = np && t->self[i] > held ? t->self[i] - held
			: 0.0;
		if (count[i] == 0)
			w[0] = 1.0;
		round_split_real (ticks[i], w, count[i] + 1, out);
		for (k = 0; k < count[i]; k++)
			t->v[where[i][k]].ticks = out[k];
		pruned_ticks += out[count[i]];
	}
	for (i = 0, k = 0; i < n0; i++)
		if (t->v[i].kind == STACKS_PRUNED)
			w[k++] = t->v[i].value;
	round_split_real (pruned_ticks, w, np, out);
	for (i = 0, k = 0; i < n0; i++)
		if (t->v[i].kind == STACKS_PRUNED)
			t->v[i].ticks = out[k++];
	for (i = 0; i < t->nsym; i++)
		free (where[i]);
	free (where);
	free (count);
	free (w);
	free (out);
}

/* Ticks of each frame and everything below it (frames are depth
   first: a frame's subtree is the run of deeper frames after it).  */
static void
subtree_ticks (struct stacks *t)
{
	size_t *stack = XNEWVEC (size_t, t->n + 1), sp = 0, i;

	for (i = t->n; i-- > 0;) {
		uint64_t sum = t->v[i].ticks;

		while (sp > 0 && t->v[stack[sp - 1]].depth > t->v[i].depth) {
			if (t->v[stack[sp - 1]].depth == t->v[i].depth + 1)
				sum = gmon_add_sat (sum, t->v[stack[sp - 1]]
						    .subtree);
			sp--;
		}
		t->v[i].subtree = sum;
		stack[sp++] = i;
	}
	free (stack);
}
/* T's per-unit values (units: the symbols, then the cycles): self time
   in samples, calls; and into TICKS the self ticks per function adding
   up to the samples, the unknown ones at TICKS[nsym] (malloc'd).  */
static uint64_t *
tree_init (struct stacks *t, struct export_ctx *c)
{
	const struct export_input *in = c->in;
	const struct samples *xs = c->samples;
	const struct symtab *st = in->st;
	uint64_t *ticks;
	double *w;
	size_t i, nu;

	memset (t, 0, sizeof *t);
	t->c = c;
	t->nsym = st->len;
	t->ncyc = in->cg ? in->cg->ncycles : 0;
	t->max_nodes = c->req->max_nodes;
	t->prune = c->req->prune;
	nu = t->nsym + t->ncyc;

	ticks = XNEWVEC (uint64_t, t->nsym + 1);
	w = XNEWVEC (double, t->nsym + 1);
	for (i = 0; i < t->nsym; i++)
		w[i] = (double) xs->self[i];
	w[t->nsym] = (double) xs->unknown;
	round_split_real (xs->samples, w, t->nsym + 1, ticks);
	free (w);

	t->self = XCNEWVEC (double, nu ? nu : 1);
	t->total = XCNEWVEC (double, nu ? nu : 1);
	t->ncalls = XCNEWVEC (double, nu ? nu : 1);
	for (i = 0; i < t->nsym; i++) {
		const struct sym *s = &st->base[i];

		t->self[i] = xs->per_sample ? (double) xs->self[i]
			/ (double) xs->per_sample : 0.0;
		if (s->cyc_num && in->cg)
			t->self[t->nsym + (size_t) s->cyc_num - 1] += t->self[i];
		t->ncalls[i] = (double) s->ncalls;
	}
	for (i = 0; i < t->ncyc; i++)
		t->ncalls[t->nsym + i] = (double) in->cg->cycles[i].entry.ncalls;
	return ticks;
}

/* The stacks by gprof's estimate: from each root (a unit no arc
   enters), biggest first, down the call graph.  */
static void
estimated_stacks (struct stacks *t, const uint64_t *ticks)
{
	const struct export_input *in = t->c->in;
	const struct symtab *st = in->st;
	size_t nu = t->nsym + t->ncyc, nroots = 0, i, r;
	uint32_t *roots = XNEWVEC (uint32_t, nu ? nu : 1);
	struct stacks_kid *rk;

	if (in->cg) {
		collect_kids (t);
	} else {
		t->kids = XCNEWVEC (struct stacks_kid *, nu ? nu : 1);
		t->nkids = XCNEWVEC (size_t, nu ? nu : 1);
	}
	unit_totals (t);
	for (i = 0; i < nu; i++) {
		if (i < t->nsym && in->cg && st->base[i].cyc_num)
			continue;
		if (t->ncalls[i] == 0 && t->total[i] > 0.0)
			roots[nroots++] = (uint32_t) i;
	}
	rk = XNEWVEC (struct stacks_kid, nroots ? nroots : 1);
	for (r = 0; r < nroots; r++)
		rk[r] = (struct stacks_kid) { roots[r], 1.0, t->total[roots[r]] };
	qsort (rk, nroots, sizeof *rk, cmp_kid_down);
	for (r = 0; r < nroots; r++)
		roots[r] = rk[r].unit;
	free (rk);
	sort_kids (t);
	stacks_push (t, STACKS_LABEL, 1, 0, 0.0);
	for (r = 0; r < nroots; r++)
		expand (t, roots[r], 2);
	free (roots);
	round_ticks (t, ticks);
}

void
stacks_build (struct stacks *t, struct export_ctx *c)
{
	const struct export_input *in = c->in;
	const struct samples *xs = c->samples;
	uint64_t unknown_ticks;
	size_t i;

	t->ticks = tree_init (t, c);
	unknown_ticks = t->ticks[t->nsym];
	if (c->req->flat) {
		for (i = 0; i < t->nsym; i++)
			if (t->ticks[i])
				stacks_push (t, STACKS_FUNC, 1, (uint32_t) i,
					     t->self[i])->ticks = t->ticks[i];
	} else if (in->p->nctx) {
		struct ctxtree x;

		t->sampled = true;
		ctxtree_build (&x, in, xs, true);
		stacks_push (t, STACKS_LABEL, 1, 0, 0.0);
		real_stacks (t, &x, xs->per_sample ? (double) xs->per_sample
			     : 1.0);
		orphans (t, t->ticks);
		round_ticks (t, t->ticks);
		ctxtree_free (&x);
	} else {
		estimated_stacks (t, t->ticks);
	}
	if (unknown_ticks)
		stacks_push (t, STACKS_NOSYM, 1 + !c->req->flat, 0, 0.0)->ticks
			= unknown_ticks;
	subtree_ticks (t);
}

void
stacks_free (struct stacks *t)
{
	size_t i, nu = t->nsym + t->ncyc;

	for (i = 0; i < nu && t->kids; i++)
		free (t->kids[i]);
	free (t->kids);
	free (t->nkids);
	free (t->self);
	free (t->total);
	free (t->ncalls);
	free (t->v);
	free (t->ticks);
}