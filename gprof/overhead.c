/* overhead.c - libgmon's own time, shown as profiling overhead.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   A -pg program calls mcount in every function it enters; with
   libgmon.so that is libgmon's code, sampled like any other: its
   fast path in the library (or its copy next to the program, which
   the runtime charges to the original), the slow path that adds a
   new arc, the SIGPROF handler, the dumper.  glibc's runtime spends
   the same kind of time, in libc, outside the program's histogram,
   so that no report shows it; --objects shows every object of the
   process, libgmon with them, and a call-heavy program then had
   `mcount@libgmon.so' as its top function, which it is not.

   So libgmon's functions are one symbol, OVERHEAD_NAME, in every
   report and export (they all print symbols by name), and in the
   calling contexts everything under a frame in libgmon belongs to
   that frame: the stacks show the overhead under the function that
   called mcount.  --no-overhead leaves it out (symspec.c, as GNU
   gprof leaves glibc's mcount out), and the reports say so
   (report/blurbs.c).  */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gprof/overhead.h"
#include "gprof/symbols/symtab.h"

bool
overhead_object_path (const char *path)
{
	const char *b = strrchr (path, '/');

	b = b ? b + 1 : path;
	return strncmp (b, "libgmon.so", 10) == 0
		&& (b[10] == '\0' || b[10] == '.');
}

bool
overhead_object (const struct proc_object *o)
{
	return !o->main && overhead_object_path (o->path);
}

void
overhead_collapse (struct sym *v, size_t *n, uint64_t end)
{
	uint64_t lo = UINT64_MAX;
	size_t i;

	if (*n == 0)
		return;
	for (i = 0; i < *n; i++) {
		if (v[i].addr < lo)
			lo = v[i].addr;
		free ((char *) v[i].name);
	}
	sym_init (&v[0]);
	v[0].addr = lo;
	v[0].end_addr = end > lo ? end - 1 : lo;
	v[0].name = xstrdup (OVERHEAD_NAME);
	v[0].is_func = 1;
	v[0].overhead = 1;
	/* Many files: no one file and line.  */
	v[0].src_known = 1;
	*n = 1;
}

static bool
in_overhead (const struct symtab *st, const struct ctx_node *c)
{
	const struct sym *s = c->known ? symtab_find (st, c->addr) : NULL;

	return s && s->overhead;
}

/* N nodes, parents before children.  A node under a frame in libgmon
   becomes a copy of the outermost such frame: the same parent and
   address, so that every reader merges them.  */
static void
fold (struct ctx_node *ctx, size_t n, const struct symtab *st)
{
	uint32_t *top = XNEWVEC (uint32_t, n ? n : 1);
	size_t i;

	for (i = 0; i < n; i++) {
		struct ctx_node *c = &ctx[i];
		uint32_t up = c->parent < CTX_CUT && c->parent < i
			? top[c->parent] : UINT32_MAX;

		if (up != UINT32_MAX) {
			top[i] = up;
			c->addr = ctx[up].addr;
			c->parent = ctx[up].parent;
			c->known = true;
		} else {
			top[i] = in_overhead (st, c) ? (uint32_t) i
				: UINT32_MAX;
		}
	}
	free (top);
}

void
overhead_prepare (struct profile *p, struct symtab *st)
{
	size_t i;

	st->overhead = NULL;
	for (i = 0; i < st->len && !st->overhead; i++)
		if (st->base[i].overhead)
			st->overhead = &st->base[i];
	if (!st->overhead)
		return;
	fold (p->ctx, p->nctx, st);
	for (i = 0; i < p->nthreads; i++)
		fold (p->threads[i].ctx, p->threads[i].nctx, st);
}

const struct sym *
overhead_sym (const struct symtab *st)
{
	return st->overhead;
}

bool
overhead_left_out (const struct symtab *st)
{
	const struct sym *s = overhead_sym (st);

	return s && s->flat_off;
}
