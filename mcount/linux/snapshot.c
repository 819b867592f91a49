/* snapshot.c - every thread's arc table merged, for a dump.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   The tables are read while other threads may still run and count:
   the snapshot is of the moment each slot is read (their newest calls
   may be missing); nothing they use is freed or moved.  Arcs of
   several threads, and of a table and the older ones it replaced, are
   summed; each arc's ends are placed in the objects of the process,
   and what each object has is tallied (mc_objs): the writers of the
   program's file, of the other objects' files and of the companion
   read only the snapshot.  */

#define _GNU_SOURCE 1
#include <config.h>

#include <string.h>
#include <sys/mman.h>

#include "mcount/linux/dump.h"

static struct mc_objinfo mc_objs_default[MC_MODULES_DEFAULT];
struct mc_objinfo *mc_objs = mc_objs_default;
static unsigned int mc_objs_cap = MC_MODULES_DEFAULT;

/* Room in mc_objs for the N objects of the table (GMON_MAX_OBJECTS may
   make it larger than the static one); returns how many fit.  */
static unsigned int
objs_room (unsigned int n)
{
	size_t size;
	void *p;

	if (n <= mc_objs_cap)
		return n;
	size = (size_t) mc_modules_max () * sizeof *mc_objs;
	p = mmap (NULL, size, PROT_READ | PROT_WRITE,
		  MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (p == MAP_FAILED)
		return mc_objs_cap;
	mc_objs = p;
	mc_objs_cap = mc_modules_max ();
	return n;
}

static void
snap_add (void *ctx, uintptr_t from, uintptr_t self, uint64_t count)
{
	struct mc_snap *s = ctx;
	uint64_t i;

	if (s->used >= s->mask) {
		s->missed += count;
		return;
	}
	for (i = mc_arc_hash (from, self) & s->mask;;
	     i = (i + 1) & s->mask) {
		struct mc_arc *a = &s->slots[i];

		if (a->from == 0) {
			a->from = from;
			a->self = self;
			a->count = count;
			s->used++;
			return;
		}
		if (a->from == from && a->self == self) {
			a->count = a->count + count < a->count ? UINT64_MAX
				: a->count + count;
			return;
		}
	}
}

/* Merges the tables and finds each arc's objects.  S->slots stays
   NULL if there is no memory for it.  */
static void
snap_merge (struct mc_snap *s)
{
	/* mc_arcs_claimed bounds the distinct arcs, threads that are
	   still running aside: twice that keeps the table at most half
	   full, and claims made meanwhile fit in the other half.  */
	uint64_t want = 2 * mc_arcs_claimed () + 64, cap = 64, i;
	void *p;

	memset (s, 0, sizeof *s);
	while (cap < want)
		cap *= 2;
	s->mapsize = (cap * (sizeof (struct mc_arc) + 2 * sizeof (int32_t))
		      + 4095) & ~(size_t) 4095;
	p = mmap (NULL, s->mapsize, PROT_READ | PROT_WRITE,
		  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED) {
		s->slots = NULL;
		return;
	}
	s->slots = p;
	s->mod = (int32_t *) (s->slots + cap);
	s->mask = cap - 1;
	mc_arcs_each (snap_add, s);
	for (i = 0; i <= s->mask; i++) {
		struct mc_arc *a = &s->slots[i];

		if (!a->from)
			continue;
		s->mod[2 * i] = mc_module_find (a->from);
		s->mod[2 * i + 1] = a->self == MC_BB_SELF ? s->mod[2 * i]
			: mc_module_find (a->self);
	}
}

/* Fills mc_objs for the N objects.  */
static void
tally (const struct mc_snap *s, unsigned int n)
{
	unsigned int k;
	uint64_t i;

	memset (mc_objs, 0, n * sizeof mc_objs[0]);
	for (k = 0; k < n; k++)
		mc_objs[k].samples = mc_hist_total (&mc_modules[k].hist);
	for (i = 0; s->slots && i <= s->mask; i++) {
		const struct mc_arc *a = &s->slots[i];
		int f, t;

		/* (objects beyond the N that mc_objs has room for are in no
		   file of this dump) */
		if (s->mod[2 * i] >= (int) n)
			s->mod[2 * i] = MC_NO_MOD;
		if (s->mod[2 * i + 1] >= (int) n)
			s->mod[2 * i + 1] = MC_NO_MOD;
		f = s->mod[2 * i];
		t = s->mod[2 * i + 1];
		if (!a->from || t == MC_NO_MOD)
			continue;
		if (a->self == MC_BB_SELF)
			mc_objs[t].blocks += a->count;
		else
			mc_objs[t].calls += a->count;
		if (f == t)
			mc_objs[t].own++;
	}
	for (k = 1; k < n; k++)
		mc_objs[k].has_file = mc_config.objects
			&& (mc_objs[k].samples || mc_objs[k].own);
}

unsigned int
mc_snap_take (struct mc_snap *s)
{
	unsigned int n;

	struct mc_sample_stats st;

	mc_orphans_resolve ();
	snap_merge (s);
	n = objs_room (mc_modules_count ());
	tally (s, n);
	mc_sampler_stats (&st);
	s->rate = st.file_rate;
	return n;
}

void
mc_snap_free (struct mc_snap *s)
{
	if (s->slots)
		munmap (s->slots, s->mapsize);
	s->slots = NULL;
}
