/* blocks.h - basic-block counts, on the symbols of the table.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Each block address of the profile goes to the symbol it lies in (a
   line symbol with -l), in the order the profile first names it: that
   is the order GNU gprof lists a line's counts in.  GNU gprof keeps ten
   blocks per symbol and drops the others without a word; here every
   block is kept.  */

#ifndef GPROF_BLOCKS_H
#define GPROF_BLOCKS_H

#include <stddef.h>
#include <stdint.h>

#include "gprof/model.h"

struct blocks {
	uint32_t *first;		/* per symbol: its first block in V;
					   first[len] is NV */
	struct gmon_bb *v;		/* the blocks, by symbol */
	size_t nv;
	size_t nsyms;			/* symbols of the table they are on */
};

/* The blocks of P on the symbols of ST; those in no symbol are left
   out (GNU gprof drops them too).  */
struct blocks *blocks_assign (const struct profile *p,
			      const struct symtab *st);
void blocks_free (struct blocks *b);

/* The blocks of SYM, a symbol of ST (the table B was made on, or an
   analysis's copy of it), *V the first of them; none if B is NULL.  */
size_t blocks_of (const struct blocks *b, const struct symtab *st,
		  const struct sym *sym, const struct gmon_bb **v);

#endif /* GPROF_BLOCKS_H */
