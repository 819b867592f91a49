/* test_dwarf.c - unit tests of the DWARF decoder (gprof/dwarf*.c).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Each test assembles the sections of a small program byte by byte
   (units, abbreviations, line programs, strings, range lists), runs
   the decoder on them and checks what it answers: rows, file paths,
   function ranges and names.  The points that matter most:

   - a DWARF 5 line program starts in file 1 (libbfd 2.40 starts it in
     file 0, and names the main source for an #include'd file's code);
   - file paths are libbfd's (compilation directory, directory, name);
   - of several rows at one address the last wins; overlapping
     sequences are trimmed as libbfd trims them;
   - names follow abstract origins and specifications, a linkage name
     is final, DW_AT_name is final only in C-like languages;
   - the DWARF 5 indexed forms (strx, addrx, rnglistx, line_strp);
   - damaged sections end the decoding, without reading out of bounds
     (the sanitizer build runs this too).  */

#include <config.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gprof/dwarf/dwarf.h"
#include "tests/unit/cunit_main.h"

/* ------------------------------------------------------------------ */
/* Assembling sections */

struct buf {
	unsigned char *p;
	size_t n, cap;
};

static void
put (struct buf *b, const void *v, size_t n)
{
	if (b->n + n > b->cap) {
		b->cap = (b->n + n) * 2 + 64;
		b->p = realloc (b->p, b->cap);
	}
	memcpy (b->p + b->n, v, n);
	b->n += n;
}

static void
u8 (struct buf *b, unsigned int v)
{
	unsigned char c = (unsigned char) v;

	put (b, &c, 1);
}

static void
un (struct buf *b, uint64_t v, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		u8 (b, (unsigned int) (v >> (8 * i)) & 0xff);
}

static void
uleb (struct buf *b, uint64_t v)
{
	do {
		unsigned int c = v & 0x7f;

		v >>= 7;
		u8 (b, c | (v ? 0x80 : 0));
	} while (v);
}

static void
sleb (struct buf *b, int64_t v)
{
	for (;;) {
		unsigned int c = (unsigned int) (v & 0x7f);

		v >>= 7;
		if ((v == 0 && !(c & 0x40)) || (v == -1 && (c & 0x40))) {
			u8 (b, c);
			return;
		}
		u8 (b, c | 0x80);
	}
}

static void
str (struct buf *b, const char *s)
{
	put (b, s, strlen (s) + 1);
}

/* Patches a 4-byte length at OFF to cover the rest of B.  */
static void
patch_len (struct buf *b, size_t off)
{
	uint64_t len = b->n - off - 4;
	unsigned int i;

	for (i = 0; i < 4; i++)
		b->p[off + i] = (unsigned char) (len >> (8 * i));
}

/* The sections of one test program.  */
struct prog {
	struct buf s[DWS_COUNT];
};

static void
prog_free (struct prog *p)
{
	int i;

	for (i = 0; i < DWS_COUNT; i++)
		free (p->s[i].p);
	memset (p, 0, sizeof *p);
}

static struct dwarf *
prog_open (struct prog *p)
{
	struct dwarf_section secs[DWS_COUNT];
	int i;

	for (i = 0; i < DWS_COUNT; i++) {
		secs[i].data = p->s[i].p;
		secs[i].size = p->s[i].n;
	}
	return dwarf_open (secs, false);
}

/* DWARF numbers used below.  */
enum {
	TAG_cu = 0x11, TAG_sub = 0x2e, TAG_inl = 0x1d,
	AT_name = 0x03, AT_stmt = 0x10, AT_low = 0x11, AT_high = 0x12,
	AT_lang = 0x13, AT_comp_dir = 0x1b, AT_origin = 0x31,
	AT_spec = 0x47, AT_ranges = 0x55, AT_linkage = 0x6e,
	AT_str_base = 0x72, AT_addr_base = 0x73, AT_rng_base = 0x74,
	F_addr = 0x01, F_data1 = 0x0b, F_data4 = 0x06, F_data8 = 0x07,
	F_string = 0x08, F_sec = 0x17, F_ref4 = 0x13, F_strx1 = 0x25,
	F_addrx = 0x1b, F_line_strp = 0x1f, F_rnglistx = 0x23,
	F_udata = 0x0f, F_flag_present = 0x19
};

/* An abbreviation: CODE, TAG, CHILDREN, then (name, form) pairs, 0.  */
static void
abbrev (struct buf *b, unsigned int code, unsigned int tag, int children,
	...);

#include <stdarg.h>

static void
abbrev (struct buf *b, unsigned int code, unsigned int tag, int children,
	...)
{
	va_list ap;
	unsigned int name;

	uleb (b, code);
	uleb (b, tag);
	u8 (b, children ? 1 : 0);
	va_start (ap, children);
	while ((name = va_arg (ap, unsigned int)) != 0) {
		uleb (b, name);
		uleb (b, va_arg (ap, unsigned int));
	}
	va_end (ap);
	uleb (b, 0);
	uleb (b, 0);
}

/* A DWARF 5 unit header; returns the offset of its length.  */
static size_t
unit5 (struct buf *b, uint64_t abbrev_off)
{
	size_t at = b->n;

	un (b, 0, 4);
	un (b, 5, 2);
	u8 (b, 1);			/* DW_UT_compile */
	u8 (b, 8);
	un (b, abbrev_off, 4);
	return at;
}

static size_t
unit4 (struct buf *b, uint64_t abbrev_off)
{
	size_t at = b->n;

	un (b, 0, 4);
	un (b, 4, 2);
	un (b, abbrev_off, 4);
	u8 (b, 8);
	return at;
}

/* The standard opcode lengths of versions 3 and later.  */
static const unsigned char std_lengths[12] = {
	0, 1, 1, 1, 1, 0, 0, 0, 1, 0, 0, 1
};

/* A line program header of VERSION up to the directory table;
   returns the offsets of its unit length and header length.  */
static void
line_head (struct buf *b, unsigned int version, size_t *len_at,
	   size_t *hdr_at)
{
	*len_at = b->n;
	un (b, 0, 4);
	un (b, version, 2);
	if (version >= 5) {
		u8 (b, 8);
		u8 (b, 0);
	}
	*hdr_at = b->n;
	un (b, 0, 4);
	u8 (b, 1);			/* min instruction length */
	if (version >= 4)
		u8 (b, 1);		/* max ops per instruction */
	u8 (b, 1);			/* default is_stmt */
	u8 (b, (unsigned int) -5 & 0xff);	/* line base */
	u8 (b, 14);			/* line range */
	u8 (b, 13);			/* opcode base */
	put (b, std_lengths, 12);
}

static void
set_address (struct buf *b, uint64_t a)
{
	u8 (b, 0);
	uleb (b, 9);
	u8 (b, 2);
	un (b, a, 8);
}

static void
end_sequence (struct buf *b)
{
	u8 (b, 0);
	uleb (b, 1);
	u8 (b, 1);
}

/* Advances the address by DA and the line by DL, then adds a row.  */
static void
row (struct buf *b, uint64_t da, int64_t dl)
{
	u8 (b, 2);			/* advance_pc */
	uleb (b, da);
	u8 (b, 3);			/* advance_line */
	sleb (b, dl);
	u8 (b, 1);			/* copy */
}

/* ------------------------------------------------------------------ */
/* A DWARF 5 program as gcc 12 writes it */

/* main.c at /build, including inc/part.h, whose code comes first in
   the unit (so file 1 is part.h and the program starts in it without
   a set_file, as gcc does); main [0x1000, 0x1040) with part_fn inlined
   in [0x1010, 0x1020); static helper [0x1040, 0x1050).  */
static void
make_v5 (struct prog *p)
{
	struct buf *ab = &p->s[DWS_ABBREV], *in = &p->s[DWS_INFO];
	struct buf *ln = &p->s[DWS_LINE], *ls = &p->s[DWS_LINE_STR];
	size_t u, l, h, abstract;

	abbrev (ab, 1, TAG_cu, 1, AT_name, F_string, AT_comp_dir, F_string,
		AT_lang, F_data1, AT_low, F_addr, AT_high, F_data8,
		AT_stmt, F_sec, 0);
	abbrev (ab, 2, TAG_sub, 1, AT_name, F_string, AT_low, F_addr,
		AT_high, F_data8, 0);
	abbrev (ab, 3, TAG_sub, 0, AT_name, F_string, 0);	/* abstract */
	abbrev (ab, 4, TAG_inl, 0, AT_origin, F_ref4, AT_low, F_addr,
		AT_high, F_data8, 0);
	abbrev (ab, 5, TAG_sub, 0, AT_name, F_string, AT_low, F_addr,
		AT_high, F_data8, 0);
	abbrev (ab, 6, 0x24, 0, AT_name, F_string, 0x0b, F_data1, 0);
	uleb (ab, 0);

	u = unit5 (in, 0);
	uleb (in, 1);
	str (in, "main.c");
	str (in, "/build");
	u8 (in, 0x1d);			/* C11 */
	un (in, 0x1000, 8);
	un (in, 0x50, 8);
	un (in, 0, 4);			/* stmt_list */
	uleb (in, 6);			/* a base type, skipped */
	str (in, "int");
	u8 (in, 4);
	abstract = in->n - u;
	uleb (in, 3);
	str (in, "part_fn");
	uleb (in, 2);
	str (in, "main");
	un (in, 0x1000, 8);
	un (in, 0x40, 8);
	uleb (in, 4);
	un (in, abstract, 4);
	un (in, 0x1010, 8);
	un (in, 0x10, 8);
	uleb (in, 0);			/* end of main's children */
	uleb (in, 5);
	str (in, "helper");
	un (in, 0x1040, 8);
	un (in, 0x10, 8);
	uleb (in, 0);			/* end of the unit's children */
	patch_len (in, u);

	/* Line strings: "/build", "inc", "main.c", "part.h".  */
	str (ls, "/build");
	str (ls, "inc");
	str (ls, "main.c");
	str (ls, "part.h");

	line_head (ln, 5, &l, &h);
	u8 (ln, 1);			/* directory format: path, line_strp */
	uleb (ln, 1);
	uleb (ln, F_line_strp);
	uleb (ln, 2);
	un (ln, 0, 4);
	un (ln, 7, 4);
	u8 (ln, 2);			/* file format: path, dir index */
	uleb (ln, 1);
	uleb (ln, F_line_strp);
	uleb (ln, 2);
	uleb (ln, F_udata);
	uleb (ln, 3);
	un (ln, 11, 4);			/* 0: main.c, dir 0 */
	uleb (ln, 0);
	un (ln, 18, 4);			/* 1: part.h, dir 1 */
	uleb (ln, 1);
	un (ln, 11, 4);			/* 2: main.c, dir 0 */
	uleb (ln, 0);
	patch_len (ln, h);
	/* The header length counts from after its own field.  */
	{
		uint64_t hl = ln->n - h - 4;
		int i;

		for (i = 0; i < 4; i++)
			ln->p[h + i] = (unsigned char) (hl >> (8 * i));
	}
	set_address (ln, 0x1000);
	u8 (ln, 4);			/* set_file 2: main.c */
	uleb (ln, 2);
	row (ln, 0, 9);			/* 0x1000 line 10 */
	row (ln, 4, 1);			/* 0x1004 line 11 */
	u8 (ln, 4);			/* set_file 1: part.h */
	uleb (ln, 1);
	row (ln, 12, -8);		/* 0x1010 line 3 */
	u8 (ln, 4);
	uleb (ln, 2);
	row (ln, 16, 9);		/* 0x1020 line 12 */
	row (ln, 0, 1);			/* 0x1020 line 13: the last wins */
	row (ln, 16, 0);		/* 0x1030 line 13 */
	u8 (ln, 3);			/* advance_line to 0 */
	sleb (ln, -13);
	u8 (ln, 2);
	uleb (ln, 8);
	u8 (ln, 1);			/* 0x1038 line 0 */
	end_sequence (ln);		/* at 0x1038 */
	/* helper's sequence, in file 1 without a set_file: part.h.  */
	set_address (ln, 0x1040);
	row (ln, 0, 19);		/* 0x1040 part.h:20 */
	u8 (ln, 2);
	uleb (ln, 0x10);
	end_sequence (ln);		/* 0x1050 */
	patch_len (ln, l);
}

static void
test_v5_rows (void)
{
	struct prog p;
	struct dwarf *d;
	const struct dwarf_lines *lt;
	const struct dwarf_row *r;

	memset (&p, 0, sizeof p);
	make_v5 (&p);
	d = prog_open (&p);
	CU_ASSERT_PTR_NOT_NULL_FATAL (d);
	CU_ASSERT_EQUAL (dwarf_units (d), 1);
	lt = dwarf_unit_lines (d, 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL (lt);
	CU_ASSERT_EQUAL (lt->nseqs, 2);

	r = dwarf_find_row (lt, 0x1000);
	CU_ASSERT_PTR_NOT_NULL_FATAL (r);
	CU_ASSERT_EQUAL (r->line, 10);
	CU_ASSERT_STRING_EQUAL (dwarf_file_name (lt, r->file),
				"/build/main.c");
	r = dwarf_find_row (lt, 0x100f);
	CU_ASSERT_EQUAL (r->line, 11);
	r = dwarf_find_row (lt, 0x1010);
	CU_ASSERT_EQUAL (r->line, 3);
	CU_ASSERT_STRING_EQUAL (dwarf_file_name (lt, r->file),
				"/build/inc/part.h");
	/* Two rows at 0x1020: the second.  */
	r = dwarf_find_row (lt, 0x1020);
	CU_ASSERT_EQUAL (r->line, 13);
	r = dwarf_find_row (lt, 0x1037);
	CU_ASSERT_EQUAL (r->line, 13);
	/* Line 0 is a row too (the callers skip it).  */
	r = dwarf_find_row (lt, 0x1038);
	CU_ASSERT_PTR_NULL (r);		/* the end of the sequence */
	CU_ASSERT_PTR_NULL (dwarf_find_row (lt, 0x0fff));
	CU_ASSERT_PTR_NULL (dwarf_find_row (lt, 0x1039));
	CU_ASSERT_PTR_NULL (dwarf_find_row (lt, 0x1050));

	/* The second sequence starts in file 1, part.h: not file 0.  */
	r = dwarf_find_row (lt, 0x1044);
	CU_ASSERT_PTR_NOT_NULL_FATAL (r);
	CU_ASSERT_EQUAL (r->line, 20);
	CU_ASSERT_EQUAL (r->file, 1);
	CU_ASSERT_STRING_EQUAL (dwarf_file_name (lt, r->file),
				"/build/inc/part.h");
	CU_ASSERT_STRING_EQUAL (dwarf_file_name (lt, 99), "<unknown>");
	dwarf_close (d);
	prog_free (&p);
}

static void
test_v5_funcs (void)
{
	struct prog p;
	struct dwarf *d;
	const struct dwarf_funcs *fs;
	struct dwarf_range *ur = NULL;
	size_t n;

	memset (&p, 0, sizeof p);
	make_v5 (&p);
	d = prog_open (&p);
	CU_ASSERT_PTR_NOT_NULL_FATAL (d);
	n = dwarf_unit_ranges (d, 0, &ur);
	CU_ASSERT_EQUAL (n, 1);
	if (n == 1) {
		CU_ASSERT_EQUAL (ur[0].lo, 0x1000);
		CU_ASSERT_EQUAL (ur[0].hi, 0x1050);
	}
	free (ur);
	fs = dwarf_unit_funcs (d, 0);
	CU_ASSERT_EQUAL_FATAL (fs->n, 4);
	/* In entry order: part_fn (abstract), main, the inlined part_fn,
	   helper.  */
	CU_ASSERT_STRING_EQUAL (fs->v[0].name, "part_fn");
	CU_ASSERT_EQUAL (fs->v[0].nranges, 0);
	CU_ASSERT_STRING_EQUAL (fs->v[1].name, "main");
	CU_ASSERT_TRUE (fs->v[1].is_linkage);	/* C: DW_AT_name is final */
	CU_ASSERT_EQUAL_FATAL (fs->v[1].nranges, 1);
	CU_ASSERT_EQUAL (fs->ranges[fs->v[1].first].lo, 0x1000);
	CU_ASSERT_EQUAL (fs->ranges[fs->v[1].first].hi, 0x1040);
	CU_ASSERT_STRING_EQUAL (fs->v[2].name, "part_fn");
	CU_ASSERT_TRUE (fs->v[2].inlined);
	CU_ASSERT_TRUE (fs->v[2].is_linkage);
	CU_ASSERT_EQUAL (fs->ranges[fs->v[2].first].lo, 0x1010);
	CU_ASSERT_EQUAL (fs->ranges[fs->v[2].first].hi, 0x1020);
	CU_ASSERT_STRING_EQUAL (fs->v[3].name, "helper");
	dwarf_close (d);
	prog_free (&p);
}

/* ------------------------------------------------------------------ */
/* DWARF 4, as gcc -gdwarf-4 writes it */

static void
make_v4 (struct prog *p, int lang)
{
	struct buf *ab = &p->s[DWS_ABBREV], *in = &p->s[DWS_INFO];
	struct buf *ln = &p->s[DWS_LINE], *st = &p->s[DWS_STR];
	size_t u, l, h, decl;

	abbrev (ab, 1, TAG_cu, 1, AT_name, F_string, AT_comp_dir, F_string,
		AT_lang, F_data1, AT_low, F_addr, AT_high, F_data8,
		AT_stmt, F_sec, 0);
	/* A C++ method's declaration in its class, with a linkage name
	   (a strp), and its definition, pointing at it.  */
	abbrev (ab, 2, TAG_sub, 0, AT_name, F_string, AT_linkage, 0x0e, 0);
	abbrev (ab, 3, TAG_sub, 0, AT_spec, F_ref4, AT_low, F_addr,
		AT_high, F_data8, 0);
	abbrev (ab, 4, TAG_sub, 0, AT_name, F_string, AT_low, F_addr,
		AT_high, F_data8, 0);
	uleb (ab, 0);

	str (st, "_ZN3Foo3barEv");

	u = unit4 (in, 0);
	uleb (in, 1);
	str (in, "src/prog.cc");
	str (in, "/home/me");
	u8 (in, (unsigned int) lang);
	un (in, 0x2000, 8);
	un (in, 0x40, 8);
	un (in, 0, 4);
	decl = in->n - u;
	uleb (in, 2);
	str (in, "bar");
	un (in, 0, 4);			/* strp 0 */
	uleb (in, 3);
	un (in, decl, 4);
	un (in, 0x2000, 8);
	un (in, 0x20, 8);
	uleb (in, 4);
	str (in, "plain");
	un (in, 0x2020, 8);
	un (in, 0x20, 8);
	uleb (in, 0);
	patch_len (in, u);

	line_head (ln, 4, &l, &h);
	str (ln, "src");		/* dir 1 */
	str (ln, "/usr/include");	/* dir 2 */
	u8 (ln, 0);
	str (ln, "prog.cc");		/* file 1: dir 1 */
	uleb (ln, 1);
	uleb (ln, 0);
	uleb (ln, 0);
	str (ln, "stdio.h");		/* file 2: dir 2 */
	uleb (ln, 2);
	uleb (ln, 0);
	uleb (ln, 0);
	str (ln, "/abs/x.h");		/* file 3: absolute */
	uleb (ln, 0);
	uleb (ln, 0);
	uleb (ln, 0);
	str (ln, "top.c");		/* file 4: dir 0, the comp dir */
	uleb (ln, 0);
	uleb (ln, 0);
	uleb (ln, 0);
	u8 (ln, 0);
	{
		uint64_t hl = ln->n - h - 4;
		int i;

		for (i = 0; i < 4; i++)
			ln->p[h + i] = (unsigned char) (hl >> (8 * i));
	}
	set_address (ln, 0x2000);
	row (ln, 0, 4);			/* file 1 by default: line 5 */
	u8 (ln, 4);
	uleb (ln, 2);
	row (ln, 0x10, 1);		/* 0x2010 stdio.h:6 */
	u8 (ln, 4);
	uleb (ln, 3);
	row (ln, 0x8, 1);		/* 0x2018 /abs/x.h:7 */
	u8 (ln, 4);
	uleb (ln, 4);
	row (ln, 0x8, 1);		/* 0x2020 top.c:8 */
	u8 (ln, 4);
	uleb (ln, 0);
	row (ln, 0x8, 1);		/* 0x2028 file 0: no file */
	u8 (ln, 2);
	uleb (ln, 0x18);
	end_sequence (ln);		/* 0x2040 */
	/* A sequence nested in the first (dropped), and one that
	   overlaps its end (trimmed to start at 0x2040).  */
	set_address (ln, 0x2008);
	row (ln, 0, 90);		/* line 91 */
	u8 (ln, 2);
	uleb (ln, 8);
	end_sequence (ln);
	set_address (ln, 0x2030);
	row (ln, 0, 98);		/* line 99 */
	u8 (ln, 2);
	uleb (ln, 0x20);
	end_sequence (ln);		/* 0x2050 */
	patch_len (ln, l);
}

static void
test_v4_paths (void)
{
	struct prog p;
	struct dwarf *d;
	const struct dwarf_lines *lt;
	const struct dwarf_row *r;

	memset (&p, 0, sizeof p);
	make_v4 (&p, 0x1d);
	d = prog_open (&p);
	CU_ASSERT_PTR_NOT_NULL_FATAL (d);
	lt = dwarf_unit_lines (d, 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL (lt);
	r = dwarf_find_row (lt, 0x2000);
	CU_ASSERT_EQUAL (r->line, 5);
	/* A relative directory goes under the compilation directory.  */
	CU_ASSERT_STRING_EQUAL (dwarf_file_name (lt, r->file),
				"/home/me/src/prog.cc");
	r = dwarf_find_row (lt, 0x2010);
	CU_ASSERT_STRING_EQUAL (dwarf_file_name (lt, r->file),
				"/usr/include/stdio.h");
	r = dwarf_find_row (lt, 0x2018);
	CU_ASSERT_STRING_EQUAL (dwarf_file_name (lt, r->file), "/abs/x.h");
	r = dwarf_find_row (lt, 0x2020);
	CU_ASSERT_STRING_EQUAL (dwarf_file_name (lt, r->file),
				"/home/me/top.c");
	/* File 0 before DWARF 5: libbfd's "<unknown>".  */
	r = dwarf_find_row (lt, 0x2028);
	CU_ASSERT_STRING_EQUAL (dwarf_file_name (lt, r->file), "<unknown>");

	/* The nested sequence is dropped, the overlapping one trimmed.  */
	CU_ASSERT_EQUAL (lt->nseqs, 2);
	r = dwarf_find_row (lt, 0x2009);
	CU_ASSERT_EQUAL (r->line, 5);
	r = dwarf_find_row (lt, 0x2038);
	CU_ASSERT_EQUAL (r->line, 9);
	r = dwarf_find_row (lt, 0x2048);
	CU_ASSERT_PTR_NOT_NULL_FATAL (r);
	CU_ASSERT_EQUAL (r->line, 99);
	CU_ASSERT_PTR_NULL (dwarf_find_row (lt, 0x2050));
	dwarf_close (d);
	prog_free (&p);
}

static void
test_names_by_language (void)
{
	struct prog p;
	struct dwarf *d;
	const struct dwarf_funcs *fs;

	/* C++ (DW_LANG_C_plus_plus_14): the definition takes the linkage
	   name of its declaration; a plain name is not final.  */
	memset (&p, 0, sizeof p);
	make_v4 (&p, 0x21);
	d = prog_open (&p);
	fs = dwarf_unit_funcs (d, 0);
	CU_ASSERT_EQUAL_FATAL (fs->n, 3);
	CU_ASSERT_STRING_EQUAL (fs->v[1].name, "_ZN3Foo3barEv");
	CU_ASSERT_TRUE (fs->v[1].is_linkage);
	CU_ASSERT_EQUAL (fs->ranges[fs->v[1].first].lo, 0x2000);
	CU_ASSERT_STRING_EQUAL (fs->v[2].name, "plain");
	CU_ASSERT_FALSE (fs->v[2].is_linkage);
	dwarf_close (d);
	prog_free (&p);

	/* C: DW_AT_name is final.  */
	memset (&p, 0, sizeof p);
	make_v4 (&p, 0x0c);
	d = prog_open (&p);
	fs = dwarf_unit_funcs (d, 0);
	CU_ASSERT_EQUAL_FATAL (fs->n, 3);
	CU_ASSERT_TRUE (fs->v[2].is_linkage);
	dwarf_close (d);
	prog_free (&p);
}

/* ------------------------------------------------------------------ */
/* clang's DWARF 5: indexed strings, addresses and range lists */

static void
test_indexed_forms (void)
{
	struct prog p;
	struct buf *ab, *in, *ln, *st, *so, *ad, *rl;
	struct dwarf *d;
	const struct dwarf_funcs *fs;
	const struct dwarf_lines *lt;
	struct dwarf_range *ur = NULL;
	size_t u, l, h, n;

	memset (&p, 0, sizeof p);
	ab = &p.s[DWS_ABBREV];
	in = &p.s[DWS_INFO];
	ln = &p.s[DWS_LINE];
	st = &p.s[DWS_STR];
	so = &p.s[DWS_STR_OFFSETS];
	ad = &p.s[DWS_ADDR];
	rl = &p.s[DWS_RNGLISTS];

	/* The unit's name comes before its str_offsets_base: the base
	   must be known when the name is looked up.  */
	abbrev (ab, 1, TAG_cu, 1, AT_name, F_strx1, AT_stmt, F_sec,
		AT_lang, F_data1, AT_str_base, F_sec, AT_low, F_addrx,
		AT_ranges, F_rnglistx, AT_addr_base, F_sec, AT_rng_base,
		F_sec, 0);
	abbrev (ab, 2, TAG_sub, 0, AT_low, F_addrx, AT_high, F_data4,
		AT_name, F_strx1, AT_linkage, F_strx1, 0);
	uleb (ab, 0);

	str (st, "x.cc");		/* 0 */
	str (st, "f");			/* 5 */
	str (st, "_Z1fv");		/* 7 */
	/* str_offsets: header (length, version, padding), then 3.  */
	un (so, 4 + 3 * 4, 4);
	un (so, 5, 2);
	un (so, 0, 2);
	un (so, 0, 4);
	un (so, 5, 4);
	un (so, 7, 4);
	/* addr: header, then 0x3000, 0x3100.  */
	un (ad, 4 + 16, 4);
	un (ad, 5, 2);
	u8 (ad, 8);
	u8 (ad, 0);
	un (ad, 0x3000, 8);
	un (ad, 0x3100, 8);
	/* rnglists: header, one offset, then the list: base_addressx 0,
	   offset_pair [0, 0x20), startx_length 1 + 0x10, end.  */
	un (rl, 0, 4);
	un (rl, 5, 2);
	u8 (rl, 8);
	u8 (rl, 0);
	un (rl, 1, 4);			/* offset count */
	un (rl, 4, 4);			/* list 0 at base + 4 */
	u8 (rl, 1);
	uleb (rl, 0);
	u8 (rl, 4);
	uleb (rl, 0);
	uleb (rl, 0x20);
	u8 (rl, 3);
	uleb (rl, 1);
	uleb (rl, 0x10);
	u8 (rl, 0);
	patch_len (rl, 0);

	u = unit5 (in, 0);
	uleb (in, 1);
	u8 (in, 0);			/* name: strx 0 */
	un (in, 0, 4);			/* stmt_list */
	u8 (in, 0x21);
	un (in, 8, 4);			/* str_offsets_base */
	uleb (in, 0);			/* low_pc: addrx 0 */
	uleb (in, 0);			/* ranges: rnglistx 0 */
	un (in, 8, 4);			/* addr_base */
	un (in, 12, 4);			/* rnglists_base */
	uleb (in, 2);
	uleb (in, 1);			/* addrx 1: 0x3100 */
	un (in, 0x10, 4);
	u8 (in, 1);			/* "f" */
	u8 (in, 2);			/* "_Z1fv" */
	uleb (in, 0);
	patch_len (in, u);

	line_head (ln, 5, &l, &h);
	u8 (ln, 1);
	uleb (ln, 1);
	uleb (ln, F_string);
	uleb (ln, 1);
	str (ln, "/c");
	u8 (ln, 1);
	uleb (ln, 1);
	uleb (ln, F_string);
	uleb (ln, 2);
	str (ln, "x.cc");
	str (ln, "y.h");
	{
		uint64_t hl = ln->n - h - 4;
		int i;

		for (i = 0; i < 4; i++)
			ln->p[h + i] = (unsigned char) (hl >> (8 * i));
	}
	set_address (ln, 0x3100);
	row (ln, 0, 6);
	u8 (ln, 2);
	uleb (ln, 0x10);
	end_sequence (ln);
	patch_len (ln, l);

	d = prog_open (&p);
	CU_ASSERT_PTR_NOT_NULL_FATAL (d);
	n = dwarf_unit_ranges (d, 0, &ur);
	CU_ASSERT_EQUAL (n, 2);
	if (n == 2) {
		CU_ASSERT_EQUAL (ur[0].lo, 0x3000);
		CU_ASSERT_EQUAL (ur[0].hi, 0x3020);
		CU_ASSERT_EQUAL (ur[1].lo, 0x3100);
		CU_ASSERT_EQUAL (ur[1].hi, 0x3110);
	}
	free (ur);
	fs = dwarf_unit_funcs (d, 0);
	CU_ASSERT_EQUAL_FATAL (fs->n, 1);
	CU_ASSERT_STRING_EQUAL (fs->v[0].name, "_Z1fv");
	CU_ASSERT_TRUE (fs->v[0].is_linkage);
	CU_ASSERT_EQUAL (fs->ranges[fs->v[0].first].lo, 0x3100);
	CU_ASSERT_EQUAL (fs->ranges[fs->v[0].first].hi, 0x3110);
	lt = dwarf_unit_lines (d, 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL (lt);
	/* Starts in file 1: y.h.  */
	CU_ASSERT_STRING_EQUAL (dwarf_file_name (lt,
					dwarf_find_row (lt, 0x3100)->file),
				"/c/y.h");
	dwarf_close (d);
	prog_free (&p);
}

/* ------------------------------------------------------------------ */
/* Damage */

/* The rows of make_v5's line table, undamaged.  */
struct v5_rows {
	struct dwarf_row *v;
	size_t n;
};

/* Whether every row of LT is one of WANT's (address, file, line).  */
static bool
rows_among (const struct dwarf_lines *lt, const struct v5_rows *want)
{
	size_t i, j;

	for (i = 0; i < lt->nrows; i++) {
		for (j = 0; j < want->n; j++)
			if (want->v[j].addr == lt->rows[i].addr
			    && want->v[j].file == lt->rows[i].file
			    && want->v[j].line == lt->rows[i].line)
				break;
		if (j == want->n)
			return false;
	}
	return true;
}

/* What any decoding of damaged sections must still be: sequences in
   address order and disjoint, each with its rows ascending inside it
   (but for the first, which stays where it was when an overlap moved
   the sequence's start, as libbfd leaves it);
   a lookup answers with the row that covers the address, or NULL
   outside every sequence; a file name for every row; function ranges
   inside the table of ranges.  If LINES_WHOLE, .debug_line was left
   alone: a line table, if decoded at all, is the undamaged one; else
   its rows are among the undamaged ones (what was decoded before the
   damage is kept, nothing is made up).  Returns the number of
   assertions that failed.  */
static int
check_damaged (struct dwarf *d, const struct v5_rows *want, bool lines_whole,
	       bool flipped)
{
	int bad = 0;
	size_t u;

	for (u = 0; u < dwarf_units (d); u++) {
		const struct dwarf_lines *lt = dwarf_unit_lines (d, u);
		const struct dwarf_funcs *fs = dwarf_unit_funcs (d, u);
		uint64_t a;
		size_t i, k;

		for (i = 0; fs && i < fs->n; i++) {
			if ((size_t) fs->v[i].first + fs->v[i].nranges
			    > fs->nranges)
				bad++;
			for (k = 0; k < fs->v[i].nranges
			     && fs->v[i].first + k < fs->nranges; k++)
				if (fs->ranges[fs->v[i].first + k].lo
				    > fs->ranges[fs->v[i].first + k].hi)
					bad++;
		}
		if (!lt)
			continue;
		for (i = 0; i < lt->nseqs; i++) {
			const struct dwarf_seq *q = &lt->seqs[i];

			if (q->low >= q->high || q->first + q->nrows > lt->nrows
			    || (i > 0 && lt->seqs[i - 1].high > q->low))
				bad++;
			for (k = q->first; k < q->first + q->nrows
			     && k < lt->nrows; k++)
				if (lt->rows[k].addr >= q->high
				    || (k > q->first
					&& lt->rows[k].addr < q->low)
				    || (k > q->first
					&& lt->rows[k - 1].addr
					>= lt->rows[k].addr)
				    || !dwarf_file_name (lt, lt->rows[k].file))
					bad++;
		}
		for (a = 0xff0; a < 0x1060; a++) {
			const struct dwarf_row *r = dwarf_find_row (lt, a);
			bool inside = false;

			for (i = 0; i < lt->nseqs; i++)
				if (a >= lt->seqs[i].low && a < lt->seqs[i].high)
					inside = true;
			if (inside != (r != NULL) || (r && r->addr > a))
				bad++;
		}
		if (flipped)
			continue;
		if (lines_whole && lt->nrows != want->n)
			bad++;
		if (!rows_among (lt, want))
			bad++;
	}
	return bad;
}

static void
test_damaged (void)
{
	struct prog p, q;
	struct dwarf *d;
	const struct dwarf_lines *lt;
	struct v5_rows want;
	size_t cut, i, opened = 0, decoded = 0;
	int bad = 0;

	memset (&p, 0, sizeof p);
	make_v5 (&p);
	d = prog_open (&p);
	CU_ASSERT_PTR_NOT_NULL_FATAL (d);
	lt = dwarf_unit_lines (d, 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL (lt);
	/* 0x1000, 0x1004, 0x1010, 0x1020, 0x1030; 0x1040 */
	CU_ASSERT_EQUAL_FATAL (lt->nrows, 6);
	want.n = lt->nrows;
	want.v = malloc (want.n * sizeof *want.v);
	CU_ASSERT_PTR_NOT_NULL_FATAL (want.v);
	memcpy (want.v, lt->rows, want.n * sizeof *want.v);
	CU_ASSERT_EQUAL (check_damaged (d, &want, true, false), 0);
	dwarf_close (d);

	/* Every truncation of every section, and every byte flipped: no
	   crash, no read outside (the sanitizer build checks), and what
	   is decoded is right as far as it goes.  */
	for (i = 0; i < DWS_COUNT; i++)
		for (cut = 0; cut < p.s[i].n; cut++) {
			int k;

			memset (&q, 0, sizeof q);
			for (k = 0; k < DWS_COUNT; k++) {
				size_t n = k == (int) i ? cut : p.s[k].n;

				q.s[k].p = malloc (n + 1);
				if (n)
					memcpy (q.s[k].p, p.s[k].p, n);
				q.s[k].n = n;
			}
			d = prog_open (&q);
			if (d) {
				opened++;
				bad += check_damaged (d, &want, i != DWS_LINE,
						      false);
				if (dwarf_units (d) && dwarf_unit_lines (d, 0))
					decoded++;
				dwarf_close (d);
			}
			prog_free (&q);
		}
	CU_ASSERT_EQUAL (bad, 0);
	/* Cutting .debug_line_str, .debug_str (unused) or the end of
	   .debug_line leaves most cuts decodable: the checks above ran.  */
	CU_ASSERT (opened > 0);
	CU_ASSERT (decoded > 0);
	/* No .debug_info at all: nothing to open.  */
	memset (&q, 0, sizeof q);
	CU_ASSERT_PTR_NULL (prog_open (&q));

	bad = 0;
	for (i = 0; i < DWS_COUNT; i++)
		for (cut = 0; cut < p.s[i].n; cut++) {
			unsigned char save = p.s[i].p[cut];

			p.s[i].p[cut] ^= 0xff;
			d = prog_open (&p);
			if (d) {
				bad += check_damaged (d, &want, false, true);
				dwarf_close (d);
			}
			p.s[i].p[cut] = save;
		}
	CU_ASSERT_EQUAL (bad, 0);
	free (want.v);
	prog_free (&p);
}

/* ------------------------------------------------------------------ */
/* Work that grows faster than the sections */

/* 20 000 units that all name one line program of 20 000 rows: decoding
   each would take 4 * 10^8 steps for 0.5 MB of sections.  The budget
   stops it, says so, and keeps what was decoded before.  */
static void
test_shared_line_table (void)
{
	struct prog p;
	struct buf *ab, *in, *ln;
	struct dwarf *d;
	const struct dwarf_lines *lt;
	size_t u, l, h, i, decoded = 0;

	memset (&p, 0, sizeof p);
	ab = &p.s[DWS_ABBREV];
	in = &p.s[DWS_INFO];
	ln = &p.s[DWS_LINE];
	abbrev (ab, 1, TAG_cu, 0, AT_stmt, F_sec, 0);
	uleb (ab, 0);
	for (i = 0; i < 20000; i++) {
		u = unit4 (in, 0);
		uleb (in, 1);
		un (in, 0, 4);
		patch_len (in, u);
	}
	line_head (ln, 4, &l, &h);
	u8 (ln, 0);
	str (ln, "a.c");
	uleb (ln, 0);
	uleb (ln, 0);
	uleb (ln, 0);
	u8 (ln, 0);
	{
		uint64_t hl = ln->n - h - 4;

		for (i = 0; i < 4; i++)
			ln->p[h + i] = (unsigned char) (hl >> (8 * i));
	}
	set_address (ln, 0x1000);
	for (i = 0; i < 20000; i++)
		row (ln, 4, 1);
	u8 (ln, 2);
	uleb (ln, 4);
	end_sequence (ln);
	patch_len (ln, l);

	d = prog_open (&p);
	CU_ASSERT_FATAL (d != NULL);
	CU_ASSERT_EQUAL (dwarf_units (d), 20000);
	lt = dwarf_unit_lines (d, 0);
	CU_ASSERT_FATAL (lt != NULL);
	CU_ASSERT_EQUAL (lt->nrows, 20000);
	CU_ASSERT_FALSE (dwarf_exhausted (d));
	for (u = 0; u < dwarf_units (d); u++) {
		lt = dwarf_unit_lines (d, u);
		if (lt && lt->nrows == 20000)
			decoded++;
	}
	CU_ASSERT_TRUE (dwarf_exhausted (d));
	/* Sixteen steps a byte of 0.46 MB: about 120 whole decodings.  */
	CU_ASSERT (decoded > 100 && decoded < 400);
	dwarf_close (d);
	prog_free (&p);
}

/* A chain of 40 declarations, each naming the next eight times over
   (DW_AT_specification repeated): 8^40 paths to the name at its end.
   The visits are counted, not only the depth, so the name is found at
   once and the decoding ends.  */
static void
test_specification_fan (void)
{
	struct prog p;
	struct buf *ab, *in;
	const struct dwarf_funcs *fs;
	struct dwarf *d;
	size_t u, first, i;
	int k;

	memset (&p, 0, sizeof p);
	ab = &p.s[DWS_ABBREV];
	in = &p.s[DWS_INFO];
	abbrev (ab, 1, TAG_cu, 1, AT_name, F_string, 0);
	abbrev (ab, 2, TAG_sub, 0, AT_spec, F_ref4, AT_spec, F_ref4,
		AT_spec, F_ref4, AT_spec, F_ref4, AT_spec, F_ref4,
		AT_spec, F_ref4, AT_spec, F_ref4, AT_spec, F_ref4, 0);
	abbrev (ab, 3, TAG_sub, 0, AT_name, F_string, 0);
	abbrev (ab, 4, TAG_sub, 0, AT_spec, F_ref4, AT_low, F_addr,
		AT_high, F_data8, 0);
	uleb (ab, 0);
	u = unit4 (in, 0);
	uleb (in, 1);
	str (in, "fan.c");
	/* The definition first, naming the first declaration; each entry
	   of abbreviation 2 takes 1 + 8 * 4 bytes.  */
	first = in->n - u + 1 + 4 + 8 + 8;
	uleb (in, 4);
	un (in, first, 4);
	un (in, 0x3000, 8);
	un (in, 0x10, 8);
	for (i = 0; i < 40; i++) {
		uleb (in, 2);
		for (k = 0; k < 8; k++)
			un (in, first + (i + 1) * 33, 4);
	}
	uleb (in, 3);
	str (in, "deep");
	uleb (in, 0);
	patch_len (in, u);

	d = prog_open (&p);
	CU_ASSERT_FATAL (d != NULL);
	fs = dwarf_unit_funcs (d, 0);
	CU_ASSERT_FATAL (fs != NULL && fs->n == 42);
	CU_ASSERT_PTR_NOT_NULL_FATAL (fs->v[0].name);
	CU_ASSERT_STRING_EQUAL (fs->v[0].name, "deep");
	CU_ASSERT_EQUAL (fs->v[0].nranges, 1);
	dwarf_close (d);
	prog_free (&p);
}

/* Abbreviation codes past the direct index are found by a binary
   search, the first of equal codes as a walk would find it.  */
static void
test_big_codes (void)
{
	struct prog p;
	struct buf *ab, *in;
	const struct dwarf_funcs *fs;
	struct dwarf *d;
	size_t u;

	memset (&p, 0, sizeof p);
	ab = &p.s[DWS_ABBREV];
	in = &p.s[DWS_INFO];
	abbrev (ab, 1, TAG_cu, 1, AT_name, F_string, 0);
	abbrev (ab, 900000, TAG_sub, 0, AT_name, F_string, AT_low, F_addr,
		AT_high, F_data8, 0);
	abbrev (ab, 70000, TAG_sub, 0, AT_low, F_addr, AT_high, F_data8,
		AT_name, F_string, 0);
	abbrev (ab, 900000, TAG_inl, 0, 0);	/* a duplicate: ignored */
	uleb (ab, 0);
	u = unit4 (in, 0);
	uleb (in, 1);
	str (in, "big.c");
	uleb (in, 70000);
	un (in, 0x4000, 8);
	un (in, 0x10, 8);
	str (in, "second");
	uleb (in, 900000);
	str (in, "first");
	un (in, 0x4010, 8);
	un (in, 0x10, 8);
	uleb (in, 0);
	patch_len (in, u);

	d = prog_open (&p);
	CU_ASSERT_FATAL (d != NULL);
	fs = dwarf_unit_funcs (d, 0);
	CU_ASSERT_FATAL (fs != NULL && fs->n == 2);
	CU_ASSERT_STRING_EQUAL (fs->v[0].name, "second");
	CU_ASSERT_STRING_EQUAL (fs->v[1].name, "first");
	CU_ASSERT_FALSE (fs->v[1].inlined);
	dwarf_close (d);
	prog_free (&p);
}

static void
test_no_info (void)
{
	struct dwarf_section s[DWS_COUNT];

	memset (s, 0, sizeof s);
	CU_ASSERT_PTR_NULL (dwarf_open (s, false));
	CU_ASSERT_EQUAL (dwarf_units (NULL), 0);
}

static const struct unit_test unit_tests[] = {
	{ "DWARF 5 rows, file 1 first, last row of an address", test_v5_rows },
	{ "DWARF 5 functions, inlined instance, abstract origin",
	  test_v5_funcs },
	{ "DWARF 4 file paths, file 0, sequence overlaps", test_v4_paths },
	{ "names: linkage names, DW_AT_name by language",
	  test_names_by_language },
	{ "strx, addrx, rnglistx, bases after their users",
	  test_indexed_forms },
	{ "truncated and flipped bytes", test_damaged },
	{ "units sharing one line table: the work budget",
	  test_shared_line_table },
	{ "a fan of specifications: visits counted", test_specification_fan },
	{ "abbreviation codes past 65535", test_big_codes },
	{ "no .debug_info", test_no_info },
	{ NULL, NULL }
};

int
main (void)
{
	return unit_run ("dwarf", unit_tests);
}
