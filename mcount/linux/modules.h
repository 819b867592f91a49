/* modules.h - the objects of the process (modules.c), their histograms
   and the names of their files (objdir.c).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   Part of runtime.h (the internals of libgmon), which includes it
   with what it needs first; the files include runtime.h.  */

#ifndef MCOUNT_LINUX_MODULES_H
#define MCOUNT_LINUX_MODULES_H

#ifndef MCOUNT_LINUX_RUNTIME_H
# error "include mcount/linux/runtime.h, which includes this file"
#endif

/* ------------------------------------------------------------------ */
/* modules.c */

#define MC_MODULES_DEFAULT 1024	/* GMON_MAX_OBJECTS: objects in the
					   table; more are not profiled */
#define MC_MODULES_LIMIT 65536		/* ... at most */
/* The bytes of an object's file name that name its classic file
   (objdir.c), before a ~N and ".gmon".  */
#define MC_FILE_STEM	200
#define MC_BUILD_ID_MAX	64

enum mc_module_flag {
	MC_MOD_MAIN = 1,		/* the program (always entry 0) */
	MC_MOD_VDSO = 2,		/* the kernel's vDSO */
	MC_MOD_GONE = 4,		/* dlclose'd: kept for its data */
	MC_MOD_SLEDS_LATER = 8		/* its sleds wait for a scan that
					   may patch them (sleds.c) */
};

/* An object of the process: the program, a shared library, the vDSO.
   Entries are appended, never moved or freed; the signal handler
   reads them.  */
struct mc_module {
	uintptr_t base;			/* load address (0: not relocated);
					   link-time = runtime - base */
	uintptr_t text_lo;		/* its executable segments, runtime */
	uintptr_t text_hi;
	uintptr_t image_lo;		/* all its loaded bytes (what a copy
					   of the vDSO holds) */
	uintptr_t image_hi;
	struct mc_hist hist;		/* its samples */
	const char *path;		/* as loaded; absolute for the program */
	unsigned char build_id[MC_BUILD_ID_MAX];	/* NT_GNU_BUILD_ID */
	unsigned int build_id_len;	/* 0: none */
	uint64_t file_size;		/* its file's size in bytes, and */
	uint64_t mtime_ns;		/* time of change, ns since 1970, as
					   it was loaded (0: not known): the
					   build stamp without a build id */
	int flags;			/* enum mc_module_flag, atomic */
	uint64_t seen;			/* the last scan that saw it */
	uintptr_t eh_hdr;		/* its .eh_frame_hdr, runtime; 0: none */
	uintptr_t eh_lo;		/* the readable segment that holds it */
	uintptr_t eh_hi;		/* (unwind.c reads nothing outside) */
	const char *file;		/* its classic file's name in the
					   object directory, without
					   ".gmon", unique; NULL for the
					   program */
	uint32_t file_dups;		/* objects named after its file so
					   far (its ~N), if it was the first */
};

/* The table: mc_modules_max () entries.  */
extern struct mc_module *mc_modules MC_HIDDEN;
#define mc_main (mc_modules[0])

/* Entries published so far, and room for.  */
unsigned int mc_modules_count (void) MC_HIDDEN;
unsigned int mc_modules_max (void) MC_HIDDEN;
/* Objects that were loaded but not in the table, at the last look.  */
uint64_t mc_modules_untracked (void) MC_HIDDEN;
/* A copy of S (N bytes) in memory never freed; "" if none could be
   had.  Normal context.  */
const char *mc_str_keep (const char *s, size_t n) MC_HIDDEN;

/* objdir.c: the names of the objects' files in the object directory.
   M, entry K of the table, gets its file's name (mc_module.file), as
   it is added, unique in the process.  */
void mc_objname_give (struct mc_module *m, unsigned int k) MC_HIDDEN;
/* The hash of the names given has N slots (a power of two, twice the
   object table's entries) at SLOTS, if the table is larger than
   MC_MODULES_DEFAULT.  */
void mc_objnames_init (uint32_t *slots, uint32_t n) MC_HIDDEN;
/* The entry whose file is NAME (LEN bytes, without ".gmon"), or -1;
   it may not be published yet.  Async-signal-safe.  */
int mc_module_by_file (const char *name, size_t len) MC_HIDDEN;
/* The first scan, at start-up (PATCH: one that may patch sleds, the
   constructor's); then a new one when the dynamic linker's counters
   moved.  Normal context only (dl_iterate_phdr).  */
void mc_modules_init (bool patch) MC_HIDDEN;
void mc_modules_refresh (void) MC_HIDDEN;
/* The same, from a place where sleds may be patched (sleds.c says
   which); FORCE: every object is looked at again, for those whose
   sleds were left for such a place (MC_MOD_SLEDS_LATER).  */
void mc_modules_refresh_patching (bool force) MC_HIDDEN;
/* The path of the first object with FLAG (enum mc_module_flag), or
   "?".  */
const char *mc_modules_flagged (int flag) MC_HIDDEN;
/* Whether the scan running is one of those.  */
bool mc_modules_patching (void) MC_HIDDEN;
/* In a fork child: empty histograms.  */
void mc_modules_forget (void) MC_HIDDEN;
/* The entry whose code holds ADDR (a loaded one first), or -1.  */
int mc_module_find (uintptr_t addr) MC_HIDDEN;
/* The loaded (not dlclose'd) entry whose code holds ADDR, or NULL;
   HINT (an entry number, updated) is tried first.  Async-signal-safe.  */
const struct mc_module *mc_module_loaded (uintptr_t addr,
					  unsigned int *hint) MC_HIDDEN;
/* Changes whenever an object is found unloaded: what was learnt about
   the code at an address may no longer hold.  */
unsigned int mc_modules_gen (void) MC_HIDDEN;

/* Gives every object a histogram of its code, the program's clipped
   to [LO, HI); returns 0, or an errno if the program got none.  */
int mc_hists_start (uintptr_t lo, uintptr_t hi) MC_HIDDEN;
/* The program's histogram.  */
const struct mc_hist *mc_hist_get (void) MC_HIDDEN;
/* One sample (N, weighted) at PC, in whatever object holds it.
   Async-signal-safe.  */
void mc_hist_add (uintptr_t pc, uint64_t n) MC_HIDDEN;
void mc_hists_reset (void) MC_HIDDEN;
/* Moves the samples of objects found since they were taken into
   their histograms.  */
void mc_orphans_resolve (void) MC_HIDDEN;
/* Samples in histograms; in an object outside its histogram; in no
   known object.  */
void mc_samples_stats (uint64_t *in, uint64_t *outside,
		       uint64_t *unknown) MC_HIDDEN;

#endif /* MCOUNT_LINUX_MODULES_H */
