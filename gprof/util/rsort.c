/* rsort.c - stable radix sort of 64-bit keys.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   For the orders of hundreds of thousands of arcs (gmon.sum) and of a
   million symbols, where a comparison sort chasing pointers is most of
   the run: least significant digit first, each pass a counting sort,
   over only the bits where the keys differ -- after, for more keys
   than the caches hold, a pass on the most significant digit that
   cuts them into parts that fit.  Sorting pointers by several keys
   packs the keys and a position into one word where they fit (they
   mostly do: a name's rank, a count and a time differ in few bits),
   which halves the memory a pass moves and makes the keys one sort.  */

#include <config.h>

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gprof/util/rsort.h"

/* Below this many keys, a part is sorted least significant digit
   first where it lies: it and its copy (a megabyte) stay in the
   caches for every pass.  */
#define RSORT_CACHED	((size_t) 1 << 15)

/* The bits of the most significant digit an MSD pass sorts on: 2048
   parts, whose heads of writing stay in the caches.  */
#define MSD_BITS	11

/* The widest digit of a least-significant-first pass: 65536 counters
   to clear and sum per pass.  */
#define LSD_MAX_BITS	16

/* The width of the digits for sorting N keys that differ in the bits
   DIFF (not 0), and the lowest and highest of those bits: only they
   can reorder anything, cut into digits of one width, as many passes
   as cost least, a pass costing two reads of every key and two of
   every counter (20 000 keys differing in 40 bits take four passes of
   10 bits; a million that differ in 20 bits, two of 10).  */
static unsigned int
lsd_digit_bits (size_t n, uint64_t diff, unsigned int *lo,
		unsigned int *hi)
{
	unsigned int span, bits;
	size_t best = SIZE_MAX, p;

	*lo = (unsigned int) __builtin_ctzll (diff);
	*hi = 63 - (unsigned int) __builtin_clzll (diff);
	span = *hi - *lo + 1;
	bits = span;
	for (p = (span + LSD_MAX_BITS - 1) / LSD_MAX_BITS; p <= span; p++) {
		unsigned int b = (span + (unsigned int) p - 1) / (unsigned int) p;
		size_t cost = p * (2 * n + ((size_t) 2 << b));

		if (cost < best) {
			best = cost;
			bits = b;
		}
	}
	return bits;
}

/* Where the most significant digit of keys differing in DIFF starts.  */
static unsigned int
msd_shift (uint64_t diff)
{
	unsigned int hi = 63 - (unsigned int) __builtin_clzll (diff);

	return hi + 1 >= MSD_BITS ? hi + 1 - MSD_BITS : 0;
}

/* Whether N keys differing in DIFF are sorted by a pass on the most
   significant digit first: more than the caches hold, and more bits
   than two passes of 11 sort (two passes of such digits beat one over
   all of them and the parts' passes after it).  */
static bool
wants_msd (size_t n, uint64_t diff)
{
	return n > RSORT_CACHED && diff
		&& 64 - __builtin_clzll (diff) - __builtin_ctzll (diff)
		> 2 * MSD_BITS;
}

/* Keys with values beside them.  */
#define RS_TYPE		struct rkey
#define RS_KEY(x)	((x).key)
#define RS_NAME(f)	f##_rkey
#include "gprof/util/rsort-body.h"
#undef RS_TYPE
#undef RS_KEY
#undef RS_NAME

/* Keys with values in their low bits.  */
#define RS_TYPE		uint64_t
#define RS_KEY(x)	(x)
#define RS_NAME(f)	f##_word
#include "gprof/util/rsort-body.h"
#undef RS_TYPE
#undef RS_KEY
#undef RS_NAME

void
rsort (struct rkey *v, size_t n, struct rkey *tmp)
{
	sort_rkey (v, n, tmp, ~(uint64_t) 0);
}

/* How the keys pack into words: key k's bits LO[k] to LO[k] + WIDTH[k]
   - 1 are all where its values differ (none if WIDTH[k] is 0).  */
struct key_bits {
	unsigned int lo;
	unsigned int width;
};

/* The order of the records, AT[i] the record at position i (none
   yet: the records' own order).  */
struct order {
	size_t *at;
	size_t n;
};

/* Which record is at position I.  */
static inline size_t
order_at (const struct order *o, size_t i)
{
	return o->at ? o->at[i] : i;
}

/* Sorts the order O stably by the keys KEYS[0..NKEYS), the least
   significant first, all of which fit in a word above IBITS bits of
   position: each record's keys, packed side by side above its position
   in O, make one word; one sort of the words; the positions in them
   give the new order.  Eight bytes a record, where a key beside its
   value takes sixteen, and one sort for all the keys instead of one a
   key: a million records and their copy fit in the caches.  */
static void
sort_packed (struct order *o, const uint64_t *const *keys,
	     const struct key_bits *kb, size_t nkeys, unsigned int ibits)
{
	size_t n = o->n, i, k;
	uint64_t *w = XNEWVEC (uint64_t, n);
	uint64_t *tmp = XNEWVEC (uint64_t, n);
	uint64_t imask = ((uint64_t) 1 << ibits) - 1;
	size_t *at = XNEWVEC (size_t, n);

	for (i = 0; i < n; i++) {
		size_t r = order_at (o, i);
		uint64_t x = 0;

		for (k = nkeys; k-- > 0;)
			if (kb[k].width)
				x = x << kb[k].width
					| ((keys[k][r] >> kb[k].lo)
					   & (~(uint64_t) 0
					      >> (64 - kb[k].width)));
		w[i] = x << ibits | i;
	}
	sort_word (w, n, tmp, ~imask);
	free (tmp);
	for (i = 0; i < n; i++)
		at[i] = order_at (o, (size_t) (w[i] & imask));
	free (w);
	free (o->at);
	o->at = at;
}

/* Sorts the order O stably by the one key K, too wide to pack with a
   position: keys with the records beside them.  */
static void
sort_wide (struct order *o, const uint64_t *k)
{
	size_t n = o->n, i;
	struct rkey *a = XNEWVEC (struct rkey, n);
	struct rkey *tmp = XNEWVEC (struct rkey, n);

	for (i = 0; i < n; i++) {
		a[i].val = order_at (o, i);
		a[i].key = k[a[i].val];
	}
	sort_rkey (a, n, tmp, ~(uint64_t) 0);
	free (tmp);
	if (!o->at)
		o->at = XNEWVEC (size_t, n);
	for (i = 0; i < n; i++)
		o->at[i] = (size_t) a[i].val;
	free (a);
}

void
rsort_ptrs (void **v, size_t n, const uint64_t *const *keys, size_t nkeys)
{
	struct order o = { NULL, n };
	struct key_bits *kb;
	unsigned int ibits;
	void **out;
	size_t i, k, g;

	if (n < 2)
		return;
	kb = XNEWVEC (struct key_bits, nkeys ? nkeys : 1);
	for (k = 0; k < nkeys; k++) {
		uint64_t diff = differing_word (keys[k], n, ~(uint64_t) 0);

		kb[k].lo = diff ? (unsigned int) __builtin_ctzll (diff) : 0;
		kb[k].width = diff ? 64 - (unsigned int) __builtin_clzll (diff)
			- kb[k].lo : 0;
	}
	ibits = 64 - (unsigned int) __builtin_clzll ((uint64_t) n - 1);
	/* From the least significant key up, as many keys as fit in a
	   word at a time (a key alike in every record takes no room).  */
	for (k = 0; k < nkeys; k = g) {
		unsigned int used = ibits;

		if (ibits + kb[k].width > 64) {
			sort_wide (&o, keys[k]);
			g = k + 1;
			continue;
		}
		for (g = k; g < nkeys && used + kb[g].width <= 64; g++)
			used += kb[g].width;
		if (used > ibits)
			sort_packed (&o, keys + k, kb + k, g - k, ibits);
	}
	free (kb);
	if (!o.at)
		return;
	out = XNEWVEC (void *, n);
	for (i = 0; i < n; i++)
		out[i] = v[o.at[i]];
	memcpy (v, out, n * sizeof *v);
	free (out);
	free (o.at);
}
