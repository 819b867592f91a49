/* estimate.c - the call graph's time, in integer costs that add up.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   gmon files count calls but do not time them.  GNU gprof estimates
   what a call cost by assuming every call of a function costs the
   same: of the time T spent in f and below it, an arc c -> f that made
   n of f's N calls carries T * n / N to c.  Cycles (functions that call
   each other) are one unit, and calls within a unit carry nothing.
   callgraph.c does that in GNU gprof's doubles for the text reports;
   the exporters need the same estimate in integers whose sums hold: a
   caller's cost must be its self cost plus what its calls carry, and
   what the calls into f carry must add up to f's cost.  So the units
   are processed callees first (in callgraph.c's topological order) and
   each one's integer cost is split among the arcs into it by round.c:

       I(f) = self(f) + sum of the shares of f's calls out of its unit
       shares of the arcs into f = I(f) split by calls (n / N)

   With the default options this is exact: every unit's cost reaches
   the units above it to the last unit.  The options that stop time
   (-E, -N, -F, -n) scale an arc by its caller's fraction, as GNU gprof
   does, and then only the rounding is approximate.

   When the profile holds calling contexts (GMON_CONTEXT), the times
   are not estimated but taken from the call graph, which measured them
   (measure.c); block counts are still estimated.

   The same is done for basic-block counts when the profile has them,
   and each arc's share is then split among its call sites: the calls
   from one place in the caller, whose address the profile keeps.  The
   call instruction itself is found in the machine code before that
   address, where the architecture's decoder knows calls (arch/arch.h); glibc rounds the address down to its hash bucket, 16
   bytes, so the call is the one whose return address lies in
   [from_pc, from_pc + 16) and whose target is the callee.  */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gprof/arch/arch.h"
#include "gprof/export/private.h"
#include "gprof/util/hindex.h"
#include "gprof/symbols/objfile.h"
#include "gprof/symbols/symtab.h"

#define CALL_WINDOW	16		/* glibc's arc hash bucket, bytes */

static size_t
sym_ix (const struct symtab *st, const struct sym *s)
{
	return (size_t) (s - st->base);
}

static bool
is_cycle_member (const struct sym *s)
{
	return s->cyc_head && s->cyc_head != s;
}

/* Whether arc A carries time from its callee to its caller: not a
   self call, nor a call within a cycle, nor off by -E and friends (the
   conditions of callgraph.c's propagation).  */
static bool
propagates (const struct arc *a)
{
	const struct sym *parent = a->parent, *child = a->child;

	if (parent->fract == 0.0 || a->count == 0 || child == parent
	    || child->fract == 0.0)
		return false;
	if (is_cycle_member (child)) {
		if (parent->cyc_num == child->cyc_num)
			return false;
		child = child->cyc_head;
	} else if (parent->top_order <= child->top_order) {
		/* callgraph.c skips such an arc too ("botches").  */
		return false;
	}
	return child->ncalls != 0;
}

/* The cost a unit passes to its callers, and its own: for one event,
   SELF per symbol.  */
struct prop {
	const struct export_input *in;
	const uint64_t *self;
	uint64_t *arc_cost;		/* per arc, what the caller sees */
	uint64_t *share;		/* per arc, before the caller's fraction */
	uint64_t *incl;			/* per symbol */
	uint64_t *cyc_incl;		/* per cycle */
	/* scratch for the split */
	uint32_t *arcs;
	double *w;
	uint64_t *out;
};

/* What the calls of S out of its unit carry up to S, whole.  */
static uint64_t
calls_out (const struct prop *pr, const struct sym *s)
{
	const struct callgraph *cg = pr->in->cg;
	uint64_t sum = 0;
	uint32_t ai;

	for (ai = s->children; ai != NO_ARC; ai = cg->arcs[ai].next_child)
		if (propagates (&cg->arcs[ai]))
			sum += pr->share[ai];
	return sum;
}

/* Splits TOTAL, the cost of unit U (a function, or a cycle whose
   members are linked from it), among the arcs into U from outside.  */
static void
split_into (struct prop *pr, const struct sym *u, uint64_t total)
{
	const struct callgraph *cg = pr->in->cg;
	bool cycle = !u->name && u->cyc_num != 0;
	const struct sym *m;
	double covered = 0.0;
	size_t n = 0, i;
	uint64_t target;
	uint32_t ai;

	for (m = cycle ? u->cyc_next : u; m; m = cycle ? m->cyc_next : NULL)
		for (ai = m->parents; ai != NO_ARC;
		     ai = cg->arcs[ai].next_parent) {
			const struct arc *a = &cg->arcs[ai];

			if (!propagates (a))
				continue;
			pr->arcs[n] = ai;
			pr->w[n] = (double) a->count;
			covered += (double) a->count;
			n++;
		}
	if (n == 0)
		return;
	/* The calls from callers that pass no time on (-E ...) keep
	   their part of TOTAL out of the others'.  */
	target = covered == (double) u->ncalls ? total
		: round_u64 ((double) total * covered / (double) u->ncalls);
	round_split_real (target, pr->w, n, pr->out);
	for (i = 0; i < n; i++) {
		const struct arc *a = &cg->arcs[pr->arcs[i]];
		double f = a->parent->fract;

		pr->share[pr->arcs[i]] = pr->out[i];
		pr->arc_cost[pr->arcs[i]] = f == 1.0 ? pr->out[i]
			: round_u64 ((double) pr->out[i] * f);
	}
}

/* Processes the symbols callees first: a function on its own, a cycle
   when its last member (they share one topological number) is done.  */
static void
propagate (struct prop *pr, const struct symtab *st, struct sym **top)
{
	size_t i, n = st->len;

	for (i = 0; i < n; i++) {
		const struct sym *s = top[i];
		size_t ix = sym_ix (st, s);

		/* A function whose time is not passed on (-E, -N ...)
		   inherits none either, as in callgraph.c.  */
		pr->incl[ix] = pr->self[ix] + (s->fract != 0.0
					       ? calls_out (pr, s) : 0);
		if (!is_cycle_member (s)) {
			split_into (pr, s, pr->incl[ix]);
			continue;
		}
		if (i + 1 < n && top[i + 1]->cyc_head == s->cyc_head)
			continue;
		{
			const struct sym *cyc = s->cyc_head, *m;
			size_t c = (size_t) cyc->cyc_num - 1;
			uint64_t t = 0;

			for (m = cyc->cyc_next; m; m = m->cyc_next)
				if (m->fract != 0.0)
					t += pr->incl[sym_ix (st, m)];
			pr->cyc_incl[c] = t;
			split_into (pr, cyc, t);
		}
	}
}

/* Whether arc A leaves its caller's cycle (or is not a call of
   itself, outside cycles): the arcs that carry time.  */
static bool
crosses (const struct arc *a)
{
	return a->parent != a->child && (a->parent->cyc_num == 0
					 || a->parent->cyc_num
					 != a->child->cyc_num);
}

/* The times callgraph.c measured from calling contexts (measure.c),
   in units: each arc its own, each caller its self cost plus its
   calls' out of its cycle.  Sums hold for callers; for callees they
   are what was measured under their calls, which may be less than
   their cost (time of theirs with no caller in its context).  */
static void
measured (struct prop *pr, const struct samples *xs)
{
	const struct callgraph *cg = pr->in->cg;
	const struct symtab *st = pr->in->st;
	size_t i;

	for (i = 0; i < cg->narcs; i++) {
		const struct arc *a = &cg->arcs[i];
		uint64_t v;

		if (!crosses (a))
			continue;
		v = (uint64_t) ((a->time + a->child_time)
				* (double) xs->per_sample + 0.5);
		pr->arc_cost[i] = v;
		if (a->parent->fract != 0.0)
			pr->incl[sym_ix (st, a->parent)] += v;
		if (a->parent->cyc_num)
			pr->cyc_incl[a->parent->cyc_num - 1] += v;
	}
	for (i = 0; i < st->len; i++) {
		const struct sym *s = &st->base[i];

		pr->incl[i] += pr->self[i];
		if (s->cyc_num && s->fract != 0.0)
			pr->cyc_incl[s->cyc_num - 1] += pr->self[i];
	}
}

/* Symbols in topological order, leaves first, stably.  */
static struct sym **
topological (const struct symtab *st)
{
	size_t n = st->len, i, k;
	size_t *count;
	struct sym **top;
	int maxorder = 0;

	for (i = 0; i < n; i++)
		if (st->base[i].top_order > maxorder)
			maxorder = st->base[i].top_order;
	count = XCNEWVEC (size_t, (size_t) maxorder + 2);
	for (i = 0; i < n; i++)
		count[(st->base[i].top_order > 0 ? st->base[i].top_order : 0)
		      + 1]++;
	for (k = 1; k <= (size_t) maxorder + 1; k++)
		count[k] += count[k - 1];
	top = XNEWVEC (struct sym *, n ? n : 1);
	for (i = 0; i < n; i++)
		top[count[st->base[i].top_order > 0
			  ? st->base[i].top_order : 0]++] = &st->base[i];
	free (count);
	return top;
}

/* ------------------------------------------------------------------ */
/* Call sites */

static size_t
arc_hash (const void *arg, size_t i)
{
	const struct arc *a = &((const struct callgraph *) arg)->arcs[i];

	return hindex_hash2 ((uintptr_t) a->parent, (uintptr_t) a->child);
}

/* An index of CG's arcs by (caller, callee).  */
static void
map_build (struct hindex *m, const struct callgraph *cg)
{
	size_t i, s;

	hindex_init (m, cg->narcs);
	for (i = 0; i < cg->narcs; i++) {
		for (s = hindex_first (m, arc_hash (cg, i)); m->slot[s];
		     s = hindex_next (m, s))
			;
		hindex_put (m, s, i, i + 1, arc_hash, cg);
	}
}

static const struct arc *
map_find (const struct hindex *m, const struct callgraph *cg,
	  const struct sym *p, const struct sym *c)
{
	size_t s;

	for (s = hindex_first (m, hindex_hash2 ((uintptr_t) p, (uintptr_t) c));
	     m->slot[s]; s = hindex_next (m, s)) {
		const struct arc *a = &cg->arcs[m->slot[s] - 1];

		if (a->parent == p && a->child == c)
			return a;
	}
	return NULL;
}

/* The direct call of TARGET whose return address lies in [FROM, FROM +
   CALL_WINDOW], the first one, as ARCH decodes calls (in the mode of
   the code just before FROM, on Arm); 0 if there is none (an indirect
   call).  */
static uint64_t
find_call (const struct arch *arch, struct objfile *of, uint64_t from,
	   uint64_t target)
{
	unsigned char buf[ARCH_CALL_MAX + CALL_WINDOW];
	const struct arch *a = arch_at (arch, of, from ? from - 1 : 0, NULL);
	struct arch_call call;
	size_t len, n;
	uint64_t lo, p;

	if (!a)
		return 0;
	len = a->max_call_len;
	lo = from >= len ? from - len : 0;
	lo -= lo % a->align;
	n = (size_t) (from - lo) + CALL_WINDOW;
	while (n > len && !objfile_text_bytes (of, lo, buf, n))
		n--;
	if (n <= len && !objfile_text_bytes (of, lo, buf, len))
		return 0;
	if (n < len)
		n = len;
	for (p = lo; p < lo + n; p += a->align)
		if (a->direct_call (buf + (p - lo), (size_t) (lo + n - p), p,
				    &call)
		    && call.target == target && p + call.len >= from
		    && p + call.len <= lo + n)
			return p;
	return 0;
}

/* find_call in the code of the object of FROM (the program's, or with
   --objects a library's), at that object's own addresses; 0 for a call
   into another object (through a PLT entry, which is no callee's
   address).  */
static uint64_t
site_call (const struct arch *arch, const struct export_input *in,
	   uint64_t from, uint64_t target)
{
	uint64_t off, at;
	struct objfile *of = export_code (in, from, &off);

	if (!of || export_object (in, from) != export_object (in, target))
		return 0;
	at = find_call (arch, of, from - off, target - off);
	return at ? at + off : 0;
}

/* The function an address inside a callee belongs to (callgraph.c's
   rule: labels and lines back up to their function).  */
static const struct sym *
callee_of (const struct symtab *st, const struct sym *in)
{
	while (in && !in->is_func)
		in = in > st->base ? in - 1 : NULL;
	return in;
}

static uint64_t
site_addr (const struct site *s)
{
	return s->call_pc ? s->call_pc : s->from_pc;
}

static int
cmp_site (const void *lp, const void *rp)
{
	const struct site *l = lp, *r = rp;

	if (l->caller != r->caller)
		return l->caller < r->caller ? -1 : 1;
	if (site_addr (l) != site_addr (r))
		return site_addr (l) < site_addr (r) ? -1 : 1;
	if (l->arc != r->arc)
		return l->arc < r->arc ? -1 : 1;
	return l->from_pc < r->from_pc ? -1 : l->from_pc > r->from_pc;
}

static int
cmp_site_arc (const void *lp, const void *rp)
{
	const struct site *l = *(const struct site *const *) lp;
	const struct site *r = *(const struct site *const *) rp;

	if (l->arc != r->arc)
		return l->arc < r->arc ? -1 : 1;
	return l < r ? -1 : l > r;
}

static void
collect_sites (struct estimate *g, const struct export_input *in)
{
	const struct callgraph *cg = in->cg;
	const struct symtab *st = in->st;
	const struct profile *p = in->p;
	const struct arch *arch = arch_of (in->of);
	struct hindex map;
	struct site **by_arc;
	uint64_t *w, *out;
	size_t i, j, k, e;

	map_build (&map, cg);
	g->sites = XNEWVEC (struct site, p->narcs ? p->narcs : 1);
	for (i = 0; i < p->narcs; i++) {
		const struct gmon_arc *r = &p->arcs[i];
		const struct sym *parent = symtab_find (st, r->from_pc);
		const struct sym *child = symtab_find (st, r->self_pc);
		const struct arc *a;
		struct site *s;

		child = callee_of (st, child);
		/* No calls: a call only the contexts show (measure.c's
		   ctx_add_calls), a site of its own.  */
		if (!parent || !child || (r->count == 0 && !p->nctx))
			continue;
		a = map_find (&map, cg, parent, child);
		if (!a)
			continue;		/* -k */
		s = &g->sites[g->nsites++];
		memset (s, 0, sizeof *s);
		s->arc = (uint32_t) (a - cg->arcs);
		s->caller = (uint32_t) sym_ix (st, parent);
		s->callee = (uint32_t) sym_ix (st, child);
		s->from_pc = r->from_pc;
		s->count = r->count;
		s->call_pc = arch ? site_call (arch, in, r->from_pc,
					       child->addr) : 0;
		if (!arch)
			arch_missing (in->of, "the exports place each "
				      "call at its return address");
		if (s->call_pc)
			g->nfound++;
	}
	hindex_free (&map);

	/* Each arc's cost, split among its sites by their calls.  */
	by_arc = XNEWVEC (struct site *, g->nsites ? g->nsites : 1);
	w = XNEWVEC (uint64_t, g->nsites ? g->nsites : 1);
	out = XNEWVEC (uint64_t, g->nsites ? g->nsites : 1);
	for (i = 0; i < g->nsites; i++)
		by_arc[i] = &g->sites[i];
	qsort (by_arc, g->nsites, sizeof *by_arc, cmp_site_arc);
	for (i = 0; i < g->nsites; i = j) {
		for (j = i; j < g->nsites && by_arc[j]->arc == by_arc[i]->arc;
		     j++)
			w[j - i] = by_arc[j]->count ? by_arc[j]->count : 1;
		for (e = 0; e < g->nev; e++) {
			round_split (g->arc_cost[e][by_arc[i]->arc], w, j - i,
				     out);
			for (k = i; k < j; k++)
				by_arc[k]->cost[e] = out[k - i];
		}
	}
	free (by_arc);
	free (w);
	free (out);

	qsort (g->sites, g->nsites, sizeof *g->sites, cmp_site);
	for (i = 0, k = 0; i <= st->len; i++) {
		while (k < g->nsites && g->sites[k].caller < i)
			k++;
		g->first_site[i] = k;
	}
}

void
estimate_build (struct estimate *g, const struct export_input *in,
		const struct samples *xs)
{
	const struct symtab *st = in->st;
	const struct callgraph *cg = in->cg;
	size_t n = st->len ? st->len : 1, narcs, ncyc, e;
	struct sym **top;
	struct prop pr;

	memset (g, 0, sizeof *g);
	g->nev = xs->have_bb ? 2 : 1;
	narcs = cg ? cg->narcs : 0;
	ncyc = cg ? cg->ncycles : 0;
	g->first_site = XCNEWVEC (size_t, n + 1);
	for (e = 0; e < g->nev; e++) {
		const uint64_t *self = e == EST_TIME ? xs->self : xs->bb_self;

		g->arc_cost[e] = XCNEWVEC (uint64_t, narcs ? narcs : 1);
		g->incl[e] = XCNEWVEC (uint64_t, n);
		g->cyc_incl[e] = XCNEWVEC (uint64_t, ncyc ? ncyc : 1);
		if (!cg) {
			memcpy (g->incl[e], self, st->len * sizeof *self);
			continue;
		}
		memset (&pr, 0, sizeof pr);
		pr.in = in;
		pr.self = self;
		pr.arc_cost = g->arc_cost[e];
		pr.incl = g->incl[e];
		pr.cyc_incl = g->cyc_incl[e];
		if (e == EST_TIME && in->p->nctx) {
			measured (&pr, xs);
			continue;
		}
		pr.share = XCNEWVEC (uint64_t, narcs ? narcs : 1);
		pr.arcs = XNEWVEC (uint32_t, narcs ? narcs : 1);
		pr.w = XNEWVEC (double, narcs ? narcs : 1);
		pr.out = XNEWVEC (uint64_t, narcs ? narcs : 1);
		top = topological (st);
		propagate (&pr, st, top);
		free (top);
		free (pr.share);
		free (pr.arcs);
		free (pr.w);
		free (pr.out);
	}
	if (cg && in->p->narcs)
		collect_sites (g, in);
}

void
estimate_free (struct estimate *g)
{
	size_t e;

	for (e = 0; e < EST_NEV; e++) {
		free (g->arc_cost[e]);
		free (g->incl[e]);
		free (g->cyc_incl[e]);
	}
	free (g->sites);
	free (g->first_site);
	memset (g, 0, sizeof *g);
}
