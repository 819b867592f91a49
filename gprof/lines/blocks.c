/* blocks.c - basic-block counts, on the symbols of the table.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include <config.h>

#include <inttypes.h>
#include <stdlib.h>

#include <libiberty/libiberty.h>

#include "gprof/lines/blocks.h"
#include "gprof/options.h"
#include "gprof/symbols/symtab.h"
#include "gprof/util/util.h"

struct blocks *
blocks_assign (const struct profile *p, const struct symtab *st)
{
	struct blocks *b = XCNEW (struct blocks);
	uint32_t *where = XNEWVEC (uint32_t, p->nbbs + 1);
	uint32_t *next;
	size_t i;

	b->nsyms = st->len;
	b->first = XCNEWVEC (uint32_t, st->len + 1);
	/* Count per symbol, then place: the profile has each address
	   once already, in the order first seen.  */
	for (i = 0; i < p->nbbs; i++) {
		const struct sym *s = symtab_find (st, p->bbs[i].addr);

		where[i] = s ? (uint32_t) (s - st->base) : UINT32_MAX;
		if (s) {
			b->first[where[i] + 1]++;
			DBG (DBG_BB, "[blocks] 0x%" PRIx64 " -> %s 0x%" PRIx64
			     " count %" PRIu64 "\n", p->bbs[i].addr, s->name,
			     s->addr, p->bbs[i].count);
		}
	}
	for (i = 0; i < st->len; i++)
		b->first[i + 1] += b->first[i];
	b->nv = b->first[st->len];
	b->v = XNEWVEC (struct gmon_bb, b->nv + 1);
	next = XNEWVEC (uint32_t, st->len + 1);
	for (i = 0; i < st->len; i++)
		next[i] = b->first[i];
	for (i = 0; i < p->nbbs; i++)
		if (where[i] != UINT32_MAX)
			b->v[next[where[i]]++] = p->bbs[i];
	free (next);
	free (where);
	return b;
}

void
blocks_free (struct blocks *b)
{
	if (!b)
		return;
	free (b->first);
	free (b->v);
	free (b);
}

size_t
blocks_of (const struct blocks *b, const struct symtab *st,
	   const struct sym *sym, const struct gmon_bb **v)
{
	size_t i;

	*v = NULL;
	if (!b || sym < st->base || sym >= st->base + b->nsyms)
		return 0;
	i = (size_t) (sym - st->base);
	*v = b->v + b->first[i];
	return b->first[i + 1] - b->first[i];
}
