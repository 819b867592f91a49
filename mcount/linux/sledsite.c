/* sledsite.c - where an object's sleds are: its records read, each
   turned into the sled to patch (mcount/linux/sleds.c patches them).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   Three compilers' sections list sleds, each in its own way; in
   memory each is relocated, so it holds run-time addresses (or, for
   XRay's, offsets from the record):

     __patchable_function_entries   gcc and clang
         -fpatchable-function-entry=N,M: a record per function, the
         address of its first NOP, M of them before the symbol; the
         sled is at the function's entry, after what the port skips
         (endbr64, bti c).
     __mcount_loc   gcc -pg -mnop-mcount -mrecord-mcount (x86-64, code
         that is not position-independent: gcc refuses -mnop-mcount
         with -fpic and -fpie): a record per function, the address of
         the 5-byte NOP left where the call of mcount (after the
         frame's push %rbp; mov %rsp,%rbp) or, with -mfentry, of
         __fentry__ (at the entry) would be.  The port tells which from
         the bytes before it.
     xray_instr_map   clang -fxray-instrument (x86-64, aarch64): 32
         bytes a sled, entry, exit and tail-call sleds alike: the
         sled's address, its function's, its kind (0 an entry), a
         flag and the table's version; from version 2 on, the two
         addresses are offsets from where each is stored.  Only the
         entry sleds are patched: the exit sleds stay as they are.

   Every sled is checked against the bytes the compiler leaves
   (mc_arch_sled_free) before it counts: a sled another tool (XRay's
   own runtime, a debugger) changed is not touched.  */

#define _GNU_SOURCE 1
#include <config.h>

#include <elf.h>
#include <errno.h>
#include <link.h>
#include <regex.h>
#include <string.h>
#include <sys/mman.h>

#include "mcount/linux/runtime.h"
#include "mcount/linux/sleds.h"
#include "mcount/linux/unwind.h"

#if MC_ARCH_HAS_SLEDS

#define SLED_BEFORE	64	/* most NOPs before a symbol (M) */

#define XRAY_RECORD	32	/* bytes of one record, 64-bit */
#define XRAY_ENTRY	0	/* the kind of an entry sled */

static regex_t sled_re;			/* GMON_PATCH, compiled */
static int sled_re_state;		/* 0 not yet, 1 compiled, -1 bad */

bool
mc_sled_regex_ok (void)
{
	if (!sled_re_state) {
		sled_re_state = mc_config.patch[0] == '\n'
			|| regcomp (&sled_re, mc_config.patch,
				    REG_EXTENDED | REG_NOSUB) != 0 ? -1 : 1;
	}
	return sled_re_state > 0;
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

/* The loaded segment of O's object with FLAG (PF_X, PF_R) that holds
   [A, A + N): for PF_R in its bytes from the file (a gap between
   segments is no memory); else NULL.  */
static const ElfW (Phdr) *
obj_segment (const struct mc_sled_obj *o, uintptr_t a, size_t n,
	     ElfW (Word) flag)
{
	int i;

	for (i = 0; i < o->info->dlpi_phnum; i++) {
		const ElfW (Phdr) *ph = &o->info->dlpi_phdr[i];
		uintptr_t lo = o->info->dlpi_addr + ph->p_vaddr;
		uint64_t size = flag == PF_R ? ph->p_filesz : ph->p_memsz;

		if (ph->p_type == PT_LOAD && (ph->p_flags & flag)
		    && a >= lo && a - lo <= size && n <= size - (a - lo))
			return ph;
	}
	return NULL;
}

const ElfW (Phdr) *
mc_sled_code (const struct mc_sled_obj *o, uintptr_t a, size_t n)
{
	return obj_segment (o, a, n, PF_X);
}

/* Whether [A, A + N) lies in one readable segment of O's object.  */
static bool
obj_readable (const struct mc_sled_obj *o, uintptr_t a, size_t n)
{
	return obj_segment (o, a, n, PF_R) != NULL;
}

/* The entry of the function of record R (-fpatchable-function-entry):
   R itself; or the symbol R follows by what the port skips (an
   endbr64, M = 0); or the symbol R lies before, NOPs all the way (M of
   them); R when no symbol says (a stripped object's local functions),
   and *I is O->nfns.  *I: the symbol's index.  */
static uintptr_t
entry_of (const struct mc_sled_obj *o, uintptr_t r, size_t *i)
{
	const struct mc_sledfn *prev;

	*i = mc_sledf_fn_at (o->fns, o->nfns, r);
	if (*i < o->nfns && o->fns[*i].lo == r)
		return r;
	prev = *i > 0 ? &o->fns[*i - 1] : NULL;
	if (prev && r < prev->hi
	    && mc_sled_code (o, prev->lo, o->len)
	    && prev->lo + mc_arch_sled_skip ((const unsigned char *) prev->lo,
					     o->len) == r) {
		--*i;
		return prev->lo;
	}
	if (*i < o->nfns && o->fns[*i].lo - r <= SLED_BEFORE
	    && mc_sled_code (o, r, o->fns[*i].lo - r)
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
find_before (struct mc_sled_obj *o, const uintptr_t *rec, size_t n)
{
	size_t k, i;

	o->before = MC_SLED_BEFORE_NONE;
	for (k = 0; k < n; k++) {
		uintptr_t e = rec[k] ? entry_of (o, rec[k], &i) : 0;
		int m;

		if (!e || i == o->nfns)
			continue;
		m = e > rec[k] ? (int) (e - rec[k]) : 0;
		if (o->before == MC_SLED_BEFORE_NONE)
			o->before = m;
		else if (o->before != m)
			o->before = MC_SLED_BEFORE_MIXED;
	}
}

/* The sled of -fpatchable-function-entry's record R (MC_SLED_SITE),
   or 0 (counted as not one, or not named by GMON_PATCH): at its
   function's entry, after what the port skips there.  */
static uintptr_t
sled_of (const struct mc_sled_obj *o, uintptr_t r)
{
	size_t i;
	uintptr_t entry = entry_of (o, r, &i), p;

	if (i == o->nfns && o->before != 0) {
		mc_sled_st.unplaced++;
		return 0;
	}
	if (!mc_sled_code (o, entry, o->len)) {
		mc_sled_st.bad_form++;
		return 0;
	}
	p = entry + mc_arch_sled_skip ((const unsigned char *) entry, o->len);
	if (p < r || !mc_sled_code (o, p, o->len)
	    || !mc_arch_sled_free (o->form, (const unsigned char *) p)) {
		mc_sled_st.bad_form++;
		return 0;
	}
	if (mc_config.patch[0]
	    && (i == o->nfns || !fn_wanted (o->fns, o->nfns, i, entry))) {
		mc_sled_st.filtered++;		/* or no name to match */
		return 0;
	}
	return MC_SLED_SITE (p, false);
}

/* The sled of record R of __mcount_loc or XRay's map, which is the
   sled's own address (MC_SLED_SITE), or 0 (counted as not one, or not
   named by GMON_PATCH): GMON_PATCH matches the function that holds
   it.  An __mcount_loc sled at its function's entry (after an
   endbr64) calls __fentry__'s kind of entry, one further in (after
   the frame gcc -pg sets up without -mfentry, and the registers it
   saves) mcount's: where the function starts, its symbol says, else
   its unwind table; a sled neither places is not patched, as a wrong
   guess would send mcount's frame walk through a register that holds
   no frame.  */
static uintptr_t
site_of (const struct mc_sled_obj *o, uintptr_t r)
{
	size_t i = mc_sledf_fn_at (o->fns, o->nfns, r);
	uintptr_t entry;
	bool body = false;

	if (!mc_sled_code (o, r, o->len)
	    || !mc_arch_sled_free (o->form, (const unsigned char *) r)) {
		mc_sled_st.bad_form++;
		return 0;
	}
	if (!(i < o->nfns && o->fns[i].lo == r))
		i = i > 0 && r < o->fns[i - 1].hi ? i - 1 : o->nfns;
	if (mc_config.patch[0]
	    && (i == o->nfns
		|| !fn_wanted (o->fns, o->nfns, i, o->fns[i].lo))) {
		mc_sled_st.filtered++;
		return 0;
	}
	if (o->form == MC_SLED_MCOUNT) {
		entry = i < o->nfns ? o->fns[i].lo : mc_uw_fn_start (o->m, r);
		if (!entry || entry > r || !mc_sled_code (o, entry, r - entry)) {
			mc_sled_st.unplaced++;
			return 0;
		}
		body = r != entry
			&& r != entry + mc_arch_sled_skip
				((const unsigned char *) entry, r - entry);
	}
	return MC_SLED_SITE (r, body);
}

/* XRay's N records at REC: the addresses of the entry sleds into
   OUT; how many.  */
static size_t
xray_entries (const unsigned char *rec, size_t n, uintptr_t *out)
{
	size_t i, k = 0;

	for (i = 0; i < n; i++) {
		const unsigned char *x = rec + i * XRAY_RECORD;
		uint64_t a;

		if (x[16] != XRAY_ENTRY)
			continue;
		memcpy (&a, x, sizeof a);
		out[k++] = x[18] >= 2 ? (uintptr_t) x + (uintptr_t) a
				      : (uintptr_t) a;
	}
	return k;
}

uint64_t
mc_sled_count (const struct mc_sled_obj *o, const ElfW (Shdr) *sec)
{
	const unsigned char *rec = (const unsigned char *) (o->m->base
							    + sec->sh_addr);
	uint64_t n = 0, i;

	if (o->form != MC_SLED_XRAY)
		return sec->sh_size / sizeof (uintptr_t);
	if (sec->sh_size % XRAY_RECORD
	    || !obj_readable (o, (uintptr_t) rec, sec->sh_size))
		return sec->sh_size / XRAY_RECORD;
	for (i = 0; i < sec->sh_size / XRAY_RECORD; i++)
		n += rec[i * XRAY_RECORD + 16] == XRAY_ENTRY;
	return n;
}

bool
mc_sled_find (struct mc_sled_obj *o, const ElfW (Shdr) *sec, uint64_t count,
	      size_t *mapped)
{
	const void *rec = (const void *) (o->m->base + sec->sh_addr);
	size_t size = o->form == MC_SLED_XRAY ? XRAY_RECORD : sizeof (uintptr_t);
	size_t n = sec->sh_size / size, i;

	o->nsites = 0;
	mc_sled_st.records += count;
	if (sec->sh_size % size
	    || !obj_readable (o, (uintptr_t) rec, sec->sh_size))
		return false;
	*mapped = (n ? n : 1) * sizeof *o->sites;
	o->sites = mmap (NULL, *mapped, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (o->sites == MAP_FAILED) {
		o->sites = NULL;
		mc_sled_fail (o->m, count, "mmap", errno);
		return true;
	}
	if (o->form == MC_SLED_NOPS) {
		const uintptr_t *r = rec;

		find_before (o, r, n);
		for (i = 0; i < n; i++) {
			uintptr_t s = r[i] ? sled_of (o, r[i]) : 0;

			if (s)
				o->sites[o->nsites++] = s;
		}
	} else {
		/* The records into O->sites, then each in its place
		   turned into its sled (K <= I).  */
		if (o->form == MC_SLED_XRAY)
			n = xray_entries (rec, n, o->sites);
		else
			memcpy (o->sites, rec, n * sizeof *o->sites);
		for (i = 0; i < n; i++) {
			uintptr_t s = o->sites[i] ? site_of (o, o->sites[i])
						  : 0;

			if (s)
				o->sites[o->nsites++] = s;
		}
	}
	mc_sledf_sort_sites (o->sites, o->nsites);
	for (i = 1; i < o->nsites; i++)		/* one sled, one call */
		if (MC_SLED_AT (o->sites[i])
		    < MC_SLED_AT (o->sites[i - 1]) + o->len) {
			mc_sled_st.bad_form++;
			return false;
		}
	return true;
}

#endif /* MC_ARCH_HAS_SLEDS */
