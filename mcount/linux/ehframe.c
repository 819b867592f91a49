/* ehframe.c - the objects' unwind tables: where the caller's frame is.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   Every object carries exact unwind tables (.eh_frame, indexed by
   .eh_frame_hdr, which the dynamic linker maps with the code): for any
   instruction they say where the caller's frame starts (DWARF's CFA: a
   register plus an offset) and where the return address and the
   caller's frame pointer are saved.  This file finds the entry of a PC
   (a binary search in .eh_frame_hdr, then its FDE and CIE), runs its
   CFA program up to the PC, and keeps of the result the few numbers
   the stack walk (unwind.c) follows: a struct mc_uw_rule.  A rule the
   walk does not follow (a CFA computed by an expression, a signal
   frame, an undefined return address) becomes a rule that ends the
   walk.  Where no table covers a PC (hand-written code), the
   frame-pointer rule is taken.  The processor's part (its register
   numbers, the state at a function's entry, the frame-pointer rule)
   comes from mcount/arch/ARCH/arch.h.

   Never faulting.  Every read of the tables lies in the segment that
   holds them (the object's eh_lo .. eh_hi, modules.c): a length, an
   offset or a count that points outside makes the entry unusable, it
   is never followed.

   Cost.  The rules are cached per thread by address: samples meet the
   same few hundred return addresses again and again, and a frame
   whose rule is cached costs two or three reads.  */

#define _GNU_SOURCE 1
#include <config.h>

#include <string.h>

#include "mcount/linux/unwind.h"

/* Pointer encodings of .eh_frame (the LSB's DW_EH_PE_*).  */
#define PE_OMIT		0xff
#define PE_ABSPTR	0x00
#define PE_ULEB128	0x01
#define PE_UDATA2	0x02
#define PE_UDATA4	0x03
#define PE_UDATA8	0x04
#define PE_SLEB128	0x09
#define PE_SDATA2	0x0a
#define PE_SDATA4	0x0b
#define PE_SDATA8	0x0c
#define PE_PCREL	0x10
#define PE_DATAREL	0x30
#define PE_INDIRECT	0x80

/* ------------------------------------------------------------------ */
/* Reading the tables */

/* Bytes [p, end) of a segment known to be mapped and readable.  */
struct eh_cursor {
	const unsigned char *p;
	const unsigned char *end;
	bool bad;			/* a read went past end */
};

static uint64_t
eh_read_uint (struct eh_cursor *r, unsigned int n)
{
	uint64_t v = 0;
	unsigned int i;

	if (r->bad || (size_t) (r->end - r->p) < n) {
		r->bad = true;
		return 0;
	}
	for (i = 0; i < n; i++)
		v |= (uint64_t) r->p[i] << (8 * i);
	r->p += n;
	return v;
}

static uint64_t
eh_read_uleb (struct eh_cursor *r)
{
	uint64_t v = 0;
	unsigned int shift = 0;

	for (;;) {
		uint64_t b = eh_read_uint (r, 1);

		if (r->bad)
			return 0;
		if (shift < 64)
			v |= (b & 0x7f) << shift;
		shift += 7;
		if (!(b & 0x80))
			return v;
		if (shift > 70) {
			r->bad = true;
			return 0;
		}
	}
}

static int64_t
eh_read_sleb (struct eh_cursor *r)
{
	uint64_t v = 0, b;
	unsigned int shift = 0;

	do {
		b = eh_read_uint (r, 1);
		if (r->bad || shift > 63) {
			r->bad = true;
			return 0;
		}
		v |= (b & 0x7f) << shift;
		shift += 7;
	} while (b & 0x80);
	if (shift < 64 && (b & 0x40))
		v |= ~(uint64_t) 0 << shift;
	return (int64_t) v;
}

/* A pointer in encoding ENC; DATA is where datarel values start.  */
static uintptr_t
eh_read_ptr (struct eh_cursor *r, uint8_t enc, uintptr_t data)
{
	uintptr_t at = (uintptr_t) r->p, v;

	if (enc == PE_OMIT)
		return 0;
	switch (enc & 0x0f) {
	case PE_ABSPTR:
	case PE_UDATA8:
	case PE_SDATA8:
		v = (uintptr_t) eh_read_uint (r, 8);
		break;
	case PE_ULEB128:
		v = (uintptr_t) eh_read_uleb (r);
		break;
	case PE_UDATA2:
		v = (uintptr_t) eh_read_uint (r, 2);
		break;
	case PE_UDATA4:
		v = (uintptr_t) eh_read_uint (r, 4);
		break;
	case PE_SLEB128:
		v = (uintptr_t) eh_read_sleb (r);
		break;
	case PE_SDATA2:
		v = (uintptr_t) (int64_t) (int16_t) eh_read_uint (r, 2);
		break;
	case PE_SDATA4:
		v = (uintptr_t) (int64_t) (int32_t) eh_read_uint (r, 4);
		break;
	default:
		r->bad = true;
		return 0;
	}
	if (enc & PE_INDIRECT) {
		r->bad = true;		/* never in a CIE's FDE encoding */
		return 0;
	}
	switch (enc & 0x70) {
	case 0:
		return v;
	case PE_PCREL:
		return v + at;
	case PE_DATAREL:
		return v + data;
	default:
		r->bad = true;
		return 0;
	}
}

/* The FDE of module M whose range may hold PC, by binary search in the
   sorted table of .eh_frame_hdr; NULL if the table has none or a form
   not read here (GNU ld always writes datarel sdata4 pairs).  */
static const unsigned char *
find_fde (const struct mc_module *m, uintptr_t pc)
{
	const unsigned char *hdr = (const unsigned char *) m->eh_hdr;
	struct eh_cursor r = { hdr, (const unsigned char *) m->eh_hi, false };
	uint8_t ptr_enc, count_enc, table_enc;
	uint64_t count, lo, hi;
	const unsigned char *table;

	if (eh_read_uint (&r, 1) != 1)
		return NULL;
	ptr_enc = (uint8_t) eh_read_uint (&r, 1);
	count_enc = (uint8_t) eh_read_uint (&r, 1);
	table_enc = (uint8_t) eh_read_uint (&r, 1);
	eh_read_ptr (&r, ptr_enc, (uintptr_t) hdr);
	count = eh_read_ptr (&r, count_enc, (uintptr_t) hdr);
	if (r.bad || table_enc != (PE_DATAREL | PE_SDATA4) || count == 0
	    || count > (uint64_t) (r.end - r.p) / 8)
		return NULL;
	table = r.p;
	/* The last entry whose start is at or below PC.  */
	lo = 0;
	hi = count;
	while (hi - lo > 1) {
		uint64_t mid = lo + (hi - lo) / 2;
		struct eh_cursor e = { table + 8 * mid, r.end, false };
		uintptr_t start = (uintptr_t) hdr
			+ (uintptr_t) (int64_t) (int32_t) eh_read_uint (&e, 4);

		if (start <= pc)
			lo = mid;
		else
			hi = mid;
	}
	{
		struct eh_cursor e = { table + 8 * lo, r.end, false };
		uintptr_t start = (uintptr_t) hdr
			+ (uintptr_t) (int64_t) (int32_t) eh_read_uint (&e, 4);
		uintptr_t fde = (uintptr_t) hdr
			+ (uintptr_t) (int64_t) (int32_t) eh_read_uint (&e, 4);

		if (start > pc || fde < m->eh_lo || fde >= m->eh_hi)
			return NULL;
		return (const unsigned char *) fde;
	}
}

/* What a CIE says that its FDEs need.  */
struct cie {
	uint64_t code_align;
	int64_t data_align;
	uint8_t fde_enc;		/* encoding of the FDEs' addresses */
	bool aug_z;			/* FDEs have augmentation data */
	bool signal;			/* a signal frame ('S') */
	const unsigned char *insns;	/* initial instructions */
	const unsigned char *end;
};

static bool
read_cie (const struct mc_module *m, const unsigned char *p, struct cie *c)
{
	struct eh_cursor r = { p, (const unsigned char *) m->eh_hi, false };
	const char *aug;
	uint64_t len, version;
	size_t i;

	len = eh_read_uint (&r, 4);
	if (r.bad || len == 0 || len == 0xffffffff
	    || len > (uint64_t) (r.end - r.p))
		return false;
	r.end = r.p + len;
	if (eh_read_uint (&r, 4) != 0)
		return false;		/* not a CIE */
	version = eh_read_uint (&r, 1);
	if (version != 1 && version != 3)
		return false;
	aug = (const char *) r.p;
	while (!r.bad && eh_read_uint (&r, 1) != 0)
		;
	memset (c, 0, sizeof *c);
	c->code_align = eh_read_uleb (&r);
	c->data_align = eh_read_sleb (&r);
	if (version == 1)
		eh_read_uint (&r, 1);		/* return address register */
	else
		eh_read_uleb (&r);
	c->fde_enc = PE_ABSPTR;
	if (aug[0] == 'z') {
		uint64_t n = eh_read_uleb (&r);
		const unsigned char *data_end = r.p + n;

		if (r.bad || n > (uint64_t) (r.end - r.p))
			return false;
		c->aug_z = true;
		for (i = 1; aug[i] && !r.bad; i++) {
			switch (aug[i]) {
			case 'R':
				c->fde_enc = (uint8_t) eh_read_uint (&r, 1);
				break;
			case 'P': {
				uint8_t enc = (uint8_t) eh_read_uint (&r, 1);

				eh_read_ptr (&r, enc & 0x7f, 0);
				break;
			}
			case 'L':
				eh_read_uint (&r, 1);
				break;
			case 'S':
				c->signal = true;
				break;
			default:
				/* Unknown: its data is skipped whole.  */
				i = strlen (aug) - 1;
				break;
			}
		}
		r.p = data_end;
	} else if (aug[0] != '\0') {
		return false;		/* data of unknown length */
	}
	c->insns = r.p;
	c->end = r.end;
	return !r.bad && c->code_align != 0;
}

/* ------------------------------------------------------------------ */
/* Running the CFA program */

enum reg_rule {
	RULE_SAME,			/* the caller's value is this frame's */
	RULE_OFFSET,			/* saved at CFA + off */
	RULE_UNDEF,			/* not recoverable (for RA: no caller) */
	RULE_OTHER			/* in a form not followed here */
};

/* The rules at one location, of the registers the walk follows.  */
struct cfa_state {
	uint64_t cfa_reg;		/* CFA = this register ... */
	int64_t cfa_off;		/* ... plus this */
	bool cfa_expr;			/* an expression: not followed */
	uint8_t fp, ra;			/* enum reg_rule of the frame pointer,
					   of the return address */
	int64_t fp_off, ra_off;		/* where RULE_OFFSET says */
};

/* The instructions of a CFA program (DWARF's DW_CFA_*).  The first
   three take their operand in the low six bits.  */
enum cfa_op {
	CFA_ADVANCE_LOC = 0x40,		/* high two bits */
	CFA_OFFSET = 0x80,
	CFA_RESTORE = 0xc0,
	CFA_NOP = 0x00,			/* the whole byte */
	CFA_SET_LOC = 0x01,
	CFA_ADVANCE_LOC1 = 0x02,
	CFA_ADVANCE_LOC2 = 0x03,
	CFA_ADVANCE_LOC4 = 0x04,
	CFA_OFFSET_EXTENDED = 0x05,
	CFA_RESTORE_EXTENDED = 0x06,
	CFA_UNDEFINED = 0x07,
	CFA_SAME_VALUE = 0x08,
	CFA_REGISTER = 0x09,
	CFA_REMEMBER_STATE = 0x0a,
	CFA_RESTORE_STATE = 0x0b,
	CFA_DEF_CFA = 0x0c,
	CFA_DEF_CFA_REGISTER = 0x0d,
	CFA_DEF_CFA_OFFSET = 0x0e,
	CFA_DEF_CFA_EXPRESSION = 0x0f,
	CFA_EXPRESSION = 0x10,
	CFA_OFFSET_EXTENDED_SF = 0x11,
	CFA_DEF_CFA_SF = 0x12,
	CFA_DEF_CFA_OFFSET_SF = 0x13,
	CFA_VAL_OFFSET = 0x14,
	CFA_VAL_OFFSET_SF = 0x15,
	CFA_VAL_EXPRESSION = 0x16,
	CFA_GNU_ARGS_SIZE = 0x2e,
	CFA_GNU_NEGATIVE_OFFSET_EXTENDED = 0x2f
};

#define STATE_STACK	8		/* remember_state nesting */

/* A CFA program being run up to a location.  */
struct cfa_run {
	struct eh_cursor *r;			/* the instructions */
	const struct cie *c;		/* their CIE: the alignment factors,
					   the encoding of set_loc */
	uintptr_t loc;			/* the location reached */
	uintptr_t target;		/* run until loc passes this */
	struct cfa_state *s;		/* the rules at loc */
	const struct cfa_state *init;	/* the rules after the CIE's
					   instructions (restore); NULL
					   while running those */
	struct cfa_state saved[STATE_STACK];	/* remember_state's */
	unsigned int depth;		/* states in saved */
};

/* What an instruction tells run_cfa.  */
#define STEP_ON		0		/* go on with the next one */
#define STEP_PASSED	1		/* the location passed the target */
#define STEP_BAD	(-1)		/* malformed, or not known here */

static void
set_reg (struct cfa_state *s, uint64_t reg, uint8_t rule, int64_t off)
{
	if (reg == MC_ARCH_DW_FP) {
		s->fp = rule;
		s->fp_off = off;
	} else if (reg == MC_ARCH_DW_RA) {
		s->ra = rule;
		s->ra_off = off;
	}
}

/* REG's rule back to what the CIE said (nothing while running the
   CIE's own instructions).  */
static void
restore_reg (struct cfa_run *x, uint64_t reg)
{
	const struct cfa_state *init = x->init;

	if (!init)
		return;
	if (reg == MC_ARCH_DW_FP) {
		x->s->fp = init->fp;
		x->s->fp_off = init->fp_off;
	} else if (reg == MC_ARCH_DW_RA) {
		x->s->ra = init->ra;
		x->s->ra_off = init->ra_off;
	}
}

static void
skip_block (struct eh_cursor *r)
{
	uint64_t n = eh_read_uleb (r);

	if (n > (uint64_t) (r->end - r->p))
		r->bad = true;
	else
		r->p += n;
}

/* The location moves on by DELTA code alignment units.  */
static int
cfa_advance (struct cfa_run *x, uint64_t delta)
{
	x->loc += delta * x->c->code_align;
	return x->loc > x->target ? STEP_PASSED : STEP_ON;
}

/* An instruction that moves the location (nop aside).  */
static int
cfa_location (struct cfa_run *x, uint8_t op)
{
	switch (op) {
	case CFA_NOP:
		return STEP_ON;
	case CFA_SET_LOC:
		x->loc = eh_read_ptr (x->r, x->c->fde_enc, 0);
		return x->loc > x->target ? STEP_PASSED : STEP_ON;
	case CFA_ADVANCE_LOC1:
		return cfa_advance (x, eh_read_uint (x->r, 1));
	case CFA_ADVANCE_LOC2:
		return cfa_advance (x, eh_read_uint (x->r, 2));
	case CFA_ADVANCE_LOC4:
		return cfa_advance (x, eh_read_uint (x->r, 4));
	default:
		return STEP_BAD;
	}
}

/* An instruction that defines the CFA, or keeps or takes back the
   whole state.  */
static int
cfa_frame (struct cfa_run *x, uint8_t op)
{
	struct cfa_state *s = x->s;
	struct eh_cursor *r = x->r;

	switch (op) {
	case CFA_REMEMBER_STATE:
		if (x->depth == STATE_STACK)
			return STEP_BAD;
		x->saved[x->depth++] = *s;
		return STEP_ON;
	case CFA_RESTORE_STATE:
		if (x->depth == 0)
			return STEP_BAD;
		*s = x->saved[--x->depth];
		return STEP_ON;
	case CFA_DEF_CFA:
		s->cfa_reg = eh_read_uleb (r);
		s->cfa_off = (int64_t) eh_read_uleb (r);
		s->cfa_expr = false;
		return STEP_ON;
	case CFA_DEF_CFA_REGISTER:
		s->cfa_reg = eh_read_uleb (r);
		s->cfa_expr = false;
		return STEP_ON;
	case CFA_DEF_CFA_OFFSET:
		s->cfa_off = (int64_t) eh_read_uleb (r);
		return STEP_ON;
	case CFA_DEF_CFA_EXPRESSION:
		skip_block (r);
		s->cfa_expr = true;
		return STEP_ON;
	case CFA_DEF_CFA_SF:
		s->cfa_reg = eh_read_uleb (r);
		s->cfa_off = eh_read_sleb (r) * x->c->data_align;
		s->cfa_expr = false;
		return STEP_ON;
	case CFA_DEF_CFA_OFFSET_SF:
		s->cfa_off = eh_read_sleb (r) * x->c->data_align;
		return STEP_ON;
	default:
		return STEP_BAD;
	}
}

/* An instruction that gives one register a rule.  */
static int
cfa_register (struct cfa_run *x, uint8_t op)
{
	int64_t align = x->c->data_align;
	struct cfa_state *s = x->s;
	struct eh_cursor *r = x->r;
	uint64_t reg;

	switch (op) {
	case CFA_OFFSET_EXTENDED:
		reg = eh_read_uleb (r);
		set_reg (s, reg, RULE_OFFSET,
			 (int64_t) eh_read_uleb (r) * align);
		return STEP_ON;
	case CFA_RESTORE_EXTENDED:
		restore_reg (x, eh_read_uleb (r));
		return STEP_ON;
	case CFA_UNDEFINED:
		set_reg (s, eh_read_uleb (r), RULE_UNDEF, 0);
		return STEP_ON;
	case CFA_SAME_VALUE:
		set_reg (s, eh_read_uleb (r), RULE_SAME, 0);
		return STEP_ON;
	case CFA_REGISTER:		/* in another register */
	case CFA_VAL_OFFSET:		/* the value CFA + offset */
		reg = eh_read_uleb (r);
		eh_read_uleb (r);
		set_reg (s, reg, RULE_OTHER, 0);
		return STEP_ON;
	case CFA_EXPRESSION:
	case CFA_VAL_EXPRESSION:
		reg = eh_read_uleb (r);
		skip_block (r);
		set_reg (s, reg, RULE_OTHER, 0);
		return STEP_ON;
	case CFA_OFFSET_EXTENDED_SF:
		reg = eh_read_uleb (r);
		set_reg (s, reg, RULE_OFFSET, eh_read_sleb (r) * align);
		return STEP_ON;
	case CFA_VAL_OFFSET_SF:
		reg = eh_read_uleb (r);
		eh_read_sleb (r);
		set_reg (s, reg, RULE_OTHER, 0);
		return STEP_ON;
	case CFA_GNU_ARGS_SIZE:
		eh_read_uleb (r);
		return STEP_ON;
	case CFA_GNU_NEGATIVE_OFFSET_EXTENDED:
		reg = eh_read_uleb (r);
		set_reg (s, reg, RULE_OFFSET,
			 -(int64_t) eh_read_uleb (r) * align);
		return STEP_ON;
	default:
		return mc_arch_cfa_skip (op) ? STEP_ON : STEP_BAD;
	}
}

/* One instruction, OP and its operands.  */
static int
cfa_step (struct cfa_run *x, uint8_t op)
{
	switch (op & 0xc0) {
	case CFA_ADVANCE_LOC:
		return cfa_advance (x, op & 0x3f);
	case CFA_OFFSET:
		set_reg (x->s, op & 0x3f, RULE_OFFSET,
			 (int64_t) eh_read_uleb (x->r) * x->c->data_align);
		return STEP_ON;
	case CFA_RESTORE:
		restore_reg (x, op & 0x3f);
		return STEP_ON;
	default:
		break;
	}
	if (op <= CFA_ADVANCE_LOC4)
		return cfa_location (x, op);
	if (op == CFA_REMEMBER_STATE || op == CFA_RESTORE_STATE
	    || (op >= CFA_DEF_CFA && op <= CFA_DEF_CFA_EXPRESSION)
	    || op == CFA_DEF_CFA_SF || op == CFA_DEF_CFA_OFFSET_SF)
		return cfa_frame (x, op);
	return cfa_register (x, op);
}

/* Runs the instructions of R from location LOC until the location
   passes TARGET, into S.  INIT is the state after the CIE's
   instructions (NULL while running those).  Returns false on anything
   malformed.  */
static bool
run_cfa (struct eh_cursor *r, const struct cie *c, uintptr_t loc,
	 uintptr_t target, struct cfa_state *s, const struct cfa_state *init)
{
	struct cfa_run x;

	x.r = r;
	x.c = c;
	x.loc = loc;
	x.target = target;
	x.s = s;
	x.init = init;
	x.depth = 0;
	while (r->p < r->end && !r->bad) {
		int step = cfa_step (&x, (uint8_t) eh_read_uint (r, 1));

		if (step == STEP_BAD)
			return false;
		if (step == STEP_PASSED)
			break;
	}
	return !r->bad;
}

/* RULE from S, the state of the CIE C's program at a PC; false if it
   is not one the walk follows.  */
static bool
make_rule (const struct cie *c, const struct cfa_state *s,
	   struct mc_uw_rule *rule)
{
	if (c->signal || s->cfa_expr
	    || (s->cfa_reg != MC_ARCH_DW_SP && s->cfa_reg != MC_ARCH_DW_FP)
	    || s->cfa_off < INT32_MIN || s->cfa_off > INT32_MAX)
		return false;
	if (s->ra == RULE_OFFSET && s->ra_off >= INT16_MIN
	    && s->ra_off <= INT16_MAX)
		rule->ra_off = (int16_t) s->ra_off;
	else if (MC_ARCH_RA_IN_REG && s->ra == RULE_SAME)
		rule->flags |= MC_UW_RA_REG;
	else
		return false;
	rule->cfa_reg = s->cfa_reg == MC_ARCH_DW_SP ? MC_UW_SP : MC_UW_FP;
	rule->cfa_off = (int32_t) s->cfa_off;
	if (s->fp == RULE_OFFSET && s->fp_off >= INT16_MIN
	    && s->fp_off <= INT16_MAX) {
		rule->flags |= MC_UW_FP_SAVED;
		rule->fp_off = (int16_t) s->fp_off;
	} else if (s->fp != RULE_SAME) {
		rule->flags |= MC_UW_FP_LOST;
	}
	return true;
}

/* The FDE of M that covers PC, read up to its instructions into *R
   (its CIE into *C, its function's start into *BEGIN); false if none
   does.  */
static bool
fde_at (const struct mc_module *m, uintptr_t pc, struct eh_cursor *r,
	struct cie *c, uintptr_t *begin)
{
	const unsigned char *fde = find_fde (m, pc), *id;
	uintptr_t range;
	uint64_t len, cie_off;

	if (!fde)
		return false;
	*r = (struct eh_cursor) { fde, (const unsigned char *) m->eh_hi,
				  false };
	len = eh_read_uint (r, 4);
	if (r->bad || len == 0 || len == 0xffffffff
	    || len > (uint64_t) (r->end - r->p))
		return false;
	r->end = r->p + len;
	id = r->p;
	cie_off = eh_read_uint (r, 4);
	if (r->bad || cie_off == 0 || cie_off > (uintptr_t) id - m->eh_lo
	    || !read_cie (m, id - cie_off, c))
		return false;
	*begin = eh_read_ptr (r, c->fde_enc, 0);
	range = eh_read_ptr (r, c->fde_enc & 0x0f, 0);
	if (r->bad || pc < *begin || pc - *begin >= range)
		return false;
	if (c->aug_z)
		skip_block (r);
	return true;
}

uintptr_t
mc_uw_fn_start (const struct mc_module *m, uintptr_t pc)
{
	struct eh_cursor r;
	struct cie c;
	uintptr_t begin;

	return m->eh_hdr && fde_at (m, pc, &r, &c, &begin) ? begin : 0;
}

/* The rule of PC, from the tables of M.  False if they do not cover
   PC (the caller takes the frame-pointer rule).  */
static bool
table_rule (const struct mc_module *m, uintptr_t pc, struct mc_uw_rule *rule)
{
	struct cfa_state init, s;
	struct eh_cursor r, ci;
	struct cie c;
	uintptr_t begin;

	if (!fde_at (m, pc, &r, &c, &begin))
		return false;

	/* The state at a function's entry, before the CIE's own
	   instructions: what the call instruction left.  */
	memset (rule, 0, sizeof *rule);
	memset (&init, 0, sizeof init);
	init.cfa_reg = MC_ARCH_DW_SP;
	init.cfa_off = MC_ARCH_CFA_ENTRY;
	init.fp = RULE_SAME;
	init.ra = MC_ARCH_RA_IN_REG ? RULE_SAME : RULE_UNDEF;
	ci = (struct eh_cursor) { c.insns, c.end, false };
	if (!run_cfa (&ci, &c, 0, UINTPTR_MAX, &init, NULL))
		goto stop;
	s = init;
	if (run_cfa (&r, &c, begin, pc, &s, &init) && make_rule (&c, &s, rule))
		return true;
stop:
	/* Covered, but by a rule not followed here (the outermost frame
	   says its return address is undefined; a signal frame or a PLT
	   entry uses expressions).  */
	memset (rule, 0, sizeof *rule);
	rule->flags = MC_UW_STOP;
	return true;
}

uint64_t
mc_uw_fde_count (const struct mc_module *m)
{
	const unsigned char *h = (const unsigned char *) m->eh_hdr;
	uint32_t n;

	if (!h)
		return 0;
	/* version 1; the eh_frame pointer and the count 4 bytes each
	   (what GNU ld writes: pcrel sdata4, udata4).  */
	if ((uintptr_t) (h + 12) > m->eh_hi || h[0] != 1
	    || ((h[1] & 0x0f) != 0x0b && (h[1] & 0x0f) != 0x03)
	    || h[2] != 0x03)
		return UINT64_MAX;
	memcpy (&n, h + 8, sizeof n);
	return n;
}

bool
mc_uw_learn (struct mc_unwind *u, uintptr_t pc, uint32_t gen,
	     struct mc_uw_rule *rule)
{
	struct mc_uw_rule *slot = &u->cache[mc_arc_hash (pc, 0)
					    & (MC_UW_CACHE - 1)];
	const struct mc_module *m;
	uintptr_t image;

	m = mc_module_loaded (pc, &u->hint);
	if (!m && (image = mc_near_image (pc)) != 0) {
		unsigned int h = 0;

		/* The copy of mcount next to the program, in no object:
		   the rule of its image, in libgmon's own tables, so that
		   a sample in it has the function that called mcount as
		   its caller (the frame-pointer rule would skip that
		   function: the copy makes no frame).  */
		m = mc_module_loaded ((uintptr_t) mc_uw_learn, &h);
		if (!m || !m->eh_hdr || !table_rule (m, image, rule))
			*rule = (struct mc_uw_rule) { .flags = MC_UW_STOP };
	} else if (!m) {
		return false;
	} else if (!m->eh_hdr || !table_rule (m, pc, rule)) {
		*rule = (struct mc_uw_rule) {	/* the frame-pointer rule */
			.cfa_reg = MC_UW_FP,
			.cfa_off = MC_ARCH_FP_CFA_OFF,
			.ra_off = MC_ARCH_FP_RA_OFF,
			.fp_off = MC_ARCH_FP_FP_OFF,
			.flags = MC_UW_FP_SAVED
		};
	}
	rule->pc = pc;
	rule->gen = gen;
	rule->flags |= MC_UW_VALID;
	*slot = *rule;
	return true;
}
