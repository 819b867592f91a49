/* line.c - DWARF line programs, run into rows.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   The state machine of the standard (versions 2 to 5), with libbfd's
   bookkeeping, which decides what GNU gprof prints: of several rows at
   one address the last wins, and the sequences of a unit are sorted
   and made disjoint.  The one place it departs from libbfd is the file
   a program starts in: file 1, as the standard says for every
   version.  libbfd 2.40 starts a DWARF 5 program in file 0, the
   primary source, and so names it for the code of an #include'd file
   that gcc lets run on in the default file.  */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gprof/dwarf/private.h"

/* ------------------------------------------------------------------ */
/* Line programs */

struct line_hdr {
	uint16_t version;
	uint8_t min_inst;
	uint8_t max_ops;
	bool default_stmt;
	int8_t line_base;
	uint8_t line_range;
	uint8_t opcode_base;
	const unsigned char *opcode_lengths;	/* [opcode_base - 1] */
	/* What each special opcode adds, worked out once: a row costs no
	   division then.  */
	uint32_t op_addr[256];		/* operation advance */
	int32_t op_line[256];		/* line advance */
};

struct file_ent {
	const char *name;
	uint64_t dir;
};

struct file_vec {
	struct file_ent *v;
	size_t n, cap;
};

static void
file_push (struct file_vec *fv, const char *name, uint64_t dir)
{
	if (fv->n == fv->cap) {
		fv->cap = fv->cap ? fv->cap * 2 : 16;
		fv->v = xrealloc (fv->v, fv->cap * sizeof *fv->v);
	}
	fv->v[fv->n].name = name;
	fv->v[fv->n].dir = dir;
	fv->n++;
}

/* DWARF 5 directory and file tables: a list of (content, form) pairs,
   then the entries.  Only the path and the directory index matter.  */
static bool
read_entry_table (struct dwarf *d, const struct unit *u, struct rd *r,
		  struct file_vec *out)
{
	unsigned int nformats = (unsigned int) rd_uint (r, 1), k;
	const unsigned char *formats = r->p;
	uint64_t count, i;

	for (k = 0; k < nformats; k++) {
		rd_uleb (r);
		rd_uleb (r);
	}
	count = rd_uleb (r);
	if (r->err || (nformats == 0 && count != 0)
	    || count > (uint64_t) (r->end - r->p))
		return false;
	for (i = 0; i < count; i++) {
		struct rd fr;
		const char *name = NULL;
		uint64_t dir = 0;

		rd_init (&fr, formats, (size_t) (r->end - formats), d->be);
		for (k = 0; k < nformats; k++) {
			uint64_t content = rd_uleb (&fr);
			unsigned int form = (unsigned int) rd_uleb (&fr);
			struct value v;

			if (!dwarf_read_value (d, u, r, form, 0, true, &v))
				return false;
			if (content == LNCT_path && v.is_str)
				name = v.str;
			else if (content == LNCT_directory_index && v.is_int)
				dir = v.u;
		}
		file_push (out, name, dir);
	}
	return !r->err;
}

/* libbfd's path of a file entry: NAME if it is absolute; else the
   compilation directory (unless the entry's directory is absolute),
   the entry's directory, then NAME.  */
static char *
file_path (const struct unit *u, const struct file_vec *dirs,
	   const struct file_ent *f, bool dir0)
{
	const char *dir_name = NULL, *sub = NULL;
	uint64_t di = f->dir;

	if (!f->name)
		return NULL;
	if (f->name[0] == '/')
		return xstrdup (f->name);
	if (!dir0)
		di--;			/* 0 (the compilation dir) wraps */
	if (di < dirs->n)
		sub = dirs->v[di].name;
	if (!sub || sub[0] != '/')
		dir_name = u->comp_dir;
	if (!dir_name) {
		dir_name = sub;
		sub = NULL;
	}
	if (!dir_name)
		return xstrdup (f->name);
	if (sub)
		return concat (dir_name, "/", sub, "/", f->name, (char *) NULL);
	return concat (dir_name, "/", f->name, (char *) NULL);
}

struct row_vec {
	struct dwarf_row *v;
	size_t n, cap;
	struct dwarf_seq *seqs;
	size_t nseqs, seqcap;
	size_t seq_first;		/* first row of the open sequence */
	bool open;			/* a sequence is open */
	uint64_t seq_low;
};

static inline void
row_add (struct row_vec *rv, uint64_t addr, uint32_t file, uint32_t line)
{
	struct dwarf_row *last;

	if (rv->open && rv->n > rv->seq_first) {
		last = &rv->v[rv->n - 1];
		if (last->addr == addr) {
			/* The last row given for an address wins.  */
			last->file = file;
			last->line = line;
			return;
		}
	}
	if (!rv->open) {
		rv->open = true;
		rv->seq_first = rv->n;
		rv->seq_low = addr;
	}
	if (rv->n == rv->cap) {
		rv->cap = rv->cap ? rv->cap * 2 : 1024;
		rv->v = xrealloc (rv->v, rv->cap * sizeof *rv->v);
	}
	rv->v[rv->n].addr = addr;
	rv->v[rv->n].file = file;
	rv->v[rv->n].line = line;
	rv->n++;
	if (addr < rv->seq_low)
		rv->seq_low = addr;
}

static int
cmp_row (const void *a, const void *b)
{
	const struct dwarf_row *l = a, *r = b;

	if (l->addr != r->addr)
		return l->addr < r->addr ? -1 : 1;
	return l < r ? -1 : l > r;
}

/* Closes the open sequence at END (its end_sequence row).  */
static void
row_end (struct row_vec *rv, uint64_t end)
{
	struct dwarf_seq *s;
	size_t i, n;
	bool sorted = true;

	if (!rv->open)
		return;
	rv->open = false;
	n = rv->n - rv->seq_first;
	for (i = rv->seq_first + 1; i < rv->n; i++)
		if (rv->v[i].addr < rv->v[i - 1].addr)
			sorted = false;
	if (!sorted) {
		/* Out of order (a compiler that breaks the rules): into
		   address order, stably, the last row of an address
		   kept.  qsort is stable enough with the index tie.  */
		size_t k, out = rv->seq_first;

		qsort (rv->v + rv->seq_first, n, sizeof *rv->v, cmp_row);
		for (k = rv->seq_first; k < rv->n; k++) {
			if (out > rv->seq_first
			    && rv->v[out - 1].addr == rv->v[k].addr)
				rv->v[out - 1] = rv->v[k];
			else
				rv->v[out++] = rv->v[k];
		}
		rv->n = out;
		n = out - rv->seq_first;
	}
	/* Rows at the end address belong to no range.  */
	while (n > 0 && rv->v[rv->seq_first + n - 1].addr >= end) {
		n--;
		rv->n--;
	}
	if (n == 0 || end <= rv->seq_low)
		return;
	if (rv->nseqs == rv->seqcap) {
		rv->seqcap = rv->seqcap ? rv->seqcap * 2 : 16;
		rv->seqs = xrealloc (rv->seqs, rv->seqcap * sizeof *rv->seqs);
	}
	s = &rv->seqs[rv->nseqs++];
	s->low = rv->seq_low;
	s->high = end;
	s->first = rv->seq_first;
	s->nrows = n;
}

static int
cmp_seq (const void *a, const void *b)
{
	const struct dwarf_seq *l = a, *r = b;

	if (l->low != r->low)
		return l->low < r->low ? -1 : 1;
	if (l->high != r->high)
		return l->high > r->high ? -1 : 1;
	return l->first < r->first ? -1 : l->first > r->first;
}

/* libbfd's order and overlap rules: sorted by start (the longest
   first at one start), a sequence within an earlier one dropped, one
   that overlaps an earlier one starting where that one ends.  */
static void
seqs_finish (struct dwarf_seq *v, size_t *n)
{
	size_t i, kept = 0;
	uint64_t last_high = 0;

	if (*n == 0)
		return;
	qsort (v, *n, sizeof *v, cmp_seq);
	for (i = 0; i < *n; i++) {
		if (kept > 0 && v[i].low < last_high) {
			if (v[i].high <= last_high)
				continue;
			v[i].low = last_high;
		}
		last_high = v[i].high;
		v[kept++] = v[i];
	}
	*n = kept;
}

static bool
read_line_header (struct dwarf *d, struct unit *u, struct rd *r,
		  struct line_hdr *h, struct file_vec *dirs,
		  struct file_vec *files, const unsigned char **prog)
{
	uint64_t hdr_len;
	unsigned int offset_size = 4;
	uint64_t len = rd_uint (r, 4);

	if (len == 0xffffffff) {
		len = rd_uint (r, 8);
		offset_size = 8;
	}
	if (r->err || len > (uint64_t) (r->end - r->p))
		return false;
	r->end = r->p + len;
	h->version = (uint16_t) rd_uint (r, 2);
	if (h->version < 2 || h->version > 5)
		return false;
	if (h->version >= 5) {
		rd_uint (r, 1);			/* address size */
		if (rd_uint (r, 1) != 0)	/* segment selectors */
			return false;
	}
	hdr_len = rd_uint (r, offset_size);
	if (r->err || hdr_len > (uint64_t) (r->end - r->p))
		return false;
	*prog = r->p + hdr_len;
	h->min_inst = (uint8_t) rd_uint (r, 1);
	h->max_ops = h->version >= 4 ? (uint8_t) rd_uint (r, 1) : 1;
	if (h->max_ops == 0)
		return false;
	h->default_stmt = rd_uint (r, 1) != 0;
	h->line_base = (int8_t) rd_uint (r, 1);
	h->line_range = (uint8_t) rd_uint (r, 1);
	h->opcode_base = (uint8_t) rd_uint (r, 1);
	if (h->opcode_base == 0)
		return false;
	h->opcode_lengths = r->p;
	rd_skip (r, h->opcode_base - 1u);
	if (r->err)
		return false;
	if (h->line_range) {
		unsigned int op;

		for (op = h->opcode_base; op < 256; op++) {
			unsigned int adj = op - h->opcode_base;

			h->op_addr[op] = adj / h->line_range;
			h->op_line[op] = h->line_base
				+ (int) (adj % h->line_range);
		}
	}
	if (h->version >= 5)
		return read_entry_table (d, u, r, dirs)
			&& read_entry_table (d, u, r, files);
	for (;;) {
		const char *s = rd_str (r);

		if (!s || !*s)
			break;
		file_push (dirs, s, 0);
	}
	for (;;) {
		const char *s = rd_str (r);
		uint64_t dir;

		if (!s || !*s)
			break;
		dir = rd_uleb (r);
		rd_uleb (r);
		rd_uleb (r);
		file_push (files, s, dir);
	}
	return !r->err;
}

/* The files of the table: file numbers count from 1 before DWARF 5
   (0 is "no file") and from 0 in it.  */
static void
lines_files (const struct unit *u, struct dwarf_lines *l,
	     const struct file_vec *dirs, const struct file_vec *files,
	     bool v5)
{
	size_t i, shift = v5 ? 0 : 1;

	for (i = 0; i < l->nfiles; i++)
		free (l->files[i]);
	free (l->files);
	l->nfiles = (uint32_t) (files->n + shift);
	l->files = XCNEWVEC (char *, l->nfiles ? l->nfiles : 1);
	for (i = 0; i < files->n; i++)
		l->files[i + shift] = file_path (u, dirs, &files->v[i], v5);
}

/* The state machine's registers, as a sequence runs.  */
struct lstate {
	uint64_t addr;			/* address */
	unsigned int op_index;		/* VLIW: operation in the bundle */
	uint32_t file, line;		/* file number, line */
	bool end;			/* the sequence ended */
};

/* Advances the address by ADV operations (DWARF's "operation
   advance"; with one operation per instruction, ADV instructions).  */
static void
advance (struct lstate *st, const struct line_hdr *h, uint64_t adv)
{
	if (h->max_ops == 1) {
		st->addr += h->min_inst * adv;
		return;
	}
	st->addr += h->min_inst * ((st->op_index + adv) / h->max_ops);
	st->op_index = (unsigned int) ((st->op_index + adv) % h->max_ops);
}

/* An extended opcode (after its 0): false if the program is damaged.  */
static bool
extended_op (const struct unit *u, struct rd *r, struct lstate *st,
	     struct row_vec *rv, struct file_vec *files)
{
	uint64_t len = rd_uleb (r);
	const unsigned char *next;
	unsigned int ext;

	if (r->err || len == 0 || len > (uint64_t) (r->end - r->p))
		return false;
	next = r->p + len;
	ext = (unsigned int) rd_uint (r, 1);
	switch (ext) {
	case LNE_end_sequence:
		st->end = true;
		row_end (rv, st->addr);
		break;
	case LNE_set_address:
		st->addr = rd_uint (r, len - 1 <= 8 ? (unsigned int) len - 1
				    : u->addr_size);
		st->op_index = 0;
		break;
	case LNE_define_file: {
		const char *s = rd_str (r);
		uint64_t dir = rd_uleb (r);

		file_push (files, s, dir);
		break;
	}
	default:
		break;	/* discriminator and others */
	}
	r->p = next;
	return true;
}

/* A standard opcode OP (below the header's opcode_base): false if the
   program is damaged.  */
static bool
standard_op (unsigned int op, const struct line_hdr *h, struct rd *r,
	     struct lstate *st, struct row_vec *rv)
{
	unsigned int k;

	switch (op) {
	case LNS_copy:
		row_add (rv, st->addr, st->file, st->line);
		break;
	case LNS_advance_pc:
		advance (st, h, rd_uleb (r));
		break;
	case LNS_advance_line:
		st->line += (uint32_t) rd_sleb (r);
		break;
	case LNS_set_file:
		st->file = (uint32_t) rd_uleb (r);
		break;
	case LNS_const_add_pc:
		if (h->line_range == 0)
			return false;
		advance (st, h, (255u - h->opcode_base) / h->line_range);
		break;
	case LNS_fixed_advance_pc:
		st->addr += rd_uint (r, 2);
		st->op_index = 0;
		break;
	case LNS_set_column:
		rd_uleb (r);
		break;
	case LNS_negate_stmt:
	case LNS_set_basic_block:
		break;
	default:
		/* Opcodes of later versions, or unknown: the header says
		   how many operands.  */
		for (k = 0; k < h->opcode_lengths[op - 1]; k++)
			rd_uleb (r);
		break;
	}
	return true;
}

/* One sequence of the program at R, into RV; false if the program is
   damaged or the budget ran out.  */
static bool
run_sequence (struct dwarf *d, const struct unit *u,
	      const struct line_hdr *h, struct rd *r, struct row_vec *rv,
	      struct file_vec *files)
{
	struct lstate st = { .addr = 0, .op_index = 0, .file = 1, .line = 1,
			     .end = false };
	bool ok = true;

	while (!st.end && r->p < r->end && !r->err) {
		unsigned int op;

		if (!dwarf_charge (d, 1))
			return false;
		op = *r->p++;
		if (op >= h->opcode_base) {
			/* A special opcode: advance, add a row.  */
			if (h->line_range == 0)
				return false;
			advance (&st, h, h->op_addr[op]);
			st.line += (uint32_t) h->op_line[op];
			row_add (rv, st.addr, st.file, st.line);
		} else if (op == 0) {
			ok = extended_op (u, r, &st, rv, files);
		} else {
			ok = standard_op (op, h, r, &st, rv);
		}
		if (!ok)
			return false;
	}
	/* A program that stops inside a sequence: its last row ends it,
	   as libbfd takes it.  */
	if (!st.end && rv->open)
		row_end (rv, rv->v[rv->n - 1].addr);
	return true;
}

static void
run_program (struct dwarf *d, const struct unit *u, const struct line_hdr *h,
	     struct rd *r, struct row_vec *rv, struct file_vec *files)
{
	while (r->p < r->end && !r->err)
		if (!run_sequence (d, u, h, r, rv, files))
			return;
}

const struct dwarf_lines *
dwarf_unit_lines (struct dwarf *d, size_t i)
{
	struct unit *u = &d->units[i];
	const struct dwarf_section *s = &d->s[DWS_LINE];
	struct file_vec dirs = { NULL, 0, 0 }, files = { NULL, 0, 0 };
	struct row_vec rv;
	struct line_hdr h;
	struct dwarf_lines *l;
	const unsigned char *prog;
	struct rd r;

	if (u->lines_tried)
		return u->lines;
	u->lines_tried = true;
	if (!u->has_stmt_list || !s->data || u->stmt_list >= s->size)
		return NULL;
	rd_init (&r, s->data + u->stmt_list, s->size - (size_t) u->stmt_list,
		 d->be);
	memset (&h, 0, sizeof h);
	if (!read_line_header (d, u, &r, &h, &dirs, &files, &prog)) {
		free (dirs.v);
		free (files.v);
		return NULL;
	}
	memset (&rv, 0, sizeof rv);
	/* Programs of gcc and clang take about three bytes a row: room
	   for that many from the start saves the copies of growing.  */
	rv.cap = (size_t) (r.end - prog) / 3 + 16;
	rv.v = XNEWVEC (struct dwarf_row, rv.cap);
	r.p = prog;
	run_program (d, u, &h, &r, &rv, &files);

	l = XCNEW (struct dwarf_lines);
	lines_files (u, l, &dirs, &files, h.version >= 5);
	free (dirs.v);
	free (files.v);
	l->rows = rv.v;
	l->nrows = rv.n;
	l->seqs = rv.seqs;
	l->nseqs = rv.nseqs;
	seqs_finish (l->seqs, &l->nseqs);
	u->lines = l;
	return l;
}

const char *
dwarf_file_name (const struct dwarf_lines *l, uint32_t file)
{
	const char *s;

	if (file >= l->nfiles || !l->files[file])
		return "<unknown>";
	s = l->files[file];
	return *s ? s : NULL;
}

const struct dwarf_row *
dwarf_find_row (const struct dwarf_lines *l, uint64_t addr)
{
	size_t lo = 0, hi = l->nseqs;
	const struct dwarf_seq *s;
	const struct dwarf_row *rows;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (l->seqs[mid].low <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return NULL;
	s = &l->seqs[lo - 1];
	if (addr >= s->high)
		return NULL;
	rows = l->rows + s->first;
	lo = 0;
	hi = s->nrows;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (rows[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo ? &rows[lo - 1] : NULL;
}

