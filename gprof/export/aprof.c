/* aprof.c - the profile as an aprof report (aprof-plot).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   aprof measures each call's cost against its input size (the memory
   it reads first, "rms"); gmon files have no memory accesses, so this
   is a routine table: one point per routine, rms 0, with

       occ        calls (recursive ones too); 1 for a routine no arc
                  enters (main, code not compiled with -pg)
       self       sampled self time, usec
       sum, real  self + what its calls out of its cycle cost:
                  gprof's estimate (estimate.c)
       min, max   floor and ceiling of the average per call (aprof's
                  extremes are not known), min at least 1
       sqr        the least sum of squares those allow, ceil(sum^2 /
                  occ), in 128-bit arithmetic (plus a margin past
                  2^53, where aprof-plot's doubles round)

   in the v 6 layout, which aprof-plot reads as aprof 0.2.1 writes it:

       p ID RMS min max sum sqr occ real self self-min self-max self-sqr

   aprof-plot skips a point with a zero cost, with a warning, so a
   routine with calls but no time has its r line and no p line.  The c
   lines at the top say all this in the file.  With `bb' the costs are
   basic-block executions (m bb-count) instead.  */

#include <config.h>

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <libiberty/libiberty.h>

#include "gprof/graph/callgraph.h"
#include "gprof/export/private.h"
#include "gprof/util/util.h"

typedef unsigned __int128 u128;

/* Writes a 128-bit number in decimal.  */
static void
put_u128 (struct out *o, u128 v)
{
	char buf[48];
	size_t n = sizeof buf;

	buf[--n] = '\0';
	do {
		buf[--n] = (char) ('0' + (int) (v % 10));
		v /= 10;
	} while (v);
	out_puts (o, buf + n);
}

/* The least sum of squares of OCC costs adding up to SUM, rounded up,
   and safe against a reader that compares in doubles.  */
static u128
sum_sq (uint64_t sum, uint64_t occ)
{
	u128 sq = (u128) sum * sum, q = sq / occ;

	if (q * occ < sq)
		q++;
	if (q >> 53)
		q += (q >> 50) + 1;
	return q;
}

/* A name aprof-plot can read between quotes: no '"', not empty.  */
static void
put_quoted (struct out *o, const char *s)
{
	out_puts (o, "\"");
	if (!*s)
		s = "???";
	for (; *s; s++)
		out_write (o, *s == '"' || *s == '\n' ? "'" : s, 1);
	out_puts (o, "\"");
}

/* A cost in the report's unit: time in usec, or block counts.  */
struct unit {
	bool bb;
	uint64_t num, den;		/* usec = cost * num / den */
};

static uint64_t
to_unit (const struct unit *u, uint64_t v)
{
	if (u->bb || u->num == u->den)
		return v;
	return (uint64_t) (((u128) v * u->num + u->den / 2) / u->den);
}

/* A p line (TAG 'p', ID a routine) or a q line ('q', a context).  */
static void
put_point (struct out *o, char tag, size_t id, uint64_t sum, uint64_t self,
	   uint64_t occ)
{
	uint64_t min = sum / occ, max = (sum + occ - 1) / occ;
	uint64_t smin = self / occ, smax = (self + occ - 1) / occ;

	/* aprof-plot wants a cost of at least 1 everywhere.  */
	if (min == 0)
		min = 1;
	out_printf (o, "%c %zu 0 %llu %llu %llu ", tag, id,
		    (unsigned long long) min, (unsigned long long) max,
		    (unsigned long long) sum);
	put_u128 (o, sum_sq (sum, occ));
	out_printf (o, " %llu %llu %llu %llu %llu ",
		    (unsigned long long) occ, (unsigned long long) sum,
		    (unsigned long long) self, (unsigned long long) smin,
		    (unsigned long long) smax);
	put_u128 (o, self ? sum_sq (self, occ) : 0);
	out_puts (o, "\n");
}

static void
caveats (struct out *o, struct export_ctx *c, const struct unit *u)
{
	const struct export_input *in = c->in;
	const struct samples *xs = c->samples;
	size_t i;

	out_printf (o, "c exported by gprof (%s) %s from", PACKAGE_NAME,
		    PACKAGE_VERSION);
	if (in->opt->ngmon == 0)
		out_puts (o, " gmon.out");
	for (i = 0; i < in->opt->ngmon; i++)
		out_printf (o, " %s", in->opt->gmon_files[i]);
	out_puts (o, "\n");
	out_puts (o, "c rms is not measured: a gmon profile has no memory "
		  "accesses, so each routine has one point, at rms 0\n");
	out_puts (o, "c occ is the exact number of calls (recursive ones "
		  "included); a routine no call enters has occ 1\n");
	if (u->bb)
		out_puts (o, "c costs are basic-block executions: self costs "
			  "are counted exactly\n");
	else
		out_printf (o, "c self costs are sampled: %llu samples at %ld "
			    "Hz, in usec\n",
			    (unsigned long long) xs->samples, in->p->hz);
	if (in->p->nctx && !u->bb) {
		out_printf (o, "c MEASURED: sum and real (cumulative costs) "
			    "are measured from the calling contexts of the "
			    "samples (GMON_CONTEXT=%u); calls within a cycle "
			    "carry nothing\n", in->p->ctx_depth);
		out_puts (o, "c x and q lines: the sampled calling contexts, "
			  "by routine; a context's occ is its routine's calls "
			  "from its caller shared by time (at least 1), not "
			  "counted; its real is its sum\n");
	} else {
		out_puts (o, "c ESTIMATED: sum and real (cumulative costs) are "
			  "gprof's estimates, assuming every call of a routine "
			  "costs the same; calls within a cycle carry "
			  "nothing\n");
	}
	out_puts (o, "c min and max are the average per call rounded down "
		  "and up, not measured extremes (min is at least 1)\n");
	out_puts (o, "c routines with calls but no cost have no p line "
		  "(aprof-plot refuses a zero cost)\n");
	if (!u->bb && xs->excluded)
		out_printf (o, "c %llu usec sampled in functions the flat "
			    "profile leaves out (-P, --no-overhead, "
			    "mcount) are not in this report\n",
			    (unsigned long long) to_unit (u, xs->excluded));
	if (!u->bb && xs->unknown)
		out_printf (o, "c %llu usec were sampled outside every "
			    "function and belong to no routine\n",
			    (unsigned long long) to_unit (u, xs->unknown));
}

static void
get_unit (const struct export_ctx *c, struct unit *u)
{
	u->bb = c->req->bb;
	u->num = u->den = 1;
	if (!u->bb && c->samples->per_sample && c->in->p->hz > 0) {
		/* usec = units * 1e6 / (per_sample * hz).  */
		u->num = 1000000;
		u->den = c->samples->per_sample * (uint64_t) c->in->p->hz;
	}
}

/* The sampled calling contexts, as x and q lines.  aprof-plot reads
   them only in an order: the q lines of a context before its x line,
   contexts numbered 0, 1 ... as their q lines come, a parent before
   its children, and every routine either with an x line or defined
   after the first q line.  So: the routines that have contexts, the q
   lines of every context (depth first), the other routines, and the x
   lines (depth first).  */
struct cct {
	struct ctxtree t;		/* by routine, no frames outside */
	uint32_t *order;		/* contexts written, depth first */
	size_t n;
	uint64_t *sum, *self, *occ;	/* per tree node, in the unit */
	unsigned char *in_ctx;		/* per symbol: it has a context */
};

static void
cct_build (struct cct *x, const struct export_ctx *c, const struct unit *u)
{
	const struct callgraph *cg = c->in->cg;
	struct ctxtree *t = &x->t;
	double *arc_total = XCNEWVEC (double, cg ? cg->narcs + 1 : 1);
	uint32_t *stack, *arc, k;
	size_t sp = 0, i;

	memset (x, 0, sizeof *x);
	ctxtree_build (t, c->in, c->samples, false);
	x->order = XNEWVEC (uint32_t, t->n + 1);
	x->sum = XCNEWVEC (uint64_t, t->n + 1);
	x->self = XCNEWVEC (uint64_t, t->n + 1);
	x->occ = XCNEWVEC (uint64_t, t->n + 1);
	x->in_ctx = XCNEWVEC (unsigned char, c->in->st->len + 1);
	arc = XNEWVEC (uint32_t, t->n + 1);
	stack = XNEWVEC (uint32_t, t->n + 1);
	for (k = t->roots; k != CT_NONE; k = t->v[k].next)
		stack[sp++] = k;
	/* Depth first, the biggest first; a node of no cost is left out
	   with its subtree (whose costs are no bigger).  */
	while (sp > 0) {
		uint32_t v = stack[--sp], first = (uint32_t) sp;
		const struct ctxnode *nd = &t->v[v];
		const struct arc *a = NULL;

		x->sum[v] = to_unit (u, (uint64_t) (nd->total + 0.5));
		x->self[v] = to_unit (u, (uint64_t) (nd->self + 0.5));
		if (x->sum[v] == 0)
			continue;
		x->order[x->n++] = v;
		x->in_ctx[nd->what] = 1;
		if (cg && nd->parent != CT_NONE)
			a = cg_find_arc (cg, &c->in->st->base[t->v[nd->parent]
							       .what],
					 cg_callee (c->in->st,
						    &c->in->st->base[nd->what]));
		arc[v] = a ? (uint32_t) (a - cg->arcs) : NO_ARC;
		if (a)
			arc_total[arc[v]] += nd->total;
		for (k = nd->first; k != CT_NONE; k = t->v[k].next)
			stack[sp++] = k;
		for (k = 0; k < (sp - first) / 2; k++) {
			uint32_t tmp = stack[first + k];

			stack[first + k] = stack[sp - 1 - k];
			stack[sp - 1 - k] = tmp;
		}
	}
	/* A context's calls: the arc's, shared by time.  */
	for (i = 0; i < x->n; i++) {
		uint32_t v = x->order[i];
		double share = arc[v] != NO_ARC
			? (double) cg->arcs[arc[v]].count * t->v[v].total
			/ arc_total[arc[v]] : 0.0;

		x->occ[v] = share >= 1.5 ? (uint64_t) (share + 0.5) : 1;
	}
	free (arc);
	free (stack);
	free (arc_total);
}

static void
cct_free (struct cct *x)
{
	ctxtree_free (&x->t);
	free (x->order);
	free (x->sum);
	free (x->self);
	free (x->occ);
	free (x->in_ctx);
}

/* Whether routine I is listed: it was called or has a cost, or a
   context (IN_CTX, if not NULL, says).  */
static bool
listed (const struct export_ctx *c, const struct unit *u, size_t i,
	const unsigned char *in_ctx)
{
	const struct sym *s = &c->in->st->base[i];

	return s->ncalls + s->self_calls != 0 || (in_ctx && in_ctx[i])
		|| to_unit (u, c->est->incl[u->bb ? EST_BB : EST_TIME][i]) != 0;
}

static bool
aprof_empty (const struct export_ctx *c)
{
	struct unit u;
	size_t i;

	get_unit (c, &u);
	for (i = 0; i < c->in->st->len; i++)
		if (listed (c, &u, i, NULL))
			return false;
	return true;
}

/* The r line of routine I, numbered *ID (then incremented), its p
   line and its u line; returns its number.  */
static size_t
put_routine (struct out *o, struct export_ctx *c, const struct unit *u,
	     size_t i, size_t *id)
{
	const struct sym *s = &c->in->st->base[i];
	int e = u->bb ? EST_BB : EST_TIME;
	uint64_t occ = s->ncalls + s->self_calls;
	uint64_t sum = to_unit (u, c->est->incl[e][i]);
	uint64_t own = to_unit (u, u->bb ? c->samples->bb_self[i]
				: c->samples->self[i]);

	out_printf (o, "r ");
	put_quoted (o, export_name (c, i));
	out_puts (o, " ");
	put_quoted (o, c->image_abs);
	out_printf (o, " %zu\n", *id);
	/* The p line right after its r (pyaprofplot wants that).  */
	if (sum == 0)
		out_printf (o, "c routine %zu: %llu calls, no cost\n", *id,
			    (unsigned long long) occ);
	else
		put_point (o, 'p', *id, sum, own, occ ? occ : 1);
	if (strcmp (export_name (c, i), s->name) != 0) {
		out_printf (o, "u %zu ", *id);
		put_quoted (o, s->name);
		out_puts (o, "\n");
	}
	return (*id)++;
}

static void
aprof_write (struct export_ctx *c, struct out *o)
{
	const struct export_input *in = c->in;
	const struct symtab *st = in->st;
	const struct samples *xs = c->samples;
	const struct estimate *g = c->est;
	int e = c->req->bb ? EST_BB : EST_TIME;
	struct unit u;
	uint64_t k = 0, total;
	struct stat sb;
	size_t i, id = 0, *rid;
	struct cct x, *ctx = NULL;
	char *a, *p;

	get_unit (c, &u);
	total = u.bb ? xs->bb_total : to_unit (&u, xs->total);
	for (i = 0; i < st->len; i++) {
		uint64_t v = to_unit (&u, g->incl[e][i]);

		if (v > k)
			k = v;
	}
	if (total > k)
		k = total;

	caveats (o, c, &u);
	out_puts (o, "v 6\n");
	out_printf (o, "k %llu\n", (unsigned long long) k);
	out_printf (o, "e %lld\n", stat (c->image_abs, &sb) == 0
		    ? (long long) sb.st_mtime : 0LL);
	out_printf (o, "m %s\n", u.bb ? "bb-count" : "time-usec");
	out_puts (o, "i rms\n");
	/* aprof-plot takes the first word of `a' only.  */
	a = xstrdup (c->image_abs);
	for (p = a; *p; p++)
		if (*p == ' ' || *p == '\t')
			*p = '_';
	out_printf (o, "a %s\n", a);
	free (a);
	out_printf (o, "f %s\n", c->image_abs);

	if (in->p->nctx && !u.bb) {
		cct_build (&x, c, &u);
		ctx = &x;
	}
	/* Routines with contexts, their contexts, the others.  */
	rid = XNEWVEC (size_t, st->len + 1);
	for (i = 0; i < st->len; i++)
		if (ctx && ctx->in_ctx[i])
			rid[i] = put_routine (o, c, &u, i, &id);
	for (i = 0; ctx && i < ctx->n; i++) {
		uint32_t v = ctx->order[i];

		put_point (o, 'q', i, ctx->sum[v], ctx->self[v], ctx->occ[v]);
	}
	for (i = 0; i < st->len; i++)
		if (!(ctx && ctx->in_ctx[i]) && listed (c, &u, i, NULL))
			rid[i] = put_routine (o, c, &u, i, &id);
	if (ctx) {
		/* A parent's number, by tree node.  */
		uint32_t *num = XNEWVEC (uint32_t, ctx->t.n + 1);

		for (i = 0; i < ctx->n; i++) {
			uint32_t v = ctx->order[i];
			const struct ctxnode *nd = &ctx->t.v[v];

			num[v] = (uint32_t) i;
			out_printf (o, "x %zu %zu ", rid[nd->what], i);
			if (nd->parent == CT_NONE)
				out_puts (o, "-1\n");
			else
				out_printf (o, "%u\n", num[nd->parent]);
		}
		free (num);
		cct_free (ctx);
	}
	free (rid);
}

/* aprof-plot cannot take a report without a routine.  */
static void
aprof_check (struct export_ctx *c)
{
	if (aprof_empty (c))
		gp_fatal (NULL, "--export=%s: no function was called or "
			  "sampled, and an aprof report needs a routine",
			  c->req->spec);
}

const struct export_format export_aprof = {
	.name = "aprof",
	.options = "bb",
	.allows = EXPORT_OPT_BB,
	.path_prefix = "",
	.path_suffix = ".aprof",
	.check = aprof_check,
	.write = aprof_write,
};
