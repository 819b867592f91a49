/* export.c - the --export options, and what their writers share.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

       --export=FORMAT[,OPTION[=VALUE]]...[:FILE]

   Everything is checked before a profile is read, so that a typing
   mistake costs nothing; the files are written after the text
   reports, in the order the options were given.  */

#include <config.h>

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gprof/export/private.h"
#include "gprof/symbols/objfile.h"
#include "gprof/util/util.h"

struct export_set {
	struct export_req *v;
	size_t n;
};

/* The formats, one row each (defined in their files).  */
static const struct export_format *const formats[] = {
	&export_callgrind,
	&export_igprof,
	&export_aprof,
	&export_dot,
	&export_json,
	&export_folded,
	&export_flamegraph,
	&export_pprof,
	&export_junit,
	&export_markdown,
};

#define NFORMATS	(sizeof formats / sizeof formats[0])

static bool
ends_with (const char *s, const char *tail)
{
	size_t n = strlen (s), k = strlen (tail);

	return n >= k && strcmp (s + n - k, tail) == 0;
}

static char *
default_path (const struct export_format *fmt, const char *image)
{
	const char *slash = strrchr (image, '/');
	const char *base = slash ? slash + 1 : image;

	return concat (fmt->path_prefix, base, fmt->path_suffix, NULL);
}

/* "callgrind, igprof, ...": the formats, for a message (malloc'd).  */
static char *
format_names (void)
{
	char *all = xstrdup ("");
	size_t i;

	for (i = 0; i < NFORMATS; i++)
		all = reconcat (all, all, i ? ", " : "", formats[i]->name,
				NULL);
	return all;
}

static double
number (const struct export_req *r, const char *key, const char *val)
{
	char *end;
	double d;

	if (!val || !*val)
		gp_fatal (NULL, "--export=%s: %s needs a value", r->spec, key);
	d = strtod (val, &end);
	if (*end || !(d >= 0.0) || d > 1e15)
		gp_fatal (NULL, "--export=%s: %s=%s is not a number >= 0",
			  r->spec, key, val);
	return d;
}

/* The ,OPTIONS of an --export: the flag a format's allows must have,
   whether it takes a value, and where it goes.  */
static const struct {
	const char *key;		/* as typed before any '=' */
	unsigned int flag;		/* EXPORT_OPT_* */
	bool value;			/* takes =VALUE */
} sub_options[] = {
	{ "gzip", EXPORT_OPT_GZIP, false },
	{ "flat", EXPORT_OPT_FLAT, false },
	{ "prune", EXPORT_OPT_PRUNE, true },
	{ "nodes", EXPORT_OPT_NODES, true },
	{ "bb", EXPORT_OPT_BB, false },
	{ "node", EXPORT_OPT_NODE, true },
	{ "edge", EXPORT_OPT_EDGE, true },
	{ "unit", EXPORT_OPT_UNIT, true },
};

/* unit=VAL of R: the name, kept (VAL is freed).  */
static const char *
unit_name (const struct export_req *r, const char *val)
{
	static const char *const units[] = { "samples", "ms", "us", "ns" };
	size_t i;

	for (i = 0; val && i < sizeof units / sizeof units[0]; i++)
		if (strcmp (val, units[i]) == 0)
			return units[i];
	gp_fatal (NULL, "--export=%s: unit=%s is not one of samples, ms, us, "
		  "ns", r->spec, val ? val : "");
	return NULL;
}

/* Sets option FLAG of R, with VAL if it takes one.  */
static void
set_option (struct export_req *r, unsigned int flag, const char *key,
	    const char *val)
{
	switch (flag) {
	case EXPORT_OPT_GZIP:
		r->gzip = true;
		break;
	case EXPORT_OPT_FLAT:
		r->flat = true;
		break;
	case EXPORT_OPT_PRUNE:
		r->prune = number (r, key, val);
		break;
	case EXPORT_OPT_NODES:
		r->max_nodes = (size_t) number (r, key, val);
		break;
	case EXPORT_OPT_BB:
		r->bb = true;
		break;
	case EXPORT_OPT_NODE:
		r->node_thres = number (r, key, val);
		break;
	case EXPORT_OPT_EDGE:
		r->edge_thres = number (r, key, val);
		break;
	case EXPORT_OPT_UNIT:
		r->unit = unit_name (r, val);
		break;
	}
}

/* One OPTION[=VALUE] of R.  */
static void
sub_option (struct export_req *r, const char *opt)
{
	char *key = xstrdup (opt), *val = strchr (key, '=');
	size_t i;

	if (val)
		*val++ = '\0';
	for (i = 0; i < sizeof sub_options / sizeof sub_options[0]; i++)
		if (strcmp (key, sub_options[i].key) == 0
		    && (r->fmt->allows & sub_options[i].flag)
		    && (sub_options[i].value || !val))
			break;
	if (i == sizeof sub_options / sizeof sub_options[0])
		gp_fatal (NULL, "--export=%s: %s has no option `%s' (its "
			  "options: %s)", r->spec, r->fmt->name, opt,
			  r->fmt->options);
	set_option (r, sub_options[i].flag, key, val);
	free (key);
}

static void
parse_one (struct export_req *r, const char *spec, const char *image)
{
	const char *colon = strchr (spec, ':');
	char *head = colon ? xstrndup (spec, (size_t) (colon - spec))
		: xstrdup (spec);
	char *save = NULL, *tok;
	size_t fi;

	memset (r, 0, sizeof *r);
	r->spec = spec;
	r->prune = 0.5;
	r->max_nodes = 200000;
	r->node_thres = 0.5;
	r->edge_thres = 0.1;
	tok = strtok_r (head, ",", &save);
	for (fi = 0; tok && fi < NFORMATS; fi++)
		if (strcmp (tok, formats[fi]->name) == 0)
			break;
	if (!tok || fi == NFORMATS)
		gp_fatal (NULL, "--export=%s: unknown format `%s' (known: "
			  "%s)", spec, tok ? tok : "", format_names ());
	r->fmt = formats[fi];
	while ((tok = strtok_r (NULL, ",", &save)))
		sub_option (r, tok);
	free (head);

	if (colon && !colon[1])
		gp_fatal (NULL, "--export=%s: empty file name", spec);
	r->path = colon ? xstrdup (colon + 1) : default_path (r->fmt, image);
	if (ends_with (r->path, ".gz")) {
		if (!(r->fmt->allows & EXPORT_OPT_GZIP))
			gp_fatal (NULL, "--export=%s: %s files cannot be "
				  "compressed: their readers read plain text",
				  spec, r->fmt->name);
		r->gzip = true;
	}
	if (r->fmt->always_gzip)
		r->gzip = true;
	if (r->max_nodes < 1)
		r->max_nodes = 1;
}

struct export_set *
export_parse (const struct options *opt)
{
	struct export_set *set = XCNEW (struct export_set);
	size_t i, j;

	set->n = opt->nexports;
	set->v = XCNEWVEC (struct export_req, set->n ? set->n : 1);
	for (i = 0; i < set->n; i++) {
		parse_one (&set->v[i], opt->exports[i], opt->image);
		if (set->v[i].fmt->write_verdicts && !opt->nfail_if)
			gp_fatal (NULL, "--export=%s: %s writes the verdicts of "
				  "--fail-if, which is not given",
				  set->v[i].spec, set->v[i].fmt->name);
	}
	for (i = 0; i < set->n; i++)
		for (j = 0; j < i; j++)
			if (strcmp (set->v[i].path, set->v[j].path) == 0)
				gp_fatal (NULL, "--export=%s and --export=%s "
					  "both write %s", set->v[j].spec,
					  set->v[i].spec,
					  strcmp (set->v[i].path, "-") == 0
					  ? "standard output"
					  : set->v[i].path);
	return set;
}

bool
export_to_stdout (const struct export_set *set)
{
	size_t i;

	for (i = 0; set && i < set->n; i++)
		if (strcmp (set->v[i].path, "-") == 0)
			return true;
	return false;
}

void
export_free (struct export_set *set)
{
	size_t i;

	if (!set)
		return;
	for (i = 0; i < set->n; i++)
		free (set->v[i].path);
	free (set->v);
	free (set);
}

/* ------------------------------------------------------------------ */
/* What the writers share */

const char *
export_name (struct export_ctx *c, size_t i)
{
	const struct sym *s = &c->in->st->base[i];

	/* The reports' rule: -T and --no-demangle show raw names.  */
	if (!c->in->opt->demangle || c->in->opt->bsd)
		return s->name;
	if (!c->named[i]) {
		c->named[i] = 1;
		c->names[i] = objfile_demangle (c->in->of, s->name);
	}
	return c->names[i] ? c->names[i] : s->name;
}

const char *
export_file (const struct sym *s)
{
	return s->file ? s->file->name : "???";
}

size_t
export_index (const struct export_ctx *c, const struct sym *s)
{
	return (size_t) (s - c->in->st->base);
}

size_t
export_object (const struct export_input *in, uint64_t addr)
{
	const struct proc_objects *objs = in->objs;
	size_t k;

	/* profile/companion.c places object K at K << 40.  */
	if (!objs)
		return 0;
	k = (size_t) (addr >> 40);
	return k < objs->n && objs->v[k].offset == (uint64_t) k << 40 ? k : 0;
}

struct objfile *
export_code (const struct export_input *in, uint64_t addr, uint64_t *offset)
{
	size_t k = export_object (in, addr);

	*offset = k ? in->objs->v[k].offset : 0;
	return k ? in->objs->v[k].code : in->of;
}

double
export_secs (const struct export_ctx *c, double ticks)
{
	return c->in->p->hz ? ticks / (double) c->in->p->hz : 0.0;
}

/* The pprof files' base: FILE.pb.gz -> FILE.base.pb.gz (malloc'd).  */
static char *
base_path (const char *path)
{
	size_t n = strlen (path);
	char *head, *full;

	if (ends_with (path, ".pb.gz"))
		n -= strlen (".pb.gz");
	head = xstrndup (path, n);
	full = concat (head, ".base.pb.gz", NULL);
	free (head);
	return full;
}

void
export_write_diff_base (struct export_set *set, const struct export_input *in)
{
	struct export_set base;
	size_t i;

	base.v = XCNEWVEC (struct export_req, set->n ? set->n : 1);
	base.n = 0;
	for (i = 0; i < set->n; i++) {
		if (set->v[i].fmt != &export_pprof
		    || strcmp (set->v[i].path, "-") == 0)
			continue;
		base.v[base.n] = set->v[i];
		base.v[base.n++].path = base_path (set->v[i].path);
	}
	if (base.n)
		export_write (&base, in);
	for (i = 0; i < base.n; i++)
		free (base.v[i].path);
	free (base.v);
}

void
export_write_verdicts (struct export_set *set, const struct gate *g)
{
	size_t i;

	for (i = 0; i < set->n; i++) {
		struct out o;

		if (!set->v[i].fmt->write_verdicts)
			continue;
		out_open (&o, set->v[i].path, false, false);
		set->v[i].fmt->write_verdicts (g, &o);
		out_close (&o);
	}
}

void
export_write (struct export_set *set, const struct export_input *in)
{
	struct samples samples;
	struct estimate est;
	struct export_ctx c;
	size_t i, n = in->st->len ? in->st->len : 1;
	char *abs;

	for (i = 0; i < set->n && !set->v[i].fmt->write; i++)
		continue;
	if (i == set->n)
		return;		/* verdicts only: written by the gate */
	memset (&c, 0, sizeof c);
	c.in = in;
	c.names = XCNEWVEC (char *, n);
	c.named = XCNEWVEC (unsigned char, n);
	abs = realpath (objfile_path (in->of), NULL);
	c.image_abs = abs ? abs : xstrdup (objfile_path (in->of));
	samples_build (&samples, in, in->opt->line);
	estimate_build (&est, in, &samples);
	c.samples = &samples;
	c.est = &est;

	for (i = 0; i < set->n; i++) {
		struct out o;

		c.req = &set->v[i];
		if (!c.req->fmt->write)
			continue;
		if (c.req->bb && !samples.have_bb)
			gp_fatal (NULL, "--export=%s: the profile has no "
				  "basic-block counts", c.req->spec);
		if (c.req->fmt->check)
			c.req->fmt->check (&c);
		out_open (&o, c.req->path, c.req->gzip, c.req->fmt->always_gzip);
		c.req->fmt->write (&c, &o);
		out_close (&o);
	}

	estimate_free (&est);
	samples_free (&samples);
	for (i = 0; i < in->st->len; i++)
		free (c.names[i]);
	free (c.names);
	free (c.named);
	free (c.image_abs);
}

/* ------------------------------------------------------------------ */
/* --threads: one file per export, a part per row */

struct export_threads {
	struct export_set *set;
	struct out *outs;		/* per export, open */
	void **state;			/* per export, its format's */
	struct export_input whole;	/* the whole profile */
	char **names;			/* demangled names, shared by the rows */
	unsigned char *named;
	char *image_abs;
};

struct export_threads *
export_threads_begin (struct export_set *set, const struct export_input *whole)
{
	struct export_threads *xt = XCNEW (struct export_threads);
	size_t i, n = whole->st->len ? whole->st->len : 1;
	char *abs;

	for (i = 0; i < set->n; i++)
		if (!set->v[i].fmt->write_thread)
			gp_fatal (NULL, "--export=%s: %s has no per-thread "
				  "form (--threads exports folded, flamegraph "
				  "and pprof)", set->v[i].spec,
				  set->v[i].fmt->name);
	xt->set = set;
	xt->whole = *whole;
	xt->outs = XCNEWVEC (struct out, set->n ? set->n : 1);
	xt->state = XCNEWVEC (void *, set->n ? set->n : 1);
	xt->names = XCNEWVEC (char *, n);
	xt->named = XCNEWVEC (unsigned char, n);
	abs = realpath (objfile_path (whole->of), NULL);
	xt->image_abs = abs ? abs : xstrdup (objfile_path (whole->of));
	for (i = 0; i < set->n; i++)
		out_open (&xt->outs[i], set->v[i].path, set->v[i].gzip,
			  set->v[i].fmt->always_gzip);
	return xt;
}

void
export_threads_write (struct export_threads *xt, const struct export_input *in,
		      const struct export_thread *th)
{
	struct samples samples;
	struct estimate est;
	struct export_ctx c;
	size_t i;

	memset (&c, 0, sizeof c);
	c.in = in;
	c.thread = th;
	c.names = xt->names;
	c.named = xt->named;
	c.image_abs = xt->image_abs;
	samples_build (&samples, in, in->opt->line);
	estimate_build (&est, in, &samples);
	c.samples = &samples;
	c.est = &est;
	for (i = 0; i < xt->set->n; i++) {
		c.req = &xt->set->v[i];
		if (c.req->fmt->check)
			c.req->fmt->check (&c);
		c.req->fmt->write_thread (&c, &xt->outs[i], &xt->state[i]);
	}
	estimate_free (&est);
	samples_free (&samples);
}

void
export_threads_end (struct export_threads *xt)
{
	struct export_ctx c;
	size_t i;

	memset (&c, 0, sizeof c);
	c.in = &xt->whole;
	c.names = xt->names;
	c.named = xt->named;
	c.image_abs = xt->image_abs;
	for (i = 0; i < xt->set->n; i++) {
		c.req = &xt->set->v[i];
		if (c.req->fmt->end_threads)
			c.req->fmt->end_threads (&c, &xt->outs[i],
						 xt->state[i]);
		out_close (&xt->outs[i]);
	}
	for (i = 0; i < xt->whole.st->len; i++)
		free (xt->names[i]);
	free (xt->names);
	free (xt->named);
	free (xt->image_abs);
	free (xt->outs);
	free (xt->state);
	free (xt);
}
