/* analysis.h - the analysis of a profile, as a value.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   The stages after loading -- samples to symbols (assign.c), arcs,
   cycles and propagated times (callgraph.c), measured times
   (measure.c) -- write their results into the symbols: self time,
   calls, cycle links, the times the graph shows.  An analysis runs
   them on its own copy of the symbols, so the loaded table stays as
   it was loaded, read-only, and any number of analyses can be built
   on it: the whole profile, each --threads row, the function model of
   -l's exports, --diff-base's base.  Reports and exports read an
   analysis (its table and its call graph).  */

#ifndef GPROF_ANALYSIS_H
#define GPROF_ANALYSIS_H

#include <stdbool.h>
#include <stdint.h>

#include "gprof/model.h"
#include "gprof/options.h"

struct ctx_gaps;
struct lines;
struct objfile;
struct symspecs;

/* What an analysis is built from.  */
struct analysis_input {
	const struct options *opt;	/* the options it is built for */
	struct objfile *of;		/* the executable (-c reads its code,
					   the checks its machine) */
	struct lines *lines;		/* its source lines, or NULL (-S) */
	const struct symtab *st;	/* the symbols, final (indexed, names
					   ranked): copied, never written */
	const struct symspecs *ss;	/* the symspecs, on ST */
	struct profile *prof;		/* the profile: the calls its contexts
					   show are added to its arcs, and
					   its bins dropped unless EXPORTS */
	struct ctx_gaps *gaps;		/* --threads: what the contexts miss,
					   added up; NULL: warned at once */
	bool whole;			/* the whole profile (not a thread's,
					   not the exports' function model):
					   checked against the executable */
	bool static_calls;		/* -c: the calls the machine code makes
					   added as arcs */
	bool reports;			/* the text reports read it (the call
					   graph's names are looked up) */
	bool exports;			/* exports read it (they keep the bins,
					   and need the files of the symbols) */
};

/* The results of the stages, on a copy of the symbols.  */
struct analysis {
	struct symtab st;		/* the input's table, with the
					   symbols (BASE, OVERHEAD) its own;
					   the index and the names' ranks are
					   the input's, shared */
	struct callgraph cg;		/* arcs, cycles, propagated time */
	bool have_cg;			/* CG was built (the profile has arcs) */
	uint64_t lost;			/* calls of arcs in no symbol */
	double total_time;		/* ticks the flat profile accounts */
	double overhead_out;		/* --no-overhead: libgmon's ticks, not
					   in TOTAL_TIME */
};

/* Runs the stages on a copy of IN's symbols: the samples onto them,
   the arcs, the cycles and the propagated (or, with calling contexts,
   measured) times; then the checks of what the options ask of the
   profile (exits if it cannot give it), of a profile of another build
   (IN->whole), and the file names of what will be printed.  */
struct analysis *analysis_build (const struct analysis_input *in);
void analysis_free (struct analysis *a);

/* The check analysis_build makes of what OPT asks of the profile P
   (exits if it has no histogram for a flat profile, or no arcs for a
   call graph), for a profile that needs no analysis.  */
void analysis_check (const struct options *opt, const struct profile *p);

#endif /* GPROF_ANALYSIS_H */
