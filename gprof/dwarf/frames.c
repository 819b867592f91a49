/* frames.c - the functions' address ranges in call frame information.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   A stripped library keeps its unwind tables (.eh_frame): every
   function gcc compiles has a frame description entry (FDE) there,
   which gives the function's first address and length.  They are what
   tells where the functions without a symbol begin and end
   (gprof/symbols/bounds.c).  .debug_frame, the same records in DWARF's own
   layout, serves where .eh_frame is missing (-fno-asynchronous-unwind-
   tables -g, some embedded targets).

   Only the two addresses of each FDE are read: its CIE's augmentation
   says how they are encoded (the 'R' letter), nothing of the frame
   programs is decoded.  Every record is read inside its own length,
   which is inside the section; a damaged record ends the walk, and
   what was read before it stands.  The walk is linear: each record
   takes at least four bytes, and parsing a CIE reads a bounded prefix
   of it (an augmentation string longer than any real one is refused),
   so a section of many FDEs pointing at one big CIE costs no more
   than its bytes.  */

#include <config.h>

#include <stdlib.h>

#include <libiberty/libiberty.h>

#include "gprof/dwarf/private.h"

/* DW_EH_PE_*: how a pointer of .eh_frame is encoded.  */
enum {
	PE_absptr = 0x00, PE_uleb128 = 0x01, PE_udata2 = 0x02,
	PE_udata4 = 0x03, PE_udata8 = 0x04, PE_sleb128 = 0x09,
	PE_sdata2 = 0x0a, PE_sdata4 = 0x0b, PE_sdata8 = 0x0c,
	PE_pcrel = 0x10, PE_indirect = 0x80, PE_omit = 0xff
};

/* No real augmentation string comes near this ("zPLRSBG" is long).  */
#define AUG_MAX	16

/* What an FDE needs of its CIE.  */
struct cie {
	uint64_t offset;		/* of the CIE in the section */
	bool ok;			/* its FDEs can be read */
	unsigned int enc;		/* DW_EH_PE_* of their addresses */
	unsigned int addr_size;		/* bytes of an address */
};

/* The walk over one section.  */
struct frame_walk {
	const struct dwarf_frame_input *f;	/* the section */
	struct dwarf_range *v;		/* ranges found */
	size_t n;			/* how many */
	size_t cap;			/* room for this many */
	struct cie cie;			/* the CIE last parsed */
	bool cie_valid;			/* CIE holds one */
};

/* Reads a pointer of encoding ENC at R (whose field is at section
   offset AT) into *V; false if it cannot be read or ENC is one this
   reader does not resolve (relative to text, data or a function, or
   indirect: no FDE address of gcc's or clang's is).  RELATIVE_OK
   applies the encoding's base (an FDE's start), else only its format
   counts (a length).  */
static bool
read_pointer (struct rd *r, const struct frame_walk *w, unsigned int enc,
	      unsigned int addr_size, uint64_t at, bool relative_ok,
	      uint64_t *v)
{
	uint64_t x;

	if (enc == PE_omit)
		return false;
	switch (enc & 0x0f) {
	case PE_absptr:
		x = rd_uint (r, addr_size);
		break;
	case PE_uleb128:
		x = rd_uleb (r);
		break;
	case PE_udata2:
		x = rd_uint (r, 2);
		break;
	case PE_udata4:
		x = rd_uint (r, 4);
		break;
	case PE_udata8:
	case PE_sdata8:
		x = rd_uint (r, 8);
		break;
	case PE_sleb128:
		x = (uint64_t) rd_sleb (r);
		break;
	case PE_sdata2:
		x = (uint64_t) (int64_t) (int16_t) rd_uint (r, 2);
		break;
	case PE_sdata4:
		x = (uint64_t) (int64_t) (int32_t) rd_uint (r, 4);
		break;
	default:
		return false;
	}
	if (r->err)
		return false;
	if (relative_ok) {
		switch (enc & 0x70) {
		case 0:
			break;
		case PE_pcrel:
			x += w->f->addr + at;
			break;
		default:
			return false;
		}
		if (enc & PE_indirect)
			return false;
	}
	/* A 32-bit target's addresses wrap at 32 bits.  */
	if (addr_size < 8)
		x &= UINT32_MAX;
	*v = x;
	return true;
}

/* Skips a pointer of encoding ENC (a personality routine's); false if
   its size cannot be known.  */
static bool
skip_pointer (struct rd *r, unsigned int enc, unsigned int addr_size)
{
	switch (enc & 0x0f) {
	case PE_absptr:
		rd_skip (r, addr_size);
		break;
	case PE_uleb128:
		rd_uleb (r);
		break;
	case PE_sleb128:
		rd_sleb (r);
		break;
	case PE_udata2:
	case PE_sdata2:
		rd_skip (r, 2);
		break;
	case PE_udata4:
	case PE_sdata4:
		rd_skip (r, 4);
		break;
	case PE_udata8:
	case PE_sdata8:
		rd_skip (r, 8);
		break;
	default:
		return false;
	}
	return !r->err;
}

/* The augmentation of a CIE (R at its augmentation data, AUG its
   string): the FDEs' encoding, from 'R'.  Without a leading 'z' only
   the empty string is understood (nothing says how long the data of
   another is); with it, a letter this reader does not know ends the
   parse, which is still good if 'R' came before it.  */
static bool
read_augmentation (struct rd *r, const char *aug, struct cie *c)
{
	bool seen_r = false;
	const char *a;

	if (aug[0] == '\0')
		return true;
	if (aug[0] != 'z')
		return false;
	rd_uleb (r);
	for (a = aug + 1; *a; a++) {
		switch (*a) {
		case 'R':
			c->enc = (unsigned int) rd_uint (r, 1);
			seen_r = true;
			break;
		case 'L':
			rd_skip (r, 1);
			break;
		case 'P': {
			unsigned int penc = (unsigned int) rd_uint (r, 1);

			if (!skip_pointer (r, penc, c->addr_size))
				return false;
			break;
		}
		case 'S':
		case 'B':
		case 'G':
			break;
		default:
			return seen_r;
		}
		if (r->err)
			return false;
	}
	return true;
}

/* Parses the CIE of a record of section bytes [BODY, END) (after its
   id) at section offset OFF into W->cie.  */
static void
parse_cie (struct frame_walk *w, const unsigned char *body,
	   const unsigned char *end, uint64_t off)
{
	struct cie *c = &w->cie;
	char aug[AUG_MAX + 1];
	unsigned int version, i;
	struct rd r;

	*c = (struct cie) { .offset = off, .enc = PE_absptr,
			    .addr_size = w->f->addr_size };
	w->cie_valid = true;
	rd_init (&r, body, (size_t) (end - body), w->f->big_endian);
	version = (unsigned int) rd_uint (&r, 1);
	if (version != 1 && version != 3 && version != 4)
		return;
	for (i = 0; i <= AUG_MAX; i++) {
		aug[i] = (char) rd_uint (&r, 1);
		if (aug[i] == '\0' || r.err)
			break;
	}
	if (i > AUG_MAX || r.err)
		return;
	if (version == 4) {
		c->addr_size = (unsigned int) rd_uint (&r, 1);
		if (rd_uint (&r, 1) != 0 || (c->addr_size != 4
					     && c->addr_size != 8))
			return;	/* segmented addresses */
	}
	rd_uleb (&r);		/* code alignment */
	rd_sleb (&r);		/* data alignment */
	if (version == 1)
		rd_skip (&r, 1);
	else
		rd_uleb (&r);	/* return address register */
	if (r.err || !read_augmentation (&r, aug, c))
		return;
	/* .debug_frame has no augmentation that changes the addresses.  */
	if (!w->f->eh && c->enc != PE_absptr)
		return;
	c->ok = true;
}

static void
push (struct frame_walk *w, uint64_t lo, uint64_t len)
{
	if (len == 0 || lo + len < lo)
		return;
	if (w->n == w->cap) {
		w->cap = w->cap ? 2 * w->cap : 64;
		w->v = xrealloc (w->v, w->cap * sizeof *w->v);
	}
	w->v[w->n].lo = lo;
	w->v[w->n].hi = lo + len;
	w->n++;
}

/* The FDE of section bytes [BODY, END), whose CIE is at section
   offset CIE_OFF (or nowhere: CIE_OFF beyond the section).  */
static void
read_fde (struct frame_walk *w, const unsigned char *body,
	  const unsigned char *end, uint64_t cie_off)
{
	const struct dwarf_frame_input *f = w->f;
	uint64_t lo, len;
	struct rd r;

	if (cie_off >= f->size)
		return;
	if (!w->cie_valid || w->cie.offset != cie_off) {
		const unsigned char *c = f->data + cie_off;
		struct rd h;
		uint64_t clen, id;
		unsigned int osize = 4;

		/* The CIE's own header: its length and id.  */
		rd_init (&h, c, f->size - (size_t) cie_off, f->big_endian);
		clen = rd_uint (&h, 4);
		if (clen == UINT32_MAX) {
			clen = rd_uint (&h, 8);
			osize = 8;
		}
		if (h.err || clen > (uint64_t) (h.end - h.p) || clen < osize)
			return;
		id = rd_uint (&h, osize);
		if (f->eh ? id != 0 : id != (osize == 4 ? UINT32_MAX
					      : UINT64_MAX))
			return;
		parse_cie (w, h.p, h.p + (clen - osize), cie_off);
	}
	if (!w->cie.ok)
		return;
	rd_init (&r, body, (size_t) (end - body), f->big_endian);
	if (!read_pointer (&r, w, w->cie.enc, w->cie.addr_size,
			   (uint64_t) (body - f->data), true, &lo)
	    || !read_pointer (&r, w, w->cie.enc & 0x0f, w->cie.addr_size,
			      0, false, &len))
		return;
	push (w, lo, len);
}

/* One record at section offset OFF; false when the walk ends there
   (the section's end, a terminator, or damage, *DAMAGED set).  *NEXT
   gets the offset of the record after it.  */
static bool
read_record (struct frame_walk *w, uint64_t off, uint64_t *next, bool *damaged)
{
	const struct dwarf_frame_input *f = w->f;
	unsigned int osize = 4;
	uint64_t len, id;
	const unsigned char *body, *end;
	struct rd r;

	rd_init (&r, f->data + off, f->size - (size_t) off, f->big_endian);
	len = rd_uint (&r, 4);
	if (r.err)
		return false;	/* fewer than 4 bytes: padding */
	if (len == 0) {
		/* .eh_frame's terminator; .debug_frame may be padded.  */
		*next = off + 4;
		return !f->eh;
	}
	if (len == UINT32_MAX) {
		len = rd_uint (&r, 8);
		osize = 8;
	}
	if (r.err || len > (uint64_t) (r.end - r.p) || len < osize) {
		*damaged = true;
		return false;
	}
	end = r.p + len;
	*next = (uint64_t) (end - f->data);
	id = rd_uint (&r, osize);
	body = r.p;
	if (f->eh) {
		/* CIE id 0; an FDE's field is its CIE's distance back from
		   the field.  */
		uint64_t field = (uint64_t) (body - f->data) - osize;

		if (id == 0)
			parse_cie (w, body, end, off);
		else
			read_fde (w, body, end, id <= field ? field - id
				  : f->size);
	} else if (id == (osize == 4 ? UINT32_MAX : UINT64_MAX)) {
		parse_cie (w, body, end, off);
	} else {
		read_fde (w, body, end, id);
	}
	return true;
}

size_t
dwarf_frame_ranges (const struct dwarf_frame_input *f,
		    struct dwarf_range **out, bool *damaged)
{
	struct frame_walk w = { .f = f };
	uint64_t off = 0, next = 0;

	*out = NULL;
	*damaged = false;
	if (!f->data || (f->addr_size != 4 && f->addr_size != 8))
		return 0;
	while (off < f->size && read_record (&w, off, &next, damaged))
		off = next;
	*out = w.v;
	return w.n;
}
