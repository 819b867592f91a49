/* linesyms.h - GNU gprof's line-level symbol table (-l).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   With -l, GNU gprof puts a symbol wherever the (function, file, line)
   of the code changes along .text, besides the function symbols, which
   win where both start at one address (unless the function is static
   and the line global: see mark_shadows() in linesyms.c).  Its flat
   profile then has a row per line, and its call graph names the line
   of every call site.

   GNU gprof finds these places by asking libbfd about every byte of
   .text; here the line tables are decoded once and the places come
   from their rows, the function ranges and (where the debugging
   information names no function) the symbol table, by libbfd's rules.
   Of the symbols, only those the profile touches (that hold a sample,
   an end of an arc or a basic block) enter the symbol table, unless
   an output needs them all; the others have no time and no calls, and
   the only trace they leave in the reports, the index numbers of the
   call graph, is put back by linesyms_renumber().  */

#ifndef GPROF_LINESYMS_H
#define GPROF_LINESYMS_H

#include <stdbool.h>
#include <stdint.h>

#include "gprof/model.h"

struct lines;

/* Adds the line symbols to ST, whose function symbols are finalized
   (and resolved: their file and line looked up), and gives every
   symbol its end address.  ALL: every line symbol, else those that P
   touches.  */
void linesyms_add (struct lines *l, struct symtab *st,
		   const struct profile *p, bool all);

/* After the call graph is numbered: each entry's index number grows by
   the number of line symbols left out of ST that GNU gprof's order
   puts before it.  */
void linesyms_renumber (struct lines *l, struct callgraph *cg);

/* The start of the line symbol PC falls in, given FLOOR, the start of
   the function symbol it falls in (the result is never below it); for
   gmon.sum, whose arcs and blocks GNU gprof writes at line starts.  */
uint64_t linesyms_line_start (struct lines *l, uint64_t pc, uint64_t floor);

#endif /* GPROF_LINESYMS_H */
