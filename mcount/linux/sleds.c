/* sleds.c - patchable function entries, patched into calls at start.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   A program built with gcc's -fpatchable-function-entry=N[,M] has a
   few NOPs at each function's entry (a sled), which cost next to
   nothing, and the address of each in its section
   __patchable_function_entries (allocated: the dynamic linker
   relocates it, so in memory it holds run-time addresses).  When
   libgmon is preloaded into such a program, this file turns every
   sled (of the program and of each library built so) into a call of
   libgmon's entry (__fentry__ on x86-64, the port's mc_sled_entry on
   aarch64 and riscv64: mcount/arch/ARCH/sleds.c says what each sled
   becomes), before main: the profile is then what a -pg build
   gives, and a program nobody profiles runs at full speed.
   GMON_PATCH, a POSIX extended regular expression, names the
   functions to patch (matched against the symbols of the object's
   file, .symtab, else .dynsym); the others stay NOPs.  The sleds of
   gcc -pg -mnop-mcount -mrecord-mcount (__mcount_loc) and of clang
   -fxray-instrument (xray_instr_map) are patched the same way, each
   section in turn (sledsite.c reads them all).

   For each object, as modules.c adds it to its table:

     1. its file (/proc/self/exe for the program) is read (pread),
        its section headers first: the records' sections, the
        symbols, and (to tell a -pg program) the dynamic symbols;
     2. each record gives a sled (sledsite.c): for
        -fpatchable-function-entry a function's entry (M NOPs may come
        before the symbol: the entry is then the next symbol), after
        what the port skips there (endbr64, bti c stay first); the
        port says whether the sled is as the compiler left it
        (mc_arch_sled_*);
     3. a page within reach of the object's code gets a copy of the
        fast paths (near.c, x86-64: a call rel32 reaches 2 GiB,
        libgmon is mapped terabytes away, and a far call costs 1 ns
        more), or a jump to libgmon's entry (GMON_NEAR=0, and the
        ports without a copy), made read-only and executable;
     4. the pages of code that hold sleds are copied into fresh
        memory, the copy patched, given the protection of the
        object's segment, and moved over the original with one
        mremap.  The code is never writable and executable at once,
        never made writable where it runs, and another thread sees
        either the old page or the new one, never a page it may not
        execute.

   Patching changes code that may run: only in a process with one
   thread, and only where no frame of that thread can be inside a sled
   (a signal handler may have interrupted one: resumed in the middle
   of a call written over it, it runs the call's displacement as
   code) and its malloc is not held (GMON_PATCH's regexec allocates).
   Those places (the scans of modules.c that may patch) are the
   constructor, before main; libgmon.so's dlopen (dlopen.c), which
   patches what it loaded before it returns for a path from an object
   of the base namespace, and before every other dlopen goes on what
   was loaded since the last look; and gmon_dump (never from a signal
   handler).  An object found by any other scan (a new arc of the slow
   path, which may run in a signal handler; a dump at exit) waits for
   one of them (MC_MOD_SLEDS_LATER), and the line at exit says which
   were never patched.  An object loaded while other threads run, or
   when how many run cannot be told (no /proc), is left as it is, and
   the line at exit says so: one of them could be in its sleds as they
   change.

   A set-uid program (AT_SECURE) is never patched; a kernel that
   refuses executable memory (SELinux execmem, PaX) leaves it
   unpatched.  Either way one line says so, and the program runs as
   it would without libgmon.  What could not be patched is said at
   exit (mc_sleds_report).  */

#define _GNU_SOURCE 1
#include <config.h>

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <regex.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mcount/linux/runtime.h"
#include "mcount/linux/sleds.h"

bool mc_sleds_on;

#if MC_ARCH_HAS_SLEDS


struct mc_sled_stats mc_sled_st;
static bool sled_at_load;		/* mc_sleds_loaded is looking */

/* The names a -pg program, or one linked with -lgmon, takes from
   libgmon: such a program is profiled without sleds.  */
static const char *const sled_pg_names[] = {
	"mcount", "_mcount", "__fentry__", "__monstartup", "moncontrol",
	"gmon_dump", "gmon_dump_fd", "gmon_reset", "gmon_enabled",
	"__sanitizer_cov_trace_pc", "__sanitizer_cov_trace_pc_guard",
	NULL
};

/* What an object built with -pg or -fsanitize-coverage=trace-pc calls
   at each entry: its sleds are not patched (no call counted twice).  */
static const char *const sled_pg_calls[] = {
	"mcount", "_mcount", "__fentry__", "__sanitizer_cov_trace_pc",
	"__sanitizer_cov_trace_pc_guard", NULL
};

void
mc_sled_fail (const struct mc_module *m, uint64_t n, const char *why, int err)
{
	mc_sled_st.failed += n;
	if (!mc_sled_st.failed_obj) {
		mc_sled_st.failed_obj = m->path;
		mc_sled_st.failed_why = why;
		mc_sled_st.failed_errno = err;
	}
}

/* ------------------------------------------------------------------ */
/* Patching */

/* The sleds SITES[0 .. N) (MC_SLED_SITE), all in segment PH, made
   calls of TO[0] (__fentry__'s kind) or TO[1] (mcount's): their pages
   copied, patched, protected as PH and moved over the originals.  */
static bool
patch_pages (const struct mc_sled_obj *o, const ElfW (Phdr) *ph,
	     const uintptr_t *sites, size_t n, const uintptr_t *to)
{
	uintptr_t pg = (uintptr_t) getpagesize ();
	uintptr_t lo = MC_SLED_AT (sites[0]) & ~(pg - 1);
	uintptr_t hi = (MC_SLED_AT (sites[n - 1]) + o->len + pg - 1)
		       & ~(pg - 1);
	size_t len = hi - lo, i;
	unsigned char *copy;

	copy = mmap (NULL, len, PROT_READ | PROT_WRITE,
		     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (copy == MAP_FAILED) {
		mc_sled_fail (o->m, n, "mmap", errno);
		return false;
	}
	memcpy (copy, (const void *) lo, len);
	for (i = 0; i < n; i++) {
		uintptr_t at = MC_SLED_AT (sites[i]);

		mc_arch_sled_call (o->form, copy + (at - lo), at,
				   to[MC_SLED_BODY (sites[i])]);
	}
	__builtin___clear_cache ((char *) copy, (char *) copy + len);
	if (mprotect (copy, len,
		      mc_sledf_prot (ph) | mc_arch_sled_prot (o->info)) < 0) {
		mc_sled_fail (o->m, n, "mprotect", errno);
		munmap (copy, len);
		return false;
	}
	if (mremap (copy, len, len, MREMAP_MAYMOVE | MREMAP_FIXED,
		    (void *) lo) == MAP_FAILED) {
		mc_sled_fail (o->m, n, "mremap", errno);
		munmap (copy, len);
		return false;
	}
	__builtin___clear_cache ((char *) lo, (char *) hi);
	mc_sled_st.patched += n;
	return true;
}

/* What the sleds of [LO, HI) call, into TO: __fentry__ and mcount
   (TO[1]: for __mcount_loc's sleds after a frame) in the copy of the
   fast paths near them (near.c), or jumps near them to libgmon's own;
   false if neither could be made (counted).  */
static bool
make_tramp (struct mc_sled_obj *o, uintptr_t lo, uintptr_t hi,
	    uintptr_t *to)
{
	size_t pg = (size_t) getpagesize ();
	unsigned char *t;
	uintptr_t a;

#if MC_ARCH_HAS_NEAR
	if (mc_config.near) {
		int err;
		char *copy = mc_near_copy (lo, hi, MC_ARCH_SLED_REACH, &err);

		if (copy) {
			to[0] = (uintptr_t) copy
				+ mc_arch_sled_copy_entry (false);
			to[1] = (uintptr_t) copy
				+ mc_arch_sled_copy_entry (true);
			return true;
		}
		if (err) {
			mc_sled_fail (o->m, o->nsites, "mprotect", err);
			return false;
		}
	}
#endif
	t = NULL;
#ifdef MC_ARCH_SLED_SHORT_REACH
	/* Within the port's shorter call's reach, if a page is free
	   there: each sled then takes it (mc_arch_sled_call).  */
	if (hi - lo < MC_ARCH_SLED_SHORT_REACH / 2)
		t = mc_near_map (lo, hi, pg, MC_ARCH_SLED_SHORT_REACH);
	if (!t)
#endif
		t = mc_near_map (lo, hi, pg, MC_ARCH_SLED_REACH);
	a = (uintptr_t) t;
	if (!t) {
		mc_sled_fail (o->m, o->nsites, "no free page near its code", 0);
		return false;
	}
	if ((a < lo && hi - a >= MC_ARCH_SLED_REACH - 2 * MC_ARCH_TRAMP_SIZE)
	    || (a > lo
		&& a + 2 * MC_ARCH_TRAMP_SIZE - lo >= MC_ARCH_SLED_REACH)) {
		munmap (t, pg);
		mc_sled_fail (o->m, o->nsites, "its code is too large", 0);
		return false;
	}
	mc_arch_sled_tramp (t, mc_arch_sled_entry (false));
	mc_arch_sled_tramp (t + MC_ARCH_TRAMP_SIZE, mc_arch_sled_entry (true));
	__builtin___clear_cache ((char *) t,
				 (char *) t + 2 * MC_ARCH_TRAMP_SIZE);
	if (mprotect (t, pg, PROT_READ | PROT_EXEC
		      | mc_arch_sled_prot (o->info)) < 0) {
		mc_sled_fail (o->m, o->nsites, "mprotect", errno);
		munmap (t, pg);
		return false;
	}
	o->page = t;
	to[0] = a;
	to[1] = a + MC_ARCH_TRAMP_SIZE;
	return true;
}

/* The jump pages in use, for the stack walk (mc_sled_in_page): the
   first SLED_PAGES of them (a sample in a later one has no context).  */
#define SLED_PAGES	64
static uintptr_t sled_pages[SLED_PAGES];	/* their addresses */
static unsigned int sled_npages;		/* how many, published */

bool
mc_sled_in_page (uintptr_t pc)
{
	unsigned int n = __atomic_load_n (&sled_npages, __ATOMIC_ACQUIRE), i;
	uintptr_t pg = (uintptr_t) getpagesize ();

	for (i = 0; i < n; i++)
		if (pc - sled_pages[i] < pg)
			return true;
	return false;
}

bool
mc_sled_in_page_any (void)
{
	return __atomic_load_n (&sled_npages, __ATOMIC_RELAXED) != 0;
}

/* The sleds found (sorted), each segment's in one move.  */
static void
patch_object (struct mc_sled_obj *o)
{
	uintptr_t to[2];
	size_t i, j;
	uint64_t before = mc_sled_st.patched;

	if (!o->nsites
	    || !make_tramp (o, MC_SLED_AT (o->sites[0]),
			    MC_SLED_AT (o->sites[o->nsites - 1]) + o->len, to))
		return;
	for (i = 0; i < o->nsites; i = j) {
		const ElfW (Phdr) *ph = mc_sled_code (o, MC_SLED_AT (o->sites[i]),
						      o->len);

		for (j = i + 1; j < o->nsites; j++)
			if (mc_sled_code (o, MC_SLED_AT (o->sites[j]), o->len)
			    != ph)
				break;
		patch_pages (o, ph, o->sites + i, j - i, to);
	}
	if (o->page && mc_sled_st.patched == before)	/* nothing calls it */
		munmap (o->page, (size_t) getpagesize ());
	else if (o->page && sled_npages < SLED_PAGES) {
		sled_pages[sled_npages] = (uintptr_t) o->page;
		__atomic_store_n (&sled_npages, sled_npages + 1,
				  __ATOMIC_RELEASE);
	}
}

/* Why the N records of O's object cannot be patched now, or NULL.  */
static const char *
cannot_patch (const struct mc_sled_obj *o, uint64_t n)
{
	uint64_t threads;

	if (mc_config.secure)
		return "a set-uid program is never patched";
	if (mc_config.patch[0] && !mc_sled_regex_ok ())
		return mc_config.patch[0] == '\n'
			? "GMON_PATCH is too long"
			: "GMON_PATCH is not a valid POSIX extended regular "
			  "expression";
	threads = mc_sledf_threads ();
	if (!threads)			/* unknown: one may be in a sled */
		return "how many threads run cannot be told: /proc/self/stat "
			"is not readable";
	if (threads > 1) {
		if (mc_sled_st.started) {
			mc_sled_st.late += n;
			if (!mc_sled_st.late_obj) {
				mc_sled_st.late_obj = o->m->path;
				mc_sled_st.late_threads = threads;
			}
			return "";
		}
		return "other threads ran already";
	}
	return NULL;
}

/* Whether M's N records may be patched by the scan running; if not,
   M waits for one that may (counted until then).  */
static bool
wait_or_take (const struct mc_module *m, uint64_t n)
{
	int *flags = (int *) &m->flags;	/* the table's, atomic */
	bool waits = (__atomic_load_n (flags, __ATOMIC_RELAXED)
		      & MC_MOD_SLEDS_LATER) != 0;

	if (mc_modules_patching ()) {
		if (waits) {
			__atomic_fetch_and (flags, ~MC_MOD_SLEDS_LATER,
					    __ATOMIC_RELAXED);
			mc_sled_st.pending -= n;
			mc_sled_st.pending_objs--;
		}
		return true;
	}
	if (!waits) {
		__atomic_fetch_or (flags, MC_MOD_SLEDS_LATER,
				   __ATOMIC_RELAXED);
		mc_sled_st.pending += n;
		mc_sled_st.pending_objs++;
	}
	return false;
}

/* The sections of records, in the order they are patched.  */
static const struct sled_section {
	const char *name;		/* the section */
	enum mc_sled_form form;		/* its sleds */
} sled_sections[] = {
	{ "__patchable_function_entries", MC_SLED_NOPS },
	{ "__mcount_loc", MC_SLED_MCOUNT },
	{ "xray_instr_map", MC_SLED_XRAY },
};

#define SLED_SECTIONS	(sizeof sled_sections / sizeof sled_sections[0])

/* F's sections of records the port can patch into SEC (0: none), the
   entries each lists into CNT, and how many in all, as O's; 0 if
   none.  */
static uint64_t
find_sections (struct mc_sled_obj *o, struct mc_sledf *f, unsigned int *sec,
	       uint64_t *cnt)
{
	uint64_t n = 0;
	size_t k;

	for (k = 0; k < SLED_SECTIONS; k++) {
		o->form = sled_sections[k].form;
		sec[k] = mc_arch_sled_len (o->form)
			? mc_sledf_section (f, sled_sections[k].name,
					    SHT_PROGBITS)
			: 0;
		if (sec[k] && !(f->sh[sec[k]].sh_flags & SHF_ALLOC))
			sec[k] = 0;
		cnt[k] = sec[k] ? mc_sled_count (o, &f->sh[sec[k]]) : 0;
		n += cnt[k];
	}
	return n;
}

/* Patches the sleds of O's object that F's sections SEC list (CNT
   entries each).  */
static void
patch_sections (struct mc_sled_obj *o, struct mc_sledf *f,
		const unsigned int *sec, const uint64_t *cnt)
{
	size_t k, fmapped = 0, smapped = 0;

	o->fns = mc_sledf_functions (f, o->m->base, &o->nfns, &fmapped);
	for (k = 0; k < SLED_SECTIONS; k++) {
		if (!sec[k])
			continue;
		o->form = sled_sections[k].form;
		o->len = mc_arch_sled_len (o->form);
		o->page = NULL;
		if (!mc_sled_find (o, &f->sh[sec[k]], cnt[k], &smapped))
			mc_sled_fail (o->m, cnt[k], "its records are not sleds",
				      0);
		else
			patch_object (o);
		if (o->sites)
			munmap (o->sites, smapped);
		o->sites = NULL;
	}
	if (o->fns)
		munmap (o->fns, fmapped);
}

void
mc_sleds_object (const struct mc_module *m, const struct dl_phdr_info *info)
{
	struct mc_sled_obj o = { .m = m, .info = info };
	struct mc_sledf f;
	unsigned int sec[SLED_SECTIONS];
	uint64_t cnt[SLED_SECTIONS];
	uint64_t before = mc_sled_st.patched, n;
	const char *why;
	int same;
	bool main = (m->flags & MC_MOD_MAIN) != 0;
	uintptr_t self = (uintptr_t) mc_sleds_object;

	/* libgmon linked into the program (libgmon.a) was asked for.  */
	if (main && self >= m->image_lo && self < m->image_hi)
		mc_sled_st.pg = true;
	if ((m->flags & MC_MOD_VDSO)
	    || (!main && self >= m->image_lo && self < m->image_hi))
		return;
	/* The program's file: /proc/self/exe, else (no /proc) the path
	   it was run by (modules.c's, from AT_EXECFN).  */
	if (!mc_sledf_open (&f, main ? "/proc/self/exe" : m->path)
	    && (!main || !m->path[0] || !mc_sledf_open (&f, m->path))) {
		if (main)
			mc_sled_st.exe_errno = errno ? errno : ENOEXEC;
		return;
	}
	if (!mc_sled_st.started && mc_sledf_calls (&f, sled_pg_names))
		mc_sled_st.pg = true;
	n = find_sections (&o, &f, sec, cnt);
	if (!n) {
		mc_sledf_close (&f);
		return;
	}
	if (mc_sledf_calls (&f, sled_pg_calls)) {
		mc_sled_st.pg = true;
		if (mc_config.debug)
			mc_debug ("sleds", "an object calls mcount itself "
				  "(-pg): its sleds are left as they are");
		mc_sledf_close (&f);
		return;
	}
	if (!wait_or_take (m, n)) {
		mc_sledf_close (&f);
		return;
	}
	mc_sled_st.objects++;
	same = mc_sledf_same_build (&f, m->build_id, m->build_id_len);
	if (!same)
		why = "its file is not the one loaded (another build id)";
	else if (same < 0 && !mc_sledf_maps_file (&f, m->text_lo))
		why = "its file is not the one loaded: no build id, and "
			"/proc/self/maps does not map that file there";
	else
		why = cannot_patch (&o, n);
	if (why) {
		mc_sled_st.records += n;
		if (*why)
			mc_sled_fail (m, n, why, 0);
	} else
		patch_sections (&o, &f, sec, cnt);
	mc_sledf_close (&f);
	if (mc_sled_st.started && mc_sled_st.patched > before && !sled_at_load
	    && !mc_sled_st.after++)
		mc_sled_st.after_obj = m->path;
	if (mc_config.debug)
		mc_sledf_debug (m->path, mc_sled_st.patched - before);
}

void
mc_sleds_loaded (void)
{
	sled_at_load = true;
	mc_modules_refresh_patching (mc_sled_st.pending_objs > 0);
	sled_at_load = false;
}

void
mc_sleds_look (void)
{
	mc_modules_refresh_patching (mc_sled_st.pending_objs > 0);
}

/* ------------------------------------------------------------------ */
/* What is said */

/* "N patchable function entries of OBJ were not patched (WHY)".  */
static void
say_failed (struct mc_line *l)
{
	mc_line_u64 (l, mc_sled_st.failed);
	mc_line_str (l, " patchable function entries of ");
	mc_line_str (l, mc_sled_st.failed_obj);
	if (mc_sled_st.failed < mc_sled_st.records - mc_sled_st.patched - mc_sled_st.filtered - mc_sled_st.bad_form
			- mc_sled_st.unplaced - mc_sled_st.late)
		mc_line_str (l, " and other objects");
	mc_line_str (l, " were not patched (");
	mc_line_str (l, mc_sled_st.failed_why);
	if (mc_sled_st.failed_errno) {
		mc_line_str (l, ": ");
		mc_line_errno (l, mc_sled_st.failed_errno);
	}
	mc_line_str (l, ")");
}

void
mc_sleds_started (void)
{
	struct mc_line l = { .len = 0 };

	mc_sled_st.started = true;
	mc_sled_st.records_at_start = mc_sled_st.records;
	/* Whatever was patched now: a plain program may dlopen a library
	   with sleds.  */
	__atomic_store_n (&mc_sleds_on, !mc_config.secure,
			  __ATOMIC_RELEASE);
	if (mc_sled_st.patched) {
		if (mc_config.debug) {
			mc_line_str (&l, "libgmon: sleds: ");
			mc_line_u64 (&l, mc_sled_st.patched);
			mc_line_str (&l, " of ");
			mc_line_u64 (&l, mc_sled_st.records);
			mc_line_str (&l, " patchable function entries "
				     "patched");
			mc_line_write (&l);
		}
		return;
	}
	if (!mc_sled_st.objects && mc_sled_st.exe_errno && !mc_sled_st.pg) {
		mc_line_str (&l, "libgmon: the program's file cannot be "
			     "read (/proc/self/exe: ");
		mc_line_errno (&l, mc_sled_st.exe_errno);
		mc_line_str (&l, "): its patchable function entries, if it "
			     "has any, are not patched");
		mc_line_write (&l);
		return;
	}
	if (!mc_sled_st.objects) {
		/* Preloaded into a program that cannot be profiled;
		   said once for a tree of processes that inherit
		   LD_PRELOAD (a shell's, make's).  */
		if (!mc_sled_st.pg && !mc_sledf_parent_has_libgmon ()) {
			mc_line_str (&l, "libgmon: nothing to profile: no "
				     "object has patchable function entries "
				     "or -pg code (build with "
				     MC_ARCH_SLED_FLAG " or -pg; a library "
				     "with them that the program dlopens is "
				     "patched)");
			mc_line_write (&l);
		}
		return;
	}
	mc_line_str (&l, "libgmon: ");
	if (mc_sled_st.failed)
		say_failed (&l);
	else if (mc_config.patch[0])
		mc_line_str (&l, "GMON_PATCH names no function that has "
			     "a patchable entry");
	else
		mc_line_str (&l, "no patchable function entry is the "
			     "compiler's NOPs (build with "
			     MC_ARCH_SLED_FLAG ")");
	mc_line_str (&l, ": nothing is profiled");
	mc_line_write (&l);
}

void
mc_sleds_report (struct mc_line *l, bool *first)
{
	if (mc_sled_st.pending) {
		mc_line_part (l, first);
		mc_line_u64 (l, mc_sled_st.pending);
		mc_line_str (l, " patchable function entries of ");
		mc_line_str (l, mc_modules_flagged (MC_MOD_SLEDS_LATER));
		if (mc_sled_st.pending_objs > 1)
			mc_line_str (l, " and other objects");
		mc_line_str (l, ", loaded by a dlopen of a bare name, were "
			     "not patched: libgmon patches such an object "
			     "at the next dlopen or gmon_dump, never in a "
			     "signal handler (dlopen it by its path, or link "
			     "the program with it)");
	}
	/* Nothing patched, and no object found since start: said then.
	   An object dlopen'ed later that could not be patched either
	   (while threads ran, say) is said here.  */
	if (!mc_sled_st.patched
	    && mc_sled_st.records == mc_sled_st.records_at_start)
		return;
	if (mc_sled_st.failed) {
		mc_line_part (l, first);
		say_failed (l);
	}
	if (mc_sled_st.late) {
		mc_line_part (l, first);
		mc_line_u64 (l, mc_sled_st.late);
		mc_line_str (l, " patchable function entries of ");
		mc_line_str (l, mc_sled_st.late_obj);
		mc_line_str (l, ", loaded while ");
		mc_line_u64 (l, mc_sled_st.late_threads);
		mc_line_str (l, " threads ran, were not patched (load it "
			     "before the program starts threads, or link "
			     "the program with it)");
	}
	if (mc_sled_st.after) {
		mc_line_part (l, first);
		mc_line_u64 (l, mc_sled_st.after);
		mc_line_str (l, " objects loaded after start (");
		mc_line_str (l, mc_sled_st.after_obj);
		mc_line_str (l, mc_sled_st.after > 1 ? ", ...)" : ")");
		mc_line_str (l, " had their patchable entries patched at "
			     "the next dlopen or gmon_dump, not as they "
			     "were loaded: their calls before that are not "
			     "counted (dlopen them by their path, or link "
			     "the program with them, to count every call)");
	}
	if (mc_sled_st.bad_form) {
		mc_line_part (l, first);
		mc_line_u64 (l, mc_sled_st.bad_form);
		mc_line_str (l, " patchable function entries are not "
			     "the compiler's NOPs or have no room for a "
			     "call, and were not patched (build with "
			     MC_ARCH_SLED_FLAG ")");
	}
	if (mc_sled_st.unplaced) {
		mc_line_part (l, first);
		mc_line_u64 (l, mc_sled_st.unplaced);
		mc_line_str (l, " patchable function entries of functions "
			     "without a symbol (a stripped object built with "
			     "-fpatchable-function-entry=N,M and M > 0, or "
			     "with -mnop-mcount and no unwind tables) were "
			     "not patched: where their entry is cannot be "
			     "told (build with M = 0, or keep the symbols)");
	}
}

#else /* !MC_ARCH_HAS_SLEDS */

void
mc_sleds_loaded (void)
{
}

void
mc_sleds_look (void)
{
}

void
mc_sleds_object (const struct mc_module *m, const struct dl_phdr_info *info)
{
	(void) m;
	(void) info;
}

void
mc_sleds_started (void)
{
	if (mc_config.debug)
		mc_debug ("sleds", "patchable function entries are not "
			  "patched on this processor yet");
}

void
mc_sleds_report (struct mc_line *l, bool *first)
{
	(void) l;
	(void) first;
}

#endif /* MC_ARCH_HAS_SLEDS */
