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
   file, .symtab, else .dynsym); the others stay NOPs.

   For each object, as modules.c adds it to its table:

     1. its file (/proc/self/exe for the program) is mapped read-only
        and its section headers read: the records' section, the
        symbols, and (to tell a -pg program) the dynamic symbols;
     2. each record gives a function's entry (M NOPs may come before
        the symbol: the entry is then the next symbol), the port says
        what comes before the sled (endbr64, bti c stay first) and whether
        the sled is the compiler's NOPs (mc_arch_sled_*);
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

#define SLED_SECTION	"__patchable_function_entries"
#define SLED_BEFORE	64	/* most NOPs before a symbol (M) */

/* What the objects held and what became of it, for the lines.  */
struct sled_stats {
	uint64_t objects;		/* objects with records */
	uint64_t records;		/* their records */
	uint64_t patched;		/* sleds now calls */
	uint64_t filtered;		/* not named by GMON_PATCH */
	uint64_t bad_form;		/* no sled at the entry (N too
					   small) */
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
	bool pg;			/* an object calls libgmon itself
					   (-pg, -lgmon): no line when no
					   object has records */
	bool started;			/* mc_sleds_started ran: objects
					   are loaded later */
};

static struct sled_stats st;
static bool sled_at_load;		/* mc_sleds_loaded is looking */
static regex_t sled_re;			/* GMON_PATCH, compiled */
static int sled_re_state;		/* 0 not yet, 1 compiled, -1 bad */

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

static void
sled_fail (const struct mc_module *m, uint64_t n, const char *why, int err)
{
	st.failed += n;
	if (!st.failed_obj) {
		st.failed_obj = m->path;
		st.failed_why = why;
		st.failed_errno = err;
	}
}

/* Whether GMON_PATCH names a function at ENTRY (aliases included:
   I may be any of them, the last after an endbr64); true without
   GMON_PATCH.  */
static bool
fn_wanted (const struct mc_sledfn *t, size_t n, size_t i, uintptr_t entry)
{
	if (!mc_config.patch[0])
		return true;
	while (i > 0 && t[i - 1].lo == entry)
		i--;
	for (; i < n && t[i].lo == entry; i++)
		if (regexec (&sled_re, t[i].name, 0, NULL, 0) == 0)
			return true;
	return false;
}

/* The object being patched.  */
struct sled_obj {
	const struct mc_module *m;	/* its entry in the table */
	const struct dl_phdr_info *info;	/* its segments */
	struct mc_sledfn *fns;		/* its functions, sorted */
	size_t nfns;			/* how many */
	uintptr_t *sites;		/* the sleds to patch */
	size_t nsites;			/* how many */
	void *page;			/* the jump page made for it, or NULL */
	int before;			/* the NOPs before a symbol (M) of the
					   records a symbol places: 0 or more,
					   BEFORE_NONE (none), BEFORE_MIXED */
};

#define BEFORE_NONE	(-1)		/* no record at a symbol */
#define BEFORE_MIXED	(-2)		/* records disagree */


/* The executable segment that holds [A, A + N), or NULL.  */
static const ElfW (Phdr) *
obj_code (const struct sled_obj *o, uintptr_t a, size_t n)
{
	int i;

	for (i = 0; i < o->info->dlpi_phnum; i++) {
		const ElfW (Phdr) *ph = &o->info->dlpi_phdr[i];
		uintptr_t lo = o->info->dlpi_addr + ph->p_vaddr;

		if (ph->p_type == PT_LOAD && (ph->p_flags & PF_X)
		    && a >= lo && a - lo <= ph->p_memsz
		    && n <= ph->p_memsz - (a - lo))
			return ph;
	}
	return NULL;
}

/* Whether [A, A + N) lies in one readable segment of O's object, in
   its bytes from the file (a gap between segments is no memory).  */
static bool
obj_readable (const struct sled_obj *o, uintptr_t a, size_t n)
{
	int i;

	for (i = 0; i < o->info->dlpi_phnum; i++) {
		const ElfW (Phdr) *ph = &o->info->dlpi_phdr[i];
		uintptr_t lo = o->info->dlpi_addr + ph->p_vaddr;

		if (ph->p_type == PT_LOAD && (ph->p_flags & PF_R)
		    && a >= lo && a - lo <= ph->p_filesz
		    && n <= ph->p_filesz - (a - lo))
			return true;
	}
	return false;
}

/* The entry of the function of record R: R itself; or the symbol
   R follows by what the port skips (an endbr64, M = 0); or the
   symbol R lies before, NOPs all the way (M of them); R when no
   symbol says (a stripped object's local functions), and *I is
   O->nfns.  *I: the symbol's index.  */
static uintptr_t
entry_of (const struct sled_obj *o, uintptr_t r, size_t *i)
{
	const struct mc_sledfn *prev;

	*i = mc_sledf_fn_at (o->fns, o->nfns, r);
	if (*i < o->nfns && o->fns[*i].lo == r)
		return r;
	prev = *i > 0 ? &o->fns[*i - 1] : NULL;
	if (prev && r < prev->hi
	    && obj_code (o, prev->lo, MC_ARCH_SLED_SIZE)
	    && prev->lo + mc_arch_sled_skip ((const unsigned char *) prev->lo,
					     MC_ARCH_SLED_SIZE) == r) {
		--*i;
		return prev->lo;
	}
	if (*i < o->nfns && o->fns[*i].lo - r <= SLED_BEFORE
	    && obj_code (o, r, o->fns[*i].lo - r)
	    && mc_arch_sled_nops ((const unsigned char *) r,
				  o->fns[*i].lo - r))
		return o->fns[*i].lo;
	*i = o->nfns;
	return r;
}

/* O->before from the records a symbol places: a stripped function's
   record is its entry only where they say M is 0 (with M NOPs before
   the entry, the record is not the entry, and where it is cannot be
   told).  */
static void
find_before (struct sled_obj *o, const uintptr_t *rec, size_t n)
{
	size_t k, i;

	o->before = BEFORE_NONE;
	for (k = 0; k < n; k++) {
		uintptr_t e = rec[k] ? entry_of (o, rec[k], &i) : 0;
		int m;

		if (!e || i == o->nfns)
			continue;
		m = e > rec[k] ? (int) (e - rec[k]) : 0;
		if (o->before == BEFORE_NONE)
			o->before = m;
		else if (o->before != m)
			o->before = BEFORE_MIXED;
	}
}

/* The sled of record R, or 0 (counted as not one, or not named by
   GMON_PATCH): at its function's entry, after what the port skips
   there.  */
static uintptr_t
sled_of (const struct sled_obj *o, uintptr_t r)
{
	size_t i;
	uintptr_t entry = entry_of (o, r, &i), p;

	if (i == o->nfns && o->before != 0) {
		st.unplaced++;
		return 0;
	}
	if (!obj_code (o, entry, MC_ARCH_SLED_SIZE)) {
		st.bad_form++;
		return 0;
	}
	p = entry + mc_arch_sled_skip ((const unsigned char *) entry,
				       MC_ARCH_SLED_SIZE);
	if (p < r || !obj_code (o, p, MC_ARCH_SLED_SIZE)
	    || !mc_arch_sled_free ((const unsigned char *) p)) {
		st.bad_form++;
		return 0;
	}
	if (mc_config.patch[0]
	    && (i == o->nfns || !fn_wanted (o->fns, o->nfns, i, entry))) {
		st.filtered++;			/* or no name to match */
		return 0;
	}
	return p;
}

/* ------------------------------------------------------------------ */
/* Patching */

/* The sleds SITES[0 .. N), all in segment PH, made calls of TRAMP:
   their pages copied, patched, protected as PH and moved over the
   originals.  */
static bool
patch_pages (const struct sled_obj *o, const ElfW (Phdr) *ph,
	     const uintptr_t *sites, size_t n, uintptr_t tramp)
{
	uintptr_t pg = (uintptr_t) getpagesize ();
	uintptr_t lo = sites[0] & ~(pg - 1);
	uintptr_t hi = (sites[n - 1] + MC_ARCH_SLED_SIZE + pg - 1) & ~(pg - 1);
	size_t len = hi - lo, i;
	unsigned char *copy;

	copy = mmap (NULL, len, PROT_READ | PROT_WRITE,
		     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (copy == MAP_FAILED) {
		sled_fail (o->m, n, "mmap", errno);
		return false;
	}
	memcpy (copy, (const void *) lo, len);
	for (i = 0; i < n; i++)
		mc_arch_sled_call (copy + (sites[i] - lo), sites[i], tramp);
	__builtin___clear_cache ((char *) copy, (char *) copy + len);
	if (mprotect (copy, len,
		      mc_sledf_prot (ph) | mc_arch_sled_prot (o->info)) < 0) {
		sled_fail (o->m, n, "mprotect", errno);
		munmap (copy, len);
		return false;
	}
	if (mremap (copy, len, len, MREMAP_MAYMOVE | MREMAP_FIXED,
		    (void *) lo) == MAP_FAILED) {
		sled_fail (o->m, n, "mremap", errno);
		munmap (copy, len);
		return false;
	}
	__builtin___clear_cache ((char *) lo, (char *) hi);
	st.patched += n;
	return true;
}

/* What the sleds of [LO, HI) call: __fentry__ in the copy of the
   fast paths near them (near.c), or a jump near them to libgmon's
   own; 0 if neither could be made (counted).  */
static uintptr_t
make_tramp (struct sled_obj *o, uintptr_t lo, uintptr_t hi)
{
	size_t pg = (size_t) getpagesize ();
	unsigned char *t;
	uintptr_t a;

#if MC_ARCH_HAS_NEAR
	if (mc_config.near) {
		int err;
		char *copy = mc_near_copy (lo, hi, MC_ARCH_SLED_REACH, &err);

		if (copy)
			return (uintptr_t) copy + mc_arch_sled_copy_entry ();
		if (err) {
			sled_fail (o->m, o->nsites, "mprotect", err);
			return 0;
		}
	}
#endif
	t = mc_near_map (lo, hi, pg, MC_ARCH_SLED_REACH);
	a = (uintptr_t) t;
	if (!t) {
		sled_fail (o->m, o->nsites, "no free page near its code", 0);
		return 0;
	}
	if ((a < lo && hi - a >= MC_ARCH_SLED_REACH - MC_ARCH_TRAMP_SIZE)
	    || (a > lo && a + MC_ARCH_TRAMP_SIZE - lo >= MC_ARCH_SLED_REACH)) {
		munmap (t, pg);
		sled_fail (o->m, o->nsites, "its code is too large", 0);
		return 0;
	}
	mc_arch_sled_tramp (t, mc_arch_sled_entry ());
	__builtin___clear_cache ((char *) t, (char *) t + MC_ARCH_TRAMP_SIZE);
	if (mprotect (t, pg, PROT_READ | PROT_EXEC
		      | mc_arch_sled_prot (o->info)) < 0) {
		sled_fail (o->m, o->nsites, "mprotect", errno);
		munmap (t, pg);
		return 0;
	}
	o->page = t;
	return a;
}

/* The sleds found (sorted), each segment's in one move.  */
static void
patch_object (struct sled_obj *o)
{
	uintptr_t tramp;
	size_t i, j;
	uint64_t before = st.patched;

	if (!o->nsites)
		return;
	tramp = make_tramp (o, o->sites[0],
			    o->sites[o->nsites - 1] + MC_ARCH_SLED_SIZE);
	if (!tramp)
		return;
	for (i = 0; i < o->nsites; i = j) {
		const ElfW (Phdr) *ph = obj_code (o, o->sites[i],
						  MC_ARCH_SLED_SIZE);

		for (j = i + 1; j < o->nsites; j++)
			if (obj_code (o, o->sites[j], MC_ARCH_SLED_SIZE) != ph)
				break;
		patch_pages (o, ph, o->sites + i, j - i, tramp);
	}
	if (o->page && st.patched == before)	/* nothing calls it */
		munmap (o->page, (size_t) getpagesize ());
}

/* Whether GMON_PATCH can be used (compiled once); says why not.  */
static bool
patch_regex (void)
{
	if (!sled_re_state) {
		sled_re_state = mc_config.patch[0] == '\n'
			|| regcomp (&sled_re, mc_config.patch,
				    REG_EXTENDED | REG_NOSUB) != 0 ? -1 : 1;
	}
	return sled_re_state > 0;
}

/* Why the N records of O's object cannot be patched now, or NULL.  */
static const char *
cannot_patch (const struct sled_obj *o, uint64_t n)
{
	uint64_t threads;

	if (mc_config.secure)
		return "a set-uid program is never patched";
	if (mc_config.patch[0] && !patch_regex ())
		return mc_config.patch[0] == '\n'
			? "GMON_PATCH is too long"
			: "GMON_PATCH is not a valid POSIX extended regular "
			  "expression";
	threads = mc_sledf_threads ();
	if (!threads)			/* unknown: one may be in a sled */
		return "how many threads run cannot be told: /proc/self/stat "
			"is not readable";
	if (threads > 1) {
		if (st.started) {
			st.late += n;
			if (!st.late_obj) {
				st.late_obj = o->m->path;
				st.late_threads = threads;
			}
			return "";
		}
		return "other threads ran already";
	}
	return NULL;
}

/* The records of section SEC (in memory, relocated) of O's object,
   their sleds into O->sites; false if they cannot be read.  */
static bool
find_sites (struct sled_obj *o, const ElfW (Shdr) *sec, size_t *mapped)
{
	const uintptr_t *rec = (const uintptr_t *) (o->m->base
						    + sec->sh_addr);
	size_t n = sec->sh_size / sizeof *rec, i;

	if (!obj_readable (o, (uintptr_t) rec, n * sizeof *rec))
		return false;
	st.records += n;
	*mapped = (n ? n : 1) * sizeof *o->sites;
	o->sites = mmap (NULL, *mapped, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (o->sites == MAP_FAILED) {
		o->sites = NULL;
		sled_fail (o->m, n, "mmap", errno);
		return true;
	}
	find_before (o, rec, n);
	for (i = 0; i < n; i++) {
		uintptr_t p = rec[i] ? sled_of (o, rec[i]) : 0;

		if (p)
			o->sites[o->nsites++] = p;
	}
	mc_sledf_sort_sites (o->sites, o->nsites);
	for (i = 1; i < o->nsites; i++)		/* one sled, one call */
		if (o->sites[i] < o->sites[i - 1] + MC_ARCH_SLED_SIZE) {
			st.bad_form++;
			return false;
		}
	return true;
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
			st.pending -= n;
			st.pending_objs--;
		}
		return true;
	}
	if (!waits) {
		__atomic_fetch_or (flags, MC_MOD_SLEDS_LATER,
				   __ATOMIC_RELAXED);
		st.pending += n;
		st.pending_objs++;
	}
	return false;
}

void
mc_sleds_object (const struct mc_module *m, const struct dl_phdr_info *info)
{
	struct sled_obj o = { .m = m, .info = info };
	struct mc_sledf f;
	unsigned int sec;
	size_t fmapped = 0, smapped = 0;
	uint64_t before = st.patched, n;
	const char *why;
	int same;
	bool main = (m->flags & MC_MOD_MAIN) != 0;
	uintptr_t self = (uintptr_t) mc_sleds_object;

	/* libgmon linked into the program (libgmon.a) was asked for.  */
	if (main && self >= m->image_lo && self < m->image_hi)
		st.pg = true;
	if ((m->flags & MC_MOD_VDSO)
	    || (!main && self >= m->image_lo && self < m->image_hi)
	    || !mc_sledf_open (&f, main ? "/proc/self/exe" : m->path))
		return;
	if (!st.started && mc_sledf_calls (&f, sled_pg_names))
		st.pg = true;
	sec = mc_sledf_section (&f, SLED_SECTION, SHT_PROGBITS);
	if (!sec || !(f.sh[sec].sh_flags & SHF_ALLOC)) {
		mc_sledf_close (&f);
		return;
	}
	n = f.sh[sec].sh_size / sizeof (uintptr_t);
	if (mc_sledf_calls (&f, sled_pg_calls)) {
		st.pg = true;
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
	st.objects++;
	same = mc_sledf_same_build (&f, m->build_id, m->build_id_len);
	if (!same)
		why = "its file is not the one loaded (another build id)";
	else if (same < 0 && !mc_sledf_maps_file (&f, m->text_lo))
		why = "its file is not the one loaded: no build id, and "
			"/proc/self/maps does not map that file there";
	else
		why = cannot_patch (&o, n);
	if (why) {
		st.records += n;
		if (*why)
			sled_fail (m, n, why, 0);
	} else {
		o.fns = mc_sledf_functions (&f, m->base, &o.nfns, &fmapped);
		if (!find_sites (&o, &f.sh[sec], &smapped))
			sled_fail (m, n, "its records are not sleds", 0);
		else
			patch_object (&o);
	}
	if (o.sites)
		munmap (o.sites, smapped);
	if (o.fns)
		munmap (o.fns, fmapped);
	mc_sledf_close (&f);
	if (st.started && st.patched > before && !sled_at_load
	    && !st.after++)
		st.after_obj = m->path;
	if (mc_config.debug)
		mc_sledf_debug (m->path, st.patched - before);
}

void
mc_sleds_loaded (void)
{
	sled_at_load = true;
	mc_modules_refresh_patching (st.pending_objs > 0);
	sled_at_load = false;
}

void
mc_sleds_look (void)
{
	mc_modules_refresh_patching (st.pending_objs > 0);
}

/* ------------------------------------------------------------------ */
/* What is said */

/* "N patchable function entries of OBJ were not patched (WHY)".  */
static void
say_failed (struct mc_line *l)
{
	mc_line_u64 (l, st.failed);
	mc_line_str (l, " patchable function entries of ");
	mc_line_str (l, st.failed_obj);
	if (st.failed < st.records - st.patched - st.filtered - st.bad_form
			- st.unplaced - st.late)
		mc_line_str (l, " and other objects");
	mc_line_str (l, " were not patched (");
	mc_line_str (l, st.failed_why);
	if (st.failed_errno) {
		mc_line_str (l, ": ");
		mc_line_errno (l, st.failed_errno);
	}
	mc_line_str (l, ")");
}

void
mc_sleds_started (void)
{
	struct mc_line l = { .len = 0 };

	st.started = true;
	/* Whatever was patched now: a plain program may dlopen a library
	   with sleds.  */
	__atomic_store_n (&mc_sleds_on, !mc_config.secure,
			  __ATOMIC_RELEASE);
	if (st.patched) {
		if (mc_config.debug) {
			mc_line_str (&l, "libgmon: sleds: ");
			mc_line_u64 (&l, st.patched);
			mc_line_str (&l, " of ");
			mc_line_u64 (&l, st.records);
			mc_line_str (&l, " patchable function entries "
				     "patched");
			mc_line_write (&l);
		}
		return;
	}
	if (!st.objects) {
		/* Preloaded into a program that cannot be profiled;
		   said once for a tree of processes that inherit
		   LD_PRELOAD (a shell's, make's).  */
		if (!st.pg && !mc_sledf_parent_has_libgmon ()) {
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
	if (st.failed)
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
	if (st.pending) {
		mc_line_part (l, first);
		mc_line_u64 (l, st.pending);
		mc_line_str (l, " patchable function entries of ");
		mc_line_str (l, mc_modules_flagged (MC_MOD_SLEDS_LATER));
		if (st.pending_objs > 1)
			mc_line_str (l, " and other objects");
		mc_line_str (l, ", loaded by a dlopen of a bare name, were "
			     "not patched: libgmon patches such an object "
			     "at the next dlopen or gmon_dump, never in a "
			     "signal handler (dlopen it by its path, or link "
			     "the program with it)");
	}
	if (!st.patched)
		return;			/* said at start */
	if (st.failed) {
		mc_line_part (l, first);
		say_failed (l);
	}
	if (st.late) {
		mc_line_part (l, first);
		mc_line_u64 (l, st.late);
		mc_line_str (l, " patchable function entries of ");
		mc_line_str (l, st.late_obj);
		mc_line_str (l, ", loaded while ");
		mc_line_u64 (l, st.late_threads);
		mc_line_str (l, " threads ran, were not patched (load it "
			     "before the program starts threads, or link "
			     "the program with it)");
	}
	if (st.after) {
		mc_line_part (l, first);
		mc_line_u64 (l, st.after);
		mc_line_str (l, " objects loaded after start (");
		mc_line_str (l, st.after_obj);
		mc_line_str (l, st.after > 1 ? ", ...)" : ")");
		mc_line_str (l, " had their patchable entries patched at "
			     "the next dlopen or gmon_dump, not as they "
			     "were loaded: their calls before that are not "
			     "counted (dlopen them by their path, or link "
			     "the program with them, to count every call)");
	}
	if (st.bad_form) {
		mc_line_part (l, first);
		mc_line_u64 (l, st.bad_form);
		mc_line_str (l, " patchable function entries have no room "
			     "for a call and were not patched (build with "
			     MC_ARCH_SLED_FLAG ")");
	}
	if (st.unplaced) {
		mc_line_part (l, first);
		mc_line_u64 (l, st.unplaced);
		mc_line_str (l, " patchable function entries of functions "
			     "without a symbol (a stripped object built with "
			     "-fpatchable-function-entry=N,M and M > 0) were "
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
