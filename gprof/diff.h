/* diff.h - gprof --diff-base: the profile against a base (diff.c).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef GPROF_DIFF_H
#define GPROF_DIFF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "gprof/model.h"

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

/* Prints NOW against BASE, function by function, as a table or (JSON)
   a JSON document; with NORMALIZE, the base's times scaled to NOW's
   length: by the ratio of the CPU times where both are known, else of
   the seconds sampled.  */
void diff_print (FILE *out, const struct diff_side *base,
		 const struct diff_side *now, bool json, bool normalize);

#endif /* GPROF_DIFF_H */
