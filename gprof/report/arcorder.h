/* arcorder.h - the printed orders of a symbol's arcs and of a cycle's
   members (arcorder.c).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef GPROF_REPORT_ARCORDER_H
#define GPROF_REPORT_ARCORDER_H

#include <stddef.h>
#include <stdint.h>

#include "gprof/model.h"

/* The arcs into SYM (its callers) in the order the call graph prints
   them: ascending -- a self call first, then calls within a cycle by
   count, then the others by time, then count -- ties oldest first.
   Writes their indices to OUT (room for all of them) and returns how
   many; SCRATCH has room for twice the number of arcs of CG.  */
size_t order_parents (const struct callgraph *cg, const struct sym *sym,
		      uint32_t *out, void **scratch);

/* The arcs out of SYM, descending, ties oldest first.  */
size_t order_children (const struct callgraph *cg, const struct sym *sym,
		       uint32_t *out, void **scratch);

/* The members of cycle C in the printed order: by time then calls,
   descending, ties in the order the cycle was found.  */
size_t order_members (const struct cycle *c, struct sym **out);

#endif /* GPROF_REPORT_ARCORDER_H */
