/* threads.c - gprof --threads: the rows, one per thread or per name.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   libgmon writes, in the companion of a profile, each thread's own
   samples, calls and calling contexts (profile.c reads them into the
   model's threads).  A row of --threads is one of them, or with
   --threads=name all the threads of one name (a pool of workers that
   ran the same code), or the threads beyond GMON_THREADS, which
   libgmon kept as one.  main.c makes each row a profile of its own
   (profile_thread) and runs the stages of the whole profile on it.  */

#include <config.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gprof/threads.h"

static void
add_member (struct thread_group *g, const struct prof_thread *t, size_t i)
{
	g->members = xrealloc (g->members, (g->n + 1) * sizeof *g->members);
	g->members[g->n++] = i;
	if (g->n == 1 || t->order < g->first_order)
		g->first_order = t->order;
	g->name = t->name;
	g->merged = (t->flags & THREAD_MERGED) != 0;
	g->main |= (t->flags & THREAD_MAIN) != 0;
	g->nthreads += t->nthreads;
	g->samples += t->samples;
	g->calls += t->calls;
	g->cpu_ns += t->cpu_ns;
}

/* The most samples first, then the most CPU time, then the first
   started (the main thread before its workers), then the first read.  */
static int
cmp_group (const void *lp, const void *rp)
{
	const struct thread_group *l = lp, *r = rp;

	if (l->samples != r->samples)
		return l->samples > r->samples ? -1 : 1;
	if (l->cpu_ns != r->cpu_ns)
		return l->cpu_ns > r->cpu_ns ? -1 : 1;
	if (l->first_order != r->first_order)
		return l->first_order < r->first_order ? -1 : 1;
	return l->members[0] < r->members[0] ? -1
		: l->members[0] > r->members[0];
}

struct thread_group *
threads_groups (const struct profile *p, bool by_name, size_t *n)
{
	struct thread_group *g = XCNEWVEC (struct thread_group,
					   p->nthreads + 1);
	size_t i, k;

	*n = 0;
	for (i = 0; i < p->nthreads; i++) {
		const struct prof_thread *t = &p->threads[i];
		bool merged = (t->flags & THREAD_MERGED) != 0;

		k = *n;
		if (by_name)
			for (k = 0; k < *n; k++)
				if (g[k].merged == merged
				    && strcmp (g[k].name, t->name) == 0)
					break;
		if (k == *n)
			(*n)++;
		add_member (&g[k], t, i);
	}
	qsort (g, *n, sizeof *g, cmp_group);
	return g;
}

void
threads_groups_free (struct thread_group *g, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free (g[i].members);
	free (g);
}

char *
threads_frame (const struct profile *p, const struct thread_group *g)
{
	const struct prof_thread *t = &p->threads[g->members[0]];
	char *s;

	if (g->merged)
		s = xasprintf ("[other threads x%" PRIu64 "]", g->nthreads);
	else if (g->nthreads > 1)
		s = xasprintf ("[threads %s x%" PRIu64 "]", g->name,
			       g->nthreads);
	else if (*t->name)
		s = xasprintf ("[thread %" PRIu32 " %s]", t->tid, t->name);
	else
		s = xasprintf ("[thread %" PRIu32 "]", t->tid);
	return s;
}
