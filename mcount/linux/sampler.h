/* sampler.h - what sampler.c and clocks.c share.  Internal to those
   two files.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later
*/

#ifndef MCOUNT_LINUX_SAMPLER_H
#define MCOUNT_LINUX_SAMPLER_H

#include "mcount/linux/runtime.h"

/* A failure of a clock: the call that failed and its errno (0 when
   nothing set one: then CALL says what was missing).  */
struct mc_fail {
	const char *call;		/* NULL: nothing failed */
	int err;			/* errno, or 0 */
};

static inline void
mc_fail_set (struct mc_fail *f, const char *call, int err)
{
	f->call = call;
	f->err = err;
}

/* The value a per-thread timer's signals carry (si_value): the
   SIGPROF handler tells them from a program's own timer.  */
#define MC_TIMER_COOKIE	0x676d6f6e	/* "gmon" */

/* The period of a per-thread clock, ns: 1 / GMON_RATE.  */
static inline uint64_t
mc_period_ns (void)
{
	return 1000000000u / mc_config.rate;
}

/* The period a perf clock overflows at: GMON_RATE's, but no shorter
   than MC_PERF_MIN_NS.  Its overflow is a timer interrupt, which the
   kernel makes no shorter than 10 us; at that period, under a virtual
   machine and under load here, the interrupts and signals took all of
   the thread's time: a program that returns at once from main ran for
   minutes, all in the kernel, one signal coming through every 20 ms,
   and at 20 us it took twice its time.  Above 25 kHz each signal
   stands for the GMON_RATE periods that passed (perf_weight), so the
   time is as right, the places sampled at 25 kHz; said at exit.  */
#define MC_PERF_MIN_NS	40000u

static inline uint64_t
mc_perf_period_ns (void)
{
	uint64_t p = mc_period_ns ();

	return p < MC_PERF_MIN_NS ? MC_PERF_MIN_NS : p;
}

/* clocks.c: a perf task clock for thread T, its descriptor in T's
   record; 0, or -1 with *F saying why.  */
int mc_perf_start (struct mc_thread *t, struct mc_fail *f) MC_HIDDEN;
/* Whether T's descriptor is still its event: a program may close
   every descriptor (daemons do) and open its own files on the same
   numbers, which must then be neither read nor closed.  */
bool mc_perf_ours (const struct mc_thread *t) MC_HIDDEN;
/* CPU time the perf clock of T has counted, in ns (0 if it is not
   T's any more); the caller owns T's clock.  */
uint64_t mc_perf_read (const struct mc_thread *t) MC_HIDDEN;
/* A POSIX timer on T's CPU-time clock; 0, or -1 with *F saying why.  */
int mc_timer_start (struct mc_thread *t, struct mc_fail *f) MC_HIDDEN;

#endif /* MCOUNT_LINUX_SAMPLER_H */
