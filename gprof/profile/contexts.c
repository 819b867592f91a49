/* contexts.c - the calling contexts (libgmon's GMON_CONTEXT) of the
   profiles, from their companions.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Each companion may hold its process's calling-context tree: the
   stacks its samples were taken in.  measure.c measures the children
   times with them, which is right only if every sample has its
   context: so they are used only if every profile has them, and a
   companion of another run, or of another profile (its sample count
   differs), gives none.  The trees of several profiles go side by
   side, in the model's addresses.  */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gmon/bytes.h"
#include "gmon/gmon.h"
#include "gmon/gmonx.h"
#include "gprof/profile/profpriv.h"
#include "gprof/util/util.h"

uint64_t
ctxload_samples (const struct gmon_profile *gp)
{
	uint64_t t = 0, count;
	size_t i;
	uint32_t b;

	for (i = 0; i < gp->nhist; i++) {
		struct gmon_bins_iter it;

		gmon_bins_iter_init (&it, &gp->hist[i].bins);
		while (gmon_bins_next (&it, &b, &count))
			t = gmon_add_sat (t, count);
	}
	return t;
}

static const struct gmonx_object *
main_object (const struct gmonx_file *f)
{
	size_t k;

	for (k = 0; k < f->nobjects; k++)
		if (f->objects[k].flags & GMONX_OBJ_MAIN)
			return &f->objects[k];
	return NULL;
}

/* Profile NAME has no contexts, for reason WHY (malloc'd).  LOUD: it
   looks as if it should have (a damaged or stale companion), which is
   worth a warning even when no other profile has any.  */
static void
no_contexts (struct ctx_load *cl, const char *name, char *why, bool loud)
{
	if (cl->use == CTX_REQUIRE)
		gp_fatal (name, "--contexts: %s", why);
	if (loud && !cl->warned) {
		gp_warn (name, "%s: the children times are estimated", why);
		cl->warned = true;
	}
	if (!cl->without++) {
		cl->first_without = xstrdup (name);
		cl->why = why;
	} else {
		free (why);
	}
}

void
ctxload_add (struct ctx_load *cl, const char *name, uint64_t samples,
	     const struct gmon_run *run, const struct companion_got *c)
{
	const struct gmonx_file *f = c->got == 0 ? c->f : NULL;
	const struct gmon_error *err = c->got == -2 ? c->err : NULL;
	const char *path = c->path;
	const uint64_t *shift = c->shift;
	const struct gmonx_object *m = f ? main_object (f) : NULL;
	size_t base = cl->n, k;
	char *why;

	if (!f) {
		no_contexts (cl, name, err ? xstrdup (err->msg)
			     : !*path ? xstrdup ("standard input has no "
						 "companion")
			     : xasprintf ("no %s beside it", path), err != NULL);
		return;
	}
	if (!f->have_context && !f->nnodes) {
		no_contexts (cl, name, xasprintf ("%s holds no calling "
						  "contexts (set GMON_CONTEXT "
						  "when the program runs)",
						  f->name), false);
		return;
	}
	if ((why = companion_mismatch (name, run, f, false)) != NULL) {
		no_contexts (cl, name, why, true);
		return;
	}
	if (!m || m->samples != samples) {
		no_contexts (cl, name, xasprintf ("%s is not the companion of "
						  "this profile (it counts %llu "
						  "samples, the profile %llu)",
						  f->name, m ? (unsigned long long)
						  m->samples : 0ULL,
						  (unsigned long long) samples),
			     true);
		return;
	}
	cl->with++;
	if (cl->n + f->nnodes >= CTX_CUT)
		gp_fatal (name, "more calling contexts than this gprof can "
			  "number");
	if (cl->n + f->nnodes > cl->cap) {
		cl->cap = (cl->n + f->nnodes) * 2;
		cl->v = xrealloc (cl->v, cl->cap * sizeof *cl->v);
	}
	for (k = 0; k < f->nnodes; k++) {
		const struct gmonx_ctx_node *x = &f->nodes[k];
		const struct gmonx_object *o = gmonx_object (f, x->obj);
		struct ctx_node *c = &cl->v[cl->n++];

		if (x->parent == GMONX_CTX_CUT)
			c->parent = CTX_CUT;
		else if (x->parent == GMONX_CTX_ROOT)
			c->parent = CTX_ROOT;
		else
			c->parent = (uint32_t) (base + x->parent);
		c->count = x->count;
		c->addr = x->addr;
		c->known = o && (o->flags & GMONX_OBJ_MAIN);
		if (o && !c->known && shift) {
			c->addr += shift[o - f->objects];
			c->known = true;
		}
	}
	if (f->context.depth > cl->depth)
		cl->depth = f->context.depth;
	cl->lost = gmon_add_sat (cl->lost, f->context.lost);
}

void
ctxload_take (struct ctx_load *cl, struct profile *p)
{
	if (cl->with && cl->without && !cl->warned)
		gp_warn (cl->first_without, "%s: the children times are "
			 "estimated, for every profile", cl->why);
	if (cl->with && !cl->without) {
		p->ctx = cl->v;
		p->nctx = cl->n;
		p->ctx_depth = cl->depth;
		p->ctx_lost = cl->lost;
	} else {
		free (cl->v);
	}
	free (cl->first_without);
	free (cl->why);
}
