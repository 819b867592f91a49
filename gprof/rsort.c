/* rsort.c - stable radix sort of 64-bit keys.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   For the orders of hundreds of thousands of arcs (gmon.sum) and of a
   million symbols, where a comparison sort chasing pointers is most of
   the run: least significant digit first, each pass a counting sort,
   over only the bits where the keys differ -- after, for more keys
   than the caches hold, a pass on the most significant digit that
   cuts them into parts that fit.  */

#include <config.h>

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gprof/rsort.h"

/* Below this many keys, a part is sorted least significant digit
   first where it lies: it and its copy (a megabyte) stay in the
   caches for every pass.  */
#define RSORT_CACHED	((size_t) 1 << 15)

/* The bits of the most significant digit an MSD pass sorts on: 2048
   parts, whose heads of writing stay in the caches.  */
#define MSD_BITS	11

/* Least significant digit first: V[0..N), whose keys differ in the
   bits DIFF (not 0), TMP the room for a copy.  Returns which of the
   two holds them sorted.  */
static struct rkey *
lsd (struct rkey *v, size_t n, struct rkey *tmp, uint64_t diff)
{
	static size_t count[65536];
	struct rkey *src = v, *dst = tmp;
	unsigned int lo, hi, span, bits, shift;
	/* Digits of at most 16 bits (65536 counters to clear and sum per
	   pass).  */
	unsigned int max_bits = 16;
	size_t best = SIZE_MAX, p;
	size_t buckets, mask, i;

	/* Only the bits where keys differ can reorder anything, cut into
	   digits of one width: as many passes as cost least, a pass
	   costing two reads of every key and two of every counter
	   (20 000 keys differing in 40 bits take four passes of 10 bits;
	   a million that differ in 20 bits, two of 10).  */
	lo = (unsigned int) __builtin_ctzll (diff);
	hi = 63 - (unsigned int) __builtin_clzll (diff);
	span = hi - lo + 1;
	bits = span;
	for (p = (span + max_bits - 1) / max_bits; p <= span; p++) {
		unsigned int b = (span + (unsigned int) p - 1) / (unsigned int) p;
		size_t cost = p * (2 * n + ((size_t) 2 << b));

		if (cost < best) {
			best = cost;
			bits = b;
		}
	}
	buckets = (size_t) 1 << bits;
	mask = buckets - 1;
	for (shift = lo; shift <= hi; shift += bits) {
		size_t sum = 0, d;
		struct rkey *t;

		/* A digit every key shares does not reorder anything.  */
		if (((diff >> shift) & mask) == 0)
			continue;
		memset (count, 0, buckets * sizeof *count);
		for (i = 0; i < n; i++)
			count[(src[i].key >> shift) & mask]++;
		for (d = 0; d < buckets; d++) {
			size_t c = count[d];

			count[d] = sum;
			sum += c;
		}
		for (i = 0; i < n; i++)
			dst[count[(src[i].key >> shift) & mask]++] = src[i];
		t = src;
		src = dst;
		dst = t;
	}
	return src;
}

static uint64_t
differing_bits (const struct rkey *v, size_t n)
{
	uint64_t all_or = 0, all_and = ~(uint64_t) 0;
	size_t i;

	for (i = 0; i < n; i++) {
		all_or |= v[i].key;
		all_and &= v[i].key;
	}
	return all_or ^ all_and;
}

/* More than the caches hold, where each pass over all of it would
   wait for memory (and a pass of 16-bit digits, for the TLB): one pass
   on the most significant digit of DIFF, from SRC to DST, cuts the
   keys into parts, which the caller sorts on the bits below, each in
   the caches.  Stable, as the sorts of the parts are.  END[d] gets
   where part d ends.  */
static void
msd (const struct rkey *src, size_t n, struct rkey *dst, uint64_t diff,
     size_t *end)
{
	const size_t mask = ((size_t) 1 << MSD_BITS) - 1;
	unsigned int hi = 63 - (unsigned int) __builtin_clzll (diff);
	unsigned int shift = hi + 1 >= MSD_BITS ? hi + 1 - MSD_BITS : 0;
	size_t i, d, sum;

	memset (end, 0, (mask + 1) * sizeof *end);
	for (i = 0; i < n; i++)
		end[(src[i].key >> shift) & mask]++;
	for (d = 0, sum = 0; d <= mask; d++) {
		size_t c = end[d];

		end[d] = sum;
		sum += c;
	}
	for (i = 0; i < n; i++)
		dst[end[(src[i].key >> shift) & mask]++] = src[i];
}

/* Whether N keys differing in DIFF are sorted by msd() first: more
   than the caches hold, and more bits than two passes of 11 sort (two
   passes of such digits beat one over all of them and the parts'
   passes after it).  */
static bool
wants_msd (size_t n, uint64_t diff)
{
	return n > RSORT_CACHED && diff
		&& 64 - __builtin_clzll (diff) - __builtin_ctzll (diff)
		> 2 * MSD_BITS;
}

/* Sorts the N keys of SRC into DST, SRC left as scratch.  */
static void
sort_into (struct rkey *src, size_t n, struct rkey *dst)
{
	uint64_t diff = differing_bits (src, n);
	size_t end[(size_t) 1 << MSD_BITS], d, at;
	struct rkey *r;

	if (wants_msd (n, diff)) {
		msd (src, n, dst, diff, end);
		for (d = 0, at = 0; d < (size_t) 1 << MSD_BITS; at = end[d++])
			rsort (dst + at, end[d] - at, src + at);
		return;
	}
	r = diff ? lsd (src, n, dst, diff) : src;
	if (r != dst)
		memcpy (dst, r, n * sizeof *dst);
}

void
rsort (struct rkey *v, size_t n, struct rkey *tmp)
{
	uint64_t diff = differing_bits (v, n);
	size_t end[(size_t) 1 << MSD_BITS], d, at;
	struct rkey *r;

	if (n < 2 || diff == 0)
		return;
	if (wants_msd (n, diff)) {
		/* The parts sorted back from TMP into V.  */
		msd (v, n, tmp, diff, end);
		for (d = 0, at = 0; d < (size_t) 1 << MSD_BITS; at = end[d++])
			if (end[d] > at)
				sort_into (tmp + at, end[d] - at, v + at);
		return;
	}
	r = lsd (v, n, tmp, diff);
	if (r != v)
		memcpy (v, r, n * sizeof *v);
}

void
rsort_ptrs (void **v, size_t n, const uint64_t *const *keys, size_t nkeys)
{
	struct rkey *a = XNEWVEC (struct rkey, n ? n : 1);
	struct rkey *tmp = XNEWVEC (struct rkey, n ? n : 1);
	void **out;
	size_t i, k;

	for (i = 0; i < n; i++)
		a[i].val = i;
	for (k = 0; k < nkeys; k++) {
		for (i = 0; i < n; i++)
			a[i].key = keys[k][a[i].val];
		rsort (a, n, tmp);
	}
	out = XNEWVEC (void *, n ? n : 1);
	for (i = 0; i < n; i++)
		out[i] = v[a[i].val];
	memcpy (v, out, n * sizeof *v);
	free (out);
	free (tmp);
	free (a);
}
