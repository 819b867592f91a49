/* threadrows.h - gprof --threads: a profile per thread.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef GPROF_THREADROWS_H
#define GPROF_THREADROWS_H

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
	char *frame;			/* what the exports call it */
	size_t cap;			/* room in members */
};

/* The rows for P's threads: one per thread, or with BY_NAME per name
   (the threads beyond the cap apart); the most samples first, then the
   most CPU time, then the first started.  Each row's frame is what the
   exports call it: "[thread TID NAME]", "[threads NAME xN]", "[other
   threads xN]", with " #2", " #3" ... after a frame an earlier row has
   already (a thread id used again, the threads beyond the cap of two
   processes), so that readers that merge equal frames never merge two
   rows.  Returns them (free with threads_groups_free), their number in
   *N.  */
struct thread_group *threads_groups (const struct profile *p, bool by_name,
				     size_t *n);
void threads_groups_free (struct thread_group *g, size_t n);

/* Whether the row G of P's threads holds nothing: no sample, no call,
   no calling context (its analysis would find no time and no arc).  */
bool threads_group_empty (const struct profile *p,
			  const struct thread_group *g);

#endif /* GPROF_THREADROWS_H */
