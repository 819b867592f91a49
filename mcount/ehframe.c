/* unwind.c - walk the stack of a sample: its calling context.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   Why not frame pointers.  gcc -pg keeps %rbp as a frame pointer, but
   at -O2 it schedules the `pop %rbp' of an epilogue several
   instructions before the `ret' (a sample there finds the caller's
   frame in %rbp, and the walk skips a caller), a sample in a prologue
   finds no frame yet, and gcc -pg -mfentry keeps no frame pointer at
   all.  Every object on x86-64 carries exact unwind tables instead
   (.eh_frame, indexed by .eh_frame_hdr, which the dynamic linker maps
   with the code): for any instruction they say where the caller's
   frame starts (DWARF's CFA: a register plus an offset) and where the
   return address and the caller's %rbp are saved.  A frame:

       CFA  = rsp (or rbp) + offset    by the rule of the PC
       RA   = [CFA + ra_off]           CFA - 8 on x86-64
       rbp  = [CFA + bp_off]           if this frame saved it
       rsp  = CFA;  PC = RA            then the rule of RA - 1 (a call
                                       may be a function's last
                                       instruction)

   Where no table covers a PC (hand-written code), the frame-pointer
   rule is taken: CFA = rbp + 16.

   Never faulting.  Every read of the stack lies between the sampled
   rsp and the top of the thread's own stack: one readable mapping,
   found in /proc/self/maps at the thread's first sample, that is the
   main thread's [stack] or, for another thread, holds the thread's
   descriptor too (%fs:0: glibc puts it at the top of the thread's
   stack block).  A sample on any other stack (a coroutine's, an
   alternate signal stack) is not walked.  Every read of the tables
   lies in the segment that holds them.  Each frame must lie above the
   one before (the CFA grows strictly), aligned, and each return address
   in the code of a loaded object: a broken or foreign frame ends the
   walk.

   Cost.  The rules are cached per thread by address: samples meet the
   same few hundred return addresses again and again, and a frame
   whose rule is cached costs two or three reads.  */

#define _GNU_SOURCE 1
#include <config.h>

#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "mcount/runtime.h"

/* DWARF register numbers of x86-64.  */
#define DW_RBP		6
#define DW_RSP		7
#define DW_RA		16

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

/* mc_uw_rule.cfa_reg */
#define MC_UW_RSP	0
#define MC_UW_RBP	1

/* mc_uw_rule.flags */
#define MC_UW_VALID	0x01		/* the cache slot holds a rule */
#define MC_UW_BP_SAVED	0x02		/* the frame saved rbp at bp_off */
#define MC_UW_BP_LOST	0x04		/* ... and left it unknown */
#define MC_UW_STOP	0x08		/* no caller can be found: the
					   outermost frame, or a rule this
					   walker does not follow */

/* ------------------------------------------------------------------ */
/* Reading the tables */

/* Bytes [p, end) of a segment known to be mapped and readable.  */
struct rd {
	const unsigned char *p;
	const unsigned char *end;
	bool bad;			/* a read went past end */
};

static uint64_t
rd_u (struct rd *r, unsigned int n)
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
rd_uleb (struct rd *r)
{
	uint64_t v = 0;
	unsigned int shift = 0;

	for (;;) {
		uint64_t b = rd_u (r, 1);

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
rd_sleb (struct rd *r)
{
	uint64_t v = 0, b;
	unsigned int shift = 0;

	do {
		b = rd_u (r, 1);
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
rd_ptr (struct rd *r, uint8_t enc, uintptr_t data)
{
	uintptr_t at = (uintptr_t) r->p, v;

	if (enc == PE_OMIT)
		return 0;
	switch (enc & 0x0f) {
	case PE_ABSPTR:
	case PE_UDATA8:
	case PE_SDATA8:
		v = (uintptr_t) rd_u (r, 8);
		break;
	case PE_ULEB128:
		v = (uintptr_t) rd_uleb (r);
		break;
	case PE_UDATA2:
		v = (uintptr_t) rd_u (r, 2);
		break;
	case PE_UDATA4:
		v = (uintptr_t) rd_u (r, 4);
		break;
	case PE_SLEB128:
		v = (uintptr_t) rd_sleb (r);
		break;
	case PE_SDATA2:
		v = (uintptr_t) (int64_t) (int16_t) rd_u (r, 2);
		break;
	case PE_SDATA4:
		v = (uintptr_t) (int64_t) (int32_t) rd_u (r, 4);
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
	struct rd r = { hdr, (const unsigned char *) m->eh_hi, false };
	uint8_t ptr_enc, count_enc, table_enc;
	uint64_t count, lo, hi;
	const unsigned char *table;

	if (rd_u (&r, 1) != 1)
		return NULL;
	ptr_enc = (uint8_t) rd_u (&r, 1);
	count_enc = (uint8_t) rd_u (&r, 1);
	table_enc = (uint8_t) rd_u (&r, 1);
	rd_ptr (&r, ptr_enc, (uintptr_t) hdr);
	count = rd_ptr (&r, count_enc, (uintptr_t) hdr);
	if (r.bad || table_enc != (PE_DATAREL | PE_SDATA4) || count == 0
	    || count > (uint64_t) (r.end - r.p) / 8)
		return NULL;
	table = r.p;
	/* The last entry whose start is at or below PC.  */
	lo = 0;
	hi = count;
	while (hi - lo > 1) {
		uint64_t mid = lo + (hi - lo) / 2;
		struct rd e = { table + 8 * mid, r.end, false };
		uintptr_t start = (uintptr_t) hdr
			+ (uintptr_t) (int64_t) (int32_t) rd_u (&e, 4);

		if (start <= pc)
			lo = mid;
		else
			hi = mid;
	}
	{
		struct rd e = { table + 8 * lo, r.end, false };
		uintptr_t start = (uintptr_t) hdr
			+ (uintptr_t) (int64_t) (int32_t) rd_u (&e, 4);
		uintptr_t fde = (uintptr_t) hdr
			+ (uintptr_t) (int64_t) (int32_t) rd_u (&e, 4);

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
	struct rd r = { p, (const unsigned char *) m->eh_hi, false };
	const char *aug;
	uint64_t len, version;
	size_t i;

	len = rd_u (&r, 4);
	if (r.bad || len == 0 || len == 0xffffffff
	    || len > (uint64_t) (r.end - r.p))
		return false;
	r.end = r.p + len;
	if (rd_u (&r, 4) != 0)
		return false;		/* not a CIE */
	version = rd_u (&r, 1);
	if (version != 1 && version != 3)
		return false;
	aug = (const char *) r.p;
	while (!r.bad && rd_u (&r, 1) != 0)
		;
	memset (c, 0, sizeof *c);
	c->code_align = rd_uleb (&r);
	c->data_align = rd_sleb (&r);
	if (version == 1)
		rd_u (&r, 1);		/* return address register */
	else
		rd_uleb (&r);
	c->fde_enc = PE_ABSPTR;
	if (aug[0] == 'z') {
		uint64_t n = rd_uleb (&r);
		const unsigned char *data_end = r.p + n;

		if (r.bad || n > (uint64_t) (r.end - r.p))
			return false;
		c->aug_z = true;
		for (i = 1; aug[i] && !r.bad; i++) {
			switch (aug[i]) {
			case 'R':
				c->fde_enc = (uint8_t) rd_u (&r, 1);
				break;
			case 'P': {
				uint8_t enc = (uint8_t) rd_u (&r, 1);

				rd_ptr (&r, enc & 0x7f, 0);
				break;
			}
			case 'L':
				rd_u (&r, 1);
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
	REG_SAME,			/* the caller's value is this frame's */
	REG_OFFSET,			/* saved at CFA + off */
	REG_UNDEF,			/* not recoverable (for RA: no caller) */
	REG_OTHER			/* in a form not followed here */
};

struct cfa_state {
	uint64_t cfa_reg;
	int64_t cfa_off;
	bool cfa_expr;			/* an expression: not followed */
	uint8_t bp, ra;			/* enum reg_rule */
	int64_t bp_off, ra_off;
};

#define STATE_STACK	8		/* remember_state nesting */

static void
set_reg (struct cfa_state *s, uint64_t reg, uint8_t rule, int64_t off)
{
	if (reg == DW_RBP) {
		s->bp = rule;
		s->bp_off = off;
	} else if (reg == DW_RA) {
		s->ra = rule;
		s->ra_off = off;
	}
}

static void
restore_reg (struct cfa_state *s, const struct cfa_state *init, uint64_t reg)
{
	if (reg == DW_RBP) {
		s->bp = init->bp;
		s->bp_off = init->bp_off;
	} else if (reg == DW_RA) {
		s->ra = init->ra;
		s->ra_off = init->ra_off;
	}
}

static void
skip_block (struct rd *r)
{
	uint64_t n = rd_uleb (r);

	if (n > (uint64_t) (r->end - r->p))
		r->bad = true;
	else
		r->p += n;
}

/* Runs the instructions of R from location LOC until the location
   passes TARGET.  INIT is the state after the CIE's instructions (NULL
   while running those).  Returns false on anything malformed.  */
static bool
run_cfa (struct rd *r, const struct cie *c, uintptr_t loc, uintptr_t target,
	 struct cfa_state *s, const struct cfa_state *init)
{
	struct cfa_state saved[STATE_STACK];
	unsigned int depth = 0;

	while (r->p < r->end && !r->bad) {
		uint8_t op = (uint8_t) rd_u (r, 1);
		uint64_t reg, delta = 0;
		bool advance = false;

		switch (op & 0xc0) {
		case 0x40:		/* advance_loc */
			delta = (uint64_t) (op & 0x3f) * c->code_align;
			advance = true;
			break;
		case 0x80:		/* offset */
			set_reg (s, op & 0x3f, REG_OFFSET,
				 (int64_t) rd_uleb (r) * c->data_align);
			break;
		case 0xc0:		/* restore */
			if (init)
				restore_reg (s, init, op & 0x3f);
			break;
		default:
			switch (op) {
			case 0x00:	/* nop */
				break;
			case 0x01:	/* set_loc */
				loc = rd_ptr (r, c->fde_enc, 0);
				if (loc > target)
					return !r->bad;
				break;
			case 0x02:	/* advance_loc1 */
				delta = rd_u (r, 1) * c->code_align;
				advance = true;
				break;
			case 0x03:	/* advance_loc2 */
				delta = rd_u (r, 2) * c->code_align;
				advance = true;
				break;
			case 0x04:	/* advance_loc4 */
				delta = rd_u (r, 4) * c->code_align;
				advance = true;
				break;
			case 0x05:	/* offset_extended */
				reg = rd_uleb (r);
				set_reg (s, reg, REG_OFFSET,
					 (int64_t) rd_uleb (r) * c->data_align);
				break;
			case 0x06:	/* restore_extended */
				reg = rd_uleb (r);
				if (init)
					restore_reg (s, init, reg);
				break;
			case 0x07:	/* undefined */
				set_reg (s, rd_uleb (r), REG_UNDEF, 0);
				break;
			case 0x08:	/* same_value */
				set_reg (s, rd_uleb (r), REG_SAME, 0);
				break;
			case 0x09:	/* register */
				reg = rd_uleb (r);
				rd_uleb (r);
				set_reg (s, reg, REG_OTHER, 0);
				break;
			case 0x0a:	/* remember_state */
				if (depth == STATE_STACK)
					return false;
				saved[depth++] = *s;
				break;
			case 0x0b:	/* restore_state */
				if (depth == 0)
					return false;
				*s = saved[--depth];
				break;
			case 0x0c:	/* def_cfa */
				s->cfa_reg = rd_uleb (r);
				s->cfa_off = (int64_t) rd_uleb (r);
				s->cfa_expr = false;
				break;
			case 0x0d:	/* def_cfa_register */
				s->cfa_reg = rd_uleb (r);
				s->cfa_expr = false;
				break;
			case 0x0e:	/* def_cfa_offset */
				s->cfa_off = (int64_t) rd_uleb (r);
				break;
			case 0x0f:	/* def_cfa_expression */
				skip_block (r);
				s->cfa_expr = true;
				break;
			case 0x10:	/* expression */
			case 0x16:	/* val_expression */
				reg = rd_uleb (r);
				skip_block (r);
				set_reg (s, reg, REG_OTHER, 0);
				break;
			case 0x11:	/* offset_extended_sf */
				reg = rd_uleb (r);
				set_reg (s, reg, REG_OFFSET,
					 rd_sleb (r) * c->data_align);
				break;
			case 0x12:	/* def_cfa_sf */
				s->cfa_reg = rd_uleb (r);
				s->cfa_off = rd_sleb (r) * c->data_align;
				s->cfa_expr = false;
				break;
			case 0x13:	/* def_cfa_offset_sf */
				s->cfa_off = rd_sleb (r) * c->data_align;
				break;
			case 0x14:	/* val_offset */
				reg = rd_uleb (r);
				rd_uleb (r);
				set_reg (s, reg, REG_OTHER, 0);
				break;
			case 0x15:	/* val_offset_sf */
				reg = rd_uleb (r);
				rd_sleb (r);
				set_reg (s, reg, REG_OTHER, 0);
				break;
			case 0x2e:	/* GNU_args_size */
				rd_uleb (r);
				break;
			case 0x2f:	/* GNU_negative_offset_extended */
				reg = rd_uleb (r);
				set_reg (s, reg, REG_OFFSET,
					 -(int64_t) rd_uleb (r) * c->data_align);
				break;
			default:
				return false;
			}
		}
		if (advance) {
			loc += delta;
			if (loc > target)
				break;
		}
	}
	return !r->bad;
}

/* The rule of PC, from the tables of M.  False if they do not cover
   PC (the caller takes the frame-pointer rule).  */
static bool
table_rule (const struct mc_module *m, uintptr_t pc, struct mc_uw_rule *rule)
{
	const unsigned char *fde = find_fde (m, pc);
	struct rd r = { fde, (const unsigned char *) m->eh_hi, false };
	struct cfa_state init, s;
	const unsigned char *id;
	struct cie c;
	uintptr_t begin, range;
	uint64_t len, cie_off;

	if (!fde)
		return false;
	len = rd_u (&r, 4);
	if (r.bad || len == 0 || len == 0xffffffff
	    || len > (uint64_t) (r.end - r.p))
		return false;
	r.end = r.p + len;
	id = r.p;
	cie_off = rd_u (&r, 4);
	if (r.bad || cie_off == 0 || cie_off > (uintptr_t) id - m->eh_lo
	    || !read_cie (m, id - cie_off, &c))
		return false;
	begin = rd_ptr (&r, c.fde_enc, 0);
	range = rd_ptr (&r, c.fde_enc & 0x0f, 0);
	if (r.bad || pc < begin || pc - begin >= range)
		return false;
	if (c.aug_z)
		skip_block (&r);

	memset (rule, 0, sizeof *rule);
	memset (&init, 0, sizeof init);
	init.cfa_reg = DW_RSP;
	init.cfa_off = 8;
	init.bp = REG_SAME;
	init.ra = REG_UNDEF;
	{
		struct rd ci = { c.insns, c.end, false };

		if (!run_cfa (&ci, &c, 0, UINTPTR_MAX, &init, NULL))
			goto stop;
	}
	s = init;
	if (!run_cfa (&r, &c, begin, pc, &s, &init))
		goto stop;
	if (c.signal || s.cfa_expr
	    || (s.cfa_reg != DW_RSP && s.cfa_reg != DW_RBP)
	    || s.ra != REG_OFFSET || s.cfa_off < INT32_MIN
	    || s.cfa_off > INT32_MAX || s.ra_off < INT16_MIN
	    || s.ra_off > INT16_MAX)
		goto stop;
	rule->cfa_reg = s.cfa_reg == DW_RSP ? MC_UW_RSP : MC_UW_RBP;
	rule->cfa_off = (int32_t) s.cfa_off;
	rule->ra_off = (int16_t) s.ra_off;
	if (s.bp == REG_OFFSET && s.bp_off >= INT16_MIN
	    && s.bp_off <= INT16_MAX) {
		rule->flags |= MC_UW_BP_SAVED;
		rule->bp_off = (int16_t) s.bp_off;
	} else if (s.bp != REG_SAME) {
		rule->flags |= MC_UW_BP_LOST;
	}
	return true;
stop:
	/* Covered, but by a rule not followed here (the outermost frame
	   says its return address is undefined; a signal frame or a PLT
	   entry uses expressions).  */
	memset (rule, 0, sizeof *rule);
	rule->flags = MC_UW_STOP;
	return true;
}

/* The rule of PC (an address in the code of a loaded object), cached.
   False if PC is in no loaded object.  */
static bool
rule_at (struct mc_unwind *u, uintptr_t pc, struct mc_uw_rule *rule)
{
	uint32_t gen = mc_modules_gen ();
	struct mc_uw_rule *slot = &u->cache[mc_arc_hash (pc, 0)
					    & (MC_UW_CACHE - 1)];
	const struct mc_module *m;

	if ((slot->flags & MC_UW_VALID) && slot->pc == pc && slot->gen == gen) {
		*rule = *slot;
		return true;
	}
	m = mc_module_loaded (pc, &u->hint);
	if (!m)
		return false;
	if (!m->eh_hdr || !table_rule (m, pc, rule)) {
		/* The frame-pointer rule.  */
		memset (rule, 0, sizeof *rule);
		rule->cfa_reg = MC_UW_RBP;
		rule->cfa_off = 16;
		rule->ra_off = -8;
		rule->bp_off = -16;
		rule->flags = MC_UW_BP_SAVED;
	}
	rule->pc = pc;
	rule->gen = gen;
	rule->flags |= MC_UW_VALID;
	*slot = *rule;
	return true;
}

/* ------------------------------------------------------------------ */
/* The thread's stack */

static uintptr_t
thread_pointer (void)
{
	uintptr_t tp;

	__asm__ ("movq %%fs:0, %0" : "=r" (tp));
	return tp;
}

static bool
hex_field (const char **p, const char *end, char stop, uintptr_t *v)
{
	uintptr_t x = 0;
	const char *s = *p;

	if (s == end || *s == stop)
		return false;
	for (; s < end && *s != stop; s++) {
		int d;

		if (*s >= '0' && *s <= '9')
			d = *s - '0';
		else if (*s >= 'a' && *s <= 'f')
			d = *s - 'a' + 10;
		else
			return false;
		x = x << 4 | (uintptr_t) d;
	}
	if (s == end)
		return false;
	*p = s + 1;
	*v = x;
	return true;
}

/* One line of /proc/self/maps (LINE, N bytes, maybe cut): whether it
   is the mapping that holds SP and is the thread's own readable stack.
   -1: not the mapping of SP; 0: it is, but not a stack to walk.  */
static int
stack_line (const char *line, size_t n, uintptr_t sp, bool main_thread,
	    uintptr_t tp, uintptr_t *lo, uintptr_t *hi)
{
	const char *p = line, *end = line + n;
	uintptr_t a, b;

	if (!hex_field (&p, end, '-', &a) || !hex_field (&p, end, ' ', &b))
		return -1;
	if (sp < a || sp >= b)
		return -1;
	if (end - p < 4 || p[0] != 'r')
		return 0;
	if (main_thread ? !(n >= 7 && memcmp (end - 7, "[stack]", 7) == 0)
	    : !(tp >= a && tp < b))
		return 0;
	*lo = a;
	*hi = b;
	return 1;
}

/* The bounds of the calling thread's own stack, if SP is on it.  Raw
   system calls and a buffer on the stack: this runs in the SIGPROF
   handler.  */
static bool
find_stack (int tid, uintptr_t sp, uintptr_t *lo, uintptr_t *hi)
{
	char buf[512], line[192];
	bool main_thread = tid == (int) getpid ();
	uintptr_t tp = thread_pointer ();
	size_t len = 0;
	int fd, found = -1;
	ssize_t got;

	fd = open ("/proc/self/maps", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	while (found < 0 && (got = read (fd, buf, sizeof buf)) > 0) {
		ssize_t i;

		for (i = 0; i < got && found < 0; i++) {
			if (buf[i] != '\n') {
				/* A long line keeps its start (the range)
				   and its end (the name).  */
				if (len == sizeof line)
					memmove (line + 64, line + 65,
						 sizeof line - 65);
				line[len == sizeof line ? len - 1 : len++]
					= buf[i];
				continue;
			}
			found = stack_line (line, len, sp, main_thread, tp,
					    lo, hi);
			len = 0;
		}
	}
	close (fd);
	return found == 1;
}

/* Whether SP is on the thread's own stack, whose bounds are looked up
   at its first sample, and again when SP has gone below them (the main
   thread's stack grows) -- but after a look that failed, not before
   another 64 samples: a thread that runs on other stacks must not read
   /proc at every sample.  */
static bool
on_own_stack (struct mc_unwind *u, int tid, uint64_t samples, uintptr_t sp)
{
	uintptr_t lo, hi;

	if (u->tid != tid) {
		/* A record adopted by a new thread.  */
		u->tid = tid;
		u->stack_lo = u->stack_hi = 0;
		u->retry = 0;
	}
	if (sp >= u->stack_lo && sp < u->stack_hi)
		return true;
	if (samples < u->retry)
		return false;
	if (find_stack (tid, sp, &lo, &hi)) {
		u->stack_lo = lo;
		u->stack_hi = hi;
		return true;
	}
	u->retry = samples + 64;
	return false;
}

/* ------------------------------------------------------------------ */
/* The walk */

/* The 8-byte word at A, if it lies in [LO, HI).  */
static bool
load (uintptr_t a, uintptr_t lo, uintptr_t hi, uintptr_t *v)
{
	if (a < lo || a > hi - 8 || (a & 7))
		return false;
	*v = *(const uintptr_t *) a;
	return true;
}

int
mc_unwind (struct mc_unwind *u, int tid, uint64_t samples,
	   const ucontext_t *uc, uintptr_t pc, uintptr_t *out,
	   unsigned int max, bool *cut)
{
	uintptr_t sp = (uintptr_t) uc->uc_mcontext.gregs[REG_RSP];
	uintptr_t bp = (uintptr_t) uc->uc_mcontext.gregs[REG_RBP];
	uintptr_t lo = sp, hi, look = pc;
	bool bp_known = true;
	unsigned int n = 0;

	*cut = false;
	if (!on_own_stack (u, tid, samples, sp))
		return -1;
	hi = u->stack_hi;
	for (;;) {
		struct mc_uw_rule r;
		uintptr_t cfa, ra, base;

		if (!rule_at (u, look, &r) || (r.flags & MC_UW_STOP))
			break;
		if (r.cfa_reg == MC_UW_RBP && !bp_known)
			break;
		base = r.cfa_reg == MC_UW_RSP ? sp : bp;
		cfa = base + (uintptr_t) (intptr_t) r.cfa_off;
		if (cfa <= sp || cfa > hi
		    || !load (cfa + (uintptr_t) (intptr_t) r.ra_off, lo, hi,
			      &ra))
			break;
		if (r.flags & MC_UW_BP_SAVED) {
			uintptr_t slot = cfa + (uintptr_t) (intptr_t) r.bp_off;

			/* gcc's tables keep rbp's slot to the end of an
			   epilogue, after its `pop %rbp': a slot below the
			   stack pointer has been restored already.  */
			if (slot < sp)
				;
			else if (!load (slot, lo, hi, &bp))
				break;
			else
				bp_known = true;
		} else if (r.flags & MC_UW_BP_LOST) {
			bp_known = false;
		}
		if (!mc_module_loaded (ra, &u->hint))
			break;
		if (n == max) {
			*cut = true;
			break;
		}
		out[n++] = ra;
		sp = cfa;
		look = ra - 1;
	}
	return (int) n;
}
