/* arcorder.c - the orders the call graph prints a symbol's arcs and a
   cycle's members in.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   GNU gprof insertion-sorts each list as it prints it; these are the
   same orders, by a stable merge sort (an insertion sort, for short
   lists, when a NaN of time makes the comparison no order at all).  */

#include <config.h>

#include <math.h>
#include <stdlib.h>

#include "gprof/graph/arclists.h"
#include "gprof/report/arcorder.h"
#include "gprof/util/msort.h"

static bool
in_cycle (const struct arc *a)
{
	return a->parent->cyc_num != 0 && a->child->cyc_num != 0
		&& a->parent->cyc_num == a->child->cyc_num;
}

/* GNU gprof's order of two arcs of one symbol: a self call first, then
   calls within a cycle (by count), then the rest by time, then count.  */
static int
cmp_arc (const struct arc *l, const struct arc *r)
{
	double lt, rt;

	if (l->parent == l->child)
		return -1;
	if (r->parent == r->child)
		return 1;
	if (in_cycle (l)) {
		if (!in_cycle (r))
			return -1;
		if (l->count != r->count)
			return l->count < r->count ? -1 : 1;
		return 0;
	}
	if (in_cycle (r))
		return 1;
	lt = l->time + l->child_time;
	rt = r->time + r->child_time;
	if (lt < rt)
		return -1;
	if (lt > rt)
		return 1;
	if (l->count != r->count)
		return l->count < r->count ? -1 : 1;
	return 0;
}

static int
cmp_arc_up (const void *a, const void *b, void *arg)
{
	(void) arg;
	return cmp_arc (a, b);
}

static int
cmp_arc_down (const void *a, const void *b, void *arg)
{
	(void) arg;
	return cmp_arc (b, a);
}

/* Whether one of the N arcs of V carries a NaN of time.  */
static bool
nan_time (void *const *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		const struct arc *a = v[i];

		if (isnan (a->time + a->child_time))
			return true;
	}
	return false;
}

/* GNU gprof insertion-sorts the newest-first list; equal arcs end up
   oldest first.  That is a stable sort of the list taken oldest
   first.  */
static size_t
sorted_list (const struct callgraph *cg, const struct sym *sym,
	     bool parents, msort_cmp cmp, uint32_t *out, void **scratch)
{
	void **v = scratch, **tmp = scratch + cg->narcs;
	const uint32_t *run;
	size_t n = 0, i;
	uint32_t ai;

	if (cg_list_run (cg, sym, parents, &run, &n)) {
		for (i = 0; i < n; i++) {
			const struct arc *a = &cg->arcs[run[i]];

			/* The other ends: cmp_arc() reads them.  */
			__builtin_prefetch (parents ? a->parent : a->child);
			v[i] = (void *) a;
		}
	} else {
		for (ai = parents ? sym->parents : sym->children;
		     ai != NO_ARC; ai = parents
		     ? cg->arcs[ai].next_parent : cg->arcs[ai].next_child)
			v[n++] = &cg->arcs[ai];
		for (i = 0; i < n / 2; i++) {
			void *t = v[i];

			v[i] = v[n - 1 - i];
			v[n - 1 - i] = t;
		}
	}
	if (n <= 16 && !nan_time (v, n)) {
		/* Most lists are short: a stable insertion sort, with the
		   comparison inlined.  Without a NaN, cmp_arc() is a total
		   preorder (a list holds one call of itself at most), so
		   any stable sort gives msort_ptrs_tmp()'s order.  */
		for (i = 1; i < n; i++) {
			void *x = v[i];
			size_t j = i;

			while (j > 0 && (parents ? cmp_arc (v[j - 1], x)
					 : cmp_arc (x, v[j - 1])) > 0) {
				v[j] = v[j - 1];
				j--;
			}
			v[j] = x;
		}
	} else {
		msort_ptrs_tmp (v, n, cmp, NULL, tmp);
	}
	for (i = 0; i < n; i++)
		out[i] = (uint32_t) ((struct arc *) v[i] - cg->arcs);
	return n;
}

size_t
order_parents (const struct callgraph *cg, const struct sym *sym,
		   uint32_t *out, void **scratch)
{
	return sorted_list (cg, sym, true, cmp_arc_up, out, scratch);
}

size_t
order_children (const struct callgraph *cg, const struct sym *sym,
		    uint32_t *out, void **scratch)
{
	return sorted_list (cg, sym, false, cmp_arc_down, out, scratch);
}

static int
cmp_member_down (const void *a, const void *b, void *arg)
{
	const struct sym *l = b, *r = a;	/* descending */
	double lt = l->prop_self + l->prop_child;
	double rt = r->prop_self + r->prop_child;
	uint64_t lc = l->ncalls + l->self_calls;
	uint64_t rc = r->ncalls + r->self_calls;

	(void) arg;
	if (lt > rt)
		return 1;
	if (lt < rt)
		return -1;
	if (lc > rc)
		return 1;
	if (lc < rc)
		return -1;
	return 0;
}

size_t
order_members (const struct cycle *c, struct sym **out)
{
	struct sym *m;
	size_t n = 0;

	for (m = c->entry.cyc_next; m; m = m->cyc_next)
		out[n++] = m;
	msort_ptrs ((void **) out, n, cmp_member_down, NULL);
	return n;
}
