/* exitline.c - the one line libgmon says at exit.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   What libgmon says.  Nothing, when all went well.  Otherwise one line
   on stderr as the profile is written at exit, naming each problem and
   the knob that fixes it.  Messages are built without stdio (this runs
   at exit, maybe from a signal handler) and written with one write(2)
   (msgline.c).  */

#define _GNU_SOURCE 1
#include <config.h>

#include <errno.h>
#include <string.h>
#include <sys/resource.h>

#include "mcount/linux/runtime.h"

static char mc_problems[MC_PROB_COUNT][512];

void
mc_problem (enum mc_problem p, const char *text)
{
	char *dst = mc_problems[p];
	size_t n = strnlen (text, sizeof mc_problems[p] - 1);

	if (dst[0])
		return;			/* the first cause is the one to fix */
	memcpy (dst, text, n);
	dst[n] = '\0';
}

/* CALL: ERR, or CALL alone when no errno goes with it (it then says
   what was missing).  */
static void
put_fail (struct mc_line *l, const char *call, int err)
{
	mc_line_str (l, call);
	if (err) {
		mc_line_str (l, ": ");
		mc_line_errno (l, err);
	}
}

/* "): " and the fix for an mmap that failed with ERR: more address
   space, or, where the address space has no limit, more mappings (a
   process holds vm.max_map_count of them at most: 65530 by default,
   which thousands of threads' records and stacks can reach).  */
static void
put_more_memory (struct mc_line *l, int err)
{
	struct rlimit as;

	if (err == ENOMEM && getrlimit (RLIMIT_AS, &as) == 0
	    && as.rlim_cur == RLIM_INFINITY)
		mc_line_str (l, "): allow more memory mappings (sysctl "
			     "vm.max_map_count) or lower GMON_THREADS");
	else
		mc_line_str (l, "): allow more memory (ulimit -v)");
}

/* Every call not counted is in exactly one of these, and the total
   is in the companion too (objdir.c).  */
static void
exit_line_arcs (struct mc_line *l, bool *first)
{
	struct mc_arc_stats st;
	uint64_t n;

	mc_arcs_stats (&st);
	if (st.lost_limit) {
		mc_line_part (l, first);
		mc_line_u64 (l, st.lost_limit);
		mc_line_str (l, " calls were not counted: their arcs did not "
			     "fit in GMON_ARC_LIMIT=");
		mc_line_u64 (l, mc_config.arc_limit);
		mc_line_str (l, " bytes of arc tables (the arcs that fit "
			     "were counted in full): raise GMON_ARC_LIMIT "
			     "to at least ");
		mc_line_u64 (l, st.limit_want);
		mc_line_str (l, ", or unset it");
	}
	if ((n = st.lost_full - st.lost_limit) != 0) {
		mc_line_part (l, first);
		mc_line_u64 (l, n);
		mc_line_str (l, " calls were not counted because the arc "
			     "tables could not grow (");
		put_fail (l, "mmap", st.grow_errno);
		put_more_memory (l, st.grow_errno);
	}
	if (st.lost_norecord) {
		mc_line_part (l, first);
		mc_line_u64 (l, st.lost_norecord);
		mc_line_str (l, " calls were not counted, and their threads "
			     "not sampled, because a thread's record could "
			     "not be made (");
		put_fail (l, "mmap", st.record_errno);
		put_more_memory (l, st.record_errno);
	}
	if ((n = st.lost_nested - st.lost_norecord) != 0) {
		mc_line_part (l, first);
		mc_line_u64 (l, n);
		mc_line_str (l, " calls were not counted because a signal "
			     "handler made them while libgmon was making "
			     "room for its thread's arcs: keep -pg code out "
			     "of signal handlers that may interrupt it");
	}
}

static void
exit_line_sampler (struct mc_line *l, bool *first)
{
	struct mc_sample_stats st;

	mc_sampler_stats (&st);
	/* A clock that was never chosen (the program turned profiling
	   off before it began) is no failure.  */
	if (mc_config.sampler != MC_SAMPLER_OFF && mc_hist_get ()->bins
	    && st.clock == MC_CLOCK_NONE && st.failed) {
		mc_line_part (l, first);
		mc_line_str (l, "no time was sampled: ");
		put_fail (l, st.failed, st.error);
		mc_line_str (l, mc_config.sampler == MC_SAMPLER_AUTO
			     ? " (try GMON_SAMPLER=itimer)"
			     : " (unset GMON_SAMPLER)");
		return;
	}
	if (st.clock == MC_CLOCK_ITIMER && st.file_rate < st.rate
	    && mc_config.sampler == MC_SAMPLER_AUTO && st.failed) {
		mc_line_part (l, first);
		mc_line_str (l, "sampled at ");
		mc_line_u64 (l, st.file_rate);
		mc_line_str (l, " Hz with ITIMER_PROF, not ");
		mc_line_u64 (l, st.rate);
		mc_line_str (l, " Hz: per-thread clocks failed (");
		put_fail (l, st.failed, st.error);
		mc_line_str (l, "); set GMON_RATE=");
		mc_line_u64 (l, st.file_rate);
		mc_line_str (l, " to silence this");
	} else if (st.clock == MC_CLOCK_PERF && st.clock_rate < st.rate) {
		mc_line_part (l, first);
		mc_line_str (l, "GMON_RATE=");
		mc_line_u64 (l, st.rate);
		mc_line_str (l, " is faster than perf clocks are safe to "
			     "run: they sampled at ");
		mc_line_u64 (l, st.clock_rate);
		mc_line_str (l, " Hz, each sample weighted for the periods "
			     "it stands for (the times are right, the places "
			     "sampled at that rate): set GMON_RATE=");
		mc_line_u64 (l, st.clock_rate);
		mc_line_str (l, " or less to silence this");
	}
	if (st.throttled) {
		mc_line_part (l, first);
		mc_line_str (l, "the sampling clock reached only ");
		mc_line_u64 (l, st.reached);
		mc_line_str (l, " of the ");
		mc_line_u64 (l, st.rate);
		mc_line_str (l, " samples a second asked (the program "
			     "closed the clocks' descriptors, or blocked, "
			     "ignored or took over SIGPROF), and gmon.out "
			     "says so: leave SIGPROF and descriptors from "
			     "512 up to libgmon, or set GMON_SAMPLER=timer");
	}
	if (st.unsampled && st.unsampled_failed) {
		mc_line_part (l, first);
		mc_line_u64 (l, st.unsampled);
		mc_line_str (l, " threads were not sampled (");
		put_fail (l, st.unsampled_failed, st.unsampled_error);
		/* Each timer holds a pending signal, each perf clock a
		   descriptor: the limit that ran out.  */
		if (strcmp (st.unsampled_failed, "timer_create") == 0)
			mc_line_str (l, "): raise the limit on pending "
				     "signals (ulimit -i)");
		else
			mc_line_str (l, "): raise the limit on open files "
				     "(ulimit -n) or set GMON_SAMPLER=timer");
	}
}

static void
exit_line_contexts (struct mc_line *l, bool *first)
{
	struct mc_ctx_stats st;

	if (!mc_config.context)
		return;
	mc_ctx_stats (&st);
	if (st.lost) {
		mc_line_part (l, first);
		mc_line_u64 (l, st.lost);
		mc_line_str (l, " samples have no calling context (no "
			     "memory for it): allow more memory (ulimit -v) "
			     "or lower GMON_CONTEXT");
	}
}

/* What the per-thread records could not keep apart.  */
static void
exit_line_threads (struct mc_line *l, bool *first)
{
	struct mc_threads_stats st;

	if (!mc_config.threads)
		return;
	mc_threads_stats (&st);
	if (st.merged) {
		mc_line_part (l, first);
		mc_line_u64 (l, st.merged);
		mc_line_str (l, " threads beyond the first GMON_THREADS=");
		mc_line_u64 (l, mc_config.threads);
		if (mc_config.threads_asked) {
			mc_line_str (l, " share one record of the per-thread "
				     "profile (\"other threads\"): GMON_THREADS=");
			mc_line_u64 (l, mc_config.threads_asked);
			mc_line_str (l, " was lowered to a quarter of the "
				     "memory mappings a process may have "
				     "(sysctl vm.max_map_count)");
		} else
			mc_line_str (l, " share one record of the per-thread "
				     "profile (\"other threads\"): raise "
				     "GMON_THREADS to keep each apart");
	}
	if (st.unplaced) {
		mc_line_part (l, first);
		mc_line_u64 (l, st.unplaced);
		mc_line_str (l, " samples of ");
		mc_line_u64 (l, st.unplaced_threads);
		mc_line_str (l, " threads are in their thread's total but "
			     "at no address of it (");
		if (st.capped)
			mc_line_str (l, "a thread was sampled in more "
				     "distinct bins than its table holds): "
				     "raise GMON_BIN_SIZE");
		else {
			put_fail (l, "mmap", st.map_errno);
			put_more_memory (l, st.map_errno);
		}
	}
}

/* Objects the table had no room for (modules.c).  */
static void
exit_line_objects (struct mc_line *l, bool *first)
{
	uint64_t n = mc_modules_untracked ();

	if (!n)
		return;
	mc_line_part (l, first);
	mc_line_u64 (l, n);
	mc_line_str (l, " objects loaded beyond the first GMON_MAX_OBJECTS=");
	mc_line_u64 (l, mc_modules_max ());
	mc_line_str (l, " have no histogram and no file of their own (their "
		     "samples are in no known object, their calls in no "
		     "object): raise GMON_MAX_OBJECTS");
}

void
mc_report (void)
{
	struct mc_line l = { .len = 0 };
	bool first = true;
	int p;

	exit_line_objects (&l, &first);
	exit_line_arcs (&l, &first);
	exit_line_sampler (&l, &first);
	exit_line_contexts (&l, &first);
	exit_line_threads (&l, &first);
	mc_sleds_report (&l, &first);
	for (p = 0; p < MC_PROB_COUNT; p++)
		if (mc_problems[p][0]) {
			mc_line_part (&l, &first);
			mc_line_str (&l, mc_problems[p]);
		}
	if (!first)
		mc_line_write (&l);
}
