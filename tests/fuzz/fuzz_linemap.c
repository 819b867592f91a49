/* fuzz_linemap.c - fuzz target for -l's line symbols (linemap.c,
   linesyms.c) on fuzzed debugging information.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   linemap_build() wants a struct lines: the decoded DWARF, the bounds
   of .text, and the symbols libbfd falls back to for code no function
   entry covers; linesyms_add() wants the function symbols and a
   profile too.  All of it comes from the input, without libbfd
   (lines_open_decoded() makes the struct lines):

     bytes 0..7      .text's first address, 64-bit little-endian
     bytes 8..11     .text's size, 32-bit little-endian
     byte 12         flags: bit 0, every line symbol goes into the
                     table (linesyms_add's ALL; else those the profile
                     touches); bit 1, a global function symbol at the
                     start of each function entry that is not an
                     inlined instance, named as the entry; bit 2,
                     linesyms_add() builds the line symbols, as in
                     gprof -l (else linemap_build() does first, and
                     what it gives the function symbols is checked);
                     bit 3, a local symbol every W bytes of .text;
                     bits 4-6, log2 of W / 2, where W, the histogram's
                     bin width, grows until .text has at most 2^14
     bytes 13..16    the length of the symbol block (cut to what is
                     left), 32-bit little-endian
     then            the symbol block, records of
                       4 bytes  offset from .text's start
                       1 byte   bit 0 a function symbol, bit 1 a local
                                one, bit 2 no fallback name (libbfd
                                skips it: an object, say), bit 3 an
                                arc into it from the record before,
                                bit 4 a basic block at it, bit 5 a
                                sample in its bin of the histogram
                       1 byte   the length N of its name
                       N bytes  the name
                     (a record cut short ends the block)
     then            the container of debugging sections that
                     fuzz_dwarf.c reads (dwarf-container.h)

   tests/fuzz/mkseed-dwarf.sh OUTDIR linemap makes such inputs from
   real executables: their .text, their symbol table, their sections.

   What is checked, besides that nothing crashes, leaks or reads out of
   bounds:

   - the line symbols are those of the rule linemap.c implements, found
     here the slow way, address by address over .text (for a .text of
     up to ORACLE_CELLS bytes): the innermost function of the unit of
     the first sequence that holds the address, else the nearest
     fallback symbol at or below it; a symbol wherever the (function,
     file, line) changes, none for addresses of no line;
   - they ascend, lie in .text, and linemap_find() finds each at its
     address and the one before just below it;
   - the function symbols in rows get the row's file and line, the
     others nothing;
   - a second build, without function symbols and through
     linesyms_line_start(), gives the same symbols;
   - linesyms_add() merges the line symbols the profile touches into
     the table in address order, each ending before the next, leaves
     the others out in GNU gprof's order by name, and
     linesyms_renumber() shifts each index of the call graph by the
     left-out symbols that order puts before it;
   - linesyms_line_start() gives the start of the line symbol of an
     address, never below the floor.

   Built with clang -fsanitize=fuzzer by `make fuzz FUZZ_TARGET=linemap',
   and linked with replay_main.c for `make check'.  */

#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gprof/dwarf/dwarf.h"
#include "gprof/lines/private.h"
#include "gprof/lines/lines.h"
#include "gprof/lines/linesyms.h"
#include "gprof/symbols/symtab.h"
#include "tests/fuzz/dwarf-container.h"

int LLVMFuzzerTestOneInput (const unsigned char *data, size_t size);

#define PREFIX		17	/* bytes before the symbol block */
#define ORACLE_CELLS	(1u << 16)	/* the most addresses walked */
#define ORACLE_WORK	(1u << 22)	/* the most cells painted */
#define RENUMBER_WORK	(1u << 22)	/* the most pairs compared */

#define K_FUNC		0x01
#define K_LOCAL		0x02
#define K_NOFALLBACK	0x04
#define K_ARC		0x08
#define K_BB		0x10
#define K_SAMPLE	0x20

/* A symbol of the input.  */
struct rec {
	uint64_t addr;			/* its address */
	unsigned int kind;		/* K_* */
	const char *name;		/* NUL-terminated */
};

/* The input, read.  */
struct input {
	uint64_t text_lo;		/* first byte of .text */
	uint64_t text_hi;		/* one past the last (as the objfile
					   computes it: it may wrap) */
	unsigned int flags;		/* byte 12 */
	struct rec *recs;		/* the symbol block's records */
	size_t nrecs;
	char *names;			/* the memory of their names */
	struct dwarf_section secs[DWS_COUNT];	/* into the input */
	bool be;			/* a big-endian target */
};

static void
fail (const char *what, uint64_t addr)
{
	fprintf (stderr, "fuzz_linemap: %s (at 0x%llx)\n", what,
		 (unsigned long long) addr);
	abort ();
}

static uint64_t
get_u64 (const unsigned char *p)
{
	return (uint64_t) container_u32 (p)
		| (uint64_t) container_u32 (p + 4) << 32;
}

static bool
parse (const unsigned char *data, size_t size, struct input *in)
{
	const unsigned char *p, *end;
	size_t len, cap = 0;
	char *nm;

	memset (in, 0, sizeof *in);
	if (size < PREFIX)
		return false;
	in->text_lo = get_u64 (data);
	in->text_hi = in->text_lo + container_u32 (data + 8);
	in->flags = data[12];
	len = container_u32 (data + 13);
	if (len > size - PREFIX)
		len = size - PREFIX;
	p = data + PREFIX;
	end = p + len;
	/* A name and its NUL take fewer bytes than its record.  */
	nm = in->names = malloc (len + 1);
	while (end - p >= 6 && (size_t) (end - p) >= 6u + p[5]) {
		size_t n = p[5];
		const unsigned char *z = memchr (p + 6, 0, n);

		if (in->nrecs == cap) {
			cap = cap ? 2 * cap : 64;
			in->recs = realloc (in->recs, cap * sizeof *in->recs);
		}
		in->recs[in->nrecs].addr = in->text_lo + container_u32 (p);
		in->recs[in->nrecs].kind = p[4];
		in->recs[in->nrecs].name = nm;
		in->nrecs++;
		if (z)
			n = (size_t) (z - (p + 6));
		memcpy (nm, p + 6, n);
		nm[n] = '\0';
		nm += n + 1;
		p += 6 + p[5];
	}
	return container_sections (data + PREFIX + len, size - PREFIX - len,
				   in->secs, &in->be);
}

/* Every unit decoded in linemap_build()'s order (lines, then the
   functions of the units with lines), so that the answers the oracle
   gets are the ones linemap_build() finds, even when the decoder's
   budget runs out on the way.  */
static void
decode_all (struct dwarf *dw)
{
	size_t u, n = dwarf_units (dw);

	for (u = 0; u < n; u++)
		dwarf_unit_lines (dw, u);
	for (u = 0; u < n; u++)
		if (dwarf_unit_lines (dw, u))
			dwarf_unit_funcs (dw, u);
}

/* The histogram's bin width in bytes, and the spacing of flag bit 3's
   symbols: at most 2^14 of either over .text.  */
static uint64_t
bin_width (const struct input *in)
{
	uint64_t w = 2u << ((in->flags >> 4) & 7);

	while (in->text_hi > in->text_lo
	       && (in->text_hi - in->text_lo) / w >= 1u << 14)
		w *= 2;
	return w;
}

/* A symbol of the program: an input record, or a synthetic one.  */
struct cand {
	uint64_t addr;			/* its address */
	const char *name;		/* its name (not ours to free) */
	size_t order;			/* its place in the input */
	bool fallback;			/* libbfd may name code by it */
	bool func;			/* a function symbol */
	bool local;			/* a static one */
};

static int
cmp_cand (const void *a, const void *b)
{
	const struct cand *l = a, *r = b;

	if (l->addr != r->addr)
		return l->addr < r->addr ? -1 : 1;
	/* qsort is not stable: the input's order decides ties.  */
	return l->order < r->order ? -1 : l->order > r->order;
}

/* The input's symbols; with flag bit 1, one at the start of every
   function entry that is not an inlined instance; with flag bit 3, one
   every W bytes of .text.  Sorted by address.  */
static struct cand *
candidates (const struct input *in, struct dwarf *dw, size_t *nout)
{
	/* Names alike in different memory, as libbfd's names of two
	   symbols are.  */
	static const char pool[4][3] = { "t0", "t1", "t0", "t1" };
	size_t cap = in->nrecs + 1, n = 0, i, k, u;
	struct cand *v = malloc (cap * sizeof *v);

	for (i = 0; i < in->nrecs; i++) {
		v[n].addr = in->recs[i].addr;
		v[n].name = in->recs[i].name;
		v[n].order = n;
		v[n].fallback = !(in->recs[i].kind & K_NOFALLBACK);
		v[n].func = (in->recs[i].kind & K_FUNC) != 0;
		v[n].local = (in->recs[i].kind & K_LOCAL) != 0;
		n++;
	}
	for (u = 0; (in->flags & 2) && u < dwarf_units (dw); u++) {
		const struct dwarf_funcs *fs;

		if (!dwarf_unit_lines (dw, u))
			continue;
		fs = dwarf_unit_funcs (dw, u);
		for (k = 0; k < fs->n; k++) {
			const struct dwarf_func *f = &fs->v[k];

			if (f->inlined || !f->name || f->nranges == 0)
				continue;
			if (n == cap) {
				cap *= 2;
				v = realloc (v, cap * sizeof *v);
			}
			v[n].addr = fs->ranges[f->first].lo;
			v[n].name = f->name;
			v[n].order = n;
			v[n].fallback = v[n].func = true;
			v[n].local = false;
			n++;
		}
	}
	if ((in->flags & 8) && in->text_hi > in->text_lo) {
		uint64_t w = bin_width (in), a;

		for (a = in->text_lo; a < in->text_hi && a >= in->text_lo;
		     a += w) {
			if (n == cap) {
				cap *= 2;
				v = realloc (v, cap * sizeof *v);
			}
			v[n].addr = a;
			v[n].name = pool[(a / w) % 4];
			v[n].order = n;
			v[n].fallback = v[n].local = true;
			v[n].func = false;
			n++;
		}
	}
	qsort (v, n, sizeof *v, cmp_cand);
	*nout = n;
	return v;
}

/* The fallback names, as objfile_text_syms() gives them: sorted by
   address, the first at each address kept (malloc'ed, for
   lines_open_decoded()).  */
static struct text_sym *
fallback_names (const struct cand *c, size_t nc, size_t *nout)
{
	struct text_sym *v = malloc ((nc + 1) * sizeof *v);
	size_t i, n = 0;

	for (i = 0; i < nc; i++) {
		if (!c[i].fallback || (n > 0 && v[n - 1].addr == c[i].addr))
			continue;
		v[n].addr = c[i].addr;
		v[n].name = c[i].name;
		n++;
	}
	*nout = n;
	return v;
}

/* The function symbols, finalized as main.c finalizes them.  */
static void
function_syms (const struct cand *c, size_t nc, uint64_t text_end,
	       struct symtab *st)
{
	size_t i;

	memset (st, 0, sizeof *st);
	st->base = malloc ((nc + 1) * sizeof *st->base);
	for (i = 0; i < nc; i++) {
		struct sym *s;

		if (!c[i].func)
			continue;
		s = &st->base[st->len++];
		sym_init (s);
		s->addr = c[i].addr;
		s->name = c[i].name;
		s->is_func = 1;
		s->is_static = c[i].local;
	}
	st->text_end = text_end;
	symtab_finalize (st->base, &st->len, st->text_end);
}

/* ---- The oracle: GNU gprof's walk over .text, address by address. ---- */

/* A sequence of some unit.  */
struct oseq {
	uint64_t low, high;		/* the addresses it covers */
	size_t unit, seq;		/* which one */
};

/* A line symbol, expected or made.  */
struct esym {
	uint64_t addr;			/* where it starts */
	const char *name;		/* its function */
	char *path;			/* its file (malloc'ed) */
	uint32_t line;			/* its line */
};

/* What a function symbol should have got.  */
struct esrc {
	bool known;			/* in a row */
	char *path;			/* malloc'ed; NULL: no file */
	int line;			/* 0 without a file */
};

/* What the slow walk expects.  */
struct oracle {
	bool done;			/* the expectations were made (.text
					   and the work were small enough) */
	struct esym *v;			/* the line symbols, by address */
	size_t n;
	struct esrc *src;		/* per function symbol of the table */
};

/* [LO, HI) clipped to [A, B); false if that is empty.  */
static bool
clip (uint64_t *lo, uint64_t *hi, uint64_t a, uint64_t b)
{
	if (*lo < a)
		*lo = a;
	if (*hi > b)
		*hi = b;
	return *lo < *hi;
}

/* The last of TS at or below ADDR, or NTS.  */
static size_t
ts_last (const struct text_sym *ts, size_t nts, uint64_t addr)
{
	size_t lo = 0, hi = nts;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (ts[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo > 0 ? lo - 1 : nts;
}

static char *
dup_or_null (const char *s)
{
	return s ? strdup (s) : NULL;
}

/* The rank of a unit as libbfd asks them (gprof/lines/claims.c):
   units with ranges by their order, then those without.  */
static size_t
unit_rank (struct dwarf *dw, size_t u, bool *ranged)
{
	struct dwarf_range *r = NULL;
	size_t n = dwarf_unit_ranges (dw, u, &r);

	free (r);
	*ranged = n > 0;
	return n > 0 ? u : dwarf_units (dw) + u;
}

/* Paints [LO, LO + SPAN) with the unit that answers for each address,
   the slow way: the units from the last asked to the first, each over
   what it claims (its ranges, if it has any, where it has a row or a
   function); OWNER gets the index in SQ (the sequences, unit by unit)
   of the sequence there, or -1, ROW its row, or -1.  */
static void
oracle_claims (struct dwarf *dw, uint64_t lo, uint64_t span,
	       const struct oseq *sq, size_t ns, int32_t *owner, int32_t *row)
{
	size_t nu = dwarf_units (dw), r, u, i, k;
	uint8_t *has = malloc (span), *in = malloc (span);
	int32_t *cs = malloc (span * sizeof *cs), *cr = malloc (span * sizeof *cr);
	uint64_t x;

	for (r = 2 * nu; r-- > 0;) {
		const struct dwarf_lines *lt;
		const struct dwarf_funcs *fs;
		struct dwarf_range *rg = NULL;
		size_t nr;
		bool ranged;

		u = r < nu ? r : r - nu;
		lt = dwarf_unit_lines (dw, u);
		if (!lt || unit_rank (dw, u, &ranged) != r)
			continue;
		memset (has, 0, span);
		memset (in, !ranged, span);
		for (x = 0; x < span; x++)
			cs[x] = cr[x] = -1;
		nr = dwarf_unit_ranges (dw, u, &rg);
		for (i = 0; i < nr; i++) {
			uint64_t a = rg[i].lo, b = rg[i].hi;

			if (clip (&a, &b, lo, lo + span))
				memset (in + (a - lo), 1, b - a);
		}
		free (rg);
		for (i = 0; i < ns; i++) {
			const struct dwarf_seq *s;
			uint64_t a, b;

			if (sq[i].unit != u)
				continue;
			s = &lt->seqs[sq[i].seq];
			a = s->low;
			b = s->high;
			if (!clip (&a, &b, lo, lo + span))
				continue;
			for (x = a; x < b; x++) {
				has[x - lo] = 1;
				cs[x - lo] = (int32_t) i;
				cr[x - lo] = -1;
			}
			for (k = 0; k < s->nrows; k++) {
				uint64_t ra = lt->rows[s->first + k].addr;
				uint64_t rb = k + 1 < s->nrows
					? lt->rows[s->first + k + 1].addr : s->high;

				if (!clip (&ra, &rb, a, b))
					continue;
				for (x = ra; x < rb; x++)
					cr[x - lo] = (int32_t) k;
			}
		}
		fs = dwarf_unit_funcs (dw, u);
		for (i = 0; fs && i < fs->nranges; i++) {
			uint64_t a = fs->ranges[i].lo, b = fs->ranges[i].hi;

			if (clip (&a, &b, lo, lo + span))
				memset (has + (a - lo), 1, b - a);
		}
		for (x = 0; x < span; x++)
			if (has[x] && in[x]) {
				owner[x] = cs[x];
				row[x] = cs[x] < 0 ? -1 : cr[x];
			}
	}
	free (has);
	free (in);
	free (cs);
	free (cr);
}

/* The line symbols of all of .text, and the rows of the function
   symbols ST, the slow way: each address of .text gets the unit that
   answers for it, the sequence of that unit there and its row, and
   the innermost function of that unit; then GNU gprof's rule runs over
   them.  */
static void
oracle_make (struct oracle *o, const struct input *in, struct dwarf *dw,
	     const struct text_sym *ts, size_t nts, const struct symtab *st)
{
	uint64_t lo = in->text_lo, hi = in->text_hi, span, work = 0, x;
	size_t nu = dwarf_units (dw), u, i, k, ns = 0, cap = 0, t;
	struct oseq *sq = NULL;
	int32_t *owner, *row, *func;
	uint64_t *flen;
	const char *prev_name = NULL, *prev_path = NULL;
	uint32_t prev_line = 0;
	bool have_prev = false;

	memset (o, 0, sizeof *o);
	if (hi <= lo || hi - lo > ORACLE_CELLS)
		return;
	span = hi - lo;
	for (u = 0; u < nu; u++) {
		const struct dwarf_lines *lt = dwarf_unit_lines (dw, u);
		const struct dwarf_funcs *fs;

		if (!lt)
			continue;
		for (i = 0; i < lt->nseqs; i++) {
			uint64_t a = lt->seqs[i].low, b = lt->seqs[i].high;

			if (ns == cap) {
				cap = cap ? 2 * cap : 64;
				sq = realloc (sq, cap * sizeof *sq);
			}
			sq[ns].low = a;
			sq[ns].high = b;
			sq[ns].unit = u;
			sq[ns].seq = i;
			ns++;
			if (clip (&a, &b, lo, hi))
				work += b - a + lt->seqs[i].nrows;
		}
		fs = dwarf_unit_funcs (dw, u);
		for (i = 0; i < fs->nranges; i++) {
			uint64_t a = fs->ranges[i].lo, b = fs->ranges[i].hi;

			if (clip (&a, &b, lo, hi))
				work += b - a;
		}
	}
	if (work > ORACLE_WORK) {
		free (sq);
		return;
	}

	owner = malloc (span * sizeof *owner);
	row = malloc (span * sizeof *row);
	func = malloc (span * sizeof *func);
	flen = malloc (span * sizeof *flen);
	for (x = 0; x < span; x++)
		owner[x] = row[x] = func[x] = -1;
	oracle_claims (dw, lo, span, sq, ns, owner, row);
	/* The innermost function: the shortest range, a later entry
	   winning a tie, among the functions of the address's unit.  */
	for (u = 0; u < nu; u++) {
		const struct dwarf_funcs *fs;

		if (!dwarf_unit_lines (dw, u))
			continue;
		fs = dwarf_unit_funcs (dw, u);
		for (i = 0; i < fs->n; i++)
			for (k = 0; k < fs->v[i].nranges; k++) {
				const struct dwarf_range *r =
					&fs->ranges[fs->v[i].first + k];
				uint64_t a = r->lo, b = r->hi;

				if (r->hi <= r->lo || !clip (&a, &b, lo, hi))
					continue;
				for (x = a - lo; x < b - lo; x++) {
					if (owner[x] < 0
					    || sq[owner[x]].unit != u)
						continue;
					if (func[x] < 0
					    || r->hi - r->lo < flen[x]
					    || (r->hi - r->lo == flen[x]
						&& (int32_t) i > func[x])) {
						func[x] = (int32_t) i;
						flen[x] = r->hi - r->lo;
					}
				}
			}
	}

	/* GNU gprof's rule, address by address.  */
	cap = 0;
	t = 0;				/* fallback names at or below */
	for (x = 0; x < span; x++) {
		uint64_t addr = lo + x;
		const struct dwarf_lines *lt;
		const struct dwarf_row *rw;
		const char *name, *path;

		while (t < nts && ts[t].addr <= addr)
			t++;
		if (owner[x] < 0 || row[x] < 0)
			continue;
		lt = dwarf_unit_lines (dw, sq[owner[x]].unit);
		rw = &lt->rows[lt->seqs[sq[owner[x]].seq].first + row[x]];
		if (rw->line == 0)
			continue;
		path = dwarf_file_name (lt, rw->file);
		if (!path)
			continue;
		if (func[x] >= 0) {
			const struct dwarf_funcs *fs =
				dwarf_unit_funcs (dw, sq[owner[x]].unit);
			const struct dwarf_func *f = &fs->v[func[x]];

			name = f->name;
			/* libbfd's name for an entry without a final one:
			   the symbol at the entry's start, if any.  */
			if (!f->is_linkage) {
				size_t j = ts_last (ts, nts,
						    fs->ranges[f->first].lo);

				if (j < nts
				    && ts[j].addr == fs->ranges[f->first].lo)
					name = ts[j].name;
			}
		} else {
			name = t > 0 ? ts[t - 1].name : NULL;
		}
		if (!name)
			continue;
		if (have_prev && prev_line == rw->line
		    && strcmp (prev_path, path) == 0
		    && strcmp (prev_name, name) == 0)
			continue;
		have_prev = true;
		prev_name = name;
		prev_path = path;
		prev_line = rw->line;
		if (o->n == cap) {
			cap = cap ? 2 * cap : 256;
			o->v = realloc (o->v, cap * sizeof *o->v);
		}
		o->v[o->n].addr = addr;
		o->v[o->n].name = name;
		o->v[o->n].path = strdup (path);
		o->v[o->n].line = rw->line;
		o->n++;
	}

	/* The function symbols: the row at their address, if any.  */
	o->src = calloc (st->len + 1, sizeof *o->src);
	for (i = 0; i < st->len; i++) {
		uint64_t a = st->base[i].addr;
		const struct dwarf_lines *lt;
		const struct dwarf_row *rw;

		if (a < lo || a >= hi || owner[a - lo] < 0 || row[a - lo] < 0)
			continue;
		lt = dwarf_unit_lines (dw, sq[owner[a - lo]].unit);
		rw = &lt->rows[lt->seqs[sq[owner[a - lo]].seq].first
			       + row[a - lo]];
		o->src[i].known = true;
		if (rw->line != 0) {
			o->src[i].path = dup_or_null (dwarf_file_name (lt,
								      rw->file));
			if (o->src[i].path)
				o->src[i].line = (int) rw->line;
		}
	}
	o->done = true;
	free (owner);
	free (row);
	free (func);
	free (flen);
	free (sq);
}

static void
oracle_free (struct oracle *o, size_t nsrc)
{
	size_t i;

	for (i = 0; i < o->n; i++)
		free (o->v[i].path);
	free (o->v);
	for (i = 0; o->src && i < nsrc; i++)
		free (o->src[i].path);
	free (o->src);
}

/* ---- The checks. ---- */

/* The last line symbol at or below ADDR, or MAP->n, found without
   the index linemap_find() uses.  */
static size_t
slow_find (const struct linemap *map, uint64_t addr)
{
	size_t lo = 0, hi = map->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (map->v[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo > 0 ? lo - 1 : map->n;
}

static const char *
file_name (const struct lines *l, uint32_t id)
{
	if (id >= l->nfiles)
		fail ("a line symbol's file is no file", id);
	return l->by_id[id]->name;
}

/* The map of L against the oracle, and its own invariants.  */
static void
check_map (const struct lines *l, const struct input *in,
	   const struct oracle *o)
{
	const struct linemap *map = l->map;
	size_t i;

	if (!map)
		fail ("no map", 0);
	for (i = 0; i < map->n; i++) {
		const struct linesym *s = &map->v[i];

		if (i > 0 && s->addr <= map->v[i - 1].addr)
			fail ("line symbols out of order", s->addr);
		if (s->addr < in->text_lo || s->addr >= in->text_hi)
			fail ("a line symbol outside .text", s->addr);
		if (!s->name || s->line == 0)
			fail ("a line symbol without name or line", s->addr);
		file_name (l, s->file);
		if (linemap_find (map, s->addr) != i)
			fail ("linemap_find misses a symbol's address",
			      s->addr);
		if (i > 0 && linemap_find (map, s->addr - 1) != i - 1)
			fail ("linemap_find misses the address before a "
			      "symbol", s->addr - 1);
	}
	if (map->n > 0) {
		if (map->v[0].addr > 0
		    && linemap_find (map, map->v[0].addr - 1) != map->n)
			fail ("linemap_find finds something below the first "
			      "symbol", map->v[0].addr - 1);
		if (linemap_find (map, UINT64_MAX) != map->n - 1)
			fail ("linemap_find misses the top of the address "
			      "space", UINT64_MAX);
	} else if (linemap_find (map, in->text_lo) != 0) {
		fail ("linemap_find finds something in an empty map",
		      in->text_lo);
	}
	if (!o->done)
		return;
	for (i = 0; i < map->n && i < o->n; i++) {
		const struct linesym *s = &map->v[i];
		const struct esym *e = &o->v[i];

		if (s->addr != e->addr)
			fail ("a line symbol where the oracle has none, or "
			      "none where it has one",
			      s->addr < e->addr ? s->addr : e->addr);
		if (strcmp (s->name, e->name) != 0)
			fail ("a line symbol's function differs", s->addr);
		if (strcmp (file_name (l, s->file), e->path) != 0)
			fail ("a line symbol's file differs", s->addr);
		if (s->line != e->line)
			fail ("a line symbol's line differs", s->addr);
	}
	if (map->n != o->n)
		fail ("more or fewer line symbols than the oracle's",
		      map->n > o->n ? map->v[o->n].addr : o->v[map->n].addr);
}

/* The file and line the walk gave the function symbols.  */
static void
check_src (const struct symtab *st, const struct oracle *o)
{
	size_t i;

	if (!o->done)
		return;
	for (i = 0; i < st->len; i++) {
		const struct sym *s = &st->base[i];
		const struct esrc *e = &o->src[i];

		if (s->src_known != e->known)
			fail ("a function symbol's row was missed, or one "
			      "was made up", s->addr);
		if (!e->path ? s->file != NULL
		    : !s->file || strcmp (s->file->name, e->path) != 0
		    || s->line != e->line)
			fail ("a function symbol's file or line differs",
			      s->addr);
	}
}

/* Two builds of the same input.  */
static void
check_same (const struct lines *a, const struct lines *b)
{
	size_t i;

	if (a->map->n != b->map->n)
		fail ("a second build makes more or fewer symbols",
		      a->map->n);
	for (i = 0; i < a->map->n; i++) {
		const struct linesym *x = &a->map->v[i], *y = &b->map->v[i];

		if (x->addr != y->addr || strcmp (x->name, y->name) != 0
		    || x->line != y->line
		    || strcmp (file_name (a, x->file),
			       file_name (b, y->file)) != 0)
			fail ("a second build makes another symbol", x->addr);
	}
}

/* The start of the line symbol of PC, FLOOR given, the slow way.  */
static uint64_t
slow_line_start (const struct linemap *map, uint64_t pc, uint64_t floor)
{
	size_t k = slow_find (map, pc);

	return k == map->n || map->v[k].addr < floor ? floor
		: map->v[k].addr;
}

static void
check_line_start (struct lines *l, const struct input *in,
		  const uint64_t *fa, size_t nf)
{
	size_t i, n = in->nrecs < 64 ? in->nrecs : 64;

	for (i = 0; i < n + 1; i++) {
		uint64_t pc = i < n ? in->recs[i].addr + 1 : in->text_lo;
		uint64_t floor = pc, got;
		size_t lo = 0, hi = nf;

		/* The function symbol PC is in is the floor.  */
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;

			if (fa[mid] <= pc)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo > 0)
			floor = fa[lo - 1];
		got = linesyms_line_start (l, pc, floor);
		if (l->map && got != slow_line_start (l->map, pc, floor))
			fail ("linesyms_line_start is wrong", pc);
	}
}

/* The profile the records make.  */
static void
make_profile (const struct input *in, struct profile *p)
{
	size_t i;
	uint64_t w, span, *counts;

	memset (p, 0, sizeof *p);
	p->arcs = calloc (in->nrecs + 1, sizeof *p->arcs);
	p->bbs = calloc (in->nrecs + 1, sizeof *p->bbs);
	for (i = 0; i < in->nrecs; i++) {
		const struct rec *r = &in->recs[i];

		if (r->kind & K_ARC) {
			p->arcs[p->narcs].from_pc = i > 0 ? in->recs[i - 1].addr
				: in->text_lo;
			p->arcs[p->narcs].self_pc = r->addr;
			p->arcs[p->narcs].count = 1;
			p->narcs++;
		}
		if (r->kind & K_BB) {
			p->bbs[p->nbbs].addr = r->addr;
			p->bbs[p->nbbs].count = 1;
			p->nbbs++;
		}
	}
	if (in->text_hi <= in->text_lo)
		return;
	/* One histogram over .text, of at most 2^14 bins.  */
	span = in->text_hi - in->text_lo;
	w = bin_width (in);
	p->hist = calloc (1, sizeof *p->hist);
	p->nhist = 1;
	p->hist_scale = (double) (w / 2);
	p->hist->h.low_pc = in->text_lo;
	p->hist->h.nbins = (uint32_t) ((span + w - 1) / w);
	p->hist->h.high_pc = in->text_lo + (uint64_t) p->hist->h.nbins * w;
	counts = calloc (p->hist->h.nbins + 1, sizeof *counts);
	if (!counts)
		abort ();
	for (i = 0; i < in->nrecs; i++) {
		const struct rec *r = &in->recs[i];

		if ((r->kind & K_SAMPLE) && r->addr >= in->text_lo
		    && r->addr < in->text_hi)
			counts[(r->addr - in->text_lo) / w]++;
	}
	gmon_bins_init (&p->hist->bins, p->hist->h.nbins);
	if (gmon_bins_add_array (&p->hist->bins, counts) < 0)
		abort ();
	free (counts);
}

static void
free_profile (struct profile *p)
{
	if (p->hist)
		gmon_bins_free (&p->hist->bins);
	free (p->hist);
	free (p->arcs);
	free (p->bbs);
}

/* Whether the line symbol K of MAP holds some of [LO, HI).  */
static bool
holds_some (const struct linemap *map, size_t k, uint64_t lo, uint64_t hi)
{
	return map->v[k].addr < hi
		&& (k + 1 == map->n || map->v[k + 1].addr > lo);
}

static void
check_touched (const struct linemap *map, const struct profile *p,
	       bool all)
{
	size_t i, k;

	for (k = 0; all && k < map->n; k++)
		if (!map->v[k].touched)
			fail ("a line symbol left untouched with all", 0);
	if (all)
		return;
	for (i = 0; i < p->narcs + p->narcs + p->nbbs; i++) {
		uint64_t a = i < p->narcs ? p->arcs[i].from_pc
			: i < 2 * p->narcs ? p->arcs[i - p->narcs].self_pc
			: p->bbs[i - 2 * p->narcs].addr;

		k = slow_find (map, a);
		if (k < map->n && !map->v[k].shadowed && !map->v[k].touched)
			fail ("the line symbol of an arc end or a block "
			      "is left out", a);
	}
	for (i = 0; i < p->nhist; i++) {
		const struct gmon_hist *h = &p->hist[i];
		uint64_t base = h->h.low_pc / 2 * 2;
		uint64_t w = (uint64_t) (2 * p->hist_scale);
		uint32_t b;

		for (b = 0; b < h->h.nbins; b++) {
			uint64_t lo = base + w * b, hi = lo + w;

			if (!gmon_bins_get (&h->bins, b))
				continue;
			k = slow_find (map, lo);
			for (k = k < map->n ? k : 0; k < map->n
			     && map->v[k].addr < hi; k++)
				if (holds_some (map, k, lo, hi)
				    && !map->v[k].shadowed
				    && !map->v[k].touched)
					fail ("a line symbol with samples is "
					      "left out", map->v[k].addr);
		}
	}
}

static int
name_key (const char *a, const char *b)
{
	if ((a[0] == '_') != (b[0] == '_'))
		return a[0] == '_' ? 1 : -1;
	return strcmp (a, b);
}

/* Each symbol of the table ends where the next of the function symbols
   (NF, at FA) and the line symbols not shadowed by one begins, kept or
   not; the last, if a line, with .text, if a function, where it ended
   before (FEND).  */
static void
check_ends (const struct linemap *map, const struct symtab *st,
	    const uint64_t *fa, const uint64_t *fend, size_t nf)
{
	size_t i, f = 0, k = 0;

	for (i = 0; i < st->len; i++) {
		const struct sym *s = &st->base[i];
		uint64_t want;

		while (f < nf && fa[f] <= s->addr)
			f++;
		while (k < map->n && (map->v[k].addr <= s->addr
				      || map->v[k].shadowed))
			k++;
		if (f < nf || k < map->n)
			want = (k == map->n || (f < nf && fa[f] < map->v[k].addr)
				? fa[f] : map->v[k].addr) - 1;
		else if (!s->is_func)
			want = st->text_end - 1;
		else
			want = fend[nf - 1];
		if (s->end_addr != want)
			fail ("a symbol of the table ends in the wrong place",
			      s->addr);
	}
}

/* The table after linesyms_add(): NF function symbols, the line
   symbols the profile touches, in address order.  */
static void
check_table (const struct lines *l, const struct symtab *st, size_t nf)
{
	const struct linemap *map = l->map;
	size_t i, k = 0, nlines = 0, nshadowed = 0, nfuncs = 0;

	for (i = 0; i < st->len; i++) {
		const struct sym *s = &st->base[i];

		if (i > 0 && s->addr <= st->base[i - 1].addr)
			fail ("the table is out of order", s->addr);
		if (i + 1 < st->len && (s->end_addr < s->addr
					|| s->end_addr >= s[1].addr))
			fail ("a symbol ends outside its place", s->addr);
		if (s->is_func) {
			nfuncs++;
			continue;
		}
		/* A line symbol: the next touched one of the map.  */
		while (k < map->n && (map->v[k].shadowed
				      || !map->v[k].touched))
			k++;
		if (k == map->n || map->v[k].addr != s->addr
		    || s->name != map->v[k].name || s->line != (int) map->v[k].line
		    || s->file != l->by_id[map->v[k].file])
			fail ("a line symbol of the table is not the map's",
			      s->addr);
		k++;
		nlines++;
	}
	if (nfuncs != nf)
		fail ("function symbols lost or made up", nfuncs);
	for (i = 0; i < map->n; i++) {
		const struct linesym *s = &map->v[i];

		nshadowed += s->shadowed;
		if (s->touched && !s->shadowed && i >= k)
			fail ("a touched line symbol is not in the table",
			      s->addr);
	}
	if (nlines + nshadowed + map->nuntouched != map->n)
		fail ("line symbols lost or counted twice", map->n);

	/* The left-out ones, by name in GNU gprof's order, then address.  */
	if (map->nranks > 0 && map->rank_start[map->nranks] != map->nuntouched)
		fail ("the ranks do not count the left-out symbols",
		      map->nuntouched);
	for (i = 0; i < map->nranks; i++) {
		size_t j;

		if (i > 0 && name_key (map->rank_name[i - 1],
				       map->rank_name[i]) >= 0)
			fail ("the left-out names are out of order", i);
		if (map->rank_start[i] >= map->rank_start[i + 1])
			fail ("a name with no left-out symbol", i);
		for (j = map->rank_start[i]; j < map->rank_start[i + 1]; j++) {
			const struct linesym *s = &map->v[map->untouched[j]];

			if (map->untouched[j] >= map->n || s->touched
			    || s->shadowed)
				fail ("a left-out symbol is in the table",
				      s->addr);
			if (strcmp (s->name, map->rank_name[i]) != 0)
				fail ("a left-out symbol under another name",
				      s->addr);
			if (j > map->rank_start[i]
			    && s->addr <= map->v[map->untouched[j - 1]].addr)
				fail ("left-out symbols of a name out of order",
				      s->addr);
		}
	}
	if (map->nranks == 0 && map->nuntouched != 0)
		fail ("left-out symbols without names", map->nuntouched);
}

/* GNU gprof's order of the call graph's entries without time.  */
static int
cmp_entry (const void *a, const void *b)
{
	const struct sym *l = *(const struct sym *const *) a;
	const struct sym *r = *(const struct sym *const *) b;
	bool lt = l->prop_self != 0.0, rt = r->prop_self != 0.0;
	int c;

	if (lt != rt)
		return lt ? -1 : 1;
	if (lt)
		return l->addr < r->addr ? -1 : l->addr > r->addr;
	if ((l->name[0] == '_') != (r->name[0] == '_'))
		return l->name[0] == '_' ? 1 : -1;
	if (l->ncalls != r->ncalls)
		return l->ncalls > r->ncalls ? -1 : 1;
	c = strcmp (l->name, r->name);
	if (c != 0)
		return c;
	return l->addr < r->addr ? -1 : l->addr > r->addr;
}

/* How many left-out symbols GNU gprof's order puts before E, counted.  */
static size_t
slow_before (const struct linemap *map, const struct sym *e)
{
	size_t i, n = 0;

	for (i = 0; i < map->n; i++) {
		const struct linesym *s = &map->v[i];
		int c;

		if (s->touched || s->shadowed)
			continue;
		if (e->ncalls > 0) {
			n += e->name[0] == '_' && s->name[0] != '_';
			continue;
		}
		c = name_key (s->name, e->name);
		n += c < 0 || (c == 0 && s->addr < e->addr);
	}
	return n;
}

static void
check_renumber (struct lines *l, struct symtab *st)
{
	struct callgraph cg;
	int *old;
	size_t i, step;

	memset (&cg, 0, sizeof cg);
	cg.nentries = st->len;
	cg.by_index = malloc ((st->len + 1) * sizeof *cg.by_index);
	old = malloc ((st->len + 1) * sizeof *old);
	for (i = 0; i < st->len; i++) {
		struct sym *s = &st->base[i];

		/* Some time, some calls: from the address, which the
		   input chooses.  */
		s->prop_self = (s->addr >> 3) % 5 == 0 ? 1.0 : 0.0;
		s->prop_child = 0.0;
		s->ncalls = (s->addr >> 1) % 3 == 0;
		cg.by_index[i] = s;
	}
	qsort (cg.by_index, cg.nentries, sizeof *cg.by_index, cmp_entry);
	for (i = 0; i < cg.nentries; i++)
		old[i] = cg.by_index[i]->index = (int) i + 1;
	linesyms_renumber (l, &cg);
	step = l->map->n * cg.nentries / RENUMBER_WORK + 1;
	for (i = 0; i < cg.nentries; i += step) {
		const struct sym *e = cg.by_index[i];
		size_t want = e->prop_self != 0.0 ? 0 : slow_before (l->map, e);

		if ((size_t) (e->index - old[i]) != want)
			fail ("an index of the call graph is shifted wrong",
			      e->addr);
	}
	free (old);
	free (cg.by_index);
}

int
LLVMFuzzerTestOneInput (const unsigned char *data, size_t size)
{
	struct input in;
	struct dwarf *dwa, *dwb;
	struct text_sym *ts, *ts2;
	struct cand *cand;
	size_t nts, ncand, nf, nsrc, i;
	struct lines *la, *lb;
	struct symtab st;
	struct oracle o;
	struct profile prof;
	uint64_t *fa, *fend;
	bool all, built_by_add;

	if (!parse (data, size, &in))
		goto out;
	all = (in.flags & 1) != 0;
	built_by_add = (in.flags & 4) != 0;
	dwa = dwarf_open (in.secs, in.be);
	decode_all (dwa);
	cand = candidates (&in, dwa, &ncand);
	ts = fallback_names (cand, ncand, &nts);
	ts2 = malloc ((nts + 1) * sizeof *ts2);
	memcpy (ts2, ts, nts * sizeof *ts);
	function_syms (cand, ncand, in.text_hi, &st);
	free (cand);
	fa = malloc ((st.len + 1) * sizeof *fa);
	fend = malloc ((st.len + 1) * sizeof *fend);
	for (i = 0; i < st.len; i++) {
		fa[i] = st.base[i].addr;
		fend[i] = st.base[i].end_addr;
	}
	nf = st.len;
	if (nf > 0 && st.base[nf - 1].end_addr < st.base[nf - 1].addr)
		nf--;
	nsrc = st.len;
	make_profile (&in, &prof);
	la = lines_open_decoded (dwa, in.text_lo, in.text_hi, ts, nts);

	if (dwa) {
		oracle_make (&o, &in, dwa, ts, nts, &st);
		if (!built_by_add) {
			linemap_build (la, &st);
			check_map (la, &in, &o);
			check_src (&st, &o);
		}
	}

	linesyms_add (la, &st, &prof, all);
	if (dwa) {
		/* Only the flags of the map change.  */
		check_map (la, &in, &o);
		oracle_free (&o, nsrc);

		/* Again, from scratch, without function symbols, the way
		   gmon.sum and the exports build it.  */
		dwb = dwarf_open (in.secs, in.be);
		lb = lines_open_decoded (dwb, in.text_lo, in.text_hi, ts2,
					 nts);
		ts2 = NULL;
		check_line_start (lb, &in, fa, nsrc);
		if (!dwarf_exhausted (dwa) && !dwarf_exhausted (dwb))
			check_same (la, lb);
		lines_close (lb);

		check_touched (la->map, &prof, all);
		check_table (la, &st, nf);
		check_ends (la->map, &st, fa, fend, nf);
		check_renumber (la, &st);
		check_line_start (la, &in, fa, nf);
	} else {
		if (st.len != nf)
			fail ("the symbol past .text is kept", 0);
		if (linesyms_line_start (la, in.text_hi, in.text_lo)
		    != in.text_lo)
			fail ("a line start without debugging information",
			      in.text_hi);
	}
	lines_close (la);
	free (ts2);
	free (fa);
	free (fend);
	free (st.base);
	free_profile (&prof);
out:
	free (in.recs);
	free (in.names);
	return 0;
}
