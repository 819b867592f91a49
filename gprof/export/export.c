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
#include "gprof/objfile.h"
#include "gprof/util/util.h"

struct export_set {
	struct xreq *v;
	size_t n;
};

static const struct {
	const char *name;
	enum xfmt fmt;
	const char *options;		/* for the error message */
} formats[] = {
	{ "callgrind", XF_CALLGRIND, "gzip" },
	{ "igprof", XF_IGPROF, "gzip, flat, prune=TICKS, nodes=N" },
	{ "aprof", XF_APROF, "bb" },
	{ "dot", XF_DOT, "node=PERCENT, edge=PERCENT" },
	{ "json", XF_JSON, "none" },
};

#define NFORMATS	(sizeof formats / sizeof formats[0])

static bool
ends_with (const char *s, const char *tail)
{
	size_t n = strlen (s), k = strlen (tail);

	return n >= k && strcmp (s + n - k, tail) == 0;
}

static char *
default_path (enum xfmt fmt, const char *image)
{
	const char *slash = strrchr (image, '/');
	const char *base = slash ? slash + 1 : image;

	switch (fmt) {
	case XF_CALLGRIND:
		return concat ("callgrind.out.", base, NULL);
	case XF_IGPROF:
		/* igprof names its own dumps igprof.PROGRAM....gz.  */
		return concat ("igprof.", base, ".gz", NULL);
	case XF_APROF:
		return concat (base, ".aprof", NULL);
	case XF_DOT:
		return concat (base, ".dot", NULL);
	case XF_JSON:
	default:
		return concat (base, ".json", NULL);
	}
}

static double
number (const struct xreq *r, const char *key, const char *val)
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

/* One OPTION[=VALUE] of R.  */
static void
sub_option (struct xreq *r, const char *opt, size_t fi)
{
	char *key = xstrdup (opt), *val = strchr (key, '=');
	bool ok = true;

	if (val)
		*val++ = '\0';
	if (strcmp (key, "gzip") == 0 && !val
	    && (r->fmt == XF_IGPROF || r->fmt == XF_CALLGRIND))
		r->gzip = true;
	else if (strcmp (key, "flat") == 0 && !val && r->fmt == XF_IGPROF)
		r->flat = true;
	else if (strcmp (key, "prune") == 0 && r->fmt == XF_IGPROF)
		r->prune = number (r, key, val);
	else if (strcmp (key, "nodes") == 0 && r->fmt == XF_IGPROF)
		r->max_nodes = (size_t) number (r, key, val);
	else if (strcmp (key, "bb") == 0 && !val && r->fmt == XF_APROF)
		r->bb = true;
	else if (strcmp (key, "node") == 0 && r->fmt == XF_DOT)
		r->node_thres = number (r, key, val);
	else if (strcmp (key, "edge") == 0 && r->fmt == XF_DOT)
		r->edge_thres = number (r, key, val);
	else
		ok = false;
	if (!ok)
		gp_fatal (NULL, "--export=%s: %s has no option `%s' (its "
			  "options: %s)", r->spec, formats[fi].name, opt,
			  formats[fi].options);
	free (key);
}

static void
parse_one (struct xreq *r, const char *spec, const char *image)
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
		if (strcmp (tok, formats[fi].name) == 0)
			break;
	if (!tok || fi == NFORMATS)
		gp_fatal (NULL, "--export=%s: unknown format `%s' (known: "
			  "callgrind, igprof, aprof, dot, json)", spec,
			  tok ? tok : "");
	r->fmt = formats[fi].fmt;
	while ((tok = strtok_r (NULL, ",", &save)))
		sub_option (r, tok, fi);
	free (head);

	if (colon && !colon[1])
		gp_fatal (NULL, "--export=%s: empty file name", spec);
	r->path = colon ? xstrdup (colon + 1) : default_path (r->fmt, image);
	if (ends_with (r->path, ".gz")) {
		if (r->fmt != XF_IGPROF && r->fmt != XF_CALLGRIND)
			gp_fatal (NULL, "--export=%s: %s files cannot be "
				  "compressed: their readers read plain text",
				  spec, formats[fi].name);
		r->gzip = true;
	}
	if (r->fmt == XF_IGPROF && r->max_nodes < 1)
		r->max_nodes = 1;
}

struct export_set *
export_parse (const struct options *opt)
{
	struct export_set *xs = XCNEW (struct export_set);
	size_t i, j;

	xs->n = opt->nexports;
	xs->v = XCNEWVEC (struct xreq, xs->n ? xs->n : 1);
	for (i = 0; i < xs->n; i++)
		parse_one (&xs->v[i], opt->exports[i], opt->image);
	for (i = 0; i < xs->n; i++)
		for (j = 0; j < i; j++)
			if (strcmp (xs->v[i].path, xs->v[j].path) == 0)
				gp_fatal (NULL, "--export=%s and --export=%s "
					  "both write %s", xs->v[j].spec,
					  xs->v[i].spec,
					  strcmp (xs->v[i].path, "-") == 0
					  ? "standard output"
					  : xs->v[i].path);
	return xs;
}

bool
export_to_stdout (const struct export_set *xs)
{
	size_t i;

	for (i = 0; xs && i < xs->n; i++)
		if (strcmp (xs->v[i].path, "-") == 0)
			return true;
	return false;
}

void
export_free (struct export_set *xs)
{
	size_t i;

	if (!xs)
		return;
	for (i = 0; i < xs->n; i++)
		free (xs->v[i].path);
	free (xs->v);
	free (xs);
}

/* ------------------------------------------------------------------ */
/* What the writers share */

const char *
xc_name (struct xctx *c, size_t i)
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
xc_file (const struct sym *s)
{
	return s->file ? s->file->name : "???";
}

size_t
xc_index (const struct xctx *c, const struct sym *s)
{
	return (size_t) (s - c->in->st->base);
}

double
xc_secs (const struct xctx *c, double ticks)
{
	return c->in->p->hz ? ticks / (double) c->in->p->hz : 0.0;
}

void
export_write (struct export_set *xs, const struct export_input *in)
{
	struct xsamples samples;
	struct xgraph graph;
	struct xctx c;
	size_t i, n = in->st->len ? in->st->len : 1;
	char *abs;

	memset (&c, 0, sizeof c);
	c.in = in;
	c.names = XCNEWVEC (char *, n);
	c.named = XCNEWVEC (unsigned char, n);
	abs = realpath (objfile_path (in->of), NULL);
	c.image_abs = abs ? abs : xstrdup (objfile_path (in->of));
	xs_build (&samples, in, in->opt->line);
	xg_build (&graph, in, &samples);
	c.xs = &samples;
	c.xg = &graph;

	for (i = 0; i < xs->n; i++) {
		struct xout o;

		c.req = &xs->v[i];
		if (c.req->bb && !samples.have_bb)
			gp_fatal (NULL, "--export=%s: the profile has no "
				  "basic-block counts", c.req->spec);
		if (c.req->fmt == XF_APROF && xw_aprof_empty (&c))
			gp_fatal (NULL, "--export=%s: no function was called "
				  "or sampled, and an aprof report needs a "
				  "routine", c.req->spec);
		if (c.req->fmt == XF_CALLGRIND
		    && strcmp (c.req->path, "-") != 0)
			xw_callgrind_check_name (c.req->path);
		xo_open (&o, c.req->path, c.req->gzip);
		switch (c.req->fmt) {
		case XF_CALLGRIND:
			xw_callgrind (&c, &o);
			break;
		case XF_IGPROF:
			xw_igprof (&c, &o);
			break;
		case XF_APROF:
			xw_aprof (&c, &o);
			break;
		case XF_DOT:
			xw_dot (&c, &o);
			break;
		case XF_JSON:
			xw_json (&c, &o);
			break;
		}
		xo_close (&o);
	}

	xg_free (&graph);
	xs_free (&samples);
	for (i = 0; i < in->st->len; i++)
		free (c.names[i]);
	free (c.names);
	free (c.named);
	free (c.image_abs);
}
