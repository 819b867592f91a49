/* rsort.c - stable radix sort of 64-bit keys.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   For the orders of hundreds of thousands of arcs (gmon.sum), where a
   comparison sort chasing pointers is most of the run: least
   significant digit first, each pass a counting sort, over only the
   bits where the keys differ.  */

#include <config.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gprof/rsort.h"

void
rsort (struct rkey *v, size_t n, struct rkey *tmp)
{
	static size_t count[65536];
	uint64_t all_or = 0, all_and = ~(uint64_t) 0, diff;
	struct rkey *src = v, *dst = tmp;
	unsigned int lo, hi, span, bits, shift;
	/* Digits of at most 16 bits (65536 counters to clear and sum per
	   pass).  */
	unsigned int max_bits = 16;
	size_t best = SIZE_MAX, p;
	size_t buckets, mask, i;

	for (i = 0; i < n; i++) {
		all_or |= v[i].key;
		all_and &= v[i].key;
	}
	/* Only the bits where keys differ can reorder anything, cut into
	   digits of one width: as many passes as cost least, a pass
	   costing two reads of every key and two of every counter
	   (20 000 keys differing in 40 bits take four passes of 10 bits;
	   a million that differ in 20 bits, two of 10).  */
	diff = all_or ^ all_and;
	if (n < 2 || diff == 0)
		return;
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
	if (src != v)
		memcpy (v, src, n * sizeof *v);
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
