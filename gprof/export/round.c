/* round.c - integers that add up: the largest-remainder split.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   The export formats want integer costs, and a reader that adds the
   costs of a file's lines must find the total the file states.  So a
   total is never rounded piece by piece: it is split.  Each piece gets
   the floor of its exact share; the floors fall short of the total by
   less than the number of pieces, and those last units go one each to
   the pieces with the largest remainders (Hamilton's method).

       total 10, weights 1 1 1     shares 3.33 3.33 3.33
       floors 3 3 3 (9), one left  ->  4 3 3  */

#include <config.h>

#include <math.h>
#include <stdlib.h>

#include <libiberty/libiberty.h>

#include "gprof/export/private.h"

/* A remainder, to sort: largest first, then lowest index.  */
struct rem {
	long double r;
	size_t i;
};

static int
cmp_rem (const void *lp, const void *rp)
{
	const struct rem *l = lp, *r = rp;

	if (l->r > r->r)
		return -1;
	if (l->r < r->r)
		return 1;
	return l->i < r->i ? -1 : l->i > r->i;
}

/* Gives the LEFT units the floors left over to the largest remainders
   R[0..N); with LEFT negative (rounding of real weights went over),
   takes them back from the smallest.  */
static void
settle (uint64_t *out, struct rem *r, size_t n, long long left)
{
	size_t k;

	if (left == 0)
		return;
	qsort (r, n, sizeof *r, cmp_rem);
	if (left > 0) {
		for (k = 0; k < n && left > 0; k++, left--)
			out[r[k].i]++;
		return;
	}
	for (k = n; k-- > 0 && left < 0;)
		if (out[r[k].i] > 0) {
			out[r[k].i]--;
			left++;
		}
}

void
round_split (uint64_t total, const uint64_t *w, size_t n, uint64_t *out)
{
	unsigned __int128 sum = 0, given = 0;
	struct rem *r;
	size_t i;

	for (i = 0; i < n; i++)
		sum += w[i];
	if (sum == 0) {
		for (i = 0; i < n; i++)
			out[i] = 0;
		return;
	}
	if (n == 1) {
		out[0] = total;
		return;
	}
	r = XNEWVEC (struct rem, n);
	for (i = 0; i < n; i++) {
		/* total * w[i] < 2^128: exact.  */
		unsigned __int128 p = (unsigned __int128) total * w[i];

		out[i] = (uint64_t) (p / sum);
		given += out[i];
		r[i].r = (long double) (p % sum);
		r[i].i = i;
	}
	settle (out, r, n, (long long) (total - (uint64_t) given));
	free (r);
}

void
round_split_real (uint64_t total, const double *w, size_t n, uint64_t *out)
{
	long double sum = 0.0L;
	unsigned __int128 given = 0;
	struct rem *r;
	size_t i;

	for (i = 0; i < n; i++)
		if (w[i] > 0)
			sum += w[i];
	if (!(sum > 0.0L)) {
		for (i = 0; i < n; i++)
			out[i] = 0;
		return;
	}
	r = XNEWVEC (struct rem, n);
	for (i = 0; i < n; i++) {
		long double q = w[i] > 0 ? (long double) total * w[i] / sum
			: 0.0L;
		long double f = floorl (q);

		if (f > (long double) total)
			f = (long double) total;
		out[i] = (uint64_t) f;
		given += out[i];
		r[i].r = q - f;
		r[i].i = i;
	}
	settle (out, r, n, (long long) ((__int128) total - (__int128) given));
	free (r);
}

uint64_t
round_u64 (double v)
{
	if (!(v > 0.0))
		return 0;
	if (v >= 18446744073709551616.0)	/* 2^64 */
		return UINT64_MAX;
	return (uint64_t) (v + 0.5);
}
