/* func.c - the functions of a DWARF unit: ranges and names.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Subprograms, entry points and inlined subroutines, with the name
   libbfd gives each (it decides the function names of GNU gprof's
   line-level profile): DW_AT_linkage_name always, DW_AT_name when no
   name is known yet, following abstract origins and specifications in
   the order the attributes come; a name counts as final (libbfd's
   is_linkage) if it is a linkage name or the unit is in a C-like
   language.  Ranges are merged as libbfd merges them, since which
   function is innermost is decided by their lengths.  */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gprof/dwarf/private.h"

/* ------------------------------------------------------------------ */
/* Functions */

/* The unit that holds .debug_info offset OFF.  */
static struct unit *
unit_at (struct dwarf *d, uint64_t off)
{
	size_t lo = 0, hi = d->nunits;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (d->units[mid].offset <= off)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0 || off >= d->units[lo - 1].end)
		return NULL;
	return &d->units[lo - 1];
}

/* libbfd's find_abstract_instance: the entry a DW_AT_abstract_origin
   or DW_AT_specification of unit U points to gives its name (a linkage
   name always, DW_AT_name if no name is known yet) and its own
   specification is followed in turn.  */
static void
abstract_name (struct dwarf *d, struct unit *u, const struct value *ref,
	       unsigned int *visits, const char **name, bool *is_linkage)
{
	const struct abbrev *ab;
	struct abbrevs *a;
	uint64_t off;
	struct rd r;
	uint32_t i;

	/* Each entry may name several others: a limit on the depth
	   alone would let a damaged file branch exponentially.  */
	if (++*visits > 100 || !dwarf_charge (d, 1))
		return;
	if (ref->form == FORM_ref_addr) {
		off = ref->u;
		u = unit_at (d, off);
	} else if (ref->form == FORM_ref1 || ref->form == FORM_ref2
		   || ref->form == FORM_ref4 || ref->form == FORM_ref8
		   || ref->form == FORM_ref_udata) {
		off = u->offset + ref->u;
	} else {
		return;			/* another file's, or not a ref */
	}
	if (!u || off == 0 || off <= u->offset || off >= u->end)
		return;
	a = dwarf_abbrevs (d, u);
	rd_init (&r, d->s[DWS_INFO].data + off, (size_t) (u->end - off), d->be);
	ab = dwarf_abbrev_find (a, rd_uleb (&r));
	if (!ab || r.err)
		return;
	for (i = 0; i < ab->nspecs; i++) {
		const struct attr_spec *sp = &a->specs[ab->first + i];
		struct value v;

		if (!dwarf_read_value (d, u, &r, sp->form, sp->implicit, true, &v))
			return;
		switch (sp->name) {
		case AT_name:
			if (!*name && v.is_str && v.str) {
				*name = v.str;
				if (dwarf_plain_names (u->lang))
					*is_linkage = true;
			}
			break;
		case AT_specification:
			if (v.is_int)
				abstract_name (d, u, &v, visits, name,
					       is_linkage);
			break;
		case AT_linkage_name:
		case AT_MIPS_linkage_name:
			if (v.is_str && v.str) {
				*name = v.str;
				*is_linkage = true;
			}
			break;
		default:
			break;
		}
	}
}

struct func_vec {
	struct dwarf_func *v;
	size_t n, cap;
	struct range_vec ranges;
};

/* libbfd's arange_add on the ranges of F: an empty range is dropped,
   one that touches an existing range extends it, any other goes after
   the first.  */
static void
func_add_range (struct dwarf *d, struct func_vec *fv, struct dwarf_func *f,
		uint64_t lo, uint64_t hi)
{
	struct dwarf_range *r;
	uint32_t i;

	if (lo == hi || !dwarf_charge (d, f->nranges))
		return;
	r = f->nranges ? fv->ranges.v + f->first : NULL;
	for (i = 0; i < f->nranges; i++) {
		if (lo == r[i].hi) {
			r[i].hi = hi;
			return;
		}
		if (hi == r[i].lo) {
			r[i].lo = lo;
			return;
		}
	}
	/* The function's ranges are the last ones of the vector.  */
	dwarf_range_push (&fv->ranges, lo, hi);
	r = fv->ranges.v + f->first;
	if (f->nranges > 1) {
		struct dwarf_range t = r[f->nranges];

		memmove (r + 2, r + 1, (f->nranges - 1) * sizeof *r);
		r[1] = t;
	}
	f->nranges++;
}

/* Reads the attributes of a function entry AB at R.  */
static bool
read_func (struct dwarf *d, struct unit *u, struct rd *r,
	   const struct abbrevs *a, const struct abbrev *ab,
	   struct func_vec *fv)
{
	struct dwarf_func *f;
	uint64_t low = 0, high = 0;
	bool high_relative = false;
	uint32_t i;

	if (fv->n == fv->cap) {
		fv->cap = fv->cap ? fv->cap * 2 : 256;
		fv->v = xrealloc (fv->v, fv->cap * sizeof *fv->v);
	}
	f = &fv->v[fv->n++];
	memset (f, 0, sizeof *f);
	f->inlined = ab->tag == TAG_inlined_subroutine;
	f->first = (uint32_t) fv->ranges.n;
	for (i = 0; i < ab->nspecs; i++) {
		const struct attr_spec *sp = &a->specs[ab->first + i];
		struct value v;

		switch (sp->name) {
		case AT_abstract_origin: case AT_specification: case AT_name:
		case AT_linkage_name: case AT_MIPS_linkage_name:
		case AT_low_pc: case AT_high_pc: case AT_ranges:
			break;
		default:
			if (!dwarf_skip_value (d, u, r, sp))
				return false;
			continue;
		}
		if (!dwarf_read_value (d, u, r, sp->form, sp->implicit, true, &v))
			return false;
		switch (sp->name) {
		case AT_abstract_origin:
		case AT_specification:
			if (v.is_int) {
				unsigned int visits = 0;

				abstract_name (d, u, &v, &visits, &f->name,
					       &f->is_linkage);
			}
			break;
		case AT_name:
			if (!f->name && v.is_str && v.str) {
				f->name = v.str;
				if (dwarf_plain_names (u->lang))
					f->is_linkage = true;
			}
			break;
		case AT_linkage_name:
		case AT_MIPS_linkage_name:
			if (v.is_str && v.str) {
				f->name = v.str;
				f->is_linkage = true;
			}
			break;
		case AT_low_pc:
			if (v.is_int)
				low = v.u;
			break;
		case AT_high_pc:
			if (v.is_int) {
				high = v.u;
				high_relative = v.form != FORM_addr
					&& v.form != FORM_addrx
					&& v.form != FORM_GNU_addr_index
					&& !(v.form >= FORM_addrx1
					     && v.form <= FORM_addrx4);
			}
			break;
		case AT_ranges:
			if (v.is_int) {
				struct range_vec rv = { NULL, 0, 0 };
				size_t k;
				uint64_t off = v.form == FORM_rnglistx
					? UINT64_MAX - v.u : v.u;

				dwarf_read_ranges (d, u, off, &rv);
				for (k = 0; k < rv.n; k++)
					func_add_range (d, fv, f, rv.v[k].lo,
							rv.v[k].hi);
				free (rv.v);
			}
			break;
		default:
			break;
		}
	}
	if (high_relative)
		high += low;
	if (high != 0)
		func_add_range (d, fv, f, low, high);
	return true;
}

const struct dwarf_funcs *
dwarf_unit_funcs (struct dwarf *d, size_t i)
{
	struct unit *u = &d->units[i];
	struct func_vec fv;
	struct abbrevs *a;
	struct dwarf_funcs *out;
	struct rd r;
	int depth = 0;

	if (u->funcs)
		return u->funcs;
	memset (&fv, 0, sizeof fv);
	a = dwarf_abbrevs (d, u);
	rd_init (&r, d->s[DWS_INFO].data + u->die, (size_t) (u->end - u->die),
		 d->be);
	/* Every entry of the unit, the first one included (it is not a
	   function, and its children are).  */
	while (r.p < r.end && !a->bad) {
		uint64_t code = rd_uleb (&r);
		const struct abbrev *ab;
		uint32_t k;

		if (r.err || !dwarf_charge (d, 1))
			break;
		if (code == 0) {
			if (--depth <= 0)
				break;
			continue;
		}
		ab = dwarf_abbrev_find (a, code);
		if (!ab)
			break;
		if (ab->tag == TAG_subprogram || ab->tag == TAG_entry_point
		    || ab->tag == TAG_inlined_subroutine) {
			if (!read_func (d, u, &r, a, ab, &fv))
				break;
		} else if (ab->fixed) {
			rd_skip (&r, ab->size + (uint64_t) ab->naddr
				 * u->addr_size + (uint64_t) ab->noffset
				 * u->offset_size);
			if (r.err)
				break;
		} else {
			for (k = 0; k < ab->nspecs; k++)
				if (!dwarf_skip_value (d, u, &r,
						 &a->specs[ab->first + k]))
					break;
			if (k < ab->nspecs)
				break;
		}
		if (ab->children)
			depth++;
		else if (depth == 0)
			break;		/* a unit entry without children */
	}
	out = XCNEW (struct dwarf_funcs);
	out->v = fv.v;
	out->n = fv.n;
	out->ranges = fv.ranges.v;
	out->nranges = fv.ranges.n;
	u->funcs = out;
	return out;
}
