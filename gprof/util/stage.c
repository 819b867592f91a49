/* stage.c - what main() does between the stages of the pipeline.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   The analyser allocates a few big arrays per stage (symbols, arcs,
   hashes, sort keys), touches every page of them once or a few times,
   and frees them.  All of them come from the heap, and freed memory
   stays there: each stage's scratch arrays then reuse the pages of the
   last ones, where a fresh mmap(2) of each costs a page fault per page
   -- a third of the system time on a big profile.  glibc maps blocks
   of more than 32 MiB (the most M_MMAP_THRESHOLD can be) on their own,
   and unmaps them when they are freed: on a million symbols most of
   the big arrays, so there mmap(2) is not used at all (M_MMAP_MAX 0;
   glibc still maps memory if the heap cannot grow).

   Transparent huge pages for the heap (madvise(MADV_HUGEPAGE)) were
   tried and left out: a fifth less CPU time on a 20 000-function
   profile, but a footprint rounded up to 2 MiB pages on small ones
   (above GNU gprof's there), and nothing gained on a million symbols,
   whose big arrays are touched before a stage's end could advise
   them.  Advised as each big array is made, before it is touched
   (the symbols, the arcs, and a reserve of 512 bytes a symbol for
   the stages after), they took a fifth off the CPU time of chains of
   125 000 to 500 000 symbols; but on the virtual machines this is
   measured on, whose memory the host provides as it is first
   touched, the system time of a million symbols went from 0.2 s to
   anywhere between 0.04 s and 0.5 s, run to run.  */

#include <config.h>

#include <malloc.h>
#include <stdio.h>
#include <sys/resource.h>
#include <time.h>

#include "gprof/options.h"
#include "gprof/util/stage.h"
#include "gprof/util/util.h"

static double last_cpu;		/* CPU seconds at the last stage end */

static double
cpu_seconds (void)
{
	struct timespec ts;

	if (clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts) != 0)
		return 0.0;
	return (double) ts.tv_sec + (double) ts.tv_nsec / 1e9;
}

void
stage_init (void)
{
	mallopt (M_MMAP_MAX, 0);
	mallopt (M_TRIM_THRESHOLD, 512 << 20);
	last_cpu = cpu_seconds ();
}

void
stage_end (const char *what)
{
	double now;
	struct rusage ru;

	if (!(gp_debug & DBG_STAGES))
		return;
	now = cpu_seconds ();
	if (getrusage (RUSAGE_SELF, &ru) != 0)
		ru.ru_maxrss = 0;
	fprintf (stderr, "[stage] %-18s %9.3f ms CPU, peak %ld KB\n", what,
		 (now - last_cpu) * 1e3, (long) ru.ru_maxrss);
	last_cpu = now;
}
