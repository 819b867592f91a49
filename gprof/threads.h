/* threads.h - gprof --threads: a profile per thread.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef GPROF_THREADS_H
#define GPROF_THREADS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gprof/model.h"

/* A row of --threads: one thread, or (--threads=name) the threads of
   one name, or the threads beyond GMON_THREADS.  */
struct thread_group {
	size_t *members;		/* indices of the profile's threads */
	size_t n;			/* how many */
	const char *name;		/* their name ("" if unknown) */
	bool merged;			/* the threads beyond the cap */
	bool main;			/* a process's first thread among them */
	uint64_t nthreads;		/* threads it stands for */
	uint64_t samples;		/* samples libgmon counted */
	uint64_t calls;			/* calls libgmon counted */
	uint64_t cpu_ns;		/* CPU time */
	uint32_t first_order;		/* the least start order among them */
};

/* The rows for P's threads: one per thread, or with BY_NAME per name
   (the threads beyond the cap apart); the most samples first, then the
   most CPU time, then the first started.  Returns them (free with
   threads_groups_free), their number in *N.  */
struct thread_group *threads_groups (const struct profile *p, bool by_name,
				     size_t *n);
void threads_groups_free (struct thread_group *g, size_t n);

/* The profile of row G of WHOLE's threads: WHOLE's histograms (ranges,
   rate, dimension) holding G's samples, G's calls, and G's calling
   contexts if WHOLE uses contexts, into OUT (free with
   profile_free).  */
void threads_profile (const struct profile *whole,
		      const struct thread_group *g, struct profile *out);

/* What row G is called in the exports' frames and labels (malloc'd):
   "[thread TID NAME]", "[threads NAME xN]", "[other threads xN]".  */
char *threads_frame (const struct profile *p, const struct thread_group *g);

#endif /* GPROF_THREADS_H */
