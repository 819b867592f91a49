/* msort.c - stable merge sort of pointer arrays.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include <config.h>

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gprof/util/msort.h"

static void
msort_rec (void **v, size_t n, void **tmp, msort_cmp cmp, void *arg,
	   bool runs)
{
	size_t n1, n2, k = 0;
	void **a, **b;

	if (n <= 1)
		return;
	if (n == 2) {
		/* The merge of two runs of one, without the copies: the
		   same one comparison, the same order.  */
		if (cmp (v[0], v[1], arg) > 0) {
			void *t = v[0];

			v[0] = v[1];
			v[1] = t;
		}
		return;
	}
	n1 = n / 2;
	n2 = n - n1;
	a = v;
	b = v + n1;
	msort_rec (a, n1, tmp, cmp, arg, runs);
	msort_rec (b, n2, tmp, cmp, arg, runs);

	/* Halves already in order: for a comparator that orders (ties
	   aside), the merge would take the whole left run first.  */
	if (runs && cmp (a[n1 - 1], *b, arg) <= 0)
		return;

	/* The left run wins ties: that is what makes the sort stable.  */
	while (n1 > 0 && n2 > 0) {
		if (cmp (*a, *b, arg) <= 0) {
			tmp[k++] = *a++;
			n1--;
		} else {
			tmp[k++] = *b++;
			n2--;
		}
	}
	/* What is left of the right run is already in place.  */
	if (n1 > 0)
		memcpy (tmp + k, a, n1 * sizeof *tmp);
	memcpy (v, tmp, (n - n2) * sizeof *v);
}

/* msort_rec() with scratch space of its own.  */
static void
msort_alloc (void **v, size_t n, msort_cmp cmp, void *arg, bool runs)
{
	void **tmp;

	if (n <= 1)
		return;
	tmp = XNEWVEC (void *, n);
	msort_rec (v, n, tmp, cmp, arg, runs);
	free (tmp);
}

void
msort_ptrs (void **v, size_t n, msort_cmp cmp, void *arg)
{
	msort_alloc (v, n, cmp, arg, false);
}

void
msort_ptrs_ordered (void **v, size_t n, msort_cmp cmp, void *arg)
{
	msort_alloc (v, n, cmp, arg, true);
}

void
msort_ptrs_tmp (void **v, size_t n, msort_cmp cmp, void *arg, void **tmp)
{
	if (n > 1)
		msort_rec (v, n, tmp, cmp, arg, false);
}
