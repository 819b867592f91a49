/* test_frames.c - unit tests of the functions' ranges of a stripped
   object: the call frame information reader (gprof/dwarf/frames.c)
   and the boundaries made of it (gprof/symbols/bounds.c).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Each test assembles an .eh_frame or .debug_frame byte by byte (CIEs
   with their augmentations, FDEs in each address encoding, 32- and
   64-bit DWARF, either byte order) and checks the ranges read, then
   damaged sections, which end the walk without reading out of bounds
   (the sanitizer build runs this too).  The boundaries: a symbol ends
   at its size, an FDE where no symbol starts is a function of its
   own, the gaps are functions, alignment padding stays with the
   function before.  */

#include <config.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gprof/symbols/bounds.h"
#include "gprof/dwarf/dwarf.h"
#include "tests/unit/cunit_main.h"

/* ------------------------------------------------------------------ */
/* Assembling sections */

struct buf {
	unsigned char p[4096];		/* the section */
	size_t n;			/* its bytes so far */
	bool be;			/* written big-endian */
};

static void
un (struct buf *b, uint64_t v, unsigned int n)
{
	unsigned int i;

	CU_ASSERT_FATAL (b->n + n <= sizeof b->p);
	for (i = 0; i < n; i++)
		b->p[b->n + i] = (unsigned char)
			(v >> (8 * (b->be ? n - 1 - i : i)));
	b->n += n;
}

static void
uleb (struct buf *b, uint64_t v)
{
	do {
		unsigned int c = v & 0x7f;

		v >>= 7;
		un (b, c | (v ? 0x80 : 0), 1);
	} while (v);
}

static void
str (struct buf *b, const char *s)
{
	size_t len = strlen (s) + 1;

	CU_ASSERT_FATAL (b->n + len <= sizeof b->p);
	memcpy (b->p + b->n, s, len);
	b->n += len;
}

/* Starts a record: a 4-byte length (or 0xffffffff and 8 bytes, WIDE),
   patched by rec_end; returns where its length counts from.  */
static size_t
rec_begin (struct buf *b, bool wide, size_t *len_at)
{
	if (wide)
		un (b, UINT32_MAX, 4);
	*len_at = b->n;
	un (b, 0, wide ? 8 : 4);
	return b->n;
}

static void
rec_end (struct buf *b, bool wide, size_t len_at, size_t start)
{
	size_t end = b->n;

	b->n = len_at;
	un (b, end - start, wide ? 8 : 4);
	b->n = end;
}

/* A CIE of .eh_frame with augmentation AUG whose data is DATA[0..N)
   (after its length); returns its offset.  */
static size_t
eh_cie (struct buf *b, const char *aug, const unsigned char *data,
	size_t n)
{
	size_t off = b->n, len_at, start = rec_begin (b, false, &len_at);
	size_t i;

	un (b, 0, 4);			/* CIE id */
	un (b, 1, 1);			/* version */
	str (b, aug);
	uleb (b, 1);			/* code alignment */
	un (b, 0x78, 1);		/* data alignment -8 */
	un (b, 16, 1);			/* return address register */
	if (aug[0] == 'z') {
		uleb (b, n);
		for (i = 0; i < n; i++)
			un (b, data[i], 1);
	}
	un (b, 0, 3);			/* DW_CFA_nop padding */
	rec_end (b, false, len_at, start);
	return off;
}

/* An FDE of .eh_frame for CIE at CIE_OFF, pc-relative 4-byte start
   (the section at SEC_ADDR) for [LO, LO + LEN), with an augmentation
   length if Z.  */
static void
eh_fde_pcrel (struct buf *b, size_t cie_off, uint64_t sec_addr, uint64_t lo,
	      uint64_t len, bool z)
{
	size_t len_at, start = rec_begin (b, false, &len_at);

	un (b, b->n - cie_off, 4);	/* back to the CIE */
	un (b, (uint32_t) (lo - (sec_addr + b->n)), 4);
	un (b, len, 4);
	if (z)
		uleb (b, 0);
	rec_end (b, false, len_at, start);
}

static size_t
frames (const struct buf *b, uint64_t addr, bool eh, unsigned int addr_size,
	struct dwarf_range **out, bool *damaged)
{
	struct dwarf_frame_input in = {
		.data = b->p, .size = b->n, .addr = addr, .eh = eh,
		.big_endian = b->be, .addr_size = addr_size,
	};

	return dwarf_frame_ranges (&in, out, damaged);
}

#define RANGE(v, i, l, h) do { \
	CU_ASSERT_EQUAL ((v)[i].lo, (l)); \
	CU_ASSERT_EQUAL ((v)[i].hi, (h)); \
} while (0)

/* ------------------------------------------------------------------ */
/* .eh_frame */

/* gcc's: "zR", pc-relative signed 4-byte addresses, a terminator.  */
static void
test_eh_zr (void)
{
	static const unsigned char r[] = { 0x1b };
	struct buf b = { .n = 0 };
	struct dwarf_range *v;
	bool damaged;
	size_t cie = eh_cie (&b, "zR", r, 1), n;

	eh_fde_pcrel (&b, cie, 0x2000, 0x1040, 0x30, true);
	eh_fde_pcrel (&b, cie, 0x2000, 0x1000, 0x20, true);
	un (&b, 0, 4);			/* terminator */
	/* After the terminator: not read.  */
	eh_fde_pcrel (&b, cie, 0x2000, 0x5000, 0x10, true);
	n = frames (&b, 0x2000, true, 8, &v, &damaged);
	CU_ASSERT_FALSE (damaged);
	CU_ASSERT_EQUAL_FATAL (n, 2);
	RANGE (v, 0, 0x1040, 0x1070);	/* in the section's order */
	RANGE (v, 1, 0x1000, 0x1020);
	free (v);
}

/* A C++ function's CIE: a personality routine (indirect, pc-relative)
   and an LSDA encoding before 'R'; a second CIE in between.  */
static void
test_eh_zplr (void)
{
	static const unsigned char plr[] = {
		0x9b, 0x11, 0x22, 0x33, 0x44,	/* P: encoding, pointer */
		0x1b,				/* L */
		0x1b				/* R */
	};
	static const unsigned char r[] = { 0x1b };
	struct buf b = { .n = 0 };
	struct dwarf_range *v;
	bool damaged;
	size_t c1 = eh_cie (&b, "zPLR", plr, sizeof plr), c2, n;

	eh_fde_pcrel (&b, c1, 0x400000, 0x401000, 0x100, true);
	c2 = eh_cie (&b, "zR", r, 1);
	eh_fde_pcrel (&b, c2, 0x400000, 0x401100, 0x80, true);
	eh_fde_pcrel (&b, c1, 0x400000, 0x401180, 0x40, true);
	n = frames (&b, 0x400000, true, 8, &v, &damaged);
	CU_ASSERT_FALSE (damaged);
	CU_ASSERT_EQUAL_FATAL (n, 3);
	RANGE (v, 0, 0x401000, 0x401100);
	RANGE (v, 1, 0x401100, 0x401180);
	RANGE (v, 2, 0x401180, 0x4011c0);
	free (v);
}

/* Absolute 8-byte addresses (no augmentation), big-endian; and a
   32-bit target whose pc-relative addresses wrap at 32 bits.  */
static void
test_eh_absptr_and_32bit (void)
{
	static const unsigned char r[] = { 0x1b };
	struct buf b = { .n = 0, .be = true };
	struct dwarf_range *v;
	bool damaged;
	size_t cie = eh_cie (&b, "", NULL, 0), n, len_at, start;

	start = rec_begin (&b, false, &len_at);
	un (&b, b.n - cie, 4);
	un (&b, 0x123456789a0, 8);
	un (&b, 0x44, 8);
	rec_end (&b, false, len_at, start);
	n = frames (&b, 0x1000, true, 8, &v, &damaged);
	CU_ASSERT_FALSE (damaged);
	CU_ASSERT_EQUAL_FATAL (n, 1);
	RANGE (v, 0, 0x123456789a0, 0x123456789e4);
	free (v);

	/* The section high in a 32-bit space, the code low: the
	   difference wraps.  */
	b = (struct buf) { .n = 0 };
	cie = eh_cie (&b, "zR", r, 1);
	eh_fde_pcrel (&b, cie, 0xfffff000, 0x100, 0x10, true);
	n = frames (&b, 0xfffff000, true, 4, &v, &damaged);
	CU_ASSERT_EQUAL_FATAL (n, 1);
	RANGE (v, 0, 0x100, 0x110);
	free (v);
}

/* Encodings no linker writes (text-relative, indirect) and unknown
   augmentations: their FDEs are left out, the others read.  */
static void
test_eh_unknown (void)
{
	static const unsigned char textrel[] = { 0x2b };
	static const unsigned char indirect[] = { 0x9b };
	static const unsigned char r_then_x[] = { 0x1b };
	static const unsigned char r[] = { 0x1b };
	struct buf b = { .n = 0 };
	struct dwarf_range *v;
	bool damaged;
	size_t c, n;
	char big[40];

	c = eh_cie (&b, "zR", textrel, 1);
	eh_fde_pcrel (&b, c, 0, 0x100, 0x10, true);
	c = eh_cie (&b, "zR", indirect, 1);
	eh_fde_pcrel (&b, c, 0, 0x200, 0x10, true);
	c = eh_cie (&b, "zXR", r, 1);		/* X before R: unknown */
	eh_fde_pcrel (&b, c, 0, 0x300, 0x10, true);
	c = eh_cie (&b, "zRX", r_then_x, 1);	/* R known first: read */
	eh_fde_pcrel (&b, c, 0, 0x400, 0x10, true);
	c = eh_cie (&b, "eh", NULL, 0);		/* no 'z': unknown */
	eh_fde_pcrel (&b, c, 0, 0x500, 0x10, false);
	/* Longer than any real one.  */
	memset (big, 'S', sizeof big - 1);
	big[0] = 'z';
	big[sizeof big - 1] = '\0';
	c = eh_cie (&b, big, r, 1);
	eh_fde_pcrel (&b, c, 0, 0x600, 0x10, true);
	c = eh_cie (&b, "zR", r, 1);
	eh_fde_pcrel (&b, c, 0, 0x700, 0, true);	/* empty */
	eh_fde_pcrel (&b, c, 0, 0x800, 0x10, true);
	n = frames (&b, 0, true, 8, &v, &damaged);
	CU_ASSERT_FALSE (damaged);
	CU_ASSERT_EQUAL_FATAL (n, 2);
	RANGE (v, 0, 0x400, 0x410);
	RANGE (v, 1, 0x800, 0x810);
	free (v);
}

/* Damage: an FDE whose CIE pointer points nowhere or at an FDE is left
   out; a record longer than the section ends the walk (damaged), the
   ranges before it kept; a section of a few bytes is padding.  */
static void
test_eh_damaged (void)
{
	static const unsigned char r[] = { 0x1b };
	struct buf b = { .n = 0 };
	struct dwarf_range *v;
	bool damaged;
	size_t cie = eh_cie (&b, "zR", r, 1), n, len_at, start, fde;

	fde = b.n;
	eh_fde_pcrel (&b, cie, 0, 0x100, 0x10, true);
	/* Its CIE pointer 1 GB back.  */
	start = rec_begin (&b, false, &len_at);
	un (&b, 0x40000000, 4);
	un (&b, 0, 8);
	rec_end (&b, false, len_at, start);
	/* ... at the FDE above.  */
	start = rec_begin (&b, false, &len_at);
	un (&b, b.n - fde, 4);
	un (&b, 0, 8);
	rec_end (&b, false, len_at, start);
	eh_fde_pcrel (&b, cie, 0, 0x200, 0x10, true);
	un (&b, 0x1000, 4);		/* a length past the end */
	un (&b, 0, 4);
	n = frames (&b, 0, true, 8, &v, &damaged);
	CU_ASSERT_TRUE (damaged);
	CU_ASSERT_EQUAL_FATAL (n, 2);
	RANGE (v, 0, 0x100, 0x110);
	RANGE (v, 1, 0x200, 0x210);
	free (v);

	/* A record cut inside its fields: nothing read past it.  */
	b.n = fde + 12;
	n = frames (&b, 0, true, 8, &v, &damaged);
	CU_ASSERT_TRUE (damaged);
	CU_ASSERT_EQUAL (n, 0);
	free (v);

	b.n = 3;
	n = frames (&b, 0, true, 8, &v, &damaged);
	CU_ASSERT_FALSE (damaged);
	CU_ASSERT_EQUAL (n, 0);
	CU_ASSERT_PTR_NULL (v);
	n = frames (&b, 0, true, 2, &v, &damaged);	/* no such size */
	CU_ASSERT_EQUAL (n, 0);
}

/* ------------------------------------------------------------------ */
/* .debug_frame */

/* A CIE of .debug_frame (32- or 64-bit DWARF, version VERSION);
   returns its offset.  */
static size_t
debug_cie (struct buf *b, bool wide, unsigned int version)
{
	size_t off = b->n, len_at, start = rec_begin (b, wide, &len_at);

	un (b, UINT64_MAX, wide ? 8 : 4);	/* CIE id */
	un (b, version, 1);
	str (b, "");
	if (version == 4) {
		un (b, 8, 1);		/* address size */
		un (b, 0, 1);		/* segment selector size */
	}
	uleb (b, 1);
	un (b, 0x78, 1);
	if (version == 1)
		un (b, 16, 1);
	else
		uleb (b, 16);
	rec_end (b, wide, len_at, start);
	return off;
}

static void
debug_fde (struct buf *b, bool wide, size_t cie, uint64_t lo, uint64_t len)
{
	size_t len_at, start = rec_begin (b, wide, &len_at);

	un (b, cie, wide ? 8 : 4);	/* the CIE's offset */
	un (b, lo, 8);
	un (b, len, 8);
	rec_end (b, wide, len_at, start);
}

static void
test_debug_frame (void)
{
	struct buf b = { .n = 0 };
	struct dwarf_range *v;
	bool damaged;
	size_t c1 = debug_cie (&b, false, 1), c3, c4, n;

	debug_fde (&b, false, c1, 0x1000, 0x20);
	un (&b, 0, 4);			/* padding: the walk goes on */
	c3 = debug_cie (&b, true, 3);
	debug_fde (&b, true, c3, 0x1100, 0x30);
	c4 = debug_cie (&b, false, 4);
	debug_fde (&b, false, c4, 0x1200, 0x40);
	debug_fde (&b, false, c1, 0x1300, 0x50);
	debug_fde (&b, false, 0x7fff, 0x1400, 0x60);	/* no CIE there */
	n = frames (&b, 0, false, 8, &v, &damaged);
	CU_ASSERT_FALSE (damaged);
	CU_ASSERT_EQUAL_FATAL (n, 4);
	RANGE (v, 0, 0x1000, 0x1020);
	RANGE (v, 1, 0x1100, 0x1130);
	RANGE (v, 2, 0x1200, 0x1240);
	RANGE (v, 3, 0x1300, 0x1350);
	free (v);

	/* Read as .eh_frame, the ids mean other things: whatever it
	   makes of them, it stays inside the section.  */
	n = frames (&b, 0, true, 8, &v, &damaged);
	CU_ASSERT (n <= 4);
	free (v);
}

/* ------------------------------------------------------------------ */
/* Boundaries (bounds.c) */

static struct sym
mk (uint64_t addr, uint64_t size, const char *name)
{
	struct sym s;

	sym_init (&s);
	s.addr = addr;
	s.end_addr = size ? addr + size - 1 : 0;
	s.name = name;
	s.is_func = 1;
	return s;
}

static const struct sym *
named (const struct sym *v, size_t n, const char *name)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp (v[i].name, name) == 0)
			return &v[i];
	CU_FAIL ("a function is missing");
	return NULL;
}

#define SPAN(v, n, name, lo, hi) do { \
	const struct sym *s_ = named ((v), (n), (name)); \
	CU_ASSERT_FATAL (s_ != NULL); \
	CU_ASSERT_EQUAL (s_->addr, (lo)); \
	CU_ASSERT_EQUAL (s_->end_addr, (hi) - 1); \
} while (0)

/* zlib's shape: a tiny exported function, the static code after it
   with FDEs of its own, an unsized symbol, a section with no symbol,
   a symbol outside the code.  */
static void
test_bounds (void)
{
	static const struct dwarf_range code[] = {
		{ 0x1000, 0x1017 },	/* .init */
		{ 0x1020, 0x1060 },	/* .plt */
		{ 0x1100, 0x1400 },	/* .text */
	};
	static const struct dwarf_range fdes[] = {
		{ 0x1020, 0x1060 },	/* the whole .plt */
		{ 0x1110, 0x111f },	/* tiny's own */
		{ 0x1120, 0x1190 },	/* a static function */
		{ 0x1130, 0x1140 },	/* inner's own */
		{ 0x1200, 0x1210 },	/* the unsized one's */
		{ 0x1300, 0x1308 },	/* with a gap after it */
		{ 0x2000, 0x2010 },	/* outside the code: ignored */
	};
	struct bounds_input in = {
		.code = code, .ncode = 3, .fdes = fdes, .nfdes = 7,
		.object = "libz.so.1",
	};
	struct sym *v = malloc (6 * sizeof *v);
	size_t n = 6, i;

	v[0] = mk (0x1110, 0xf, "tiny");
	v[1] = mk (0x1120, 0, "tiny2");		/* the static's alias */
	v[2] = mk (0x1200, 0, "unsized");
	v[3] = mk (0x1040, 0, "puts@plt");
	v[4] = mk (0x5000, 8, "data");
	v[5] = mk (0x1130, 0x10, "inner");	/* a symbol inside another */
	v = bounds_apply (v, &n, &in);
	SPAN (v, n, "tiny", 0x1110, 0x1120);	/* to the aligned next */
	SPAN (v, n, "tiny2", 0x1120, 0x1130);	/* cut by inner */
	SPAN (v, n, "inner", 0x1130, 0x1140);
	SPAN (v, n, "libz.so.1+0x1140", 0x1140, 0x1200);	/* gap */
	SPAN (v, n, "unsized", 0x1200, 0x1210);	/* its FDE's end */
	SPAN (v, n, "libz.so.1+0x1210", 0x1210, 0x1300);
	/* An FDE, padded; the rest; .text's start.  */
	SPAN (v, n, "libz.so.1+0x1300", 0x1300, 0x1310);
	SPAN (v, n, "libz.so.1+0x1310", 0x1310, 0x1400);
	SPAN (v, n, "libz.so.1+0x1100", 0x1100, 0x1110);
	SPAN (v, n, "libz.so.1+0x1000", 0x1000, 0x1017);	/* .init */
	SPAN (v, n, "libz.so.1+0x1020", 0x1020, 0x1040);	/* PLT0 */
	SPAN (v, n, "puts@plt", 0x1040, 0x1060);
	SPAN (v, n, "data", 0x5000, 0x5008);	/* as it came */
	CU_ASSERT_EQUAL (n, 13);
	for (i = 6; i < n; i++) {
		CU_ASSERT_TRUE (v[i].is_func && v[i].is_static);
		free ((char *) v[i].name);
	}
	free (v);
}

/* Without FDEs, a sized symbol followed by more than padding: the rest
   is a function of its own, never the symbol's.  */
static void
test_bounds_no_fdes (void)
{
	static const struct dwarf_range code[] = { { 0x4000, 0x5000 } };
	struct bounds_input in = {
		.code = code, .ncode = 1, .object = "a.so",
	};
	struct sym *v = malloc (2 * sizeof *v);
	size_t n = 2;

	v[0] = mk (0x4000, 0x3e, "crc32_combine_op");
	v[1] = mk (0x4c00, 0x20, "next");
	v = bounds_apply (v, &n, &in);
	CU_ASSERT_EQUAL_FATAL (n, 4);
	SPAN (v, n, "crc32_combine_op", 0x4000, 0x4040);
	SPAN (v, n, "a.so+0x4040", 0x4040, 0x4c00);
	SPAN (v, n, "next", 0x4c00, 0x4c20);
	SPAN (v, n, "a.so+0x4c20", 0x4c20, 0x5000);
	free ((char *) v[2].name);
	free ((char *) v[3].name);
	free (v);
}

static const struct unit_test unit_tests[] = {
	{ ".eh_frame: zR, pc-relative", test_eh_zr },
	{ ".eh_frame: zPLR, two CIEs", test_eh_zplr },
	{ ".eh_frame: absolute, big-endian, 32-bit",
	  test_eh_absptr_and_32bit },
	{ ".eh_frame: encodings and augmentations not read", test_eh_unknown },
	{ ".eh_frame: damaged", test_eh_damaged },
	{ ".debug_frame: versions 1, 3, 4, 32- and 64-bit", test_debug_frame },
	{ "boundaries of a stripped library", test_bounds },
	{ "boundaries without FDEs", test_bounds_no_fdes },
	{ NULL, NULL }
};

int
main (void)
{
	return unit_run ("frames", unit_tests);
}
