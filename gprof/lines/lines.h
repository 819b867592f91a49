/* lines.h - source files and lines of addresses.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   What the rest of the analyser asks of the debugging information: the
   file and line of a function symbol, the source files by name, and
   (linesyms.h) GNU gprof's line-level symbol table.  */

#ifndef GPROF_LINES_H
#define GPROF_LINES_H

#include <stdbool.h>
#include <stdint.h>

#include "gprof/model.h"

struct objfile;
struct lines;

/* Nothing is read until a question needs it.  */
struct lines *lines_open (struct objfile *of);
void lines_close (struct lines *l);

/* --objects: the lines of another object of the process, whose code
   is [OFFSET, END) in the model (its own addresses + OFFSET), from its
   own debugging information (OF's, or its separate debugging file's),
   read when first asked for.  OF stays the caller's and must outlive
   L.  Its source files join L's (one list, one numbering).  */
void lines_add_object (struct lines *l, struct objfile *of, uint64_t offset,
		       uint64_t end);

/* Sets SYM's file and line, once (later calls do nothing): those of
   the line table row at its address.  Symbols without debugging
   information keep file NULL and line 0.  */
void lines_resolve (struct lines *l, struct sym *sym);

/* The source file of base name NAME that was seen last, as GNU gprof's
   lookup finds it; NULL if there is none.  */
struct source_file *lines_file_by_basename (struct lines *l,
					    const char *name);

/* The source files in the order they were first seen (->next), and
   how many there are (their ids count from 0 in that order).  */
struct source_file *lines_first_file (struct lines *l);
unsigned int lines_nfiles (const struct lines *l);

#endif /* GPROF_LINES_H */
