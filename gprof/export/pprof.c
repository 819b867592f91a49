/* pprof.c - the profile in pprof's format (profile.proto, gzipped).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   google/pprof's profile.proto: a Profile message of samples (stacks of
   location ids, innermost first, and a value per sample type),
   locations (an address, and the function and line there), functions
   (names, file, first line) and mappings (an object's address range),
   with every string in one table.  What `go tool pprof' reads:

   - sample types samples/count, cpu/nanoseconds (the default) and
     calls/count; the period is one sample's nanoseconds;
   - the stacks are stacks.c's (sampled with GMON_CONTEXT, else by
     gprof's estimate: the profile's comments and a label `stacks' on
     every sample say which); each frame's own samples are split over
     the lines of its function where samples fell, so the innermost
     location of a sample is the first address of a line (-list,
     -lines); a caller's location is the call of its callee found by
     estimate.c (else the address the arc was counted from, else the
     function's start);
   - calls are measured per arc, not per stack: each arc is a sample of
     two frames, callee on caller, with its calls as the third value
     and no time (labelled stacks: arc), so -sample_index=calls shows
     each function's calls received as its flat value;
   - a mapping per object (the program, and with --objects each shared
     library), its range the symbols' it holds, with its build id.

   The encoding is protobuf's wire format, written by protobuf.c.  The
   Profile's own fields are written as they are made (a message's
   fields may come in any order, repeated ones in theirs); only the
   small messages inside are put together first.  */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gmon/bytes.h"
#include "gprof/export/private.h"
#include "gprof/overhead.h"
#include "gprof/symbols/objfile.h"
#include "gprof/util/hindex.h"

/* ------------------------------------------------------------------ */
/* What the Profile is made of.  */

/* Profile's fields.  */
#define P_SAMPLE_TYPE	1
#define P_SAMPLE	2
#define P_MAPPING	3
#define P_LOCATION	4
#define P_FUNCTION	5
#define P_STRING	6
#define P_DURATION	10
#define P_PERIOD_TYPE	11
#define P_PERIOD	12
#define P_COMMENT	13
#define P_DEFAULT_TYPE	14

struct pp {
	struct export_ctx *c;
	struct out *o;
	struct pb m, sub;		/* a message, one inside it */
	char **str;			/* the string table */
	size_t nstr, strcap;
	struct hindex str_index;	/* STR by content */
	uint64_t *fn_id;		/* per symbol: its Function id, 0 */
	uint64_t special_fn[8];		/* per stacks_kind, cycles aside */
	uint64_t *cyc_fn;		/* per cycle */
	uint64_t nfn;			/* Functions made */
	uint64_t *loc_addr;		/* per Location id - 1: its address */
	size_t nloc, loccap;
	struct hindex loc_index;	/* real addresses' Locations */
	uint64_t special_loc[8];	/* per stacks_kind */
	uint64_t *cyc_loc;		/* per cycle */
	struct hindex site_index;	/* est->sites by (caller, callee) */
	uint64_t *map_start;		/* per mapping (object) */
	size_t nmap;
	int64_t label_key, label_val;	/* the label `stacks' */
	int64_t thread_key, thread_val;	/* --threads: `thread', its name */
	int64_t tid_key, threads_key;	/* ... `tid' and `threads' */
	size_t ncyc;			/* room in cyc_fn and cyc_loc */
	uint64_t samples;		/* samples written */
	double ns_per_sample;
};

static size_t
str_hash (const void *arg, size_t i)
{
	return hindex_hash_str (((const struct pp *) arg)->str[i]);
}

/* The index of S in the string table, added if new.  */
static int64_t
intern (struct pp *p, const char *s)
{
	size_t h = hindex_hash_str (s), k;

	for (k = hindex_first (&p->str_index, h); p->str_index.slot[k];
	     k = hindex_next (&p->str_index, k))
		if (strcmp (p->str[p->str_index.slot[k] - 1], s) == 0)
			return (int64_t) p->str_index.slot[k] - 1;
	if (p->nstr == p->strcap) {
		p->strcap = p->strcap ? p->strcap * 2 : 256;
		p->str = xrealloc (p->str, p->strcap * sizeof *p->str);
	}
	p->str[p->nstr++] = xstrdup (s);
	hindex_put (&p->str_index, k, p->nstr - 1, p->nstr, str_hash, p);
	return (int64_t) p->nstr - 1;
}

/* The mapping (1-based) of model address ADDR: the object with the
   greatest start at or below it.  */
static uint64_t
mapping_of (const struct pp *p, uint64_t addr)
{
	uint64_t best = 1, at = 0;
	size_t k;

	for (k = 0; k < p->nmap; k++)
		if (p->map_start[k] <= addr && p->map_start[k] >= at) {
			at = p->map_start[k];
			best = k + 1;
		}
	return best;
}

/* The Function of symbol I (made and written on first use).  */
static uint64_t
func_of_sym (struct pp *p, size_t i)
{
	const struct sym *s = &p->c->in->st->base[i];

	if (p->fn_id[i])
		return p->fn_id[i];
	p->fn_id[i] = ++p->nfn;
	pb_uint (&p->m, 1, p->nfn);
	pb_uint (&p->m, 2, (uint64_t) intern (p, export_name (p->c, i)));
	pb_uint (&p->m, 3, (uint64_t) intern (p, s->name));
	if (s->file)
		pb_uint (&p->m, 4, (uint64_t) intern (p, s->file->name));
	pb_uint (&p->m, 5, s->line > 0 ? (uint64_t) s->line : 0);
	pb_put_field (p->o, P_FUNCTION, &p->m);
	return p->nfn;
}

/* A Location: ID, at ADDR in function FN, LINE.  */
static void
put_location (struct pp *p, uint64_t id, uint64_t addr, uint64_t fn,
	      int line)
{
	pb_uint (&p->m, 1, id);
	pb_uint (&p->m, 2, addr ? mapping_of (p, addr) : 0);
	pb_uint (&p->m, 3, addr);
	pb_uint (&p->sub, 1, fn);
	pb_uint (&p->sub, 2, line > 0 ? (uint64_t) line : 0);
	pb_bytes (&p->m, 4, p->sub.v, p->sub.n);
	p->sub.n = 0;
	pb_put_field (p->o, P_LOCATION, &p->m);
}

static size_t
loc_hash (const void *arg, size_t i)
{
	return hindex_hash (((const struct pp *) arg)->loc_addr[i]);
}

/* The Location of ADDR in symbol I, made on first use.  */
static uint64_t
loc_at (struct pp *p, size_t i, uint64_t addr)
{
	const struct source_file *file;
	size_t k;
	int line;

	for (k = hindex_first (&p->loc_index, hindex_hash (addr));
	     p->loc_index.slot[k]; k = hindex_next (&p->loc_index, k))
		if (p->loc_addr[p->loc_index.slot[k] - 1] == addr)
			return p->loc_index.slot[k];
	if (p->nloc == p->loccap) {
		p->loccap = p->loccap ? p->loccap * 2 : 1024;
		p->loc_addr = xrealloc (p->loc_addr,
					p->loccap * sizeof *p->loc_addr);
	}
	p->loc_addr[p->nloc++] = addr;
	hindex_put (&p->loc_index, k, p->nloc - 1, p->nloc, loc_hash, p);
	samples_line (p->c->samples, addr, &file, &line);
	if (!line && addr == p->c->in->st->base[i].addr)
		line = p->c->in->st->base[i].line;
	put_location (p, p->nloc, addr, func_of_sym (p, i), line);
	return p->nloc;
}

/* The Location of a frame that is no function (or a cycle).  */
static uint64_t
loc_special (struct pp *p, const struct stacks_node *nd)
{
	uint64_t *slot = nd->kind == STACKS_CYCLE ? &p->cyc_loc[nd->what]
		: &p->special_loc[nd->kind];
	uint64_t *fn = nd->kind == STACKS_CYCLE ? &p->cyc_fn[nd->what]
		: &p->special_fn[nd->kind];
	char *name;

	if (*slot)
		return *slot;
	name = folded_frame_name (p->c, nd);
	*fn = ++p->nfn;
	pb_uint (&p->m, 1, *fn);
	pb_uint (&p->m, 2, (uint64_t) intern (p, name));
	pb_uint (&p->m, 3, (uint64_t) intern (p, name));
	pb_put_field (p->o, P_FUNCTION, &p->m);
	free (name);
	/* Locations need ids of their own, and no address: an unused
	   slot of loc_addr, which no real address finds.  */
	if (p->nloc == p->loccap) {
		p->loccap = p->loccap ? p->loccap * 2 : 1024;
		p->loc_addr = xrealloc (p->loc_addr,
					p->loccap * sizeof *p->loc_addr);
	}
	p->loc_addr[p->nloc++] = 0;
	*slot = p->nloc;
	put_location (p, *slot, 0, *fn, 0);
	return *slot;
}

static size_t
site_hash (const void *arg, size_t i)
{
	const struct site *s = &((const struct estimate *) arg)->sites[i];

	return hindex_hash2 (s->caller, s->callee);
}

/* Each (caller, callee)'s site with the most calls, indexed.  */
static void
index_sites (struct pp *p)
{
	const struct estimate *g = p->c->est;
	size_t i, k, n = 0;

	hindex_init (&p->site_index, g->nsites + 1);
	for (i = 0; i < g->nsites; i++) {
		const struct site *s = &g->sites[i];

		for (k = hindex_first (&p->site_index,
				       hindex_hash2 (s->caller, s->callee));
		     p->site_index.slot[k];
		     k = hindex_next (&p->site_index, k)) {
			const struct site *t =
				&g->sites[p->site_index.slot[k] - 1];

			if (t->caller == s->caller && t->callee == s->callee)
				break;
		}
		if (!p->site_index.slot[k])
			hindex_put (&p->site_index, k, i, ++n, site_hash, g);
		else if (s->count > g->sites[p->site_index.slot[k] - 1].count)
			p->site_index.slot[k] = (uint32_t) i + 1;
	}
}

/* The Location of symbol CALLER's frame when it calls CALLEE (a
   symbol, or SAMPLES_NOSYM when the callee is no function).  */
static uint64_t
loc_call (struct pp *p, size_t caller, uint32_t callee)
{
	const struct estimate *g = p->c->est;
	size_t k;

	for (k = hindex_first (&p->site_index, hindex_hash2 (caller, callee));
	     callee != SAMPLES_NOSYM && p->site_index.slot[k];
	     k = hindex_next (&p->site_index, k)) {
		const struct site *s = &g->sites[p->site_index.slot[k] - 1];

		if (s->caller == caller && s->callee == callee)
			return loc_at (p, caller, s->call_pc ? s->call_pc
				       : s->from_pc);
	}
	return loc_at (p, caller, p->c->in->st->base[caller].addr);
}

/* ------------------------------------------------------------------ */
/* Samples.  */

/* Where each function's samples fell, by line: its lines' first
   addresses and their costs, from samples.c's pieces.  */
struct lines_of {
	size_t *first;			/* per symbol + 1: its lines are
					   addr[first[i] .. first[i+1]) */
	uint64_t *addr;			/* a line's first address sampled */
	uint64_t *cost;			/* its cost, samples.c's units */
};

static void
lines_build (struct pp *p, struct lines_of *lo)
{
	const struct samples *xs = p->c->samples;
	size_t nsym = p->c->in->st->len, i, n = 0, k, start = 0;
	uint32_t cur = SAMPLES_NOSYM;
	int *line = XNEWVEC (int, xs->n + 1);
	const struct source_file **file = XNEWVEC (const struct source_file *,
						   xs->n + 1);
	size_t *count = XCNEWVEC (size_t, nsym + 1);

	lo->first = XCNEWVEC (size_t, nsym + 2);
	lo->addr = XNEWVEC (uint64_t, xs->n + 1);
	lo->cost = XNEWVEC (uint64_t, xs->n + 1);
	/* Pieces are ascending by address, and so are the symbols: a
	   symbol's pieces are together, and the lines come out in the
	   order of the symbols.  */
	for (i = 0; i < xs->n; i++) {
		const struct piece *pc = &xs->v[i];
		const struct source_file *f;
		int l;

		if (pc->sym == SAMPLES_NOSYM || !pc->cost)
			continue;
		if (pc->sym != cur) {
			cur = pc->sym;
			start = n;
		}
		samples_line (p->c->samples, pc->addr, &f, &l);
		for (k = start; k < n; k++)
			if (line[k] == l && file[k] == f)
				break;
		if (k == n) {
			line[n] = l;
			file[n] = f;
			lo->addr[n] = pc->addr;
			lo->cost[n++] = 0;
			count[cur]++;
		}
		lo->cost[k] = gmon_add_sat (lo->cost[k], pc->cost);
	}
	for (i = 0; i < nsym; i++)
		lo->first[i + 1] = lo->first[i] + count[i];
	free (count);
	free (line);
	free (file);
}

static void
lines_free (struct lines_of *lo)
{
	free (lo->first);
	free (lo->addr);
	free (lo->cost);
}

/* A Label of the sample being made: KEY = the string VAL, or (VAL
   < 0) the number NUM.  */
static void
put_label (struct pp *p, int64_t key, int64_t val, uint64_t num)
{
	pb_uint (&p->sub, 1, (uint64_t) key);
	if (val >= 0)
		pb_uint (&p->sub, 2, (uint64_t) val);
	else
		pb_uint (&p->sub, 3, num);
	pb_bytes (&p->m, 3, p->sub.v, p->sub.n);
	p->sub.n = 0;
}

/* A Sample: the locations LOCS[0..N) (innermost first), VALUES[3].  */
static void
put_sample (struct pp *p, const uint64_t *locs, size_t n,
	    const uint64_t *values)
{
	const struct export_thread *th = p->c->thread;

	pb_packed (&p->m, 1, locs, n);
	pb_packed (&p->m, 2, values, 3);
	put_label (p, p->label_key, p->label_val, 0);
	if (th) {
		put_label (p, p->thread_key, p->thread_val, 0);
		if (th->tid)
			put_label (p, p->tid_key, -1, th->tid);
		if (th->nthreads > 1)
			put_label (p, p->threads_key, -1, th->nthreads);
	}
	p->samples = gmon_add_sat (p->samples, values[0]);
	pb_put_field (p->o, P_SAMPLE, &p->m);
}

/* The samples of frame ND, whose callers' locations are STACK[1..N]
   (innermost first; STACK[0] is for ND's own): its ticks over the
   lines of its function.  */
static void
frame_samples (struct pp *p, const struct lines_of *lo,
	       const struct stacks_node *nd, uint64_t *stack, size_t n)
{
	size_t nl, k;
	uint64_t *part, v[3];

	if (nd->kind != STACKS_FUNC
	    || lo->first[nd->what + 1] == lo->first[nd->what]) {
		stack[0] = nd->kind == STACKS_FUNC ? loc_at (p, nd->what,
				p->c->in->st->base[nd->what].addr)
			: loc_special (p, nd);
		v[0] = nd->ticks;
		v[1] = round_u64 ((double) nd->ticks * p->ns_per_sample);
		v[2] = 0;
		put_sample (p, stack, n + 1, v);
		return;
	}
	nl = lo->first[nd->what + 1] - lo->first[nd->what];
	part = XNEWVEC (uint64_t, nl);
	round_split (nd->ticks, lo->cost + lo->first[nd->what], nl, part);
	for (k = 0; k < nl; k++) {
		if (!part[k])
			continue;
		stack[0] = loc_at (p, nd->what,
				   lo->addr[lo->first[nd->what] + k]);
		v[0] = part[k];
		v[1] = round_u64 ((double) part[k] * p->ns_per_sample);
		v[2] = 0;
		put_sample (p, stack, n + 1, v);
	}
	free (part);
}

/* The stacks' samples: depth first, each frame's callers' locations
   kept by depth.  The label (the estimate's, or the sampled stacks')
   is no frame: the comments and the samples' label say it.  */
static void
stack_samples (struct pp *p, const struct stacks *t)
{
	struct lines_of lo;
	uint32_t maxd = 1, d, base;
	uint64_t *calls_at, *stack;
	const struct stacks_node **at;
	size_t i;

	base = t->n && t->v[0].kind == STACKS_LABEL ? 2 : 1;
	lines_build (p, &lo);
	for (i = 0; i < t->n; i++)
		if (t->v[i].depth > maxd)
			maxd = t->v[i].depth;
	calls_at = XCNEWVEC (uint64_t, maxd + 2);
	stack = XCNEWVEC (uint64_t, maxd + 2);
	at = XCNEWVEC (const struct stacks_node *, maxd + 2);
	for (i = 0; i < t->n; i++) {
		const struct stacks_node *nd = &t->v[i];
		const struct stacks_node *up;

		if (nd->depth < base || nd->subtree == 0)
			continue;
		at[nd->depth] = nd;
		/* The caller's location, as it calls this frame.  */
		if (nd->depth > base) {
			up = at[nd->depth - 1];
			calls_at[nd->depth - 1] = up->kind == STACKS_FUNC
				? loc_call (p, up->what, nd->kind == STACKS_FUNC
					    ? nd->what : SAMPLES_NOSYM)
				: loc_special (p, up);
		}
		if (!nd->ticks)
			continue;
		/* Innermost first: this frame, then its callers.  */
		for (d = nd->depth; d-- > base;)
			stack[nd->depth - d] = calls_at[d];
		frame_samples (p, &lo, nd, stack, nd->depth - base);
	}
	free (calls_at);
	free (stack);
	free (at);
	lines_free (&lo);
}

/* Each arc as a sample of two frames, its calls as the third value.  */
static void
call_samples (struct pp *p)
{
	const struct callgraph *cg = p->c->in->cg;
	uint64_t stack[2], v[3] = { 0, 0, 0 };
	size_t a;

	for (a = 0; cg && a < cg->narcs; a++) {
		const struct arc *arc = &cg->arcs[a];
		size_t from = export_index (p->c, arc->parent);
		size_t to = export_index (p->c, arc->child);

		if (!arc->count)
			continue;
		stack[0] = loc_at (p, to, arc->child->addr);
		stack[1] = loc_call (p, from, (uint32_t) to);
		v[2] = arc->count;
		put_sample (p, stack, 2, v);
	}
}

/* The mappings: one per object, its range the symbols it holds.  */
static void
mappings (struct pp *p)
{
	const struct export_input *in = p->c->in;
	const struct proc_objects *objs = in->objs;
	size_t k, i, j;
	uint64_t *lo, *hi;
	char hex[2 * sizeof objs->v[0].build_id + 1];

	p->nmap = objs && objs->n ? objs->n : 1;
	p->map_start = XCNEWVEC (uint64_t, p->nmap);
	for (k = 0; objs && k < objs->n; k++)
		p->map_start[k] = objs->v[k].offset;
	lo = XNEWVEC (uint64_t, p->nmap);
	hi = XCNEWVEC (uint64_t, p->nmap);
	for (k = 0; k < p->nmap; k++)
		lo[k] = UINT64_MAX;
	for (i = 0; i < in->st->len; i++) {
		const struct sym *s = &in->st->base[i];

		k = mapping_of (p, s->addr) - 1;
		if (s->addr < lo[k])
			lo[k] = s->addr;
		if (s->end_addr + 1 > hi[k])
			hi[k] = s->end_addr + 1;
	}
	for (k = 0; k < p->nmap; k++) {
		const struct proc_object *ob = objs && objs->n ? &objs->v[k]
			: NULL;
		unsigned char id[sizeof objs->v[0].build_id];
		const unsigned char *idp = ob ? ob->build_id : id;
		size_t idlen = ob ? ob->build_id_len : 0;

		/* The program's own from its file, which the companion
		   may not name.  */
		if (!idlen && (!ob || ob->main)) {
			idlen = objfile_build_id (in->of, id, sizeof id);
			idp = id;
		}
		pb_uint (&p->m, 1, k + 1);
		pb_uint (&p->m, 2, lo[k] == UINT64_MAX ? 0 : lo[k]);
		pb_uint (&p->m, 3, hi[k]);
		pb_uint (&p->m, 5, (uint64_t) intern (p, !ob || ob->main
				? p->c->image_abs : ob->path));
		if (idlen) {
			for (j = 0; j < idlen && j < sizeof id; j++)
				sprintf (hex + 2 * j, "%02x", idp[j]);
			pb_uint (&p->m, 6, (uint64_t) intern (p, hex));
		}
		pb_uint (&p->m, 7, 1);		/* has_functions */
		pb_uint (&p->m, 8, 1);		/* has_filenames */
		pb_uint (&p->m, 9, p->c->samples && p->c->samples->lines);
		pb_put_field (p->o, P_MAPPING, &p->m);
	}
	free (lo);
	free (hi);
}

/* A ValueType (TYPE, UNIT) as field FIELD of the Profile.  */
static void
value_type (struct pp *p, unsigned int field, const char *type,
	    const char *unit)
{
	pb_uint (&p->m, 1, (uint64_t) intern (p, type));
	pb_uint (&p->m, 2, (uint64_t) intern (p, unit));
	pb_put_field (p->o, field, &p->m);
}

static void
comment (struct pp *p, const char *text)
{
	struct pb b = { NULL, 0, 0 };

	pb_uint (&b, P_COMMENT, (uint64_t) intern (p, text));
	out_write (p->o, (const char *) b.v, b.n);
	free (b.v);
}

/* The profile's types, period, comments; SAMPLED says how the stacks
   were made.  */
static void
header (struct pp *p, bool sampled)
{
	const struct export_input *in = p->c->in;
	struct pb b = { NULL, 0, 0 };
	char *text;

	intern (p, "");
	value_type (p, P_SAMPLE_TYPE, "samples", "count");
	value_type (p, P_SAMPLE_TYPE, "cpu", "nanoseconds");
	value_type (p, P_SAMPLE_TYPE, "calls", "count");
	value_type (p, P_PERIOD_TYPE, "cpu", "nanoseconds");
	pb_uint (&b, P_PERIOD, (uint64_t) (p->ns_per_sample + 0.5));
	pb_uint (&b, P_DEFAULT_TYPE, (uint64_t) intern (p, "cpu"));
	out_write (p->o, (const char *) b.v, b.n);
	free (b.v);
	text = concat ("gprof (gmonkit " PACKAGE_VERSION ") of ",
		       p->c->image_abs, NULL);
	comment (p, text);
	free (text);
	comment (p, sampled ? "stacks: sampled by libgmon (GMON_CONTEXT)"
		 : in->cg && !p->c->req->flat
		 ? "stacks: estimated from call counts by gprof's rule "
		 "(a function's time shared by its callers' calls)"
		 : "stacks: one frame per function");
	comment (p, "calls: each call-graph arc as a sample of two frames, "
		 "callee on caller, with no time");
	if (p->c->samples->overhead_out)
		comment (p, "left out: libgmon's own time, " OVERHEAD_NAME
			 " (--no-overhead)");
	if (p->c->thread)
		comment (p, "threads: every sample is of one thread (gprof "
			 "--threads), labelled thread (its name) and tid "
			 "(its id), or for several threads (of one name, or "
			 "beyond GMON_THREADS) threads (how many)");
	p->label_key = intern (p, "stacks");
	p->thread_key = intern (p, "thread");
	p->tid_key = intern (p, "tid");
	p->threads_key = intern (p, "threads");
}

/* A pprof file being made: the header and mappings of C's profile.  */
static struct pp *
pp_begin (struct export_ctx *c, struct out *o, bool sampled)
{
	struct pp *p = XCNEW (struct pp);

	p->c = c;
	p->o = o;
	p->ns_per_sample = c->in->p->hz > 0 ? 1e9 / (double) c->in->p->hz
		: 0.0;
	p->fn_id = XCNEWVEC (uint64_t, c->in->st->len + 1);
	hindex_init (&p->str_index, 1024);
	hindex_init (&p->loc_index, 1024);
	hindex_init (&p->site_index, 1);
	header (p, sampled);
	mappings (p);
	return p;
}

/* The samples of C's profile: its stacks' and its arcs'.  */
static void
pp_samples (struct pp *p, struct export_ctx *c)
{
	struct stacks t;
	size_t ncyc = c->in->cg ? c->in->cg->ncycles : 0;

	p->c = c;
	/* A row's cycles are its own: "<cycle N>" is the same function in
	   every row.  */
	if (ncyc + 1 > p->ncyc) {
		p->cyc_fn = xrealloc (p->cyc_fn, (ncyc + 1)
				      * sizeof *p->cyc_fn);
		p->cyc_loc = xrealloc (p->cyc_loc, (ncyc + 1)
				       * sizeof *p->cyc_loc);
		memset (p->cyc_fn + p->ncyc, 0, (ncyc + 1 - p->ncyc)
			* sizeof *p->cyc_fn);
		memset (p->cyc_loc + p->ncyc, 0, (ncyc + 1 - p->ncyc)
			* sizeof *p->cyc_loc);
		p->ncyc = ncyc + 1;
	}
	if (c->thread)
		p->thread_val = intern (p, c->thread->name);
	stacks_build (&t, c);
	hindex_free (&p->site_index);
	index_sites (p);
	p->label_val = intern (p, t.sampled ? "sampled" : "estimated");
	stack_samples (p, &t);
	p->label_val = intern (p, "arc");
	call_samples (p);
	stacks_free (&t);
}

/* The duration (the samples' time) and the strings, last: every index
   is known.  */
static void
pp_end (struct pp *p)
{
	struct pb b = { NULL, 0, 0 };
	size_t i;

	pb_uint (&b, P_DURATION, round_u64 ((double) p->samples
					    * p->ns_per_sample));
	out_write (p->o, (const char *) b.v, b.n);
	free (b.v);
	for (i = 0; i < p->nstr; i++) {
		pb_bytes (&p->m, P_STRING, p->str[i], strlen (p->str[i]));
		out_write (p->o, (const char *) p->m.v, p->m.n);
		p->m.n = 0;
		free (p->str[i]);
	}
	hindex_free (&p->str_index);
	hindex_free (&p->loc_index);
	hindex_free (&p->site_index);
	free (p->str);
	free (p->m.v);
	free (p->sub.v);
	free (p->fn_id);
	free (p->cyc_fn);
	free (p->cyc_loc);
	free (p->loc_addr);
	free (p->map_start);
	free (p);
}

static void
pprof_write (struct export_ctx *c, struct out *o)
{
	struct pp *p = pp_begin (c, o, c->in->p->nctx && !c->req->flat);

	pp_samples (p, c);
	pp_end (p);
}

/* --threads: one Profile, each row's samples labelled with it.  */
static void
pprof_thread (struct export_ctx *c, struct out *o, void **state)
{
	if (!*state)
		*state = pp_begin (c, o, c->in->p->nctx && !c->req->flat);
	pp_samples (*state, c);
}

static void
pprof_end_threads (struct export_ctx *c, struct out *o, void *state)
{
	struct pp *p = state;

	if (!p) {
		/* No row at all: an empty profile, but a profile.  */
		p = pp_begin (c, o, false);
	}
	pp_end (p);
}

const struct export_format export_pprof = {
	.name = "pprof",
	.options = "flat, prune=TICKS, nodes=N",
	.allows = EXPORT_OPT_FLAT | EXPORT_OPT_PRUNE | EXPORT_OPT_NODES
		| EXPORT_OPT_GZIP,
	.path_prefix = "",
	.path_suffix = ".pb.gz",
	.check = NULL,
	.write = pprof_write,
	.write_thread = pprof_thread,
	.end_threads = pprof_end_threads,
	/* profile.proto files are gzipped, whatever their name.  */
	.always_gzip = true,
};
