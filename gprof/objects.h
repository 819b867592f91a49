/* objects.h - gprof --objects: the symbols of the other objects of the
   process (objects.c).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef GPROF_OBJECTS_H
#define GPROF_OBJECTS_H

#include <stddef.h>
#include <stdint.h>

#include "gprof/model.h"
#include "gprof/options.h"

/* The function symbols of object O of the process, at their places in
   the model (link-time address + O->offset), named NAME@OBJECT, from
   the object's separate debugging file if the system has one (its
   full symbol table), else its own symbol table, else (stripped) its
   dynamic one.  *END gets the end of its code in the model.  NULL with
   *N 0 (after a warning) if it cannot be read.  The names are the
   caller's to free.  O->CODE gets its file, left open for its machine
   code and lines (the caller closes it), or NULL.  */
struct sym *objects_syms (struct proc_object *o,
			  const struct options *opt, uint64_t *end,
			  size_t *n);

#endif /* GPROF_OBJECTS_H */
