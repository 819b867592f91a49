/* sleds.h - what sleds.c and sledfile.c share: an object's file, its
   functions.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later  */

#ifndef MCOUNT_SLEDS_H
#define MCOUNT_SLEDS_H

#include <elf.h>
#include <link.h>
#include <sys/types.h>

#define MC_SLEDF_PARTS	8		/* parts read at once, at most */

/* A part of an object's file, read into memory of its own.  */
struct mc_sledf_part {
	unsigned int sec;		/* its section (0: the headers) */
	void *p;			/* its bytes, and a NUL after them */
	size_t len;			/* how many */
	size_t mapped;			/* the memory's bytes */
};

/* An object's file: what of it was read (pread, never mapped: a file
   truncated meanwhile gives a short read, not a SIGBUS).  */
struct mc_sledf {
	int fd;				/* open while it is read */
	uint64_t size;			/* its bytes, when opened */
	const ElfW (Shdr) *sh;		/* its section headers */
	unsigned int shnum;		/* how many */
	unsigned int shstrndx;		/* the section of their names */
	dev_t dev;			/* the file's device, */
	ino_t ino;			/* and inode, as opened */
	struct mc_sledf_part part[MC_SLEDF_PARTS];	/* what was read */
	unsigned int nparts;		/* how many */
};

/* A function symbol, at run time.  */
struct mc_sledfn {
	uintptr_t lo;			/* its entry */
	uintptr_t hi;			/* its end (lo + size) */
	const char *name;		/* in the file's part read */
};

/* Opens the file at PATH, an ELF file of this process's class with its
   section headers in it, and reads them; false if it is none.  */
bool mc_sledf_open (struct mc_sledf *f, const char *path) MC_HIDDEN;
void mc_sledf_close (struct mc_sledf *f) MC_HIDDEN;
/* The index of the first section of TYPE named NAME, else 0.  */
unsigned int mc_sledf_section (struct mc_sledf *f, const char *name,
			       uint32_t type) MC_HIDDEN;
/* Whether the dynamic symbols take one of NAMES (NULL-ended).  */
bool mc_sledf_calls (struct mc_sledf *f, const char *const *names)
	MC_HIDDEN;
/* The functions of the symbol table (.symtab, else .dynsym) at BASE,
   sorted by entry, in memory of their own (*MAPPED bytes, *COUNT of
   them); NULL if none.  */
struct mc_sledfn *mc_sledf_functions (struct mc_sledf *f,
				      uintptr_t base, size_t *count,
				      size_t *mapped) MC_HIDDEN;
/* The first of T's N functions at R or after it.  */
size_t mc_sledf_fn_at (const struct mc_sledfn *t, size_t n, uintptr_t r)
	MC_HIDDEN;
/* Whether the file's build id (.note.gnu.build-id) is ID (LEN
   bytes): 1 if so (the file is the one loaded), 0 if not, -1 when
   either has none.  */
int mc_sledf_same_build (struct mc_sledf *f, const unsigned char *id,
			 unsigned int len) MC_HIDDEN;
/* Whether the mapping that holds ADDR (/proc/self/maps) is of F's
   file, the same device and inode; false if not known.  */
bool mc_sledf_maps_file (struct mc_sledf *f, uintptr_t addr)
	MC_HIDDEN;
/* Whether the parent process maps a libgmon too (/proc/PPID/maps);
   false if not known.  */
bool mc_sledf_parent_has_libgmon (void) MC_HIDDEN;
/* The process's threads (/proc/self/stat), or 0 if not known.  */
uint64_t mc_sledf_threads (void) MC_HIDDEN;
/* The PF_* flags of segment PH as PROT_* ones.  */
int mc_sledf_prot (const ElfW (Phdr) *ph) MC_HIDDEN;
/* GMON_DEBUG's line: N entries of the object at PATH patched.  */
void mc_sledf_debug (const char *path, uint64_t n) MC_HIDDEN;
/* Sorts N addresses.  */
void mc_sledf_sort_sites (uintptr_t *a, size_t n) MC_HIDDEN;

/* The port's (mcount/arch/ARCH/sleds.c): PROT_* bits beyond PF_R,
   PF_W and PF_X that the dynamic linker or the kernel gave the code of
   the object INFO describes, which its patched copy must keep
   (aarch64's PROT_BTI); 0 elsewhere.  */
int mc_arch_sled_prot (const struct dl_phdr_info *info) MC_HIDDEN;
/* The rest of each port's part (mcount/arch/arch.h says what each
   does; MC_ARCH_SLED_SIZE and the like are in the port's arch.h).  */
size_t mc_arch_sled_skip (const unsigned char *entry, size_t avail)
	MC_HIDDEN;
bool mc_arch_sled_free (const unsigned char *p) MC_HIDDEN;
bool mc_arch_sled_nops (const unsigned char *p, size_t n) MC_HIDDEN;
void mc_arch_sled_call (unsigned char *p, uintptr_t at, uintptr_t to)
	MC_HIDDEN;
void mc_arch_sled_tramp (unsigned char *p, uintptr_t to) MC_HIDDEN;
uintptr_t mc_arch_sled_entry (void) MC_HIDDEN;

#endif /* MCOUNT_SLEDS_H */
