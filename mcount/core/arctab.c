/* arctab.c - the call-graph table: open addressing over memory the
   platform gives.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   One table counts the calls of every arc (the caller's return
   address, the callee's) it has seen, in a slot found by hashing both
   ends and probing linearly.  Who owns which table, and what happens
   when one fills, is the platform's: Linux gives each thread its own
   and replaces it by one twice the size (mcount/linux/arcs.c), bare metal has
   one, sized by its RAM budget, and counts what did not fit
   (mcount/baremetal/).

   Load limits.  Linear probing stays short below one half, where a
   platform that can grows the table (grow_at).  Past that a table
   still fills up to three quarters (full_at), so that every probe
   meets a free slot and ends: at 3/4 a lookup of a known arc takes 2.5
   probes on average, of a new one 8.5.

   A slot is claimed by setting its from with one compare-and-swap
   (mcount/core/atomic.h: a plain store on bare metal, where interrupts
   are off), then its self, published: a reader that sees self == 0
   skips the slot.  A call from address 0 is counted under
   MC_ARC_NOFROM (core.h) and given back as from 0.  On Linux a signal handler running in between on
   the same thread can never take the same slot; it may add the same
   arc in another, which every reader sums.  */

#include <config.h>

#include "mcount/core/atomic.h"
#include "mcount/core/core.h"

_Static_assert (offsetof (struct mc_arctab, slots)
		== MC_TAB_WORDS * sizeof (uintptr_t),
		"the fast paths find slots[0] here");

size_t
mc_tab_bytes (uintptr_t cap)
{
	return offsetof (struct mc_arctab, slots) + cap * sizeof (struct mc_arc);
}

uintptr_t
mc_tab_fit (size_t bytes, uintptr_t min)
{
	uintptr_t cap = min;

	if (mc_tab_bytes (min) > bytes)
		return 0;
	while (mc_tab_bytes (cap * 2) <= bytes && cap * 2 > cap)
		cap *= 2;
	return cap;
}

void
mc_tab_init (struct mc_arctab *t, uintptr_t cap, size_t mapsize)
{
	t->mask = cap - 1;
	t->used = 0;
	t->grow_at = cap / 2;
	t->full_at = cap - cap / 4;
	t->older = NULL;
	t->mapsize = mapsize;
	t->nogrow = 0;
	t->spare = 0;
}

bool
mc_tab_room (const struct mc_arctab *t)
{
	return mc_ld (&t->used) < t->full_at;
}

struct mc_arc *
mc_tab_find (struct mc_arctab *t, uintptr_t from, uintptr_t self,
	     bool claim)
{
	uintptr_t i;

	if (from == 0)
		from = MC_ARC_NOFROM;	/* 0 is a free slot's */
	i = mc_arc_hash (from, self) & t->mask;
	for (;;) {
		struct mc_arc *a = &t->slots[i];
		uintptr_t f = mc_ld (&a->from);

		if (f == from && mc_ld (&a->self) == self)
			return a;
		if (f == 0) {
			uintptr_t zero = 0;

			if (!claim)
				return NULL;
			if (mc_cas (&a->from, &zero, from)) {
				mc_st_rel (&a->self, self);
				mc_add (&t->used, 1);
				return a;
			}
			continue;	/* taken under us: look again */
		}
		i = (i + 1) & t->mask;
	}
}

bool
mc_arc_bump (struct mc_arc *a)
{
#ifdef MC_CORE_COUNT32
	/* Interrupts are off (MC_CORE_COUNT32 is bare metal's): the test
	   and the add cannot be split.  */
	if (a->count == MC_COUNT_MAX)
		return false;
	a->count++;
#else
	mc_add (&a->count, 1);
#endif
	return true;
}

void
mc_tab_move (struct mc_arctab *t, struct mc_arctab *old)
{
	uintptr_t i;

	for (i = 0; i <= old->mask; i++) {
		struct mc_arc *a = &old->slots[i];
		uintptr_t from = mc_ld (&a->from);
		uintptr_t self = mc_ld_acq (&a->self);
		mc_count_t c;

		if (!from || !self)
			continue;
		/* Exchanged with 0, one instruction: an increment that a
		   signal makes meanwhile lands either before the move or
		   after it, in OLD.  */
		c = mc_take (&a->count);
		mc_tab_find (t, from, self, true)->count += c;
	}
}

void
mc_tab_zero (struct mc_arctab *t)
{
	uintptr_t i;

	for (i = 0; i <= t->mask; i++)
		mc_st (&t->slots[i].count, 0);
}

void
mc_tab_each (const struct mc_arctab *t, mc_arc_fn *fn, void *ctx)
{
	uintptr_t i;

	for (i = 0; i <= t->mask; i++) {
		const struct mc_arc *a = &t->slots[i];
		uintptr_t from = mc_ld (&a->from);
		uintptr_t self = mc_ld_acq (&a->self);
		mc_count_t c = mc_ld (&a->count);

		if (from && self && c)
			fn (ctx, from == MC_ARC_NOFROM ? 0 : from, self, c);
	}
}
