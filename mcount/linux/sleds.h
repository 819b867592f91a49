/* sleds.h - what sleds.c and sledfile.c share: an object's file, its
   functions.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later  */

#ifndef MCOUNT_SLEDS_H
#define MCOUNT_SLEDS_H

#include <elf.h>
#include <link.h>
#include <sys/types.h>
#include <ucontext.h>

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

/* ------------------------------------------------------------------ */
/* What sleds.c and sledsite.c share: the object being patched.  */

/* The forms of sleds, by the section that lists them.  */
enum mc_sled_form {
	MC_SLED_NOPS,		/* -fpatchable-function-entry's NOPs
				   (__patchable_function_entries) */
	MC_SLED_MCOUNT,		/* -pg -mnop-mcount's NOP where the call
				   of mcount or __fentry__ was
				   (__mcount_loc; x86-64) */
	MC_SLED_XRAY		/* clang -fxray-instrument's entry sled
				   (xray_instr_map; x86-64, aarch64) */
};

/* A sled to patch, in an object's list: its address shifted left
   once, and whether its call is mcount's (after the function's frame
   is set up: -pg without -mfentry) in the low bit; sorted, they are
   sorted by address.  */
#define MC_SLED_SITE(a, body)	((uintptr_t) (a) << 1 | ((body) ? 1 : 0))
#define MC_SLED_AT(s)		((s) >> 1)
#define MC_SLED_BODY(s)		((s) & 1)

/* The object being patched, one section of records at a time.  */
struct mc_sled_obj {
	const struct mc_module *m;	/* its entry in the table */
	const struct dl_phdr_info *info;	/* its segments */
	struct mc_sledfn *fns;		/* its functions, sorted */
	size_t nfns;			/* how many */
	enum mc_sled_form form;		/* the section's sleds */
	size_t len;			/* the bytes of one (the port's) */
	uintptr_t *sites;		/* the sleds to patch (MC_SLED_SITE) */
	size_t nsites;			/* how many */
	void *page;			/* the jump page made for them, or
					   NULL */
	int before;			/* the NOPs before a symbol (M) of the
					   records a symbol places: 0 or more,
					   MC_SLED_BEFORE_NONE (none),
					   MC_SLED_BEFORE_MIXED */
};

#define MC_SLED_BEFORE_NONE	(-1)	/* no record at a symbol */
#define MC_SLED_BEFORE_MIXED	(-2)	/* records disagree */

/* What the objects held and what became of it, for the lines.  */
struct mc_sled_stats {
	uint64_t objects;		/* objects with records */
	uint64_t records;		/* their records */
	uint64_t records_at_start;	/* those found before main */
	uint64_t patched;		/* sleds now calls */
	uint64_t filtered;		/* not named by GMON_PATCH */
	uint64_t bad_form;		/* no sled at the entry (N too
					   small), or not the compiler's */
	uint64_t unplaced;		/* no symbol to place their entry,
					   in objects of M > 0 (stripped) */
	uint64_t failed;		/* in objects that could not be
					   patched (below) */
	const char *failed_obj;		/* the first such object */
	const char *failed_why;		/* the call that failed, or
					   why */
	int failed_errno;		/* its errno, or 0 */
	uint64_t late;			/* in objects loaded while other
					   threads ran */
	const char *late_obj;		/* the first of them */
	uint64_t late_threads;		/* the threads then */
	uint64_t pending;		/* entries of objects found where
					   they could not be patched, not
					   patched since */
	uint64_t pending_objs;		/* those objects */
	uint64_t after;			/* objects patched later */
	const char *after_obj;		/* the first of them */
	int exe_errno;			/* why the program's file could not
					   be read, or 0 */
	bool pg;			/* an object calls libgmon itself
					   (-pg, -lgmon): no line when no
					   object has records */
	bool started;			/* mc_sleds_started ran: objects
					   are loaded later */
};

extern struct mc_sled_stats mc_sled_st MC_HIDDEN;

/* Counts N entries of O's object as not patched, for WHY (ERR: its
   errno, or 0).  */
void mc_sled_fail (const struct mc_module *m, uint64_t n, const char *why,
		   int err) MC_HIDDEN;
/* The executable segment of O's object that holds [A, A + N), or
   NULL.  */
const ElfW (Phdr) *mc_sled_code (const struct mc_sled_obj *o, uintptr_t a,
				 size_t n) MC_HIDDEN;
/* Whether GMON_PATCH can be used (compiled once).  */
bool mc_sled_regex_ok (void) MC_HIDDEN;
/* The entries section SEC of O's object lists, of O->form.  */
uint64_t mc_sled_count (const struct mc_sled_obj *o, const ElfW (Shdr) *sec)
	MC_HIDDEN;
/* The records of section SEC (in memory, relocated) of O's object,
   COUNT entries (mc_sled_count), their sleds into O->sites (*MAPPED
   bytes); false if they are not sleds of O->form.  */
bool mc_sled_find (struct mc_sled_obj *o, const ElfW (Shdr) *sec,
		   uint64_t count,
		   size_t *mapped) MC_HIDDEN;

/* The port's (mcount/arch/ARCH/sleds.c): PROT_* bits beyond PF_R,
   PF_W and PF_X that the dynamic linker or the kernel gave the code of
   the object INFO describes, which its patched copy must keep
   (aarch64's PROT_BTI); 0 elsewhere.  */
int mc_arch_sled_prot (const struct dl_phdr_info *info) MC_HIDDEN;
/* The rest of each port's part (mcount/arch/arch.h says what each
   does; MC_ARCH_SLED_SIZE and the like are in the port's arch.h).  */
size_t mc_arch_sled_skip (const unsigned char *entry, size_t avail)
	MC_HIDDEN;
bool mc_arch_sled_nops (const unsigned char *p, size_t n) MC_HIDDEN;
/* The bytes a sled of FORM spans, 0 if the port has no such form.  */
size_t mc_arch_sled_len (enum mc_sled_form form) MC_HIDDEN;
/* Whether the sled of FORM at P (mc_arch_sled_len bytes) is as the
   compiler left it: not patched, and room for a call.  */
bool mc_arch_sled_free (enum mc_sled_form form, const unsigned char *p)
	MC_HIDDEN;
/* Writes into P, the copy of the sled of FORM at AT, a call of TO.  */
void mc_arch_sled_call (enum mc_sled_form form, unsigned char *p,
			uintptr_t at, uintptr_t to) MC_HIDDEN;
void mc_arch_sled_tramp (unsigned char *p, uintptr_t to) MC_HIDDEN;
/* Libgmon's entry a sled calls: __fentry__'s kind, or mcount's (BODY).  */
uintptr_t mc_arch_sled_entry (bool body) MC_HIDDEN;

/* For the stack walk (unwind.c) of a port whose return address stays
   in a register (MC_ARCH_RA_IN_REG: aarch64, riscv64; x86-64's
   __fentry__ makes no frame the walk cannot follow), where the port's
   mc_sled_entry or a jump page has no frame: for a sample at PC with registers UC there,
   *SELF (where it returns to, in the patched function) and *FROM (the
   patched function's own return address, still in a register); false
   elsewhere.  Async-signal-safe.  */
bool mc_arch_sled_regs (const ucontext_t *uc, uintptr_t pc, uintptr_t *self,
			uintptr_t *from) MC_HIDDEN;
/* When PC, in a loaded object, is one of a patched sled's two
   instructions (its call not made yet), the address after the sled,
   where the function's table starts; else 0.  Async-signal-safe.  */
uintptr_t mc_arch_sled_past (uintptr_t pc) MC_HIDDEN;
/* Whether PC lies in one of the jump pages made for sleds.
   Async-signal-safe.  */
bool mc_sled_in_page (uintptr_t pc) MC_HIDDEN;
/* Whether any jump page was made.  Async-signal-safe.  */
bool mc_sled_in_page_any (void) MC_HIDDEN;

#endif /* MCOUNT_SLEDS_H */
