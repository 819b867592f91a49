/* hindex.h - an open-addressing index over an array the caller keeps.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   The analyser's hash tables all map a key to an entry of an array
   that holds the key itself (an arc, a node, a file): the index keeps
   only 1 + each entry's position, in a power of two of 32-bit slots at
   most half full, probed linearly.  The caller hashes (hindex_hash*)
   and compares keys; the walk is

       for (s = hindex_first (h, hash); h->slot[s]; s = hindex_next (h, s))
               if (the entry h->slot[s] - 1 has the key) ...found
       ...else slot s is where a new entry goes (hindex_put)

   Three tables keep their own: the call graph's arc hash
   (callgraph.c), whose slots carry part of the hash so that a probe
   reads no arc (a cache miss each, at a million arcs); symspec.c's
   names, a chain of every symbol of a name in address order, not one
   entry per key; and gmon/merge.c's, in the format library, which the
   runtime compiles too.  */

#ifndef GPROF_UTIL_HINDEX_H
#define GPROF_UTIL_HINDEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct hindex {
	uint32_t *slot;			/* 1 + position, or 0: free */
	size_t mask;			/* number of slots - 1 */
};

/* A hash of KEY: Fibonacci hashing's multiplier, the high bits folded
   into the low ones that pick the slot.  */
static inline size_t
hindex_hash (uint64_t key)
{
	key *= 0x9e3779b97f4a7c15u;
	return (size_t) (key ^ key >> 29);
}

/* A hash of the pair (A, B).  */
static inline size_t
hindex_hash2 (uint64_t a, uint64_t b)
{
	uint64_t h = a * 0x9e3779b97f4a7c15u ^ b * 0xc2b2ae3d27d4eb4fu;

	return (size_t) (h ^ h >> 31);
}

/* A hash of the string S.  */
static inline size_t
hindex_hash_str (const char *s)
{
	uint64_t h = 5381;

	while (*s)
		h = h * 33 + (unsigned char) *s++;
	return hindex_hash (h);
}

static inline size_t
hindex_first (const struct hindex *h, size_t hash)
{
	return hash & h->mask;
}

static inline size_t
hindex_next (const struct hindex *h, size_t s)
{
	return (s + 1) & h->mask;
}

/* Room for N entries at least, all slots free.  */
void hindex_init (struct hindex *h, size_t n);
void hindex_free (struct hindex *h);

/* Entry POS into the free slot S; when the index then holds more
   than half its slots (N entries in all), it takes twice as many, and
   HASH (ARG, I) gives the hash of each entry I < N again.  */
void hindex_put (struct hindex *h, size_t s, size_t pos, size_t n,
		 size_t (*hash) (const void *arg, size_t i), const void *arg);

#endif /* GPROF_UTIL_HINDEX_H */
