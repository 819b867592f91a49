/* propagate.h - the callees' time up to their callers (propagate.c).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef GPROF_PROPAGATE_H
#define GPROF_PROPAGATE_H

#include "gprof/model.h"

struct symspecs;

/* Once the cycles are found and the symbols numbered topologically
   (cg_find_cycles()): the print flags and shown fractions from the
   callers down, with the symspecs of SS, each cycle's time, and the
   callees' time up to their callers and cycles, as GNU gprof does.  */
void cg_propagate (struct callgraph *cg, struct symtab *st,
		   const struct symspecs *ss);

#endif /* GPROF_PROPAGATE_H */
