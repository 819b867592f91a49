/* modules.c - the objects loaded in the process, and their histograms.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   glibc's histogram covers the program's own code; a sample anywhere
   else (libc, libm, a -pg shared library, the vDSO) is dropped, and up
   to four fifths of a run's time with it.  Here every object the
   dynamic linker reports (dl_iterate_phdr) gets an entry with a
   histogram of its own code, and the profile is written per object
   (dump.c), each in its own link-time addresses.

   Who reads and writes the table:

     refresh (normal context)   appends entries, marks unloaded ones;
                                one at a time (a try-lock);
     the SIGPROF handler        finds the entry of a PC and adds to its
                                bins: reads only what was published;
     the dumper                 reads everything.

   An entry is filled before the count that publishes it is raised, and
   never moved or freed: an object that is dlclose'd keeps its entry
   and its samples, marked gone, so that another object later mapped
   at its addresses is not taken for it.

   When does the table learn of an object dlopen'ed later?  Wrapping
   dlopen would make libgmon its caller, and the dynamic linker
   searches the caller's RUNPATH: programs that dlopen plugins by
   their own RUNPATH would break.  Instead the table is refreshed when
   mcount meets a callee in no known object (a new -pg object runs),
   and at every dump made in normal context.  The refresh is cheap
   when nothing changed: dl_iterate_phdr hands its first callback the
   loader's load and unload counters, and the scan stops there if they
   did not move.  A sample in an object not yet known waits in a small
   table of raw PCs (orphans) until a dump finds its object.

   The table holds GMON_MAX_OBJECTS entries (1024 by default: a static
   array; more are mapped at start); an object beyond them is counted,
   and the line at exit says how many there were and the knob.

   Each object other than the program gets, when it is added, the name
   of its classic file in the object directory, unique in the process
   (objdir.c, mc_objname_give).  */

#define _GNU_SOURCE 1
#include <config.h>

#include <elf.h>
#include <errno.h>
#include <link.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mcount/linux/runtime.h"

static struct mc_module mc_modules_default[MC_MODULES_DEFAULT];
struct mc_module *mc_modules = mc_modules_default;
static unsigned int mc_modules_cap = MC_MODULES_DEFAULT;	/* entries */
static uint64_t mc_untracked;		/* objects beyond the table, at
					   the last scan that saw them all */
static unsigned int mc_nmodules;	/* entries published, atomic */
static unsigned int mc_hint;		/* entry of the last sample */
static bool mc_hists_on;		/* sampling set up: new entries
					   get histograms */
static int mc_refreshing;		/* a refresh runs (try-lock) */
static bool mc_scan_patches;		/* the one running may patch sleds
					   (set only while it holds
					   mc_refreshing: a signal handler's
					   scan meanwhile gives up) */
static unsigned long long mc_adds, mc_subs;	/* loader's counters */
static bool mc_scanned;			/* mc_adds/mc_subs are valid */
static uint64_t mc_unknown;		/* samples in no known object */
static uint64_t mc_outside;		/* samples outside a histogram */
static unsigned int mc_gen_unloaded;	/* objects found unloaded, ever */

/* Samples in no known object yet, by PC >> bin shift.  */
struct mc_orphan {
	uintptr_t key;			/* PC >> shift; 0: free */
	uint64_t count;			/* samples */
};

#define MC_ORPHANS	(1u << 15)	/* 512 KiB, touched as used */
#define MC_ORPHAN_PROBES 64
static struct mc_orphan *mc_orphans;
/* Whether a slot was ever taken: the table is read only then (read
   whole, it is 128 pages to map).  */
static bool mc_orphans_used;

/* Paths are copied into mmap'd chunks, never freed.  */
#define MC_ARENA	65536
static char *mc_arena;
static size_t mc_arena_used;

const char *
mc_str_keep (const char *s, size_t n)
{
	char *p;

	if (n + 1 > MC_ARENA)
		n = MC_ARENA - 1;
	if (!mc_arena || mc_arena_used + n + 1 > MC_ARENA) {
		void *m = mmap (NULL, MC_ARENA, PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		if (m == MAP_FAILED)
			return "";
		mc_arena = m;
		mc_arena_used = 0;
	}
	p = mc_arena + mc_arena_used;
	memcpy (p, s, n);
	p[n] = '\0';
	mc_arena_used += n + 1;
	return p;
}

unsigned int
mc_modules_count (void)
{
	return __atomic_load_n (&mc_nmodules, __ATOMIC_ACQUIRE);
}

/* ------------------------------------------------------------------ */
/* Histograms */

/* Bins for [LO, HI) in mmap'd memory, GMON_BIN_SIZE wide (the core's
   shape: mcount/core/hist.c).  */
static int
hist_alloc (struct mc_hist *h, uintptr_t lo, uintptr_t hi)
{
	struct mc_hist shape;
	uint64_t nbins = mc_hist_shape (&shape, lo, hi, mc_config.bin_shift);
	size_t size;
	void *p;

	if (nbins == 0)
		return EINVAL;
	/* The marks after the bins: a word per 64 chunks.  */
	size = nbins * sizeof (uint64_t)
		+ mc_hist_mark_words (&shape) * sizeof (uint64_t);
	size = (size + 4095) & ~(size_t) 4095;
	p = mmap (NULL, size, PROT_READ | PROT_WRITE,
		  MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (p == MAP_FAILED)
		return errno;
	h->lo = shape.lo;
	h->hi = shape.hi;
	h->nbins = shape.nbins;
	h->shift = shape.shift;
	h->marks = (uint64_t *) p + nbins;
	mc_hist_give (h, p, size, NULL, 0);
	return 0;
}

static void
problem_no_memory (int err)
{
	struct mc_line l = { .len = 0 };

	mc_line_str (&l, "no memory for the histogram (mmap: ");
	mc_line_errno (&l, err);
	mc_line_str (&l, "): allow more memory (ulimit -v) or set "
		     "GMON_BIN_SIZE higher");
	l.buf[l.len] = '\0';
	mc_problem (MC_PROB_SAMPLER, l.buf);
}

int
mc_hists_start (uintptr_t lo, uintptr_t hi)
{
	unsigned int i, n = mc_modules_count ();
	int err = 0;

	if (mc_hists_on)
		return 0;
	if (!mc_orphans) {
		void *p = mmap (NULL, MC_ORPHANS * sizeof *mc_orphans,
				PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
				-1, 0);

		if (p != MAP_FAILED)
			mc_orphans = p;
	}
	for (i = 0; i < n; i++) {
		struct mc_module *m = &mc_modules[i];
		int e;

		if (m->hist.bins)
			continue;
		e = i == 0 ? hist_alloc (&m->hist, lo, hi)
			: hist_alloc (&m->hist, m->text_lo, m->text_hi);
		if (e && e != EINVAL && !err)
			err = e;
	}
	mc_hists_on = true;
	if (err)
		problem_no_memory (err);
	return mc_main.hist.bins ? 0 : ENOMEM;
}

const struct mc_hist *
mc_hist_get (void)
{
	return &mc_main.hist;
}

static bool
in_text (const struct mc_module *m, uintptr_t pc)
{
	return pc >= m->text_lo && pc < m->text_hi;
}

static bool
gone (const struct mc_module *m)
{
	return __atomic_load_n (&m->flags, __ATOMIC_RELAXED) & MC_MOD_GONE;
}

const struct mc_module *
mc_module_loaded (uintptr_t addr, unsigned int *hint)
{
	unsigned int n = mc_modules_count (), h = *hint, i;

	if (h < n && in_text (&mc_modules[h], addr) && !gone (&mc_modules[h]))
		return &mc_modules[h];
	for (i = 0; i < n; i++)
		if (in_text (&mc_modules[i], addr) && !gone (&mc_modules[i])) {
			*hint = i;
			return &mc_modules[i];
		}
	return NULL;
}

int
mc_module_find (uintptr_t addr)
{
	unsigned int i = 0;
	const struct mc_module *m = mc_module_loaded (addr, &i);

	if (m)
		return (int) (m - mc_modules);
	/* Unloaded since: the newest entry that had it.  */
	for (i = mc_modules_count (); i-- > 0;)
		if (in_text (&mc_modules[i], addr))
			return (int) i;
	return -1;
}

unsigned int
mc_modules_gen (void)
{
	return __atomic_load_n (&mc_gen_unloaded, __ATOMIC_ACQUIRE);
}

/* One sample (N) in H, if H holds PC.  The entries are published
   read-only (mc_module_loaded); a sample changes the bins only, whose
   memory is the entry's to write.  */
static bool
hist_add (const struct mc_hist *h, uintptr_t pc, uint64_t n)
{
	return mc_hist_put ((struct mc_hist *) h, pc, n) == 0;
}

static uint64_t
orphan_hash (uintptr_t key)
{
	return ((uint64_t) key * MC_HASH_MUL) >> 32;
}

static void
orphan_add (uintptr_t pc, uint64_t n)
{
	uintptr_t key = pc >> mc_config.bin_shift;
	uint64_t i;
	int probe;

	if (!mc_orphans || !key)
		goto lost;
	i = orphan_hash (key) & (MC_ORPHANS - 1);
	for (probe = 0; probe < MC_ORPHAN_PROBES; probe++) {
		struct mc_orphan *o = &mc_orphans[i];
		uintptr_t k = __atomic_load_n (&o->key, __ATOMIC_RELAXED);

		if (k == 0) {
			uintptr_t zero = 0;

			if (__atomic_compare_exchange_n (&o->key, &zero, key,
							 false,
							 __ATOMIC_RELAXED,
							 __ATOMIC_RELAXED)) {
				k = key;
				__atomic_store_n (&mc_orphans_used, true,
						  __ATOMIC_RELAXED);
			}
			else
				k = zero;	/* taken meanwhile */
		}
		if (k == key) {
			__atomic_fetch_add (&o->count, n, __ATOMIC_RELAXED);
			return;
		}
		i = (i + 1) & (MC_ORPHANS - 1);
	}
lost:
	__atomic_fetch_add (&mc_unknown, n, __ATOMIC_RELAXED);
}

/* Called by the SIGPROF handler: nothing here blocks or allocates.  */
void
mc_hist_add (uintptr_t pc, uint64_t n)
{
	unsigned int h = __atomic_load_n (&mc_hint, __ATOMIC_RELAXED);
	const struct mc_module *m = mc_module_loaded (pc, &h);
	uintptr_t orig;

	if (m) {
		__atomic_store_n (&mc_hint, h, __ATOMIC_RELAXED);
		if (!hist_add (&m->hist, pc, n))
			__atomic_fetch_add (&mc_outside, n, __ATOMIC_RELAXED);
		return;
	}
	if ((orig = mc_near_origin (pc)) != 0) {
		mc_hist_add (orig, n);	/* mcount's copy: charged to it */
		return;
	}
	orphan_add (pc, n);
}

void
mc_orphans_resolve (void)
{
	uint64_t i;

	if (!mc_orphans || !__atomic_load_n (&mc_orphans_used,
					     __ATOMIC_RELAXED))
		return;
	for (i = 0; i < MC_ORPHANS; i++) {
		struct mc_orphan *o = &mc_orphans[i];
		uintptr_t key = __atomic_load_n (&o->key, __ATOMIC_RELAXED);
		uintptr_t pc = key << mc_config.bin_shift;
		int k;
		uint64_t c;

		if (!key || !__atomic_load_n (&o->count, __ATOMIC_RELAXED))
			continue;
		k = mc_module_find (pc);
		if (k < 0 || !mc_modules[k].hist.bins
		    || pc < mc_modules[k].hist.lo
		    || pc >= mc_modules[k].hist.hi)
			continue;
		c = __atomic_exchange_n (&o->count, 0, __ATOMIC_RELAXED);
		hist_add (&mc_modules[k].hist, pc, c);
	}
}

void
mc_hists_reset (void)
{
	unsigned int n = mc_modules_count (), i;

	for (i = 0; i < n; i++)
		mc_hist_zero (&mc_modules[i].hist);
	if (mc_orphans && __atomic_load_n (&mc_orphans_used, __ATOMIC_RELAXED))
		for (i = 0; i < MC_ORPHANS; i++)
			if (__atomic_load_n (&mc_orphans[i].count,
					     __ATOMIC_RELAXED))
				__atomic_store_n (&mc_orphans[i].count, 0,
						  __ATOMIC_RELAXED);
	__atomic_store_n (&mc_unknown, 0, __ATOMIC_RELAXED);
	__atomic_store_n (&mc_outside, 0, __ATOMIC_RELAXED);
}

void
mc_samples_stats (uint64_t *in, uint64_t *outside, uint64_t *unknown)
{
	unsigned int n = mc_modules_count (), i;
	uint64_t s = 0, u = __atomic_load_n (&mc_unknown, __ATOMIC_RELAXED);

	for (i = 0; i < n; i++)
		s += mc_hist_total (&mc_modules[i].hist);
	if (mc_orphans && __atomic_load_n (&mc_orphans_used, __ATOMIC_RELAXED))
		for (i = 0; i < MC_ORPHANS; i++)
			u += __atomic_load_n (&mc_orphans[i].count,
					      __ATOMIC_RELAXED);
	*in = s;
	*outside = __atomic_load_n (&mc_outside, __ATOMIC_RELAXED);
	*unknown = u;
}

/* ------------------------------------------------------------------ */
/* The scan */

struct scan {
	bool first;			/* the next object is the program */
	bool force;			/* scan even if nothing changed */
	bool changed;			/* the counters moved */
	uint64_t gen;			/* marks the entries seen */
	uint64_t untracked;		/* objects the table had no room for */
};

static uint64_t mc_gen;			/* scans made */

/* The NT_GNU_BUILD_ID of the object, from its notes in memory.  */
static void
find_build_id (struct mc_module *m, const struct dl_phdr_info *info)
{
	int i;

	for (i = 0; i < info->dlpi_phnum; i++) {
		const ElfW (Phdr) *ph = &info->dlpi_phdr[i];
		const unsigned char *p, *end;

		if (ph->p_type != PT_NOTE)
			continue;
		p = (const unsigned char *) (info->dlpi_addr + ph->p_vaddr);
		end = p + ph->p_memsz;
		while (end - p >= (ptrdiff_t) sizeof (ElfW (Nhdr))) {
			const ElfW (Nhdr) *nh = (const void *) p;
			size_t name = (nh->n_namesz + 3) & ~(size_t) 3;
			size_t desc = (nh->n_descsz + 3) & ~(size_t) 3;
			const unsigned char *d = p + sizeof *nh + name;

			if ((size_t) (end - p) < sizeof *nh + name + desc)
				break;
			if (nh->n_type == NT_GNU_BUILD_ID && nh->n_namesz == 4
			    && memcmp (p + sizeof *nh, "GNU", 4) == 0
			    && nh->n_descsz <= MC_BUILD_ID_MAX) {
				memcpy (m->build_id, d, nh->n_descsz);
				m->build_id_len = nh->n_descsz;
				return;
			}
			p = d + desc;
		}
	}
}

/* The size and time of M's file, as it was loaded: the program's
   through /proc/self/exe (the file that runs, even if a new build
   replaced it since), a library's by its path.  The vDSO has none.  */
static void
find_file_stamp (struct mc_module *m)
{
	struct stat st;
	const char *path = (m->flags & MC_MOD_MAIN) ? "/proc/self/exe"
		: m->path;

	if ((m->flags & MC_MOD_VDSO) || !path || path[0] != '/'
	    || stat (path, &st) != 0 || !S_ISREG (st.st_mode))
		return;
	m->file_size = (uint64_t) st.st_size;
	m->mtime_ns = (uint64_t) st.st_mtim.tv_sec * 1000000000u
		+ (uint64_t) st.st_mtim.tv_nsec;
}

/* The unwind table index of the object (PT_GNU_EH_FRAME), and the
   bounds of the readable segment that holds it: unwind.c reads the
   tables in a signal handler and must stay inside mapped memory.  */
static void
find_eh_frame (struct mc_module *m, const struct dl_phdr_info *info)
{
	uintptr_t hdr = 0;
	int i;

	for (i = 0; i < info->dlpi_phnum; i++)
		if (info->dlpi_phdr[i].p_type == PT_GNU_EH_FRAME)
			hdr = info->dlpi_addr + info->dlpi_phdr[i].p_vaddr;
	if (!hdr)
		return;
	for (i = 0; i < info->dlpi_phnum; i++) {
		const ElfW (Phdr) *ph = &info->dlpi_phdr[i];
		uintptr_t a = info->dlpi_addr + ph->p_vaddr;

		if (ph->p_type == PT_LOAD && (ph->p_flags & PF_R)
		    && hdr >= a && hdr < a + ph->p_filesz) {
			m->eh_hdr = hdr;
			m->eh_lo = a;
			m->eh_hi = a + ph->p_filesz;
			return;
		}
	}
}

/* The program's own path: /proc/self/exe, else what exec was given.  */
static const char *
program_path (void)
{
	char buf[MC_PATH_MAX];
	ssize_t n = readlink ("/proc/self/exe", buf, sizeof buf - 1);
	const char *fn;

	if (n > 0)
		return mc_str_keep (buf, (size_t) n);
	fn = (const char *) getauxval (AT_EXECFN);
	return fn ? mc_str_keep (fn, strlen (fn)) : "";
}

/* NAME as the dynamic linker has it, made absolute: dlopen keeps a
   relative name as it was given, relative to the directory current
   then (which is, most likely, the current one now).  */
static const char *
object_path (const char *name)
{
	char buf[MC_PATH_MAX];
	size_t d, n = strlen (name);

	if (name[0] == '/' || !strchr (name, '/')
	    || !getcwd (buf, sizeof buf))
		return mc_str_keep (name, n);
	d = strlen (buf);
	if (d + 1 + n + 1 > sizeof buf)
		return mc_str_keep (name, n);
	buf[d] = '/';
	memcpy (buf + d + 1, name, n + 1);
	return mc_str_keep (buf, d + 1 + n);
}

static int
scan_one (struct dl_phdr_info *info, size_t size, void *data)
{
	struct scan *s = data;
	uintptr_t lo = UINTPTR_MAX, hi = 0, ilo = UINTPTR_MAX, ihi = 0;
	bool is_main = s->first;
	unsigned int n = mc_modules_count (), i;
	struct mc_module *m;
	int k;

	if (s->first) {
		s->first = false;
		if (size >= offsetof (struct dl_phdr_info, dlpi_subs)
		    + sizeof info->dlpi_subs) {
			if (mc_scanned && !s->force
			    && info->dlpi_adds == mc_adds
			    && info->dlpi_subs == mc_subs)
				return 1;	/* nothing changed */
			mc_adds = info->dlpi_adds;
			mc_subs = info->dlpi_subs;
			mc_scanned = true;
		}
		s->changed = true;
	}
	for (k = 0; k < info->dlpi_phnum; k++) {
		const ElfW (Phdr) *ph = &info->dlpi_phdr[k];
		uintptr_t a = info->dlpi_addr + ph->p_vaddr;

		if (ph->p_type != PT_LOAD)
			continue;
		if (a < ilo)
			ilo = a;
		if (a + ph->p_filesz > ihi)
			ihi = a + ph->p_filesz;
		if (!(ph->p_flags & PF_X))
			continue;
		if (a < lo)
			lo = a;
		if (a + ph->p_memsz > hi)
			hi = a + ph->p_memsz;
	}
	if (lo >= hi)
		return 0;			/* no code */
	for (i = 0; i < n; i++) {
		m = &mc_modules[i];
		if (m->base == info->dlpi_addr && m->text_lo == lo
		    && m->text_hi == hi) {
			m->seen = s->gen;
			__atomic_fetch_and (&m->flags, ~MC_MOD_GONE,
					    __ATOMIC_RELAXED);
			if (mc_scan_patches
			    && (__atomic_load_n (&m->flags, __ATOMIC_RELAXED)
				& MC_MOD_SLEDS_LATER))
				mc_sleds_object (m, info);
			return 0;
		}
	}
	if (n == 0 && !is_main)
		return 0;
	if (n >= mc_modules_cap) {
		s->untracked++;
		return 0;
	}
	m = &mc_modules[n];
	memset (m, 0, sizeof *m);
	m->base = info->dlpi_addr;
	m->text_lo = lo;
	m->text_hi = hi;
	m->image_lo = ilo & ~(uintptr_t) 4095;
	m->image_hi = ihi;
	m->seen = s->gen;
	if (is_main) {
		m->flags = MC_MOD_MAIN;
		m->path = program_path ();
	} else {
		const char *name = info->dlpi_name ? info->dlpi_name : "";

		m->path = object_path (name);
		if (m->image_lo == getauxval (AT_SYSINFO_EHDR)) {
			/* The kernel maps the whole file of the vDSO, and
			   its section headers (where the symbols are
			   found) lie past the loaded segment.  */
			const ElfW (Ehdr) *eh = (const void *) m->image_lo;
			uintptr_t end = m->image_lo + eh->e_shoff
				+ (uintptr_t) eh->e_shnum * eh->e_shentsize;

			m->flags = MC_MOD_VDSO;
			if (end > m->image_hi && end - m->image_lo <= 65536)
				m->image_hi = end;
		}
	}
	if (!is_main)
		mc_objname_give (m, n);
	find_build_id (m, info);
	find_file_stamp (m);
	find_eh_frame (m, info);
	if (mc_hists_on) {
		int err = hist_alloc (&m->hist, lo, hi);

		if (err && err != EINVAL)
			problem_no_memory (err);
	}
	__atomic_store_n (&mc_nmodules, n + 1, __ATOMIC_RELEASE);
	mc_sleds_object (m, info);
	return 0;
}

static void
scan (bool force, bool patches)
{
	struct scan s = { .first = true, .force = force };
	unsigned int n, i;

	if (__atomic_exchange_n (&mc_refreshing, 1, __ATOMIC_ACQUIRE))
		return;
	mc_scan_patches = patches;
	s.gen = ++mc_gen;
	dl_iterate_phdr (scan_one, &s);
	if (s.changed) {
		__atomic_store_n (&mc_untracked, s.untracked,
				  __ATOMIC_RELAXED);
		/* Objects not seen any more were dlclose'd.  */
		n = mc_modules_count ();
		for (i = 1; i < n; i++)
			if (mc_modules[i].seen != s.gen
			    && !(__atomic_fetch_or (&mc_modules[i].flags,
						    MC_MOD_GONE,
						    __ATOMIC_RELAXED)
				 & MC_MOD_GONE))
				__atomic_fetch_add (&mc_gen_unloaded, 1,
						    __ATOMIC_RELEASE);
	}
	mc_scan_patches = false;
	__atomic_store_n (&mc_refreshing, 0, __ATOMIC_RELEASE);
}

/* A table of GMON_MAX_OBJECTS entries: the static one, or if that
   holds too few, one mapped (only the entries used are ever touched),
   with room for the names of the objects' files (objdir.c).  */
static void
tables_init (void)
{
	uint64_t want = mc_config.max_objects, size;
	void *p;

	if (want <= MC_MODULES_DEFAULT) {
		mc_modules_cap = (unsigned int) want;
		return;
	}
	size = want * sizeof (struct mc_module)
		+ 2 * want * sizeof (uint32_t);
	p = mmap (NULL, size, PROT_READ | PROT_WRITE,
		  MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (p == MAP_FAILED) {
		struct mc_line l = { .len = 0 };

		mc_line_str (&l, "GMON_MAX_OBJECTS: no memory for a table of ");
		mc_line_u64 (&l, want);
		mc_line_str (&l, " objects (mmap: ");
		mc_line_errno (&l, errno);
		mc_line_str (&l, "): 1024 were kept");
		l.buf[l.len] = '\0';
		mc_problem (MC_PROB_ENV, l.buf);
		return;
	}
	mc_modules = p;
	mc_objnames_init ((uint32_t *) (mc_modules + want),
			  (uint32_t) (2 * want));
	mc_modules_cap = (unsigned int) want;
}

void
mc_modules_init (bool patch)
{
	tables_init ();
	scan (true, patch);
}

unsigned int
mc_modules_max (void)
{
	return mc_modules_cap;
}

uint64_t
mc_modules_untracked (void)
{
	return __atomic_load_n (&mc_untracked, __ATOMIC_RELAXED);
}

void
mc_modules_refresh (void)
{
	scan (false, false);
}

const char *
mc_modules_flagged (int flag)
{
	unsigned int n = mc_modules_count (), i;

	for (i = 0; i < n; i++)
		if (__atomic_load_n (&mc_modules[i].flags, __ATOMIC_RELAXED)
		    & flag)
			return mc_modules[i].path;
	return "?";
}

void
mc_modules_refresh_patching (bool force)
{
	scan (force, true);
}

bool
mc_modules_patching (void)
{
	return mc_scan_patches;
}

void
mc_modules_forget (void)
{
	/* A fork child: the same objects, a profile of its own.  */
	mc_hists_reset ();
	mc_scan_patches = false;
	mc_refreshing = 0;
}
