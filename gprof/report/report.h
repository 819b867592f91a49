/* report.h - what every report of the analyser shares.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   A report is a function of the model and the options: it prints,
   and changes nothing the other reports see.  The layouts and format
   strings are GNU gprof 2.40's, so that the output compares byte for
   byte; the explanations (blurbs.c) are our own words.  */

#ifndef GPROF_REPORT_REPORT_H
#define GPROF_REPORT_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "gprof/model.h"
#include "gprof/options.h"

struct blocks;
struct lines;
struct objfile;
struct symspecs;

struct report {
	const struct options *opt;
	struct objfile *of;		/* for demangling */
	const struct symtab *st;
	const struct profile *p;
	const struct callgraph *cg;	/* NULL without call-graph data */
	const struct symspecs *ss;
	double total_time;		/* ticks the flat profile accounts */
	double overhead_out;		/* --no-overhead: libgmon's ticks,
					   not in total_time */
	bool first_output;		/* nothing printed yet */
	char **shown;			/* demangled names, per symbol */
	unsigned char *shown_done;	/* shown[i] was computed */
	size_t nshown;			/* symbols they have room for */
	const struct blocks *bb;	/* basic-block counts (-l), or NULL */
	struct lines *lines;		/* source files (-A), or NULL */
};

void report_init (struct report *r, const struct options *opt,
		  struct objfile *of, const struct symtab *st,
		  const struct profile *p, const struct callgraph *cg,
		  const struct symspecs *ss, double total_time);
void report_free (struct report *r);

/* Starts a section: a form feed unless it is the first output.  */
void report_section (struct report *r);

/* TICKS in seconds (in the profile's dimension); 0 when the profile
   has no clock rate, where GNU gprof divides by zero.  */
double report_secs (const struct report *r, double ticks);

/* "\ngranularity: each sample hit covers N byte(s)", N the width of
   a bin as GNU gprof prints it, but never wrapped.  */
void report_granularity (const struct report *r);

/* The name as printed: demangled (unless -T or --no-demangle), with
   " (file:line)" for --inline-file-names.  Returns its length.  */
int report_name_only (struct report *r, const struct sym *sym);

/* What report_name_only() prints, into BUF of CAP bytes; its length,
   or (size_t) -1 if it does not fit.  */
size_t report_name_only_format (struct report *r, const struct sym *sym,
				char *buf, size_t cap);

/* The name, then " <cycle N>" and " [index]" (or " (index)" when the
   entry is not printed in the graph).  */
void report_name (struct report *r, const struct sym *sym);

/* Asks for every cache line of S, for a report about to print it.  */
static inline void
report_prefetch_sym (const struct sym *s)
{
	const char *p = (const char *) s;
	size_t k;

	for (k = 0; k < sizeof *s + 63; k += 64)
		__builtin_prefetch (p + k);
}

/* Asks for what printing the name of S reads beyond S itself (which
   must be in the cache by now): the name and its demangling cache.  */
void report_prefetch_name (const struct report *r, const struct sym *s);

/* How many rows ahead a report asks for a symbol, and for its name
   (which it can find only once the symbol is in the cache).  Printed
   in a sorted order, the symbols of a big table lie all over memory,
   a cache miss each; asked for ahead, their loads overlap with the
   printing of the rows before (the manual's "Performance": about a
   third of the flat profile's time on a million symbols).  */
#define PREFETCH_SYM_AHEAD	16
#define PREFETCH_NAME_AHEAD	8

/* Asks for what the rows ahead of row I of the N rows ROWS will read.  */
static inline void
report_prefetch_ahead (const struct report *r, struct sym *const *rows,
		       size_t i, size_t n)
{
	if (i + PREFETCH_SYM_AHEAD < n)
		report_prefetch_sym (rows[i + PREFETCH_SYM_AHEAD]);
	if (i + PREFETCH_NAME_AHEAD < n)
		report_prefetch_name (r, rows[i + PREFETCH_NAME_AHEAD]);
}

/* What report_name() prints, into BUF of CAP bytes; its length, or
   (size_t) -1 if it does not fit.  */
size_t report_name_format (struct report *r, const struct sym *sym,
			   char *buf, size_t cap);

/* "[N]" or "(N)" for an entry, as the graph and index print it.  */
void report_index_tag (const struct sym *sym, char *buf, size_t size);

/* The file name as printed: the base name unless -L.  */
const char *report_file_name (const struct report *r,
			      const struct source_file *f);

/* report/flat.c */
void report_flat (struct report *r);
/* report/graph.c */
void report_graph (struct report *r);
/* Whether the graph prints entry S (a function or a cycle).  */
bool report_graph_printed (const struct report *r, const struct sym *s);
/* report/index.c */
void report_index (struct report *r);
/* report/fileinfo.c: one file of -i.  */
void report_file_info (struct report *r, const char *name, int version,
		       unsigned long long nhist, unsigned long long narcs,
		       unsigned long long nbb);
/* report/linkorder.c */
void report_function_order (struct report *r);
struct fmap;
void report_file_order (struct report *r, const struct fmap *map);
/* report/threadtable.c (--threads): the table of the rows G[0..N) of R's
   profile's threads; the line that starts the reports of row G of
   WHOLE's threads (R's profile is the row's own).  */
struct thread_group;
void report_threads (struct report *r, const struct thread_group *g,
		     size_t n);
void report_thread_header (struct report *r, const struct profile *whole,
			   const struct thread_group *g);
/* report/execcount.c */
void report_exec_counts (struct report *r);
/* report/annotate.c: -A, annotated source listings.  */
void report_annotated (struct report *r);

/* report/blurbs.c: the explanations, each starting with its own
   blank line and ending with a form-feed page of its own.  */
void blurb_flat (FILE *f);
/* MEASURED: the children times were measured (ctx_measure).  */
void blurb_graph (FILE *f, bool measured);
void blurb_graph_bsd (FILE *f);
/* The line that says what [profiling-overhead] is, and how much of
   the total it holds, or that --no-overhead left it out of the total;
   nothing without it (GNU gprof's reports).  */
void blurb_overhead (const struct report *r);

#endif /* GPROF_REPORT_REPORT_H */
