/* cycles.h - the cycles of the call graph, and its topological order.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef GPROF_CYCLES_H
#define GPROF_CYCLES_H

#include "gprof/model.h"

/* Numbers ST's symbols in topological order (top_order, leaves first;
   the members of a cycle share one number), links the members of each
   cycle (cyc_next, cyc_head, cyc_num) and makes CG's cycle entries
   with their calls from outside and between members.  Each symbol
   must come with top_order 0, cyc_next NULL, cyc_head itself and
   cyc_num 0 (cg_assemble() sets them in its pass over the symbols).  */
void cg_find_cycles (struct callgraph *cg, struct symtab *st);

#endif /* GPROF_CYCLES_H */
