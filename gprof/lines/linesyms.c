/* linesyms.c - GNU gprof's line-level symbol table (-l).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   The line symbols of all of .text come from linemap.c; the symbol
   table gets the function symbols and the line symbols the profile
   touches, each ending where the next one of the whole table begins.
   The others are counted, by name, for the index numbers of the call
   graph.  */

#include <config.h>

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gprof/lines/private.h"
#include "gprof/lines/lines.h"
#include "gprof/lines/linesyms.h"
#include "gprof/symbols/symtab.h"
#include "gprof/util/msort.h"
#include "gprof/util/util.h"

/* The symbols holding a part of [LO, HI) (a little more: a symbol the
   bin only grazes costs nothing but a row of zeros nobody prints).
   *K is where the last call stopped, for bins in address order.  */
static void
touch_range (struct linemap *map, uint64_t lo, uint64_t hi, size_t *k)
{
	size_t j = *k;

	if (j >= map->n || map->v[j].addr > lo) {
		j = linemap_find (map, lo);
		if (j == map->n)
			j = 0;
	}
	while (j + 1 < map->n && map->v[j + 1].addr <= lo)
		j++;
	*k = j;
	for (; j < map->n && map->v[j].addr < hi; j++)
		map->v[j].touched = 1;
}

static void
touch (struct linemap *map, uint64_t addr)
{
	size_t k = linemap_find (map, addr);

	if (k < map->n)
		map->v[k].touched = 1;
}

static void
touch_profile (struct linemap *map, const struct profile *p)
{
	size_t i, k = 0;
	uint32_t b;

	for (i = 0; i < p->narcs; i++) {
		touch (map, p->arcs[i].from_pc);
		touch (map, p->arcs[i].self_pc);
	}
	for (i = 0; i < p->nbbs; i++)
		touch (map, p->bbs[i].addr);
	for (i = 0; i < p->nhist; i++) {
		const struct gmon_hist *h = &p->hist[i];
		uint64_t low = h->h.low_pc / 2, count;
		struct gmon_bins_iter it;

		gmon_bins_iter_init (&it, &h->bins);
		while (gmon_bins_next (&it, &b, &count)) {
			uint64_t lo, hi;

			lo = 2 * (low + (uint64_t) (p->hist_scale * b));
			hi = 2 * (low + (uint64_t) (p->hist_scale * (b + 1)));
			touch_range (map, lo > 2 ? lo - 2 : 0, hi + 2, &k);
		}
	}
}

static void rank_untouched (struct linemap *map);

/* Where a function symbol of FN[0..NF) (finalized) and a line symbol
   of MAP start at one address, which one GNU gprof keeps: the
   function, unless it is static and the line global (symtab_finalize
   favours a global symbol first, a function second).  A line symbol
   is static as the last one made is if both have one name and file
   (GNU gprof's line pass takes it over), else as the function symbol
   around it is (none: global).  So the lines of an inlined function
   are as static as the function they are first met in, and where a
   static function starts with code inlined from the function of the
   line before it, that line's symbol stands for the function.  */
static void
mark_shadows (struct linemap *map, struct sym *fn, size_t nf)
{
	size_t i, j = 0;
	bool is_static = false;

	for (i = 0; i < map->n; i++) {
		struct linesym *s = &map->v[i];
		const struct linesym *prev = i > 0 ? s - 1 : NULL;

		if (!prev || prev->file != s->file
		    || (prev->name != s->name
			&& strcmp (prev->name, s->name) != 0)) {
			const struct sym *f = symtab_lookup (fn, nf, s->addr);

			is_static = f && f->is_static;
		}
		s->is_static = is_static;
		while (j < nf && fn[j].addr < s->addr)
			j++;
		s->shadowed = 0;
		s->wins = 0;
		if (j < nf && fn[j].addr == s->addr) {
			if (!is_static && fn[j].is_static)
				s->wins = 1;
			else
				s->shadowed = 1;
		}
	}
}

void
linesyms_add (struct lines *l, struct symtab *st, const struct profile *p,
	      bool all)
{
	struct linemap *map;
	struct sym *v, *fn = st->base;
	size_t nf = st->len, n = 0, i, nu = 0, nwin = 0;

	/* GNU gprof finalizes the function symbols, then the whole table
	   again: a last function symbol past the end of .text, whose
	   range came out empty the first time, goes then (debugging
	   information or not).  */
	if (nf > 0 && fn[nf - 1].end_addr < fn[nf - 1].addr)
		nf--;
	if (!lines_dwarf (l)) {
		st->len = nf;
		return;
	}
	if (!l->map)
		linemap_build (l, st);
	map = l->map;
	/* The function symbols the walk did not meet (outside .text, or
	   where the line tables have no row).  */
	for (i = 0; i < nf; i++)
		if (!fn[i].src_known)
			lines_resolve (l, &fn[i]);

	mark_shadows (map, fn, nf);
	for (i = 0; i < map->n; i++)
		if (all || map->v[i].wins)
			map->v[i].touched = 1;
	if (!all)
		touch_profile (map, p);
	for (i = 0; i < map->n; i++) {
		if (map->v[i].wins)
			nwin++;
		if (!map->v[i].shadowed) {
			if (map->v[i].touched)
				n++;
			else
				nu++;
		}
	}

	/* Merge the two tables in address order, from the top down, in
	   the array of the function symbols grown in place (a function
	   moves up at most; its old slot is read before anything lands
	   there).  Each symbol ends where the next of the whole table
	   begins, kept or not; the last one, if a line, with .text, if a
	   function, where the first finalizing ended it (up to the next
	   function symbol, or the one dropped above: GNU gprof's lookups
	   go that far).  A function a line wins over is left out: the
	   line, always kept, is below it in the merge (at its address),
	   so the output never overtakes a function not yet moved.  */
	v = xrealloc (st->base, (nf + n + 1) * sizeof *v);
	free (map->untouched);
	map->untouched = XNEWVEC (uint32_t, nu + 1);
	map->nuntouched = 0;
	{
		size_t k = nf - nwin + n, fi = nf, li = map->n;
		uint64_t next = 0;
		bool last = true;

		while (fi > 0 || li > 0) {
			struct linesym *ls;

			if (li > 0 && map->v[li - 1].shadowed) {
				li--;
				continue;
			}
			if (fi > 0 && li < map->n && map->v[li].wins
			    && v[fi - 1].addr == map->v[li].addr) {
				fi--;
				continue;
			}
			if (fi > 0 && (li == 0
				       || v[fi - 1].addr > map->v[li - 1].addr)) {
				v[--k] = v[--fi];
				if (!last)
					v[k].end_addr = next - 1;
				next = v[k].addr;
				last = false;
				continue;
			}
			ls = &map->v[--li];
			if (!ls->touched) {
				map->untouched[map->nuntouched++] = (uint32_t) li;
			} else {
				struct sym *s = &v[--k];

				sym_init (s);
				s->addr = ls->addr;
				s->name = ls->name;
				s->file = l->by_id[ls->file];
				s->line = (int) ls->line;
				s->src_known = 1;
				s->is_static = ls->is_static;
				s->end_addr = last ? st->text_end - 1 : next - 1;
			}
			next = ls->addr;
			last = false;
		}
	}
	/* Collected from the top down: into address order.  */
	for (i = 0; i < map->nuntouched / 2; i++) {
		uint32_t t = map->untouched[i];

		map->untouched[i] = map->untouched[map->nuntouched - 1 - i];
		map->untouched[map->nuntouched - 1 - i] = t;
	}
	st->base = v;
	st->len = nf - nwin + n;

	rank_untouched (map);
	DBG (DBG_AOUT, "[linesyms] %zu symbols in the table, %zu line "
	     "symbols left out\n", st->len, map->nuntouched);
}

/* The order of GNU gprof's call graph among entries without time:
   names not starting with '_' first, then more calls first, then by
   name, then by address.  */
static int
cmp_name_key (const char *a, const char *b)
{
	if ((a[0] == '_') != (b[0] == '_'))
		return a[0] == '_' ? 1 : -1;
	return strcmp (a, b);
}

/* Two pointers to (name, id) pairs, by name.  */
static int
cmp_name_pp (const void *a, const void *b, void *arg)
{
	(void) arg;
	return cmp_name_key (*(const char *const *) a,
			     *(const char *const *) b);
}

static size_t
hash_str (const char *s)
{
	size_t h = 5381;

	while (*s)
		h = h * 33 + (unsigned char) *s++;
	return h;
}

/* Sorts the left-out symbols (in address order now) by name in that
   order, keeping address order within a name: the names are few (one
   per function), so they are sorted, and the symbols counted into
   their places.  */
static void
rank_untouched (struct linemap *map)
{
	size_t nu = map->nuntouched, nslots = 16, nn = 0, i;
	const char **slot_name;
	uint32_t *slot_id, *id_of, *rank_of, *pos;
	uint32_t *sorted;
	void **names;

	while (nslots < 2 * nu + 2)
		nslots *= 2;
	slot_name = XCNEWVEC (const char *, nslots);
	slot_id = XNEWVEC (uint32_t, nslots);
	id_of = XNEWVEC (uint32_t, nu + 1);
	names = XNEWVEC (void *, nu + 1);
	for (i = 0; i < nu; i++) {
		const char *name = map->v[map->untouched[i]].name;
		size_t h;

		/* The lines of a function come together, one name.  */
		if (i > 0 && name == map->v[map->untouched[i - 1]].name) {
			id_of[i] = id_of[i - 1];
			continue;
		}
		h = hash_str (name) & (nslots - 1);

		while (slot_name[h] && slot_name[h] != name
		       && strcmp (slot_name[h], name) != 0)
			h = (h + 1) & (nslots - 1);
		if (!slot_name[h]) {
			slot_name[h] = name;
			slot_id[h] = (uint32_t) nn;
			names[nn++] = (void *) name;
		}
		id_of[i] = slot_id[h];
	}
	free (slot_name);
	free (slot_id);

	/* The names sorted; RANK_OF[id] the place of name ID.  */
	{
		struct { const char *name; uint32_t id; } *ids;
		void **order = XNEWVEC (void *, nn + 1);

		ids = xmalloc ((nn + 1) * sizeof *ids);
		for (i = 0; i < nn; i++) {
			ids[i].name = names[i];
			ids[i].id = (uint32_t) i;
			order[i] = &ids[i];
		}
		/* NAME is the first member: the comparator sees it.  */
		msort_ptrs (order, nn, cmp_name_pp, NULL);
		rank_of = XNEWVEC (uint32_t, nn + 1);
		for (i = 0; i < nn; i++) {
			const char *const *x = order[i];

			names[i] = (void *) *x;
			rank_of[((const uint32_t *) (x + 1))[0]] = (uint32_t) i;
		}
		free (order);
		free (ids);
	}

	free (map->rank_start);
	map->rank_start = XCNEWVEC (size_t, nn + 1);
	for (i = 0; i < nu; i++)
		map->rank_start[rank_of[id_of[i]] + 1]++;
	for (i = 0; i < nn; i++)
		map->rank_start[i + 1] += map->rank_start[i];
	pos = XNEWVEC (uint32_t, nn + 1);
	for (i = 0; i < nn; i++)
		pos[i] = (uint32_t) map->rank_start[i];
	sorted = XNEWVEC (uint32_t, nu + 1);
	for (i = 0; i < nu; i++)
		sorted[pos[rank_of[id_of[i]]]++] = map->untouched[i];
	free (pos);
	free (map->untouched);
	map->untouched = sorted;
	free (map->rank_name);
	map->rank_name = (const char **) names;
	map->nranks = nn;
	free (id_of);
	free (rank_of);
}

/* How many left-out symbols GNU gprof's order puts before E, an entry
   without time.  */
static size_t
before (const struct linemap *map, const struct sym *e)
{
	size_t lo = 0, hi = map->nranks, first, last;
	bool under = e->name[0] == '_';

	if (e->ncalls > 0) {
		/* Before every left-out symbol of its kind of name.  */
		if (!under)
			return 0;
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;

			if (map->rank_name[mid][0] != '_')
				lo = mid + 1;
			else
				hi = mid;
		}
		return map->rank_start[lo];
	}
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (cmp_name_key (map->rank_name[mid], e->name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == map->nranks || strcmp (map->rank_name[lo], e->name) != 0)
		return map->rank_start[lo];
	/* The same name: those at lower addresses.  */
	first = map->rank_start[lo];
	last = map->rank_start[lo + 1];
	while (first < last) {
		size_t mid = first + (last - first) / 2;

		if (map->v[map->untouched[mid]].addr < e->addr)
			first = mid + 1;
		else
			last = mid;
	}
	return first;
}

void
linesyms_renumber (struct lines *l, struct callgraph *cg)
{
	const struct linemap *map = l->map;
	size_t i, cur = 0, at = 0, under = (size_t) -1;

	if (!map || map->nuntouched == 0)
		return;
	/* The entries without time come in the order of before()'s keys,
	   so one walk along the sorted left-out names answers them all;
	   an entry that breaks the order (it cannot) is searched.  */
	for (i = 0; i < cg->nentries; i++) {
		struct sym *e = cg->by_index[i];
		int c = 1;

		if (!e->name || e->prop_self + e->prop_child != 0.0)
			continue;
		if (e->ncalls > 0) {
			if (e->name[0] != '_') {
				continue;
			}
			if (under == (size_t) -1)
				under = before (map, e);
			e->index += (int) under;
			continue;
		}
		if (cur > 0 && cmp_name_key (map->rank_name[cur - 1],
					     e->name) >= 0) {
			e->index += (int) before (map, e);
			continue;
		}
		while (cur < map->nranks
		       && (c = cmp_name_key (map->rank_name[cur], e->name)) < 0) {
			cur++;
			at = map->rank_start[cur];
		}
		if (cur == map->nranks || c != 0) {
			e->index += (int) map->rank_start[cur];
			continue;
		}
		if (at < map->rank_start[cur])
			at = map->rank_start[cur];
		while (at < map->rank_start[cur + 1]
		       && map->v[map->untouched[at]].addr < e->addr)
			at++;
		e->index += (int) at;
	}
}

uint64_t
linesyms_line_start (struct lines *l, uint64_t pc, uint64_t floor)
{
	const struct lines_object *o = l->nobjs ? lines_object_at (l, pc)
		: NULL;
	size_t k;

	/* Another object's code: its own lines, at its own addresses.  */
	if (o && floor >= o->lo)
		return linesyms_line_start (o->lines, pc - o->lo,
					    floor - o->lo) + o->lo;

	if (!l->map) {
		if (!lines_dwarf (l))
			return floor;
		linemap_build (l, NULL);
	}
	k = linemap_find (l->map, pc);
	if (k == l->map->n || l->map->v[k].addr < floor)
		return floor;
	return l->map->v[k].addr;
}
