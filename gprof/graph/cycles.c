/* cycles.c - the cycles of the call graph, and its topological order.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   GNU gprof numbers the functions in the order a depth-first search
   finishes them, and groups those that call each other into cycles as
   the search meets them, appending the members in the order it finds
   them.  Both orders show in the output (the index order and the
   order of equal members and times), so this search visits and
   groups the functions exactly as GNU gprof's does, with two
   differences of method:

   - it keeps its own stack: GNU gprof recurses, and a call chain of
     300 000 functions overflows the process stack;
   - when a call goes back to a function still on the stack, GNU gprof
     walks the stack down to it and the cycle's member list to its end,
     for every such call; here union-find gives each function's cycle,
     each cycle keeps its last member, and each stack position knows up
     to where the positions above it are in its cycle already (they
     always form one run), so the work is linear.

   Cycles are numbered in the address order of the function each was
   entered at.  */

#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gmon/bytes.h"
#include "gprof/graph/arclists.h"
#include "gprof/graph/callgraph.h"
#include "gprof/graph/cycles.h"
#include "gprof/options.h"
#include "gprof/util/util.h"

#define DFN_NAN		0		/* not visited */
#define DFN_BUSY	(-1)		/* on the stack, or in a cycle whose
					   head is */

/* The state of the depth-first search.  Stack positions count from 0.  */
struct dfs {
	struct symtab *st;
	struct callgraph *cg;
	uint32_t *uf;			/* union-find parent of each symbol */
	uint32_t *tail;			/* last member of a head's list */
	int32_t *pos;			/* stack position, or -1 */
	uint32_t *stack;		/* symbols on the stack */
	uint32_t *arc;			/* next arc to follow, per position;
					   with RUNS, how many are left of
					   the run (followed backwards) */
	bool runs;			/* callees from cg_list_run() */
	uint32_t *grp_top;		/* per position of a cycle head: the
					   highest position glommed into it */
	size_t depth;			/* entries on the stack */
	int counter;			/* last topological number given */
};

static uint32_t
sym_ix (const struct dfs *d, const struct sym *s)
{
	return (uint32_t) (s - d->st->base);
}

/* The head of the cycle symbol X is glommed into (X if none).  */
static uint32_t
find_head (struct dfs *d, uint32_t x)
{
	uint32_t r = x, n;

	while (d->uf[r] != r)
		r = d->uf[r];
	while (d->uf[x] != r) {
		n = d->uf[x];
		d->uf[x] = r;
		x = n;
	}
	return r;
}

static void
push (struct dfs *d, uint32_t v)
{
	struct sym *s = &d->st->base[v];

	d->stack[d->depth] = v;
	if (d->runs) {
		const uint32_t *run;
		size_t n;

		cg_list_run (d->cg, s, false, &run, &n);
		d->arc[d->depth] = (uint32_t) n;
	} else {
		d->arc[d->depth] = s->children;
	}
	d->grp_top[d->depth] = (uint32_t) d->depth;
	d->pos[v] = (int32_t) d->depth;
	s->top_order = DFN_BUSY;
	d->depth++;
	DBG (DBG_DFN, "[dfn] pre-visit %zu: %s\n", d->depth, s->name);
}

/* A back edge into C, which is busy: everything on the stack above the
   cycle C belongs to joins that cycle.  GNU gprof's find_cycle()
   appends, bottom of the stack first, each entry not yet in the cycle
   together with the members it collected itself; that order is kept,
   since the printed order of equal members depends on it.  */
static void
find_cycle (struct dfs *d, uint32_t c)
{
	size_t top = d->depth - 1, t, p;
	uint32_t h;

	t = d->pos[c] >= 0 ? (size_t) d->pos[c]
		: (size_t) d->pos[find_head (d, c)];
	if (t == top)
		return;			/* a call of the function itself */
	h = find_head (d, d->stack[t]);
	p = (size_t) d->grp_top[d->pos[h]] + 1;
	while (p <= top) {
		uint32_t e = d->stack[p];

		/* Positions above a cycle's head up to grp_top are in it
		   already: E is the head of its own (maybe one-member)
		   group.  */
		d->st->base[d->tail[h]].cyc_next = &d->st->base[e];
		d->tail[h] = d->tail[e];
		d->uf[e] = h;
		DBG (DBG_DFN, "[find_cycle] glomming %s onto %s\n",
		     d->st->base[e].name, d->st->base[h].name);
		p = (size_t) d->grp_top[p] + 1;
	}
	d->grp_top[d->pos[h]] = (uint32_t) top;
}

static void
post_visit (struct dfs *d)
{
	size_t top = d->depth - 1;
	uint32_t v = d->stack[top], h = find_head (d, v);
	struct sym *s = &d->st->base[v], *m;

	if (h == v) {
		/* A function, or the head of a cycle: it and its members
		   get the next number.  */
		d->counter++;
		for (m = s; m; m = m->cyc_next)
			m->top_order = d->counter;
	} else {
		/* A member stays busy until its head is done; its head's
		   group now ends below it.  */
		d->grp_top[d->pos[h]] = (uint32_t) top - 1;
	}
	DBG (DBG_DFN, "[dfn] post-visit %zu: %s\n", d->depth, s->name);
	d->pos[v] = -1;
	d->depth--;
}

static void
dfs_from (struct dfs *d, uint32_t root)
{
	push (d, root);
	while (d->depth > 0) {
		size_t top = d->depth - 1;
		uint32_t ai = d->arc[top];
		struct arc *a;
		uint32_t c;

		if (d->runs) {
			/* The list's next arc is the run's last left.  */
			const uint32_t *run;
			size_t n;

			if (ai == 0) {
				post_visit (d);
				continue;
			}
			cg_list_run (d->cg, &d->st->base[d->stack[top]], false,
				     &run, &n);
			d->arc[top] = --ai;
			a = &d->cg->arcs[run[ai]];
		} else {
			if (ai == NO_ARC) {
				post_visit (d);
				continue;
			}
			a = &d->cg->arcs[ai];
			d->arc[top] = a->next_child;
		}
		c = sym_ix (d, a->child);
		if (a->child->top_order > 0)
			continue;	/* numbered */
		if (a->child->top_order == DFN_BUSY) {
			find_cycle (d, c);
			continue;
		}
		push (d, c);
	}
}

/* Numbers the cycles in the address order of their heads and counts
   their calls from outside and between members.  */
static void
cycle_link (struct callgraph *cg, struct symtab *st, struct dfs *d)
{
	size_t i, n = 0;
	int num = 0;

	/* A head with members is one whose list does not end at itself:
	   found in the search's own arrays, without a pass over the
	   symbols (which every symbol's cyc_head and cyc_num were set
	   to itself and 0 before the search, by cg_assemble()).  */
	for (i = 0; i < st->len; i++)
		if (d->tail[i] != i && find_head (d, (uint32_t) i) == i)
			n++;
	cg->cycles = XCNEWVEC (struct cycle, n ? n : 1);
	cg->ncycles = n;
	for (i = 0; i < st->len && n > 0; i++) {
		struct sym *s = &st->base[i], *m, *cyc;

		if (!(d->tail[i] != i && find_head (d, (uint32_t) i) == i))
			continue;
		cyc = &cg->cycles[num++].entry;
		cyc->print_flag = true;
		cyc->top_order = DFN_NAN;
		cyc->cyc_num = num;
		cyc->cyc_head = cyc;
		cyc->cyc_next = s;
		cyc->parents = cyc->children = NO_ARC;
		DBG (DBG_CYCLE, "[cycle_link] %s is the head of cycle %d\n",
		     s->name, num);
		for (m = s; m; m = m->cyc_next) {
			m->cyc_num = num;
			m->cyc_head = cyc;
		}
		for (m = s; m; m = m->cyc_next) {
			uint32_t ai;

			for (ai = m->parents; ai != NO_ARC;
			     ai = cg->arcs[ai].next_parent) {
				const struct arc *a = &cg->arcs[ai];

				if (a->parent == m)
					continue;
				if (a->parent->cyc_num == num)
					cyc->self_calls = gmon_add_sat
						(cyc->self_calls, a->count);
				else
					cyc->ncalls = gmon_add_sat
						(cyc->ncalls, a->count);
			}
		}
	}
}

void
cg_find_cycles (struct callgraph *cg, struct symtab *st)
{
	struct dfs d;
	size_t n = st->len, i, rn;
	const uint32_t *run;

	memset (&d, 0, sizeof d);
	d.st = st;
	d.cg = cg;
	/* The lists laid out (for one symbol, then for all)?  */
	d.runs = n > 0 && cg_list_run (cg, &st->base[0], false, &run, &rn);
	d.uf = XNEWVEC (uint32_t, n);
	d.tail = XNEWVEC (uint32_t, n);
	d.pos = XNEWVEC (int32_t, n);
	d.stack = XNEWVEC (uint32_t, n);
	d.arc = XNEWVEC (uint32_t, n);
	d.grp_top = XNEWVEC (uint32_t, n);
	/* The symbols' own fields were set by the caller's pass over
	   them (see cycles.h): one pass less over a table that may be
	   far bigger than the caches.  */
	for (i = 0; i < n; i++) {
		d.uf[i] = d.tail[i] = (uint32_t) i;
		d.pos[i] = -1;
	}
	for (i = 0; i < n; i++)
		if (st->base[i].top_order == DFN_NAN)
			dfs_from (&d, (uint32_t) i);
	cycle_link (cg, st, &d);
	free (d.uf);
	free (d.tail);
	free (d.pos);
	free (d.stack);
	free (d.arc);
	free (d.grp_top);
}
