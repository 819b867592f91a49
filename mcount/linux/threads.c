/* threads.c - per-thread records (GMON_THREADS): each thread's own
   samples, arcs, name and CPU time, and their place in the companion.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   Every thread already counts its calls into arc tables of its own
   (arcs.c), and has a calling-context tree of its own (cctree.c); the
   histograms, though, are the objects', shared by every thread.  Here
   each thread also gets a table of its samples by bin, filled where
   the histogram is (the SIGPROF handler, a clock that stops and owes
   samples, the wall-clock thread), with the same weights, so that a
   thread's samples add up to its share of the histograms exactly.

   Which threads are kept apart.  The first GMON_THREADS threads
   (default MC_THREADS_DEFAULT) that run -pg code get records of their
   own for good: when such a thread exits its record is kept, with its
   name and CPU time, and no other thread takes it over.  Every later
   thread runs on a record of the pool, as all threads did before
   per-thread records existed: it adopts one a thread of the pool left,
   counts and all, or makes one.  The pool's records are written as one
   record, "the other threads", so that every sample and call is in a
   thread's record, and the message at exit says how many threads went
   there and which knob keeps them apart.  GMON_THREADS=0 keeps none
   apart, and no thread records are written.

   Memory: a kept record is a page (the record and its first arc table)
   plus what its tables grew to; the sample tables start at
   TSAMP_FIRST slots and double, to MC_TSAMP_MAX_SLOTS at most.  A
   sample that finds no room (the largest table full, or no memory)
   is still counted in the thread's total ("unplaced"), and said at
   exit.

   The sample tables take keys from signal handlers of their own thread
   and, more rarely, of others (a clock stopped from another thread
   owes its samples; the wall-clock thread charges waits), so slots
   are claimed with a compare-and-swap and counts added atomically.  A
   full table is not copied, which two handlers could not do at once:
   a table twice its size becomes the current one, lookups go to it
   alone (a key of the old one starts a slot there too), the old one
   keeps what it counted, and the dump sums them all.  Nothing is ever
   freed: the dumper may read any table at any time.  */

#define _GNU_SOURCE 1
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "gmon/gmonx.h"
#include "mcount/linux/dump.h"

#define TSAMP_FIRST	256		/* slots of a first table */

static uint32_t mc_kept;		/* records kept apart */
static uint64_t mc_merged;		/* threads on pool records */
static uint64_t mc_norecord;		/* samples of no record */
static uint64_t mc_pool_cpu;		/* CPU ns of the pool's
					   threads that exited */
static bool mc_ts_capped;		/* a table is at its largest */
static int mc_ts_errno;			/* mmap's, for a table */

static uint64_t
mono_ns (void)
{
	struct timespec ts;

	clock_gettime (CLOCK_MONOTONIC, &ts);
	return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}

/* ns after profiling started; 0 before it did.  */
static uint64_t
since_start (void)
{
	uint64_t now = mono_ns ();

	return mc_start_ns && now > mc_start_ns ? now - mc_start_ns : 0;
}

uint32_t
mc_threads_claim (void)
{
	uint32_t n = __atomic_load_n (&mc_kept, __ATOMIC_RELAXED);

	while (n < mc_config.threads)
		if (__atomic_compare_exchange_n (&mc_kept, &n, n + 1, true,
						 __ATOMIC_RELAXED,
						 __ATOMIC_RELAXED))
			return n;
	return MC_ORDER_POOL;
}

/* The calling thread's name (PR_GET_NAME fills 16 bytes).  */
static void
own_name (char *name)
{
	char buf[MC_THREAD_NAME + 1];

	memset (buf, 0, sizeof buf);
	if (prctl (PR_GET_NAME, buf, 0, 0, 0) == 0)
		memcpy (name, buf, MC_THREAD_NAME - 1);
	name[MC_THREAD_NAME - 1] = '\0';
}

void
mc_thread_begin (struct mc_thread *r)
{
	r->start_ns = since_start ();
	r->end_ns = 0;
	r->cpu_ns = 0;
	r->cpu_base = 0;
	own_name (r->name);
	if (r->order == MC_ORDER_POOL && mc_config.threads)
		__atomic_fetch_add (&mc_merged, 1, __ATOMIC_RELAXED);
}

int
mc_thread_end (struct mc_thread *r)
{
	uint64_t cpu = mc_thread_cpu_ns (r->tid);

	cpu = cpu > r->cpu_base ? cpu - r->cpu_base : 0;
	if (r->order == MC_ORDER_POOL || !mc_config.threads) {
		__atomic_fetch_add (&mc_pool_cpu, cpu, __ATOMIC_RELAXED);
		return MC_THREAD_FREE;
	}
	own_name (r->name);
	r->cpu_ns = cpu;
	r->end_ns = since_start ();
	return MC_THREAD_EXITED;
}

/* ------------------------------------------------------------------ */
/* Sample tables */

uintptr_t
mc_tsamp_key (uintptr_t pc)
{
	return (pc >> mc_config.bin_shift) + 1;
}

uintptr_t
mc_tsamp_pc (uintptr_t key)
{
	return (key - 1) << mc_config.bin_shift;
}

static uint64_t
tsamp_hash (uintptr_t key)
{
	return ((uint64_t) key * MC_HASH_MUL) >> 32;
}

/* The slot of KEY in S, claimed if new; NULL if S is full (three
   quarters: every probe still meets a free slot and ends).  */
static struct mc_tsamp_slot *
tsamp_slot (struct mc_tsamp *s, uintptr_t key)
{
	uint64_t i = tsamp_hash (key) & s->mask;

	for (;;) {
		struct mc_tsamp_slot *sl = &s->slots[i];
		uintptr_t k = __atomic_load_n (&sl->key, __ATOMIC_RELAXED);

		if (k == key)
			return sl;
		if (k == 0) {
			uintptr_t zero = 0;

			if (__atomic_load_n (&s->used, __ATOMIC_RELAXED)
			    >= s->mask + 1 - (s->mask + 1) / 4)
				return NULL;
			if (__atomic_compare_exchange_n (&sl->key, &zero, key,
							 false,
							 __ATOMIC_RELAXED,
							 __ATOMIC_RELAXED)) {
				__atomic_fetch_add (&s->used, 1,
						    __ATOMIC_RELAXED);
				return sl;
			}
			continue;	/* taken meanwhile: look again */
		}
		i = (i + 1) & s->mask;
	}
}

/* A table twice the size of OLD (or the first), made T's current one;
   if another handler did that first, that one.  NULL: no table could
   be made.  */
static struct mc_tsamp *
tsamp_grow (struct mc_thread *t, struct mc_tsamp *old)
{
	uint64_t cap = old ? (old->mask + 1) * 2 : TSAMP_FIRST;
	size_t size;
	struct mc_tsamp *s, *expect = old;
	void *p;

	if (cap > MC_TSAMP_MAX_SLOTS) {
		mc_ts_capped = true;
		return NULL;
	}
	size = (sizeof *s + cap * sizeof s->slots[0] + 4095)
		& ~(size_t) 4095;
	/* A thread's first table from pages.c's few mappings (a mapping
	   each, thousands of threads took the program's); larger ones,
	   of threads sampled in many places, each a mapping.  */
	if (!old) {
		int err = 0;

		p = mc_pages (size / 4096, &err);
		if (!p) {
			mc_ts_errno = err;
			return NULL;
		}
	} else {
		p = mmap (NULL, size, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (p == MAP_FAILED) {
			mc_ts_errno = errno;
			return NULL;
		}
	}
	s = p;
	s->mask = cap - 1;
	s->used = 0;
	s->older = old;
	s->mapsize = size;
	if (!__atomic_compare_exchange_n (&t->ts, &expect, s, false,
					  __ATOMIC_ACQ_REL,
					  __ATOMIC_ACQUIRE)) {
		/* Nobody saw ours (a first one, from pages.c, stays
		   unused: two handlers made it at once).  */
		if (old)
			munmap (s, size);
		return expect;
	}
	return s;
}

void
mc_thread_sample (struct mc_thread *t, uintptr_t pc, uint64_t n)
{
	struct mc_tsamp *s;
	uintptr_t key;
	int saved_errno = errno;

	if (!mc_config.threads || !n)
		return;
	if (!t) {
		__atomic_fetch_add (&mc_norecord, n, __ATOMIC_RELAXED);
		return;
	}
	key = mc_tsamp_key (pc);
	s = __atomic_load_n (&t->ts, __ATOMIC_ACQUIRE);
	for (;;) {
		struct mc_tsamp_slot *sl = s ? tsamp_slot (s, key) : NULL;

		if (sl) {
			__atomic_fetch_add (&sl->count, n, __ATOMIC_RELAXED);
			break;
		}
		s = tsamp_grow (t, s);
		if (!s) {
			__atomic_fetch_add (&t->unplaced, n,
					    __ATOMIC_RELAXED);
			break;
		}
	}
	errno = saved_errno;
}

void
mc_threads_reset (void)
{
	struct mc_thread *r;

	for (r = mc_threads (); r; r = r->next) {
		struct mc_tsamp *s;
		uint64_t i;
		int state = __atomic_load_n (&r->state, __ATOMIC_ACQUIRE);

		for (s = __atomic_load_n (&r->ts, __ATOMIC_ACQUIRE); s;
		     s = s->older)
			for (i = 0; i <= s->mask; i++)
				if (__atomic_load_n (&s->slots[i].count,
						     __ATOMIC_RELAXED))
					__atomic_store_n (&s->slots[i].count,
							  0, __ATOMIC_RELAXED);
		__atomic_store_n (&r->unplaced, 0, __ATOMIC_RELAXED);
		/* The CPU time from now on: an exited thread had none.  */
		if (state == MC_THREAD_OWNED)
			r->cpu_base = mc_thread_cpu_ns (r->tid);
		else
			r->cpu_ns = 0;
	}
	__atomic_store_n (&mc_norecord, 0, __ATOMIC_RELAXED);
	__atomic_store_n (&mc_pool_cpu, 0, __ATOMIC_RELAXED);
}

void
mc_threads_forget (void)
{
	mc_kept = 0;
	mc_merged = 0;
	mc_norecord = 0;
	mc_pool_cpu = 0;
	mc_ts_capped = false;
	mc_ts_errno = 0;
}

void
mc_threads_stats (struct mc_threads_stats *st)
{
	struct mc_thread *r;

	memset (st, 0, sizeof *st);
	st->kept = __atomic_load_n (&mc_kept, __ATOMIC_RELAXED);
	st->merged = __atomic_load_n (&mc_merged, __ATOMIC_RELAXED);
	st->norecord = __atomic_load_n (&mc_norecord, __ATOMIC_RELAXED);
	for (r = mc_threads (); r; r = r->next) {
		uint64_t u = __atomic_load_n (&r->unplaced, __ATOMIC_RELAXED);

		st->unplaced += u;
		st->unplaced_threads += u != 0;
	}
	st->capped = mc_ts_capped;
	st->map_errno = mc_ts_errno;
}

/* ------------------------------------------------------------------ */
/* In the companion */

/* Entries on their way out, a record per batch.  */
struct tw {
	struct gmon_writer *w;
	struct gmonx_tsample s[128];	/* samples */
	size_t ns;
	struct gmonx_arc a[128];	/* arcs */
	size_t na;
	unsigned int hint;		/* object of the last address */
};

/* The object of runtime address ADDR (mcount's copy near the program
   is charged to mcount, as the histogram charges it) and its link-time
   address.  */
static uint32_t
object_of (struct tw *x, uintptr_t *addr)
{
	const struct mc_module *m = mc_module_loaded (*addr, &x->hint);
	uintptr_t orig;
	int k;

	if (!m && (orig = mc_near_origin (*addr)) != 0) {
		*addr = orig;
		m = mc_module_loaded (*addr, &x->hint);
	}
	k = m ? (int) (m - mc_modules) : mc_module_find (*addr);
	if (k < 0)
		return GMONX_NO_OBJECT;
	*addr -= mc_modules[k].base;
	return (uint32_t) k;
}

static int
flush_samples (struct tw *x)
{
	size_t n = x->ns;

	x->ns = 0;
	return n ? gmonx_write_tsamples (x->w, x->s, n) : 0;
}

static int
flush_arcs (struct tw *x)
{
	size_t n = x->na;

	x->na = 0;
	return n ? gmonx_write_tarcs (x->w, x->a, n) : 0;
}

/* R's samples (the sum of its tables' counts, unplaced aside), or,
   with X, written.  */
static uint64_t
each_sample (struct mc_thread *r, struct tw *x)
{
	const struct mc_tsamp *s;
	uint64_t i, sum = 0;

	for (s = __atomic_load_n (&r->ts, __ATOMIC_ACQUIRE); s; s = s->older)
		for (i = 0; i <= s->mask; i++) {
			uintptr_t key = __atomic_load_n (&s->slots[i].key,
							 __ATOMIC_RELAXED);
			uint64_t c = __atomic_load_n (&s->slots[i].count,
						      __ATOMIC_RELAXED);
			struct gmonx_tsample *e;
			uintptr_t pc;

			if (!key || !c)
				continue;
			sum += c;
			if (!x)
				continue;
			pc = mc_tsamp_pc (key);
			e = &x->s[x->ns++];
			e->obj = object_of (x, &pc);
			e->addr = pc;
			e->count = c;
			if (x->ns == sizeof x->s / sizeof x->s[0]
			    && flush_samples (x) < 0)
				return sum;
		}
	return sum;
}

/* R's calls (basic blocks aside), or, with X, its arcs written.  */
static uint64_t
each_arc (struct mc_thread *r, struct tw *x)
{
	const struct mc_arctab *t;
	uint64_t i, sum = 0;

	for (t = __atomic_load_n (&r->tab, __ATOMIC_ACQUIRE); t; t = t->older)
		for (i = 0; i <= t->mask; i++) {
			const struct mc_arc *a = &t->slots[i];
			uintptr_t from = __atomic_load_n (&a->from,
							  __ATOMIC_RELAXED);
			uintptr_t self = __atomic_load_n (&a->self,
							  __ATOMIC_ACQUIRE);
			uint64_t c = __atomic_load_n (&a->count,
						      __ATOMIC_RELAXED);
			struct gmonx_arc *e;

			if (!from || !self || !c || self == MC_BB_SELF)
				continue;
			sum += c;
			if (!x)
				continue;
			e = &x->a[x->na++];
			e->from_obj = object_of (x, &from);
			e->self_obj = object_of (x, &self);
			e->from_pc = from;
			e->self_pc = self;
			e->count = c;
			if (x->na == sizeof x->a / sizeof x->a[0]
			    && flush_arcs (x) < 0)
				return sum;
		}
	return sum;
}

/* The name of the live thread TID, from /proc (open and read are
   async-signal-safe), into NAME; left as it is if that fails.  */
static void
live_name (int tid, char *name)
{
	char path[64], buf[MC_THREAD_NAME + 1], *p;
	ssize_t n;
	int fd;

	p = mc_put_str (path, path + sizeof path - 1, "/proc/self/task/");
	p = mc_put_num (p, path + sizeof path - 1, (uint64_t) tid);
	p = mc_put_str (p, path + sizeof path - 1, "/comm");
	*p = '\0';
	fd = mc_open (AT_FDCWD, path, O_RDONLY, 0);
	if (fd < 0)
		return;
	n = read (fd, buf, sizeof buf - 1);
	close (fd);
	if (n <= 0)
		return;
	if (buf[n - 1] == '\n')
		n--;
	if (n > MC_THREAD_NAME - 1)
		n = MC_THREAD_NAME - 1;
	memcpy (name, buf, (size_t) n);
	name[n] = '\0';
}

/* CPU ns of R's owner since the last reset, now.  */
static uint64_t
live_cpu (const struct mc_thread *r)
{
	uint64_t cpu = mc_thread_cpu_ns (r->tid);

	return cpu > r->cpu_base ? cpu - r->cpu_base : 0;
}

/* The entries that follow a THREAD record: R's samples, arcs and
   calling contexts (numbered from *BASE).  */
static int
write_entries (struct tw *x, struct mc_thread *r, uint32_t *base)
{
	each_sample (r, x);
	if (flush_samples (x) < 0)
		return -1;
	each_arc (r, x);
	if (flush_arcs (x) < 0)
		return -1;
	if (mc_config.context && mc_ctx_write (x->w, r, base) < 0)
		return -1;
	return 0;
}

/* One kept record.  */
static int
write_kept (struct tw *x, struct mc_thread *r, uint32_t *base)
{
	struct gmonx_thread th;
	char name[MC_THREAD_NAME];
	int state = __atomic_load_n (&r->state, __ATOMIC_ACQUIRE);

	memset (&th, 0, sizeof th);
	memcpy (name, r->name, sizeof name);
	name[sizeof name - 1] = '\0';
	th.tid = (uint32_t) r->tid;
	th.flags = r->tid == getpid () ? GMONX_THREAD_MAIN : 0;
	th.order = r->order;
	th.threads = 1;
	if (state == MC_THREAD_EXITED) {
		th.flags |= GMONX_THREAD_EXITED;
		th.cpu_ns = r->cpu_ns;
		th.end_ns = r->end_ns;
	} else {
		th.cpu_ns = live_cpu (r);
		live_name (r->tid, name);
	}
	th.unplaced = __atomic_load_n (&r->unplaced, __ATOMIC_RELAXED);
	th.samples = each_sample (r, NULL) + th.unplaced;
	th.calls = each_arc (r, NULL);
	th.lost_calls = __atomic_load_n (&r->lost, __ATOMIC_RELAXED)
		+ __atomic_load_n (&r->lost_limit, __ATOMIC_RELAXED);
	th.start_ns = r->start_ns;
	th.name = name;
	if (gmonx_write_thread (x->w, &th) < 0)
		return -1;
	return write_entries (x, r, base);
}

/* The pool's records, as one: the threads beyond GMON_THREADS.  */
static int
write_pool (struct tw *x, uint32_t *base)
{
	struct gmonx_thread th;
	struct mc_thread *r;
	bool any = false;

	memset (&th, 0, sizeof th);
	th.flags = GMONX_THREAD_MERGED;
	th.order = mc_config.threads;
	th.threads = __atomic_load_n (&mc_merged, __ATOMIC_RELAXED);
	th.cpu_ns = __atomic_load_n (&mc_pool_cpu, __ATOMIC_RELAXED);
	for (r = mc_threads (); r; r = r->next) {
		uint64_t u;

		if (r->order != MC_ORDER_POOL)
			continue;
		any = true;
		if (__atomic_load_n (&r->state, __ATOMIC_ACQUIRE)
		    == MC_THREAD_OWNED)
			th.cpu_ns += live_cpu (r);
		u = __atomic_load_n (&r->unplaced, __ATOMIC_RELAXED);
		th.unplaced += u;
		th.samples += each_sample (r, NULL) + u;
		th.calls += each_arc (r, NULL);
		th.lost_calls += __atomic_load_n (&r->lost, __ATOMIC_RELAXED)
			+ __atomic_load_n (&r->lost_limit, __ATOMIC_RELAXED);
	}
	if (!any)
		return 0;
	th.name = "";
	if (gmonx_write_thread (x->w, &th) < 0)
		return -1;
	for (r = mc_threads (); r; r = r->next)
		if (r->order == MC_ORDER_POOL
		    && write_entries (x, r, base) < 0)
			return -1;
	return 0;
}

int
mc_threads_write (struct gmon_writer *w)
{
	struct gmonx_threads ts;
	struct mc_thread *r;
	struct tw x;
	uint32_t base = 0;

	memset (&ts, 0, sizeof ts);
	ts.cap = mc_config.threads;
	for (r = mc_threads (); r; r = r->next)
		ts.kept += r->order != MC_ORDER_POOL;
	ts.merged = __atomic_load_n (&mc_merged, __ATOMIC_RELAXED);
	ts.norecord = __atomic_load_n (&mc_norecord, __ATOMIC_RELAXED);
	if (gmonx_write_threads (w, &ts) < 0)
		return -1;
	memset (&x, 0, sizeof x);
	x.w = w;
	for (r = mc_threads (); r; r = r->next)
		if (r->order != MC_ORDER_POOL && write_kept (&x, r, &base) < 0)
			return -1;
	return write_pool (&x, &base);
}
