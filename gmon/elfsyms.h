/* elfsyms.h - the function symbols of an ELF file, for gmondump -e.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   gmondump names the addresses it prints after the functions that
   hold them.  It does not link libbfd (the format library's tools
   stay small and LGPL), so this reads an ELF file's symbol table
   itself: .symtab, or .dynsym when the file was stripped, every read
   checked against the file's size.  */

#ifndef GMON_ELFSYMS_H
#define GMON_ELFSYMS_H

#include <stddef.h>
#include <stdint.h>

struct elfsym {
	uint64_t addr;			/* link-time address */
	uint64_t size;			/* bytes; 0: not known */
	const char *name;		/* into struct elfsyms's names */
};

struct elfsyms {
	struct elfsym *v;		/* functions, by address */
	size_t n;
	char *names;			/* their names, NUL-terminated */
	int dynamic;			/* from .dynsym: the file is stripped */
};

/* Reads the function symbols of PATH into S.  Returns 0, or -1 with
   ERR (SIZE bytes) saying why ("not an ELF file", "no symbols").  */
int elfsyms_load (const char *path, struct elfsyms *s, char *err,
		  size_t size);

/* The function that holds ADDR, *OFF the distance from its start; NULL
   if none does (between functions, outside them).  */
const char *elfsyms_find (const struct elfsyms *s, uint64_t addr,
			  uint64_t *off);

void elfsyms_free (struct elfsyms *s);

#endif /* GMON_ELFSYMS_H */
