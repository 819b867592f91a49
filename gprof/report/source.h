/* source.h - finding source files, and naming the -y listings.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef GPROF_REPORT_SOURCE_H
#define GPROF_REPORT_SOURCE_H

#include <stdbool.h>
#include <stddef.h>

#include "gprof/options.h"

/* Reads the source file NAME (a path from the line tables), looked for
   by GNU gprof's rules in the directories of OPT, into *BUF (malloc'ed,
   *LEN bytes); *FOUND gets the path it was read from (malloc'ed).
   False if it cannot be found or read; *ERR says why (ENOENT: not
   found anywhere), and *KIND what was found instead of a regular file
   ("a FIFO" ...), or NULL.  */
bool source_read (const struct options *opt, const char *name, char **buf,
		  size_t *len, char **found, int *err, const char **kind);

/* The names of the -y listings of the sources PATHS[0..N), all
   different (malloc'ed, each malloc'ed).  */
char **source_listing_names (const char *const *paths, size_t n);

#endif /* GPROF_REPORT_SOURCE_H */
