/* objfile-bfd.h - the libbfd side of struct objfile.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Private to the files that use libbfd: objfile.c, debuglink.c,
   objects.c and arch/machsyms.c.  */

#ifndef GPROF_OBJFILE_BFD_H
#define GPROF_OBJFILE_BFD_H

#include <bfd.h>

#include "gprof/symbols/objfile.h"

struct objfile {
	char *path;			/* as given */
	bfd *abfd;			/* open for the whole run */
	asymbol **syms;			/* symbol table, then synthetic ones */
	long nsyms;
	asymbol *synth;			/* synthetic symbols (to free) */
	asection *text;			/* .text (or $CODE$) */
	struct objfile *sym_file;	/* a stripped program's debugging
					   file, whose symbols SYMS are; or
					   NULL: OF's own */
	asection *sym_text;		/* the section of SYMS that is TEXT
					   (TEXT itself, or the debugging
					   file's copy of its header) */
	unsigned char *text_bytes;	/* its contents, once read (-c) */
	bool text_tried;		/* text_bytes was attempted */
	unsigned char *map;		/* the file, mapped (sections) */
	size_t map_size;		/* its size */
	bool map_tried;			/* map was attempted */
	bool debug_checked;		/* debug_safe is known */
	bool debug_safe;		/* where libbfd looks for the debugging
					   file, nothing but regular files */
	unsigned int elf_machine;	/* e_machine of an ELF file, else 0 */
	bool elf64;			/* an ELFCLASS64 file */
	char arch_name[32];		/* "ELF machine N", when neither
					   libbfd nor arch/machsyms.c
					   knows N */
	struct code_mark *marks;	/* Arm's mapping symbols, by address
					   (objfile_code_kind,
					   arch/machsyms.c) */
	size_t nmarks;			/* their number */
	bool marks_built;		/* marks was made */
};

/* Where one kind of code starts, for an Arm file: its mapping symbol
   ($a, $t, $d), or without them its functions' Thumb bits.  */
struct code_mark {
	uint64_t addr;			/* where the kind starts */
	char kind;			/* 'a' Arm, 't' Thumb, 'd' data */
};

/* The address of S, a symbol of OF, as gprof counts it: on Arm
   without the Thumb bit of a function's (arch/machsyms.c).  */
uint64_t objfile_sym_addr (const struct objfile *of, const asymbol *s);

/* Whether the libbfd back end of OF's machine would never take S for
   a function's symbol: mapping and tag symbols, indirect functions
   (arch/machsyms.c).  */
bool objfile_not_a_function (const struct objfile *of, const asymbol *s);

/* PATH opened by libbfd, if it is a regular file: libbfd's fopen()
   waits forever on a FIFO without a writer, and libbfd needs to seek
   anyway.  NULL with *KIND saying what PATH is instead, or with errno
   (*KIND NULL) if it cannot be opened.  */
bfd *open_regular_bfd (const char *path, const char **kind);

/* An objfile of ABFD (open, checked as an object file, taken over):
   another object of the process (objects.c), whose symbols the caller
   reads, and whose code and lines the exports read.  Its .text may be
   missing (NULL): then it has no code to read.  */
struct objfile *objfile_wrap (const char *path, bfd *abfd);

/* Whether GNU gprof keeps symbol S of OF: 'T' for a global function,
   't' for a static one, 0 to leave it (the rules at the top of
   objfile.c).  */
int objfile_sym_class (const struct objfile *of, asymbol *s,
		       const struct options *opt);

/* A stripped program (no symbol table of its own): the symbol table
   of its separate debugging file, if it has one (debuglink.c),
   into OF's SYMS; false if there is none.  */
bool objfile_debug_symbols (struct objfile *of);

#endif /* GPROF_OBJFILE_BFD_H */
