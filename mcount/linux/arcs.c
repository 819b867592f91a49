/* arcs.c - per-thread call-graph tables: the slow path of mcount.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   glibc keeps one table for the process behind one try-lock, so two
   threads calling at once lose arcs (30-70% of them with two threads,
   measured), and a full table ends the whole profile.  Here each thread
   counts into a table of its own that no other thread writes, so the
   fast path (mcount.S) needs no lock and no shared cache line, and the
   counts are exact.  The tables are merged when the profile is written.

   Who touches a table:

     its owner thread      fast path: count += 1 on a known arc;
                           slow path (here): claim slots, grow;
     a signal handler on   the same, nested: it may interrupt the owner
     the owner thread      anywhere, also inside this file;
     the dumper            reads every table of every thread, any time.

   Nothing is ever freed.  A table that grows is replaced by one twice
   its size and kept, with its counts moved out: a fast path that a
   signal interrupted between loading the old table and adding to it
   adds to the old one when it resumes, and the dumper sums old tables
   too, so that count is not lost.  The old tables together are smaller
   than the current one, so this at most doubles the memory.

   Thread records (struct mc_thread) sit on a push-only list that the
   dumper walks.  The first GMON_THREADS threads keep theirs for good:
   their counts are each one's own (threads.c writes them apart).  The
   record of any later thread is marked free when it exits, with its
   counts, and the next new thread adopts it: beyond the first ones,
   memory follows the number of live threads, not of threads ever
   created.

   GMON_ARC_LIMIT bounds the bytes of the tables that replace a first
   table, of all threads together (retired ones included).  A thread's
   record and its first table share one page that is made whatever the
   limit: the record is where the thread's sampling clock lives, and a
   limit on arcs must not cost a thread its samples.  A table the limit
   refuses fills to full_at; the arcs in it go on counting, and the
   calls of the others are counted by why they were lost (lose ()).

   Memory for tables comes from mmap, never malloc: this runs inside
   every call of the program, perhaps inside a signal handler or
   malloc itself.  A thread's record, with its first table, and the
   alternate stack below it (exits.c) come from pages.c, which cuts
   them from a few mappings: a mapping each took the kernel's
   vm.max_map_count mappings from the program's threads.  Errors are
   counted, never printed here (errno is saved for the program: mcount
   runs between any two of its calls).  */

#define _GNU_SOURCE 1
#include <config.h>

#include <errno.h>
#include <pthread.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "mcount/linux/runtime.h"

__thread struct mc_tls mc_tls __attribute__ ((tls_model ("initial-exec")));

/* Counting starts on: arcs of constructors that run before
   __monstartup are kept (glibc drops them).  */
volatile unsigned char mc_arcs_on = 1;

void
mc_arcs_switch (bool on)
{
	mc_arcs_on = on;
	mc_near_switch (on);
}

#define MC_PAGE		4096
#define MC_RECORD_SIZE	320		/* struct mc_thread, padded */
#define MC_FIRST_CAP	128		/* slots in a thread's first table:
					   with its record, one page */

static struct mc_thread *mc_registry;	/* every record, newest first */
static uint64_t mc_bytes;		/* bytes of grown tables, what
					   GMON_ARC_LIMIT bounds */
static uint64_t mc_limit_want;		/* the most bytes a table the limit
					   refused would have made mc_bytes */
static uint64_t mc_lost_nested;		/* see mc_arc_stats */
static uint64_t mc_lost_norecord;	/* ... of them, no record (mmap) */
static int mc_grow_errno;		/* why mmap of a table last failed */
static int mc_record_errno;		/* why mmap of a record last failed */
static bool mc_hit_limit;		/* GMON_ARC_LIMIT refused a table */
static uint64_t mc_free_records;	/* records MC_THREAD_FREE now */
static pthread_key_t mc_exit_key;	/* its destructor frees a record */
static bool mc_have_key;

_Static_assert (offsetof (struct mc_arctab, mask) == MC_TAB_MASK,
		"mcount.S reads mask here");
_Static_assert (MC_TAB_WORDS * sizeof (uintptr_t) == MC_TAB_SLOTS,
		"the core's table header is what mcount.S skips");
_Static_assert (offsetof (struct mc_arctab, slots) == MC_TAB_SLOTS,
		"mcount.S reads slots here");
_Static_assert (sizeof (struct mc_arc) == MC_SLOT_SIZE,
		"mcount.S indexes slots by this size");
_Static_assert (offsetof (struct mc_tls, tab) == 0,
		"mcount.S loads mc_tls.tab from the start of mc_tls");
_Static_assert (offsetof (struct mc_tls, bb) == MC_TLS_BB
		&& offsetof (struct mc_tls, bb_lo) == MC_TLS_BB_LO
		&& offsetof (struct mc_tls, bb_span) == MC_TLS_BB_SPAN,
		"mcount.S reads the block counts' fields here");
_Static_assert (sizeof (struct mc_thread) <= MC_RECORD_SIZE,
		"a record fits before its first table");
_Static_assert (MC_RECORD_SIZE + MC_TAB_SLOTS
		+ MC_FIRST_CAP * MC_SLOT_SIZE <= MC_PAGE,
		"a record and its first table fit one page");
_Static_assert (MC_ALTSTACK % MC_PAGE == 0, "the stack is whole pages");

static size_t
page_round (size_t n)
{
	return (n + MC_PAGE - 1) & ~(size_t) (MC_PAGE - 1);
}

/* Why a table could not grow (struct mc_arctab's nogrow): an errno of
   mmap, or this.  */
#define MC_NOGROW_LIMIT	(-1)

/* N more bytes of tables within GMON_ARC_LIMIT: taken with a
   compare-and-swap, so two threads growing at once never see each
   other's bytes that did not fit, and which tables fit does not
   depend on how the threads ran.  A refusal keeps the total that
   would have been needed, for the message at exit.  */
static bool
charge (uint64_t n)
{
	uint64_t limit = mc_config.arc_limit;
	uint64_t had = __atomic_load_n (&mc_bytes, __ATOMIC_RELAXED);

	do {
		if (mc_config.arc_limit_set && had + n > limit) {
			uint64_t w = __atomic_load_n (&mc_limit_want,
						      __ATOMIC_RELAXED);

			while (w < had + n
			       && !__atomic_compare_exchange_n (
				       &mc_limit_want, &w, had + n, true,
				       __ATOMIC_RELAXED, __ATOMIC_RELAXED))
				;
			mc_hit_limit = true;
			return false;
		}
	} while (!__atomic_compare_exchange_n (&mc_bytes, &had, had + n,
					       true, __ATOMIC_RELAXED,
					       __ATOMIC_RELAXED));
	return true;
}

/* N bytes of zeroed memory, or NULL with *ERR set.  */
static void *
mc_map (size_t n, int *err)
{
	void *p = mmap (NULL, n, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED) {
		*err = errno;
		return NULL;
	}
	return p;
}

/* A table twice the size of OLD with OLD's arcs, made current.  The
   counts are moved (exchanged with 0, one instruction, so a nested
   increment lands either before the move or after it, in OLD).  OLD
   stays current while its slots are copied: a signal handler counting
   meanwhile uses OLD, and whatever it adds there is summed at dump
   time because OLD is kept on the new table's older list.  */
static struct mc_arctab *
tab_grow (struct mc_thread *rec, struct mc_arctab *old)
{
	uint64_t cap = (old->mask + 1) * 2;
	size_t size = page_round (MC_TAB_SLOTS + cap * MC_SLOT_SIZE);
	struct mc_arctab *t;
	int err = 0;

	if (!charge (size)) {
		old->nogrow = MC_NOGROW_LIMIT;
		return NULL;
	}
	t = mc_map (size, &err);
	if (!t) {
		__atomic_fetch_sub (&mc_bytes, size, __ATOMIC_RELAXED);
		mc_grow_errno = err;
		old->nogrow = err;
		return NULL;
	}
	mc_tab_init (t, cap, size);
	mc_tab_move (t, old);
	t->older = old;
	__atomic_store_n (&rec->tab, t, __ATOMIC_RELEASE);
	mc_tls.tab = t;
	return t;
}

/* One call of an arc that T, full, has no room for: counted by the
   reason T could not grow, for the message at exit.  The arcs already
   in T go on counting.  */
static void
lose (struct mc_thread *rec, const struct mc_arctab *t)
{
	if (t->nogrow == MC_NOGROW_LIMIT)
		__atomic_fetch_add (&rec->lost_limit, 1, __ATOMIC_RELAXED);
	else if (t->nogrow)
		__atomic_fetch_add (&rec->lost, 1, __ATOMIC_RELAXED);
	else	/* filled by signal handlers while it was being replaced */
		__atomic_fetch_add (&mc_lost_nested, 1, __ATOMIC_RELAXED);
}

/* Counts one call of (FROM, SELF) for the thread of REC.  NESTED: a
   signal interrupted the slow path of this thread, which may be
   growing the table; do not grow it again.  */
static void
count_arc (struct mc_thread *rec, uintptr_t from, uintptr_t self,
	   bool nested)
{
	struct mc_arctab *t = mc_tls.tab;
	struct mc_arc *a = mc_tab_find (t, from, self, false);

	if (!a) {
		uint64_t used = __atomic_load_n (&t->used, __ATOMIC_RELAXED);

		/* A callee (or block) in no object known yet: a -pg
		   library was dlopen'ed.  Not from a nested call, which
		   may have interrupted the dynamic linker.  (Sleds are
		   never patched from here: this may be a signal
		   handler's call; sleds.c.)  */
		if (!nested && mc_started ()
		    && mc_module_find (self == MC_BB_SELF ? from : self) < 0)
			mc_modules_refresh ();

		if (used >= t->grow_at && !nested) {
			struct mc_arctab *g = tab_grow (rec, t);

			if (g) {
				t = g;
				used = t->used;
			}
		}
		if (used >= t->full_at) {
			lose (rec, t);
			return;
		}
		a = mc_tab_find (t, from, self, true);
	}
	mc_arc_bump (a);
}

static int
mc_gettid (void)
{
	return (int) syscall (SYS_gettid);
}

/* A free record of the pool (threads beyond GMON_THREADS), now the
   calling thread's, or NULL.  The registry is looked through only if
   some record is free: with thousands of threads alive at once and
   none ended, each new one walked all the others' records (20000
   threads: 38 s of CPU time).  */
static struct mc_thread *
adopt (void)
{
	struct mc_thread *r;

	if (!__atomic_load_n (&mc_free_records, __ATOMIC_ACQUIRE))
		return NULL;
	for (r = __atomic_load_n (&mc_registry, __ATOMIC_ACQUIRE); r;
	     r = r->next) {
		int expect = MC_THREAD_FREE;

		if (__atomic_load_n (&r->state, __ATOMIC_RELAXED)
		    == MC_THREAD_FREE
		    && __atomic_compare_exchange_n (&r->state, &expect,
						    MC_THREAD_OWNED, false,
						    __ATOMIC_ACQUIRE,
						    __ATOMIC_RELAXED)) {
			__atomic_fetch_sub (&mc_free_records, 1,
					    __ATOMIC_RELAXED);
			return r;
		}
	}
	return NULL;
}

/* The record this thread had until its exit, if a destructor that runs
   after libgmon's calls -pg code: it is the same thread still.  */
static struct mc_thread *
own_again (int tid)
{
	struct mc_thread *r = mc_tls.last;
	int state;

	if (!r || r->tid != tid)
		return NULL;
	state = __atomic_load_n (&r->state, __ATOMIC_RELAXED);
	if ((state == MC_THREAD_EXITED || state == MC_THREAD_FREE)
	    && __atomic_compare_exchange_n (&r->state, &state,
					    MC_THREAD_OWNED, false,
					    __ATOMIC_ACQUIRE,
					    __ATOMIC_RELAXED)) {
		if (state == MC_THREAD_FREE)
			__atomic_fetch_sub (&mc_free_records, 1,
					    __ATOMIC_RELAXED);
		r->end_ns = 0;
		return r;
	}
	return NULL;
}

struct mc_thread *
mc_thread_attach (void)
{
	struct mc_thread *r;
	struct mc_arctab *t;
	int tid = mc_gettid ();
	uint32_t order = MC_ORDER_POOL;
	char *block;

	if ((r = own_again (tid)) != NULL)
		goto again;
	/* One of the first GMON_THREADS threads gets a record of its
	   own; any other takes over one a thread beyond them left.  */
	if (!mc_config.threads
	    || (order = mc_threads_claim ()) == MC_ORDER_POOL) {
		if ((r = adopt ()) != NULL) {
			mc_thread_begin (r);
			goto have;
		}
	}

	/* Not charged to GMON_ARC_LIMIT: the record is the thread's
	   clock too (sampler.c), and the first table shares its page;
	   below it, with GMON_FATAL_SIGNALS, its stack for fatal
	   signals (which grows down, away from the record).  */
	block = mc_pages (1 + (mc_config.fatal ? MC_ALTSTACK / MC_PAGE : 0),
			  &mc_record_errno);
	if (!block)
		return NULL;
	if (mc_config.fatal) {
		r = (struct mc_thread *) (block + MC_ALTSTACK);
		r->altstack = block;
	} else {
		r = (struct mc_thread *) block;
	}
	t = (struct mc_arctab *) ((char *) r + MC_RECORD_SIZE);
	mc_tab_init (t, MC_FIRST_CAP, MC_PAGE);
	r->tab = t;
	r->state = MC_THREAD_OWNED;
	r->clock = MC_CLOCK_NONE;
	r->perf_fd = -1;
	r->tid = tid;
	r->order = order;
	mc_thread_begin (r);
	r->next = __atomic_load_n (&mc_registry, __ATOMIC_RELAXED);
	while (!__atomic_compare_exchange_n (&mc_registry, &r->next, r, true,
					     __ATOMIC_RELEASE,
					     __ATOMIC_RELAXED))
		;
have:
	/* An adopted record: where its last thread was sampled is no
	   place of this one's (mc_arc_slow gives it its own).  */
	r->last_pc = 0;
again:
	r->tid = tid;
	mc_tls.self = r;
	mc_tls.last = NULL;
	mc_tls.tab = __atomic_load_n (&r->tab, __ATOMIC_ACQUIRE);
	mc_altstack (r);
	if (mc_have_key)
		pthread_setspecific (mc_exit_key, r);
	if (mc_sampler_running ())
		mc_sampler_thread_start (r);
	return r;
}

void
mc_arc_slow (uintptr_t from, uintptr_t self)
{
	int saved_errno = errno;

	if (mc_tls.busy) {
		/* A signal handler interrupted the slow path of this
		   thread.  Count into whatever table is current; only a
		   thread's very first allocation leaves none.  */
		if (mc_tls.self && mc_tls.tab)
			count_arc (mc_tls.self, from, self, true);
		else
			__atomic_fetch_add (&mc_lost_nested, 1,
					    __ATOMIC_RELAXED);
		errno = saved_errno;
		return;
	}
	mc_tls.busy = 1;
	if (!mc_tls.self) {
		if (!mc_thread_attach ()) {
			__atomic_fetch_add (&mc_lost_nested, 1,
					    __ATOMIC_RELAXED);
			__atomic_fetch_add (&mc_lost_norecord, 1,
					    __ATOMIC_RELAXED);
			goto out;
		}
		if (!mc_saw_arcs)
			mc_saw_arcs = 1;
		if (!mc_started ())
			mc_lazy_start ();
	}
	/* The first place this thread is known to run, until a sample
	   says where it is: a clock that stops owes its thread the
	   periods no signal reported (sampler.c, settle), and they must
	   go somewhere even if no signal ever came (the kernel checks
	   CPU-time timers at its tick, and a busy machine may not look
	   at a thread for a long while; or the thread blocks SIGPROF).  */
	if (!mc_tls.self->last_pc)
		mc_tls.self->last_pc = self == MC_BB_SELF ? from : self;
	if (mc_tls.tab)
		count_arc (mc_tls.self, from, self, false);
out:
	mc_tls.busy = 0;
	errno = saved_errno;
}

/* Runs as the thread exits (after its own pthread_key destructors of
   lower keys; a destructor that calls -pg code afterwards gets the
   record back through mc_arc_slow).  */
static void
thread_exit (void *arg)
{
	struct mc_thread *r = arg;
	int state;

	if (mc_tls.self != r)
		return;
	mc_sampler_thread_stop (r);
	mc_tls.tab = NULL;
	mc_tls.bb_span = 0;
	mc_tls.bb = NULL;
	mc_tls.self = NULL;
	mc_tls.last = r;
	state = mc_thread_end (r);
	/* A record kept to the end holds no stack for a thread that is
	   gone (a mapping each: thousands of them reach the kernel's
	   limit); a pooled one keeps it for the thread that adopts it.  */
	if (state == MC_THREAD_EXITED)
		mc_altstack_drop (r);
	__atomic_store_n (&r->state, state, __ATOMIC_RELEASE);
	if (state == MC_THREAD_FREE)
		__atomic_fetch_add (&mc_free_records, 1, __ATOMIC_RELEASE);
}

void
mc_arcs_init (void)
{
	if (!mc_have_key && pthread_key_create (&mc_exit_key, thread_exit)
	    == 0)
		mc_have_key = true;
}

void
mc_arcs_forget (void)
{
	/* The parent's tables stay mapped (copy-on-write, untouched:
	   they cost the child nothing) but nothing points to them.  */
	__atomic_store_n (&mc_registry, NULL, __ATOMIC_RELEASE);
	mc_free_records = 0;
	mc_tls.self = NULL;
	mc_tls.tab = NULL;
	mc_tls.bb_span = 0;
	mc_tls.bb = NULL;
	mc_tls.busy = 0;
	mc_tls.last = NULL;
	mc_bytes = 0;
	mc_limit_want = 0;
	mc_lost_nested = 0;
	mc_lost_norecord = 0;
	mc_grow_errno = 0;
	mc_record_errno = 0;
	mc_hit_limit = false;
	if (mc_have_key)
		pthread_setspecific (mc_exit_key, NULL);
}

struct mc_thread *
mc_threads (void)
{
	return __atomic_load_n (&mc_registry, __ATOMIC_ACQUIRE);
}

void
mc_arcs_reset (void)
{
	struct mc_thread *r;

	for (r = mc_threads (); r; r = r->next) {
		struct mc_arctab *t;

		for (t = __atomic_load_n (&r->tab, __ATOMIC_ACQUIRE); t;
		     t = t->older)
			mc_tab_zero (t);
		__atomic_store_n (&r->lost, 0, __ATOMIC_RELAXED);
		__atomic_store_n (&r->lost_limit, 0, __ATOMIC_RELAXED);
		mc_bb_reset (r);
	}
	__atomic_store_n (&mc_lost_nested, 0, __ATOMIC_RELAXED);
	__atomic_store_n (&mc_lost_norecord, 0, __ATOMIC_RELAXED);
}

/* What mc_arcs_each passes on: a block's count under its key.  */
struct each_ctx {
	mc_arc_fn *fn;
	void *ctx;
};

static void
each_arc (void *arg, uintptr_t from, uintptr_t self, uint64_t count)
{
	const struct each_ctx *e = arg;

	e->fn (e->ctx, self == MC_BB_SELF ? mc_bb_key (from) : from, self,
	       count);
}

void
mc_arcs_each (mc_arc_fn *fn, void *ctx)
{
	struct each_ctx e = { fn, ctx };
	struct mc_thread *r;

	for (r = mc_threads (); r; r = r->next) {
		struct mc_arctab *t;

		for (t = __atomic_load_n (&r->tab, __ATOMIC_ACQUIRE); t;
		     t = t->older)
			mc_tab_each (t, each_arc, &e);
		mc_bb_each (r, fn, ctx);
	}
}

uint64_t
mc_arcs_claimed (void)
{
	struct mc_thread *r;
	uint64_t n = 0;

	for (r = mc_threads (); r; r = r->next) {
		struct mc_arctab *t;

		for (t = __atomic_load_n (&r->tab, __ATOMIC_ACQUIRE); t;
		     t = t->older)
			n += __atomic_load_n (&t->used, __ATOMIC_RELAXED);
		n += mc_bb_used (r);
	}
	return n;
}

void
mc_arcs_stats (struct mc_arc_stats *st)
{
	struct mc_thread *r;

	st->lost_full = 0;
	st->lost_limit = 0;
	st->threads = 0;
	for (r = mc_threads (); r; r = r->next) {
		uint64_t l = __atomic_load_n (&r->lost_limit,
					      __ATOMIC_RELAXED);

		st->lost_limit += l;
		st->lost_full += l + __atomic_load_n (&r->lost,
						      __ATOMIC_RELAXED);
		st->threads++;
	}
	st->lost_nested = __atomic_load_n (&mc_lost_nested, __ATOMIC_RELAXED);
	st->lost_norecord = __atomic_load_n (&mc_lost_norecord,
					     __ATOMIC_RELAXED);
	st->bytes = __atomic_load_n (&mc_bytes, __ATOMIC_RELAXED);
	st->limit_want = __atomic_load_n (&mc_limit_want, __ATOMIC_RELAXED);
	st->grow_errno = mc_grow_errno;
	st->record_errno = mc_record_errno;
	st->hit_limit = mc_hit_limit;
}

int
mc_arcs_record_errno (void)
{
	return mc_record_errno;
}
