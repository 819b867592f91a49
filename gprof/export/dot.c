/* dot.c - the call graph as a Graphviz picture.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   One box per function the call graph prints, labelled and coloured
   by its total time (self + children, from blue for little to red for
   all of it) and its self time; one arrow per arc, labelled by its
   calls and the time it carries, as wide as that time.  A cycle is a
   dashed cluster around its members.  The numbers are the text call
   graph's: percentages of the time it shows, and everything but self
   times and calls said to be an estimate -- unless the profile has
   calling contexts (GMON_CONTEXT), which measured them.

   `node=P' leaves out the functions whose total is under P percent
   (default 0.5), cycle members by their own total as any other, and
   `edge=P' the arcs that carry less (default 0.1); calls within a
   cycle and recursive calls carry no time and are drawn whenever both
   ends are.  The caption says all of that: what the boxes, colours and
   arrows are, and what was left out.  `dot -Tsvg FILE' draws it.  */

#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gprof/export/private.h"
#include "gprof/overhead.h"

/* What follows a time that gprof estimated: nothing if it measured
   it (calling contexts).  */
static const char *
est (const struct export_ctx *c)
{
	return c->in->p->nctx ? "" : ", est.";
}

/* Writes S inside a quoted DOT string.  */
static void
put_escaped (struct out *o, const char *s)
{
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			out_printf (o, "\\%c", *s);
		else if (*s == '\n')
			out_puts (o, "\\n");
		else
			out_write (o, s, 1);
	}
}

/* The colour of a share F (0..1): a hue from blue (nothing) through
   green and yellow to red (everything), as gprof2dot draws, with
   small shares spread out by a square root.  */
static void
heat (double f, char *buf, size_t size, bool *dark)
{
	double h, s = 0.85, l = 0.45, c, x, m, r = 0, g = 0, b = 0;

	if (!(f > 0.0))
		f = 0.0;
	if (f > 1.0)
		f = 1.0;
	f = sqrt (f);
	h = (1.0 - f) * 240.0;
	c = (1.0 - fabs (2 * l - 1)) * s;
	x = c * (1 - fabs (fmod (h / 60.0, 2) - 1));
	m = l - c / 2;
	if (h < 60) {
		r = c; g = x;
	} else if (h < 120) {
		r = x; g = c;
	} else if (h < 180) {
		g = c; b = x;
	} else {
		g = x; b = c;
	}
	snprintf (buf, size, "#%02x%02x%02x", (int) ((r + m) * 255 + 0.5),
		  (int) ((g + m) * 255 + 0.5), (int) ((b + m) * 255 + 0.5));
	/* White text on the dark blues and reds, black on the rest.  */
	*dark = h > 200 || h < 25;
}

/* A node's total and self, in the graph's ticks.  */
static double
node_total (const struct export_ctx *c, const struct sym *s)
{
	return c->in->cg ? s->prop_self + s->prop_child : s->time;
}

static double
node_self (const struct export_ctx *c, const struct sym *s)
{
	return c->in->cg ? s->prop_self : s->time;
}

static double
graph_total (const struct export_ctx *c)
{
	double t = c->in->cg ? c->in->cg->print_time : c->in->total_time;

	return t > 0.0 ? t : 1.0;
}

static bool
shown (const struct export_ctx *c, const struct sym *s)
{
	const struct options *opt = c->in->opt;
	double pct;

	if (c->in->cg) {
		if (!s->print_flag)
			return false;
		if (opt->ignore_zeros && s->ncalls == 0 && s->self_calls == 0
		    && s->prop_self == 0 && s->prop_child == 0)
			return false;
	} else if (s->flat_off || (opt->ignore_zeros && s->time == 0
				   && s->ncalls == 0)) {
		return false;
	}
	/* A cycle's member by its own total, as the caption says: a
	   cycle of many functions would otherwise draw them all.  */
	pct = 100 * node_total (c, s) / graph_total (c);
	return pct >= c->req->node_thres;
}

static void
put_node (struct out *o, struct export_ctx *c, size_t i)
{
	const struct sym *s = &c->in->st->base[i];
	double total = node_total (c, s), self = node_self (c, s);
	double t = graph_total (c);
	char colour[16];
	bool dark;

	heat (total / t, colour, sizeof colour, &dark);
	out_printf (o, "  n%zu [label=\"", i);
	put_escaped (o, export_name (c, i));
	out_printf (o, "\\ntotal %.2f%% (%.2f s%s)\\nself %.2f%% (%.2f s)",
		    100 * total / t, export_secs (c, total),
		    c->in->cg && self != total ? est (c) : "",
		    100 * self / t, export_secs (c, self));
	if (s->ncalls || s->self_calls) {
		out_printf (o, "\\n%llu", (unsigned long long) s->ncalls);
		if (s->self_calls)
			out_printf (o, "+%llu", (unsigned long long)
				    s->self_calls);
		out_puts (o, s->ncalls + s->self_calls == 1 ? " call"
			  : " calls");
	}
	out_printf (o, "\", fillcolor=\"%s\", fontcolor=\"%s\"];\n", colour,
		    dark ? "#ffffff" : "#000000");
}

static void
put_edge (struct out *o, struct export_ctx *c, const struct arc *a)
{
	const struct sym *p = a->parent, *ch = a->child;
	double t = graph_total (c), carried = a->time + a->child_time;
	bool inner = p == ch || (p->cyc_num && p->cyc_num == ch->cyc_num);
	char colour[16];
	bool dark;

	if (!inner && 100 * carried / t < c->req->edge_thres)
		return;
	out_printf (o, "  n%zu -> n%zu [label=\"", export_index (c, p),
		    export_index (c, ch));
	if (inner) {
		out_printf (o, "%llu %s\", style=dashed, color=\"#808080\"];\n",
			    (unsigned long long) a->count,
			    p == ch ? "recursive calls" : "calls in cycle");
		return;
	}
	heat (carried / t, colour, sizeof colour, &dark);
	out_printf (o, "%.2f%% (%.2f s%s)\\n%llu call%s\", color=\"%s\", "
		    "penwidth=%.2f%s];\n", 100 * carried / t,
		    export_secs (c, carried), est (c),
		    (unsigned long long) a->count, a->count == 1 ? "" : "s",
		    colour,
		    1.0 + 5.0 * carried / t,
		    a->count == 0 ? ", style=dotted" : "");
}

static void
dot_write (struct export_ctx *c, struct out *o)
{
	const struct export_input *in = c->in;
	const struct symtab *st = in->st;
	const struct callgraph *cg = in->cg;
	unsigned char *drawn = XCNEWVEC (unsigned char, st->len ? st->len : 1);
	size_t i, k;

	out_puts (o, "digraph \"gprof\" {\n");
	out_puts (o, "  graph [fontname=\"Helvetica\", labelloc=t, "
		  "labeljust=l, nodesep=0.3, ranksep=0.4, label=\"");
	put_escaped (o, "Call graph of ");
	put_escaped (o, c->image_abs);
	out_printf (o, "\\l%llu samples at %ld Hz: %.2f s shown.  A box is "
		    "a function, its total (self + children) and self time, "
		    "coloured by its total, blue to red; an arrow a call, "
		    "labelled by the time it carries and its calls; a "
		    "dashed box a cycle, dashed arrows calls within it or "
		    "recursive ones (no time).\\lTotals and times on arrows "
		    "%s.\\lLeft out: functions under %g%% of the time "
		    "(members of cycles too), arrows under %g%%%s.\\l\"];\n",
		    (unsigned long long) c->samples->samples, in->p->hz,
		    export_secs (c, cg ? cg->print_time : in->total_time),
		    in->p->nctx ? "are measured from the calling contexts of "
		    "the samples" : "are estimates: gprof assumes every call "
		    "of a function takes the same time",
		    c->req->node_thres, c->req->edge_thres,
		    c->samples->overhead_out ? "; libgmon's own time, "
		    OVERHEAD_NAME " (--no-overhead)" : "");
	out_puts (o, "  node [shape=box, style=\"filled,rounded\", "
		  "fontname=\"Helvetica\", fontsize=10];\n");
	out_puts (o, "  edge [fontname=\"Helvetica\", fontsize=9];\n");

	for (k = 0; cg && k < cg->ncycles; k++) {
		const struct sym *e = &cg->cycles[k].entry, *m;
		double t = graph_total (c), total = node_total (c, e);
		bool any = false;

		for (m = e->cyc_next; m; m = m->cyc_next)
			if (shown (c, m))
				any = true;
		if (!any)
			continue;
		out_printf (o, "  subgraph \"cluster_cycle%d\" {\n    label="
			    "\"<cycle %d>: %.2f%% (%.2f s%s), %llu+%llu "
			    "calls\";\n    style=\"dashed,rounded\"; "
			    "color=\"#606060\"; fontname=\"Helvetica\";\n",
			    e->cyc_num, e->cyc_num, 100 * total / t,
			    export_secs (c, total), est (c),
			    (unsigned long long) e->ncalls,
			    (unsigned long long) e->self_calls);
		for (m = e->cyc_next; m; m = m->cyc_next) {
			size_t mi = export_index (c, m);

			if (!shown (c, m))
				continue;
			out_puts (o, "  ");
			put_node (o, c, mi);
			drawn[mi] = 1;
		}
		out_puts (o, "  }\n");
	}
	for (i = 0; i < st->len; i++)
		if (!drawn[i] && !st->base[i].cyc_num
		    && shown (c, &st->base[i])) {
			put_node (o, c, i);
			drawn[i] = 1;
		}
	for (i = 0; cg && i < cg->narcs; i++) {
		const struct arc *a = &cg->arcs[i];

		if (drawn[export_index (c, a->parent)]
		    && drawn[export_index (c, a->child)])
			put_edge (o, c, a);
	}
	out_puts (o, "}\n");
	free (drawn);
}

const struct export_format export_dot = {
	.name = "dot",
	.options = "node=PERCENT, edge=PERCENT",
	.allows = EXPORT_OPT_NODE | EXPORT_OPT_EDGE,
	.path_prefix = "",
	.path_suffix = ".dot",
	.check = NULL,
	.write = dot_write,
};
