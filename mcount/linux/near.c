/* near.c - run mcount's fast path next to the program that calls it.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   When libgmon is a shared library (linked with -lgmon, or preloaded),
   the program calls mcount through its GOT into code mapped far from
   its own: 2^40 bytes and more apart.  On the machine measured such a
   call and its return cost about 1 ns more than near ones (the branch
   predictors keep far targets badly), even into an mcount that only
   returns: a third of everything profiling costs.  So, once, at
   start-up, this file

     1. maps a page within a few megabytes of the program's code,
     2. copies into it the position-independent copy of the fast paths
        that the port's mcount.S assembles (mc_near_start ..
        mc_near_end), which the port then makes ready to run there
        (mc_arch_near_patch: where mc_tls and the slow paths are),
     3. makes it read-only and executable (never writable and
        executable at once), the page after it writable, for its copy
        of mc_arcs_on, and
     4. points the program's GOT entries for the entry points the port
        lists (mc_arch_near_hooks: mcount and the like, and the
        basic-block hooks: bbcount.c, a call per block, and the far
        call is half of their cost) at it, if and only if they point at
        this library's (the entries of a RELRO segment are made
        writable for the one store, then read-only again).

   Every step may fail (no room, W^X policies, a GOT already pointing
   elsewhere): the program then keeps calling the far mcount, which
   works, only slower.  Nothing changes for a program that has libgmon
   linked in statically: its mcount is already near.  GMON_NEAR=0 turns
   this off, and so does a port without a copy (MC_ARCH_HAS_NEAR 0).  */

#define _GNU_SOURCE 1
#include <config.h>

#include <elf.h>
#include <errno.h>
#include <link.h>
#include <stddef.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "mcount/linux/runtime.h"

#define NEAR_STEP	(2u << 20)	/* candidate addresses 2 MiB apart */
#define NEAR_TRIES	32

/* SIZE bytes at WANT, if free and less than REACH from either end of
   [LO, HI); else NULL.  */
static void *
near_try (uintptr_t want, size_t size, uintptr_t lo, uintptr_t hi,
	  uintptr_t reach)
{
	void *p;

	if (want < 0x100000
	    || (want < lo ? hi - want : want + size - lo) >= reach)
		return NULL;
	p = mmap ((void *) want, size, PROT_READ | PROT_WRITE,
		  MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
	if (p == MAP_FAILED)
		return NULL;
	if ((uintptr_t) p == want)
		return p;
	munmap (p, size);		/* an old kernel's hint (or qemu-user
					   7.2's answer when it is taken) */
	return NULL;
}

/* SIZE bytes of fresh memory, readable and writable, a few MiB below
   [LO, HI) or above it, all of it less than REACH from either end (a
   call's reach); NULL if none was found.  Above a program lies its
   heap (brk), which must keep room to grow: the first candidates above
   are 128 MiB up.  That is beyond the reach of aarch64's bl (128
   MiB): where nothing below is free (qemu-user packs a library's
   neighbours below it), the last resort is just above [LO, HI), which
   at worst makes a program's brk fail sooner (malloc then maps).  */
void *
mc_near_map (uintptr_t lo, uintptr_t hi, size_t size, uintptr_t reach)
{
	uintptr_t below = lo & ~(uintptr_t) (NEAR_STEP - 1);
	uintptr_t above = (hi + NEAR_STEP - 1)
		& ~(uintptr_t) (NEAR_STEP - 1);
	uintptr_t step, pg = (uintptr_t) getpagesize ();
	void *p;
	int i;

	/* A reach shorter than the steps (riscv64's jal): the pages just
	   below [LO, HI), where a program's or a library's neighbours
	   leave a gap.  */
	for (i = 1; reach < NEAR_STEP && i <= NEAR_TRIES; i++) {
		p = near_try ((lo & ~(pg - 1)) - (uintptr_t) i * size, size,
			      lo, hi, reach);
		if (p)
			return p;
	}
	for (i = 1; i <= NEAR_TRIES; i++) {
		step = (uintptr_t) i * NEAR_STEP;
		p = near_try (below > step ? below - step : 0, size, lo, hi,
			      reach);
		if (!p)
			p = near_try (above + step + 64 * NEAR_STEP, size, lo,
				      hi, reach);
		if (p)
			return p;
	}
	for (i = 0; i < NEAR_TRIES; i++) {
		p = near_try (above + (uintptr_t) i * NEAR_STEP, size, lo, hi,
			      reach);
		if (p)
			return p;
	}
	return NULL;
}

#if MC_ARCH_HAS_NEAR

#define NEAR_PAGE	MC_ARCH_NEAR_PAGE	/* code; then one of data */
/* How far a copy serves the code that calls it: a GOT holds any
   address, but the copy is made for the branch predictors, which
   keep near targets well, and one made for sleds (sleds.c, whose
   calls reach 2 GiB) serves the program's GOT too.  */
#define NEAR_REACH	((uintptr_t) 1 << 31)

struct near {
	uintptr_t img_lo, img_hi;	/* the program's mapped image */
	uintptr_t relro_lo, relro_hi;	/* its PT_GNU_RELRO, if any */
	uintptr_t base;			/* load address */
	const ElfW (Dyn) *dyn;		/* its dynamic section */
	char *page;			/* the copy */
	unsigned int patched;		/* GOT entries redirected */
	bool bb_ours;			/* the process's block hooks are ours */
};

static int
find_program (struct dl_phdr_info *info, size_t size, void *data)
{
	struct near *n = data;
	int i;

	(void) size;
	n->base = info->dlpi_addr;
	n->img_lo = UINTPTR_MAX;
	for (i = 0; i < info->dlpi_phnum; i++) {
		const ElfW (Phdr) *ph = &info->dlpi_phdr[i];
		uintptr_t a = info->dlpi_addr + ph->p_vaddr;

		if (ph->p_type == PT_LOAD) {
			if (a < n->img_lo)
				n->img_lo = a;
			if (a + ph->p_memsz > n->img_hi)
				n->img_hi = a + ph->p_memsz;
		} else if (ph->p_type == PT_DYNAMIC)
			n->dyn = (const ElfW (Dyn) *) a;
		else if (ph->p_type == PT_GNU_RELRO) {
			/* ld.so protects only the whole pages of the
			   segment; a partial last page stays writable, and
			   so must we leave it.  */
			n->relro_lo = a;
			n->relro_hi = (a + ph->p_memsz)
				& ~(uintptr_t) (NEAR_PAGE - 1);
		}
	}
	return 1;			/* the first object is the program */
}

#define NEAR_COPIES	64	/* copies at most: the program's, and
				   one per object with sleds (sleds.c) */

static uintptr_t mc_near_pages[NEAR_COPIES];	/* the copies made */
static unsigned int mc_near_count;	/* ... published (release) */

/* The copy that holds PC, or 0.  Async-signal-safe.  */
static uintptr_t
page_of (uintptr_t pc)
{
	unsigned int n = __atomic_load_n (&mc_near_count, __ATOMIC_ACQUIRE);
	unsigned int i;

	for (i = 0; i < n; i++)
		if (pc - mc_near_pages[i] < NEAR_PAGE)	/* pc >= page */
			return mc_near_pages[i];
	return 0;
}

uintptr_t
mc_near_origin (uintptr_t pc)
{
	uintptr_t page = page_of (pc);

	return page ? mc_arch_near_origin (pc - page) : 0;
}

uintptr_t
mc_near_image (uintptr_t pc)
{
	uintptr_t page = page_of (pc);

	if (!page || pc - page >= (uintptr_t) (mc_near_end - mc_near_start))
		return 0;
	return (uintptr_t) mc_near_start + (pc - page);
}

void
mc_near_switch (bool on)
{
	unsigned int n = __atomic_load_n (&mc_near_count, __ATOMIC_ACQUIRE);
	unsigned int i;

	for (i = 0; i < n; i++) {
		volatile unsigned char *mirror = (volatile unsigned char *)
			(mc_near_pages[i] + NEAR_PAGE);

		*mirror = on;
	}
}

/* Whether all of [LO, HI) is within REACH of the copy at PAGE.  */
static bool
in_reach (uintptr_t page, uintptr_t lo, uintptr_t hi, uintptr_t reach)
{
	uintptr_t end = page + NEAR_PAGE;

	return (page >= lo ? end - lo : hi - page) < reach
		&& (end >= hi ? end - lo : hi - page) < reach;
}

char *
mc_near_copy (uintptr_t lo, uintptr_t hi, uintptr_t reach, int *err)
{
	size_t size = (size_t) (mc_near_end - mc_near_start);
	unsigned int n = mc_near_count, i;
	char *page;

	*err = 0;
	for (i = 0; i < n; i++)
		if (in_reach (mc_near_pages[i], lo, hi, reach))
			return (char *) mc_near_pages[i];
	if (n == NEAR_COPIES || size > NEAR_PAGE)
		return NULL;
	page = mc_near_map (lo, hi, 2 * NEAR_PAGE, reach);
	if (!page)
		return NULL;
	if (!in_reach ((uintptr_t) page, lo, hi, reach)) {
		munmap (page, 2 * NEAR_PAGE);
		return NULL;
	}
	memcpy (page, mc_near_start, size);
	if (!mc_arch_near_patch (page)) {
		munmap (page, 2 * NEAR_PAGE);
		return NULL;
	}
	if (mprotect (page, NEAR_PAGE, PROT_READ | PROT_EXEC) < 0) {
		*err = errno;
		munmap (page, 2 * NEAR_PAGE);
		return NULL;
	}
	/* Its mirror of mc_arcs_on, kept by mc_arcs_switch: set before
	   it is published, and again after (a switch in between).  */
	page[NEAR_PAGE] = (char) mc_arcs_on;
	mc_near_pages[n] = (uintptr_t) page;
	__atomic_store_n (&mc_near_count, n + 1, __ATOMIC_RELEASE);
	page[NEAR_PAGE] = (char) mc_arcs_on;
	return page;
}

/* Stores V in the GOT slot at SLOT, opening a RELRO page for it.  */
static void
patch_slot (struct near *n, uintptr_t *slot, uintptr_t v)
{
	uintptr_t a = (uintptr_t) slot;
	uintptr_t pg = a & ~(uintptr_t) (NEAR_PAGE - 1);
	bool relro = a >= n->relro_lo && a < n->relro_hi;

	if (relro && mprotect ((void *) pg, NEAR_PAGE,
			       PROT_READ | PROT_WRITE) < 0)
		return;
	__atomic_store_n (slot, v, __ATOMIC_RELEASE);
	if (relro)
		mprotect ((void *) pg, NEAR_PAGE, PROT_READ);
	n->patched++;
}

/* A dynamic-section address: glibc adjusts them in place by the load
   address when it relocates the program, but only there.  */
static uintptr_t
dyn_addr (const struct near *n, ElfW (Addr) v)
{
	return v < n->base ? v + n->base : v;
}

static void
patch_relocs (struct near *n, const ElfW (Rela) *r, size_t bytes,
	      const ElfW (Sym) *symtab, const char *strtab)
{
	size_t i, count = bytes / sizeof *r;

	for (i = 0; i < count; i++) {
		int got = mc_arch_near_got (ELF64_R_TYPE (r[i].r_info));
		const struct mc_near_hook *h;
		const char *name;
		uintptr_t *slot, to;

		if (got == MC_NEAR_GOT_NONE)
			continue;
		name = strtab + symtab[ELF64_R_SYM (r[i].r_info)].st_name;
		for (h = mc_arch_near_hooks; h->name; h++)
			if (strcmp (name, h->name) == 0)
				break;
		if (!h->name || (h->block && !n->bb_ours))
			continue;
		to = (uintptr_t) (n->page + (h->copy - mc_near_start));
		slot = (uintptr_t *) (n->base + r[i].r_offset);
		/* A lazy PLT slot still points into the PLT: it will be
		   bound to ours (checked in mc_near_install), so it may
		   be bound now.  */
		if (*slot == (uintptr_t) h->local || got == MC_NEAR_GOT_LAZY)
			patch_slot (n, slot, to);
	}
}

static void
patch_got (struct near *n)
{
	const ElfW (Dyn) *d;
	const ElfW (Sym) *symtab = NULL;
	const char *strtab = NULL;
	const ElfW (Rela) *rela = NULL, *jmprel = NULL;
	size_t relasz = 0, pltrelsz = 0;
	bool plt_rela = true;

	if (!n->dyn)
		return;
	for (d = n->dyn; d->d_tag != DT_NULL; d++)
		switch (d->d_tag) {
		case DT_SYMTAB:
			symtab = (const void *) dyn_addr (n, d->d_un.d_ptr);
			break;
		case DT_STRTAB:
			strtab = (const void *) dyn_addr (n, d->d_un.d_ptr);
			break;
		case DT_RELA:
			rela = (const void *) dyn_addr (n, d->d_un.d_ptr);
			break;
		case DT_RELASZ:
			relasz = d->d_un.d_val;
			break;
		case DT_JMPREL:
			jmprel = (const void *) dyn_addr (n, d->d_un.d_ptr);
			break;
		case DT_PLTRELSZ:
			pltrelsz = d->d_un.d_val;
			break;
		case DT_PLTREL:
			plt_rela = d->d_un.d_val == DT_RELA;
			break;
		default:
			break;
		}
	if (!symtab || !strtab)
		return;
	if (rela)
		patch_relocs (n, rela, relasz, symtab, strtab);
	if (jmprel && plt_rela)
		patch_relocs (n, jmprel, pltrelsz, symtab, strtab);
}

/* Whether the process calls libgmon's entry points (some other
   mcount may come first in the lookup order: not ours to speed up);
   *BB_OURS, whether its block hooks are ours.  */
static bool
hooks_ours (bool *bb_ours)
{
	const struct mc_near_hook *h;

	*bb_ours = true;
	for (h = mc_arch_near_hooks; h->name; h++) {
		if (!h->chosen
		    || (uintptr_t) h->chosen == (uintptr_t) h->local)
			continue;
		if (!h->block)
			return false;
		*bb_ours = false;
	}
	return true;
}

void
mc_near_install (void)
{
	struct near n;
	size_t size = (size_t) (mc_near_end - mc_near_start);
	uintptr_t ours = (uintptr_t) mc_arch_near_hooks[0].local;
	unsigned int copies;
	int err;

	if (!mc_config.near)
		return;
	memset (&n, 0, sizeof n);
	dl_iterate_phdr (find_program, &n);
	/* Linked into the program (libgmon.a): near already.  */
	if (n.img_lo >= n.img_hi || (ours >= n.img_lo && ours < n.img_hi)
	    || !hooks_ours (&n.bb_ours) || size > NEAR_PAGE)
		return;
	/* The last copy made, or one sleds.c made already.  */
	copies = mc_near_count;
	n.page = mc_near_copy (n.img_lo, n.img_hi, NEAR_REACH, &err);
	if (!n.page)
		return;
	patch_got (&n);
	if (mc_config.debug) {
		struct mc_line l = { .len = 0 };

		mc_line_str (&l, "libgmon: near: fast path copied to ");
		mc_line_hex (&l, (uintptr_t) n.page);
		mc_line_str (&l, ", ");
		mc_line_u64 (&l, n.patched);
		mc_line_str (&l, " GOT entries redirected");
		mc_line_write (&l);
	}
	/* Not needed: unpublished (nothing calls it) and unmapped, if
	   it was made here.  */
	if (!n.patched && mc_near_count == copies + 1
	    && mc_near_pages[copies] == (uintptr_t) n.page) {
		__atomic_store_n (&mc_near_count, copies, __ATOMIC_RELEASE);
		munmap (n.page, 2 * NEAR_PAGE);
	}
}

#else /* !MC_ARCH_HAS_NEAR */

void
mc_near_install (void)
{
	if (mc_config.near && mc_config.debug)
		mc_debug ("near", "no copy of the fast path on this processor");
}

uintptr_t
mc_near_origin (uintptr_t pc)
{
	(void) pc;
	return 0;
}

uintptr_t
mc_near_image (uintptr_t pc)
{
	(void) pc;
	return 0;
}

void
mc_near_switch (bool on)
{
	(void) on;
}

char *
mc_near_copy (uintptr_t lo, uintptr_t hi, uintptr_t reach, int *err)
{
	(void) lo;
	(void) hi;
	(void) reach;
	*err = 0;
	return NULL;
}

#endif /* MC_ARCH_HAS_NEAR */
