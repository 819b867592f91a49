/* bounds.c - where the functions of an object begin and end, when its
   symbols do not say it all.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   A distribution's library keeps only its exported symbols: its
   static functions have none, and GNU gprof's rule (a function ends
   where the next symbol begins) charges their samples and calls to
   whatever exported function comes before them, however small.  What
   the object still says is used instead: the size of each symbol, the
   frame description entries of its unwind tables (every function gcc
   compiles has one: dwarf/frames.c reads them), and its code
   sections.  Each piece of code that no symbol covers becomes a
   function of its own, named by its object and address
   (libz.so.1+0x4a00), which objdump and addr2line take.  No libbfd
   here: objects.c gathers what the object says.  */

#include <config.h>

#include <inttypes.h>
#include <stdlib.h>

#include <libiberty/libiberty.h>

#include "gprof/symbols/bounds.h"

/* One address where a function starts: its symbols', or an FDE's.  */
struct start {
	uint64_t addr;			/* first address */
	uint64_t size_end;		/* after its ELF size; 0: none */
	uint64_t fde_end;		/* after its FDE's range; 0: none */
	uint64_t end;			/* after its last byte */
	size_t first;			/* its first symbol, sorted */
	size_t nsyms;			/* how many (0: an FDE) */
};

/* A symbol of the code, by address.  */
struct entry {
	uint64_t addr;			/* its address */
	size_t sym;			/* its index in the caller's */
};

static int
cmp_entry (const void *a, const void *b)
{
	const struct entry *l = a, *r = b;

	if (l->addr != r->addr)
		return l->addr < r->addr ? -1 : 1;
	return l->sym < r->sym ? -1 : l->sym > r->sym;
}

static int
cmp_range (const void *a, const void *b)
{
	const struct dwarf_range *l = a, *r = b;

	if (l->lo != r->lo)
		return l->lo < r->lo ? -1 : 1;
	return l->hi < r->hi ? -1 : l->hi > r->hi;
}

void
bounds_sort_ranges (struct dwarf_range *v, size_t n)
{
	if (n > 1)
		qsort (v, n, sizeof *v, cmp_range);
}

size_t
bounds_upper (const struct dwarf_range *v, size_t n, uint64_t addr)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (v[mid].lo <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Whether ADDR is in one of IN's code sections (disjoint: only the
   last that starts at or below it can hold it).  */
static bool
in_code (const struct bounds_input *in, uint64_t addr)
{
	size_t k = bounds_upper (in->code, in->ncode, addr);

	return k > 0 && addr < in->code[k - 1].hi;
}

char *
bounds_name (const char *object, uint64_t addr)
{
	return xasprintf ("%s+0x%" PRIx64, object, addr);
}

/* The symbols of V[0..N) in code, sorted by address, in *OUT; their
   number.  */
static size_t
code_entries (const struct sym *v, size_t n, const struct bounds_input *in,
	      struct entry **out)
{
	struct entry *e = XNEWVEC (struct entry, n + 1);
	size_t i, k = 0;

	for (i = 0; i < n; i++)
		if (in_code (in, v[i].addr)) {
			e[k].addr = v[i].addr;
			e[k].sym = i;
			k++;
		}
	qsort (e, k, sizeof *e, cmp_entry);
	*out = e;
	return k;
}

/* The starts of functions: one per address of the symbols E[0..NE)
   (their longest size), with the FDE that starts there, and one per
   other FDE in code that starts outside every symbol's size, in
   address order, into *OUT; their number.  */
static size_t
starts (const struct sym *v, const struct entry *e, size_t ne,
	const struct bounds_input *in, struct start **out)
{
	struct start *s = XNEWVEC (struct start, ne + in->nfdes + 1);
	size_t i = 0, f = 0, k = 0;
	const struct start *sized = NULL;	/* the last with a size */

	while (i < ne || f < in->nfdes) {
		const struct dwarf_range *fde = f < in->nfdes
			? &in->fdes[f] : NULL;

		if (i < ne && (!fde || e[i].addr <= fde->lo)) {
			struct start *t = &s[k++];

			*t = (struct start) { .addr = e[i].addr, .first = i };
			for (; i < ne && e[i].addr == t->addr; i++) {
				const struct sym *y = &v[e[i].sym];
				uint64_t end = y->end_addr
					? y->end_addr + 1 : 0;

				if (end > t->size_end && end > t->addr)
					t->size_end = end;
				t->nsyms++;
			}
			for (; f < in->nfdes && in->fdes[f].lo == t->addr; f++)
				if (in->fdes[f].hi > t->fde_end)
					t->fde_end = in->fdes[f].hi;
			if (t->size_end)
				sized = t;
			continue;
		}
		f++;
		if ((k > 0 && s[k - 1].addr == fde->lo)
		    || !in_code (in, fde->lo)
		    || (sized && fde->lo < sized->size_end))
			continue;
		s[k++] = (struct start) { .addr = fde->lo,
					  .fde_end = fde->hi };
	}
	*out = s;
	return k;
}

struct made {
	struct sym *v;			/* the functions made */
	size_t n;			/* how many */
	size_t cap;			/* room for this many */
};

static void
make (struct made *m, const struct bounds_input *in, uint64_t lo,
      uint64_t hi)
{
	struct sym *y;

	if (m->n == m->cap) {
		m->cap = m->cap ? 2 * m->cap : 16;
		m->v = xrealloc (m->v, m->cap * sizeof *m->v);
	}
	y = &m->v[m->n++];
	sym_init (y);
	y->addr = lo;
	y->end_addr = hi - 1;
	y->name = bounds_name (in->object, lo);
	y->is_func = 1;
	y->is_static = 1;
}

/* Where start T ends, the next function starting at NEXT.  */
static uint64_t
start_end (const struct start *t, uint64_t next)
{
	uint64_t end = t->size_end ? t->size_end : t->fde_end;
	uint64_t aligned;

	if (!end || end > next || end <= t->addr)
		return next;
	/* Its padding, up to the next aligned address.  */
	aligned = (end + BOUNDS_PAD - 1) & ~(uint64_t) (BOUNDS_PAD - 1);
	if (aligned < end || aligned > next)
		return next;
	return aligned;
}

/* Each code section of IN, its starts S[0..NS) given their ends and
   its gaps made into functions (M).  */
static void
walk_sections (struct start *s, size_t ns, const struct bounds_input *in,
	       struct made *m)
{
	size_t c, k = 0;

	for (c = 0; c < in->ncode; c++) {
		uint64_t pos = in->code[c].lo, hi = in->code[c].hi;

		for (; k < ns && s[k].addr < hi; k++) {
			uint64_t next = k + 1 < ns && s[k + 1].addr < hi
				? s[k + 1].addr : hi;

			if (s[k].addr < pos)
				continue;	/* not in this section */
			if (s[k].addr > pos)
				make (m, in, pos, s[k].addr);
			s[k].end = start_end (&s[k], next);
			pos = s[k].end;
			if (!s[k].nsyms)
				make (m, in, s[k].addr, s[k].end);
		}
		if (pos < hi)
			make (m, in, pos, hi);
	}
}

struct sym *
bounds_apply (struct sym *v, size_t *n, const struct bounds_input *in)
{
	struct made m = { NULL, 0, 0 };
	struct entry *e;
	struct start *s;
	size_t ne, ns, k, i;

	ne = code_entries (v, *n, in, &e);
	ns = starts (v, e, ne, in, &s);
	walk_sections (s, ns, in, &m);
	for (k = 0; k < ns; k++)
		for (i = s[k].first; i < s[k].first + s[k].nsyms; i++)
			if (s[k].end > s[k].addr)
				v[e[i].sym].end_addr = s[k].end - 1;
	free (s);
	free (e);
	if (m.n) {
		v = xrealloc (v, (*n + m.n) * sizeof *v);
		for (i = 0; i < m.n; i++)
			v[*n + i] = m.v[i];
		*n += m.n;
	}
	free (m.v);
	return v;
}
