/* sumfile.h - gprof -s: the sum of the profiles, written as one gmon
   file (sumfile.c).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef GPROF_SUMFILE_H
#define GPROF_SUMFILE_H

#include "gprof/model.h"
#include "gprof/options.h"

struct lines;
struct objfile;
struct symspecs;

/* What gmon.sum is made of.  */
struct sum_input {
	const struct profile *p;	/* the profiles, summed */
	struct symtab *st;		/* the symbols (-l: line symbols) */
	const struct symspecs *ss;	/* which arcs to keep (-k) */
	struct lines *lines;		/* NULL with symbols from -S */
	struct objfile *of;		/* the executable */
	enum file_format format;	/* -O */
};

/* gmon.sum at PATH, as GNU gprof writes it (before any time is
   assigned).  Replaces PATH whole, never through a link; exits with a
   message if it cannot.  */
void sumfile_write (const struct sum_input *in, const char *path);

#endif /* GPROF_SUMFILE_H */
