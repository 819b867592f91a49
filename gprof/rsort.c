/* rsort.c - stable radix sort of 64-bit keys.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   For the orders of hundreds of thousands of arcs (gmon.sum), where a
   comparison sort chasing pointers is most of the run: least
   significant digit (16 bits, or 8 for a short array) first, each pass
   a counting sort, passes whose digit is the same for every key
   skipped.  */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gprof/rsort.h"

void
rsort (struct rkey *v, size_t n, struct rkey *tmp)
{
	static size_t count[65536];
	uint64_t all_or = 0, all_and = ~(uint64_t) 0;
	struct rkey *src = v, *dst = tmp;
	unsigned int shift;
	/* Digits of 16 bits, or of 8 for fewer keys than that makes
	   buckets: clearing and summing 65536 counters per pass would
	   cost more than sorting 20 000 keys.  */
	unsigned int bits = n < 65536 ? 8 : 16;
	size_t buckets = (size_t) 1 << bits, mask = buckets - 1;
	size_t i;

	for (i = 0; i < n; i++) {
		all_or |= v[i].key;
		all_and &= v[i].key;
	}
	for (shift = 0; shift < 64; shift += bits) {
		size_t sum = 0, d;
		struct rkey *t;

		/* A digit every key shares does not reorder anything.  */
		if ((((all_or ^ all_and) >> shift) & mask) == 0)
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
