/* propagate.c - the callees' time up to their callers, as GNU gprof
   propagates it.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   In topological order, callers before callees: the print flags and
   the fraction of each symbol's time that is shown (symspecs -e/-E,
   -f/-F), each cycle's time, then from the callees up the share of
   their time that each caller's calls stand for.  The arithmetic is
   GNU gprof's, in its order: the printed times are sums of doubles.
   The topological sort is a counting sort, stable like the qsort()
   GNU gprof relies on.  */

#include <config.h>

#include <stdio.h>
#include <stdlib.h>

#include <libiberty/libiberty.h>

#include "gprof/graph/arclists.h"
#include "gprof/graph/propagate.h"
#include "gprof/symbols/symspec.h"
#include "gprof/util/util.h"

/* Print flag and time fraction from the callers (from outside the
   cycle, for a cycle member: then for the whole cycle at once).  */
static void
inherit_flags (struct callgraph *cg, struct sym *child)
{
	struct sym *head = child->cyc_head, *m;
	struct cg_walk w;
	uint32_t ai;

	if (child == head) {
		child->print_flag = false;
		child->fract = 0.0;
		for (cg_walk_start (&w, cg, child, true);
		     (ai = cg_walk_next (&w)) != NO_ARC;) {
			const struct arc *a = &cg->arcs[ai];
			const struct sym *parent = a->parent;

			if (parent == child)
				continue;
			child->print_flag |= parent->print_flag;
			/* A function never really called (all its arcs
			   are static) passes no time on.  */
			if (child->ncalls != 0)
				child->fract += parent->fract
					* ((double) a->count
					   / (double) child->ncalls);
		}
		return;
	}
	head->print_flag = false;
	head->fract = 0.0;
	for (m = head->cyc_next; m; m = m->cyc_next)
		for (cg_walk_start (&w, cg, m, true);
		     (ai = cg_walk_next (&w)) != NO_ARC;) {
			const struct arc *a = &cg->arcs[ai];
			const struct sym *parent = a->parent;

			if (parent->cyc_head == head)
				continue;
			head->print_flag |= parent->print_flag;
			if (head->ncalls != 0)
				head->fract += parent->fract
					* ((double) a->count
					   / (double) head->ncalls);
		}
	for (m = head; m; m = m->cyc_next) {
		m->print_flag = head->print_flag;
		m->fract = head->fract;
	}
}

/* From the callers down (TOP is in reverse topological order): print
   flags and time fractions, then the symspec options on top.  */
static void
propagate_flags (struct callgraph *cg, struct symtab *st,
		 const struct symspecs *ss, struct sym **top)
{
	const struct sym *old_head = NULL;
	size_t i;

	for (i = st->len; i-- > 0;) {
		struct sym *child = top[i];

		if (child->cyc_head != old_head) {
			old_head = child->cyc_head;
			inherit_flags (cg, child);
		}
		if (!child->print_flag) {
			if (symspec_on (ss, st, child, INCL_GRAPH))
				child->print_flag = true;
		} else if (!symspec_in (ss, st, child, INCL_GRAPH)
			   && symspec_in (ss, st, child, EXCL_GRAPH)) {
			child->print_flag = false;
		}
		if (child->fract == 0.0) {
			if (symspec_on (ss, st, child, INCL_TIME))
				child->fract = 1.0;
		} else if (!symspec_in (ss, st, child, INCL_TIME)
			   && symspec_in (ss, st, child, EXCL_TIME)) {
			child->fract = 0.0;
		}
		child->prop_self = child->time * child->fract;
		cg->print_time += child->prop_self;
		DBG (DBG_PROP, "[prop_flags] %s: print %d fract %f time %f "
		     "print_time %f\n", child->name, child->print_flag,
		     child->fract, child->time, cg->print_time);
	}
}

static void
cycle_time (struct callgraph *cg)
{
	size_t i;

	for (i = 0; i < cg->ncycles; i++) {
		struct sym *cyc = &cg->cycles[i].entry, *m;

		for (m = cyc->cyc_next; m; m = m->cyc_next) {
			/* Members left out with -E have no share.  */
			if (m->fract == 0.0)
				continue;
			cyc->time += m->time;
		}
		cyc->prop_self = cyc->fract * cyc->time;
	}
}

/* The callees' time, in the share of their calls that came from
   PARENT, goes up to PARENT (and to its cycle).  */
static void
propagate_time (struct callgraph *cg, struct sym *parent)
{
	struct cg_walk w;
	uint32_t ai;

	if (parent->fract == 0.0)
		return;
	for (cg_walk_start (&w, cg, parent, false);
	     (ai = cg_walk_next (&w)) != NO_ARC;) {
		struct arc *a = &cg->arcs[ai];
		struct sym *child = a->child;
		double share, prop_share;

		if (a->count == 0 || child == parent || child->fract == 0)
			continue;
		if (child->cyc_head != child) {
			if (parent->cyc_num == child->cyc_num)
				continue;
			if (parent->top_order <= child->top_order)
				fprintf (stderr, "[propagate] toporder botches\n");
			child = child->cyc_head;
		} else if (parent->top_order <= child->top_order) {
			fprintf (stderr, "[propagate] toporder botches\n");
			continue;
		}
		if (child->ncalls == 0)
			continue;

		a->time = child->time
			* ((double) a->count / (double) child->ncalls);
		a->child_time = child->child_time
			* ((double) a->count / (double) child->ncalls);
		share = a->time + a->child_time;
		parent->child_time += share;
		/* (1 - fract) of it is not shown: the parent's own share
		   of its callers' view.  */
		prop_share = parent->fract * share;
		parent->prop_child += prop_share;
		a->time *= parent->fract;
		a->child_time *= parent->fract;
		if (parent->cyc_head != parent) {
			parent->cyc_head->child_time += share;
			parent->cyc_head->prop_child += prop_share;
		}
		DBG (DBG_PROP, "[prop_time] %s -> %s share %f\n",
		     parent->name, child->name ? child->name : "<cycle>",
		     share);
	}
}

/* ST's symbols by topological number (cg_find_cycles()), a stable
   counting sort on the numbers copied out in one pass: three passes
   over a table of big symbols would read a cache line of each for
   four bytes.  */
static struct sym **
by_top_order (const struct symtab *st)
{
	size_t n = st->len, i, k;
	struct sym **top;
	size_t *count;
	int maxorder, *order;

	order = XNEWVEC (int, n ? n : 1);
	maxorder = 0;
	for (i = 0; i < n; i++) {
		order[i] = st->base[i].top_order;
		if (order[i] > maxorder)
			maxorder = order[i];
	}
	count = XCNEWVEC (size_t, (size_t) maxorder + 2);
	for (i = 0; i < n; i++)
		count[order[i] + 1]++;
	for (k = 1; k <= (size_t) maxorder + 1; k++)
		count[k] += count[k - 1];
	top = XNEWVEC (struct sym *, n ? n : 1);
	for (i = 0; i < n; i++)
		top[count[order[i]]++] = &st->base[i];
	free (count);
	free (order);
	return top;
}

void
cg_propagate (struct callgraph *cg, struct symtab *st,
	      const struct symspecs *ss)
{
	struct sym **top = by_top_order (st);
	size_t i;

	propagate_flags (cg, st, ss, top);
	cycle_time (cg);
	for (i = 0; i < st->len; i++)
		propagate_time (cg, top[i]);
	free (top);
}
