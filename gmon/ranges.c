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
   themselves (node I is histogram I: its range and its links are in
   it, so the tree costs 12 bytes a histogram and no array of its own
   beside theirs), so that each record is placed in logarithmic time,
   whatever the order records come in.

   Disjoint ranges sorted by their start are sorted by their end too.
   The ranges that overlap [LO, HI) are therefore consecutive in that
   order: those that start below HI and end above LO.  A subtree whose
   root ends at or below LO holds no such range on its left, and one
   whose root starts at or above HI none on its right.  */

#include <config.h>

#include "gmon/gmon.h"

#define NIL	UINT32_MAX

/* Node N's range, in histogram N's header.  */
#define LO(h, n)	((h)[n].h.low_pc)
#define HI(h, n)	((h)[n].h.high_pc)

static int
height (const struct gmon_hist *h, uint32_t n)
{
	return n == NIL ? 0 : h[n].height;
}

static void
update (struct gmon_hist *h, uint32_t n)
{
	int l = height (h, h[n].left), r = height (h, h[n].right);

	h[n].height = (l > r ? l : r) + 1;
}

static uint32_t
rotate_right (struct gmon_hist *h, uint32_t n)
{
	uint32_t l = h[n].left;

	h[n].left = h[l].right;
	h[l].right = n;
	update (h, n);
	update (h, l);
	return l;
}

static uint32_t
rotate_left (struct gmon_hist *h, uint32_t n)
{
	uint32_t r = h[n].right;

	h[n].right = h[r].left;
	h[r].left = n;
	update (h, n);
	update (h, r);
	return r;
}

/* Puts node K into the subtree of N; returns the subtree's new root.
   Recursion is as deep as the tree: 1.44 log2 of the nodes at most.  */
static uint32_t
insert (struct gmon_ranges *x, struct gmon_hist *h, uint32_t n, uint32_t k)
{
	int bal;

	if (n == NIL)
		return k;
	x->steps++;
	if (LO (h, k) < LO (h, n))
		h[n].left = insert (x, h, h[n].left, k);
	else
		h[n].right = insert (x, h, h[n].right, k);
	update (h, n);
	bal = height (h, h[n].left) - height (h, h[n].right);
	if (bal > 1) {
		if (LO (h, k) >= LO (h, h[n].left))
			h[n].left = rotate_left (h, h[n].left);
		return rotate_right (h, n);
	}
	if (bal < -1) {
		if (LO (h, k) < LO (h, h[n].right))
			h[n].right = rotate_right (h, h[n].right);
		return rotate_left (h, n);
	}
	return n;
}

/* The smallest node number overlapping [LO, HI) in the subtree of N,
   below BEST (NIL: none).  */
static uint32_t
first_overlap (struct gmon_ranges *x, const struct gmon_hist *h, uint32_t n,
	       uint64_t lo, uint64_t hi, uint32_t best)
{
	while (n != NIL) {
		x->steps++;
		if (LO (h, n) >= hi) {
			n = h[n].left;
		} else if (HI (h, n) <= lo) {
			n = h[n].right;
		} else {
			/* Overlaps: so may ranges on both sides.  */
			if (n < best)
				best = n;
			best = first_overlap (x, h, h[n].left, lo, hi, best);
			n = h[n].right;
		}
	}
	return best;
}

int
gmon_ranges_find (struct gmon_ranges *x, const struct gmon_hist *h,
		  uint64_t lo, uint64_t hi, size_t *at)
{
	uint32_t n = x->n ? x->root : NIL;

	/* A range equal to [LO, HI) is the only one that overlaps it.  */
	while (n != NIL) {
		x->steps++;
		if (LO (h, n) == lo && HI (h, n) == hi) {
			*at = n;
			return 1;
		}
		if (LO (h, n) >= hi)
			n = h[n].left;
		else if (HI (h, n) <= lo)
			n = h[n].right;
		else
			break;
	}
	if (n == NIL)
		return 0;
	*at = first_overlap (x, h, n, lo, hi, NIL);
	return 2;
}

void
gmon_ranges_add (struct gmon_ranges *x, struct gmon_hist *h)
{
	uint32_t k = (uint32_t) x->n;

	h[k].left = h[k].right = NIL;
	h[k].height = 1;
	x->root = insert (x, h, x->n ? x->root : NIL, k);
	x->n++;
}
