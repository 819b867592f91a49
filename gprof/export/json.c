/* json.c - the profile as JSON, for scripts.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   The schema is doc/gprof-json.schema.json (version 1 of the format
   "gmonkit-gprof"); the manual describes every member.  The numbers
   are the model's, those the text reports print (seconds are ticks /
   rate, in full precision: printf's %.2f of them is the report's
   text), plus what the text reports do not show: each function's
   exact share of the samples and its expected sampling error, sqrt(N)
   samples for N samples (the GNU gprof manual's rule), and each arc's
   call sites.  With -l, a list of lines and their samples.  With
   calling contexts (GMON_CONTEXT), the children times are measured
   (the member `measured' lists them, `estimated' is empty) and
   `contexts' holds the tree of call chains by function.  */

#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gmon/bytes.h"
#include "gprof/export/private.h"
#include "gprof/util/utf8.h"

#define JSON_VERSION	1

/* S as a JSON string (util/utf8.c: valid UTF-8 whatever the names,
   as the schema says).  */
static void
put_str (struct out *o, const char *s)
{
	utf8_json (s, out_put, o);
}

/* A number JSON can hold: full precision, no -0, nan or inf.  */
static void
put_num (struct out *o, double v)
{
	if (!isfinite (v) || v == 0.0)
		v = 0.0;
	out_printf (o, "%.17g", v);
}

static void
put_addr (struct out *o, uint64_t a)
{
	out_printf (o, "\"0x%llx\"", (unsigned long long) a);
}

static void
put_key (struct out *o, const char *key, bool first)
{
	out_printf (o, "%s\"%s\": ", first ? "" : ", ", key);
}

static void
put_file_line (struct out *o, const struct source_file *f, int line)
{
	put_key (o, "file", false);
	if (f)
		put_str (o, f->name);
	else
		out_puts (o, "null");
	put_key (o, "line", false);
	if (line > 0)
		out_printf (o, "%d", line);
	else
		out_puts (o, "null");
}

/* Whether symbol S is in the output: it has time or calls, or is in an
   arc, or -z asks for every function.  */
static bool
listed (const struct export_ctx *c, const struct sym *s, size_t i)
{
	if (!c->in->opt->ignore_zeros)
		return true;
	return s->time != 0.0 || s->ncalls != 0 || s->self_calls != 0
		|| c->samples->self[i] != 0 || s->parents != NO_ARC
		|| s->children != NO_ARC;
}

/* report_graph_printed()'s rule.  */
static bool
graph_printed (const struct export_ctx *c, const struct sym *s)
{
	if (c->in->opt->ignore_zeros && s->ncalls == 0 && s->self_calls == 0
	    && s->prop_self == 0 && s->prop_child == 0)
		return false;
	if (!s->print_flag)
		return false;
	return !(c->in->opt->line && !s->is_func);
}

static void
put_graph (struct out *o, const struct export_ctx *c, const struct sym *s)
{
	double pt = c->in->cg->print_time > 0.0 ? c->in->cg->print_time : 1.0;

	out_printf (o, "{\"index\": %d", s->index);
	put_key (o, "printed", false);
	out_puts (o, graph_printed (c, s) ? "true" : "false");
	put_key (o, "percent", false);
	put_num (o, 100 * (s->prop_self + s->prop_child) / pt);
	put_key (o, "self_seconds", false);
	put_num (o, export_secs (c, s->prop_self));
	put_key (o, "children_seconds", false);
	put_num (o, export_secs (c, s->prop_child));
	out_puts (o, "}");
}

static void
put_function (struct out *o, struct export_ctx *c, size_t i, size_t id)
{
	const struct export_input *in = c->in;
	const struct sym *s = &in->st->base[i];
	double total = in->total_time > 0.0 ? in->total_time : 1.0;
	const struct samples *xs = c->samples;
	double samples = xs->per_sample
		? (double) xs->self[i] / (double) xs->per_sample : 0.0;
	bool flat = !s->flat_off && !(in->opt->ignore_zeros && s->ncalls == 0
				    && s->time == 0);

	out_printf (o, "    {\"id\": %zu", id);
	put_key (o, "name", false);
	put_str (o, export_name (c, i));
	put_key (o, "mangled", false);
	put_str (o, s->name);
	put_key (o, "address", false);
	put_addr (o, s->addr);
	put_file_line (o, s->file, s->line);
	put_key (o, "self_seconds", false);
	put_num (o, export_secs (c, s->time));
	put_key (o, "self_samples", false);
	put_num (o, samples);
	put_key (o, "sampling_error_seconds", false);
	put_num (o, in->p->hz ? sqrt (samples) / (double) in->p->hz : 0.0);
	put_key (o, "calls", false);
	out_printf (o, "%llu", (unsigned long long) s->ncalls);
	put_key (o, "recursive_calls", false);
	out_printf (o, "%llu", (unsigned long long) s->self_calls);
	put_key (o, "children_seconds", false);
	put_num (o, in->cg ? export_secs (c, s->child_time) : 0.0);
	put_key (o, "flat_profile", false);
	out_puts (o, flat ? "true" : "false");
	put_key (o, "flat_percent", false);
	put_num (o, 100 * s->time / total);
	put_key (o, "cycle", false);
	if (s->cyc_num)
		out_printf (o, "%d", s->cyc_num);
	else
		out_puts (o, "null");
	put_key (o, "graph", false);
	if (in->cg)
		put_graph (o, c, s);
	else
		out_puts (o, "null");
	out_puts (o, "}");
}

static void
put_arcs (struct out *o, struct export_ctx *c, const size_t *id)
{
	const struct callgraph *cg = c->in->cg;
	const struct estimate *g = c->est;
	size_t a, k, *first, *next, n = 0;

	out_puts (o, "  \"arcs\": [");
	if (!cg) {
		out_puts (o, "],\n");
		return;
	}
	/* The sites of each arc, chained.  */
	first = XNEWVEC (size_t, cg->narcs ? cg->narcs : 1);
	next = XNEWVEC (size_t, g->nsites ? g->nsites : 1);
	for (a = 0; a < cg->narcs; a++)
		first[a] = SIZE_MAX;
	for (k = g->nsites; k-- > 0;) {
		next[k] = first[g->sites[k].arc];
		first[g->sites[k].arc] = k;
	}
	for (a = 0; a < cg->narcs; a++) {
		const struct arc *arc = &cg->arcs[a];
		bool in_cycle = arc->parent->cyc_num != 0
			&& arc->parent->cyc_num == arc->child->cyc_num;
		bool sep = true;

		out_printf (o, "%s\n    {\"caller\": %zu", n++ ? "," : "",
			    id[export_index (c, arc->parent)]);
		put_key (o, "callee", false);
		out_printf (o, "%zu", id[export_index (c, arc->child)]);
		put_key (o, "calls", false);
		out_printf (o, "%llu", (unsigned long long) arc->count);
		put_key (o, "self_seconds", false);
		put_num (o, export_secs (c, arc->time));
		put_key (o, "children_seconds", false);
		put_num (o, export_secs (c, arc->child_time));
		put_key (o, "within_cycle", false);
		out_puts (o, in_cycle || arc->parent == arc->child ? "true"
			  : "false");
		put_key (o, "call_sites", false);
		out_puts (o, "[");
		for (k = first[a]; k != SIZE_MAX; k = next[k]) {
			const struct site *s = &g->sites[k];

			out_printf (o, "%s{\"from_pc\": ", sep ? "" : ", ");
			sep = false;
			put_addr (o, s->from_pc);
			put_key (o, "call_address", false);
			if (s->call_pc)
				put_addr (o, s->call_pc);
			else
				out_puts (o, "null");
			put_key (o, "calls", false);
			out_printf (o, "%llu}", (unsigned long long) s->count);
		}
		out_puts (o, "]}");
	}
	free (first);
	free (next);
	out_puts (o, n ? "\n  ],\n" : "],\n");
}

static void
put_cycles (struct out *o, struct export_ctx *c, const size_t *id)
{
	const struct callgraph *cg = c->in->cg;
	size_t k;

	out_puts (o, "  \"cycles\": [");
	for (k = 0; cg && k < cg->ncycles; k++) {
		const struct sym *e = &cg->cycles[k].entry, *m;
		bool sep = true;

		out_printf (o, "%s\n    {\"number\": %d", k ? "," : "",
			    e->cyc_num);
		put_key (o, "members", false);
		out_puts (o, "[");
		for (m = e->cyc_next; m; m = m->cyc_next) {
			out_printf (o, "%s%zu", sep ? "" : ", ",
				    id[export_index (c, m)]);
			sep = false;
		}
		out_puts (o, "]");
		put_key (o, "calls", false);
		out_printf (o, "%llu", (unsigned long long) e->ncalls);
		put_key (o, "internal_calls", false);
		out_printf (o, "%llu", (unsigned long long) e->self_calls);
		put_key (o, "self_seconds", false);
		put_num (o, export_secs (c, e->time));
		put_key (o, "children_seconds", false);
		put_num (o, export_secs (c, e->child_time));
		put_key (o, "graph", false);
		put_graph (o, c, e);
		out_puts (o, "}");
	}
	out_puts (o, cg && cg->ncycles ? "\n  ]" : "]");
}

/* With -l: each line's samples, the pieces summed per line start.  */
static void
put_lines (struct out *o, struct export_ctx *c, const size_t *id)
{
	const struct samples *xs = c->samples;
	size_t i = 0, j, n = 0;

	out_puts (o, ",\n  \"lines\": [");
	while (i < xs->n) {
		const struct piece *p = &xs->v[i];
		const struct source_file *f;
		uint64_t cost = 0;
		double samples;
		int line;

		/* A line's pieces follow each other (one symbol's pieces
		   are ascending, and so are its lines).  */
		for (j = i; j < xs->n && xs->v[j].sym == p->sym
		     && xs->v[j].line_addr == p->line_addr; j++)
			cost = gmon_add_sat (cost, xs->v[j].cost);
		i = j;
		if (p->sym == SAMPLES_NOSYM)
			continue;
		samples_line (c->samples, p->line_addr, &f, &line);
		samples = (double) cost / (double) xs->per_sample;
		out_printf (o, "%s\n    {\"function\": %zu", n++ ? "," : "",
			    id[p->sym]);
		put_key (o, "address", false);
		put_addr (o, p->line_addr);
		put_file_line (o, f, line);
		put_key (o, "self_samples", false);
		put_num (o, samples);
		put_key (o, "self_seconds", false);
		put_num (o, c->in->p->hz ? samples / (double) c->in->p->hz
			 : 0.0);
		out_puts (o, "}");
	}
	out_puts (o, n ? "\n  ]" : "]");
}

/* What the children times are, as OBJECT.MEMBER paths.  */
static const char children_members[] = "[\"functions.children_seconds\", "
	"\"functions.graph.percent\", "
	"\"functions.graph.children_seconds\", "
	"\"arcs.self_seconds\", \"arcs.children_seconds\", "
	"\"cycles.children_seconds\", \"cycles.graph.percent\", "
	"\"cycles.graph.children_seconds\"]";

static void
put_ctx_node (struct out *o, struct export_ctx *c, const struct ctxnode *nd,
	      const size_t *id, size_t parent, double per_second)
{
	const struct symtab *st = c->in->st;

	out_puts (o, "{\"function\": ");
	if (nd->what < st->len && id[nd->what] != SIZE_MAX)
		out_printf (o, "%zu", id[nd->what]);
	else
		out_puts (o, "null");
	put_key (o, "name", false);
	put_str (o, nd->what < st->len ? export_name (c, nd->what)
		 : nd->what == CT_CUT ? "<deeper-than-recorded>"
		 : "<outside-any-function>");
	put_key (o, "parent", false);
	if (parent == SIZE_MAX)
		out_puts (o, "null");
	else
		out_printf (o, "%zu", parent);
	put_key (o, "self_seconds", false);
	put_num (o, per_second ? nd->self / per_second : 0.0);
	put_key (o, "total_seconds", false);
	put_num (o, per_second ? nd->total / per_second : 0.0);
	out_puts (o, "}");
}

/* The measured tree of call chains, parents first (depth first,
   biggest first).  */
static void
put_contexts (struct out *o, struct export_ctx *c, const size_t *id)
{
	const struct profile *p = c->in->p;
	double per_second = (double) c->samples->per_sample * (double) p->hz;
	struct ctxtree t;
	uint32_t *stack, k;
	size_t *out, sp = 0, n = 0;

	ctxtree_build (&t, c->in, c->samples, true);
	out_printf (o, ",\n  \"contexts\": {\"depth\": %u", p->ctx_depth);
	put_key (o, "lost_samples", false);
	out_printf (o, "%llu", (unsigned long long) p->ctx_lost);
	put_key (o, "nodes", false);
	out_puts (o, "[");
	stack = XNEWVEC (uint32_t, t.n + 1);
	out = XNEWVEC (size_t, t.n + 1);
	/* Pushed in reverse, so that the biggest comes out first.  */
	for (k = t.roots; k != CT_NONE; k = t.v[k].next)
		stack[sp++] = k;
	for (k = 0; k < sp / 2; k++) {
		uint32_t x = stack[k];

		stack[k] = stack[sp - 1 - k];
		stack[sp - 1 - k] = x;
	}
	while (sp > 0) {
		uint32_t v = stack[--sp], first = (uint32_t) sp;
		const struct ctxnode *nd = &t.v[v];

		out[v] = n;
		out_puts (o, n++ ? ",\n    " : "\n    ");
		put_ctx_node (o, c, nd, id, nd->parent == CT_NONE ? SIZE_MAX
			      : out[nd->parent], per_second);
		for (k = nd->first; k != CT_NONE; k = t.v[k].next)
			stack[sp++] = k;
		for (k = 0; k < (sp - first) / 2; k++) {
			uint32_t x = stack[first + k];

			stack[first + k] = stack[sp - 1 - k];
			stack[sp - 1 - k] = x;
		}
	}
	out_puts (o, n ? "\n  ]}" : "]}");
	free (stack);
	free (out);
	ctxtree_free (&t);
}

static void
json_write (struct export_ctx *c, struct out *o)
{
	const struct export_input *in = c->in;
	const struct samples *xs = c->samples;
	const struct symtab *st = in->st;
	size_t *id = XNEWVEC (size_t, st->len ? st->len : 1), i, n = 0;

	out_printf (o, "{\n  \"format\": \"gmonkit-gprof\",\n"
		    "  \"version\": %d,\n", JSON_VERSION);
	out_printf (o, "  \"generator\": \"gprof (%s) %s\",\n", PACKAGE_NAME,
		    PACKAGE_VERSION);
	out_puts (o, "  \"executable\": ");
	put_str (o, c->image_abs);
	out_puts (o, ",\n  \"profiles\": [");
	for (i = 0; i < in->opt->ngmon; i++) {
		out_puts (o, i ? ", " : "");
		put_str (o, in->opt->gmon_files[i]);
	}
	if (in->opt->ngmon == 0)
		put_str (o, "gmon.out");
	out_puts (o, "],\n  \"time\": {\"dimension\": ");
	put_str (o, in->p->dimen[0] ? in->p->dimen : "seconds");
	out_printf (o, ", \"rate\": %ld", in->p->hz);
	put_key (o, "sample_period", false);
	put_num (o, in->p->hz ? 1.0 / (double) in->p->hz : 0.0);
	put_key (o, "total_samples", false);
	out_printf (o, "%llu", (unsigned long long) xs->samples);
	put_key (o, "unassigned_samples", false);
	put_num (o, xs->per_sample
		 ? (double) xs->unknown / (double) xs->per_sample : 0.0);
	put_key (o, "excluded_samples", false);
	put_num (o, xs->per_sample
		 ? (double) xs->excluded / (double) xs->per_sample : 0.0);
	put_key (o, "flat_total_seconds", false);
	put_num (o, export_secs (c, in->total_time));
	put_key (o, "graph_total_seconds", false);
	put_num (o, in->cg ? export_secs (c, in->cg->print_time) : 0.0);
	if (in->p->nctx)
		out_printf (o, "},\n  \"estimated\": [],\n  "
			    "\"measured\": %s,\n", children_members);
	else
		out_printf (o, "},\n  \"estimated\": %s,\n", children_members);

	out_puts (o, "  \"functions\": [");
	for (i = 0; i < st->len; i++) {
		id[i] = SIZE_MAX;
		if (!listed (c, &st->base[i], i))
			continue;
		out_puts (o, n ? ",\n" : "\n");
		id[i] = n;
		put_function (o, c, i, n++);
	}
	out_puts (o, n ? "\n  ],\n" : "],\n");
	put_arcs (o, c, id);
	put_cycles (o, c, id);
	if (xs->by_line)
		put_lines (o, c, id);
	if (in->p->nctx)
		put_contexts (o, c, id);
	out_puts (o, "\n}\n");
	free (id);
}

const struct export_format export_json = {
	.name = "json",
	.options = "none",
	.allows = 0,
	.path_prefix = "",
	.path_suffix = ".json",
	.check = NULL,
	.write = json_write,
};
