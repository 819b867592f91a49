/* symtab.h - symbols sorted by address, one per address.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef GPROF_SYMTAB_H
#define GPROF_SYMTAB_H

#include <stddef.h>
#include <stdint.h>

#include "gprof/model.h"

/* Sorts V[0..*N) by address, keeps one symbol per address and gives
   each an end address, the way GNU gprof finalizes a table:

   - at one address, functions sort before other symbols and globals
     before statics (stably otherwise), and the first is kept unless a
     later one is global where it is static, or else a function where
     it is not, or else has a name without a leading '_' where it has
     one (or one '_' where it has two);
   - a symbol ends where the next begins; the last one ends at
     TEXT_END (one past .text), even if that is below its start;
   - a symbol that already has an end address keeps it, and one whose
     range is empty is dropped.

   *N becomes the number kept.  */
void symtab_finalize (struct sym *v, size_t *n, uint64_t text_end);

/* The symbol of V[0..N) whose range holds ADDR, or NULL.  */
struct sym *symtab_lookup (struct sym *v, size_t n, uint64_t addr);

/* Builds ST's lookup index, for tables looked up a lot (one lookup per
   arc of a profile); symtab_free_index() frees it.  */
void symtab_index (struct symtab *st);
void symtab_free_index (struct symtab *st);

/* Ranks the names of ST (st->name_rank) and lists its symbols in the
   names' order (st->by_name), once the table is final.  */
void symtab_rank_names (struct symtab *st);

/* Whether ST has ranks (and by_name) for its symbols as they are.  */
static inline bool
symtab_ranked (const struct symtab *st)
{
	return st->name_rank && st->name_rank_len == st->len;
}

/* The rank of S's name if S is one of ST's symbols and ST has ranks,
   else -1.  */
static inline long long
symtab_name_rank (const struct symtab *st, const struct sym *s)
{
	if (!symtab_ranked (st) || s < st->base || s >= st->base + st->len)
		return -1;
	return st->name_rank[s - st->base];
}

/* symtab_lookup() on ST, through its index if it has one.  */
struct sym *symtab_find (const struct symtab *st, uint64_t addr);

#endif /* GPROF_SYMTAB_H */
