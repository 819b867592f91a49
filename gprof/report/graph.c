/* graph.c - the call graph.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   One entry per function (and per cycle) in index order: its callers
   above it, its line, its callees below.  GNU gprof prints the index
   in a 6-character field that cuts "[10000]" to "[10000"; here the
   field grows instead, so entries from 10000 on keep their "]" (and
   their lines shift one column right).  */

#include <config.h>

#include <stdlib.h>

#include <libiberty/libiberty.h>

#include <string.h>

#include "gprof/graph/arclists.h"
#include "gprof/graph/callgraph.h"
#include "gprof/report/fmt.h"
#include "gprof/report/arcorder.h"
#include "gprof/report/report.h"

/* Lines are put together in place, at the end of the output buffer
   below, with fmt.c's conversions, which write what the printf formats
   in the comments would.  */
#define LINE_MAX_LEN	1024

struct line {
	char *buf;			/* where it starts */
	size_t len;
};

/* The entries go out through one buffer of their own: a stdio call
   per piece of a line (three a line, 140 000 lines for a program of
   20 000 functions) cost more than making the line.  Anything printed
   with stdio in between flushes it first.  */
static struct {
	char buf[1 << 16];
	size_t len;
} graph_out;

static void
graph_out_flush (void)
{
	if (graph_out.len)
		fwrite (graph_out.buf, 1, graph_out.len, stdout);
	graph_out.len = 0;
}

static void
graph_out_write (const char *p, size_t n)
{
	if (graph_out.len + n > sizeof graph_out.buf) {
		graph_out_flush ();
		if (n > sizeof graph_out.buf) {
			fwrite (p, 1, n, stdout);
			return;
		}
	}
	memcpy (graph_out.buf + graph_out.len, p, n);
	graph_out.len += n;
}

/* Starts L at the end of the output buffer, with room for a line.  */
static void
line_start (struct line *l)
{
	if (sizeof graph_out.buf - graph_out.len < LINE_MAX_LEN)
		graph_out_flush ();
	l->buf = graph_out.buf + graph_out.len;
	l->len = 0;
}

static void
put_spaces (struct line *l, size_t n)
{
	memset (l->buf + l->len, ' ', n);
	l->len += n;
}

static void
put_fixed (struct line *l, double v, int width, int prec)
{
	l->len += fmt_fixed (l->buf + l->len, LINE_MAX_LEN - l->len, v,
			     width, prec);
}

static void
put_uint (struct line *l, unsigned long long n, int width, bool left)
{
	l->len += fmt_uint (l->buf + l->len, n, width, left);
}

static void
put_char (struct line *l, char c)
{
	l->buf[l->len++] = c;
}

/* Ends L, which is in the output buffer already, and starts the next
   line after it.  */
static void
flush_line (struct line *l)
{
	graph_out.len += l->len;
	line_start (l);
}

/* Each symbol's name as the graph prints it after the numbers (the
   name, " <cycle N>", " [N]"), made the first time it is printed: a
   function shows on its own line and on a line for each of its arcs,
   and putting the name together (demangled or not, its length, the
   numbers after it) cost more than the rest of such a line.  */
static struct {
	const struct sym *base;		/* the symbols cached */
	size_t n;
	uint32_t *at;			/* per symbol: offset into text + 1,
					   0 if not made yet */
	uint16_t *len;			/* per symbol: the text's length */
	char *text;			/* the texts, one after another */
	size_t used, cap;
} names;

static void
names_init (const struct report *r)
{
	names.base = r->st->base;
	names.n = r->st->len;
	names.at = XCNEWVEC (uint32_t, names.n + 1);
	names.len = XNEWVEC (uint16_t, names.n + 1);
	names.cap = 1 << 16;
	names.text = XNEWVEC (char, names.cap);
	names.used = 0;
}

static void
names_free (void)
{
	free (names.at);
	free (names.len);
	free (names.text);
	memset (&names, 0, sizeof names);
}

/* Keeps the N bytes at P, SYM's text, if there is room.  */
static void
names_keep (const struct sym *sym, const char *p, size_t n)
{
	size_t k = (size_t) (sym - names.base);

	if (n > UINT16_MAX || names.used + n >= UINT32_MAX)
		return;
	if (names.used + n > names.cap) {
		names.cap = 2 * names.cap + n;
		names.text = XRESIZEVEC (char, names.text, names.cap);
	}
	memcpy (names.text + names.used, p, n);
	names.at[k] = (uint32_t) names.used + 1;
	names.len[k] = (uint16_t) n;
	names.used += n;
}

/* Ends L with the name of SYM (as report_name() prints it) and a
   newline, and writes it.  */
static void
end_with_name (struct report *r, struct line *l, const struct sym *sym)
{
	bool cached = sym >= names.base && sym < names.base + names.n;
	size_t n;

	if (cached && names.at[sym - names.base]) {
		size_t k = (size_t) (sym - names.base);

		n = names.len[k];
		if (n < LINE_MAX_LEN - l->len) {
			memcpy (l->buf + l->len,
				names.text + names.at[k] - 1, n);
			l->len += n;
			l->buf[l->len++] = '\n';
			flush_line (l);
			return;
		}
	}
	n = report_name_format (r, sym, l->buf + l->len,
				LINE_MAX_LEN - l->len - 1);
	if (n == (size_t) -1) {
		/* Too long for a line of the buffer: through stdio, and
		   the next line starts afresh in the emptied buffer.  */
		flush_line (l);
		graph_out_flush ();
		report_name (r, sym);
		putchar ('\n');
		line_start (l);
		return;
	}
	if (cached)
		names_keep (sym, l->buf + l->len, n);
	l->len += n;
	l->buf[l->len++] = '\n';
	flush_line (l);
}

static void
print_header (struct report *r, double *print_time)
{
	report_section (r);
	if (!r->opt->bsd)
		printf (r->opt->brief ? "\t\t\tCall graph\n\n"
			: "\t\t     Call graph (explanation follows)\n\n");
	report_granularity (r);
	if (*print_time > 0.0) {
		printf (" for %.2f%% of %.2f seconds\n", 100.0 / *print_time,
			report_secs (r, *print_time));
	} else {
		printf (" no time propagated\n");
		/* Every numerator is 0 then.  */
		*print_time = 1.0;
	}
	if (r->p->nctx && !r->opt->line)
		printf ("children times measured from calling contexts "
			"(GMON_CONTEXT=%u), not estimated from call counts\n",
			r->p->ctx_depth);
	blurb_overhead (r);
	printf ("\n");
	if (r->opt->bsd) {
		printf ("%6.6s %5.5s %7.7s %11.11s %7.7s/%-7.7s     %-8.8s\n",
			"", "", "", "", "called", "total", "parents");
		printf ("%-6.6s %5.5s %7.7s %11.11s %7.7s+%-7.7s %-8.8s\t%5.5s\n",
			"index", "%time", "self", "descendants", "called",
			"self", "name", "index");
		printf ("%6.6s %5.5s %7.7s %11.11s %7.7s/%-7.7s     %-8.8s\n",
			"", "", "", "", "called", "total", "children");
		printf ("\n");
	} else {
		printf ("index %% time    self  children    called     name\n");
	}
}

static void
print_cycle (struct report *r, const struct sym *cyc, double print_time)
{
	char buf[32];

	graph_out_flush ();
	snprintf (buf, sizeof buf, "[%d]", cyc->index);
	printf (r->opt->bsd ? "%-6s %5.1f %7.2f %11.2f %7lu"
		: "%-6s %5.1f %7.2f %7.2f %7lu", buf,
		100 * (cyc->prop_self + cyc->prop_child) / print_time,
		report_secs (r, cyc->prop_self),
		report_secs (r, cyc->prop_child),
		(unsigned long) cyc->ncalls);
	if (cyc->self_calls != 0)
		printf ("+%-7lu", (unsigned long) cyc->self_calls);
	else
		printf (" %7.7s", "");
	printf (" <cycle %d as a whole> [%d]\n", cyc->cyc_num, cyc->index);
}

static void
print_members (struct report *r, const struct cycle *c, struct sym **buf)
{
	size_t n = order_members (c, buf), i;
	struct line l;

	line_start (&l);

	for (i = 0; i < n; i++) {
		const struct sym *m = buf[i];

		/* "%6.6s %5.5s %7.2f %7.2f %7lu" ("%11.2f" with -T) */
		put_spaces (&l, 13);
		put_fixed (&l, report_secs (r, m->prop_self), 7, 2);
		put_char (&l, ' ');
		put_fixed (&l, report_secs (r, m->prop_child),
			   r->opt->bsd ? 11 : 7, 2);
		put_char (&l, ' ');
		put_uint (&l, m->ncalls, 7, false);
		if (m->self_calls != 0) {
			put_char (&l, '+');	/* "+%-7lu" */
			put_uint (&l, m->self_calls, 7, true);
		} else {
			put_spaces (&l, 8);	/* " %7.7s" */
		}
		put_spaces (&l, 5);
		end_with_name (r, &l, m);
	}
}

/* One caller or callee line.  A call of itself, or between members
   of one cycle, shows only its count; any other shows the share of
   time it carries and count/total calls (of the whole cycle when the
   callee is in one).  */
static void
print_arc_line (struct report *r, const struct arc *a, const struct sym *who,
		bool sibling, uint64_t total)
{
	int wide = r->opt->bsd ? 11 : 7;
	struct line l;

	line_start (&l);

	if (sibling) {
		/* "%6.6s %5.5s %7.7s %7.7s %7lu %7.7s     " */
		put_spaces (&l, 13 + 8 + (size_t) wide + 1);
		put_uint (&l, a->count, 7, false);
		put_spaces (&l, 1 + 7 + 5);
	} else {
		/* "%6.6s %5.5s %7.2f %7.2f %7lu/%-7lu     " */
		put_spaces (&l, 13);
		put_fixed (&l, report_secs (r, a->time), 7, 2);
		put_char (&l, ' ');
		put_fixed (&l, report_secs (r, a->child_time), wide, 2);
		put_char (&l, ' ');
		put_uint (&l, a->count, 7, false);
		put_char (&l, '/');
		put_uint (&l, total, 7, true);
		put_spaces (&l, 5);
	}
	end_with_name (r, &l, who);
}

/* Scratch space for the lists of one entry, sized for the largest.  */
struct bufs {
	uint32_t *arcs;			/* arc indices, sorted */
	void **scratch;			/* for order_*() */
	struct sym **members;		/* a cycle's members */
};

static void
print_parents (struct report *r, const struct sym *child,
	       const struct bufs *b)
{
	const struct callgraph *cg = r->cg;
	size_t n, i;

	if (child->parents == NO_ARC) {
		/* The same line for every entry nothing calls: formatted
		   once (a program may have tens of thousands).  */
		static char line[2][80];
		int bsd = r->opt->bsd ? 1 : 0;

		if (!line[bsd][0])
			snprintf (line[bsd], sizeof line[bsd], bsd
				  ? "%6.6s %5.5s %7.7s %11.11s %7.7s %7.7s     <spontaneous>\n"
				  : "%6.6s %5.5s %7.7s %7.7s %7.7s %7.7s     <spontaneous>\n",
				  "", "", "", "", "", "");
		graph_out_write (line[bsd], strlen (line[bsd]));
		return;
	}
	n = order_parents (cg, child, b->arcs, b->scratch);
	for (i = 0; i < n; i++) {
		const struct arc *a = &cg->arcs[b->arcs[i]];
		const struct sym *parent = a->parent;

		print_arc_line (r, a, parent, child == parent
				|| (child->cyc_num != 0
				    && parent->cyc_num == child->cyc_num),
				child->cyc_head->ncalls);
	}
}

static void
print_children (struct report *r, const struct sym *parent,
		const struct bufs *b)
{
	const struct callgraph *cg = r->cg;
	size_t n = order_children (cg, parent, b->arcs, b->scratch), i;

	for (i = 0; i < n; i++) {
		const struct arc *a = &cg->arcs[b->arcs[i]];
		const struct sym *child = a->child;

		print_arc_line (r, a, child, child == parent
				|| (child->cyc_num != 0
				    && child->cyc_num == parent->cyc_num),
				child->cyc_head->ncalls);
	}
}

static void
print_line (struct report *r, const struct sym *np, double print_time)
{
	struct line l;

	line_start (&l);
	char buf[32];
	size_t n;

	/* "%-6s %5.1f %7.2f %7.2f" ("%11.2f" with -T) */
	buf[0] = '[';
	n = 1 + fmt_uint (buf + 1, (unsigned long long) np->index, 0, false);
	buf[n++] = ']';
	memcpy (l.buf, buf, n);
	l.len = n;
	if (n < 6)
		put_spaces (&l, 6 - n);
	put_char (&l, ' ');
	put_fixed (&l, 100 * (np->prop_self + np->prop_child) / print_time,
		   5, 1);
	put_char (&l, ' ');
	put_fixed (&l, report_secs (r, np->prop_self), 7, 2);
	put_char (&l, ' ');
	put_fixed (&l, report_secs (r, np->prop_child),
		   r->opt->bsd ? 11 : 7, 2);
	if (np->ncalls + np->self_calls != 0) {
		put_char (&l, ' ');	/* " %7lu" */
		put_uint (&l, np->ncalls, 7, false);
		if (np->self_calls != 0) {
			put_char (&l, '+');	/* "+%-7lu " */
			put_uint (&l, np->self_calls, 7, true);
			put_char (&l, ' ');
		} else {
			put_spaces (&l, 9);	/* " %7.7s " */
		}
	} else {
		put_spaces (&l, 17);		/* " %7.7s %7.7s " */
	}
	end_with_name (r, &l, np);
}

bool
report_graph_printed (const struct report *r, const struct sym *s)
{
	if (r->opt->ignore_zeros && s->ncalls == 0 && s->self_calls == 0
	    && s->prop_self == 0 && s->prop_child == 0)
		return false;
	if (!s->print_flag)
		return false;
	return !(r->opt->line && !s->is_func);
}

/* Asks for what the entries after entry I will read, each step of the
   chain a few entries ahead of the next: the entry itself six on, the
   runs of arc numbers of the one four on, the arcs of the one three
   on, their other ends for the one two on.  Entries and their arcs lie
   all over memory in the graph's order; asked for ahead, each load
   overlaps with the printing of the entries before instead of waiting
   for the last (the manual's "Performance").  */
static inline void
graph_prefetch_ahead (const struct callgraph *cg, size_t i)
{
	if (i + 6 < cg->nentries)
		__builtin_prefetch (cg->by_index[i + 6]);
	if (i + 4 < cg->nentries)
		cg_prefetch_lists (cg, cg->by_index[i + 4], 0);
	if (i + 3 < cg->nentries)
		cg_prefetch_lists (cg, cg->by_index[i + 3], 1);
	if (i + 2 < cg->nentries)
		cg_prefetch_lists (cg, cg->by_index[i + 2], 2);
}

void
report_graph (struct report *r)
{
	const struct callgraph *cg = r->cg;
	double print_time = cg->print_time;
	struct bufs b;
	size_t i;

	if (!r->opt->brief && r->opt->bsd)
		blurb_graph_bsd (stdout);
	print_header (r, &print_time);

	b.arcs = XNEWVEC (uint32_t, cg->narcs + 1);
	b.scratch = XNEWVEC (void *, 2 * cg->narcs + 2);
	b.members = XNEWVEC (struct sym *, r->st->len + 1);
	names_init (r);
	for (i = 0; i < cg->nentries; i++) {
		const struct sym *s = cg->by_index[i];

		graph_prefetch_ahead (cg, i);
		if (!report_graph_printed (r, s))
			continue;
		if (!s->name && s->cyc_num != 0) {
			print_cycle (r, s, print_time);
			print_members (r, (const struct cycle *) s, b.members);
		} else {
			print_parents (r, s, &b);
			print_line (r, s, print_time);
			print_children (r, s, &b);
		}
		if (r->opt->bsd)
			graph_out_write ("\n", 1);
		graph_out_write ("---------------------------------------"
				 "--------\n", 48);
		if (r->opt->bsd)
			graph_out_write ("\n", 1);
	}
	graph_out_flush ();
	free (b.arcs);
	free (b.scratch);
	free (b.members);
	names_free ();

	if (!r->opt->brief && !r->opt->bsd)
		blurb_graph (stdout, r->p->nctx != 0 && !r->opt->line);
}
