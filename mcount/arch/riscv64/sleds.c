/* sleds.c - RISC-V's (RV64) part of the patching of patchable
   function entries (mcount/linux/sleds.c).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   gcc -fpatchable-function-entry=N,M leaves N NOPs per function, M of
   them before its symbol and N - M after it: two-byte c.nops (0001)
   with the C extension (rv64gc, Debian's), four-byte nops (addi zero,
   zero, 0) without it.  Eight bytes after the symbol (four c.nops, or
   two nops) hold

       auipc t0, hi20          t0 = the entry + hi20 << 12
       jalr  t0, lo12(t0)      to the jump near the object; t0 = the
                               entry + 8 (SELF), ra untouched (FROM)

   t0 is the alternate link register of the psABI, which the
   function's own code sets before it reads it.  Four-byte instructions
   two bytes aligned are the C extension's, which is there whenever
   gcc chose c.nops.  The jump, near the object (auipc+jalr reach
   2 GiB, libgmon may be mapped anywhere), loads mc_sled_entry's
   address into t1 and jumps there: t0, t2 (the static chain), ra and
   the arguments stay as they are.  */

#define _GNU_SOURCE 1
#include <config.h>

#include <string.h>

#include "mcount/linux/runtime.h"
#include "mcount/linux/sleds.h"

#define RV_C_NOP	0x0001u		/* c.nop (c.addi zero, 0) */
#define RV_NOP		0x00000013u	/* addi zero, zero, 0 */
#define RV_AUIPC_T0	0x00000297u	/* auipc t0, 0 */
#define RV_JALR_T0_T0	0x000282e7u	/* jalr t0, 0(t0) */
#define RV_AUIPC_T1	0x00000317u	/* auipc t1, 0 */
#define RV_LD_T1_16_T1	0x01033303u	/* ld t1, 16(t1) */
#define RV_JR_T1	0x00030067u	/* jalr zero, 0(t1) */
#define RV_JAL_T0	0x000002efu	/* jal t0, 0 */

static uint32_t
rv_half (const unsigned char *p)
{
	return (uint32_t) p[0] | (uint32_t) p[1] << 8;
}

/* jal t0, OFF (even, within 1 MiB either way).  */
static uint32_t
rv_jal_t0 (int64_t off)
{
	uint32_t u = (uint32_t) off;

	return ((u >> 20) & 1) << 31 | ((u >> 1) & 0x3ff) << 21
		| ((u >> 11) & 1) << 20 | ((u >> 12) & 0xff) << 12
		| RV_JAL_T0;
}

/* The target of the jal t0 at P, or 0 if it is none.  */
static uintptr_t
rv_jal_t0_target (const unsigned char *p, uint32_t insn)
{
	int64_t off;

	if ((insn & 0xfffu) != RV_JAL_T0)
		return 0;
	off = (int64_t) (((insn >> 31) & 1) << 20 | ((insn >> 21) & 0x3ff) << 1
			 | ((insn >> 20) & 1) << 11 | ((insn >> 12) & 0xff) << 12);
	off -= (off & ((int64_t) 1 << 20)) << 1;	/* sign of bit 20 */
	return (uintptr_t) p + (uintptr_t) off;
}

static uint32_t
rv_word (const unsigned char *p)
{
	return rv_half (p) | rv_half (p + 2) << 16;
}

static void
rv_put (unsigned char *p, uint32_t insn)
{
	p[0] = (unsigned char) insn;
	p[1] = (unsigned char) (insn >> 8);
	p[2] = (unsigned char) (insn >> 16);
	p[3] = (unsigned char) (insn >> 24);
}

size_t
mc_arch_sled_skip (const unsigned char *entry, size_t avail)
{
	(void) entry;
	(void) avail;
	return 0;			/* nothing comes before a sled */
}

/* c.nops and nops, ending exactly at P + N.  */
bool
mc_arch_sled_nops (const unsigned char *p, size_t n)
{
	size_t i = 0;

	while (i < n) {
		if (rv_half (p + i) == RV_C_NOP)
			i += 2;
		else if (n - i >= 4 && rv_half (p + i) == (RV_NOP & 0xffff)
			 && rv_half (p + i + 2) == RV_NOP >> 16)
			i += 4;
		else
			return false;
	}
	return true;
}

size_t
mc_arch_sled_len (enum mc_sled_form form)
{
	/* gcc -mnop-mcount is x86's, clang has no XRay for RISC-V.  */
	return form == MC_SLED_NOPS ? MC_ARCH_SLED_SIZE : 0;
}

bool
mc_arch_sled_free (enum mc_sled_form form, const unsigned char *p)
{
	return form == MC_SLED_NOPS && ((uintptr_t) p & 1) == 0
		&& mc_arch_sled_nops (p, MC_ARCH_SLED_SIZE);
}

void
mc_arch_sled_call (enum mc_sled_form form, unsigned char *p, uintptr_t at,
		   uintptr_t to)
{
	/* make_tramp (sleds.c) placed TO within MC_ARCH_SLED_REACH of
	   the whole object; jalr adds its 12 bits signed, so the upper
	   part is rounded.  */
	uint64_t off = (uint64_t) to - (uint64_t) at;
	uint32_t lo = (uint32_t) off & 0xfff;
	uint32_t hi = (uint32_t) ((off + 0x800) >> 12) & 0xfffff;
	int64_t j = (int64_t) to - (int64_t) (at + 4);

	(void) form;
	if (j >= -(int64_t) MC_ARCH_SLED_SHORT_REACH
	    && j < (int64_t) MC_ARCH_SLED_SHORT_REACH) {
		/* nop; jal t0: the same SELF (at + 8) in t0.  */
		rv_put (p, RV_NOP);
		rv_put (p + 4, rv_jal_t0 (j));
		return;
	}
	rv_put (p, RV_AUIPC_T0 | hi << 12);
	rv_put (p + 4, RV_JALR_T0_T0 | lo << 20);
}

void
mc_arch_sled_tramp (unsigned char *p, uintptr_t to)
{
	uint64_t v = to;

	rv_put (p, RV_AUIPC_T1);
	rv_put (p + 4, RV_LD_T1_16_T1);
	rv_put (p + 8, RV_JR_T1);
	rv_put (p + 12, RV_NOP);	/* the address 8-aligned */
	memcpy (p + 16, &v, sizeof v);
}

uintptr_t
mc_arch_sled_entry (bool body)
{
	(void) body;			/* never: no __mcount_loc here */
	return (uintptr_t) mc_sled_entry;
}

int
mc_arch_sled_prot (const struct dl_phdr_info *info)
{
	(void) info;
	return 0;			/* no protection bits of its own */
}

/* mc_sled_entry's places (mcount.S).  */
extern const char mc_sled_entry_swap[], mc_sled_entry_swapped[];
extern const char mc_sled_entry_tail[];
extern const char mc_sled_entry_ret[];

#define RV_T0	5
#define RV_T1	6

bool
mc_arch_sled_regs (const ucontext_t *uc, uintptr_t pc, uintptr_t *self,
		   uintptr_t *from)
{
	const unsigned long *g = uc->uc_mcontext.__gregs;
	unsigned int s, f;

	/* The jump, the fast path and the slow path's first move: t0
	   SELF, ra FROM; then the swap, one register at a time; after
	   the frame, ra SELF and t0 FROM until the return through t1.  */
	if ((pc >= (uintptr_t) mc_sled_entry
	     && pc < (uintptr_t) mc_sled_entry_swap)
	    || mc_sled_in_page (pc))
		s = RV_T0, f = MC_RV_GREG_RA;
	else if (pc == (uintptr_t) mc_sled_entry_swap)
		s = MC_RV_GREG_RA, f = RV_T1;
	else if (pc == (uintptr_t) mc_sled_entry_swapped
		 || (pc >= (uintptr_t) mc_sled_entry_tail
		     && pc < (uintptr_t) mc_sled_entry_ret))
		s = MC_RV_GREG_RA, f = RV_T0;
	else if (pc == (uintptr_t) mc_sled_entry_ret)
		s = RV_T1, f = MC_RV_GREG_RA;
	else
		return false;
	*self = (uintptr_t) g[s];
	*from = (uintptr_t) g[f];
	return true;
}

/* Whether the auipc t0; jalr t0 (or nop; jal t0) at P calls into a
   jump page.  */
static bool
rv_call_to_page (const unsigned char *p)
{
	uint32_t a = rv_word (p), j = rv_word (p + 4);
	int64_t off;

	if (a == RV_NOP)
		return mc_sled_in_page (rv_jal_t0_target (p + 4, j));
	if ((a & 0xfffu) != RV_AUIPC_T0 || (j & 0xfffffu) != RV_JALR_T0_T0)
		return false;
	off = (int64_t) (int32_t) (a & 0xfffff000u)
		+ ((int64_t) (int32_t) j >> 20);
	return mc_sled_in_page ((uintptr_t) p + (uintptr_t) off);
}

uintptr_t
mc_arch_sled_past (uintptr_t pc)
{
	const unsigned char *p = (const unsigned char *) pc;

	if (pc & 1)
		return 0;
	/* The jalr or jal first: the auipc or nop before it is in the
	   same sled.  */
	if (((rv_word (p) & 0xfffffu) == RV_JALR_T0_T0
	     || (rv_word (p) & 0xfffu) == RV_JAL_T0) && (pc & 4095) >= 4
	    && rv_call_to_page (p - 4))
		return pc + 4;
	if ((pc & 4095) <= 4088 && rv_call_to_page (p))
		return pc + 8;
	return 0;
}
