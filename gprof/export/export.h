/* export.h - the profile in other tools' formats (--export).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   The exporters read the same model the text reports read, after the
   call graph is assembled, and change nothing in it.  Each --export
   option names a format, its options and a file:

       --export=FORMAT[,OPTION[=VALUE]]...[:FILE]

   FORMAT is callgrind, igprof, aprof, dot, json, folded,
   flamegraph or pprof, or (--fail-if's verdicts) junit or markdown;
   FILE is `-' for
   standard output, and has a default name per format otherwise.  */

#ifndef GPROF_EXPORT_EXPORT_H
#define GPROF_EXPORT_EXPORT_H

#include <stdbool.h>
#include <stddef.h>

#include "gprof/model.h"
#include "gprof/options.h"

struct objfile;
struct lines;
struct export_set;
struct gate;

/* What the exporters read.  */
struct export_input {
	const struct options *opt;
	struct objfile *of;		/* the executable */
	struct lines *lines;		/* NULL when symbols come from -S */
	const struct symtab *st;
	const struct profile *p;	/* with its histogram bins */
	const struct callgraph *cg;	/* NULL without call-graph data */
	double total_time;		/* ticks the flat profile accounts */
	const struct proc_objects *objs;	/* --objects: the objects, whose
					   symbols are at their offsets in
					   ST; NULL without */
};

/* Parses the --export SPECS[0..N) of OPT (whose image names the
   default files).  Exits with a message on the first bad one.  */
struct export_set *export_parse (const struct options *opt);

/* Whether an export goes to standard output.  */
bool export_to_stdout (const struct export_set *xs);

/* Writes every export, in the order given.  Exits with a message if a
   file cannot be written.  */
void export_write (struct export_set *xs, const struct export_input *in);

/* --diff-base: for each pprof export FILE.pb.gz of XS, the base
   profile IN as FILE.base.pb.gz, for pprof's -diff_base.  */
void export_write_diff_base (struct export_set *xs,
			     const struct export_input *in);

/* --fail-if: the verdicts of G in every export of XS that writes
   verdicts (junit, markdown).  */
void export_write_verdicts (struct export_set *xs, const struct gate *g);

void export_free (struct export_set *xs);

/* --threads: a row of the threads (a thread, the threads of one name,
   or those beyond GMON_THREADS), as the exports name it.  */
struct export_thread {
	const char *frame;		/* folded, flamegraph: the frame at
					   the root of its stacks */
	const char *name;		/* pprof: the label `thread' */
	uint64_t tid;			/* pprof: the label `tid'; 0: none */
	uint64_t nthreads;		/* pprof: the label `threads' */
};

struct export_threads;

/* Opens every export of XS for the rows of the profile WHOLE; exits
   with a message if a format has no per-thread form.  */
struct export_threads *export_threads_begin (struct export_set *xs,
					     const struct export_input *whole);
/* The part of every export of row TH, whose own model IN is.  */
void export_threads_write (struct export_threads *xt,
			   const struct export_input *in,
			   const struct export_thread *th);
/* Ends and closes every export (and frees XT).  */
void export_threads_end (struct export_threads *xt);

#endif /* GPROF_EXPORT_EXPORT_H */
