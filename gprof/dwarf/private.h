/* private.h - what the parts of the DWARF decoder share.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   dwarf.c reads the units and range lists; forms.c abbreviation
   tables and attribute values; line.c runs line programs; func.c
   reads the functions of a unit.  */

#ifndef GPROF_DWARF_PRIVATE_H
#define GPROF_DWARF_PRIVATE_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "gprof/dwarf/dwarf.h"
#include "gprof/util/hindex.h"

/* The DWARF numbers the decoder uses.  */
enum {
	TAG_entry_point = 0x03, TAG_compile_unit = 0x11,
	TAG_inlined_subroutine = 0x1d, TAG_subprogram = 0x2e,
	TAG_partial_unit = 0x3c, TAG_skeleton_unit = 0x4a
};

enum {
	AT_name = 0x03, AT_stmt_list = 0x10, AT_low_pc = 0x11,
	AT_high_pc = 0x12, AT_language = 0x13, AT_comp_dir = 0x1b,
	AT_abstract_origin = 0x31, AT_specification = 0x47,
	AT_ranges = 0x55, AT_linkage_name = 0x6e, AT_str_offsets_base = 0x72,
	AT_addr_base = 0x73, AT_rnglists_base = 0x74,
	AT_MIPS_linkage_name = 0x2007
};

enum {
	FORM_addr = 0x01, FORM_block2 = 0x03, FORM_block4 = 0x04,
	FORM_data2 = 0x05, FORM_data4 = 0x06, FORM_data8 = 0x07,
	FORM_string = 0x08, FORM_block = 0x09, FORM_block1 = 0x0a,
	FORM_data1 = 0x0b, FORM_flag = 0x0c, FORM_sdata = 0x0d,
	FORM_strp = 0x0e, FORM_udata = 0x0f, FORM_ref_addr = 0x10,
	FORM_ref1 = 0x11, FORM_ref2 = 0x12, FORM_ref4 = 0x13,
	FORM_ref8 = 0x14, FORM_ref_udata = 0x15, FORM_indirect = 0x16,
	FORM_sec_offset = 0x17, FORM_exprloc = 0x18, FORM_flag_present = 0x19,
	FORM_strx = 0x1a, FORM_addrx = 0x1b, FORM_ref_sup4 = 0x1c,
	FORM_strp_sup = 0x1d, FORM_data16 = 0x1e, FORM_line_strp = 0x1f,
	FORM_ref_sig8 = 0x20, FORM_implicit_const = 0x21,
	FORM_loclistx = 0x22, FORM_rnglistx = 0x23, FORM_ref_sup8 = 0x24,
	FORM_strx1 = 0x25, FORM_strx2 = 0x26, FORM_strx3 = 0x27,
	FORM_strx4 = 0x28, FORM_addrx1 = 0x29, FORM_addrx2 = 0x2a,
	FORM_addrx3 = 0x2b, FORM_addrx4 = 0x2c,
	FORM_GNU_addr_index = 0x1f01, FORM_GNU_str_index = 0x1f02,
	FORM_GNU_ref_alt = 0x1f20, FORM_GNU_strp_alt = 0x1f21
};

enum {
	UT_compile = 1, UT_type = 2, UT_partial = 3, UT_skeleton = 4,
	UT_split_compile = 5, UT_split_type = 6
};

enum {
	LNS_copy = 1, LNS_advance_pc, LNS_advance_line, LNS_set_file,
	LNS_set_column, LNS_negate_stmt, LNS_set_basic_block,
	LNS_const_add_pc, LNS_fixed_advance_pc
};

enum {
	LNE_end_sequence = 1, LNE_set_address, LNE_define_file
};

enum { LNCT_path = 1, LNCT_directory_index = 2 };

enum {
	RLE_end_of_list, RLE_base_addressx, RLE_startx_endx,
	RLE_startx_length, RLE_offset_pair, RLE_base_address,
	RLE_start_end, RLE_start_length
};

/* ------------------------------------------------------------------ */
/* Reading bytes */

/* A cursor over [P, END).  Reading past END sets ERR and yields zeros,
   so a caller checks once after a group of reads.  */
struct rd {
	const unsigned char *p;
	const unsigned char *end;
	bool be;			/* big-endian target */
	bool err;
};

static inline void
rd_init (struct rd *r, const unsigned char *p, size_t n, bool be)
{
	r->p = p;
	r->end = p + n;
	r->be = be;
	r->err = false;
}

static inline bool
rd_need (struct rd *r, uint64_t n)
{
	if (r->err || n > (uint64_t) (r->end - r->p)) {
		r->err = true;
		r->p = r->end;
		return false;
	}
	return true;
}

static inline uint64_t
rd_uint (struct rd *r, unsigned int n)
{
	uint64_t v = 0;
	unsigned int i;

	if (!rd_need (r, n))
		return 0;
	for (i = 0; i < n; i++) {
		unsigned int b = r->p[r->be ? i : n - 1 - i];

		v = v << 8 | b;
	}
	r->p += n;
	return v;
}

static inline uint64_t
rd_uleb (struct rd *r)
{
	uint64_t v = 0;
	unsigned int shift = 0;

	while (r->p < r->end) {
		unsigned int b = *r->p++;

		if (shift < 64)
			v |= (uint64_t) (b & 0x7f) << shift;
		shift += 7;
		if (!(b & 0x80))
			return v;
	}
	r->err = true;
	return 0;
}

static inline int64_t
rd_sleb (struct rd *r)
{
	uint64_t v = 0;
	unsigned int shift = 0, b = 0;

	while (r->p < r->end) {
		b = *r->p++;
		if (shift < 64)
			v |= (uint64_t) (b & 0x7f) << shift;
		shift += 7;
		if (!(b & 0x80)) {
			if (shift < 64 && (b & 0x40))
				v |= ~(uint64_t) 0 << shift;
			return (int64_t) v;
		}
	}
	r->err = true;
	return 0;
}

/* A NUL-terminated string at the cursor, or NULL (and ERR) if the
   section ends first.  */
static inline const char *
rd_str (struct rd *r)
{
	const unsigned char *start = r->p, *nul;

	if (r->err)
		return NULL;
	nul = memchr (start, 0, (size_t) (r->end - start));
	if (!nul) {
		r->err = true;
		r->p = r->end;
		return NULL;
	}
	r->p = nul + 1;
	return (const char *) start;
}

static inline void
rd_skip (struct rd *r, uint64_t n)
{
	if (rd_need (r, n))
		r->p += n;
}

/* ------------------------------------------------------------------ */
/* Units and abbreviations */

struct attr_spec {
	uint16_t name;			/* DW_AT_* */
	uint16_t form;			/* DW_FORM_* */
	int64_t implicit;		/* value of DW_FORM_implicit_const */
};

struct abbrev {
	uint64_t code;
	uint16_t tag;
	bool children;
	bool fixed;			/* every form has a size known from
					   the unit header: an entry is
					   skipped in one step */
	uint32_t first;			/* its specs in abbrevs.specs */
	uint32_t nspecs;
	uint32_t size;			/* if FIXED: bytes of fixed forms, */
	uint16_t naddr;			/* plus this many addresses */
	uint16_t noffset;		/* and this many offsets */
};

struct abbrevs {
	uint64_t offset;		/* of the table in .debug_abbrev */
	struct abbrev *v;		/* in the order given */
	size_t n;
	struct attr_spec *specs;
	size_t nspecs;
	uint32_t *by_code;		/* code -> 1 + index, codes < ncodes */
	size_t ncodes;
	uint32_t *big;			/* indices of the others, by code
					   (then index) */
	size_t nbig;
	bool bad;			/* table ran off its section */
};

struct unit {
	uint64_t offset;		/* of the header in .debug_info */
	uint64_t end;			/* one past the unit */
	uint64_t die;			/* offset of its first entry */
	uint16_t version;
	uint8_t addr_size;
	uint8_t offset_size;		/* 4 or 8: 32- or 64-bit DWARF */
	uint64_t abbrev_offset;
	struct abbrevs *abbrevs;	/* read on first use */

	/* From the first entry.  */
	bool root_read;
	bool has_stmt_list;
	uint64_t stmt_list;
	const char *comp_dir;
	uint32_t lang;
	uint64_t base;			/* DW_AT_low_pc: base of its ranges */
	bool has_low;
	uint64_t high;
	bool high_relative;
	bool has_ranges;
	uint64_t ranges;		/* offset (already from an index) */
	uint64_t str_offsets_base;
	uint64_t addr_base;
	uint64_t rnglists_base;

	struct dwarf_lines *lines;	/* decoded on first use */
	bool lines_tried;
	struct dwarf_funcs *funcs;	/* read on first use */
};

struct dwarf {
	struct dwarf_section s[DWS_COUNT];
	bool be;
	struct unit *units;
	size_t nunits;
	struct abbrevs **tables;	/* every abbreviation table read */
	size_t ntables;
	struct hindex table_index;	/* TABLES by offset, once one is */
	uint64_t budget;		/* steps of work left (dwarf_charge) */
	bool exhausted;			/* the budget ran out */
};

/* Takes N steps of work from D's budget, or, if fewer are left, marks
   D exhausted and returns false: the caller stops decoding what it
   was decoding.  The budget grows with the size of the sections, so a
   real program never meets it; it is what stops a damaged or hostile
   file whose units share one line table, range list or chain of
   references from making the work quadratic or worse.  */
static inline bool
dwarf_charge (struct dwarf *d, uint64_t n)
{
	if (n > d->budget) {
		d->budget = 0;
		d->exhausted = true;
		return false;
	}
	d->budget -= n;
	return true;
}

/* ------------------------------------------------------------------ */
/* Attribute values */

/* What one attribute holds: a number (constants, addresses, offsets,
   references, indices) or a string.  */
struct value {
	uint16_t form;
	bool is_str;			/* libbfd's is_str_form */
	bool is_int;			/* libbfd's is_int_form (and rnglistx) */
	const char *str;		/* a string form's string (may be NULL
					   if it points outside its section) */
	uint64_t u;			/* a number form's number */
};

/* ------------------------------------------------------------------ */
/* Range lists */

struct range_vec {
	struct dwarf_range *v;
	size_t n, cap;
};

/* forms.c */
struct abbrevs *dwarf_abbrevs (struct dwarf *d, struct unit *u);
const struct abbrev *dwarf_abbrev_find (const struct abbrevs *a,
					uint64_t code);
bool dwarf_read_value (struct dwarf *d, const struct unit *u, struct rd *r,
		       unsigned int form, int64_t implicit, bool resolve,
		       struct value *v);
bool dwarf_skip_value (struct dwarf *d, const struct unit *u, struct rd *r,
		       const struct attr_spec *sp);
uint64_t dwarf_indexed_addr (struct dwarf *d, const struct unit *u,
			     uint64_t idx);
bool dwarf_plain_names (uint32_t lang);

/* dwarf.c */
void dwarf_range_push (struct range_vec *rv, uint64_t lo, uint64_t hi);
void dwarf_read_ranges (struct dwarf *d, const struct unit *u, uint64_t off,
			struct range_vec *rv);

#endif /* GPROF_DWARF_PRIVATE_H */
