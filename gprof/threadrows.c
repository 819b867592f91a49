/* threadrows.c - gprof --threads: the rows, one per thread or per name.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   libgmon writes, in the companion of a profile, each thread's own
   samples, calls and calling contexts (profile/threadprof.c reads
   them into the model's threads).  A row of --threads is one of them, or with
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

#include "gmon/bytes.h"
#include "gprof/threadrows.h"
#include "gprof/util/hindex.h"
#include "gprof/util/uniqname.h"

static void
add_member (struct thread_group *g, const struct prof_thread *t, size_t i)
{
	if (g->n == g->cap) {
		g->cap = g->cap ? g->cap * 2 : 1;
		g->members = XRESIZEVEC (size_t, g->members, g->cap);
	}
	g->members[g->n++] = i;
	if (g->n == 1 || t->order < g->first_order)
		g->first_order = t->order;
	g->name = t->name;
	g->merged = (t->flags & THREAD_MERGED) != 0;
	g->main |= (t->flags & THREAD_MAIN) != 0;
	/* A companion's counts: their sums stay at the top rather than
	   wrap (two threads of 2^63 samples are not 0).  */
	g->nthreads = gmon_add_sat (g->nthreads, t->nthreads);
	g->samples = gmon_add_sat (g->samples, t->samples);
	g->calls = gmon_add_sat (g->calls, t->calls);
	g->cpu_ns = gmon_add_sat (g->cpu_ns, t->cpu_ns);
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

static size_t
hash_group (const void *arg, size_t i)
{
	const struct thread_group *g = arg;

	return hindex_hash_str (g[i].name) ^ g[i].merged;
}

static char *
frame_of (const struct profile *p, const struct thread_group *g)
{
	const struct prof_thread *t = &p->threads[g->members[0]];

	if (g->merged)
		return xasprintf ("[other threads x%" PRIu64 "]", g->nthreads);
	if (g->nthreads > 1)
		return xasprintf ("[threads %s x%" PRIu64 "]", g->name,
				  g->nthreads);
	if (*t->name)
		return xasprintf ("[thread %" PRIu32 " %s]", t->tid, t->name);
	return xasprintf ("[thread %" PRIu32 "]", t->tid);
}

/* "[thread 1234 w]" numbered K: "[thread 1234 w #K]".  */
static char *
number_frame (const char *frame, size_t k)
{
	return xasprintf ("%.*s #%zu]", (int) strlen (frame) - 1, frame, k);
}

/* Each row's frame, the later of two equal ones numbered.  */
static void
name_frames (const struct profile *p, struct thread_group *g, size_t n)
{
	struct uniq_names u;
	size_t i;

	uniq_init (&u);
	for (i = 0; i < n; i++) {
		char *frame = frame_of (p, &g[i]);

		g[i].frame = uniq_take (&u, frame, number_frame);
		free (frame);
	}
	uniq_free (&u);
}

struct thread_group *
threads_groups (const struct profile *p, bool by_name, size_t *n)
{
	struct thread_group *g = XCNEWVEC (struct thread_group,
					   p->nthreads + 1);
	struct hindex names;
	size_t i, k, s = 0;

	hindex_init (&names, p->nthreads + 1);
	*n = 0;
	for (i = 0; i < p->nthreads; i++) {
		const struct prof_thread *t = &p->threads[i];
		bool merged = (t->flags & THREAD_MERGED) != 0;

		k = *n;
		if (by_name) {
			for (s = hindex_first (&names, hindex_hash_str (t->name)
					       ^ merged);
			     names.slot[s]; s = hindex_next (&names, s)) {
				k = names.slot[s] - 1;
				if (g[k].merged == merged
				    && strcmp (g[k].name, t->name) == 0)
					break;
			}
			if (!names.slot[s])
				k = *n;
		}
		add_member (&g[k], t, i);
		if (k == *n) {
			(*n)++;
			if (by_name)	/* after add_member: it hashes the name */
				hindex_put (&names, s, k, *n, hash_group, g);
		}
	}
	hindex_free (&names);
	qsort (g, *n, sizeof *g, cmp_group);
	name_frames (p, g, *n);
	return g;
}

void
threads_groups_free (struct thread_group *g, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free (g[i].members);
		free (g[i].frame);
	}
	free (g);
}

bool
threads_group_empty (const struct profile *p, const struct thread_group *g)
{
	size_t k, i;

	for (k = 0; k < g->n; k++) {
		const struct prof_thread *t = &p->threads[g->members[k]];

		if (t->narcs || t->nctx)
			return false;
		for (i = 0; i < t->ns; i++)
			if (t->s[i].count)
				return false;
	}
	return true;
}
