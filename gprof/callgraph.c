/* callgraph.c - arcs, cycles and propagated time.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   The stages of GNU gprof's cg_assemble(), with the same arithmetic in
   the same order (the printed times are sums of doubles, and the order
   of the graph depends on comparing them), but each stage linear:

   - arcs are found through a hash of (caller, callee), not by walking
     the caller's list -- or, while the callers come in address order
     (as the runtimes write them), as the callee's newest arc;
   - cycles come from cycles.c, without recursion;
   - the topological sort is a counting sort, stable like the qsort()
     GNU gprof relies on.  */

#include <config.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gprof/callgraph.h"
#include "gprof/cycles.h"
#include "gprof/util/msort.h"
#include "gprof/options.h"
#include "gprof/util/rsort.h"
#include "gprof/symspec.h"
#include "gprof/symtab.h"
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

/* index_lists(): the arcs into base[i] are in[in_at[i] ..
   in_at[i + 1]), those out of it out[out_at[i] .. out_at[i + 1]), each
   run in creation order -- a list taken oldest first.  */
struct arc_lists {
	const struct sym *base;		/* the symbol table indexed */
	size_t nsyms;			/* its length */
	uint32_t *in_at;		/* nsyms + 1 starts into IN */
	uint32_t *in;			/* arc indices, by callee */
	uint32_t *out_at;		/* nsyms + 1 starts into OUT */
	uint32_t *out;			/* arc indices, by caller */
};

bool
cg_list_run (const struct callgraph *cg, const struct sym *sym,
	     bool parents, const uint32_t **run, size_t *n)
{
	const struct arc_lists *l = cg->lists;
	size_t k;
	const uint32_t *at;

	if (!l || sym < l->base || sym >= l->base + l->nsyms)
		return false;
	k = (size_t) (sym - l->base);
	at = parents ? l->in_at : l->out_at;
	*run = (parents ? l->in : l->out) + at[k];
	*n = at[k + 1] - at[k];
	return true;
}

/* A walk along one of a symbol's lists, newest first: backwards
   through its run when index_lists() made them -- the arcs'
   places known ahead, their loads overlap -- else from arc to arc,
   each load waiting for the last.  */
struct walk {
	const struct arc *arcs;
	const uint32_t *run;		/* NULL: along the list */
	size_t left;
	uint32_t next;
	bool parents;
};

static inline void
walk_start (struct walk *w, const struct callgraph *cg, const struct sym *s,
	    bool parents)
{
	w->arcs = cg->arcs;
	w->parents = parents;
	if (!cg_list_run (cg, s, parents, &w->run, &w->left)) {
		w->run = NULL;
		w->next = parents ? s->parents : s->children;
	}
}

static inline uint32_t
walk_next (struct walk *w)
{
	uint32_t ai;

	if (w->run)
		return w->left ? w->run[--w->left] : NO_ARC;
	ai = w->next;
	if (ai != NO_ARC)
		w->next = w->parents ? w->arcs[ai].next_parent
			: w->arcs[ai].next_child;
	return ai;
}

#define TALLY_BATCH	16		/* arcs looked up at once */

void
cg_init (struct callgraph *cg)
{
	memset (cg, 0, sizeof *cg);
	cg->hash = XCNEW (struct arc_hash);
}

static void
lists_free (struct callgraph *cg)
{
	struct arc_lists *l = cg->lists;

	if (!l)
		return;
	free (l->in_at);
	free (l->in);
	free (l->out_at);
	free (l->out);
	free (l);
	cg->lists = NULL;
}

void
cg_free (struct callgraph *cg)
{
	lists_free (cg);
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
	lists_free (cg);
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
		a->count += count;
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
				lost += r->count;
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

			if (!parent || !symspec_arc_ok (ss, parent, child))
				continue;
			child->ncalls += r->count;
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
				cg->arcs[ai].count += r->count;
			else
				arc_new (cg, parent, child, r->count);
		}
	}
	return lost;
}

/* ------------------------------------------------------------------ */
/* Propagation */

/* Print flag and time fraction from the callers (from outside the
   cycle, for a cycle member: then for the whole cycle at once).  */
static void
inherit_flags (struct callgraph *cg, struct sym *child)
{
	struct sym *head = child->cyc_head, *m;
	struct walk w;
	uint32_t ai;

	if (child == head) {
		child->print_flag = false;
		child->fract = 0.0;
		for (walk_start (&w, cg, child, true);
		     (ai = walk_next (&w)) != NO_ARC;) {
			const struct arc *a = &cg->arcs[ai];
			const struct sym *parent = a->parent;

			if (parent == child)
				continue;
			child->print_flag |= parent->print_flag;
			/* A function never really called (all its arcs
			   are static) passes no time on.  */
			if (child->ncalls != 0)
				child->fract += parent->fract
					* ((double) a->count
					   / (double) child->ncalls);
		}
		return;
	}
	head->print_flag = false;
	head->fract = 0.0;
	for (m = head->cyc_next; m; m = m->cyc_next)
		for (walk_start (&w, cg, m, true);
		     (ai = walk_next (&w)) != NO_ARC;) {
			const struct arc *a = &cg->arcs[ai];
			const struct sym *parent = a->parent;

			if (parent->cyc_head == head)
				continue;
			head->print_flag |= parent->print_flag;
			if (head->ncalls != 0)
				head->fract += parent->fract
					* ((double) a->count
					   / (double) head->ncalls);
		}
	for (m = head; m; m = m->cyc_next) {
		m->print_flag = head->print_flag;
		m->fract = head->fract;
	}
}

/* From the callers down (TOP is in reverse topological order): print
   flags and time fractions, then the symspec options on top.  */
static void
propagate_flags (struct callgraph *cg, struct symtab *st,
		 const struct symspecs *ss, struct sym **top)
{
	const struct sym *old_head = NULL;
	size_t i;

	for (i = st->len; i-- > 0;) {
		struct sym *child = top[i];

		if (child->cyc_head != old_head) {
			old_head = child->cyc_head;
			inherit_flags (cg, child);
		}
		if (!child->print_flag) {
			if (symspec_on (ss, st, child, INCL_GRAPH))
				child->print_flag = true;
		} else if (!symspec_in (ss, st, child, INCL_GRAPH)
			   && symspec_in (ss, st, child, EXCL_GRAPH)) {
			child->print_flag = false;
		}
		if (child->fract == 0.0) {
			if (symspec_on (ss, st, child, INCL_TIME))
				child->fract = 1.0;
		} else if (!symspec_in (ss, st, child, INCL_TIME)
			   && symspec_in (ss, st, child, EXCL_TIME)) {
			child->fract = 0.0;
		}
		child->prop_self = child->time * child->fract;
		cg->print_time += child->prop_self;
		DBG (DBG_PROP, "[prop_flags] %s: print %d fract %f time %f "
		     "print_time %f\n", child->name, child->print_flag,
		     child->fract, child->time, cg->print_time);
	}
}

static void
cycle_time (struct callgraph *cg)
{
	size_t i;

	for (i = 0; i < cg->ncycles; i++) {
		struct sym *cyc = &cg->cycles[i].entry, *m;

		for (m = cyc->cyc_next; m; m = m->cyc_next) {
			/* Members left out with -E have no share.  */
			if (m->fract == 0.0)
				continue;
			cyc->time += m->time;
		}
		cyc->prop_self = cyc->fract * cyc->time;
	}
}

/* The callees' time, in the share of their calls that came from
   PARENT, goes up to PARENT (and to its cycle).  */
static void
propagate_time (struct callgraph *cg, struct sym *parent)
{
	struct walk w;
	uint32_t ai;

	if (parent->fract == 0.0)
		return;
	for (walk_start (&w, cg, parent, false);
	     (ai = walk_next (&w)) != NO_ARC;) {
		struct arc *a = &cg->arcs[ai];
		struct sym *child = a->child;
		double share, prop_share;

		if (a->count == 0 || child == parent || child->fract == 0)
			continue;
		if (child->cyc_head != child) {
			if (parent->cyc_num == child->cyc_num)
				continue;
			if (parent->top_order <= child->top_order)
				fprintf (stderr, "[propagate] toporder botches\n");
			child = child->cyc_head;
		} else if (parent->top_order <= child->top_order) {
			fprintf (stderr, "[propagate] toporder botches\n");
			continue;
		}
		if (child->ncalls == 0)
			continue;

		a->time = child->time
			* ((double) a->count / (double) child->ncalls);
		a->child_time = child->child_time
			* ((double) a->count / (double) child->ncalls);
		share = a->time + a->child_time;
		parent->child_time += share;
		/* (1 - fract) of it is not shown: the parent's own share
		   of its callers' view.  */
		prop_share = parent->fract * share;
		parent->prop_child += prop_share;
		a->time *= parent->fract;
		a->child_time *= parent->fract;
		if (parent->cyc_head != parent) {
			parent->cyc_head->child_time += share;
			parent->cyc_head->prop_child += prop_share;
		}
		DBG (DBG_PROP, "[prop_time] %s -> %s share %f\n",
		     parent->name, child->name ? child->name : "<cycle>",
		     share);
	}
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

/* Lays out the arcs of each symbol of ST side by side (see
   cg_list_run()), once every arc is made.  */
static void
index_lists (struct callgraph *cg, const struct symtab *st)
{
	size_t n = st->len, i;
	struct arc_lists *l;
	uint32_t *in_next, *out_next;

	lists_free (cg);
	l = XNEW (struct arc_lists);
	l->base = st->base;
	l->nsyms = n;
	l->in_at = XCNEWVEC (uint32_t, n + 2);
	l->out_at = XCNEWVEC (uint32_t, n + 2);
	l->in = XNEWVEC (uint32_t, cg->narcs ? cg->narcs : 1);
	l->out = XNEWVEC (uint32_t, cg->narcs ? cg->narcs : 1);
	/* A counting sort by callee and one by caller, stable: counts
	   at [i + 2], their sums shifted to [i + 1] the starts, which
	   the placing moves on to [i + 1] the ends -- the starts of
	   i + 1.  */
	for (i = 0; i < cg->narcs; i++) {
		const struct arc *a = &cg->arcs[i];

		/* Arcs end on symbols of the table, always; if one did
		   not, the lists serve.  */
		if (a->parent < st->base || a->parent >= st->base + n
		    || a->child < st->base || a->child >= st->base + n) {
			cg->lists = l;
			lists_free (cg);
			return;
		}
		l->in_at[a->child - st->base + 2]++;
		l->out_at[a->parent - st->base + 2]++;
	}
	for (i = 2; i < n + 2; i++) {
		l->in_at[i] += l->in_at[i - 1];
		l->out_at[i] += l->out_at[i - 1];
	}
	in_next = l->in_at + 1;
	out_next = l->out_at + 1;
	for (i = 0; i < cg->narcs; i++) {
		const struct arc *a = &cg->arcs[i];

		l->in[in_next[a->child - st->base]++] = (uint32_t) i;
		l->out[out_next[a->parent - st->base]++] = (uint32_t) i;
	}
	cg->lists = l;
}

void
cg_assemble (struct callgraph *cg, struct symtab *st,
	     const struct symspecs *ss,
	     void (*scan) (struct sym *sym, void *arg), void *arg)
{
	size_t n = st->len, i, k;
	struct sym **top;
	size_t *count;
	int maxorder, *order;

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
	index_lists (cg, st);
	cg_find_cycles (cg, st);

	/* Stable counting sort by topological number, on the numbers
	   copied out in one pass: three passes over a table of big
	   symbols would read a cache line of each for four bytes.  */
	order = XNEWVEC (int, n ? n : 1);
	maxorder = 0;
	for (i = 0; i < n; i++) {
		order[i] = st->base[i].top_order;
		if (order[i] > maxorder)
			maxorder = order[i];
	}
	count = XCNEWVEC (size_t, (size_t) maxorder + 2);
	for (i = 0; i < n; i++)
		count[order[i] + 1]++;
	for (k = 1; k <= (size_t) maxorder + 1; k++)
		count[k] += count[k - 1];
	top = XNEWVEC (struct sym *, n ? n : 1);
	for (i = 0; i < n; i++)
		top[count[order[i]]++] = &st->base[i];
	free (count);
	free (order);

	propagate_flags (cg, st, ss, top);
	cycle_time (cg);
	for (i = 0; i < n; i++)
		propagate_time (cg, top[i]);
	free (top);

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

/* ------------------------------------------------------------------ */
/* Printed orders */

static bool
in_cycle (const struct arc *a)
{
	return a->parent->cyc_num != 0 && a->child->cyc_num != 0
		&& a->parent->cyc_num == a->child->cyc_num;
}

/* GNU gprof's order of two arcs of one symbol: a self call first, then
   calls within a cycle (by count), then the rest by time, then count.  */
static int
cmp_arc (const struct arc *l, const struct arc *r)
{
	double lt, rt;

	if (l->parent == l->child)
		return -1;
	if (r->parent == r->child)
		return 1;
	if (in_cycle (l)) {
		if (!in_cycle (r))
			return -1;
		if (l->count != r->count)
			return l->count < r->count ? -1 : 1;
		return 0;
	}
	if (in_cycle (r))
		return 1;
	lt = l->time + l->child_time;
	rt = r->time + r->child_time;
	if (lt < rt)
		return -1;
	if (lt > rt)
		return 1;
	if (l->count != r->count)
		return l->count < r->count ? -1 : 1;
	return 0;
}

static int
cmp_arc_up (const void *a, const void *b, void *arg)
{
	(void) arg;
	return cmp_arc (a, b);
}

static int
cmp_arc_down (const void *a, const void *b, void *arg)
{
	(void) arg;
	return cmp_arc (b, a);
}

/* Whether one of the N arcs of V carries a NaN of time.  */
static bool
nan_time (void *const *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		const struct arc *a = v[i];

		if (isnan (a->time + a->child_time))
			return true;
	}
	return false;
}

/* GNU gprof insertion-sorts the newest-first list; equal arcs end up
   oldest first.  That is a stable sort of the list taken oldest
   first.  */
static size_t
sorted_list (const struct callgraph *cg, const struct sym *sym,
	     bool parents, msort_cmp cmp, uint32_t *out, void **scratch)
{
	void **v = scratch, **tmp = scratch + cg->narcs;
	const uint32_t *run;
	size_t n = 0, i;
	uint32_t ai;

	if (cg_list_run (cg, sym, parents, &run, &n)) {
		for (i = 0; i < n; i++) {
			const struct arc *a = &cg->arcs[run[i]];

			/* The other ends: cmp_arc() reads them.  */
			__builtin_prefetch (parents ? a->parent : a->child);
			v[i] = (void *) a;
		}
	} else {
		for (ai = parents ? sym->parents : sym->children;
		     ai != NO_ARC; ai = parents
		     ? cg->arcs[ai].next_parent : cg->arcs[ai].next_child)
			v[n++] = &cg->arcs[ai];
		for (i = 0; i < n / 2; i++) {
			void *t = v[i];

			v[i] = v[n - 1 - i];
			v[n - 1 - i] = t;
		}
	}
	if (n <= 16 && !nan_time (v, n)) {
		/* Most lists are short: a stable insertion sort, with the
		   comparison inlined.  Without a NaN, cmp_arc() is a total
		   preorder (a list holds one call of itself at most), so
		   any stable sort gives msort_ptrs_tmp()'s order.  */
		for (i = 1; i < n; i++) {
			void *x = v[i];
			size_t j = i;

			while (j > 0 && (parents ? cmp_arc (v[j - 1], x)
					 : cmp_arc (x, v[j - 1])) > 0) {
				v[j] = v[j - 1];
				j--;
			}
			v[j] = x;
		}
	} else {
		msort_ptrs_tmp (v, n, cmp, NULL, tmp);
	}
	for (i = 0; i < n; i++)
		out[i] = (uint32_t) ((struct arc *) v[i] - cg->arcs);
	return n;
}

void
cg_prefetch_lists (const struct callgraph *cg, const struct sym *sym,
		   int step)
{
	size_t i;
	int dir;

	for (dir = 0; dir < 2; dir++) {
		const uint32_t *run;
		size_t n;

		if (!cg_list_run (cg, sym, dir == 0, &run, &n))
			return;
		if (step == 0) {
			__builtin_prefetch (run);
			continue;
		}
		for (i = 0; i < n; i++) {
			const struct arc *a = &cg->arcs[run[i]];

			if (step == 1)
				__builtin_prefetch (a);
			else
				__builtin_prefetch (dir ? a->child : a->parent);
		}
	}
}

size_t
cg_sorted_parents (const struct callgraph *cg, const struct sym *sym,
		   uint32_t *out, void **scratch)
{
	return sorted_list (cg, sym, true, cmp_arc_up, out, scratch);
}

size_t
cg_sorted_children (const struct callgraph *cg, const struct sym *sym,
		    uint32_t *out, void **scratch)
{
	return sorted_list (cg, sym, false, cmp_arc_down, out, scratch);
}

static int
cmp_member_down (const void *a, const void *b, void *arg)
{
	const struct sym *l = b, *r = a;	/* descending */
	double lt = l->prop_self + l->prop_child;
	double rt = r->prop_self + r->prop_child;
	uint64_t lc = l->ncalls + l->self_calls;
	uint64_t rc = r->ncalls + r->self_calls;

	(void) arg;
	if (lt > rt)
		return 1;
	if (lt < rt)
		return -1;
	if (lc > rc)
		return 1;
	if (lc < rc)
		return -1;
	return 0;
}

size_t
cg_sorted_members (const struct cycle *c, struct sym **out)
{
	struct sym *m;
	size_t n = 0;

	for (m = c->entry.cyc_next; m; m = m->cyc_next)
		out[n++] = m;
	msort_ptrs ((void **) out, n, cmp_member_down, NULL);
	return n;
}
