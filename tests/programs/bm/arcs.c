/* arcs.c - more arcs than a small RAM budget holds, for
   tests/e2e/bm-budget.sh.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   ARCS_N functions, each called ARCS_K times from one call site in
   main (ARCS_N arcs): ARCS_N * ARCS_K calls, all of which the profile
   must account for, counted in its arcs or in its note of the calls
   the arc table had no room for.  BM_RAM, if defined, is the budget
   (GMON_RAM).  */

#include <stdio.h>

#ifdef BM_RAM
#include <gmonkit.h>
GMON_RAM (BM_RAM);
#endif

#define ARCS_K		3

volatile unsigned int sink;

#define ARCS_FN(n)							\
	__attribute__ ((noinline, noipa)) unsigned int			\
	f##n (unsigned int x)						\
	{								\
		return x + n;						\
	}
#define ARCS_10(p)							\
	ARCS_FN (p##0) ARCS_FN (p##1) ARCS_FN (p##2) ARCS_FN (p##3)	\
	ARCS_FN (p##4) ARCS_FN (p##5) ARCS_FN (p##6) ARCS_FN (p##7)	\
	ARCS_FN (p##8) ARCS_FN (p##9)
ARCS_10 (1) ARCS_10 (2) ARCS_10 (3) ARCS_10 (4) ARCS_10 (5)
ARCS_10 (6) ARCS_10 (7) ARCS_10 (8) ARCS_10 (9) ARCS_10 (10)
ARCS_10 (11) ARCS_10 (12)

#define ARCS_P(n)	f##n,
#define ARCS_P10(p)							\
	ARCS_P (p##0) ARCS_P (p##1) ARCS_P (p##2) ARCS_P (p##3)		\
	ARCS_P (p##4) ARCS_P (p##5) ARCS_P (p##6) ARCS_P (p##7)		\
	ARCS_P (p##8) ARCS_P (p##9)
static unsigned int (*const fns[]) (unsigned int) = {
	ARCS_P10 (1) ARCS_P10 (2) ARCS_P10 (3) ARCS_P10 (4) ARCS_P10 (5)
	ARCS_P10 (6) ARCS_P10 (7) ARCS_P10 (8) ARCS_P10 (9) ARCS_P10 (10)
	ARCS_P10 (11) ARCS_P10 (12)
};
#define ARCS_N	(sizeof fns / sizeof fns[0])

int
main (void)
{
	unsigned int r, i;

	for (r = 0; r < ARCS_K; r++)
		for (i = 0; i < ARCS_N; i++)
			sink += fns[i] (i);
	printf ("arcs: %u functions, %u calls each\n", (unsigned int) ARCS_N,
		ARCS_K);
	return 0;
}
