/* dwarf.c - a decoder of the DWARF 2-5 line tables and function ranges.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   This part reads what the others share: the unit list (every unit
   header of .debug_info and its first entry: line table offset,
   compilation directory, language, base address, the bases of the
   DWARF 5 index tables) and range lists.  forms.c reads abbreviation
   tables and attribute values, line.c runs line programs, func.c
   reads the functions of a unit.  Each unit is decoded when first
   asked for, so a caller that needs the lines of a few functions reads
   a few units.  */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gprof/dwarf/private.h"
#include "gprof/util/hindex.h"

const char *const dwarf_section_names[DWS_COUNT] = {
	".debug_info", ".debug_abbrev", ".debug_line", ".debug_str",
	".debug_line_str", ".debug_str_offsets", ".debug_addr",
	".debug_ranges", ".debug_rnglists"
};

/* ------------------------------------------------------------------ */
/* The unit list */

/* Reads the first entry of U: twice, since the DWARF 5 bases may come
   after the indexed attributes that need them.  */
static void
read_root (struct dwarf *d, struct unit *u)
{
	const struct abbrev *ab;
	struct abbrevs *a;
	int pass;

	u->root_read = true;
	a = dwarf_abbrevs (d, u);
	for (pass = 0; pass < 2; pass++) {
		struct rd r;
		uint32_t i;

		rd_init (&r, d->s[DWS_INFO].data + u->die,
			 (size_t) (u->end - u->die), d->be);
		ab = dwarf_abbrev_find (a, rd_uleb (&r));
		if (!ab || r.err)
			return;
		for (i = 0; i < ab->nspecs; i++) {
			const struct attr_spec *sp = &a->specs[ab->first + i];
			struct value v;

			if (!dwarf_read_value (d, u, &r, sp->form, sp->implicit,
					 pass == 1, &v))
				return;
			if (pass == 0) {
				if (sp->name == AT_str_offsets_base && v.is_int)
					u->str_offsets_base = v.u;
				else if (sp->name == AT_addr_base && v.is_int)
					u->addr_base = v.u;
				else if (sp->name == AT_rnglists_base
					 && v.is_int)
					u->rnglists_base = v.u;
				continue;
			}
			switch (sp->name) {
			case AT_stmt_list:
				if (v.is_int) {
					u->has_stmt_list = true;
					u->stmt_list = v.u;
				}
				break;
			case AT_comp_dir:
				if (v.is_str)
					u->comp_dir = v.str;
				break;
			case AT_language:
				if (v.is_int)
					u->lang = (uint32_t) v.u;
				break;
			case AT_low_pc:
				if (v.is_int) {
					u->base = v.u;
					u->has_low = true;
				}
				break;
			case AT_high_pc:
				if (v.is_int) {
					u->high = v.u;
					u->high_relative = v.form != FORM_addr
						&& !(v.form >= FORM_addrx1
						     && v.form <= FORM_addrx4)
						&& v.form != FORM_addrx;
				}
				break;
			case AT_ranges:
				if (v.is_int) {
					u->has_ranges = true;
					u->ranges = v.u;
					if (v.form == FORM_rnglistx)
						u->ranges = UINT64_MAX - v.u;
				}
				break;
			default:
				break;
			}
		}
	}
}

struct dwarf *
dwarf_open (const struct dwarf_section secs[DWS_COUNT], bool big_endian)
{
	const struct dwarf_section *info = &secs[DWS_INFO];
	struct dwarf *d;
	uint64_t off = 0;
	size_t cap = 0, i;

	if (!info->data || info->size == 0)
		return NULL;
	d = XCNEW (struct dwarf);
	memcpy (d->s, secs, sizeof d->s);
	d->be = big_endian;
	/* Sixteen steps a byte: decoding every unit several times over
	   (gprof -l and -A release and decode units again) stays far
	   inside it.  */
	d->budget = 65536;
	for (i = 0; i < DWS_COUNT; i++)
		d->budget += 16 * (uint64_t) secs[i].size;
	while (off + 11 <= info->size) {
		struct unit u;
		struct rd r;
		uint64_t len;
		unsigned int type = UT_compile;

		memset (&u, 0, sizeof u);
		rd_init (&r, info->data + off, (size_t) (info->size - off),
			 big_endian);
		len = rd_uint (&r, 4);
		u.offset_size = 4;
		if (len == 0xffffffff) {
			len = rd_uint (&r, 8);
			u.offset_size = 8;
		} else if (len >= 0xfffffff0) {
			break;			/* reserved: cannot go on */
		}
		if (r.err || len > (uint64_t) (r.end - r.p) || len < 2)
			break;
		u.offset = off;
		u.end = (uint64_t) (r.p - info->data) + len;
		r.end = info->data + u.end;
		u.version = (uint16_t) rd_uint (&r, 2);
		if (u.version >= 5) {
			type = (unsigned int) rd_uint (&r, 1);
			u.addr_size = (uint8_t) rd_uint (&r, 1);
			u.abbrev_offset = rd_uint (&r, u.offset_size);
			if (type == UT_skeleton || type == UT_split_compile)
				rd_skip (&r, 8);
			else if (type == UT_type || type == UT_split_type)
				rd_skip (&r, 8 + u.offset_size);
		} else {
			u.abbrev_offset = rd_uint (&r, u.offset_size);
			u.addr_size = (uint8_t) rd_uint (&r, 1);
		}
		u.die = (uint64_t) (r.p - info->data);
		off = u.end;
		if (r.err || u.version < 2 || u.version > 5
		    || (u.addr_size != 4 && u.addr_size != 8)
		    || type == UT_type || type == UT_split_type)
			continue;
		if (d->nunits == cap) {
			cap = cap ? cap * 2 : 16;
			d->units = xrealloc (d->units, cap * sizeof *d->units);
		}
		d->units[d->nunits] = u;
		read_root (d, &d->units[d->nunits]);
		d->nunits++;
	}
	return d;
}

void
dwarf_close (struct dwarf *d)
{
	size_t i;

	if (!d)
		return;
	for (i = 0; i < d->nunits; i++)
		dwarf_unit_release (d, i);
	for (i = 0; i < d->ntables; i++) {
		free (d->tables[i]->v);
		free (d->tables[i]->specs);
		free (d->tables[i]->by_code);
		free (d->tables[i]->big);
		free (d->tables[i]);
	}
	free (d->tables);
	hindex_free (&d->table_index);
	free (d->units);
	free (d);
}

bool
dwarf_exhausted (const struct dwarf *d)
{
	return d->exhausted;
}

size_t
dwarf_units (const struct dwarf *d)
{
	return d ? d->nunits : 0;
}

void
dwarf_unit_release (struct dwarf *d, size_t i)
{
	struct unit *u = &d->units[i];
	uint32_t f;

	if (u->lines) {
		for (f = 0; f < u->lines->nfiles; f++)
			free (u->lines->files[f]);
		free (u->lines->files);
		free (u->lines->rows);
		free (u->lines->seqs);
		free (u->lines);
		u->lines = NULL;
	}
	u->lines_tried = false;
	if (u->funcs) {
		free (u->funcs->v);
		free (u->funcs->ranges);
		free (u->funcs);
		u->funcs = NULL;
	}
}

void
dwarf_range_push (struct range_vec *rv, uint64_t lo, uint64_t hi)
{
	if (rv->n == rv->cap) {
		rv->cap = rv->cap ? rv->cap * 2 : 8;
		rv->v = xrealloc (rv->v, rv->cap * sizeof *rv->v);
	}
	rv->v[rv->n].lo = lo;
	rv->v[rv->n].hi = hi;
	rv->n++;
}

/* The ranges of a DW_AT_ranges value OFF of unit U (OFF above
   UINT64_MAX - 2^32 stands for an index into the unit's rnglists
   offsets table), each passed to RANGE_PUSH.  */
void
dwarf_read_ranges (struct dwarf *d, const struct unit *u, uint64_t off,
	     struct range_vec *rv)
{
	uint64_t base = u->base;
	struct rd r;

	if (u->version <= 4) {
		const struct dwarf_section *s = &d->s[DWS_RANGES];
		uint64_t all = u->addr_size == 8 ? UINT64_MAX : 0xffffffffu;

		if (!s->data || off >= s->size)
			return;
		rd_init (&r, s->data + off, s->size - (size_t) off, d->be);
		for (;;) {
			uint64_t lo = rd_uint (&r, u->addr_size);
			uint64_t hi = rd_uint (&r, u->addr_size);

			if (r.err || (lo == 0 && hi == 0)
			    || !dwarf_charge (d, 1))
				return;
			if (lo == all)
				base = hi;
			else if (lo != hi)
				dwarf_range_push (rv, base + lo, base + hi);
		}
	}

	{
		const struct dwarf_section *s = &d->s[DWS_RNGLISTS];

		if (!s->data)
			return;
		if (off > UINT64_MAX - 0xffffffffu) {
			/* rnglistx: an index into the offsets after the
			   header, relative to the base.  */
			uint64_t idx = UINT64_MAX - off;
			uint64_t at = u->rnglists_base + idx * u->offset_size;

			if (idx > s->size || at >= s->size
			    || s->size - at < u->offset_size)
				return;
			rd_init (&r, s->data + at, u->offset_size, d->be);
			off = u->rnglists_base + rd_uint (&r, u->offset_size);
		}
		if (off >= s->size)
			return;
		rd_init (&r, s->data + off, s->size - (size_t) off, d->be);
		for (;;) {
			unsigned int kind = (unsigned int) rd_uint (&r, 1);
			uint64_t lo, hi;

			if (r.err || !dwarf_charge (d, 1))
				return;
			switch (kind) {
			case RLE_end_of_list:
				return;
			case RLE_base_addressx:
				base = dwarf_indexed_addr (d, u, rd_uleb (&r));
				continue;
			case RLE_base_address:
				base = rd_uint (&r, u->addr_size);
				continue;
			case RLE_startx_endx:
				lo = dwarf_indexed_addr (d, u, rd_uleb (&r));
				hi = dwarf_indexed_addr (d, u, rd_uleb (&r));
				break;
			case RLE_startx_length:
				lo = dwarf_indexed_addr (d, u, rd_uleb (&r));
				hi = lo + rd_uleb (&r);
				break;
			case RLE_offset_pair:
				lo = base + rd_uleb (&r);
				hi = base + rd_uleb (&r);
				break;
			case RLE_start_end:
				lo = rd_uint (&r, u->addr_size);
				hi = rd_uint (&r, u->addr_size);
				break;
			case RLE_start_length:
				lo = rd_uint (&r, u->addr_size);
				hi = lo + rd_uleb (&r);
				break;
			default:
				return;
			}
			if (r.err)
				return;
			if (lo != hi)
				dwarf_range_push (rv, lo, hi);
		}
	}
}

size_t
dwarf_unit_ranges (struct dwarf *d, size_t i, struct dwarf_range **out)
{
	const struct unit *u = &d->units[i];
	struct range_vec rv = { NULL, 0, 0 };
	uint64_t high = u->high;

	if (u->has_ranges)
		dwarf_read_ranges (d, u, u->ranges, &rv);
	if (u->high_relative)
		high += u->base;
	if (u->has_low && high > u->base)
		dwarf_range_push (&rv, u->base, high);
	*out = rv.v;
	return rv.n;
}

