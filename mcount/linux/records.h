/* records.h - the records of threads: each one's arc tables (arcs.c),
   its samples, name and times (threads.c), its block counts
   (bbcount.c).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   Part of runtime.h (the internals of libgmon), which includes it
   with what it needs first; the files include runtime.h.  */

#ifndef MCOUNT_LINUX_RECORDS_H
#define MCOUNT_LINUX_RECORDS_H

#ifndef MCOUNT_LINUX_RUNTIME_H
# error "include mcount/linux/runtime.h, which includes this file"
#endif

/* ------------------------------------------------------------------ */
/* arcs.c */

/* A thread's arc table (struct mc_arctab, mcount/core/core.h) lives in
   its own mmap'd block.  When it fills it is replaced by one twice the
   size and kept, never unmapped: a fast path interrupted by a signal
   may still hold a pointer to it (see arcs.c).  Its nogrow says why it
   could not grow: 0 (it did not try, or it grew), an errno of mmap, or
   -1: GMON_ARC_LIMIT.  */

enum mc_thread_state {
	MC_THREAD_OWNED = 1,		/* a live thread records into it */
	MC_THREAD_FREE = 2,		/* its thread exited; any new thread
					   may adopt it, counts and all (a
					   record beyond GMON_THREADS) */
	MC_THREAD_EXITED = 3		/* its thread exited; the record is
					   that thread's for good (one of the
					   first GMON_THREADS) */
};

/* A thread's samples by bin (threads.c): open addressing, linear
   probing, filled by signal handlers of any thread; when it fills, a
   table twice the size takes the new keys and this one is kept.  */
struct mc_tsamp_slot {
	uintptr_t key;			/* PC >> GMON_BIN_SIZE's shift, + 1;
					   0: free */
	uint64_t count;			/* samples */
};

struct mc_tsamp {
	uint64_t mask;			/* capacity - 1 */
	uint64_t used;			/* slots claimed */
	struct mc_tsamp *older;		/* the table this one replaced */
	size_t mapsize;			/* bytes mmap'd for it */
	struct mc_tsamp_slot slots[];
};

/* The order of a record beyond GMON_THREADS (threads.c).  */
#define MC_ORDER_POOL	UINT32_MAX
#define MC_THREAD_NAME	16		/* the kernel's names, NUL included */

/* How a thread is sampled (sampler.c).  */
enum mc_clock {
	MC_CLOCK_NONE = 0,		/* not sampled */
	MC_CLOCK_PERF,			/* perf_event task clock, own fd */
	MC_CLOCK_TIMER,			/* POSIX timer on the thread's CPU clock */
	MC_CLOCK_ITIMER,		/* the process-wide ITIMER_PROF */
	MC_CLOCK_BUSY			/* being started or stopped: whoever
					   set this owns the clock fields */
};

/* One per thread that ever called mcount; never freed.  It lives at the
   head of the block of the thread's first arc table.  */
struct mc_thread {
	struct mc_thread *next;		/* registry: every record, newest first */
	struct mc_arctab *tab;		/* current table (the dumper reads it) */
	int state;			/* enum mc_thread_state, atomic */
	int tid;			/* kernel thread id of the owner */
	uint64_t lost;			/* calls not counted: a table was full
					   and mmap failed to grow it */
	uint64_t lost_limit;		/* ... and GMON_ARC_LIMIT refused it */
	int clock;			/* enum mc_clock: how the owner is
					   sampled; atomic */
	uintptr_t last_pc;		/* where the last sample found it */
	uint64_t samples;		/* samples its clock gave it */
	uint64_t cpu0_ns;		/* its CPU time when its clock began */
	int perf_fd;			/* MC_CLOCK_PERF: the event */
	uint64_t perf_id;		/* ... its id, to know it is still ours */
	timer_t timer;			/* MC_CLOCK_TIMER: the timer */
	void *altstack;			/* for fatal signals (exits.c): the
					   MC_ALTSTACK bytes below the
					   record, or NULL */
	uint64_t *bb;			/* its block counts (bbcount.c) */
	int wall_tid;			/* wall.c: the thread it follows */
	uint64_t wall_last;		/* ... real time at its last look */
	uint64_t wall_cpu;		/* ... CPU time then */
	uint64_t wall_rest;		/* ... ns off the CPU not yet a sample */
	struct mc_ctx *ctx;		/* its calling contexts (cctree.c),
					   made at its first sample */
	/* Per-thread records (threads.c).  */
	uint32_t order;			/* the order libgmon met its thread
					   in, from 0; MC_ORDER_POOL: a record
					   beyond GMON_THREADS, which threads
					   adopt in turn */
	struct mc_tsamp *ts;		/* its samples by bin, or NULL */
	uint64_t unplaced;		/* samples it took that its table had
					   no room for */
	uint64_t start_ns;		/* it got the record, ns after
					   profiling started */
	uint64_t end_ns;		/* its thread exited then; 0: alive */
	uint64_t cpu_ns;		/* its thread's CPU time at its exit */
	uint64_t cpu_base;		/* ... at the last gmon_reset */
	char name[MC_THREAD_NAME];	/* its thread's name, last read */
};

/* What the fast path finds off the thread pointer (%fs on x86-64):
   initial-exec TLS, so a plain load with no call to __tls_get_addr, in
   the executable and in a preloaded or linked libgmon.so alike.  */
struct mc_tls {
	struct mc_arctab *tab;		/* current table, NULL: slow path */
	struct mc_thread *self;		/* this thread's record */
	int busy;			/* inside the slow path */
	uint64_t *bb;			/* block counts of the program's code
					   (bbcount.c), or NULL */
	uintptr_t bb_lo;		/* ... from this address */
	uintptr_t bb_span;		/* ... this many bytes; 0: no array */
	struct mc_thread *last;		/* the record it had until its exit
					   (a destructor that runs -pg code
					   after libgmon's gets it back) */
	int own;			/* inside libgmon's own work (the
					   exit, a dump): see MC_OWN_PC */
};

extern __thread struct mc_tls mc_tls
	__attribute__ ((tls_model ("initial-exec"))) MC_HIDDEN;

/* Read by the stubs before anything else: 0 turns arc counting off.
   Written through mc_arcs_switch only, which keeps the copies of the
   fast path near the program and the objects with sleds (near.c) in
   step through their mirrors.  */
extern volatile unsigned char mc_arcs_on MC_HIDDEN;
void mc_arcs_switch (bool on) MC_HIDDEN;

/* Called by mcount.S with the stack aligned and every register saved.  */
void mc_arc_slow (uintptr_t from, uintptr_t self) MC_HIDDEN;

/* Once, in normal context: the thread-exit key.  */
void mc_arcs_init (void) MC_HIDDEN;
/* Gives the calling thread a record (adopting a free one if any) and
   starts its sampler; returns NULL if no memory.  */
struct mc_thread *mc_thread_attach (void) MC_HIDDEN;
/* In a fork child: forget every record (the child's threads are gone),
   keep nothing of the parent's counts.  */
void mc_arcs_forget (void) MC_HIDDEN;
/* Zero every count in every table and block array.  */
void mc_arcs_reset (void) MC_HIDDEN;

/* Calls FN for each claimed slot with a non-zero count of every table,
   current and retired, of every record, and for each block counter of
   their arrays (bbcount.c; a block's from is its mc_bb_key).  The
   same arc may come more than once (other threads, retired tables).  */
void mc_arcs_each (mc_arc_fn *fn, void *ctx) MC_HIDDEN;
/* Slots claimed over all tables: an upper bound of what mc_arcs_each
   reports.  */
uint64_t mc_arcs_claimed (void) MC_HIDDEN;
/* The first record of the registry (walk with ->next).  */
struct mc_thread *mc_threads (void) MC_HIDDEN;

/* Totals for the messages at exit.  Every call is either in a table
   or in lost_full or lost_nested.  */
struct mc_arc_stats {
	uint64_t lost_full;		/* calls lost: a full table could not
					   grow (the limit, or mmap) */
	uint64_t lost_limit;		/* ... of them, GMON_ARC_LIMIT */
	uint64_t lost_nested;		/* calls lost: the thread had no table
					   (no record, or a signal handler
					   while it was being made) */
	uint64_t lost_norecord;		/* ... of them, its record could not
					   be mapped */
	uint64_t bytes;			/* bytes of grown tables (the first
					   table of each thread shares its
					   record's page, not counted) */
	uint64_t limit_want;		/* the most bytes a growth refused by
					   GMON_ARC_LIMIT needed in all */
	int grow_errno;			/* why mmap of a table last failed */
	int record_errno;		/* why mmap of a record last failed */
	bool hit_limit;			/* GMON_ARC_LIMIT refused a table */
	uint64_t threads;		/* records */
};
void mc_arcs_stats (struct mc_arc_stats *st) MC_HIDDEN;
/* Why the last thread record could not be mapped (an errno), or 0:
   such a thread has no clock of its own either.  */
int mc_arcs_record_errno (void) MC_HIDDEN;

/* ------------------------------------------------------------------ */
/* threads.c */

#define MC_THREADS_DEFAULT	256	/* GMON_THREADS: threads kept apart */
#define MC_THREADS_MAX		65536	/* ... at most */
/* A thread's sample table stops growing at this many slots (16 MiB),
   three quarters of which it fills: keys are bins, so a thread would
   have to be sampled in 3 MiB of distinct code first.  */
#define MC_TSAMP_MAX_SLOTS	((uint64_t) 1 << 20)

/* The order of a record being made: the next number while fewer than
   GMON_THREADS records were kept apart, else MC_ORDER_POOL.  */
uint32_t mc_threads_claim (void) MC_HIDDEN;
/* Record R (its order set) has just been made or adopted for the
   calling thread: when it started, its name; a record beyond
   GMON_THREADS counts one more thread merged.  */
void mc_thread_begin (struct mc_thread *r) MC_HIDDEN;
/* The calling thread, R's owner, exits: its name, CPU time and end
   are kept.  Returns the state R takes: MC_THREAD_EXITED (kept
   apart) or MC_THREAD_FREE.  */
int mc_thread_end (struct mc_thread *r) MC_HIDDEN;
/* N (weighted) samples of the thread of record T at PC, as the
   histogram took them; T NULL: a thread libgmon has no record of.
   Async-signal-safe, from any thread.  */
void mc_thread_sample (struct mc_thread *t, uintptr_t pc, uint64_t n)
	MC_HIDDEN;
/* gmon_reset: every thread's samples to 0, CPU times from now.  */
void mc_threads_reset (void) MC_HIDDEN;
/* In a fork child: the child's threads are its own.  */
void mc_threads_forget (void) MC_HIDDEN;
/* The key of PC in a sample table, and the PC a key stands for (the
   start of its bin).  */
uintptr_t mc_tsamp_key (uintptr_t pc) MC_HIDDEN;
uintptr_t mc_tsamp_pc (uintptr_t key) MC_HIDDEN;

struct mc_threads_stats {
	uint64_t kept;			/* records kept apart */
	uint64_t merged;		/* threads that ran on records beyond
					   GMON_THREADS */
	uint64_t norecord;		/* samples of threads without record */
	uint64_t unplaced;		/* samples no table had room for */
	uint64_t unplaced_threads;	/* ... of how many records */
	bool capped;			/* a table reached MC_TSAMP_MAX_SLOTS */
	int map_errno;			/* why mmap of a table last failed */
};
void mc_threads_stats (struct mc_threads_stats *st) MC_HIDDEN;

/* ------------------------------------------------------------------ */
/* bbcount.c */

/* Jumped to by the fast path of the block hooks (mcount.S) with their
   caller's return address on the stack, for a block it cannot count
   in the thread's array.  */
void mc_bb_slow (void) MC_HIDDEN;

/* The key under which a block count at PC is kept: PC rounded down to
   4 bytes in the program's code (where the arrays count), PC
   elsewhere.  */
uintptr_t mc_bb_key (uintptr_t pc) MC_HIDDEN;
/* Calls FN for each block of R's array with a count, as an arc from
   its key to MC_BB_SELF.  */
void mc_bb_each (struct mc_thread *r, mc_arc_fn *fn, void *ctx) MC_HIDDEN;
/* Counters of R's array that are not 0.  */
uint64_t mc_bb_used (struct mc_thread *r) MC_HIDDEN;
void mc_bb_reset (struct mc_thread *r) MC_HIDDEN;

#endif /* MCOUNT_LINUX_RECORDS_H */
