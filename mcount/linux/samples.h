/* samples.h - what fills the histograms and the calling contexts: the
   sampler (sampler.c), the stack walk (unwind.c, ehframe.c), the
   context trees (cctree.c), the wall clock (wall.c).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   Part of runtime.h (the internals of libgmon), which includes it
   with what it needs first; the files include runtime.h.  */

#ifndef MCOUNT_LINUX_SAMPLES_H
#define MCOUNT_LINUX_SAMPLES_H

#ifndef MCOUNT_LINUX_RUNTIME_H
# error "include mcount/linux/runtime.h, which includes this file"
#endif

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
   the histogram took it, with weight N; UC is the interrupted context,
   where the walk of the stack starts (its PC may not be PC: MC_OWN_PC).
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

#endif /* MCOUNT_LINUX_SAMPLES_H */
