/* callgraph.h - arcs, cycles and propagated time.

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

/* Where cg_assemble() laid out SYM's callers (PARENTS) or callees,
   side by side with the other symbols' (following a list is a chain of
   cache misses, one arc at a time; arcs whose places are known up
   front are fetched together): *N arc numbers at *RUN, oldest first --
   its list read backwards.  False if there is no layout (an arc ends
   outside the table, or cg_add_arc() made one since); the lists are
   then the way.  */
bool cg_list_run (const struct callgraph *cg, const struct sym *sym,
		  bool parents, const uint32_t **run, size_t *n);

/* Asks for what printing SYM's lists will read: with STEP 0 the runs
   of arc numbers, with 1 the arcs, with 2 their other ends.  */
void cg_prefetch_lists (const struct callgraph *cg, const struct sym *sym,
			int step);

/* The arcs into SYM (its callers) in the order the call graph prints
   them: ascending -- a self call first, then calls within a cycle by
   count, then the others by time, then count -- ties oldest first.
   Writes their indices to OUT (room for all of them) and returns how
   many; SCRATCH has room for twice the number of arcs of CG.  */
size_t cg_sorted_parents (const struct callgraph *cg, const struct sym *sym,
			  uint32_t *out, void **scratch);

/* The arcs out of SYM, descending, ties oldest first.  */
size_t cg_sorted_children (const struct callgraph *cg, const struct sym *sym,
			   uint32_t *out, void **scratch);

/* The members of cycle C in the printed order: by time then calls,
   descending, ties in the order the cycle was found.  */
size_t cg_sorted_members (const struct cycle *c, struct sym **out);



#endif /* GPROF_CALLGRAPH_H */
