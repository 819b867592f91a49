/* callgraph.h - the arcs onto the symbols, and the call graph's
   assembly (callgraph.c).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef GPROF_CALLGRAPH_H
#define GPROF_CALLGRAPH_H

#include <stdbool.h>
#include <stdint.h>

#include "gprof/model.h"

struct symspecs;

void cg_init (struct callgraph *cg);
void cg_free (struct callgraph *cg);

/* The function symbol of ST a call enters whose self_pc lies in
   symbol IN: IN, or the closest function symbol before it; NULL if
   there is none.  */
struct sym *cg_callee (const struct symtab *st, struct sym *in);

/* The arc PARENT -> CHILD, or NULL.  */
struct arc *cg_find_arc (const struct callgraph *cg, const struct sym *parent,
			 const struct sym *child);

/* Adds COUNT calls PARENT -> CHILD: to the existing arc, or as a new
   arc at the head of both lists.  Returns the arc.  */
struct arc *cg_add_arc (struct callgraph *cg, struct sym *parent,
			struct sym *child, uint64_t count);

/* Puts the arcs of P on the symbols of ST, as GNU gprof's cg_tally():
   arcs whose ends are in no symbol are dropped, so are those the arc
   specs of SS reject; the callee's ncalls grows by the count.
   Returns the number of calls dropped because an end was in no symbol.  */
uint64_t cg_tally (struct callgraph *cg, struct symtab *st,
		   const struct profile *p, const struct symspecs *ss);

/* Finds the cycles, numbers the symbols topologically, propagates the
   print flags and the time, and numbers the entries of the graph.
   Before that, for each symbol in address order, counts its
   recursive calls and, if SCAN is not NULL, calls SCAN on it (-c adds
   the calls it finds in the machine code there, as GNU gprof does).  */
void cg_assemble (struct callgraph *cg, struct symtab *st,
		  const struct symspecs *ss,
		  void (*scan) (struct sym *sym, void *arg), void *arg);

/* Numbers the entries of the graph (symbols and cycles) in the order
   of the time shown in them, as GNU gprof does; cg_assemble ends with
   it, and a stage that changes the times shown calls it again.  */
void cg_number (struct callgraph *cg, struct symtab *st);

#endif /* GPROF_CALLGRAPH_H */
