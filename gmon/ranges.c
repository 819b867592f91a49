/* ranges.c - the address ranges of a profile's histograms, indexed.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   A histogram record is added to the one of the same range, refused if
   it overlaps another, and kept otherwise (merge.c).  Searching the
   earlier records one by one, as GNU gprof does, costs quadratic time
   in their number: libgmon writes a record per 1024 bins with samples
   of each library, and a profile summed from many runs has tens of
   thousands.  The ranges, disjoint by that rule, are kept in an AVL
   tree ordered by their start, in the order of the histograms
   themselves (node I is histogram I), so that each record is placed
   in logarithmic time, whatever the order records come in.

   Disjoint ranges sorted by their start are sorted by their end too.
   The ranges that overlap [LO, HI) are therefore consecutive in that
   order: those that start below HI and end above LO.  A subtree whose
   root ends at or below LO holds no such range on its left, and one
   whose root starts at or above HI none on its right.  */

#include <config.h>

#include <stdlib.h>

#include "gmon/gmon.h"

#define NIL	UINT32_MAX

struct gmon_range_node {
	uint64_t lo;			/* first address */
	uint64_t hi;			/* one past the last */
	uint32_t left, right;		/* children, or NIL */
	int height;			/* of the subtree, a leaf 1 */
};

static int
height (const struct gmon_ranges *x, uint32_t n)
{
	return n == NIL ? 0 : x->v[n].height;
}

static void
update (struct gmon_ranges *x, uint32_t n)
{
	int l = height (x, x->v[n].left), r = height (x, x->v[n].right);

	x->v[n].height = (l > r ? l : r) + 1;
}

static uint32_t
rotate_right (struct gmon_ranges *x, uint32_t n)
{
	uint32_t l = x->v[n].left;

	x->v[n].left = x->v[l].right;
	x->v[l].right = n;
	update (x, n);
	update (x, l);
	return l;
}

static uint32_t
rotate_left (struct gmon_ranges *x, uint32_t n)
{
	uint32_t r = x->v[n].right;

	x->v[n].right = x->v[r].left;
	x->v[r].left = n;
	update (x, n);
	update (x, r);
	return r;
}

/* Puts node K into the subtree of N; returns the subtree's new root.
   Recursion is as deep as the tree: 1.44 log2 of the nodes at most.  */
static uint32_t
insert (struct gmon_ranges *x, uint32_t n, uint32_t k)
{
	int bal;

	if (n == NIL)
		return k;
	x->steps++;
	if (x->v[k].lo < x->v[n].lo)
		x->v[n].left = insert (x, x->v[n].left, k);
	else
		x->v[n].right = insert (x, x->v[n].right, k);
	update (x, n);
	bal = height (x, x->v[n].left) - height (x, x->v[n].right);
	if (bal > 1) {
		if (x->v[k].lo >= x->v[x->v[n].left].lo)
			x->v[n].left = rotate_left (x, x->v[n].left);
		return rotate_right (x, n);
	}
	if (bal < -1) {
		if (x->v[k].lo < x->v[x->v[n].right].lo)
			x->v[n].right = rotate_right (x, x->v[n].right);
		return rotate_left (x, n);
	}
	return n;
}

/* The smallest node number overlapping [LO, HI) in the subtree of N,
   below BEST (NIL: none).  */
static uint32_t
first_overlap (const struct gmon_ranges *x, uint32_t n, uint64_t lo,
	       uint64_t hi, uint32_t best)
{
	while (n != NIL) {
		const struct gmon_range_node *v = &x->v[n];

		((struct gmon_ranges *) x)->steps++;
		if (v->lo >= hi) {
			n = v->left;
		} else if (v->hi <= lo) {
			n = v->right;
		} else {
			/* Overlaps: so may ranges on both sides.  */
			if (n < best)
				best = n;
			best = first_overlap (x, v->left, lo, hi, best);
			n = v->right;
		}
	}
	return best;
}

int
gmon_ranges_find (const struct gmon_ranges *x, uint64_t lo, uint64_t hi,
		  size_t *at)
{
	uint32_t n = x->n ? x->root : NIL, k;

	/* A range equal to [LO, HI) is the only one that overlaps it.  */
	while (n != NIL) {
		const struct gmon_range_node *v = &x->v[n];

		((struct gmon_ranges *) x)->steps++;
		if (v->lo == lo && v->hi == hi) {
			*at = n;
			return 1;
		}
		if (v->lo >= hi)
			n = v->left;
		else if (v->hi <= lo)
			n = v->right;
		else
			break;
	}
	if (n == NIL)
		return 0;
	k = first_overlap (x, n, lo, hi, NIL);
	*at = k;
	return 2;
}

int
gmon_ranges_add (struct gmon_ranges *x, uint64_t lo, uint64_t hi)
{
	struct gmon_range_node *v;

	if (x->n >= NIL - 1)
		return -1;
	if (x->n == x->cap) {
		size_t cap = x->cap ? x->cap * 2 : 64;

		v = realloc (x->v, cap * sizeof *v);
		if (!v)
			return -1;
		x->v = v;
		x->cap = cap;
	}
	if (x->n == 0)
		x->root = NIL;
	v = &x->v[x->n];
	v->lo = lo;
	v->hi = hi;
	v->left = v->right = NIL;
	v->height = 1;
	x->root = insert (x, x->root, (uint32_t) x->n);
	x->n++;
	return 0;
}

void
gmon_ranges_free (struct gmon_ranges *x)
{
	free (x->v);
	x->v = NULL;
	x->n = x->cap = 0;
	x->root = NIL;
}
