/* symtab.c - symbols sorted by address, one per address.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Which of several aliases survives, and therefore which name a
   profile shows, depends on the input order (the executable's symbol
   table order) and on a stable sort: GNU gprof gets both from glibc's
   qsort(), and msort.c gives the same order here.  */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gprof/util/msort.h"
#include "gprof/util/rsort.h"
#include "gprof/symbols/symtab.h"

static int
cmp_addr (const void *a, const void *b, void *arg)
{
	const struct sym *l = a, *r = b;

	(void) arg;
	if (l->addr != r->addr)
		return l->addr > r->addr ? 1 : -1;
	if (l->is_func != r->is_func)
		return (int) r->is_func - (int) l->is_func;
	return (int) l->is_static - (int) r->is_static;
}

/* Whether SRC should replace KEPT, a symbol at the same address.  */
static bool
better (const struct sym *src, const struct sym *kept)
{
	if (!src->is_static && kept->is_static)
		return true;
	if (src->is_static != kept->is_static)
		return false;
	if (src->is_func && !kept->is_func)
		return true;
	if (src->is_func != kept->is_func)
		return false;
	if (src->name[0] != '_' && kept->name[0] == '_')
		return true;
	return src->name[0] == '_' && kept->name[0] == '_'
		&& src->name[1] != '_' && kept->name[1] == '_';
}

/* Puts V in the order of the pointers P (into V), in place, one
   symbol of scratch space at a time: big tables must not be copied.  */
static void
permute (struct sym *v, void **p, size_t n)
{
	size_t *where = XNEWVEC (size_t, n);	/* target slot of V[i] */
	size_t i;

	for (i = 0; i < n; i++)
		where[(struct sym *) p[i] - v] = i;
	for (i = 0; i < n; i++) {
		struct sym tmp;
		size_t j;

		/* Rotate the cycle through I: each symbol of it moves to
		   its slot.  */
		while (where[i] != i) {
			j = where[i];
			tmp = v[j];
			v[j] = v[i];
			v[i] = tmp;
			where[i] = where[j];
			where[j] = j;
		}
	}
	free (where);
}

/* cmp_addr()'s order as one integer -- the address, then functions
   first, then globals first -- radix-sorted into P, pointers into V:
   the same order as a stable sort by cmp_addr(), without its 300 000
   comparisons of symbols all over memory for 20 000 of them.  False
   if an address is too big for the two bits below it.  */
static bool
sort_by_addr_key (struct sym *v, void **p, size_t n)
{
	struct rkey *k, *tmp;
	size_t i;

	for (i = 0; i < n; i++)
		if (v[i].addr >> 62)
			return false;
	k = XNEWVEC (struct rkey, n);
	tmp = XNEWVEC (struct rkey, n);
	for (i = 0; i < n; i++) {
		k[i].key = v[i].addr << 2 | (uint64_t) !v[i].is_func << 1
			| v[i].is_static;
		k[i].val = i;
	}
	rsort (k, n, tmp);
	for (i = 0; i < n; i++)
		p[i] = &v[k[i].val];
	free (tmp);
	free (k);
	return true;
}

void
symtab_finalize (struct sym *v, size_t *n, uint64_t text_end)
{
	size_t len = *n, i, kept = 0;
	uint64_t prev_addr;
	void **p;

	if (len == 0)
		return;
	/* A stable sort leaves sorted input as it is: most executables
	   list their symbols in address order, and skipping the sort
	   spares a pass over every symbol and the permutation.  */
	for (i = 1; i < len; i++)
		if (cmp_addr (&v[i - 1], &v[i], NULL) > 0)
			break;
	if (i < len) {
		p = XNEWVEC (void *, len);
		if (!sort_by_addr_key (v, p, len)) {
			for (i = 0; i < len; i++)
				p[i] = &v[i];
			msort_ptrs (p, len, cmp_addr, NULL);
		}
		permute (v, p, len);
		free (p);
	}

	prev_addr = v[0].addr - 1;
	for (i = 0; i < len; i++) {
		const struct sym *src = &v[i];

		if (src->addr == prev_addr) {
			if (better (src, &v[kept - 1]))
				v[kept - 1] = *src;
			continue;
		}
		if (kept > 0 && v[kept - 1].end_addr == 0)
			v[kept - 1].end_addr = src->addr - 1;
		if (!src->end_addr || src->addr <= src->end_addr) {
			if (kept != i)
				v[kept] = *src;
			kept++;
			prev_addr = src->addr;
		}
	}
	if (kept > 0 && v[kept - 1].end_addr == 0)
		v[kept - 1].end_addr = text_end - 1;
	*n = kept;
}

struct sym *
symtab_lookup (struct sym *v, size_t n, uint64_t addr)
{
	size_t lo = 0, hi = n;

	/* The last symbol starting at or below ADDR...  */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (v[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return NULL;
	/* ... if its range reaches that far.  */
	return addr <= v[lo - 1].end_addr ? &v[lo - 1] : NULL;
}

/* About two symbols per bucket: a lookup is one bucket and a step or
   two, instead of a binary search through cold memory.  */
void
symtab_index (struct symtab *st)
{
	uint64_t lo, hi, span;
	unsigned int shift = 0;
	size_t b, i = 0;

	if (st->len < 64)
		return;
	lo = st->base[0].addr;
	hi = st->base[st->len - 1].addr + 1;
	span = hi - lo;
	while ((span >> shift) > st->len / 2 && shift < 63)
		shift++;
	st->index_base = lo;
	st->index_shift = shift;
	st->nbuckets = (size_t) ((span - 1) >> shift) + 1;
	st->bucket = XNEWVEC (uint32_t, st->nbuckets);
	st->addrs = XNEWVEC (uint64_t, st->len);
	for (i = 0; i < st->len; i++)
		st->addrs[i] = st->base[i].addr;
	i = 0;
	for (b = 0; b < st->nbuckets; b++) {
		uint64_t a = lo + ((uint64_t) b << shift);

		while (i + 1 < st->len && st->addrs[i + 1] <= a)
			i++;
		st->bucket[b] = (uint32_t) i;
	}
}

static void
ranks_free (struct symtab *st)
{
	free (st->name_rank);
	st->name_rank = NULL;
	free (st->by_name);
	st->by_name = NULL;
	st->name_rank_len = 0;
}

void
symtab_free_index (struct symtab *st)
{
	free (st->bucket);
	st->bucket = NULL;
	free (st->addrs);
	st->addrs = NULL;
	st->nbuckets = 0;
	ranks_free (st);
}

/* The first eight bytes of NAME, big-endian, zero-padded: integers that
   order as strcmp() orders the names, as far as those bytes go.  */
static uint64_t
name_prefix (const char *name)
{
	uint64_t k = 0;
	int j;

	for (j = 0; j < 8 && name && name[j]; j++)
		k |= (uint64_t) (unsigned char) name[j] << (56 - 8 * j);
	return k;
}

static int
cmp_tail (const void *a, const void *b, void *arg)
{
	(void) arg;
	return strcmp (((const struct sym *) a)->name + 8,
		       ((const struct sym *) b)->name + 8);
}

/* Names sorted by a radix sort of their first eight bytes, then runs
   that share all eight by strcmp() of the rest: the sort touches each
   name once or twice, where a comparison sort chases every one of
   them twenty times.  */
void
symtab_rank_names (struct symtab *st)
{
	size_t n = st->len, i, j;
	struct rkey *v, *tmp;
	void **run;
	uint32_t rank = 0;

	ranks_free (st);
	if (n == 0 || n >= UINT32_MAX)
		return;
	v = XNEWVEC (struct rkey, n);
	tmp = XNEWVEC (struct rkey, n);
	for (i = 0; i < n; i++) {
		v[i].key = name_prefix (st->base[i].name);
		v[i].val = i;
	}
	rsort (v, n, tmp);
	free (tmp);
	run = XNEWVEC (void *, n);
	st->name_rank = XNEWVEC (uint32_t, n);
	for (i = 0; i < n; i = j) {
		bool longer = (v[i].key & 0xff) != 0;
		size_t k;

		for (j = i + 1; j < n && v[j].key == v[i].key; j++)
			;
		if (!longer || j - i == 1) {
			/* One name, or names that all end in the prefix:
			   equal.  */
			for (k = i; k < j; k++)
				st->name_rank[v[k].val] = rank;
			rank++;
			continue;
		}
		for (k = i; k < j; k++)
			run[k - i] = &st->base[v[k].val];
		msort_ptrs (run, j - i, cmp_tail, NULL);
		for (k = i; k < j; k++) {
			const struct sym *s = run[k - i];

			if (k > i && strcmp (((const struct sym *)
					      run[k - i - 1])->name,
					     s->name) != 0)
				rank++;
			st->name_rank[s - st->base] = rank;
			v[k].val = (uint64_t) (s - st->base);
		}
		rank++;
	}
	free (run);
	/* V is in the names' order now.  */
	st->by_name = XNEWVEC (uint32_t, n);
	for (i = 0; i < n; i++)
		st->by_name[i] = (uint32_t) v[i].val;
	free (v);
	st->name_rank_len = n;
}

struct sym *
symtab_find (const struct symtab *st, uint64_t addr)
{
	size_t i, b;

	if (!st->bucket || addr < st->index_base)
		return symtab_lookup (st->base, st->len, addr);
	b = (size_t) ((addr - st->index_base) >> st->index_shift);
	if (b >= st->nbuckets)
		return symtab_lookup (st->base, st->len, addr);
	i = st->bucket[b];
	while (i + 1 < st->len && st->addrs[i + 1] <= addr)
		i++;
	return addr <= st->base[i].end_addr ? &st->base[i] : NULL;
}
