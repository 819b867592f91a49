/* hindex.c - an open-addressing index over an array the caller keeps
   (hindex.h).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include <config.h>

#include <stdlib.h>

#include <libiberty/libiberty.h>

#include "gprof/util/hindex.h"

void
hindex_init (struct hindex *h, size_t n)
{
	size_t cap = 16;

	while (cap < 2 * n + 2)
		cap *= 2;
	h->slot = XCNEWVEC (uint32_t, cap);
	h->mask = cap - 1;
}

void
hindex_free (struct hindex *h)
{
	free (h->slot);
	h->slot = NULL;
	h->mask = 0;
}

void
hindex_put (struct hindex *h, size_t s, size_t pos, size_t n,
	    size_t (*hash) (const void *arg, size_t i), const void *arg)
{
	size_t i;

	h->slot[s] = (uint32_t) pos + 1;
	if (n * 2 <= h->mask + 1)
		return;
	free (h->slot);
	h->mask = (h->mask + 1) * 2 - 1;
	h->slot = XCNEWVEC (uint32_t, h->mask + 1);
	for (i = 0; i < n; i++) {
		for (s = hindex_first (h, hash (arg, i)); h->slot[s];
		     s = hindex_next (h, s))
			;
		h->slot[s] = (uint32_t) i + 1;
	}
}
