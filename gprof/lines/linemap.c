/* linemap.c - the line symbols of all of .text, from the line tables.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   What GNU gprof does, byte by byte over .text:

       for each address with a (function, file, line) from libbfd
           if that triple differs from the last symbol made's
               make a symbol there

   and what is done here instead, in one pass over the sequences of the
   line tables in address order (where units claim the same addresses,
   those of the unit libbfd asks first: claims.c).  Within a row's range
   the file and line are fixed; the function (the innermost one whose range holds
   the address, the shortest range winning, a later entry winning a
   tie, as libbfd decides) changes only at the edges of function
   ranges, and, where no function entry covers the code, the name
   libbfd falls back to (the nearest symbol at or below the address)
   only where a symbol starts.  So each row is cut at those points into
   pieces of one triple, and the pieces run through GNU gprof's rule.
   Rows of line 0, like addresses libbfd knows nothing about, make no
   symbol and do not end the last one.  */

#include <config.h>

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gprof/lines/private.h"
#include "gprof/util/util.h"

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

/* A sequence of some unit.  */
struct gseq {
	uint64_t low, high;
	size_t unit;
	size_t seq;
};

/* The state of the walk.  */
struct linemap_walk {
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

/* The index of the last fallback symbol at or below ADDR (or NTS).
   The symbols are read when first needed (C code never needs them).  */
static size_t
ts_at (struct linemap_walk *w, uint64_t addr)
{
	size_t lo = 0, hi;

	if (!w->ts) {
		w->ts = lines_text_syms (w->l, &w->nts);
		w->ti = w->nts;
	}
	hi = w->nts;

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
unfinal_name (struct linemap_walk *w, const struct dwarf_funcs *fs,
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
make (struct linemap_walk *w, uint64_t addr, const char *name, uint32_t file,
      uint32_t line)
{
	struct linesym *s;

	/* A file id too big for its field would name another file.  */
	if (!name || file >= 1u << LINESYM_FILE_BITS)
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
	s->line = line;
	s->is_static = 0;
	s->shadowed = 0;
	s->wins = 0;
	s->touched = 0;
}

/* One row's range [LO, HI) of FILE:LINE, cut where the function
   changes.  FI is the cursor in the unit's stretches.  */
static void
walk_row (struct linemap_walk *w, const struct dwarf_funcs *fs,
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
			/* The next symbol up ends the piece: below the first
			   symbol of all there is no name.  */
			size_t next = k < w->nts ? k + 1 : 0;

			if (*cur < nfi && fi[*cur].lo < end)
				end = fi[*cur].lo;
			if (next < w->nts && w->ts[next].addr < end
			    && w->ts[next].addr > at)
				end = w->ts[next].addr;
			name = k < w->nts ? w->ts[k].name : NULL;
		}
		make (w, at, name, file, line);
		at = end;
	}
}

static void map_index (struct linemap *map);

/* The sequences of every unit's line table that reach into [TEXT_LO,
   TEXT_HI), unit by unit (*NG of them; malloc'd).  */
static struct gseq *
text_seqs (struct dwarf *dw, uint64_t text_lo, uint64_t text_hi, size_t *ng)
{
	size_t nunits = dwarf_units (dw), u, i, n = 0, cap = 0;
	struct gseq *g = NULL;

	for (u = 0; u < nunits; u++) {
		const struct dwarf_lines *lt = dwarf_unit_lines (dw, u);

		for (i = 0; lt && i < lt->nseqs; i++) {
			if (lt->seqs[i].high <= text_lo
			    || lt->seqs[i].low >= text_hi)
				continue;
			if (n == cap) {
				cap = cap ? cap * 2 : 256;
				g = xrealloc (g, cap * sizeof *g);
			}
			g[n].low = lt->seqs[i].low;
			g[n].high = lt->seqs[i].high;
			g[n].unit = u;
			g[n].seq = i;
			n++;
		}
	}
	*ng = n;
	return g;
}

/* Room for a symbol per row of the NG sequences G and two per function
   range of the units they are of (pages never written are never
   touched): no copies as the map grows.  */
static size_t
map_room (struct dwarf *dw, const struct gseq *g, size_t ng)
{
	size_t cap = 64, nunits = dwarf_units (dw), u, i;

	for (i = 0; i < ng; i++)
		cap += dwarf_unit_lines (dw, g[i].unit)->seqs[g[i].seq].nrows;
	for (u = 0; u < nunits; u++)
		if (dwarf_unit_lines (dw, u))
			cap += 2 * dwarf_unit_funcs (dw, u)->nranges;
	return cap;
}

/* Each unit's innermost function stretches (innermost()), made when a
   sequence of the unit is first walked.  */
struct unit_fints {
	struct fint **v;		/* per unit, or NULL */
	size_t *n;			/* their numbers */
	bool *done;			/* made (perhaps empty) */
};

/* Unit U's stretches, in F; *N gets how many.  */
static const struct fint *
unit_fints (struct unit_fints *f, const struct dwarf_funcs *fs, size_t u,
	    size_t *n)
{
	if (!f->done[u]) {
		f->done[u] = true;
		f->v[u] = innermost (fs, &f->n[u]);
	}
	*n = f->n[u];
	return f->v[u];
}

/* The first of the N stretches FI that ends after LOW.  */
static size_t
first_fint (const struct fint *fi, size_t n, uint64_t low)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (fi[mid].hi <= low)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* What a walk over the sequences carries from one to the next.  */
struct seq_walk {
	struct linemap_walk *w;			/* the map being made */
	struct unit_fints fints;	/* the units' function stretches */
	struct symtab *fn;		/* function symbols, or NULL */
	size_t fi_next;			/* next function symbol of FN */
};

/* The rows of sequence G, from LOW to HIGH (the part no sequence
   before took), into line symbols; the function symbols that start in
   a row get its file and line, as lines_resolve() gives them.  */
static void
walk_seq (struct seq_walk *sw, const struct gseq *g, uint64_t low,
	  uint64_t high)
{
	struct lines *l = sw->w->l;
	struct dwarf *dw = lines_dwarf (l);
	size_t u = g->unit, nfi, cur, k;
	const struct dwarf_lines *lt = dwarf_unit_lines (dw, u);
	const struct dwarf_seq *sq = &lt->seqs[g->seq];
	const struct dwarf_row *rows = lt->rows + sq->first;
	const struct dwarf_funcs *fs = dwarf_unit_funcs (dw, u);
	const struct fint *fi = unit_fints (&sw->fints, fs, u, &nfi);
	struct symtab *fn = sw->fn;

	cur = first_fint (fi, nfi, low);
	for (k = 0; k < sq->nrows; k++) {
		uint64_t a = rows[k].addr, b;
		struct source_file *f = NULL;

		b = k + 1 < sq->nrows ? rows[k + 1].addr : sq->high;
		if (a < low)
			a = low;
		if (b > high)
			b = high;
		if (a >= b)
			continue;
		/* The file, by its number in the unit: known after the
		   first row of it.  */
		if (rows[k].line != 0) {
			f = l->ufiles[u] && rows[k].file < l->unfiles[u]
				? l->ufiles[u][rows[k].file] : NULL;
			if (!f)
				f = lines_unit_file (l, u, lt, rows[k].file);
		}
		while (fn && sw->fi_next < fn->len
		       && fn->base[sw->fi_next].addr < b) {
			struct sym *s = &fn->base[sw->fi_next++];

			if (s->addr < a || s->src_known)
				continue;
			s->src_known = 1;
			if (f) {
				s->file = f;
				s->line = (int) rows[k].line;
			}
		}
		if (f)
			walk_row (sw->w, fs, fi, nfi, &cur, a, b, f->id,
				  rows[k].line);
	}
}

/* The rows of the sequences of C's unit within C's addresses.  */
static void
walk_claim (struct seq_walk *sw, struct dwarf *dw, const struct claim *c)
{
	const struct dwarf_lines *lt = dwarf_unit_lines (dw, c->unit);
	size_t lo = 0, hi = lt ? lt->nseqs : 0;

	/* The first sequence that ends after C starts.  */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (lt->seqs[mid].high <= c->lo)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lt && lo < lt->nseqs && lt->seqs[lo].low < c->hi; lo++) {
		struct gseq g = { lt->seqs[lo].low, lt->seqs[lo].high,
				  c->unit, lo };

		walk_seq (sw, &g, g.low < c->lo ? c->lo : g.low,
			  g.high > c->hi ? c->hi : g.high);
	}
}

void
linemap_build (struct lines *l, struct symtab *fn)
{
	struct dwarf *dw = lines_dwarf (l);
	uint64_t text_lo = l->text_start, text_hi = l->text_end;
	size_t nunits = dwarf_units (dw), u, i, ng, nc;
	struct gseq *g = text_seqs (dw, text_lo, text_hi, &ng);
	struct claim *c;
	struct linemap_walk w;
	struct seq_walk sw = {
		.w = &w,
		.fints = {
			.v = XCNEWVEC (struct fint *, nunits + 1),
			.n = XCNEWVEC (size_t, nunits + 1),
			.done = XCNEWVEC (bool, nunits + 1),
		},
		.fn = fn,
		.fi_next = 0,
	};

	memset (&w, 0, sizeof w);
	w.l = l;
	w.map = l->map = XCNEW (struct linemap);
	w.cap = map_room (dw, g, ng);
	w.map->v = XNEWVEC (struct linesym, w.cap);
	/* Where units claim the same addresses, the one libbfd asks first
	   answers (claims.c); its rows there are walked.  */
	c = claims_build (dw, text_lo, text_hi, &nc);
	for (i = 0; i < nc; i++)
		walk_claim (&sw, dw, &c[i]);
	free (c);
	/* The rows and functions are in the map now: their memory can
	   serve what comes next (a lookup later decodes a unit again).  */
	for (u = 0; u < nunits; u++) {
		free (sw.fints.v[u]);
		dwarf_unit_release (dw, u);
	}
	free (sw.fints.v);
	free (sw.fints.n);
	free (sw.fints.done);
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

size_t
linemap_find (const struct linemap *map, uint64_t addr)
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

