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

#endif /* GPROF_RSORT_H */
