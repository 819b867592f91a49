/* symfile.h - the symbol files a user gives (symfile.c): -S, -R.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef GPROF_SYMFILE_H
#define GPROF_SYMFILE_H

#include <stdbool.h>
#include <stddef.h>

#include "gprof/model.h"

/* An -R map: which object file each global function came from.  */
struct fmap_entry {
	char *file;			/* object file name */
	char *func;			/* function name */
	bool is_first;			/* first entry of its file in the map */
};

struct fmap {
	struct fmap_entry *v;		/* sorted by function name */
	size_t n;
};

/* The symbols of an nm-style file (-S): "ADDRESS TYPE NAME" lines, of
   which types t and T are kept.  Exits if there are none.  *NAMES
   gets the memory of the names, to free after the symbols.  */
struct sym *symfile_read_syms (const char *path, size_t *n, char **names);

/* Reads an -R map, the output of `nm --extern-only --defined-only -v
   --print-file-name' over the object files.  */
void symfile_read_map (const char *path, struct fmap *map);
void symfile_free_map (struct fmap *map);

#endif /* GPROF_SYMFILE_H */
