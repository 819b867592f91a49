/* diagnose.h - a profile that does not belong to the executable.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef GPROF_DIAGNOSE_H
#define GPROF_DIAGNOSE_H

#include <stdint.h>

#include "gprof/model.h"
#include "gprof/options.h"

struct objfile;

/* Warns if the profile P does not look like one of the executable OF
   (symbols ST); LOST is the number of calls whose arcs lie outside
   every symbol.  */
void diagnose_mismatch (const struct options *opt, struct objfile *of,
			const struct profile *p, const struct symtab *st,
			uint64_t lost);

/* Compares the build stamp B that libgmon put in the profile NAME
   with the executable OF: exits with a message if its build id is
   another (warns instead after diagnose_any_build), warns if (no
   build id) its file's size or time is.  */
void diagnose_build (struct objfile *of, const char *name,
		     const struct gmon_build *b);

/* --ignore-build-id: another build id is a warning from now on.  */
void diagnose_any_build (void);

/* --diff-base: the profiles read from now (ON) are the base's, whose
   refusal names --diff-base-exe; until called with false.  */
void diagnose_base_side (bool on);

/* Says once, on standard error, what the profile P lacks if glibc's
   runtime wrote it (P->glibc), and what libgmon would add, where
   libgmon runs (OF's machine); not with -b.  */
void diagnose_glibc_runtime (const struct options *opt, struct objfile *of,
			     const struct profile *p);

/* Exits with a message and a note on how to make a profile if the
   executable was not named and the default a.out does not exist.  */
void diagnose_no_image (const struct options *opt);

/* Exits with a message and a note on how to make one: the profile
   NAME of executable OF does not exist.  */
void diagnose_no_profile (struct objfile *of, const char *name)
	__attribute__ ((noreturn));

#endif /* GPROF_DIAGNOSE_H */
