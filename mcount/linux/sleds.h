/* sleds.h - what sleds.c and sledfile.c share: an object's file, its
   functions.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later  */

#ifndef MCOUNT_SLEDS_H
#define MCOUNT_SLEDS_H

#include <elf.h>
#include <link.h>

/* An object's file, mapped read-only.  */
struct mc_sledf {
	const unsigned char *map;	/* the whole file */
	size_t size;			/* its bytes */
	const ElfW (Shdr) *sh;		/* its section headers */
	unsigned int shnum;		/* how many */
};

/* A function symbol, at run time.  */
struct mc_sledfn {
	uintptr_t lo;			/* its entry */
	uintptr_t hi;			/* its end (lo + size) */
	const char *name;		/* in the mapped file */
};

/* Maps the file at PATH, an ELF file of this process's class with its
   section headers in it; false if it is none.  */
bool mc_sledf_open (struct mc_sledf *f, const char *path) MC_HIDDEN;
void mc_sledf_close (struct mc_sledf *f) MC_HIDDEN;
/* The index of the first section of TYPE named NAME, else 0.  */
unsigned int mc_sledf_section (const struct mc_sledf *f, const char *name,
			       uint32_t type) MC_HIDDEN;
/* Whether the dynamic symbols take one of NAMES (NULL-ended).  */
bool mc_sledf_calls (const struct mc_sledf *f, const char *const *names)
	MC_HIDDEN;
/* The functions of the symbol table (.symtab, else .dynsym) at BASE,
   sorted by entry, in memory of their own (*MAPPED bytes, *COUNT of
   them); NULL if none.  */
struct mc_sledfn *mc_sledf_functions (const struct mc_sledf *f,
				      uintptr_t base, size_t *count,
				      size_t *mapped) MC_HIDDEN;
/* The first of T's N functions at R or after it.  */
size_t mc_sledf_fn_at (const struct mc_sledfn *t, size_t n, uintptr_t r)
	MC_HIDDEN;
/* Whether the file's build id (.note.gnu.build-id) is ID (LEN
   bytes): the file is the one loaded.  True when either has none.  */
bool mc_sledf_same_build (const struct mc_sledf *f, const unsigned char *id,
			  unsigned int len) MC_HIDDEN;
/* Sorts N addresses.  */
void mc_sledf_sort_sites (uintptr_t *a, size_t n) MC_HIDDEN;

/* The port's (mcount/arch/ARCH/sleds.c): PROT_* bits beyond PF_R,
   PF_W and PF_X that the dynamic linker or the kernel gave the code of
   the object INFO describes, which its patched copy must keep
   (aarch64's PROT_BTI); 0 elsewhere.  */
int mc_arch_sled_prot (const struct dl_phdr_info *info) MC_HIDDEN;

#endif /* MCOUNT_SLEDS_H */
