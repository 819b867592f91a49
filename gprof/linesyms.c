/* linesyms.c - GNU gprof's line-level symbol table (-l).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   What GNU gprof does, byte by byte over .text:

       for each address with a (function, file, line) from libbfd
           if that triple differs from the last symbol made's
               make a symbol there

   and what is done here instead, in one pass over the sequences of the
   line tables in address order.  Within a row's range the file and
   line are fixed; the function (the innermost one whose range holds
   the address, the shortest range winning, a later entry winning a
   tie, as libbfd decides) changes only at the edges of function
   ranges, and, where no function entry covers the code, the name
   libbfd falls back to (the nearest symbol at or below the address)
   only where a symbol starts.  So each row is cut at those points into
   pieces of one triple, and the pieces run through GNU gprof's rule.
   Rows of line 0, like addresses libbfd knows nothing about, make no
   symbol and do not end the last one.

   The symbol table then gets the symbols the profile touches; each
   symbol ends where the next one of the whole table begins.  */

#include <config.h>

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gprof/lines-private.h"
#include "gprof/linesyms.h"
#include "gprof/msort.h"
#include "gprof/util.h"

#define NO_FUNC		UINT32_MAX

/* A stretch of addresses with one innermost function.  */
struct fint {
	uint64_t lo;			/* first address */
	uint64_t hi;			/* one past the last */
	uint32_t func;			/* index in the unit's functions */
};

/* A range of a function, for the sweep.  */
struct frange {
	uint64_t lo, hi;
	uint32_t func;
};

/* Heap order: the innermost first (shortest range, then later entry).  */
static bool
inner (const struct frange *a, const struct frange *b)
{
	uint64_t la = a->hi - a->lo, lb = b->hi - b->lo;

	return la != lb ? la < lb : a->func > b->func;
}

static void
heap_push (const struct frange *r, uint32_t *h, size_t *n, uint32_t x)
{
	size_t i = (*n)++;

	while (i > 0) {
		size_t p = (i - 1) / 2;

		if (!inner (&r[x], &r[h[p]]))
			break;
		h[i] = h[p];
		i = p;
	}
	h[i] = x;
}

static void
heap_pop (const struct frange *r, uint32_t *h, size_t *n)
{
	uint32_t x = h[--*n];
	size_t i = 0;

	for (;;) {
		size_t c = 2 * i + 1;

		if (c >= *n)
			break;
		if (c + 1 < *n && inner (&r[h[c + 1]], &r[h[c]]))
			c++;
		if (!inner (&r[h[c]], &r[x]))
			break;
		h[i] = h[c];
		i = c;
	}
	if (*n > 0)
		h[i] = x;
}

static int
cmp_frange (const void *a, const void *b)
{
	const struct frange *l = a, *r = b;

	if (l->lo != r->lo)
		return l->lo < r->lo ? -1 : 1;
	return l->func < r->func ? -1 : l->func > r->func;
}

static int
cmp_u64 (const void *a, const void *b)
{
	uint64_t l = *(const uint64_t *) a, r = *(const uint64_t *) b;

	return l < r ? -1 : l > r;
}

/* Ranges by start, then entry.  gcc lists a unit's functions last
   first, so they come sorted backwards, or forwards: no sort then.  */
static void
sort_ranges (struct frange *r, size_t n)
{
	size_t i;

	for (i = 1; i < n; i++)
		if (r[i - 1].lo <= r[i].lo)
			break;
	if (i == n) {
		for (i = 0; i < n / 2; i++) {
			struct frange t = r[i];

			r[i] = r[n - 1 - i];
			r[n - 1 - i] = t;
		}
	}
	for (i = 1; i < n; i++)
		if (cmp_frange (&r[i - 1], &r[i]) > 0)
			break;
	if (i < n)
		qsort (r, n, sizeof *r, cmp_frange);
}

/* The edges of the ranges R (sorted by start), sorted and distinct:
   the starts are in order, and so nearly always are the ends.  */
static size_t
range_edges (const struct frange *r, size_t n, uint64_t *e)
{
	uint64_t *hi = XNEWVEC (uint64_t, n + 1);
	size_t i, a = 0, b = 0, k = 0;

	for (i = 0; i < n; i++)
		hi[i] = r[i].hi;
	for (i = 1; i < n; i++)
		if (hi[i - 1] > hi[i])
			break;
	if (i < n)
		qsort (hi, n, sizeof *hi, cmp_u64);
	while (a < n || b < n) {
		uint64_t x = b >= n || (a < n && r[a].lo <= hi[b])
			? r[a++].lo : hi[b++];

		if (k == 0 || e[k - 1] != x)
			e[k++] = x;
	}
	free (hi);
	return k;
}

/* The innermost function of every address of a unit's functions, as
   stretches sorted by address: a sweep over the edges of their ranges
   with the open ranges in a heap.  */
static struct fint *
innermost (const struct dwarf_funcs *fs, size_t *nout)
{
	struct frange *r = XNEWVEC (struct frange, fs->nranges + 1);
	uint64_t *edges = XNEWVEC (uint64_t, 2 * fs->nranges + 1);
	uint32_t *heap = XNEWVEC (uint32_t, fs->nranges + 1);
	struct fint *out = XNEWVEC (struct fint, 2 * fs->nranges + 1);
	size_t nr = 0, ne = 0, nh = 0, no = 0, next = 0, i, k;


	for (i = 0; i < fs->n; i++)
		for (k = 0; k < fs->v[i].nranges; k++) {
			const struct dwarf_range *x =
				&fs->ranges[fs->v[i].first + k];

			if (x->hi <= x->lo)
				continue;
			r[nr].lo = x->lo;
			r[nr].hi = x->hi;
			r[nr].func = (uint32_t) i;
			nr++;
		}
	sort_ranges (r, nr);
	ne = range_edges (r, nr, edges);
	for (i = 0; i < ne; i++) {
		uint64_t at = edges[i];

		while (next < nr && r[next].lo <= at) {
			heap_push (r, heap, &nh, (uint32_t) next);
			next++;
		}
		while (nh > 0 && r[heap[0]].hi <= at)
			heap_pop (r, heap, &nh);
		if (nh == 0 || i + 1 >= ne)
			continue;
		if (no > 0 && out[no - 1].hi == at
		    && out[no - 1].func == r[heap[0]].func) {
			out[no - 1].hi = edges[i + 1];
			continue;
		}
		out[no].lo = at;
		out[no].hi = edges[i + 1];
		out[no].func = r[heap[0]].func;
		no++;
	}
	/* The stretches must not overlap: the next edge ends each.  */
	for (i = 0; i + 1 < no; i++)
		if (out[i].hi > out[i + 1].lo)
			out[i].hi = out[i + 1].lo;
	free (r);
	free (edges);
	free (heap);
	*nout = no;
	return out;
}

/* A sequence of some unit, in the global order.  */
struct gseq {
	uint64_t low, high;
	size_t unit;
	size_t seq;
};

static int
cmp_gseq (const void *a, const void *b)
{
	const struct gseq *l = a, *r = b;

	if (l->low != r->low)
		return l->low < r->low ? -1 : 1;
	if (l->high != r->high)
		return l->high > r->high ? -1 : 1;
	if (l->unit != r->unit)
		return l->unit < r->unit ? -1 : 1;
	return l->seq < r->seq ? -1 : l->seq > r->seq;
}

/* The state of the walk.  */
struct walk {
	struct lines *l;
	struct linemap *map;
	size_t cap;
	const struct text_sym *ts;	/* fallback names */
	size_t nts;
	size_t ti;			/* cursor in TS */
	const char *prev_name;		/* the last symbol made */
	uint32_t prev_file;
	uint32_t prev_line;
	bool have_prev;
};

/* The index of the last fallback symbol at or below ADDR (or NTS).  */
static size_t
ts_at (struct walk *w, uint64_t addr)
{
	size_t lo = 0, hi = w->nts;

	if (w->ti < w->nts && w->ts[w->ti].addr <= addr
	    && (w->ti + 1 >= w->nts || w->ts[w->ti + 1].addr > addr))
		return w->ti;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (w->ts[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	w->ti = lo ? lo - 1 : w->nts;
	return w->ti;
}

/* libbfd's name for a function entry without a final name: the symbol
   that starts where the function does, if there is one (libbfd keeps
   the first name it found for the function, and for the code of a
   function that is the symbol at its start), else the entry's.  */
static const char *
unfinal_name (struct walk *w, const struct dwarf_funcs *fs,
	      const struct dwarf_func *f)
{
	uint64_t low;
	size_t k;

	if (f->nranges == 0)
		return f->name;
	low = fs->ranges[f->first].lo;
	k = ts_at (w, low);
	if (k < w->nts && w->ts[k].addr == low)
		return w->ts[k].name;
	return f->name;
}

static void
make (struct walk *w, uint64_t addr, const char *name, uint32_t file,
      uint32_t line)
{
	struct linesym *s;

	if (!name)
		return;
	if (w->have_prev && w->prev_line == line && w->prev_file == file
	    && (w->prev_name == name || strcmp (w->prev_name, name) == 0))
		return;
	w->have_prev = true;
	w->prev_name = name;
	w->prev_file = file;
	w->prev_line = line;
	if (w->map->n == w->cap) {
		w->cap = w->cap ? w->cap * 2 : 4096;
		w->map->v = xrealloc (w->map->v, w->cap * sizeof *w->map->v);
	}
	s = &w->map->v[w->map->n++];
	s->addr = addr;
	s->name = name;
	s->file = file;
	s->line = line & ((1u << 30) - 1);
	s->shadowed = 0;
	s->touched = 0;
}

/* One row's range [LO, HI) of FILE:LINE, cut where the function
   changes.  FI is the cursor in the unit's stretches.  */
static void
walk_row (struct walk *w, const struct dwarf_funcs *fs,
	  const struct fint *fi, size_t nfi, size_t *cur, uint64_t lo,
	  uint64_t hi, uint32_t file, uint32_t line)
{
	uint64_t at = lo;

	while (at < hi) {
		uint64_t end = hi;
		const char *name;

		while (*cur < nfi && fi[*cur].hi <= at)
			(*cur)++;
		if (*cur < nfi && fi[*cur].lo <= at) {
			const struct dwarf_func *f = &fs->v[fi[*cur].func];

			if (fi[*cur].hi < end)
				end = fi[*cur].hi;
			name = f->is_linkage ? f->name
				: unfinal_name (w, fs, f);
		} else {
			size_t k = ts_at (w, at);

			if (*cur < nfi && fi[*cur].lo < end)
				end = fi[*cur].lo;
			if (k + 1 < w->nts && w->ts[k + 1].addr < end)
				end = w->ts[k + 1].addr;
			if (k + 1 == 0 && w->nts > 0 && w->ts[0].addr < end
			    && w->ts[0].addr > at)
				end = w->ts[0].addr;
			name = k < w->nts ? w->ts[k].name : NULL;
		}
		make (w, at, name, file, line);
		at = end;
	}
}

static void map_index (struct linemap *map);

static void
build_map (struct lines *l)
{
	struct dwarf *dw = lines_dwarf (l);
	uint64_t text_lo = objfile_text_start (l->of);
	uint64_t text_hi = objfile_text_end (l->of);
	size_t nunits = dwarf_units (dw), u, i, ng = 0, gcap = 0;
	struct fint **fis = XCNEWVEC (struct fint *, nunits + 1);
	size_t *nfis = XCNEWVEC (size_t, nunits + 1);
	bool *fi_done = XCNEWVEC (bool, nunits + 1);
	struct gseq *g = NULL;
	uint64_t last_high = 0;
	struct walk w;

	memset (&w, 0, sizeof w);
	w.l = l;
	w.map = l->map = XCNEW (struct linemap);
	w.ts = lines_text_syms (l, &w.nts);
	w.ti = w.nts;

	for (u = 0; u < nunits; u++) {
		const struct dwarf_lines *lt = dwarf_unit_lines (dw, u);

		for (i = 0; lt && i < lt->nseqs; i++) {
			if (lt->seqs[i].high <= text_lo
			    || lt->seqs[i].low >= text_hi)
				continue;
			if (ng == gcap) {
				gcap = gcap ? gcap * 2 : 256;
				g = xrealloc (g, gcap * sizeof *g);
			}
			g[ng].low = lt->seqs[i].low;
			g[ng].high = lt->seqs[i].high;
			g[ng].unit = u;
			g[ng].seq = i;
			ng++;
		}
	}
	qsort (g, ng, sizeof *g, cmp_gseq);
	/* Room for a symbol per row and two per function range (pages
	   never written are never touched): no copies as it grows.  */
	w.cap = 64;
	for (i = 0; i < ng; i++)
		w.cap += dwarf_unit_lines (dw, g[i].unit)->seqs[g[i].seq].nrows;
	for (u = 0; u < nunits; u++)
		if (dwarf_unit_lines (dw, u))
			w.cap += 2 * dwarf_unit_funcs (dw, u)->nranges;
	w.map->v = XNEWVEC (struct linesym, w.cap);

	for (i = 0; i < ng; i++) {
		const struct dwarf_lines *lt = dwarf_unit_lines (dw, g[i].unit);
		const struct dwarf_seq *sq = &lt->seqs[g[i].seq];
		const struct dwarf_row *rows = lt->rows + sq->first;
		const struct dwarf_funcs *fs;
		uint64_t low = g[i].low, high = g[i].high;
		size_t cur = 0, k;

		/* Sequences of different units that overlap: the first
		   one keeps the addresses, as within a unit.  */
		if (i > 0 && low < last_high) {
			if (high <= last_high)
				continue;
			low = last_high;
		}
		last_high = high;
		if (low < text_lo)
			low = text_lo;
		if (high > text_hi)
			high = text_hi;
		u = g[i].unit;
		fs = dwarf_unit_funcs (dw, u);
		if (!fi_done[u]) {
			fi_done[u] = true;
			fis[u] = innermost (fs, &nfis[u]);
		}
		{
			size_t lo = 0, hi = nfis[u];

			while (lo < hi) {
				size_t mid = lo + (hi - lo) / 2;

				if (fis[u][mid].hi <= low)
					lo = mid + 1;
				else
					hi = mid;
			}
			cur = lo;
		}
		for (k = 0; k < sq->nrows; k++) {
			uint64_t a = rows[k].addr, b;
			struct source_file *f;

			b = k + 1 < sq->nrows ? rows[k + 1].addr : sq->high;
			if (a < low)
				a = low;
			if (b > high)
				b = high;
			if (a >= b || rows[k].line == 0)
				continue;
			f = lines_unit_file (l, u, lt, rows[k].file);
			if (!f)
				continue;
			walk_row (&w, fs, fis[u], nfis[u], &cur, a, b, f->id,
				  rows[k].line);
		}
	}
	for (u = 0; u < nunits; u++)
		free (fis[u]);
	free (fis);
	free (nfis);
	free (fi_done);
	free (g);
	map_index (l->map);
	DBG (DBG_AOUT, "[linesyms] %zu line symbols in .text\n", l->map->n);
}

/* An index of the map, as symtab_index() makes for the symbol table:
   about two symbols per bucket.  */
static void
map_index (struct linemap *map)
{
	uint64_t lo, span;
	size_t b, i = 0;

	if (map->n == 0)
		return;
	lo = map->v[0].addr;
	span = map->v[map->n - 1].addr - lo + 1;
	map->shift = 0;
	while ((span >> map->shift) > map->n / 2 + 1 && map->shift < 63)
		map->shift++;
	map->nbuckets = (size_t) ((span - 1) >> map->shift) + 1;
	map->bucket = XNEWVEC (uint32_t, map->nbuckets);
	for (b = 0; b < map->nbuckets; b++) {
		uint64_t a = lo + ((uint64_t) b << map->shift);

		while (i + 1 < map->n && map->v[i + 1].addr <= a)
			i++;
		map->bucket[b] = (uint32_t) i;
	}
}

/* The last line symbol at or below ADDR, or MAP->n.  */
static size_t
map_find (const struct linemap *map, uint64_t addr)
{
	size_t k, b;

	if (map->n == 0 || addr < map->v[0].addr)
		return map->n;
	b = (size_t) ((addr - map->v[0].addr) >> map->shift);
	k = b < map->nbuckets ? map->bucket[b] : map->n - 1;
	while (k + 1 < map->n && map->v[k + 1].addr <= addr)
		k++;
	return k;
}

/* The symbols holding a part of [LO, HI) (a little more: a symbol the
   bin only grazes costs nothing but a row of zeros nobody prints).
   *K is where the last call stopped, for bins in address order.  */
static void
touch_range (struct linemap *map, uint64_t lo, uint64_t hi, size_t *k)
{
	size_t j = *k;

	if (j >= map->n || map->v[j].addr > lo) {
		j = map_find (map, lo);
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
	size_t k = map_find (map, addr);

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
		const struct hist *h = &p->hist[i];
		uint64_t low = h->low_pc / 2;

		if (!h->bins)
			continue;
		for (b = 0; b < h->nbins; b++) {
			uint64_t lo, hi;

			if (!h->bins[b])
				continue;
			lo = 2 * (low + (uint64_t) (p->hist_scale * b));
			hi = 2 * (low + (uint64_t) (p->hist_scale * (b + 1)));
			touch_range (map, lo > 2 ? lo - 2 : 0, hi + 2, &k);
		}
	}
}

static void rank_untouched (struct linemap *map);

void
linesyms_add (struct lines *l, struct symtab *st, const struct profile *p,
	      bool all)
{
	struct linemap *map;
	struct sym *v, *fn = st->base, *in = NULL;
	size_t nf = st->len, n = 0, i, j, nu = 0;
	struct sym *waiting = NULL;
	bool waiting_fn = false;

	if (!lines_dwarf (l))
		return;
	if (!l->map)
		build_map (l);
	map = l->map;

	/* GNU gprof finalizes the function symbols, then the whole table
	   again: a last function symbol past the end of .text, whose
	   range came out empty the first time, goes then.  */
	if (nf > 0 && fn[nf - 1].end_addr < fn[nf - 1].addr)
		nf--;

	/* A function symbol wins the address it shares with a line.  */
	for (i = 0, j = 0; i < map->n; i++) {
		while (j < nf && fn[j].addr < map->v[i].addr)
			j++;
		map->v[i].shadowed = j < nf && fn[j].addr == map->v[i].addr;
		if (all)
			map->v[i].touched = 1;
	}
	if (!all)
		touch_profile (map, p);
	for (i = 0; i < map->n; i++)
		if (!map->v[i].shadowed) {
			if (map->v[i].touched)
				n++;
			else
				nu++;
		}

	/* Merge the two tables in address order; each symbol ends where
	   the next of the whole table begins, kept or not.  */
	/* Zeroed memory (fresh pages: the kernel clears them anyway), so
	   that a line symbol needs only its own fields.  */
	v = XCNEWVEC (struct sym, nf + n + 1);
	free (map->untouched);
	map->untouched = XNEWVEC (size_t, nu + 1);
	map->nuntouched = 0;
	n = 0;
	for (i = 0, j = 0; i < nf || j < map->n;) {
		struct linesym *ls;

		if (j < map->n && map->v[j].shadowed) {
			j++;
			continue;
		}
		if (i < nf && (j >= map->n || fn[i].addr < map->v[j].addr)) {
			if (waiting)
				waiting->end_addr = fn[i].addr - 1;
			in = &v[n];
			v[n] = fn[i++];
			waiting = &v[n++];
			waiting_fn = true;
			continue;
		}
		ls = &map->v[j++];
		if (waiting)
			waiting->end_addr = ls->addr - 1;
		waiting = NULL;
		if (!ls->touched) {
			map->untouched[map->nuntouched++] = (size_t) (ls
								- map->v);
			continue;
		}
		v[n].parents = v[n].children = NO_ARC;
		v[n].addr = ls->addr;
		v[n].name = ls->name;
		v[n].file = l->by_id[ls->file];
		v[n].line = (int) ls->line;
		v[n].src_known = 1;
		v[n].is_static = in ? in->is_static : 0;
		waiting = &v[n++];
		waiting_fn = false;
	}
	/* The last symbol: a line ends with .text; a function keeps the
	   end the first finalizing gave it (up to the next function
	   symbol, or the one dropped above: GNU gprof's lookups go that
	   far).  */
	if (waiting && !waiting_fn)
		waiting->end_addr = st->text_end - 1;
	free (st->base);
	st->base = v;
	st->len = n;

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
	size_t *sorted;
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
	sorted = XNEWVEC (size_t, nu + 1);
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
	size_t k;

	if (!l->map) {
		if (!lines_dwarf (l))
			return floor;
		build_map (l);
	}
	k = map_find (l->map, pc);
	if (k == l->map->n || l->map->v[k].addr < floor)
		return floor;
	return l->map->v[k].addr;
}
