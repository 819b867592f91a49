/* lines.c - source files and lines of addresses.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   The line tables are read by our own DWARF decoder (dwarf.c), not
   through bfd_find_nearest_line(): libbfd 2.40 names the wrong file
   for the code of #include'd files in gcc 12's DWARF 5, and asked one
   address at a time it makes GNU gprof's -l walk every byte of .text.
   Here a unit's line table is decoded the first time an address of
   that unit is asked for, and each lookup is two binary searches; a
   program whose reports name a few files decodes a few units.  The
   answers are otherwise libbfd's: the same rows, the same file paths
   (the compilation directory, the file's directory and its name), no
   answer for line 0.

   Source files are created in the order they are first asked for,
   which is GNU gprof's order when the symbols are resolved in the
   order it resolves them (the annotated listing and the symspecs that
   name files depend on it).  */

#include <config.h>

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gprof/lines/lines.h"
#include "gprof/lines/private.h"
#include "gprof/util/util.h"

struct lines *
lines_open (struct objfile *of)
{
	struct lines *l = XCNEW (struct lines);

	l->of = of;
	/* linemap.c takes the bounds from here, not from the objfile, so
	   that the fuzz target can give them without one.  */
	l->text_start = objfile_text_start (of);
	l->text_end = objfile_text_end (of);
	return l;
}

/* DW becomes L's debugging information, read.  */
static void
take_dwarf (struct lines *l, struct dwarf *dw)
{
	size_t n = dwarf_units (dw);

	l->loaded = true;
	l->dw = dw;
	if (dw) {
		l->ufiles = XCNEWVEC (struct source_file **, n ? n : 1);
		l->unfiles = XCNEWVEC (uint32_t, n ? n : 1);
	}
}

struct lines *
lines_open_decoded (struct dwarf *dw, uint64_t text_start, uint64_t text_end,
		    struct text_sym *tsyms, size_t ntsyms)
{
	struct lines *l = XCNEW (struct lines);

	l->text_start = text_start;
	l->text_end = text_end;
	take_dwarf (l, dw);
	l->tsyms = tsyms;
	l->ntsyms = ntsyms;
	l->tsyms_read = true;
	return l;
}

void
lines_add_object (struct lines *l, struct objfile *of, uint64_t offset,
		  uint64_t end)
{
	struct lines_object *o;

	if (end <= offset)
		return;
	l->objs = xrealloc (l->objs, (l->nobjs + 1) * sizeof *l->objs);
	o = &l->objs[l->nobjs++];
	o->lo = offset;
	o->hi = end;
	o->lines = lines_open (of);
	o->lines->owner = l;
}

void
lines_close (struct lines *l)
{
	struct source_file *f, *next;
	size_t i;

	if (!l)
		return;
	for (i = 0; i < l->nobjs; i++)
		lines_close (l->objs[i].lines);
	free (l->objs);
	if (l->dw && dwarf_exhausted (l->dw))
		gp_warn (l->of ? objfile_path (l->of) : NULL, "the debugging "
			 "information asks for far more work than its size "
			 "explains (is it damaged?); decoding stopped, and "
			 "some lines and functions are left out");
	for (f = l->first; f; f = next) {
		next = f->next;
		free (f->name);
		free (f);
	}
	if (l->map) {
		free (l->map->v);
		free (l->map->untouched);
		free (l->map->rank_name);
		free (l->map->rank_start);
		free (l->map->bucket);
		free (l->map);
	}
	for (i = 0; i < dwarf_units (l->dw); i++)
		free (l->ufiles[i]);
	free (l->ufiles);
	free (l->unfiles);
	free (l->by_id);
	hindex_free (&l->file_index);
	free (l->ranges);
	free (l->tsyms);
	dwarf_close (l->dw);
	for (i = 0; i < DWS_COUNT; i++)
		free (l->sec[i]);
	objfile_close (l->dbg);
	free (l);
}

struct dwarf *
lines_dwarf (struct lines *l)
{
	struct dwarf_section s[DWS_COUNT];
	unsigned int addr_size;
	bool be, sign;
	size_t i;

	if (l->loaded)
		return l->dw;
	l->loaded = true;
	/* A stripped program's debugging information may lie in a file
	   of its own (Debian's -dbgsym packages, objcopy
	   --only-keep-debug): its sections are the ones to read.  */
	l->dbg = objfile_open_debug (l->of);
	for (i = 0; i < DWS_COUNT; i++) {
		s[i].data = objfile_section (l->dbg ? l->dbg : l->of,
					     dwarf_section_names[i],
					     &s[i].size, &l->sec[i]);
	}
	objfile_target (l->of, &addr_size, &be, &sign);
	take_dwarf (l, dwarf_open (s, be));
	DBG (DBG_AOUT, "[lines] %zu units of debugging information\n",
	     dwarf_units (l->dw));
	return l->dw;
}

static size_t
file_hash (const void *arg, size_t i)
{
	return hindex_hash_str (((const struct lines *) arg)->by_id[i]->name);
}

static struct source_file *
file_by_path (struct lines *l, const char *path)
{
	struct source_file *f;
	size_t s;

	if (l->owner)
		return file_by_path (l->owner, path);

	if (!l->file_index.slot)
		hindex_init (&l->file_index, 64);
	for (s = hindex_first (&l->file_index, hindex_hash_str (path));
	     l->file_index.slot[s]; s = hindex_next (&l->file_index, s)) {
		f = l->by_id[l->file_index.slot[s] - 1];
		if (strcmp (f->name, path) == 0)
			return f;
	}
	f = XCNEW (struct source_file);
	f->name = xstrdup (path);
	f->id = l->nfiles++;
	if ((f->id & (f->id - 1)) == 0)	/* 0, 1, 2, 4...: grow */
		l->by_id = xrealloc (l->by_id, 2 * (f->id + 1)
				     * sizeof *l->by_id);
	l->by_id[f->id] = f;
	hindex_put (&l->file_index, s, f->id, l->nfiles, file_hash, l);
	if (l->last)
		l->last->next = f;
	else
		l->first = f;
	l->last = f;
	DBG (DBG_SRC, "[lines] new source file %s\n", path);
	return f;
}

struct source_file *
lines_unit_file (struct lines *l, size_t u, const struct dwarf_lines *lt,
		 uint32_t file)
{
	const char *path;

	if (!l->ufiles[u]) {
		l->unfiles[u] = lt->nfiles;
		l->ufiles[u] = XCNEWVEC (struct source_file *,
					 lt->nfiles ? lt->nfiles : 1);
	}
	if (file < l->unfiles[u] && l->ufiles[u][file])
		return l->ufiles[u][file];
	path = dwarf_file_name (lt, file);
	if (!path)
		return NULL;
	if (file >= l->unfiles[u])
		return file_by_path (l, path);	/* "<unknown>" */
	l->ufiles[u][file] = file_by_path (l, path);
	return l->ufiles[u][file];
}

static int
cmp_range (const void *a, const void *b)
{
	const struct unit_range *l = a, *r = b;

	if (l->lo != r->lo)
		return l->lo < r->lo ? -1 : 1;
	return l->unit < r->unit ? -1 : l->unit > r->unit;
}

/* The ranges of every unit: what its first entry claims, or for a unit
   that claims nothing the sequences of its line table (libbfd looks
   there too).  */
static void
build_index (struct lines *l)
{
	struct dwarf *dw = lines_dwarf (l);
	size_t u, i, cap = 0;
	uint64_t max_hi = 0;

	l->indexed = true;
	for (u = 0; u < dwarf_units (dw); u++) {
		struct dwarf_range *r = NULL;
		size_t n = dwarf_unit_ranges (dw, u, &r), k;
		const struct dwarf_lines *lt = NULL;

		if (n == 0)
			lt = dwarf_unit_lines (dw, u);
		for (k = 0; k < (lt ? lt->nseqs : n); k++) {
			if (l->nranges == cap) {
				cap = cap ? cap * 2 : 64;
				l->ranges = xrealloc (l->ranges,
						      cap * sizeof *l->ranges);
			}
			l->ranges[l->nranges].lo = lt ? lt->seqs[k].low
				: r[k].lo;
			l->ranges[l->nranges].hi = lt ? lt->seqs[k].high
				: r[k].hi;
			l->ranges[l->nranges].unit = u;
			l->ranges[l->nranges].rank = lt ? dwarf_units (dw) + u
				: u;
			l->nranges++;
		}
		free (r);
	}
	if (l->nranges > 1)
		qsort (l->ranges, l->nranges, sizeof *l->ranges, cmp_range);
	for (i = 0; i < l->nranges; i++) {
		if (l->ranges[i].hi > max_hi)
			max_hi = l->ranges[i].hi;
		l->ranges[i].max_hi = max_hi;
	}
}

/* Whether one of unit U's functions holds ADDR.  */
static bool
func_holds (struct dwarf *dw, size_t u, uint64_t addr)
{
	const struct dwarf_funcs *fs = dwarf_unit_funcs (dw, u);
	size_t i;

	for (i = 0; fs && i < fs->nranges; i++)
		if (fs->ranges[i].lo <= addr && addr < fs->ranges[i].hi)
			return true;
	return false;
}

/* The row of ADDR and its unit, as libbfd answers (claims.c): of the
   units whose ranges hold ADDR, in the order libbfd asks them, the
   first that has a row or a function there; if it has only a function
   there, no row.  */
static const struct dwarf_row *
find_row (struct lines *l, uint64_t addr, size_t *unit,
	  const struct dwarf_lines **table)
{
	size_t lo = 0, hi, best = SIZE_MAX;

	if (!l->indexed)
		build_index (l);
	hi = l->nranges;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (l->ranges[mid].lo <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	/* The candidates, by rank, each tried once: a unit that answers
	   with neither a row nor a function lets the next one answer.  */
	for (;;) {
		const struct unit_range *r = NULL;
		const struct dwarf_lines *lt;
		const struct dwarf_row *row;
		size_t k, next = SIZE_MAX;

		for (k = lo; k-- > 0 && l->ranges[k].max_hi > addr;)
			if (addr < l->ranges[k].hi
			    && (best == SIZE_MAX || l->ranges[k].rank > best)
			    && l->ranges[k].rank < next) {
				next = l->ranges[k].rank;
				r = &l->ranges[k];
			}
		if (!r)
			return NULL;
		best = next;
		lt = dwarf_unit_lines (l->dw, r->unit);
		row = lt ? dwarf_find_row (lt, addr) : NULL;
		if (row) {
			*unit = r->unit;
			*table = lt;
			return row;
		}
		if (lt && func_holds (l->dw, r->unit, addr))
			return NULL;
	}
}

const struct lines_object *
lines_object_at (const struct lines *l, uint64_t addr)
{
	size_t lo = 0, hi = l->nobjs;

	/* Added in the order of their places (profile/companion.c's
	   offsets).  */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (l->objs[mid].lo <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo > 0 && addr < l->objs[lo - 1].hi ? &l->objs[lo - 1] : NULL;
}

void
lines_resolve (struct lines *l, struct sym *sym)
{
	const struct dwarf_lines *lt;
	const struct dwarf_row *row;
	const struct lines_object *o;
	struct source_file *f;
	size_t u;

	if (sym->src_known)
		return;
	o = l->nobjs ? lines_object_at (l, sym->addr) : NULL;
	if (o) {
		struct sym at;

		sym_init (&at);
		at.addr = sym->addr - o->lo;
		lines_resolve (o->lines, &at);
		sym->src_known = 1;
		sym->file = at.file;
		sym->line = at.line;
		return;
	}
	sym->src_known = 1;
	if (!lines_dwarf (l))
		return;
	row = find_row (l, sym->addr, &u, &lt);
	/* GNU gprof takes nothing for line 0 (code of no line).  */
	if (!row || row->line == 0)
		return;
	f = lines_unit_file (l, u, lt, row->file);
	if (!f)
		return;
	sym->file = f;
	sym->line = (int) row->line;
	DBG (DBG_AOUT, "[lines] 0x%" PRIx64 " -> %s:%d\n", sym->addr, f->name,
	     sym->line);
}

struct source_file *
lines_file_by_basename (struct lines *l, const char *name)
{
	struct source_file *f, *found = NULL;

	/* GNU gprof searches newest first; the last match in creation
	   order is the same file.  */
	for (f = l->first; f; f = f->next) {
		const char *base = strrchr (f->name, '/');

		if (strcmp (name, base ? base + 1 : f->name) == 0)
			found = f;
	}
	return found;
}

struct source_file *
lines_first_file (struct lines *l)
{
	return l->first;
}

unsigned int
lines_nfiles (const struct lines *l)
{
	return l->nfiles;
}

const struct text_sym *
lines_text_syms (struct lines *l, size_t *n)
{
	if (!l->tsyms_read) {
		l->tsyms_read = true;
		l->tsyms = objfile_text_syms (l->of, &l->ntsyms);
	}
	*n = l->ntsyms;
	return l->tsyms;
}
