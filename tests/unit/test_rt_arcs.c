/* test_rt_arcs.c - the runtime's arc tables and dump, from the inside.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   Linked with the runtime's objects (mcount/libmc.la), so it calls the
   slow path directly, looks into the tables, and runs the real stubs
   through two helpers compiled with -pg and with -pg -mfentry.  The
   synthetic arcs use addresses no code has (0x10000000 and up), so the
   tests can tell theirs apart.  */

#define _GNU_SOURCE 1
#include <config.h>

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gmon/gmon.h"
#include "mcount/linux/runtime.h"
#include "tests/unit/cunit_main.h"

int rt_leaf_pg (int x);
int rt_two_sites_pg (int n1, int n2);
int rt_leaf_fentry (int x);
int rt_two_sites_fentry (int n1, int n2);

/* The sum of the counts of the arcs whose from and self are in given
   ranges, and how many distinct slots held them.  */
struct tally {
	uintptr_t from_lo, from_hi;
	uintptr_t self_lo, self_hi;
	uint64_t sum;
	uint64_t slots;
	uint64_t *by_from;		/* counts by (from - from_lo) / 8 */
};

static void
tally_fn (void *ctx, uintptr_t from, uintptr_t self, uint64_t count)
{
	struct tally *t = ctx;

	if (from < t->from_lo || from >= t->from_hi || self < t->self_lo
	    || self >= t->self_hi)
		return;
	t->sum += count;
	t->slots++;
	if (t->by_from)
		t->by_from[(from - t->from_lo) / 8] += count;
}

static struct tally
tally (uintptr_t from_lo, uintptr_t from_hi, uintptr_t self_lo,
       uintptr_t self_hi, uint64_t *by_from)
{
	struct tally t = { from_lo, from_hi, self_lo, self_hi, 0, 0, by_from };

	mc_arcs_each (tally_fn, &t);
	return t;
}

#define BASE_MANY	0x10000000u
#define NMANY		12000

/* 12000 distinct arcs, three calls each: every one counted, the
   thread's table grown from 128 slots.  */
static void
test_many_arcs (void)
{
	uint64_t *by = calloc (NMANY, sizeof *by);
	struct tally t;
	int i, k;

	CU_ASSERT_FATAL (by != NULL);
	for (k = 0; k < 3; k++)
		for (i = 0; i < NMANY; i++)
			mc_arc_slow (BASE_MANY + 8 * (uintptr_t) i,
				     BASE_MANY + 0x100000);
	t = tally (BASE_MANY, BASE_MANY + 8 * NMANY, BASE_MANY + 0x100000,
		   BASE_MANY + 0x100001, by);
	CU_ASSERT_EQUAL (t.sum, 3 * NMANY);
	for (i = 0; i < NMANY; i++)
		if (by[i] != 3) {
			CU_FAIL ("an arc lost calls");
			break;
		}
	CU_ASSERT_PTR_NOT_NULL_FATAL (mc_tls.self);
	CU_ASSERT (mc_tls.tab->mask + 1 >= 2 * NMANY);
	CU_ASSERT (mc_tls.tab->older != NULL);
	CU_ASSERT (mc_arcs_claimed () >= NMANY);
	free (by);
}

/* A count added to a retired table after it was replaced (what a fast
   path interrupted by a signal that grew the table does) is summed.  */
static void
test_retired_counts (void)
{
	struct mc_arctab *old = mc_tls.tab->older;
	uintptr_t from = BASE_MANY, self = BASE_MANY + 0x100000;
	struct tally t;
	uint64_t i;
	int found = 0;

	CU_ASSERT_PTR_NOT_NULL_FATAL (old);
	for (; old; old = old->older)
		for (i = 0; i <= old->mask; i++)
			if (old->slots[i].from == from
			    && old->slots[i].self == self) {
				CU_ASSERT_EQUAL (old->slots[i].count, 0);
				old->slots[i].count += 5;
				found++;
			}
	CU_ASSERT (found >= 1);
	t = tally (from, from + 1, self, self + 1, NULL);
	CU_ASSERT_EQUAL (t.sum, 3 + 5 * (uint64_t) found);
}

/* The slow path re-entered (a signal handler ran -pg code in the
   middle of it): the call is counted, in the current table, and
   nothing grows.  */
static void
test_nested (void)
{
	uintptr_t from = BASE_MANY + 0x200000, self = from + 0x1000;
	struct mc_arctab *tab = mc_tls.tab;
	struct tally t;

	mc_tls.busy = 1;
	mc_arc_slow (from, self);
	mc_arc_slow (from, self);
	mc_tls.busy = 0;
	CU_ASSERT_PTR_EQUAL (mc_tls.tab, tab);
	t = tally (from, from + 1, self, self + 1, NULL);
	CU_ASSERT_EQUAL (t.sum, 2);
}

struct worker_arg {
	uintptr_t from;
	int calls;
	struct mc_thread *rec;		/* the record the thread used */
};

static void *
worker (void *p)
{
	struct worker_arg *a = p;
	int i;

	for (i = 0; i < a->calls; i++)
		mc_arc_slow (a->from, a->from + 0x1000);
	a->rec = mc_tls.self;
	return NULL;
}

static int
nrecords (void)
{
	struct mc_thread *r;
	int n = 0;

	for (r = mc_threads (); r; r = r->next)
		n++;
	return n;
}

/* Beyond the threads kept apart (here: none, GMON_THREADS=0), a
   thread's counts outlive it, and the next thread takes over its
   record instead of making one more.  */
static void
test_thread_records (void)
{
	struct worker_arg a = { BASE_MANY + 0x300000, 100, NULL };
	struct worker_arg b = { BASE_MANY + 0x300000, 50, NULL };
	uint32_t keep = mc_config.threads;
	pthread_t t;
	struct tally ty;
	int n0;

	mc_config.threads = 0;
	CU_ASSERT_FATAL (pthread_create (&t, NULL, worker, &a) == 0);
	pthread_join (t, NULL);
	n0 = nrecords ();
	CU_ASSERT_PTR_NOT_NULL (a.rec);
	CU_ASSERT_EQUAL (a.rec->state, MC_THREAD_FREE);
	CU_ASSERT_FATAL (pthread_create (&t, NULL, worker, &b) == 0);
	pthread_join (t, NULL);
	CU_ASSERT_EQUAL (nrecords (), n0);
	CU_ASSERT_PTR_EQUAL (b.rec, a.rec);
	ty = tally (a.from, a.from + 1, a.from + 0x1000, a.from + 0x1001,
		    NULL);
	CU_ASSERT_EQUAL (ty.sum, 150);
	mc_config.threads = keep;
}

/* The calls of record R whose from is FROM.  */
static uint64_t
calls_of (const struct mc_thread *r, uintptr_t from)
{
	const struct mc_arctab *t;
	uint64_t i, sum = 0;

	for (t = r->tab; t; t = t->older)
		for (i = 0; i <= t->mask; i++)
			if (t->slots[i].from == from)
				sum += t->slots[i].count;
	return sum;
}

/* GMON_THREADS=N: the first N threads keep their records (and counts)
   for good, each its own; the threads after them share the pool's,
   which they adopt in turn.  */
static void
test_thread_cap (void)
{
	struct worker_arg w[5];
	uint32_t keep = mc_config.threads;
	struct mc_threads_stats st0, st;
	pthread_t t;
	int i, n0;

	mc_threads_stats (&st0);
	/* Room for two more kept apart.  */
	mc_config.threads = (uint32_t) st0.kept + 2;
	n0 = nrecords ();
	for (i = 0; i < 5; i++) {
		w[i] = (struct worker_arg) { BASE_MANY + 0x700000 + 0x100
					     * (uintptr_t) i, 10 + i, NULL };
		CU_ASSERT_FATAL (pthread_create (&t, NULL, worker, &w[i])
				 == 0);
		pthread_join (t, NULL);
	}
	mc_threads_stats (&st);
	CU_ASSERT_EQUAL (st.kept, st0.kept + 2);
	CU_ASSERT_EQUAL (st.merged, st0.merged + 3);
	/* Two kept, exited, each with its own calls only.  */
	for (i = 0; i < 2; i++) {
		CU_ASSERT_EQUAL (w[i].rec->state, MC_THREAD_EXITED);
		CU_ASSERT_EQUAL (w[i].rec->order, st0.kept + (uint32_t) i);
		CU_ASSERT_EQUAL (calls_of (w[i].rec, w[i].from),
				 (uint64_t) w[i].calls);
	}
	CU_ASSERT_PTR_NOT_EQUAL (w[0].rec, w[1].rec);
	/* The three after them on pool records, free again.  */
	for (i = 2; i < 5; i++) {
		CU_ASSERT_EQUAL (w[i].rec->order, MC_ORDER_POOL);
		CU_ASSERT_EQUAL (w[i].rec->state, MC_THREAD_FREE);
		CU_ASSERT_PTR_NOT_EQUAL (w[i].rec, w[0].rec);
		CU_ASSERT_PTR_NOT_EQUAL (w[i].rec, w[1].rec);
	}
	/* ... which they took over in turn: at most one made.  */
	CU_ASSERT (nrecords () <= n0 + 3);
	CU_ASSERT_PTR_EQUAL (w[3].rec, w[2].rec);
	CU_ASSERT_PTR_EQUAL (w[4].rec, w[2].rec);
	mc_config.threads = keep;
}

/* The sample table of a record: every sample counted once, at its
   bin, in a table that grows; the sum of the tables is the total.  */
static void
test_thread_samples (void)
{
	struct mc_thread r;
	const struct mc_tsamp *s;
	uint64_t i, sum = 0, at = 0, slots = 0;
	uintptr_t pc0 = BASE_MANY + 0x800000;
	int k;

	memset (&r, 0, sizeof r);
	/* 3000 bins, 1 + 2 samples each, the first in its second byte.  */
	for (k = 0; k < 3000; k++) {
		uintptr_t pc = pc0 + ((uintptr_t) k << mc_config.bin_shift);

		mc_thread_sample (&r, pc + 1, 1);
		mc_thread_sample (&r, pc, 2);
	}
	CU_ASSERT_PTR_NOT_NULL_FATAL (r.ts);
	CU_ASSERT_PTR_NOT_NULL (r.ts->older);	/* it grew */
	for (s = r.ts; s; s = s->older)
		for (i = 0; i <= s->mask; i++)
			if (s->slots[i].key) {
				sum += s->slots[i].count;
				slots++;
				if (mc_tsamp_pc (s->slots[i].key) == pc0)
					at += s->slots[i].count;
			}
	CU_ASSERT_EQUAL (sum, 9000);
	CU_ASSERT_EQUAL (at, 3);
	/* A key of an old table counts anew in the new one: at most
	   once per table.  */
	CU_ASSERT (slots >= 3000);
	CU_ASSERT_EQUAL (r.unplaced, 0);
}

struct limited {
	uint64_t lost;			/* the thread's calls lost at the limit */
	uint64_t room;			/* arcs its table had room for */
	bool grew;			/* its table was replaced */
	int64_t nogrow;			/* why it could not grow */
};

static void *
limited_worker (void *p)
{
	struct limited *l = p;
	struct mc_arctab *t;
	int i, k;

	/* The record, perhaps one a thread before left (tables, counts
	   and all): its table has room for full_at - used more arcs.  */
	mc_arc_slow (BASE_MANY + 0x600000, BASE_MANY + 0x500000);
	t = mc_tls.tab;
	l->room = t->full_at - t->used;
	for (k = 0; k < 2; k++)
		for (i = 0; i < 1000; i++)
			mc_arc_slow (BASE_MANY + 0x400000 + 8 * (uintptr_t) i,
				     BASE_MANY + 0x500000);
	l->grew = mc_tls.tab != t;
	l->nogrow = t->nogrow;
	l->lost = mc_tls.self->lost_limit;
	return NULL;
}

/* At GMON_ARC_LIMIT a new thread's table cannot grow: the arcs that
   fit are counted in full, every call of the others is counted as
   lost at the limit, and the total that growing needed is kept.  The
   thread's record (its clock) is made all the same.  */
static void
test_limit (void)
{
	struct mc_arc_stats st;
	struct limited l = { 0, 0, false, 0 };
	struct tally t;
	pthread_t th;

	mc_arcs_stats (&st);
	mc_config.arc_limit = st.bytes + 4095;	/* no table more */
	mc_config.arc_limit_set = true;
	CU_ASSERT_FATAL (pthread_create (&th, NULL, limited_worker, &l)
			 == 0);
	pthread_join (th, NULL);
	mc_config.arc_limit = 0;
	mc_config.arc_limit_set = false;
	t = tally (BASE_MANY + 0x400000, BASE_MANY + 0x400000 + 8000,
		   BASE_MANY + 0x500000, BASE_MANY + 0x500001, NULL);
	CU_ASSERT (!l.grew);
	CU_ASSERT_EQUAL (l.nogrow, -1);
	CU_ASSERT (l.room > 0 && l.room < 1000);
	CU_ASSERT_EQUAL (t.slots, l.room);
	CU_ASSERT_EQUAL (t.sum, 2 * l.room);
	CU_ASSERT_EQUAL (l.lost, 2 * (1000 - l.room));
	mc_arcs_stats (&st);
	CU_ASSERT (st.lost_limit >= l.lost);
	CU_ASSERT (st.lost_full >= st.lost_limit);
	CU_ASSERT (st.hit_limit);
	CU_ASSERT (st.limit_want > st.bytes + 4095);
}

/* The real stubs: exact counts at both call sites.  */
static void
check_stub (int (*two) (int, int), int (*leaf) (int))
{
	struct tally t;
	uintptr_t lo = (uintptr_t) two, self_lo = (uintptr_t) leaf;

	two (300, 700);
	two (1, 2);
	/* from: return addresses inside two (), within its first 256
	   bytes; self: inside leaf's first 16 (functions are 16-byte
	   aligned, so no other one starts there).  */
	t = tally (lo, lo + 256, self_lo, self_lo + 16, NULL);
	CU_ASSERT_EQUAL (t.sum, 1003);
	CU_ASSERT_EQUAL (t.slots, 2);
}

static void
test_stub_pg (void)
{
	check_stub (rt_two_sites_pg, rt_leaf_pg);
}

static void
test_stub_fentry (void)
{
	check_stub (rt_two_sites_fentry, rt_leaf_fentry);
}

/* A call whose caller's address is 0 (GCC's Thumb-1 prologue passes
   r8 when it saves it) is an arc of its own: before, it claimed a free
   slot with a from of 0, the next arc whose probe met that slot took it
   over with its count, and the call was in no arc.  */
static void
count_from (void *ctx, uintptr_t from, uintptr_t self, uint64_t count)
{
	uint64_t *c = ctx;

	if (self == BASE_MANY + 0x40)
		c[from == 0 ? 0 : 1] += count;
	else if (self == BASE_MANY + 0x80)
		c[2] += count;
	else
		c[3] += count;
}

static void
test_from_zero (void)
{
	uintptr_t cap = 16, s0 = BASE_MANY + 0x40, s1 = BASE_MANY + 0x80;
	uintptr_t from = BASE_MANY, slot;
	struct mc_arctab *t = calloc (1, mc_tab_bytes (cap));
	uint64_t c[4] = { 0, 0, 0, 0 };

	CU_ASSERT_FATAL (t != NULL);
	mc_tab_init (t, cap, mc_tab_bytes (cap));
	CU_ASSERT_FATAL (mc_arc_bump (mc_tab_find (t, 0, s0, true)));
	CU_ASSERT_FATAL (mc_arc_bump (mc_tab_find (t, 0, s0, true)));
	/* Another arc whose probe starts at the slot the first took.  */
	slot = mc_arc_hash (MC_ARC_NOFROM, s0) & t->mask;
	while ((mc_arc_hash (from, s1) & t->mask) != slot)
		from += 4;
	CU_ASSERT_FATAL (mc_arc_bump (mc_tab_find (t, from, s1, true)));
	mc_tab_each (t, count_from, c);
	CU_ASSERT_EQUAL (c[0], 2);	/* from 0: both calls, as from 0 */
	CU_ASSERT_EQUAL (c[1], 0);
	CU_ASSERT_EQUAL (c[2], 1);	/* the other: its own call only */
	CU_ASSERT_EQUAL (c[3], 0);
	CU_ASSERT_EQUAL (t->used, 2);
	free (t);
}

/* moncontrol (0) stops the stubs from counting.  */
static void
test_moncontrol (void)
{
	struct tally t;
	uintptr_t lo = (uintptr_t) rt_two_sites_pg;
	uintptr_t self_lo = (uintptr_t) rt_leaf_pg;
	uint64_t before;

	before = tally (lo, lo + 256, self_lo, self_lo + 16, NULL).sum;
	mc_arcs_switch (false);
	rt_two_sites_pg (10, 10);
	mc_arcs_switch (true);
	t = tally (lo, lo + 256, self_lo, self_lo + 16, NULL);
	CU_ASSERT_EQUAL (t.sum, before);
}

/* Dump to a file and read it back with the format library: the arcs
   of the helper are there, link-time addresses, and counts wider than
   the fields come back whole.  */
static void
test_dump_roundtrip (void)
{
	char path[] = "/tmp/test_rt_arcs.XXXXXX";
	struct gmon_profile p;
	struct gmon_target tg;
	struct gmon_error err;
	uintptr_t self_lo = (uintptr_t) rt_leaf_fentry;
	const struct mc_hist *h = mc_hist_get ();
	uint64_t sum = 0, bins = 0, i;
	size_t k;
	int fd;

	CU_ASSERT_PTR_NOT_NULL_FATAL (h->bins);
	mc_hist_add (self_lo + 4, 70000);
	/* One arc into leaf gets 2^32 more calls.  */
	for (k = 0; k <= mc_tls.tab->mask; k++) {
		struct mc_arc *a = &mc_tls.tab->slots[k];

		if (a->self >= self_lo && a->self < self_lo + 16) {
			a->count += (uint64_t) 1 << 32;
			break;
		}
	}
	fd = mkstemp (path);
	CU_ASSERT_FATAL (fd >= 0);
	CU_ASSERT_EQUAL (mc_dump_fd (fd), 0);
	close (fd);
	gmon_target_native (&tg);
	gmon_profile_init (&p, &tg);
	CU_ASSERT_EQUAL_FATAL (gmon_profile_read (&p, path, GMON_FMT_AUTO,
						  NULL, &err), 0);
	for (k = 0; k < p.narcs; k++)
		if (p.arcs[k].self_pc + mc_main.base >= self_lo
		    && p.arcs[k].self_pc + mc_main.base < self_lo + 16)
			sum += p.arcs[k].count;
	CU_ASSERT_EQUAL (sum, ((uint64_t) 1 << 32) + 1003);
	CU_ASSERT_EQUAL (p.nhist, 1);
	if (p.nhist == 1) {
		for (i = 0; i < p.hist[0].h.nbins; i++)
			bins += gmon_bins_get (&p.hist[0].bins, (uint32_t) i);
		CU_ASSERT (bins >= 70000);
		CU_ASSERT_EQUAL (p.hist[0].h.low_pc, h->lo - mc_main.base);
		CU_ASSERT_EQUAL ((p.hist[0].h.high_pc - p.hist[0].h.low_pc)
				 % p.hist[0].h.nbins, 0);
	}
	gmon_profile_free (&p);
	unlink (path);
}

/* gmon_reset empties every table.  */
static void
test_reset (void)
{
	mc_arcs_reset ();
	CU_ASSERT_EQUAL (tally (0, UINTPTR_MAX, 0, UINTPTR_MAX, NULL).sum, 0);
}

static const struct unit_test unit_tests[] = {
	{ "many arcs, table growth", test_many_arcs },
	{ "counts in retired tables", test_retired_counts },
	{ "nested slow path", test_nested },
	{ "thread records reused", test_thread_records },
	{ "threads kept apart (GMON_THREADS)", test_thread_cap },
	{ "a thread's samples", test_thread_samples },
	{ "GMON_ARC_LIMIT", test_limit },
	{ "stub -pg", test_stub_pg },
	{ "stub -pg -mfentry", test_stub_fentry },
	{ "a caller at address 0", test_from_zero },
	{ "moncontrol", test_moncontrol },
	{ "dump round trip", test_dump_roundtrip },
	{ "reset", test_reset },
	{ NULL, NULL }
};

int
main (void)
{
	int rc;

	/* No clock (no SIGPROF in the middle of CUnit), and no profile
	   of this program written into the build directory at exit.  */
	mc_config.sampler = MC_SAMPLER_OFF;
	rc = unit_run ("runtime arcs", unit_tests);
	mc_saw_arcs = 0;
	return rc;
}
