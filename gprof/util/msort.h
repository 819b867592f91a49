/* msort.h - the stable sort every ordering of the analyser uses.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   GNU gprof sorts with glibc's qsort(), which is a top-down merge sort:
   stable, and with a fixed sequence of comparisons.  Several of gprof's
   comparators leave ties (equal addresses, equal times) and one is not
   even transitive, so the printed order depends on that exact
   algorithm.  This is the same algorithm -- split at n/2, merge taking
   the left element unless it compares greater -- on an array of
   pointers, so the same comparator gives the same order.  */

#ifndef GPROF_MSORT_H
#define GPROF_MSORT_H

#include <stddef.h>

/* Compares the objects A and B point to (not the array slots).  */
typedef int (*msort_cmp) (const void *a, const void *b, void *arg);

/* Sorts the N pointers in V by CMP, stably.  */
void msort_ptrs (void **v, size_t n, msort_cmp cmp, void *arg);

/* The same for a comparator that is a total preorder (transitive, ties
   aside: no NaN among its keys), where the result is the same as
   msort_ptrs()'s: two halves already in order are not merged, so an
   array that is sorted, or nearly, takes a linear number of
   comparisons.  */
void msort_ptrs_ordered (void **v, size_t n, msort_cmp cmp, void *arg);

/* The same with TMP (room for N pointers) as the scratch space, for
   callers that sort many short arrays.  */
void msort_ptrs_tmp (void **v, size_t n, msort_cmp cmp, void *arg,
		     void **tmp);

#endif /* GPROF_MSORT_H */
