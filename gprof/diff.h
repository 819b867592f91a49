/* diff.h - gprof --diff-base: the profile against a base (diff.c).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef GPROF_DIFF_H
#define GPROF_DIFF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "gprof/model.h"
#include "gprof/util/hindex.h"

struct gate;

/* One side of a comparison: a model, built to its call graph.  */
struct diff_side {
	const struct symtab *st;	/* its symbols, time and calls set */
	long hz;			/* its clock rate */
	const char *image;		/* its executable */
	char **files;			/* its profiles */
	size_t nfiles;
	double cpu;			/* its processes' CPU seconds (from
					   libgmon's companions), or <= 0: not
					   known */
	bool whole;			/* its samples are of the whole process
					   (--objects), not the program's */
	bool no_overhead;		/* CPU is less libgmon's own time
					   (--no-overhead) */
};

/* The columns of a row: DIFF_SELF and DIFF_TOTAL are seconds (and
   samples), DIFF_CALLS counts.  */
#define DIFF_SELF	0
#define DIFF_TOTAL	1
#define DIFF_CALLS	2

/* One function of either side, matched by name.  */
struct diff_row {
	const char *name;		/* the function (raw symbol name) */
	double v[2][3];			/* [base, new][DIFF_*]: seconds (the
					   base's scaled by the table's
					   factor), calls */
	double samples[2][2];		/* [base, new][DIFF_SELF, DIFF_TOTAL]:
					   the samples behind the seconds,
					   not scaled */
};

/* The comparison, row by row, sorted by the largest change of time
   first.  */
struct diff_table {
	struct diff_row *v;
	size_t n, cap;
	struct hindex index;		/* V by name, while it is built */
	double secs[2];			/* each side's seconds sampled */
	double hz[2];			/* each side's rate (1 if unknown) */
	double k;			/* the factor of the base's seconds */
	bool normalized;		/* K scales the base (else 1) */
};

/* NOW against BASE, function by function; with NORMALIZE, the base's
   times scaled to NOW's length: by the ratio of the CPU times where
   both are known, else of the seconds sampled.  */
void diff_build (struct diff_table *t, const struct diff_side *base,
		 const struct diff_side *now, bool normalize);
void diff_free (struct diff_table *t);

/* Prints T as a table or (JSON) a JSON document, with the verdicts of
   GATE (NULL: none) in the JSON.  */
void diff_print (FILE *out, const struct diff_table *t,
		 const struct diff_side *base, const struct diff_side *now,
		 bool json, const struct gate *gate);

#endif /* GPROF_DIFF_H */
