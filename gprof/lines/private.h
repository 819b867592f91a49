/* private.h - what lines.c and linesyms.c share.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef GPROF_LINES_PRIVATE_H
#define GPROF_LINES_PRIVATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gprof/dwarf/dwarf.h"
#include "gprof/model.h"
#include "gprof/util/hindex.h"
#include "gprof/symbols/objfile.h"


/* An address range a unit claims, for finding the unit of an address.  */
struct unit_range {
	uint64_t lo;			/* first address */
	uint64_t hi;			/* one past the last */
	uint64_t max_hi;		/* highest HI of this and the ranges
					   before it (they are sorted by LO) */
	size_t unit;			/* index of the unit */
	size_t rank;			/* the order libbfd asks in: the
					   unit's index, or with no ranges of
					   its own (these are its sequences)
					   after all those that have some */
};

/* The bits of a line symbol's file id.  */
#define LINESYM_FILE_BITS 28

/* One symbol of GNU gprof's line-level table: where the (function,
   file, line) of the code changes.  */
struct linesym {
	uint64_t addr;			/* first address */
	const char *name;		/* function, as libbfd names it */
	uint32_t line;			/* line, all of it (GNU gprof prints
					   any the line table gives) */
	uint32_t file : LINESYM_FILE_BITS; /* source file (its id; each a
					   path in memory, so never near 2^28) */
	uint32_t is_static : 1;		/* GNU gprof's is_static for it: its
					   function symbol's, or the last
					   symbol's of one (name, file) */
	uint32_t shadowed : 1;		/* a function symbol starts here too
					   (and is kept instead) */
	uint32_t wins : 1;		/* a static function symbol starts
					   here and this global line is kept
					   instead (and always touched) */
	uint32_t touched : 1;		/* the profile has something in it */
};

struct linemap {
	struct linesym *v;		/* by address */
	size_t n;
	uint32_t *bucket;		/* bucket b: the last symbol at or below
					   v[0].addr + (b << shift) */
	size_t nbuckets;
	unsigned int shift;
	uint32_t *untouched;		/* indices of the symbols left out of the
					   table, by (leading '_', name,
					   address): see linesyms_renumber() */
	size_t nuntouched;
	const char **rank_name;		/* their names, sorted, distinct */
	size_t *rank_start;		/* first of each name in UNTOUCHED */
	size_t nranks;
};

/* --objects: another object of the process, whose lines come from
   its own debugging information.  */
struct lines_object {
	uint64_t lo;			/* first address of its code in the
					   model (its offset) */
	uint64_t hi;			/* one past the last */
	struct lines *lines;		/* its lines, at its own addresses
					   (the model's less LO) */
};

struct lines {
	struct objfile *of;		/* the executable; NULL for
					   lines_open_decoded() */
	struct lines *owner;		/* the program's lines, whose source
					   files another object's share; NULL
					   for the program's own */
	struct lines_object *objs;	/* the other objects, by address */
	size_t nobjs;
	uint64_t text_start;		/* first byte of .text */
	uint64_t text_end;		/* one past its last */
	struct objfile *dbg;		/* OF's separate debugging file, whose
					   sections are read instead, or NULL */
	bool loaded;			/* the sections were looked for */
	unsigned char *sec[DWS_COUNT];	/* decompressed contents (ours) */
	struct dwarf *dw;		/* NULL without debugging information */

	struct unit_range *ranges;	/* sorted by lo */
	size_t nranges;
	bool indexed;			/* RANGES was built */
	struct source_file ***ufiles;	/* per unit: file number -> file */
	uint32_t *unfiles;		/* per unit: entries of UFILES[u] */

	struct source_file *first;	/* oldest file */
	struct source_file *last;	/* newest file */
	struct hindex file_index;	/* BY_ID by path */
	struct source_file **by_id;	/* the files by id */
	unsigned int nfiles;

	struct text_sym *tsyms;		/* libbfd's fallback function names */
	size_t ntsyms;
	bool tsyms_read;

	struct linemap *map;		/* -l: built by linesyms.c */
};

/* A struct lines without an executable, for tests/fuzz/fuzz_linemap.c:
   the debugging information DW (decoded from sections that outlive
   the result), .text's bounds and the fallback names TSYMS (NTSYMS of
   them, malloc'ed, as objfile_text_syms() makes them), which
   lines_dwarf(), linemap_build() and lines_text_syms() would otherwise
   have from the objfile.  DW and TSYMS are taken over (lines_close()
   frees them); the names stay the caller's.  */
struct lines *lines_open_decoded (struct dwarf *dw, uint64_t text_start,
				  uint64_t text_end, struct text_sym *tsyms,
				  size_t ntsyms);

/* The object of L whose code holds ADDR, or NULL (the program's).  */
const struct lines_object *lines_object_at (const struct lines *l,
					    uint64_t addr);

/* The debugging information, read on first use; NULL if there is none.  */
struct dwarf *lines_dwarf (struct lines *l);

/* The file of file number FILE of unit U's line table L, or NULL if
   libbfd would give no name.  */
struct source_file *lines_unit_file (struct lines *l, size_t u,
				     const struct dwarf_lines *lt,
				     uint32_t file);

/* The symbols libbfd names code by without a function entry.  */
const struct text_sym *lines_text_syms (struct lines *l, size_t *n);

/* linemap.c: builds L->map, the line symbols of all of .text, sorted
   by address and indexed.  If FN is not NULL, its symbols (sorted)
   that have no file and line yet get them on the way, as
   lines_resolve() would give them: one walk instead of a search per
   function.  */
void linemap_build (struct lines *l, struct symtab *fn);

/* claims.c: which unit answers for the addresses of [LO, HI), as
   libbfd decides where units claim the same addresses: pieces in
   address order (*N of them; malloc'd).  */
struct claim {
	uint64_t lo;			/* first address */
	uint64_t hi;			/* one past the last */
	size_t unit;			/* the unit that answers */
};
struct claim *claims_build (struct dwarf *dw, uint64_t lo, uint64_t hi,
			    size_t *n);

/* The last line symbol of MAP at or below ADDR, or MAP->n.  */
size_t linemap_find (const struct linemap *map, uint64_t addr);

#endif /* GPROF_LINES_PRIVATE_H */
