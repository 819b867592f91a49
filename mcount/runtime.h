/* runtime.h - the internals of libgmon, shared by its files.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   Every name here is internal (prefix mc_) and hidden: the library is
   compiled with -fvisibility=hidden and only the entry points gcc,
   gcrt1.o and <gmonkit.h> know leave it (MC_EXPORT, libgmon.map).

   The rooms:

     arch/arch.h           what the rest asks of the processor, which
                           a port in arch/ARCH/ defines; its mcount.S
                           has the entry points (mcount, _mcount, and
                           for x86-64 __fentry__): the fast path that
                           counts a known arc in the calling thread's
                           table, and the call into the slow path for
                           everything else;
     arcs.c                per-thread arc tables: the slow path, growth,
                           thread records, exit and fork of threads;
     threads.c             per-thread records (GMON_THREADS): which
                           threads are kept apart, each one's samples,
                           name and CPU time, and their records in the
                           companion;
     sampler.c             the clocks that fill the PC histograms, and
     clocks.c              ... the system calls of the per-thread ones
                           (sampler.h between the two);
     control.c             configuration (GMON_* variables), the public
                           control API, and the messages to stderr;
     fds.c                 the descriptors libgmon opens: never 0, 1
                           or 2;
     pages.c               memory never freed (thread records, their
                           stacks for fatal signals), cut from a few
                           mappings;
     modules.c             the objects of the process and their
                           histograms;
     wall.c                the time threads spend off the CPU
                           (GMON_CLOCK=wall);
     cctree.c              the calling context of each sample
                           (GMON_CONTEXT): a tree per thread;
     unwind.c              ... found by walking the stack
     ehframe.c             ... with the objects' unwind tables
                           (unwind.h between the two);
     bbcount.c             basic-block counts (-fsanitize-coverage);
     dump.c                writing the profile, one dump at a time:
     snapshot.c            ... every thread's arcs merged,
     classic.c             ... a classic gmon file per object,
     outfile.c             ... its name, a temporary renamed over it,
     objdir.c              ... the object directory: the files of the
                           other objects and the companion (dump.h
                           between the five);
     exits.c               fatal signals, _exit, exec, dump triggers;
     near.c                a copy of the fast path placed next to the
                           program, when libgmon is a shared library
                           (with the port's arch/ARCH/near.c);
     start.c               __monstartup, _mcleanup, the constructor and
                           destructor, the main program's address range.

   The part of this file above the C-only section is read by the
   assembler too: the offsets the fast path uses.  */

#ifndef MCOUNT_RUNTIME_H
#define MCOUNT_RUNTIME_H

/* The arc table and the histogram are the portable core's (struct
   mc_arctab, struct mc_arc, struct mc_hist, mc_arc_hash, MC_TAB_MASK,
   MC_HASH_MUL): mcount/core/, the same code as bare metal's.  */
#include "mcount/core/core.h"

/* Layout of struct mc_arctab as the fast path sees it (LP64).  */
#define MC_TAB_SLOTS	64		/* offset of slots[0] */
#define MC_SLOT_SIZE	24		/* bytes per slot: from, self, count */
/* The self of a basic-block count in an arc table (bbcount.c): no
   code lives at address 1.  */
#define MC_BB_SELF	1

/* Layout of struct mc_tls as the block-count fast path sees it.  */
#define MC_TLS_BB	24		/* offset of bb */
#define MC_TLS_BB_LO	32		/* offset of bb_lo */
#define MC_TLS_BB_SPAN	40		/* offset of bb_span */

#ifndef __ASSEMBLER__

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>
#include <ucontext.h>

#define MC_EXPORT	__attribute__ ((visibility ("default")))
#define MC_HIDDEN	__attribute__ ((visibility ("hidden")))

/* What knows the processor: mc_arch_*, MC_ARCH_*.  */
#include "mcount/arch/arch.h"

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
};

extern __thread struct mc_tls mc_tls
	__attribute__ ((tls_model ("initial-exec"))) MC_HIDDEN;

/* Read by the stubs before anything else: 0 turns arc counting off.
   Written through mc_arcs_switch only, which keeps the copy of the
   fast path near the program (near.c) in step through its mirror.  */
extern volatile unsigned char mc_arcs_on MC_HIDDEN;
extern volatile unsigned char *mc_arcs_mirror MC_HIDDEN;
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
/* modules.c */

#define MC_MODULES_DEFAULT 1024	/* GMON_MAX_OBJECTS: objects in the
					   table; more are not profiled */
#define MC_MODULES_LIMIT 65536		/* ... at most */
/* The bytes of an object's file name that name its classic file
   (objdir.c), before a ~N and ".gmon".  */
#define MC_FILE_STEM	200
#define MC_BUILD_ID_MAX	64

enum mc_module_flag {
	MC_MOD_MAIN = 1,		/* the program (always entry 0) */
	MC_MOD_VDSO = 2,		/* the kernel's vDSO */
	MC_MOD_GONE = 4			/* dlclose'd: kept for its data */
};

/* An object of the process: the program, a shared library, the vDSO.
   Entries are appended, never moved or freed; the signal handler
   reads them.  */
struct mc_module {
	uintptr_t base;			/* load address (0: not relocated);
					   link-time = runtime - base */
	uintptr_t text_lo;		/* its executable segments, runtime */
	uintptr_t text_hi;
	uintptr_t image_lo;		/* all its loaded bytes (what a copy
					   of the vDSO holds) */
	uintptr_t image_hi;
	struct mc_hist hist;		/* its samples */
	const char *path;		/* as loaded; absolute for the program */
	unsigned char build_id[MC_BUILD_ID_MAX];	/* NT_GNU_BUILD_ID */
	unsigned int build_id_len;	/* 0: none */
	uint64_t file_size;		/* its file's size in bytes, and */
	uint64_t mtime_ns;		/* time of change, ns since 1970, as
					   it was loaded (0: not known): the
					   build stamp without a build id */
	int flags;			/* enum mc_module_flag, atomic */
	uint64_t seen;			/* the last scan that saw it */
	uintptr_t eh_hdr;		/* its .eh_frame_hdr, runtime; 0: none */
	uintptr_t eh_lo;		/* the readable segment that holds it */
	uintptr_t eh_hi;		/* (unwind.c reads nothing outside) */
	const char *file;		/* its classic file's name in the
					   object directory, without
					   ".gmon", unique; NULL for the
					   program */
	uint32_t file_dups;		/* objects named after its file so
					   far (its ~N), if it was the first */
};

/* The table: mc_modules_max () entries.  */
extern struct mc_module *mc_modules MC_HIDDEN;
#define mc_main (mc_modules[0])

/* Entries published so far, and room for.  */
unsigned int mc_modules_count (void) MC_HIDDEN;
unsigned int mc_modules_max (void) MC_HIDDEN;
/* Objects that were loaded but not in the table, at the last look.  */
uint64_t mc_modules_untracked (void) MC_HIDDEN;
/* A copy of S (N bytes) in memory never freed; "" if none could be
   had.  Normal context.  */
const char *mc_str_keep (const char *s, size_t n) MC_HIDDEN;

/* objdir.c: the names of the objects' files in the object directory.
   M, entry K of the table, gets its file's name (mc_module.file), as
   it is added, unique in the process.  */
void mc_objname_give (struct mc_module *m, unsigned int k) MC_HIDDEN;
/* The hash of the names given has N slots (a power of two, twice the
   object table's entries) at SLOTS, if the table is larger than
   MC_MODULES_DEFAULT.  */
void mc_objnames_init (uint32_t *slots, uint32_t n) MC_HIDDEN;
/* The entry whose file is NAME (LEN bytes, without ".gmon"), or -1;
   it may not be published yet.  Async-signal-safe.  */
int mc_module_by_file (const char *name, size_t len) MC_HIDDEN;
/* The first scan, at start-up; then a new one when the dynamic
   linker's counters moved.  Normal context only (dl_iterate_phdr).  */
void mc_modules_init (void) MC_HIDDEN;
void mc_modules_refresh (void) MC_HIDDEN;
/* In a fork child: empty histograms.  */
void mc_modules_forget (void) MC_HIDDEN;
/* The entry whose code holds ADDR (a loaded one first), or -1.  */
int mc_module_find (uintptr_t addr) MC_HIDDEN;
/* The loaded (not dlclose'd) entry whose code holds ADDR, or NULL;
   HINT (an entry number, updated) is tried first.  Async-signal-safe.  */
const struct mc_module *mc_module_loaded (uintptr_t addr,
					  unsigned int *hint) MC_HIDDEN;
/* Changes whenever an object is found unloaded: what was learnt about
   the code at an address may no longer hold.  */
unsigned int mc_modules_gen (void) MC_HIDDEN;

/* Gives every object a histogram of its code, the program's clipped
   to [LO, HI); returns 0, or an errno if the program got none.  */
int mc_hists_start (uintptr_t lo, uintptr_t hi) MC_HIDDEN;
/* The program's histogram.  */
const struct mc_hist *mc_hist_get (void) MC_HIDDEN;
/* One sample (N, weighted) at PC, in whatever object holds it.
   Async-signal-safe.  */
void mc_hist_add (uintptr_t pc, uint64_t n) MC_HIDDEN;
void mc_hists_reset (void) MC_HIDDEN;
/* Moves the samples of objects found since they were taken into
   their histograms.  */
void mc_orphans_resolve (void) MC_HIDDEN;
/* Samples in histograms; in an object outside its histogram; in no
   known object.  */
void mc_samples_stats (uint64_t *in, uint64_t *outside,
		       uint64_t *unknown) MC_HIDDEN;

/* ------------------------------------------------------------------ */
/* sampler.c */

struct mc_sample_stats {
	uint64_t signals;		/* sample signals handled */
	uint64_t samples;		/* samples, overruns included */
	uint64_t outside;		/* samples in an object, outside its
					   histogram */
	uint64_t unknown;		/* samples in no known object */
	uint64_t clock_ns;		/* CPU time the clocks ran (perf) */
	enum mc_clock clock;		/* the main clock */
	uint32_t rate;			/* Hz asked for */
	uint32_t file_rate;		/* Hz written to the file */
	uint32_t clock_rate;		/* Hz the clocks fired at, at most
					   (perf: 25 kHz, sampler.h) */
	uint32_t reached;		/* Hz reached, if throttled */
	bool throttled;			/* far fewer samples than asked */
	int error;			/* why the clock is not the one asked
					   (auto: the timer): an errno, or 0 */
	const char *failed;		/* ... the call that failed, or what
					   was missing; NULL: nothing failed */
	uint64_t unsampled;		/* threads no clock could sample */
	int unsampled_error;		/* ... the first one's errno, or 0 */
	const char *unsampled_failed;	/* ... and the call that failed */
};

/* Installs the SIGPROF handler (once; it stays: a signal still pending
   would otherwise kill the process).  */
void mc_sigprof_install (void) MC_HIDDEN;
/* Installs the SIGPROF handler and starts a clock for every record.  */
void mc_sampler_start (void) MC_HIDDEN;
/* Stops every clock; samples arriving late are dropped.  */
void mc_sampler_stop (void) MC_HIDDEN;
bool mc_sampler_running (void) MC_HIDDEN;
/* Starts/stops the clock of one thread (any thread may call these).  */
void mc_sampler_thread_start (struct mc_thread *t) MC_HIDDEN;
void mc_sampler_thread_stop (struct mc_thread *t) MC_HIDDEN;
/* In a fork child: close the parent's clocks, empty the histogram.  */
void mc_sampler_forget (void) MC_HIDDEN;
/* The time a sample stands for, ns: 1 / the rate written.  */
uint64_t mc_sampler_period_ns (void) MC_HIDDEN;
/* CPU time of thread TID in ns, or 0 if it is gone.  */
uint64_t mc_thread_cpu_ns (int tid) MC_HIDDEN;
/* The rate to write, and the totals.  */
void mc_sampler_stats (struct mc_sample_stats *st) MC_HIDDEN;

/* ------------------------------------------------------------------ */
/* unwind.c, ehframe.c (what they share: unwind.h) */

/* What ehframe.c learnt about the code at one address: where the frame
   of its caller is (DWARF's CFA, its return address and saved frame
   pointer).  */
struct mc_uw_rule {
	uintptr_t pc;			/* the address (a return address - 1) */
	uint32_t gen;			/* mc_modules_gen () when learnt */
	int32_t cfa_off;		/* CFA = cfa_reg + cfa_off */
	int16_t ra_off;			/* return address at CFA + ra_off */
	int16_t fp_off;			/* caller's frame pointer at CFA +
					   fp_off */
	uint8_t cfa_reg;		/* MC_UW_SP or MC_UW_FP (unwind.h) */
	uint8_t flags;			/* MC_UW_* (unwind.h) */
};

#define MC_UW_CACHE	1024		/* rules kept per thread */

/* A thread's walker: the bounds of its own stack, and a cache of
   rules.  Owned by the thread's SIGPROF handler.  */
struct mc_unwind {
	int tid;			/* the thread the bounds are of */
	uintptr_t stack_lo;		/* its stack: one readable mapping */
	uintptr_t stack_hi;
	uint64_t retry;			/* no look at /proc/self/maps before
					   the thread's samples reach this */
	unsigned int hint;		/* object of the last address */
	struct mc_uw_rule cache[MC_UW_CACHE];	/* by address */
};

/* The return addresses above the interrupted context UC of the calling
   thread TID (whose SAMPLES so far pace the looks for its stack), PC
   the sampled address: up to MAX into OUT, innermost first.  Returns
   how many, or -1 when the stack could not be walked at all (not the
   thread's own stack: a coroutine's, an alternate signal stack).  *CUT
   says that the stack went on beyond MAX.  Never faults: every read is
   checked against the thread's stack or the unwind tables' segment.
   Async-signal-safe.  */
int mc_unwind (struct mc_unwind *u, int tid, uint64_t samples,
	       const ucontext_t *uc, uintptr_t pc, uintptr_t *out,
	       unsigned int max, bool *cut) MC_HIDDEN;

/* ------------------------------------------------------------------ */
/* cctree.c */

#define MC_CONTEXT_MAX	1024		/* most GMON_CONTEXT frames */

/* The parents of the nodes that start a chain.  */
#define MC_CTX_ROOT	0xffffffffu	/* the stack ended there */
#define MC_CTX_CUT	0xfffffffeu	/* it went on, beyond GMON_CONTEXT */

/* One sample of thread T (NULL: a thread with no record) at PC, as
   the histogram took it, with weight N; UC is the interrupted context.
   Async-signal-safe (the SIGPROF handler).  */
void mc_ctx_sample (struct mc_thread *t, const ucontext_t *uc, uintptr_t pc,
		    uint64_t n) MC_HIDDEN;
/* N more samples where T's last sample was (a clock that stopped owes
   them, sampler.c).  */
void mc_ctx_credit (struct mc_thread *t, uint64_t n) MC_HIDDEN;
/* Zero every count (gmon_reset).  */
void mc_ctx_reset (void) MC_HIDDEN;
/* In a fork child: the parent's contexts are not the child's.  */
void mc_ctx_forget (void) MC_HIDDEN;

/* Calls FN for every context node of every thread, each thread's in
   the order they were made (a parent before its children), numbered
   from 0 across threads; PARENT is such a number, or MC_CTX_ROOT or
   MC_CTX_CUT.  Stops at the first non-zero return, and returns it.  */
typedef int mc_ctx_fn (void *arg, uint32_t parent, uintptr_t addr,
		       uint64_t count);
int mc_ctx_each (mc_ctx_fn *fn, void *arg) MC_HIDDEN;
/* The same for the nodes of record R only, numbered from *BASE, which
   grows by as many.  */
int mc_ctx_each_of (struct mc_thread *r, uint32_t *base, mc_ctx_fn *fn,
		    void *arg) MC_HIDDEN;

struct mc_ctx_stats {
	uint64_t nodes;			/* nodes of every thread */
	uint64_t lost;			/* samples without a context for lack
					   of memory */
	uint64_t norecord;		/* ... taken on a thread with no record
					   (ITIMER_PROF), or owed by a clock
					   after such a loss */
	uint64_t unwalked;		/* samples whose stack could not be
					   walked (recorded with their PC
					   only) */
};
void mc_ctx_stats (struct mc_ctx_stats *st) MC_HIDDEN;
/* At start with GMON_CONTEXT: says at once when the program has
   unwind tables for next to none of its code, where the walk stops at
   the sampled function.  */
void mc_ctx_check_tables (void) MC_HIDDEN;

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

/* ------------------------------------------------------------------ */
/* wall.c */

/* GMON_CLOCK=wall: a thread that charges the time each profiled thread
   spends off the CPU to where it waits.  */
void mc_wall_start (void) MC_HIDDEN;
void mc_wall_stop (void) MC_HIDDEN;
/* In a fork child: the thread again.  */
void mc_wall_fork (void) MC_HIDDEN;
/* The signal mask of libgmon's own threads (this one, the dumps of
   GMON_DUMP_INTERVAL): every signal but SIGPROF.  The program's
   signals are for its threads; but ITIMER_PROF's SIGPROF goes to the
   thread whose CPU time made it expire, and if that thread blocked
   it, to any other, one of the program's perhaps, which a handler
   would take out of its sleep, poll or select with EINTR.  */
void mc_helper_sigmask (sigset_t *set) MC_HIDDEN;

/* ------------------------------------------------------------------ */
/* control.c */

enum mc_sampler_choice {
	MC_SAMPLER_AUTO,		/* timer, else perf, else itimer */
	MC_SAMPLER_PERF,
	MC_SAMPLER_TIMER,
	MC_SAMPLER_ITIMER,
	MC_SAMPLER_OFF
};

#define MC_PATH_MAX	4096

struct mc_config {
	bool secure;			/* set-uid: environment ignored */
	bool debug;			/* GMON_DEBUG: diagnostics on stderr */
	uint32_t rate;			/* GMON_RATE, Hz */
	bool rate_set;			/* GMON_RATE was given */
	enum mc_sampler_choice sampler;	/* GMON_SAMPLER */
	unsigned int bin_shift;		/* log2 GMON_BIN_SIZE */
	uint64_t arc_limit;		/* GMON_ARC_LIMIT: bytes of grown arc
					   tables, all threads */
	bool arc_limit_set;		/* ... was given (0 is a limit) */
	bool near;			/* GMON_NEAR: copy the fast path near */
	bool objects;			/* GMON_OBJECTS: other objects' files */
	bool wall;			/* GMON_CLOCK=wall: real time */
	unsigned int context;		/* GMON_CONTEXT: frames of calling
					   context per sample; 0: none */
	uint32_t threads;		/* GMON_THREADS: threads whose records
					   are kept apart; 0: no per-thread
					   records */
	bool threads_set;		/* ... was given */
	uint32_t threads_asked;		/* ... its value, when more than the
					   mappings allow (threads_fit) */
	uint32_t max_objects;		/* GMON_MAX_OBJECTS: entries of the
					   object table */
	bool fatal;			/* GMON_FATAL_SIGNALS: catch them */
	int dump_signal;		/* GMON_DUMP_SIGNAL, or 0 */
	uint32_t dump_interval;		/* GMON_DUMP_INTERVAL, seconds, or 0 */
	uint32_t image;			/* programs this pid exec'd before
					   this one (GMON_IMAGE) */
	char prefix[MC_PATH_MAX];	/* GMON_OUT_PREFIX made absolute, or "" */
	char cwd[MC_PATH_MAX];		/* working directory at start-up, or "" */
	char bad_env[160];		/* "GMON_X=value" that was ignored */
};

#define MC_RATE_DEFAULT	1000		/* Hz */
#define MC_RATE_MAX	100000		/* perf clocks stop at 10 us */
#define MC_BIN_SHIFT_DEFAULT 2		/* 4-byte bins */
/* The histograms' dimension in wall-clock mode: GNU gprof prints it
   as is in "Each sample counts as 0.001 wall secs." and cut to 9 and
   8 characters over the columns of the flat profile ("wall secs",
   "wall sec"), so it must read well in both.  */
#define MC_DIMEN_WALL	"wall secs"
/* The environment variable that tells an exec'd program which image
   of its process it is: PID.N.  */
#define MC_IMAGE_ENV	"GMON_IMAGE"

extern struct mc_config mc_config MC_HIDDEN;

/* Reads the environment once (any later call returns at once).  */
void mc_config_init (void) MC_HIDDEN;

/* Text without stdio: S, or V in decimal, at P (not beyond END);
   they return where the text ends.  */
char *mc_put_str (char *p, char *end, const char *s) MC_HIDDEN;
char *mc_put_num (char *p, char *end, uint64_t v) MC_HIDDEN;

/* A line of diagnostics, built without stdio and written with one
   write(2).  */
struct mc_line {
	char buf[1024];
	size_t len;
};
void mc_line_str (struct mc_line *l, const char *s) MC_HIDDEN;
void mc_line_u64 (struct mc_line *l, uint64_t v) MC_HIDDEN;
void mc_line_hex (struct mc_line *l, uint64_t v) MC_HIDDEN;
void mc_line_errno (struct mc_line *l, int err) MC_HIDDEN;
void mc_line_write (struct mc_line *l) MC_HIDDEN;
/* "libgmon: AREA: " then the text, for GMON_DEBUG.  */
void mc_debug (const char *area, const char *text) MC_HIDDEN;

/* Problems are kept as they happen and reported together, in one line,
   when the profile is written at exit.  */
enum mc_problem {
	MC_PROB_OUTPUT,			/* the file could not be written */
	MC_PROB_SAMPLER,		/* no clock, or a worse one */
	MC_PROB_RATE,			/* the rate asked was not reached */
	MC_PROB_ENV,			/* a GMON_* value was ignored */
	MC_PROB_COUNT
};
void mc_problem (enum mc_problem p, const char *text) MC_HIDDEN;
/* Writes the line (lost arcs included) if there is anything to say.  */
void mc_report (void) MC_HIDDEN;

/* ------------------------------------------------------------------ */
/* pages.c */

/* N zeroed pages that are never freed, from a mapping shared with
   others (a few mappings for any number of threads); NULL with *ERR
   set if none can be made.  Async-signal-safe.  */
void *mc_pages (size_t n, int *err) MC_HIDDEN;

/* ------------------------------------------------------------------ */
/* fds.c */

#include <sys/types.h>

/* Placeholders in the free numbers among 0, 1 and 2, so that a
   descriptor opened meanwhile gets 3 or more: a program's thread
   writing to its closed standard error must never write into a file
   of libgmon's.  */
struct mc_lowfds {
	int fd[3];			/* the placeholders */
	int n;				/* how many */
};
void mc_lowfds_fill (struct mc_lowfds *g) MC_HIDDEN;
/* Closes G's placeholders (those still ours).  */
void mc_lowfds_free (struct mc_lowfds *g) MC_HIDDEN;
/* openat (DIRFD, PATH, FLAGS | O_CLOEXEC, MODE), never on 0, 1 or 2;
   -1 with errno set on failure.  Async-signal-safe.  */
int mc_open (int dirfd, const char *path, int flags, mode_t mode)
	MC_HIDDEN;

/* ------------------------------------------------------------------ */
/* dump.c */

#include "gmon/gmonx_out.h"

/* Writes the program's classic profile to FD; returns 0 or an errno.  */
int mc_dump_fd (int fd) MC_HIDDEN;
/* How the object directory fared in a dump.  */
enum mc_objdir_status {
	MC_OBJDIR_NONE,			/* not written: not asked for */
	MC_OBJDIR_OK,			/* written */
	MC_OBJDIR_FAILED,		/* a file failed: objdir_err says why */
	MC_OBJDIR_SKIPPED,		/* not written: the program's file
					   failed, and an older one stays */
	MC_OBJDIR_LINK,			/* a symbolic link: not followed */
	MC_OBJDIR_NOT_DIR,		/* something other than a directory */
	MC_OBJDIR_OWNER,		/* another user's directory */
	MC_OBJDIR_WRITABLE		/* others may write in it (no sticky
					   bit) */
};

/* mc_dump's err for a set-uid program in a directory that is not the
   user's (not an errno).  */
#define MC_ERR_SECURE	(-1)

/* What a dump wrote.  */
struct mc_dump_result {
	char path[MC_PATH_MAX];		/* the program's file */
	char dir[MC_PATH_MAX];		/* its object directory */
	int err;			/* the program's file: 0, an errno or
					   MC_ERR_SECURE */
	enum mc_objdir_status objdir;	/* the object directory */
	int objdir_err;			/* its errno, if FAILED */
	char tmp[256];			/* the temporary of the program's file,
					   if that could not be made; or "" */
};

/* Writes the whole profile (the program's file, and unless
   GMON_OBJECTS=0 its object directory) for a dump of kind END (SIG:
   the signal that caused it, or 0), into R.  Returns R->err: 0, an
   errno or MC_ERR_SECURE about the program's file; EBUSY, another
   thread is dumping; EDEADLK, this one is (a signal came in the
   middle).  Async-signal-safe.  */
int mc_dump (enum gmonx_end end, int sig, struct mc_dump_result *r)
	MC_HIDDEN;
/* The name the profile is written to.  Returns 0 or ENAMETOOLONG.  */
int mc_output_path (char *path) MC_HIDDEN;
/* In a fork child: a dump the parent had under way is not ours (nor
   its descriptors).  */
void mc_dump_forget (void) MC_HIDDEN;
/* Before a fork: waits for a dump under way and holds off the next
   until mc_dump_release (after the fork, in the parent).  */
void mc_dump_hold (void) MC_HIDDEN;
void mc_dump_release (void) MC_HIDDEN;

/* ------------------------------------------------------------------ */
/* near.c */

/* Once, at start-up: a copy of the fast path next to the program.  */
void mc_near_install (void) MC_HIDDEN;
/* For a PC in the copy, the same place in libgmon's own entry points
   (where its samples are charged); 0 for any other PC.
   Async-signal-safe.  */
uintptr_t mc_near_origin (uintptr_t pc) MC_HIDDEN;
/* For a PC in the copy, the same byte of the image it was copied from
   (mc_near_start .. mc_near_end, in libgmon's read-only data), whose
   unwind tables describe the copy's frames exactly, as the original
   entry points' do not (a few instructions differ in length); 0 for
   any other PC.  Async-signal-safe.  */
uintptr_t mc_near_image (uintptr_t pc) MC_HIDDEN;

/* ------------------------------------------------------------------ */
/* start.c */

/* Profiling has started (histogram and clocks set up).  */
bool mc_started (void) MC_HIDDEN;
/* Starts profiling if nothing did yet (mcount ran first).  */
void mc_lazy_start (void) MC_HIDDEN;
/* Whether this process is a fork child (its own file name).  */
bool mc_forked (void) MC_HIDDEN;
/* Note that arcs were recorded: the profile will be written.  */
extern volatile int mc_saw_arcs MC_HIDDEN;
/* CLOCK_MONOTONIC when profiling started, ns.  */
extern uint64_t mc_start_ns MC_HIDDEN;
/* CLOCK_REALTIME then, ns.  */
extern uint64_t mc_start_real_ns MC_HIDDEN;
#include "gmon/gmon_out.h"

/* The run stamp of every file this run writes (gmon/gmon_out.h): its
   pid, its start in seconds, a random id (its upper 16 bits).  A fork
   child draws its own.  And the number of the current dump, from 1
   (dump.c counts them, under the dump lock).  */
extern uint32_t mc_run_pid MC_HIDDEN, mc_run_start MC_HIDDEN,
	mc_run_id MC_HIDDEN, mc_run_dump MC_HIDDEN;

/* The id of the run stamp of the current dump's files: the run's
   random upper half, the dump's number (modulo 65536) in the lower
   half, so that gprof pairs no files of two dumps of one run.  */
static inline uint32_t
mc_stamp_id (void)
{
	return (mc_run_id & ~(uint32_t) GMON_RUN_DUMP_MASK)
		| (mc_run_dump & GMON_RUN_DUMP_MASK);
}
/* Whether this process owns the profile in its memory: not a child
   of vfork, which runs in its parent's memory until it execs or
   exits, and must write nothing.  */
bool mc_owner (void) MC_HIDDEN;
/* In a child that no handler of libgmon's made its own (the clone
   system call): says once, at its END ("exec" ...), why it writes no
   profile; nothing in a vfork child or in the owner.  */
void mc_not_owner_end (const char *end) MC_HIDDEN;
/* What fork's child handler does: the calling process, a child made
   by fork or clone (3), gets a profile of its own.  */
void mc_fork_child (void) MC_HIDDEN;
/* Ends profiling and writes the profile, once, for a process that
   ends by END (SIG: the signal it dies of).  A second call from
   another thread waits a while for the first to finish writing, so
   that the process does not end in the middle (and says so if it did
   not finish); from the same thread (a fatal signal or _exit in the
   middle) it writes the profile again, whole, unless the first had
   written it already.  Async-signal-safe, except for
   GMONX_END_EXIT, which also asks the dynamic linker for objects it
   loaded since.  */
void mc_finish (enum gmonx_end end, int sig) MC_HIDDEN;
/* A dump while the program goes on (END: dump, dump signal, interval,
   exec), problems kept for the report at exit.  GMONX_END_DUMP,
   GMONX_END_INTERVAL (its own thread) and GMONX_END_EXEC ask the
   dynamic linker for new objects first, and are not
   async-signal-safe.  Returns 0 or an errno.  */
int mc_dump_now (enum gmonx_end end, int sig) MC_HIDDEN;

/* ------------------------------------------------------------------ */
/* exits.c */

/* At start: the handlers of fatal signals and of GMON_DUMP_SIGNAL,
   and the thread of GMON_DUMP_INTERVAL.  */
void mc_exits_start (void) MC_HIDDEN;
/* In a fork child: the interval's thread again (threads are not
   inherited).  */
void mc_exits_fork (void) MC_HIDDEN;
/* The stack for fatal signals each record has below it (arcs.c).  */
#define MC_ALTSTACK	(128 * 1024)
/* Gives the calling thread a stack for fatal signals, if it has none:
   a stack overflow must still write the profile.  */
void mc_altstack (struct mc_thread *t) MC_HIDDEN;
/* T's thread is leaving for good: its stack for fatal signals unset
   and its pages given back (not if a handler runs on it).  */
void mc_altstack_drop (struct mc_thread *t) MC_HIDDEN;

#endif /* !__ASSEMBLER__ */

#endif /* MCOUNT_RUNTIME_H */
