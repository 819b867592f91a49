/* test_callgraph.c - unit tests of the call graph (gprof/graph/callgraph.c).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Small graphs worked out by hand (self calls, a cycle, the shares of
   time passed up, the index order, the order of callers and callees),
   a chain far deeper than any recursion could follow, and random
   graphs checked against a plain recursive version of GNU gprof's
   depth-first search, written out here as the reference: the same
   cycles, the same members in the same order, the same topological
   numbers.  */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "gprof/graph/callgraph.h"
#include "gprof/report/arcorder.h"
#include "gprof/model.h"
#include "gprof/options.h"
#include "gprof/symbols/symspec.h"
#include "tests/unit/cunit_main.h"

struct graph {
	struct sym *v;
	struct symtab st;
	struct callgraph cg;
	struct options opt;
	struct symspecs *ss;
	char (*names)[24];			/* "f" and any size_t */
};

static void
graph_init (struct graph *g, size_t n)
{
	size_t i;

	memset (g, 0, sizeof *g);
	g->v = calloc (n, sizeof *g->v);
	g->names = calloc (n, sizeof *g->names);
	for (i = 0; i < n; i++) {
		sym_init (&g->v[i]);
		g->v[i].addr = 0x1000 + 0x10 * i;
		g->v[i].end_addr = g->v[i].addr + 0xf;
		snprintf (g->names[i], sizeof g->names[i], "f%zu", i);
		g->v[i].name = g->names[i];
		g->v[i].is_func = 1;
		g->v[i].flat_off = 0;
	}
	g->st.base = g->v;
	g->st.len = n;
	g->st.text_end = 0x1000 + 0x10 * n;
	cg_init (&g->cg);
	g->opt.ignore_zeros = true;
	g->ss = symspec_build (&g->opt, &g->st, NULL, 0);
}

static void
graph_free (struct graph *g)
{
	cg_free (&g->cg);
	symspec_free (g->ss);
	free (g->v);
	free (g->names);
}

/* COUNT calls P -> C, as cg_tally() records them.  */
static void
call (struct graph *g, size_t p, size_t c, uint64_t count)
{
	g->v[c].ncalls += count;
	cg_add_arc (&g->cg, &g->v[p], &g->v[c], count);
}

static void
assemble (struct graph *g)
{
	cg_assemble (&g->cg, &g->st, g->ss, NULL, NULL);
}

/* main(0) calls a(1) 10 times and b(2) 30 times; both call c(3), which
   spent 40 ticks: 10 of them go up to a, 30 to b, all 40 to main.  */
static void
test_shares (void)
{
	struct graph g;
	struct arc *a;

	graph_init (&g, 4);
	call (&g, 0, 1, 10);
	call (&g, 0, 2, 30);
	call (&g, 1, 3, 10);
	call (&g, 2, 3, 30);
	g.v[3].time = 40;
	assemble (&g);

	CU_ASSERT_DOUBLE_EQUAL (g.v[1].child_time, 10.0, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL (g.v[2].child_time, 30.0, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL (g.v[0].child_time, 40.0, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL (g.v[3].fract, 1.0, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL (g.cg.print_time, 40.0, 1e-12);
	a = cg_add_arc (&g.cg, &g.v[1], &g.v[3], 0);	/* finds it */
	CU_ASSERT_DOUBLE_EQUAL (a->time, 10.0, 1e-12);
	CU_ASSERT_EQUAL (a->count, 10);
	/* Index: c and main both show 40 ticks; c has more calls.  */
	CU_ASSERT_EQUAL (g.v[3].index, 1);
	CU_ASSERT_EQUAL (g.v[0].index, 2);
	CU_ASSERT_EQUAL (g.v[2].index, 3);
	CU_ASSERT_EQUAL (g.v[1].index, 4);
	CU_ASSERT_TRUE (g.v[0].print_flag && g.v[3].print_flag);
	graph_free (&g);
}

/* main(0) -> x(1) twice; x(1) <-> y(2) 5 and 4 times; y -> leaf(3) 4
   times, main -> leaf 4 times; leaf has 100 ticks; z(4) calls itself.  */
static void
test_cycle (void)
{
	struct graph g;
	struct sym *cyc, *members[4];

	graph_init (&g, 5);
	call (&g, 0, 1, 2);
	call (&g, 1, 2, 5);
	call (&g, 2, 1, 4);
	call (&g, 2, 3, 4);
	call (&g, 0, 3, 4);
	call (&g, 4, 4, 7);
	g.v[3].time = 100;
	assemble (&g);

	CU_ASSERT_EQUAL_FATAL (g.cg.ncycles, 1);
	cyc = &g.cg.cycles[0].entry;
	CU_ASSERT_EQUAL (cyc->cyc_num, 1);
	CU_ASSERT_EQUAL (cyc->ncalls, 2);		/* from main */
	CU_ASSERT_EQUAL (cyc->self_calls, 9);		/* 5 + 4 inside */
	CU_ASSERT_EQUAL (g.v[1].cyc_num, 1);
	CU_ASSERT_EQUAL (g.v[2].cyc_num, 1);
	CU_ASSERT_PTR_EQUAL (g.v[1].cyc_head, cyc);
	/* x was entered first: it heads the member list.  */
	CU_ASSERT_PTR_EQUAL (cyc->cyc_next, &g.v[1]);
	CU_ASSERT_PTR_EQUAL (g.v[1].cyc_next, &g.v[2]);
	CU_ASSERT_EQUAL (g.v[1].top_order, g.v[2].top_order);
	/* leaf's 100 ticks: half to y (so to the cycle), half to main.  */
	CU_ASSERT_DOUBLE_EQUAL (g.v[2].child_time, 50.0, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL (cyc->child_time, 50.0, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL (g.v[0].child_time, 100.0, 1e-12);
	/* Self calls come out of ncalls.  */
	CU_ASSERT_EQUAL (g.v[4].ncalls, 0);
	CU_ASSERT_EQUAL (g.v[4].self_calls, 7);
	CU_ASSERT_EQUAL (g.v[4].cyc_num, 0);
	/* Members by time: y passes leaf's 50 ticks on, x nothing.  */
	CU_ASSERT_EQUAL (order_members (&g.cg.cycles[0], members), 2);
	CU_ASSERT_PTR_EQUAL (members[0], &g.v[2]);
	CU_ASSERT_PTR_EQUAL (members[1], &g.v[1]);
	graph_free (&g);
}

/* Callers print ascending, callees descending; equal arcs oldest
   first either way (no times here: by count).  */
static void
test_arc_order (void)
{
	struct graph g;
	uint32_t out[8];
	void *scratch[32];
	size_t n;

	graph_init (&g, 8);
	call (&g, 1, 0, 5);
	call (&g, 2, 0, 5);
	call (&g, 3, 0, 3);
	call (&g, 0, 0, 1);	/* a self call sorts first */
	call (&g, 4, 5, 5);
	call (&g, 4, 6, 5);
	call (&g, 4, 7, 3);
	assemble (&g);

	n = order_parents (&g.cg, &g.v[0], out, scratch);
	CU_ASSERT_EQUAL_FATAL (n, 4);
	CU_ASSERT_PTR_EQUAL (g.cg.arcs[out[0]].parent, &g.v[0]);
	CU_ASSERT_PTR_EQUAL (g.cg.arcs[out[1]].parent, &g.v[3]);
	CU_ASSERT_PTR_EQUAL (g.cg.arcs[out[2]].parent, &g.v[1]);
	CU_ASSERT_PTR_EQUAL (g.cg.arcs[out[3]].parent, &g.v[2]);
	n = order_children (&g.cg, &g.v[4], out, scratch);
	CU_ASSERT_EQUAL_FATAL (n, 3);
	CU_ASSERT_PTR_EQUAL (g.cg.arcs[out[0]].child, &g.v[5]);
	CU_ASSERT_PTR_EQUAL (g.cg.arcs[out[1]].child, &g.v[6]);
	CU_ASSERT_PTR_EQUAL (g.cg.arcs[out[2]].child, &g.v[7]);
	graph_free (&g);
}

/* A chain of 300000 calls: GNU gprof's recursion overflows its stack
   at that depth.  Leaves are numbered first.  */
static void
test_deep_chain (void)
{
	size_t n = 300000, i;
	struct graph g;

	graph_init (&g, n);
	for (i = 0; i + 1 < n; i++)
		call (&g, i, i + 1, 1);
	g.v[n - 1].time = 5;
	assemble (&g);
	CU_ASSERT_EQUAL (g.v[n - 1].top_order, 1);
	CU_ASSERT_EQUAL (g.v[0].top_order, (int) n);
	CU_ASSERT_EQUAL (g.cg.ncycles, 0);
	CU_ASSERT_DOUBLE_EQUAL (g.v[0].child_time, 5.0, 1e-9);
	graph_free (&g);
}

/* ------------------------------------------------------------------ */
/* The reference: GNU gprof's depth-first search, recursive, with the
   stack walk and the member-list walk it does for every back edge.  */

struct ref {
	const struct graph *g;
	size_t n;
	int *top;		/* 0 not visited, -1 busy, else number */
	long *head;		/* index of its cycle head */
	long *next;		/* next member, or -1 */
	long *stack;
	size_t depth;		/* entries, stack[1..depth] */
	int counter;
};

static void
ref_find_cycle (struct ref *r, long child)
{
	size_t top;
	long head = -1, tail, e;

	for (top = r->depth; top > 0; top--) {
		head = r->stack[top];
		if (child == head)
			break;
		if (r->head[child] != child && r->head[child] == head)
			break;
	}
	CU_ASSERT_FATAL (top > 0);
	if (top == r->depth)
		return;
	for (tail = head; r->next[tail] >= 0; tail = r->next[tail])
		;
	if (r->head[head] != head)
		head = r->head[head];
	for (top = top + 1; top <= r->depth; top++) {
		e = r->stack[top];
		if (r->head[e] == e) {
			r->next[tail] = e;
			r->head[e] = head;
			for (tail = e; r->next[tail] >= 0; tail = r->next[tail])
				r->head[r->next[tail]] = head;
		}
	}
}

static void
ref_dfn (struct ref *r, long v)
{
	uint32_t ai;
	long m;

	if (r->top[v] > 0)
		return;
	if (r->top[v] == -1) {
		ref_find_cycle (r, v);
		return;
	}
	r->stack[++r->depth] = v;
	r->top[v] = -1;
	for (ai = r->g->v[v].children; ai != NO_ARC;
	     ai = r->g->cg.arcs[ai].next_child)
		ref_dfn (r, r->g->cg.arcs[ai].child - r->g->v);
	if (r->head[v] == v) {
		r->counter++;
		for (m = v; m >= 0; m = r->next[m])
			r->top[m] = r->counter;
	}
	r->depth--;
}

static void
test_random_graphs (void)
{
	unsigned int seed = 4242;
	int round;

	for (round = 0; round < 300; round++) {
		size_t n = 2 + (size_t) (round % 60), i, narcs;
		struct graph g;
		struct ref r;

		graph_init (&g, n);
		seed = seed * 1103515245 + 12345;
		narcs = n + (seed >> 16) % (3 * n);
		for (i = 0; i < narcs; i++) {
			size_t p, c;

			seed = seed * 1103515245 + 12345;
			p = (seed >> 16) % n;
			seed = seed * 1103515245 + 12345;
			/* Mostly forward, some back: nested cycles.  */
			c = (seed >> 16) % 4 ? (p + 1 + (seed >> 20) % 3) % n
				: (seed >> 18) % n;
			call (&g, p, c, 1 + (seed >> 24) % 5);
		}
		assemble (&g);

		memset (&r, 0, sizeof r);
		r.g = &g;
		r.n = n;
		r.top = calloc (n, sizeof *r.top);
		r.head = calloc (n, sizeof *r.head);
		r.next = calloc (n, sizeof *r.next);
		r.stack = calloc (n + 1, sizeof *r.stack);
		for (i = 0; i < n; i++) {
			r.head[i] = (long) i;
			r.next[i] = -1;
		}
		for (i = 0; i < n; i++)
			if (r.top[i] == 0)
				ref_dfn (&r, (long) i);

		for (i = 0; i < n; i++) {
			const struct sym *s = &g.v[i];
			long m;

			CU_ASSERT_EQUAL (s->top_order, r.top[i]);
			if (r.head[i] == (long) i && r.next[i] >= 0) {
				/* A cycle head: the same members, in order.  */
				const struct sym *x;

				CU_ASSERT_FATAL (s->cyc_num > 0);
				x = g.cg.cycles[s->cyc_num - 1].entry.cyc_next;
				for (m = (long) i; m >= 0; m = r.next[m]) {
					CU_ASSERT_PTR_EQUAL (x, &g.v[m]);
					x = x ? x->cyc_next : NULL;
				}
				CU_ASSERT_PTR_NULL (x);
			} else if (r.head[i] == (long) i) {
				CU_ASSERT_EQUAL (s->cyc_num, 0);
			}
		}
		free (r.top);
		free (r.head);
		free (r.next);
		free (r.stack);
		graph_free (&g);
	}
}

/* Cycles are numbered by the address of their first member.  */
static void
test_cycle_numbers (void)
{
	struct graph g;

	graph_init (&g, 6);
	call (&g, 4, 5, 1);
	call (&g, 5, 4, 1);
	call (&g, 1, 2, 1);
	call (&g, 2, 1, 1);
	call (&g, 0, 4, 1);
	assemble (&g);
	CU_ASSERT_EQUAL_FATAL (g.cg.ncycles, 2);
	CU_ASSERT_EQUAL (g.v[1].cyc_num, 1);
	CU_ASSERT_EQUAL (g.v[4].cyc_num, 2);
	/* A cycle with no caller from outside is not printed.  */
	CU_ASSERT_FALSE (g.cg.cycles[0].entry.print_flag);
	CU_ASSERT_TRUE (g.cg.cycles[1].entry.print_flag);
	graph_free (&g);
}

static const struct unit_test unit_tests[] = {
	{ "time shared out by calls", test_shares },
	{ "a cycle and a self call", test_cycle },
	{ "order of callers and callees", test_arc_order },
	{ "a 300000-deep chain", test_deep_chain },
	{ "cycles as GNU gprof finds them", test_random_graphs },
	{ "cycle numbers", test_cycle_numbers },
	{ NULL, NULL }
};

int
main (void)
{
	return unit_run ("callgraph", unit_tests);
}
