/* threadtable.c - gprof --threads: the table of the threads, and the line
   that starts each thread's reports.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   The numbers here are libgmon's, for the whole thread: its samples
   wherever they were taken, its calls, its CPU time.  The flat profile
   and call graph of each thread that follow show what of it lies in
   the program (and with --objects in the libraries), as the reports of
   the whole profile do.  */

#include <config.h>

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "gprof/report/report.h"
#include "gprof/threadrows.h"

/* Whether P's threads come from more than one process.  */
static bool
several_processes (const struct profile *p)
{
	size_t i;

	for (i = 1; i < p->nthreads; i++)
		if (p->threads[i].pid != p->threads[0].pid
		    || p->threads[i].file != p->threads[0].file)
			return true;
	return false;
}

/* The name column of row G.  */
static void
print_row_name (const struct profile *p, const struct thread_group *g,
		bool pids)
{
	const struct prof_thread *t = &p->threads[g->members[0]];

	if (g->merged)
		printf ("(other threads)");
	else
		printf ("%s", *g->name ? g->name : "-");
	if (g->main && g->n == 1)
		printf (" (main)");
	if (pids && g->n == 1)
		printf (" (pid %" PRIu32 ")", t->pid);
	putchar ('\n');
}

void
report_threads (struct report *r, const struct thread_group *g, size_t n)
{
	const struct profile *p = r->p;
	uint64_t total = p->thread_samples;
	bool pids = several_processes (p);
	size_t i;

	report_section (r);
	printf ("Threads:\n\n");
	printf ("%6s %9s %9s\n", "%  ", "sampled", "CPU  ");
	printf ("%6s %9.9s %9s %10s %8s %9s  %s\n", "time ", p->dimen,
		"seconds", "calls", "threads", "tid", "name");
	for (i = 0; i < n; i++) {
		const struct thread_group *t = &g[i];
		char tid[24];

		if (t->n == 1 && !t->merged)
			snprintf (tid, sizeof tid, "%" PRIu32,
				  p->threads[t->members[0]].tid);
		else
			strcpy (tid, "-");
		printf ("%6.2f %9.2f %9.2f %10" PRIu64 " %8" PRIu64 " %9s  ",
			total ? 100.0 * (double) t->samples / (double) total
			: 0.0, report_secs (r, (double) t->samples),
			(double) t->cpu_ns / 1e9, t->calls, t->nthreads, tid);
		print_row_name (p, t, pids);
	}
	if (p->thread_norecord)
		printf ("%6.2f %9.2f %9s %10s %8s %9s  (no thread: never ran "
			"-pg code)\n", total ? 100.0
			* (double) p->thread_norecord / (double) total : 0.0,
			report_secs (r, (double) p->thread_norecord), "", "",
			"", "");
	if (p->thread_missing)
		printf ("%6.2f %9.2f %9s %10s %8s %9s  (threads the companion "
			"lacks: cut short)\n", total ? 100.0
			* (double) p->thread_missing / (double) total : 0.0,
			report_secs (r, (double) p->thread_missing), "", "", "",
			"");
	if (r->opt->brief)
		return;
	printf ("\n"
" %%         the share of the thread of all the samples taken in the\n"
" time      process, in any code\n"
"\n"
" sampled   its samples, in seconds at the rate of the profile: in the\n"
" seconds   program and anywhere else (the flat profile of the thread\n"
"           shows those in the program, and with --objects those in\n"
"           the libraries too)\n"
"\n"
" CPU       its CPU time, as libgmon read it at the thread's exit or when\n"
" seconds   the profile was written\n"
"\n"
" calls     the calls the thread made that libgmon counted\n"
"\n"
" threads   threads in the row: 1, or with --threads=name the threads\n"
"           of one name, or the threads beyond GMON_THREADS, which\n"
"           libgmon kept together\n"
"\n"
" tid       the kernel's id of the thread\n"
"\n"
" name      its name (pthread_setname_np; else the program's)\n");
}

void
report_thread_header (struct report *r, const struct profile *whole,
		      const struct thread_group *g)
{
	uint64_t total = whole->thread_samples;
	size_t i;

	report_section (r);
	if (g->merged) {
		printf ("Other threads (%" PRIu64 " beyond GMON_THREADS=%"
			PRIu32 ")", g->nthreads,
			whole->threads[g->members[0]].cap);
	} else if (g->n == 1) {
		const struct prof_thread *t = &whole->threads[g->members[0]];

		printf ("Thread %" PRIu32 " %s%s", t->tid,
			*t->name ? t->name : "-",
			t->flags & THREAD_MAIN ? " (main)" : "");
	} else {
		printf ("Threads %s (%zu:", g->name, g->n);
		for (i = 0; i < g->n && i < 8; i++)
			printf (" %" PRIu32, whole->threads[g->members[i]].tid);
		printf ("%s)", g->n > 8 ? " ..." : "");
	}
	printf (": %" PRIu64 " samples (%.2f%%), %.2f seconds of CPU, %"
		PRIu64 " calls\n\n", g->samples, total ? 100.0
		* (double) g->samples / (double) total : 0.0,
		(double) g->cpu_ns / 1e9, g->calls);
	/* The reports that follow are this thread's.  */
	r->first_output = true;
}
