/* overhead.h - libgmon's own time, shown as profiling overhead.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef GPROF_OVERHEAD_H
#define GPROF_OVERHEAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gprof/model.h"

/* The one name of libgmon's time in every report and export: a single
   token (no space: the folded format and the readers of gprof's text
   split on blanks), in brackets as the other frames that stand for no
   function of the program ([unknown], [pruned]), and no dot, so that
   a symspec takes it for a function (-E '[profiling-overhead]').  */
#define OVERHEAD_NAME	"[profiling-overhead]"

/* Whether the object O of the process is libgmon (its file is
   libgmon.so*, whatever its directory).  */
bool overhead_object (const struct proc_object *o);
/* The same, by the object's file name or path.  */
bool overhead_object_path (const char *path);

/* The N symbols V of libgmon, whose code ends at END (model addresses),
   made one: OVERHEAD_NAME from the first of them to END.  Frees the
   names of the others; *N becomes 1 (or stays 0).  */
void overhead_collapse (struct sym *v, size_t *n, uint64_t end);

/* Once ST is final and indexed: its overhead symbol found
   (overhead_sym), and the calling contexts of P (and of each of its
   threads) with everything under a frame in libgmon charged to that
   frame: what the slow path or the dumper calls (mmap, write) is the
   overhead of the function that called mcount, one frame under it.  */
void overhead_prepare (struct profile *p, struct symtab *st);

/* The symbol of the overhead in ST, or NULL.  */
const struct sym *overhead_sym (const struct symtab *st);
/* Whether ST has the overhead, and --no-overhead left it out.  */
bool overhead_left_out (const struct symtab *st);

#endif /* GPROF_OVERHEAD_H */
