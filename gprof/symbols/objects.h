/* objects.h - gprof --objects: the symbols of the other objects of the
   process (objects.c).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef GPROF_OBJECTS_H
#define GPROF_OBJECTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gprof/model.h"
#include "gprof/options.h"

/* The function symbols of object O of the process, at their places in
   the model (link-time address + O->offset), named NAME@OBJECT, from
   the object's separate debugging file if the system has one (its
   full symbol table), else its own symbol table, else (stripped) its
   dynamic one (O->STRIPPED is set); each ends where its size says,
   and the code no symbol covers is named OBJECT+0xADDRESS (bounds.c);
   its PLT entries are NAME@plt@OBJECT.  *END gets the end of its code
   in the model.  NULL with
   *N 0 (after a warning) if it cannot be read.  The names are the
   caller's to free.  O->CODE gets its file, left open for its machine
   code and lines (the caller closes it), or NULL.  */
struct sym *objects_syms (struct proc_object *o,
			  const struct options *opt, uint64_t *end,
			  size_t *n);

/* Whether the program OF has no function symbol GNU gprof would keep
   (stripped, and no debugging file).  */
bool objects_program_stripped (struct objfile *of, const struct options *opt);

/* --objects on such a program: its functions as an object's (its
   dynamic symbols, its PLT entries, the code no symbol covers, named
   NAME+0xADDRESS: bounds.c), at their addresses.  */
struct sym *objects_program_syms (struct objfile *of,
				  const struct options *opt,
				  const char *name, size_t *n);

/* --objects on a program with symbols: the entries of its procedure
   linkage table, NAME@plt, as a library's are NAME@plt@OBJECT.  GNU
   gprof's rule, which the program's other symbols keep, charges them
   to the symbol before them, _init, which has no size.  */
struct sym *objects_program_plt (struct objfile *of, size_t *n);

/* Says once which objects of OBJS with a part in the profile (and the
   program OF, OBJS->v[0], if stripped) have only the symbols they
   export, how their other functions are named, and where their
   symbols would come from: the package of their debugging symbols
   (Debian's -dbgsym, or -dbg), the debugging file by build id.  */
void objects_note_stripped (const struct proc_objects *objs,
			    struct objfile *of);

#endif /* GPROF_OBJECTS_H */
