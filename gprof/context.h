/* context.h - children times measured from calling contexts.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef GPROF_CONTEXT_H
#define GPROF_CONTEXT_H

#include "gprof/model.h"

struct symspecs;

/* With the calling contexts of P (libgmon's GMON_CONTEXT), replaces
   what cg_assemble estimated from the call counts -- the children time
   of every entry and the times on its caller and callee lines -- by
   the times measured, and orders the entries again.  The arcs of P are
   matched to the graph's by SS's arc specs, as cg_tally matched them.
   Warns (about profile NAME) when much of the time has no context, or
   was sampled deeper than the contexts go.  */
void ctx_measure (struct callgraph *cg, struct symtab *st,
		  const struct profile *p, const struct symspecs *ss,
		  const char *name);

#endif /* GPROF_CONTEXT_H */
