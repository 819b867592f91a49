/* arclists.h - each symbol's callers and callees, side by side
   (arclists.c), and walks along them.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef GPROF_ARCLISTS_H
#define GPROF_ARCLISTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gprof/model.h"

/* Lays out the arcs of each symbol of ST side by side, once every arc
   is made (cg_assemble() does, before the cycle search); made again by
   a second call.  */
void cg_index_lists (struct callgraph *cg, const struct symtab *st);
void cg_lists_free (struct callgraph *cg);

/* Where cg_index_lists() laid out SYM's callers (PARENTS) or callees:
   *N arc numbers at *RUN, oldest first -- its list read backwards.
   False if there is no layout (an arc ends outside the table, or
   cg_add_arc() made one since); the lists are then the way.  */
bool cg_list_run (const struct callgraph *cg, const struct sym *sym,
		  bool parents, const uint32_t **run, size_t *n);

/* Asks for what printing SYM's lists will read: with STEP 0 the runs
   of arc numbers, with 1 the arcs, with 2 their other ends.  */
void cg_prefetch_lists (const struct callgraph *cg, const struct sym *sym,
			int step);

/* A walk along one of a symbol's lists, newest first: backwards
   through its run when index_lists() made them -- the arcs'
   places known ahead, their loads overlap -- else from arc to arc,
   each load waiting for the last.  */
struct cg_walk {
	const struct arc *arcs;
	const uint32_t *run;		/* NULL: along the list */
	size_t left;
	uint32_t next;
	bool parents;
};

static inline void
cg_walk_start (struct cg_walk *w, const struct callgraph *cg,
	       const struct sym *s, bool parents)
{
	w->arcs = cg->arcs;
	w->parents = parents;
	if (!cg_list_run (cg, s, parents, &w->run, &w->left)) {
		w->run = NULL;
		w->next = parents ? s->parents : s->children;
	}
}

static inline uint32_t
cg_walk_next (struct cg_walk *w)
{
	uint32_t ai;

	if (w->run)
		return w->left ? w->run[--w->left] : NO_ARC;
	ai = w->next;
	if (ai != NO_ARC)
		w->next = w->parents ? w->arcs[ai].next_parent
			: w->arcs[ai].next_child;
	return ai;
}

#endif /* GPROF_ARCLISTS_H */
