/* uniqname.h - names made unique by a number.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Reports name two things that would print alike with a number: the
   second library called libfoo.so is libfoo.so~2, the second thread
   1234 "[thread 1234 w #2]".  Asked for a name that was given before,
   uniq_take tries the numbers from the last one it gave that name on,
   never from 2 again: each name taken blocks at most one number of its
   own and one of the name it is numbered from, so N names cost O(N)
   tries in all, not the O(N^2) of counting from 2 each time (20 000
   threads of one id, 5 000 libraries of one name in a crafted
   companion).  */

#ifndef GPROF_UTIL_UNIQNAME_H
#define GPROF_UTIL_UNIQNAME_H

#include <stddef.h>

#include "gprof/util/hindex.h"

/* NAME numbered K (2, 3 ...), malloc'd.  */
typedef char *uniq_number_fn (const char *name, size_t k);

struct uniq_names {
	char **given;			/* every name given (own copies) */
	size_t n, cap;			/* given: how many, room */
	struct hindex index;		/* given, by name */
	struct uniq_next *next;		/* the names numbered: the number
					   to try next */
	size_t nnext, capnext;		/* next: how many, room */
	struct hindex next_index;	/* next, by name */
};

void uniq_init (struct uniq_names *u);
void uniq_free (struct uniq_names *u);

/* NAME if no name given before is NAME, else the first of NUMBER
   (NAME, k) for k = 2, 3 ... that none is; malloc'd for the caller,
   and given from now on.  */
char *uniq_take (struct uniq_names *u, const char *name,
		 uniq_number_fn *number);

#endif /* GPROF_UTIL_UNIQNAME_H */
