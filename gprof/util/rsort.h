/* rsort.h - stable radix sort of 64-bit keys.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef GPROF_RSORT_H
#define GPROF_RSORT_H

#include <stddef.h>
#include <stdint.h>

struct rkey {
	uint64_t key;			/* sorted by */
	uint64_t val;			/* carried along */
};

/* Sorts V[0..N) by key, stably, in linear time; TMP has room for N.  */
void rsort (struct rkey *v, size_t n, struct rkey *tmp);

/* Sorts the N pointers of V stably by NKEYS keys, KEYS[k][i] the k-th
   key of V[i], the least significant first: what a stable comparison
   sort gives for a comparator that orders by the most significant key,
   then the next, and so on.  Keys whose differing bits fit in a word
   beside a position are sorted together, in one sort of words.  */
void rsort_ptrs (void **v, size_t n, const uint64_t *const *keys,
		 size_t nkeys);

#endif /* GPROF_RSORT_H */
