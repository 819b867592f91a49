/* forms.c - DWARF abbreviation tables and attribute values.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   How the bytes of a debugging information entry are read: its
   abbreviation (the table a unit names, read once and shared by the
   units that name it) gives each attribute's form, and the form how
   its value is read or skipped (strings and addresses perhaps through
   the DWARF 5 index tables of the unit, whose bases dwarf.c reads).
   dwarf.c's unit list, line.c and func.c read their entries through
   here.  */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gprof/dwarf/private.h"
#include "gprof/util/hindex.h"

/* ------------------------------------------------------------------ */
/* Abbreviation tables */

/* Adds the size of FORM to AB's, or marks AB variable.  (ref_addr
   is an address in DWARF 2 and an offset later: variable here.)  */
static void
fixed_size (struct abbrev *ab, unsigned int form)
{
	switch (form) {
	case FORM_flag_present: case FORM_implicit_const:
		break;
	case FORM_data1: case FORM_ref1: case FORM_flag: case FORM_strx1:
	case FORM_addrx1:
		ab->size += 1;
		break;
	case FORM_data2: case FORM_ref2: case FORM_strx2: case FORM_addrx2:
		ab->size += 2;
		break;
	case FORM_strx3: case FORM_addrx3:
		ab->size += 3;
		break;
	case FORM_data4: case FORM_ref4: case FORM_strx4: case FORM_addrx4:
	case FORM_ref_sup4:
		ab->size += 4;
		break;
	case FORM_data8: case FORM_ref8: case FORM_ref_sig8:
	case FORM_ref_sup8:
		ab->size += 8;
		break;
	case FORM_data16:
		ab->size += 16;
		break;
	case FORM_addr:
		ab->naddr++;
		break;
	case FORM_strp: case FORM_line_strp: case FORM_sec_offset:
	case FORM_strp_sup:
		ab->noffset++;
		break;
	default:
		ab->fixed = false;
		break;
	}
}

/* A big code of a table, and where it is, for the sort by code.  */
struct big_code {
	uint64_t code;			/* the abbreviation's code */
	uint32_t at;			/* its index in the table */
};

static int
cmp_big (const void *l, const void *r)
{
	const struct big_code *a = l, *b = r;

	if (a->code != b->code)
		return a->code < b->code ? -1 : 1;
	return a->at < b->at ? -1 : a->at > b->at;
}

static size_t
table_hash (const void *arg, size_t i)
{
	return hindex_hash (((const struct dwarf *) arg)->tables[i]->offset);
}

/* The slot of the table at OFFSET in D's index: the one that holds it,
   or the free one where it goes.  */
static size_t
table_slot (const struct dwarf *d, uint64_t offset)
{
	size_t s;

	for (s = hindex_first (&d->table_index, hindex_hash (offset));
	     d->table_index.slot[s]; s = hindex_next (&d->table_index, s))
		if (d->tables[d->table_index.slot[s] - 1]->offset == offset)
			break;
	return s;
}

/* The abbreviation table at OFFSET, read the first time a unit asks
   for it: units usually have one each, but may all share one, and
   either way each is read once and found in constant time.  */
static struct abbrevs *
abbrevs_read (struct dwarf *d, uint64_t offset)
{
	struct abbrevs *a;
	size_t i, cap = 0, scap = 0, slot;
	struct rd r;

	if (!d->table_index.slot)
		hindex_init (&d->table_index, 16);
	slot = table_slot (d, offset);
	if (d->table_index.slot[slot])
		return d->tables[d->table_index.slot[slot] - 1];
	a = XCNEW (struct abbrevs);
	a->offset = offset;
	if ((d->ntables & (d->ntables - 1)) == 0)
		d->tables = xrealloc (d->tables, (d->ntables ? 2 * d->ntables
						  : 1) * sizeof *d->tables);
	d->tables[d->ntables++] = a;
	hindex_put (&d->table_index, slot, d->ntables - 1, d->ntables,
		    table_hash, d);
	if (offset >= d->s[DWS_ABBREV].size) {
		a->bad = true;
		return a;
	}
	rd_init (&r, d->s[DWS_ABBREV].data + offset,
		 d->s[DWS_ABBREV].size - offset, d->be);
	for (;;) {
		uint64_t code = rd_uleb (&r);
		struct abbrev *ab;

		if (r.err || code == 0)
			break;
		if (a->n == cap) {
			cap = cap ? cap * 2 : 64;
			a->v = xrealloc (a->v, cap * sizeof *a->v);
		}
		ab = &a->v[a->n++];
		ab->code = code;
		ab->tag = (uint16_t) rd_uleb (&r);
		ab->children = rd_uint (&r, 1) != 0;
		ab->first = (uint32_t) a->nspecs;
		ab->nspecs = 0;
		ab->fixed = true;
		ab->size = 0;
		ab->naddr = ab->noffset = 0;
		for (;;) {
			uint64_t name = rd_uleb (&r), form = rd_uleb (&r);
			struct attr_spec *sp;

			if (r.err || (name == 0 && form == 0))
				break;
			if (a->nspecs == scap) {
				scap = scap ? scap * 2 : 256;
				a->specs = xrealloc (a->specs,
						     scap * sizeof *a->specs);
			}
			sp = &a->specs[a->nspecs++];
			sp->name = (uint16_t) name;
			sp->form = (uint16_t) form;
			sp->implicit = form == FORM_implicit_const
				? rd_sleb (&r) : 0;
			ab->nspecs++;
			fixed_size (ab, (unsigned int) form);
		}
	}
	a->bad = r.err;
	/* Codes are nearly always 1..n: a direct index.  */
	for (i = 0; i < a->n; i++)
		if (a->v[i].code < 65536 && a->v[i].code >= a->ncodes)
			a->ncodes = (size_t) a->v[i].code + 1;
	a->by_code = XCNEWVEC (uint32_t, a->ncodes ? a->ncodes : 1);
	for (i = a->n; i-- > 0;)
		if (a->v[i].code < a->ncodes)
			a->by_code[a->v[i].code] = (uint32_t) i + 1;
		else
			a->nbig++;
	/* ... and the rest, if a producer numbers that high, in a list
	   sorted for a binary search.  */
	if (a->nbig) {
		struct big_code *big = XNEWVEC (struct big_code, a->nbig);
		size_t k = 0;

		for (i = 0; i < a->n; i++)
			if (a->v[i].code >= a->ncodes) {
				big[k].code = a->v[i].code;
				big[k++].at = (uint32_t) i;
			}
		qsort (big, a->nbig, sizeof *big, cmp_big);
		a->big = XNEWVEC (uint32_t, a->nbig);
		for (k = 0; k < a->nbig; k++)
			a->big[k] = big[k].at;
		free (big);
	}
	return a;
}

const struct abbrev *
dwarf_abbrev_find (const struct abbrevs *a, uint64_t code)
{
	size_t lo = 0, hi = a->nbig;

	if (code < a->ncodes)
		return a->by_code[code] ? &a->v[a->by_code[code] - 1] : NULL;
	/* The first entry with CODE, as a walk in table order finds.  */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (a->v[a->big[mid]].code < code)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < a->nbig && a->v[a->big[lo]].code == code)
		return &a->v[a->big[lo]];
	return NULL;
}

struct abbrevs *
dwarf_abbrevs (struct dwarf *d, struct unit *u)
{
	if (!u->abbrevs)
		u->abbrevs = abbrevs_read (d, u->abbrev_offset);
	return u->abbrevs;
}

static const char *
str_at (const struct dwarf_section *s, uint64_t off)
{
	const unsigned char *nul;

	if (!s->data || off >= s->size)
		return NULL;
	nul = memchr (s->data + off, 0, s->size - (size_t) off);
	return nul ? (const char *) s->data + off : NULL;
}

static const char *
indexed_str (struct dwarf *d, const struct unit *u, uint64_t idx)
{
	const struct dwarf_section *so = &d->s[DWS_STR_OFFSETS];
	uint64_t off = u->str_offsets_base + idx * u->offset_size;
	struct rd r;

	if (!so->data || idx > so->size || off >= so->size
	    || so->size - off < u->offset_size)
		return NULL;
	rd_init (&r, so->data + off, u->offset_size, d->be);
	return str_at (&d->s[DWS_STR], rd_uint (&r, u->offset_size));
}

uint64_t
dwarf_indexed_addr (struct dwarf *d, const struct unit *u, uint64_t idx)
{
	const struct dwarf_section *sa = &d->s[DWS_ADDR];
	uint64_t off = u->addr_base + idx * u->addr_size;
	struct rd r;

	if (!sa->data || idx > sa->size || off >= sa->size
	    || sa->size - off < u->addr_size)
		return 0;
	rd_init (&r, sa->data + off, u->addr_size, d->be);
	return rd_uint (&r, u->addr_size);
}

/* Reads one attribute of FORM at R.  Indexed strings and addresses are
   looked up only if RESOLVE (the first entry of a unit is read twice:
   its bases may come after the attributes that need them).  Returns
   false on a form this decoder does not know (the rest of the unit
   cannot be read then).  */
bool
dwarf_read_value (struct dwarf *d, const struct unit *u, struct rd *r,
	    unsigned int form, int64_t implicit, bool resolve,
	    struct value *v)
{
	uint64_t n;

	memset (v, 0, sizeof *v);
	v->form = (uint16_t) form;
	switch (form) {
	case FORM_addr:
		v->u = rd_uint (r, u->addr_size);
		v->is_int = true;
		break;
	case FORM_data1: case FORM_ref1: case FORM_flag:
		v->u = rd_uint (r, 1);
		v->is_int = true;
		break;
	case FORM_data2: case FORM_ref2:
		v->u = rd_uint (r, 2);
		v->is_int = true;
		break;
	case FORM_data4: case FORM_ref4: case FORM_ref_sup4:
		v->u = rd_uint (r, 4);
		v->is_int = form != FORM_ref_sup4;
		break;
	case FORM_data8: case FORM_ref8: case FORM_ref_sig8:
	case FORM_ref_sup8:
		v->u = rd_uint (r, 8);
		v->is_int = form != FORM_ref_sup8;
		break;
	case FORM_data16:
		rd_skip (r, 16);
		break;
	case FORM_sdata:
		v->u = (uint64_t) rd_sleb (r);
		v->is_int = true;
		break;
	case FORM_udata: case FORM_ref_udata:
		v->u = rd_uleb (r);
		v->is_int = true;
		break;
	case FORM_implicit_const:
		v->u = (uint64_t) implicit;
		v->is_int = true;
		break;
	case FORM_flag_present:
		v->u = 1;
		v->is_int = true;
		break;
	case FORM_ref_addr:
		v->u = rd_uint (r, u->version <= 2 ? u->addr_size
				: u->offset_size);
		v->is_int = true;
		break;
	case FORM_sec_offset: case FORM_GNU_ref_alt:
		v->u = rd_uint (r, u->offset_size);
		v->is_int = true;
		break;
	case FORM_strp: case FORM_line_strp: case FORM_strp_sup:
	case FORM_GNU_strp_alt:
		n = rd_uint (r, u->offset_size);
		v->is_str = true;
		if (form == FORM_strp)
			v->str = str_at (&d->s[DWS_STR], n);
		else if (form == FORM_line_strp)
			v->str = str_at (&d->s[DWS_LINE_STR], n);
		break;
	case FORM_string:
		v->str = rd_str (r);
		v->is_str = true;
		break;
	case FORM_strx: case FORM_GNU_str_index:
	case FORM_strx1: case FORM_strx2: case FORM_strx3: case FORM_strx4:
		n = form == FORM_strx1 ? rd_uint (r, 1)
			: form == FORM_strx2 ? rd_uint (r, 2)
			: form == FORM_strx3 ? rd_uint (r, 3)
			: form == FORM_strx4 ? rd_uint (r, 4) : rd_uleb (r);
		v->is_str = true;
		v->u = n;
		if (resolve)
			v->str = indexed_str (d, u, n);
		break;
	case FORM_addrx: case FORM_GNU_addr_index:
	case FORM_addrx1: case FORM_addrx2: case FORM_addrx3:
	case FORM_addrx4:
		n = form == FORM_addrx1 ? rd_uint (r, 1)
			: form == FORM_addrx2 ? rd_uint (r, 2)
			: form == FORM_addrx3 ? rd_uint (r, 3)
			: form == FORM_addrx4 ? rd_uint (r, 4) : rd_uleb (r);
		v->is_int = true;
		v->u = resolve ? dwarf_indexed_addr (d, u, n) : n;
		break;
	case FORM_loclistx: case FORM_rnglistx:
		v->u = rd_uleb (r);
		v->is_int = form == FORM_rnglistx;
		break;
	case FORM_block1:
		rd_skip (r, rd_uint (r, 1));
		break;
	case FORM_block2:
		rd_skip (r, rd_uint (r, 2));
		break;
	case FORM_block4:
		rd_skip (r, rd_uint (r, 4));
		break;
	case FORM_block: case FORM_exprloc:
		rd_skip (r, rd_uleb (r));
		break;
	case FORM_indirect:
		form = (unsigned int) rd_uleb (r);
		if (r->err || form == FORM_indirect)
			return false;
		return dwarf_read_value (d, u, r, form, 0, resolve, v);
	default:
		return false;
	}
	return !r->err;
}

/* Skips one attribute; the common forms without a call.  */
bool
dwarf_skip_value (struct dwarf *d, const struct unit *u, struct rd *r,
	    const struct attr_spec *sp)
{
	struct value v;

	switch (sp->form) {
	case FORM_data1: case FORM_ref1: case FORM_flag: case FORM_strx1:
	case FORM_addrx1:
		rd_skip (r, 1);
		return !r->err;
	case FORM_data2: case FORM_ref2: case FORM_strx2: case FORM_addrx2:
		rd_skip (r, 2);
		return !r->err;
	case FORM_data4: case FORM_ref4: case FORM_strx4: case FORM_addrx4:
	case FORM_ref_sup4:
		rd_skip (r, 4);
		return !r->err;
	case FORM_data8: case FORM_ref8: case FORM_ref_sig8:
		rd_skip (r, 8);
		return !r->err;
	case FORM_strp: case FORM_line_strp: case FORM_sec_offset:
		rd_skip (r, u->offset_size);
		return !r->err;
	case FORM_addr:
		rd_skip (r, u->addr_size);
		return !r->err;
	case FORM_flag_present: case FORM_implicit_const:
		return true;
	case FORM_exprloc: case FORM_block:
		rd_skip (r, rd_uleb (r));
		return !r->err;
	case FORM_udata: case FORM_ref_udata: case FORM_sdata:
		while (r->p < r->end && (*r->p & 0x80))
			r->p++;
		rd_skip (r, 1);
		return !r->err;
	default:
		return dwarf_read_value (d, u, r, sp->form, sp->implicit, false, &v);
	}
}

/* The C-like languages, for which libbfd takes DW_AT_name as the name
   to report (it demangles nothing there).  */
bool
dwarf_plain_names (uint32_t lang)
{
	switch (lang) {
	case 0x01: case 0x02: case 0x05: case 0x06: case 0x07: case 0x09:
	case 0x0c: case 0x0f: case 0x12: case 0x1d: case 0x8001:
	case 0x8765: case 0x8004: case 0x8006: case 0x8007:
		return true;
	default:
		return false;
	}
}
