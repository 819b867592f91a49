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
/* For each node of P's contexts, its symbol in ST (PSYM; NULL if in
   none) and the weight of the samples counted on it (W): its count,
   scaled so that the weights of a function's samples add up to its
   self time, SELF[i] for symbol i (NULL: the symbols' own time).  */
void ctx_weigh (const struct profile *p, const struct symtab *st,
		const double *self, struct sym **psym, double *w);

/* Adds to P's arcs, with no calls, every call its contexts show into
   a function libgmon counted no call of (a shared library's under
   --objects), from the return address in its caller: the graph made
   of them then shows who called it, and ctx_measure() charges its time
   there.  Before cg_tally().  */
void ctx_add_calls (struct profile *p, const struct symtab *st);

/* How much of the time the contexts miss: what the warnings after
   ctx_measure say.  */
struct ctx_gaps {
	double nocontext;		/* ticks of time without a context */
	double cut;			/* ... sampled deeper than recorded */
	double total;			/* ticks in all */
	unsigned int depth;		/* the frames recorded */
};
/* GAPS NULL: the warnings (about profile NAME) come at once; else the
   numbers are added to GAPS, for ctx_gaps_warn (--threads measures
   every thread, and warns once).  */
void ctx_measure (struct callgraph *cg, struct symtab *st,
		  const struct profile *p, const struct symspecs *ss,
		  const char *name, struct ctx_gaps *gaps);
void ctx_gaps_warn (const struct ctx_gaps *g, const char *name);

#endif /* GPROF_CONTEXT_H */
