/* callgraph.c - the arcs: onto the symbols, and the call graph's
   assembly.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   The stages of GNU gprof's cg_assemble(), with the same arithmetic in
   the same order (the printed times are sums of doubles, and the order
   of the graph depends on comparing them), but each stage linear:

   - arcs are found through a hash of (caller, callee), not by walking
     the caller's list -- or, while the callers come in address order
     (as the runtimes write them), as the callee's newest arc;
   - each symbol's arcs are laid out side by side (arclists.c);
   - cycles come from cycles.c, without recursion;
   - the time goes up the graph in propagate.c;
   - the graph is numbered here, by a radix sort where GNU gprof's
     comparison is an order.  */

#include <config.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gmon/bytes.h"
#include "gprof/graph/arclists.h"
#include "gprof/graph/callgraph.h"
#include "gprof/graph/cycles.h"
#include "gprof/graph/propagate.h"
#include "gprof/symbols/symspec.h"
#include "gprof/symbols/symtab.h"
#include "gprof/util/msort.h"
#include "gprof/util/rsort.h"
#include "gprof/util/util.h"

/* Open addressing on (parent, child) symbol pointers.  A slot holds
   the high half of the pair's hash above 1 + the arc index, so that
   probing past other arcs does not read them (each read is a cache
   miss once there are a million).  */
struct arc_hash {
	uint64_t *slots;		/* tag << 32 | 1 + arc index, or 0 */
	size_t mask;
	size_t used;
};

#define TAG_MASK	(~(uint64_t) 0xffffffff)

#define TALLY_BATCH	16		/* arcs looked up at once */

void
cg_init (struct callgraph *cg)
{
	memset (cg, 0, sizeof *cg);
	cg->hash = XCNEW (struct arc_hash);
}

void
cg_free (struct callgraph *cg)
{
	cg_lists_free (cg);
	if (cg->hash)
		free (cg->hash->slots);
	free (cg->hash);
	free (cg->arcs);
	free (cg->cycles);
	free (cg->by_index);
	memset (cg, 0, sizeof *cg);
}

static uint64_t
hash_pair (const struct sym *p, const struct sym *c)
{
	uint64_t h = (uint64_t) (uintptr_t) p * 0x9e3779b97f4a7c15u
		^ (uint64_t) (uintptr_t) c * 0xc2b2ae3d27d4eb4fu;

	h ^= h >> 29;
	h *= 0xbf58476d1ce4e5b9u;
	h ^= h >> 32;
	return h;
}

/* Fills H with the NARCS ARCS, in slots for N arcs at most half full
   (it only grows).  */
static void
hash_fill (struct arc_hash *h, const struct arc *arcs, size_t narcs, size_t n)
{
	size_t want = h->slots ? h->mask + 1 : 1024, i;

	while (want / 2 < n + 1)
		want *= 2;
	if (h->slots && want == h->mask + 1)
		return;
	free (h->slots);
	h->slots = XCNEWVEC (uint64_t, want);
	h->mask = want - 1;
	for (i = 0; i < narcs; i++) {
		uint64_t hv = hash_pair (arcs[i].parent, arcs[i].child);
		size_t s = (size_t) hv & h->mask;

		while (h->slots[s])
			s = (s + 1) & h->mask;
		h->slots[s] = (hv & TAG_MASK) | (uint64_t) (i + 1);
	}
}

/* Makes room for N arcs: the array of arcs that long and, with
   HASHED, the hash at most half full.  */
static void
arcs_reserve (struct callgraph *cg, size_t n, bool hashed)
{
	if (n > cg->arcs_cap) {
		cg->arcs_cap = n;
		cg->arcs = xrealloc (cg->arcs,
				     cg->arcs_cap * sizeof *cg->arcs);
	}
	if (hashed)
		hash_fill (cg->hash, cg->arcs, cg->narcs, n);
}

/* The slot of the arc PARENT -> CHILD in the hash, or the free slot
   where it would go (the hash has slots); *TAG gets the pair's tag.  */
static size_t
hash_slot (const struct callgraph *cg, const struct sym *parent,
	   const struct sym *child, uint64_t *tag)
{
	const struct arc_hash *h = cg->hash;
	uint64_t hv = hash_pair (parent, child);
	size_t s;

	*tag = hv & TAG_MASK;
	for (s = (size_t) hv & h->mask; h->slots[s]; s = (s + 1) & h->mask) {
		const struct arc *a;

		if ((h->slots[s] & TAG_MASK) != *tag)
			continue;
		a = &cg->arcs[(uint32_t) h->slots[s] - 1];
		if (a->parent == parent && a->child == child)
			break;
	}
	return s;
}

/* A new arc PARENT -> CHILD (the hash, if any, told of it by the
   caller), at the head of both lists.  */
static struct arc *
arc_new (struct callgraph *cg, struct sym *parent, struct sym *child,
	 uint64_t count)
{
	struct arc *a;

	if (cg->narcs >= NO_ARC - 1)
		gp_fatal (NULL, "more than %u arcs", NO_ARC - 1);
	if (cg->narcs == cg->arcs_cap)
		arcs_reserve (cg, cg->arcs_cap ? cg->arcs_cap * 2 : 1024,
			      false);
	cg_lists_free (cg);
	a = &cg->arcs[cg->narcs];
	memset (a, 0, sizeof *a);
	a->parent = parent;
	a->child = child;
	a->count = count;
	/* Newest first in both lists, as GNU gprof prepends.  */
	a->next_child = parent->children;
	parent->children = (uint32_t) cg->narcs;
	a->next_parent = child->parents;
	child->parents = (uint32_t) cg->narcs;
	cg->narcs++;
	return a;
}

struct arc *
cg_add_arc (struct callgraph *cg, struct sym *parent, struct sym *child,
	    uint64_t count)
{
	struct arc_hash *h = cg->hash;
	struct arc *a;
	uint64_t tag;
	size_t s;

	/* Room in the hash for one more (arc_new() grows the array);
	   without slots, the hash is made, with the arcs cg_tally()
	   made without it.  */
	if (!h->slots || (cg->narcs + 1) * 2 > h->mask + 1)
		hash_fill (h, cg->arcs, cg->narcs,
			   cg->narcs < cg->arcs_cap ? cg->arcs_cap
			   : cg->narcs + 1);
	s = hash_slot (cg, parent, child, &tag);
	if (h->slots[s]) {
		a = &cg->arcs[(uint32_t) h->slots[s] - 1];
		a->count = gmon_add_sat (a->count, count);
		return a;
	}
	h->slots[s] = tag | (uint64_t) (cg->narcs + 1);
	return arc_new (cg, parent, child, count);
}

struct arc *
cg_find_arc (const struct callgraph *cg, const struct sym *parent,
	     const struct sym *child)
{
	uint64_t tag;
	size_t s;

	if (!cg->narcs)
		return NULL;
	/* The hash is made on the first look when cg_tally() made the
	   arcs without it.  */
	if (!cg->hash->slots)
		hash_fill (cg->hash, cg->arcs, cg->narcs, cg->narcs);
	s = hash_slot (cg, parent, child, &tag);
	return cg->hash->slots[s]
		? &cg->arcs[(uint32_t) cg->hash->slots[s] - 1] : NULL;
}

struct sym *
cg_callee (const struct symtab *st, struct sym *in)
{
	struct sym *child = in;

	/* The callee is a function: an address inside a label or a
	   line backs up to the function it is in.  */
	while (child && !child->is_func)
		child = child > st->base ? child - 1 : NULL;
	return child;
}

uint64_t
cg_tally (struct callgraph *cg, struct symtab *st, const struct profile *p,
	  const struct symspecs *ss)
{
	uint64_t lost = 0;
	/* While the callers come in the table's order, as a gmon file
	   lists its arcs (by caller address), an arc PARENT -> CHILD can
	   only be CHILD's newest arc, the arcs since PARENT's first all
	   coming from it: found without the hash, and a million arcs
	   made without a random access each into a hash bigger than the
	   caches.  The first caller out of order, and the hash is made
	   with the arcs so far (arcs_reserve()).  */
	bool ordered = cg->narcs == 0 && !cg->hash->slots;
	const struct sym *last = NULL;
	size_t i;

	/* Each record is at most one arc: room for all at once, rather
	   than growing (and rehashing) step by step.  */
	if (p->narcs && cg->narcs + p->narcs < NO_ARC - 1)
		arcs_reserve (cg, cg->narcs + p->narcs, !ordered);
	/* In batches: the symbols of a batch found and the memory the
	   arcs' lookups read asked for at once, then the arcs added, so
	   that a million arcs wait for memory a batch at a time.  */
	for (i = 0; i < p->narcs; i += TALLY_BATCH) {
		struct sym *parents[TALLY_BATCH], *children[TALLY_BATCH];
		size_t n = p->narcs - i < TALLY_BATCH ? p->narcs - i
			: TALLY_BATCH, k;

		for (k = 0; k < n; k++) {
			const struct gmon_arc *r = &p->arcs[i + k];
			struct sym *parent, *child;

			parent = symtab_find (st, r->from_pc);
			child = symtab_find (st, r->self_pc);
			if (child)
				child = cg_callee (st, child);
			if (!parent || !child) {
				lost = gmon_add_sat (lost, r->count);
				parents[k] = NULL;
				continue;
			}
			parents[k] = parent;
			children[k] = child;
			if (cg->hash->slots)
				__builtin_prefetch (&cg->hash->slots[
					hash_pair (parent, child)
					& cg->hash->mask]);
			else
				__builtin_prefetch (&child->parents);
		}
		for (k = 0; k < n; k++) {
			const struct gmon_arc *r = &p->arcs[i + k];
			struct sym *parent = parents[k], *child = children[k];
			uint32_t ai;

			if (!parent || !symspec_arc_ok (ss, st, parent, child))
				continue;
			child->ncalls = gmon_add_sat (child->ncalls, r->count);
			DBG (DBG_TALLY, "[cg_tally] arc from %s to %s "
			     "traversed %lu times\n", parent->name,
			     child->name, (unsigned long) r->count);
			if (ordered && parent < last) {
				ordered = false;
				arcs_reserve (cg, cg->narcs + p->narcs
					      - (i + k), true);
			}
			if (!ordered) {
				cg_add_arc (cg, parent, child, r->count);
				continue;
			}
			last = parent;
			ai = child->parents;
			if (ai != NO_ARC && cg->arcs[ai].parent == parent)
				cg->arcs[ai].count = gmon_add_sat
					(cg->arcs[ai].count, r->count);
			else
				arc_new (cg, parent, child, r->count);
		}
	}
	return lost;
}
/* Graph order: by time shown, cycles before functions, names without
   a leading '_' first, more calls first, then by name.  */
static int
cmp_total (const void *lp, const void *rp, void *arg)
{
	const struct sym *l = lp, *r = rp;
	const struct symtab *st = arg;
	double diff = (l->prop_self + l->prop_child)
		- (r->prop_self + r->prop_child);

	if (diff < 0.0)
		return 1;
	if (diff > 0.0)
		return -1;
	if (!l->name && l->cyc_num != 0)
		return -1;
	if (!r->name && r->cyc_num != 0)
		return 1;
	if (!l->name)
		return -1;
	if (!r->name)
		return 1;
	if (l->name[0] != '_' && r->name[0] == '_')
		return -1;
	if (l->name[0] == '_' && r->name[0] != '_')
		return 1;
	if (l->ncalls > r->ncalls)
		return -1;
	if (l->ncalls < r->ncalls)
		return 1;
	/* Line symbols of one function share one name.  */
	if (l->name == r->name)
		return 0;
	if (st) {
		long long lr = symtab_name_rank (st, l);
		long long rr = symtab_name_rank (st, r);

		if (lr >= 0 && rr >= 0)
			return lr < rr ? -1 : lr > rr;
	}
	return strcmp (l->name, r->name);
}

void
cg_assemble (struct callgraph *cg, struct symtab *st,
	     const struct symspecs *ss,
	     void (*scan) (struct sym *sym, void *arg), void *arg)
{
	size_t n = st->len, i, k;

	/* One pass over the symbols for all they start from: a table of
	   a million symbols is far bigger than the caches, and each pass
	   reads all of it.  */
	for (i = 0; i < n; i++) {
		struct sym *s = &st->base[i];

		s->child_time = 0.0;
		s->self_calls = 0;
		s->fract = s->prop_self = s->prop_child = 0.0;
		s->print_flag = false;
		/* What cg_find_cycles() starts from.  */
		s->top_order = 0;
		s->cyc_next = NULL;
		s->cyc_head = s;
		s->cyc_num = 0;
	}
	/* Self calls: a symbol has at most one arc to itself (arcs are
	   unique by caller and callee), so one pass over the arcs finds
	   them all, rather than a walk of every symbol's list.  (The
	   arcs -c adds below have no calls.)  */
	for (k = 0; k < cg->narcs; k++) {
		const struct arc *a = &cg->arcs[k];

		if (a->parent == a->child) {
			a->child->ncalls -= a->count;
			a->child->self_calls = a->count;
		}
	}
	for (i = 0; scan && i < n; i++)
		scan (&st->base[i], arg);

	/* Every arc is made: each symbol's lists laid out side by side
	   for the search and the propagation below (and the report).  */
	cg_index_lists (cg, st);
	cg_find_cycles (cg, st);

	cg_propagate (cg, st, ss);

	cg_number (cg, st);
}

/* A double as an integer of the same order (for no NaN), -0 as 0.  */
static uint64_t
order_bits (double d)
{
	uint64_t u;

	d += 0.0;
	memcpy (&u, &d, sizeof u);
	return u >> 63 ? ~u : u | (uint64_t) 1 << 63;
}

/* cmp_total()'s order (for no NaN) as four keys, radix-sorted: time
   shown, descending; cycles, nameless entries, names without a
   leading '_', the others; calls, descending; the name's rank.  False
   (V untouched) if an entry with a name has no rank.  */
static bool
sort_by_total_keys (struct sym **v, size_t n, const struct symtab *st)
{
	uint64_t *keys[4];
	size_t i, k;
	bool ok = true;

	for (k = 0; k < 4; k++)
		keys[k] = XNEWVEC (uint64_t, n ? n : 1);
	for (i = 0; i < n && ok; i++) {
		const struct sym *s = v[i];
		unsigned int cls;
		long long rank = 0;

		if (!s->name)
			cls = s->cyc_num != 0 ? 0 : 1;
		else {
			cls = s->name[0] == '_' ? 3 : 2;
			rank = symtab_name_rank (st, s);
			ok = rank >= 0;
		}
		/* Least significant first.  */
		keys[0][i] = cls >= 2 ? (uint64_t) rank : 0;
		keys[1][i] = cls >= 2 ? ~s->ncalls : 0;
		keys[2][i] = cls;
		keys[3][i] = ~order_bits (s->prop_self + s->prop_child);
	}
	if (ok)
		rsort_ptrs ((void **) v, n, (const uint64_t *const *) keys, 4);
	for (k = 0; k < 4; k++)
		free (keys[k]);
	return ok;
}

void
cg_number (struct callgraph *cg, struct symtab *st)
{
	size_t n = st->len, i;
	bool nan = false, ordered = true;

	cg->nentries = n + cg->ncycles;
	free (cg->by_index);
	cg->by_index = XNEWVEC (struct sym *, cg->nentries ? cg->nentries : 1);
	/* One pass over the symbols (a table of a million is far bigger
	   than the caches) lists them, looks for a NaN, checks their
	   order and numbers them as if it were right.  */
	for (i = 0; i < cg->nentries; i++) {
		struct sym *s = i < n ? &st->base[i] : &cg->cycles[i - n].entry;

		cg->by_index[i] = s;
		nan |= isnan (s->prop_self + s->prop_child);
		if (ordered && i > 0
		    && cmp_total (cg->by_index[i - 1], s, st) > 0)
			ordered = false;
		s->index = (int) i + 1;
	}
	/* Without a NaN, cmp_total() is a total preorder (what it does
	   with two cycles of one time, it does alike both ways round),
	   and any stable sort gives msort_ptrs()'s order: the entries
	   already in order -- a call chain, where each caller's time
	   includes its callee's -- stay as they are, others are sorted
	   by radix on cmp_total()'s keys.  */
	if (!nan && ordered)
		return;
	if (nan)
		msort_ptrs ((void **) cg->by_index, cg->nentries, cmp_total,
			    st);
	else if (!sort_by_total_keys (cg->by_index, cg->nentries, st))
		msort_ptrs_ordered ((void **) cg->by_index, cg->nentries,
				    cmp_total, st);
	for (i = 0; i < cg->nentries; i++)
		cg->by_index[i]->index = (int) i + 1;
}
