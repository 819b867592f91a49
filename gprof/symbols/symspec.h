/* symspec.h - the symbols options like -p, -q, -k and -E name.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   A symspec is FILE:FUNCTION, FILE:LINE, FILE (it has a dot), LINE (it
   starts with a digit) or FUNCTION; an empty part matches anything.
   Arc specs are two of them, FROM/TO.  Each option puts its specs in
   one of the tables of options.h; a symbol is "on" for an output if
   an INCL table names it, or if that table names nothing and the EXCL
   table does not name it.  */

#ifndef GPROF_SYMSPEC_H
#define GPROF_SYMSPEC_H

#include <stdbool.h>

#include "gprof/model.h"
#include "gprof/options.h"

struct lines;
struct symspecs;

/* Whether a spec of OPT names a file or a line, so that every symbol
   needs its file and line looked up before symspec_build().  */
bool symspec_needs_lines (const struct options *opt);

/* Matches every spec of OPT (and the runtime's own entry points, which
   are always left out) against the symbols of ST.  LINES gives source
   file names (may be NULL); LEAD is the target's leading character
   of C names.  Warns about user specs that match nothing.  */
struct symspecs *symspec_build (const struct options *opt,
				const struct symtab *st, struct lines *lines,
				char lead);
void symspec_free (struct symspecs *ss);

/* Whether SYM is named by a spec of table T.  */
bool symspec_in (const struct symspecs *ss, const struct symtab *st,
		 const struct sym *sym, enum spec_table t);

/* Whether table T names any symbol at all.  */
bool symspec_used (const struct symspecs *ss, enum spec_table t);

/* The rule for an output with tables INCL and INCL + 1 (its EXCL):
   on if INCL names SYM, or INCL names nothing and EXCL does not.  */
bool symspec_on (const struct symspecs *ss, const struct symtab *st,
		 const struct sym *sym, enum spec_table incl);

/* Whether the arc PARENT -> CHILD, two symbols of ST (the table SS
   was built on, or a copy of it), is kept (-k, -q FROM/TO, -Q
   FROM/TO).  */
bool symspec_arc_ok (const struct symspecs *ss, const struct symtab *st,
		     const struct sym *parent, const struct sym *child);

#endif /* GPROF_SYMSPEC_H */
