/* sampler.c - the clocks that fill the PC histograms.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   glibc samples with ITIMER_PROF at 100 Hz and 16-bit bins of about
   3.99 bytes.  The kernel delivers that timer at most at its tick
   (250 Hz here, whatever is asked), the bins wrap at 65536 samples,
   and a bin can straddle two functions.  Here:

   The clock.  Each thread that runs -pg code gets its own, chosen once
   for the process (GMON_SAMPLER; auto tries them in the order below):

     timer   a POSIX timer on the thread's CPU-time clock.  The kernel
             checks it once a tick, so it fires at most ~250 times a
             second, but it reports the periods it missed (overruns):
             each signal adds 1 + overrun samples.  The time is as
             right; only the places are sampled at tick resolution.
             It costs next to nothing: the tick that checks it comes
             anyway, and nothing happens when the thread is switched.
     perf    a perf_event software task clock of the thread, its
             overflow every 1/GMON_RATE s of the thread's CPU time sent
             as SIGPROF to that thread (F_SETOWN_EX, F_SETSIG).  It
             can interrupt user mode only (perf_event_paranoid 2), so
             each sample is weighted by the periods the clock really
             ran since the last one (one read(2) of the event), which
             credits time spent in the kernel to the next sample.
             Measured here, under load: 99-100% of the CPU time, 100 Hz
             to 10 kHz, 1 or 4 threads on 2 cores.  It samples places
             at the rate asked, but it is a high-resolution timer of
             the thread's, which the kernel stops and starts again at
             every context switch of the thread and programs at every
             sample: under this virtual machine 15 us a switch and
             50-130 us a sample (bench/rt-real-bench.sh; zstd -d, whose
             I/O thread and main thread hand over every block, took
             1.3-1.4 times its CPU time with it and 1.0 with the timer,
             the same totals), so it is the first choice only when
             asked for (GMON_SAMPLER=perf), and auto's when no timer
             can be made (the limit of pending signals, ulimit -i).
     itimer  ITIMER_PROF for the whole process, as glibc; used only if
             neither above works, and never faster than AT_CLKTCK
             (100 Hz).  It falls behind the CPU time under load and
             reports no overruns, so each signal stands for the periods
             of process CPU time not yet sampled.

   When a thread's clock stops (the thread exits, profiling ends), the
   periods it ran that no signal has reported yet are credited where
   the thread was last sampled; without that, a tick-bound timer would
   lose up to a few ticks per thread.

   The rate written in the file is the rate the samples stand for.  At
   the end they are compared with the CPU time: if far fewer came (the
   program closed the clocks' descriptors, say), the file gets the rate
   really reached, with a message.

   The histograms (one per object, modules.c) have bins a power of two
   bytes wide (GMON_BIN_SIZE, default 4) from a 16-byte boundary, so
   with gcc's 16-byte function alignment no bin holds the end of one
   function and the start of the next.  They are 64-bit, in mmap'd
   memory that is paged in only where samples land; several threads
   may be sampled at once, so they are added to with relaxed atomics.
   The writer splits bins above 65535 across records that GNU gprof
   sums.  */

#define _GNU_SOURCE 1
#include <config.h>

#include <errno.h>
#include <linux/perf_event.h>
#include <sched.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

#include "mcount/linux/sampler.h"

static volatile int mc_sampling;	/* clocks run, samples count */
static enum mc_clock mc_clock_kind;	/* the clock chosen, once */
static bool mc_clock_chosen;
static bool mc_handler_set;
static uint64_t mc_signals;		/* handled signals */
static uint64_t mc_clock_ns_done;	/* CPU ns of closed perf clocks */
static uint64_t mc_unsampled;		/* threads without a clock */
/* The first failure that made the process's clock worse than asked,
   and the first that left a thread without a clock: each kept by its
   first writer (threads start clocks at once), published with
   release, read at exit.  */
static struct mc_fail mc_choice_fail;
static int mc_choice_claimed;
static struct mc_fail mc_thread_fail;
static int mc_thread_claimed;
static struct sigaction mc_prof_old;	/* SIGPROF's action before ours */
static struct timeval mc_utime0;	/* user CPU time at start */
static uint64_t mc_itimer_cpu0;		/* process CPU ns when ITIMER_PROF began */
static uint64_t mc_itimer_got;		/* samples ITIMER_PROF gave since */
static uintptr_t mc_itimer_pc;		/* where its last sample was */
static struct mc_thread *mc_itimer_self;	/* ... on which thread */
static uint64_t mc_itimer_period;	/* its period, ns (1 / itimer_rate) */
static uint64_t mc_utime_us;		/* user CPU time while sampling */

static uint64_t
mono_ns (void)
{
	struct timespec ts;

	clock_gettime (CLOCK_MONOTONIC, &ts);
	return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}

static uint64_t
process_cpu_ns (void)
{
	struct timespec ts;

	if (clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts) < 0)
		return 0;
	return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}

/* ITIMER_PROF reports no overruns, and under load it falls behind the
   CPU time (by a quarter, measured): each of its signals stands for
   the periods of process CPU time not yet sampled.  It also catches
   up later, and then sends more signals than periods went by (66 for
   60 periods of 10 ms, measured on a busy machine): a signal that
   finds every period claimed already stands for none, 0, so that the
   samples never exceed the CPU time (rt-sampler.sh's itimer case,
   which saw 0.70 s sampled of 0.61 s once in ten runs when each such
   signal counted one).  Several threads may take one at once: the
   count is claimed with a compare-and-swap.  */
static uint64_t
itimer_weight (void)
{
	uint64_t now = process_cpu_ns (), due, got;

	if (!now || now < mc_itimer_cpu0 || !mc_itimer_period)
		return 1;
	due = (now - mc_itimer_cpu0) / mc_itimer_period;
	got = __atomic_load_n (&mc_itimer_got, __ATOMIC_RELAXED);
	for (;;) {
		uint64_t want = due > got ? due : got;

		if (__atomic_compare_exchange_n (&mc_itimer_got, &got, want,
						 false, __ATOMIC_RELAXED,
						 __ATOMIC_RELAXED))
			return want - got;
	}
}

/* How many samples the signal that came from perf event FD stands
   for: the periods of its thread's CPU time since its clock started
   that the samples already counted do not hold.  The clock counts
   user and system time but can only interrupt user mode
   (perf_event_paranoid 2), so periods that ended in the kernel
   (system calls, page faults, the delivery of these very signals:
   2-3% of the CPU at 10 kHz) are credited to the next sample, as a
   timer's overruns are; as are periods lost to throttling or to
   merged signals.  The CPU time is the thread's CPU clock, not the
   task clock of the event: on a busy virtual machine the task clock
   ran up to 7% ahead of it (measured; 16% more samples than CPU time
   in a run of rt-sampler.sh's), and its signals with it, so a signal
   may find every period counted already: it stands for none, 0.  */
static uint64_t
perf_weight (struct mc_thread *me, int fd)
{
	uint64_t now, due, got;

	if (!me || fd < 0 || fd != __atomic_load_n (&me->perf_fd,
						    __ATOMIC_ACQUIRE)
	    || (now = mc_thread_cpu_ns (me->tid)) < me->cpu0_ns
	    || !me->cpu0_ns)
		return 1;
	due = (now - me->cpu0_ns) / mc_period_ns ();
	got = me->samples;
	return due > got ? due - got : 0;
}

/* Whether SI is the signal of one of libgmon's clocks: a perf clock's
   (the kernel's POLL_IN), a per-thread timer's (SI_TIMER, our value)
   or ITIMER_PROF's (SI_KERNEL).  Not a SIGPROF that a process sent
   with kill, sigqueue or tgkill (si_code SI_USER, SI_QUEUE, SI_TKILL:
   0 or less; `kill -PROF' 1000 times added 1000 samples to 0.126 s of
   CPU time), nor a timer of the program's own.  */
static bool
from_clock (const siginfo_t *si)
{
	if (si->si_code == SI_TIMER)
		return si->si_value.sival_int == MC_TIMER_COOKIE;
	if (si->si_code == SI_KERNEL)
		return mc_clock_kind == MC_CLOCK_ITIMER;
	return si->si_code > 0;
}

/* A SIGPROF that is not libgmon's goes where it would have gone: to
   the handler the program had installed before profiling started, if
   any (called as it asked, with every signal blocked); else nowhere.
   SIGPROF's default action, ending the process, is not taken: libgmon
   holds the signal while it profiles, as glibc's runtime does.  */
static void
pass_on (int sig, siginfo_t *si, void *uc)
{
	if (mc_prof_old.sa_flags & SA_SIGINFO) {
		if (mc_prof_old.sa_sigaction)
			mc_prof_old.sa_sigaction (sig, si, uc);
	} else if (mc_prof_old.sa_handler != SIG_DFL
		   && mc_prof_old.sa_handler != SIG_IGN) {
		mc_prof_old.sa_handler (sig);
	}
}

/* The PC where the signal interrupted the thread.  Nothing here may
   block or allocate: it runs between any two instructions, mcount's
   and malloc's included.  */
static void
on_sigprof (int sig, siginfo_t *si, void *ucv)
{
	const ucontext_t *uc = ucv;
	struct mc_thread *me = mc_tls.self;
	uint64_t n = 1;
	uintptr_t pc;
	int saved_errno = errno;

	if (!from_clock (si)) {
		pass_on (sig, si, ucv);
		errno = saved_errno;
		return;
	}
	if (!mc_sampling)
		return;
	/* A POSIX timer reports the periods that passed while its
	   signal was pending (tick-bound clocks): they are CPU time too;
	   a perf clock says how far it got.  */
	if (si->si_code == SI_TIMER && si->si_overrun > 0)
		n += (uint64_t) si->si_overrun;
	else if (si->si_code == POLL_IN)
		n = perf_weight (me, si->si_fd);
	else if (si->si_code == SI_KERNEL && mc_clock_kind == MC_CLOCK_ITIMER)
		n = itimer_weight ();
	if (n == 0) {
		/* A late signal, for periods already counted.  */
		errno = saved_errno;
		return;
	}
	__atomic_fetch_add (&mc_signals, 1, __ATOMIC_RELAXED);
	pc = mc_tls.own ? MC_OWN_PC : mc_arch_pc (uc);
	mc_itimer_pc = pc;
	mc_itimer_self = me;
	if (me) {
		/* Only this thread writes these (its own signals).  */
		me->last_pc = pc;
		__atomic_store_n (&me->samples, me->samples + n,
				  __ATOMIC_RELAXED);
	}
	mc_hist_add (pc, n);
	mc_thread_sample (me, pc, n);
	if (mc_config.context)
		mc_ctx_sample (me, uc, pc, n);
	errno = saved_errno;
}

static void
keep_fail (struct mc_fail *dst, int *claimed, const struct mc_fail *f)
{
	int zero = 0;

	if (f->call && __atomic_compare_exchange_n (claimed, &zero, 1, false,
						    __ATOMIC_ACQUIRE,
						    __ATOMIC_RELAXED)) {
		*dst = *f;
		__atomic_store_n (claimed, 2, __ATOMIC_RELEASE);
	}
}

static struct mc_fail
kept_fail (const struct mc_fail *src, const int *claimed)
{
	struct mc_fail none = { NULL, 0 };

	return __atomic_load_n (claimed, __ATOMIC_ACQUIRE) == 2 ? *src : none;
}

/* ITIMER_PROF is delivered at the tick and reports no overruns, so it
   only keeps its promise up to AT_CLKTCK; mc_sampler_stats writes the
   rate it ran at.  */
static uint32_t
itimer_rate (void)
{
	long hz = sysconf (_SC_CLK_TCK);

	if (hz <= 0)
		hz = 100;
	return mc_config.rate < (uint32_t) hz ? mc_config.rate
		: (uint32_t) hz;
}

static int
itimer_set (bool on)
{
	struct itimerval it;

	memset (&it, 0, sizeof it);
	if (on) {
		it.it_interval.tv_usec = (long) (1000000u / itimer_rate ());
		it.it_value = it.it_interval;
		mc_itimer_period = 1000000000u / itimer_rate ();
		mc_itimer_cpu0 = process_cpu_ns ();
		mc_itimer_got = 0;
	}
	if (setitimer (ITIMER_PROF, &it, NULL) < 0) {
		if (on) {
			struct mc_fail f = { "setitimer", errno };

			keep_fail (&mc_choice_fail, &mc_choice_claimed, &f);
		}
		return -1;
	}
	if (!on) {
		/* The periods no signal reported, where the last one was
		   (see settle), or where this thread first ran if none
		   came.  */
		uint64_t now = process_cpu_ns ();
		uint64_t got = __atomic_load_n (&mc_itimer_got,
						__ATOMIC_RELAXED);
		uintptr_t pc = mc_itimer_pc;
		struct mc_thread *t = mc_itimer_self;

		if (!pc && mc_tls.self) {
			pc = mc_tls.self->last_pc;
			t = mc_tls.self;
		}
		if (pc && now > mc_itimer_cpu0 && mc_itimer_period
		    && (now - mc_itimer_cpu0) / mc_itimer_period > got) {
			uint64_t owed = (now - mc_itimer_cpu0)
				/ mc_itimer_period - got;

			mc_hist_add (pc, owed);
			mc_thread_sample (t, pc, owed);
		}
	}
	return 0;
}

/* Claims T's clock fields: FROM -> MC_CLOCK_BUSY.  The owner thread
   (attaching, exiting) and any thread starting or stopping every
   clock may get here at once; one wins, so no clock is made twice and
   no descriptor closed twice (its number may be someone else's by
   then).  */
static bool
claim (struct mc_thread *t, int from)
{
	return __atomic_compare_exchange_n (&t->clock, &from, MC_CLOCK_BUSY,
					    false, __ATOMIC_ACQUIRE,
					    __ATOMIC_RELAXED);
}

static void
release (struct mc_thread *t, int clock)
{
	__atomic_store_n (&t->clock, clock, __ATOMIC_RELEASE);
}

/* Picks the process's clock by trying it on thread T (the caller's;
   NULL if it has no record).  The first failure is kept: it is why
   the clock is worse than asked, and the message at exit says it.  */
static void
choose_clock (struct mc_thread *t)
{
	enum mc_sampler_choice c = mc_config.sampler;
	struct mc_fail f = { NULL, 0 }, next = { NULL, 0 };
	int got = MC_CLOCK_NONE;

	mc_clock_chosen = true;
	mc_clock_kind = MC_CLOCK_NONE;
	if (c == MC_SAMPLER_OFF)
		return;
	if (t && !claim (t, MC_CLOCK_NONE))
		t = NULL;
	if (!t && c != MC_SAMPLER_ITIMER) {
		/* A per-thread clock lives in the thread's record.  */
		int err = mc_arcs_record_errno ();

		mc_fail_set (&f, err ? "mmap of the thread's record"
			  : "the thread had no record", err);
	}
	/* The cheapest clock first (see the top of this file).  */
	if ((c == MC_SAMPLER_AUTO || c == MC_SAMPLER_TIMER) && t) {
		if (mc_timer_start (t, &next) == 0)
			got = MC_CLOCK_TIMER;
		else if (!f.call)
			f = next;
	}
	if (got == MC_CLOCK_NONE && t
	    && (c == MC_SAMPLER_AUTO || c == MC_SAMPLER_PERF)) {
		if (mc_perf_start (t, &next) == 0)
			got = MC_CLOCK_PERF;
		else if (!f.call)
			f = next;
	}
	keep_fail (&mc_choice_fail, &mc_choice_claimed, &f);
	if (got == MC_CLOCK_NONE
	    && (c == MC_SAMPLER_AUTO || c == MC_SAMPLER_ITIMER)
	    && itimer_set (true) == 0)
		got = MC_CLOCK_ITIMER;
	mc_clock_kind = got;
	if (t)
		release (t, got);
}

void
mc_sampler_thread_start (struct mc_thread *t)
{
	struct mc_fail f = { NULL, 0 }, next = { NULL, 0 };
	int got = MC_CLOCK_NONE;

	if (!mc_sampling || !claim (t, MC_CLOCK_NONE))
		return;
	/* When the process's clock cannot be made, the message at exit
	   names its failure (F), not the other's (NEXT).  */
	switch (mc_clock_kind) {
	case MC_CLOCK_TIMER:
		/* Out of pending signals (each timer holds one), say: a
		   perf clock is as good for the time, only dearer.  */
		if (mc_timer_start (t, &f) == 0)
			got = MC_CLOCK_TIMER;
		else if (mc_config.sampler == MC_SAMPLER_AUTO
			 && mc_perf_start (t, &next) == 0)
			got = MC_CLOCK_PERF;
		break;
	case MC_CLOCK_PERF:
		/* Out of file descriptors, say: a timer is as good for
		   the time, only coarser.  */
		if (mc_perf_start (t, &f) == 0)
			got = MC_CLOCK_PERF;
		else if (mc_config.sampler == MC_SAMPLER_AUTO
			 && mc_timer_start (t, &next) == 0)
			got = MC_CLOCK_TIMER;
		break;
	case MC_CLOCK_ITIMER:
		got = MC_CLOCK_ITIMER;
		break;
	default:
		release (t, MC_CLOCK_NONE);
		return;
	}
	/* A thread that exited meanwhile (ESRCH) needed no clock.  */
	if (got == MC_CLOCK_NONE && f.err != ESRCH
	    && __atomic_load_n (&t->state, __ATOMIC_RELAXED)
	    == MC_THREAD_OWNED) {
		keep_fail (&mc_thread_fail, &mc_thread_claimed, &f);
		__atomic_fetch_add (&mc_unsampled, 1, __ATOMIC_RELAXED);
	}
	release (t, got);
}

/* The same from any thread: 0 if the clock is not perf, or busy.  */
static uint64_t
perf_ns (struct mc_thread *t)
{
	uint64_t v;

	if (!claim (t, MC_CLOCK_PERF))
		return 0;
	v = mc_perf_read (t);
	release (t, MC_CLOCK_PERF);
	return v;
}

/* A clock that stops mid-period has counted REST ns toward a sample
   that never comes: half a period per thread on average, which adds
   up with many short threads at low rates (1% for 4 threads of 0.5 s
   at 100 Hz).  So the sample is taken with probability REST/period,
   where the thread was last seen: unbiased.  The dice: a hash of the
   remainder and the thread.  */
static void
round_rest (struct mc_thread *t, uint64_t rest)
{
	uint64_t x = rest * 0x9e3779b97f4a7c15u ^ (uint64_t) t->tid;

	x ^= x >> 31;
	x *= 0xbf58476d1ce4e5b9u;
	x ^= x >> 29;
	if (t->last_pc && rest > 0 && x % mc_period_ns () < rest) {
		mc_hist_add (t->last_pc, 1);
		mc_thread_sample (t, t->last_pc, 1);
		mc_ctx_credit (t, 1);
	}
}

/* A clock stops after its thread ran RAN ns: the periods whose
   signal had not come yet (a tick-bound timer may owe many) are
   credited where the thread was last seen, as the signal would have
   done, and so is the period under way, by round_rest.  A thread no
   signal ever reached (measured here under load: a timer on a
   thread's CPU clock that the kernel did not look at for all of its
   150 ms; or SIGPROF blocked) was last seen where it first called
   mcount (arcs.c): its time is there, not lost.  */
static void
settle (struct mc_thread *t, uint64_t ran)
{
	uint64_t due = ran / mc_period_ns ();
	uint64_t got = __atomic_load_n (&t->samples, __ATOMIC_RELAXED);

	if (due > got && t->last_pc) {
		mc_hist_add (t->last_pc, due - got);
		mc_thread_sample (t, t->last_pc, due - got);
		mc_ctx_credit (t, due - got);
	}
	round_rest (t, ran % mc_period_ns ());
}

/* How long a clock may stay claimed by someone else before its stop
   gives up: a start or a read takes a few system calls, but the
   claimer may be this very thread, interrupted by the fatal signal
   that is stopping everything, and it will never go on.  */
#define CLAIM_WAIT_NS	100000000u

void
mc_sampler_thread_stop (struct mc_thread *t)
{
	uint64_t until = 0;
	int c;

	for (;;) {
		c = __atomic_load_n (&t->clock, __ATOMIC_ACQUIRE);
		if (c == MC_CLOCK_NONE)
			return;
		if (c != MC_CLOCK_BUSY && claim (t, c))
			break;
		if (!until)
			until = mono_ns () + CLAIM_WAIT_NS;
		else if (mono_ns () > until)
			return;
		sched_yield ();
	}
	switch (c) {
	case MC_CLOCK_PERF:
		if (mc_perf_ours (t)) {
			int fd = t->perf_fd;
			uint64_t ns, now;

			ioctl (fd, PERF_EVENT_IOC_DISABLE, 0);
			ns = mc_perf_read (t);
			__atomic_fetch_add (&mc_clock_ns_done, ns,
					    __ATOMIC_RELAXED);
			/* Gone before closed: a late signal's handler
			   must not read a number that may be reused.  */
			__atomic_store_n (&t->perf_fd, -1, __ATOMIC_RELEASE);
			close (fd);
			/* Against its CPU time, as perf_weight counts
			   (the task clock if the thread is gone).  */
			now = mc_thread_cpu_ns (t->tid);
			if (now > t->cpu0_ns && t->cpu0_ns)
				ns = now - t->cpu0_ns;
			settle (t, ns);
		}
		t->perf_fd = -1;
		break;
	case MC_CLOCK_TIMER: {
		uint64_t now = mc_thread_cpu_ns (t->tid);

		timer_delete (t->timer);
		if (now > t->cpu0_ns && t->cpu0_ns)
			settle (t, now - t->cpu0_ns);
		break;
	}
	default:
		break;
	}
	release (t, MC_CLOCK_NONE);
}

static uint64_t
tv_us (const struct timeval *tv)
{
	return (uint64_t) tv->tv_sec * 1000000u + (uint64_t) tv->tv_usec;
}

void
mc_sigprof_install (void)
{
	struct sigaction sa;

	if (mc_handler_set)
		return;
	memset (&sa, 0, sizeof sa);
	sa.sa_sigaction = on_sigprof;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	sigfillset (&sa.sa_mask);
	if (sigaction (SIGPROF, &sa, &mc_prof_old) < 0) {
		struct mc_fail f = { "sigaction", errno };

		keep_fail (&mc_choice_fail, &mc_choice_claimed, &f);
		return;
	}
	mc_handler_set = true;
}

void
mc_sampler_start (void)
{
	struct mc_thread *t;
	struct rusage ru;

	if (mc_sampling || mc_config.sampler == MC_SAMPLER_OFF)
		return;
	mc_sigprof_install ();
	if (!mc_handler_set)
		return;
	if (getrusage (RUSAGE_SELF, &ru) == 0)
		mc_utime0 = ru.ru_utime;
	mc_sampling = 1;
	if (!mc_clock_chosen)
		choose_clock (mc_tls.self);
	else if (mc_clock_kind == MC_CLOCK_ITIMER)
		itimer_set (true);
	for (t = mc_threads (); t; t = t->next)
		if (__atomic_load_n (&t->state, __ATOMIC_ACQUIRE)
		    == MC_THREAD_OWNED)
			mc_sampler_thread_start (t);
	if (mc_config.wall)
		mc_wall_start ();
}

void
mc_sampler_stop (void)
{
	struct mc_thread *t;
	struct rusage ru;

	if (!mc_sampling)
		return;
	mc_sampling = 0;
	mc_wall_stop ();
	if (mc_clock_kind == MC_CLOCK_ITIMER)
		itimer_set (false);
	for (t = mc_threads (); t; t = t->next)
		mc_sampler_thread_stop (t);
	if (getrusage (RUSAGE_SELF, &ru) == 0
	    && tv_us (&ru.ru_utime) >= tv_us (&mc_utime0))
		mc_utime_us += tv_us (&ru.ru_utime) - tv_us (&mc_utime0);
	/* The handler stays installed: a signal still pending would
	   otherwise kill the process (SIGPROF's default action).  */
}

bool
mc_sampler_running (void)
{
	return mc_sampling;
}

void
mc_sampler_forget (void)
{
	struct mc_thread *t;

	/* The child inherited the parent's perf descriptors (not its
	   timers): closing ours leaves the parent's clocks running.  */
	for (t = mc_threads (); t; t = t->next)
		if (__atomic_load_n (&t->clock, __ATOMIC_RELAXED)
		    == MC_CLOCK_PERF && mc_perf_ours (t))
			close (t->perf_fd);
	mc_modules_forget ();
	mc_itimer_pc = 0;
	mc_itimer_self = NULL;
	mc_clock_ns_done = 0;
	mc_unsampled = 0;
	mc_thread_claimed = 0;
	mc_utime_us = 0;
	memset (&mc_utime0, 0, sizeof mc_utime0);
	if (mc_sampling && mc_clock_kind == MC_CLOCK_ITIMER)
		itimer_set (true);
	mc_wall_fork ();
}

uint64_t
mc_sampler_period_ns (void)
{
	return mc_clock_kind == MC_CLOCK_ITIMER
		? 1000000000u / itimer_rate () : mc_period_ns ();
}

void
mc_sampler_stats (struct mc_sample_stats *st)
{
	struct mc_thread *t;
	struct mc_fail f;
	uint64_t in, utime_us = mc_utime_us;
	struct rusage ru;

	memset (st, 0, sizeof *st);
	mc_samples_stats (&in, &st->outside, &st->unknown);
	st->samples = in + st->outside + st->unknown;
	st->signals = __atomic_load_n (&mc_signals, __ATOMIC_RELAXED);
	st->clock_ns = __atomic_load_n (&mc_clock_ns_done, __ATOMIC_RELAXED);
	for (t = mc_threads (); t; t = t->next)
		st->clock_ns += perf_ns (t);
	st->clock = mc_clock_kind;
	st->rate = mc_config.rate;
	st->file_rate = mc_clock_kind == MC_CLOCK_ITIMER ? itimer_rate ()
		: mc_config.rate;
	st->clock_rate = mc_clock_kind == MC_CLOCK_PERF
		? (uint32_t) (1000000000u / mc_perf_period_ns ())
		: st->file_rate;
	f = kept_fail (&mc_choice_fail, &mc_choice_claimed);
	st->error = f.err;
	st->failed = f.call;
	st->unsampled = __atomic_load_n (&mc_unsampled, __ATOMIC_RELAXED);
	f = kept_fail (&mc_thread_fail, &mc_thread_claimed);
	st->unsampled_error = f.err;
	st->unsampled_failed = f.call;

	if (mc_sampling && getrusage (RUSAGE_SELF, &ru) == 0
	    && tv_us (&ru.ru_utime) >= tv_us (&mc_utime0))
		utime_us += tv_us (&ru.ru_utime) - tv_us (&mc_utime0);
	/* Weighted, the perf samples add up to the CPU time of the
	   threads sampled, unless their signals stopped coming: the
	   program closed the descriptors, or blocked, ignored or took
	   over SIGPROF.  The CPU time to compare with is the smaller of
	   the process's user time (threads without a clock in it too)
	   and what the perf clocks counted (gone with a closed
	   descriptor).  Below three quarters of it the file gets the
	   rate reached.  Only runs of a fifth of a second or more say
	   enough to judge.  */
	if (mc_clock_kind == MC_CLOCK_PERF) {
		uint64_t us = utime_us;

		/* (No count if the program closed the descriptors.)  */
		if (st->clock_ns && st->clock_ns / 1000u < us)
			us = st->clock_ns / 1000u;
		if (us >= 200000) {
			uint64_t expect = us * mc_config.rate / 1000000u;

			if (st->samples * 4 < expect * 3) {
				uint64_t r = st->samples * 1000000u / us;

				/* gprof divides by the rate: not 0.  */
				st->file_rate = r ? (uint32_t) r : 1;
				st->reached = (uint32_t) r;
				st->throttled = true;
			}
		}
	}
}
