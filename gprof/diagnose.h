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

#endif /* GPROF_DIAGNOSE_H */
