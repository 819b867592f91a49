/* lines.h - source files and lines of addresses.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   A small interface on purpose: today it asks libbfd, one address at
   a time, exactly as GNU gprof does; a decoder of the DWARF line table
   can replace it without the rest of the analyser noticing.  */

#ifndef GPROF_LINES_H
#define GPROF_LINES_H

#include <stdbool.h>
#include <stdint.h>

#include "gprof/model.h"

struct objfile;
struct lines;

struct lines *lines_open (struct objfile *of);
void lines_close (struct lines *l);

/* Sets SYM's file and line, once (later calls do nothing).  Symbols
   without debugging information keep file NULL and line 0.  */
void lines_resolve (struct lines *l, struct sym *sym);

/* The source file of base name NAME that was seen last, as GNU gprof's
   lookup finds it; NULL if there is none.  */
struct source_file *lines_file_by_basename (struct lines *l,
					    const char *name);

/* The start of the line-level symbol PC falls in, as GNU gprof's -l
   divides .text (a new symbol wherever the (function, file, line)
   triple of an address differs from the one before it, and one at
   every function symbol), given FLOOR, the start of the function
   symbol PC falls in: the result is never below FLOOR.  Asked in
   ascending order of PC, the whole of .text costs one look at each
   byte.  */
uint64_t lines_line_start (struct lines *l, uint64_t pc, uint64_t floor);

#endif /* GPROF_LINES_H */
