/* arm.c - the machine code of 32-bit Arm: the Arm (A32) and Thumb
   (T32) instruction sets, for arch.h.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   One program mixes both; the mapping symbols of the ELF file ($a, $t,
   $d) say which code is which, and where data (literal pools) lies in
   .text, which is never decoded (arch_at, objfile_code_kind).  -c
   counts, as on aarch64 (where GNU gprof counts B with BL), the calls
   and the unconditional jumps to a function's start (tail calls):

     A32   BL<c> imm24         to pc + 8 + imm24 * 4, any condition
           BLX imm24:H         to Thumb code at pc + 8 + imm24 * 4 + H * 2
           B imm24             (always)
     T32   BL    (32 bits)     to pc + 4 + the 25-bit offset
           BLX   (32 bits)     to Arm code, from pc + 4 rounded down to
                               a word
           B.W   (32 bits, encoding T4) and B (16 bits, always)

   GNU gprof 2.40 has no -c for Arm ("-c not supported").  Functions'
   addresses here are even: the Thumb bit of a function symbol is taken
   off when it is read (machsyms.c), as libbfd's Arm back end does.

   gcc -pg calls __gnu_mcount_nc with "push {lr}; bl(x)
   __gnu_mcount_nc" after the prologue's first push, so the return
   address an arc's self_pc holds follows a BL or BLX.  */

#include <config.h>

#include "gprof/arch/arch.h"

static bool
a32_direct_call (const unsigned char *p, size_t avail, uint64_t pc,
		 struct arch_call *call)
{
	uint32_t i;
	int64_t off;

	if (avail < 4)
		return false;
	i = arch_le32 (p);
	off = arch_sext (i & 0x00ffffff, 24) * 4;
	if ((i & 0xfe000000) == 0xfa000000)		/* BLX imm */
		off += (int64_t) (i >> 24 & 1) * 2;
	else if (!((i & 0x0f000000) == 0x0b000000 && i >> 28 != 0xf)
		 && (i & 0xff000000) != 0xea000000)	/* BL<c>, B */
		return false;
	call->target = (pc + 8 + (uint64_t) off) & 0xffffffff;
	call->len = 4;
	return true;
}

static bool
a32_ends_with_call (const unsigned char *b)
{
	uint32_t i = arch_le32 (b);

	return ((i & 0x0f000000) == 0x0b000000 && i >> 28 != 0xf) /* BL */
		|| (i & 0xfe000000) == 0xfa000000		/* BLX imm */
		|| (i & 0x0ffffff0) == 0x012fff30;		/* BLX reg */
}

/* Whether the halfword H starts a 32-bit Thumb instruction.  */
static bool
t32_wide (uint32_t h)
{
	return (h >> 11) == 0x1d || (h >> 11) == 0x1e || (h >> 11) == 0x1f;
}

static unsigned int
t32_next (const unsigned char *p, size_t avail)
{
	return avail >= 4 && t32_wide (arch_le16 (p)) ? 4 : 2;
}

/* The offset of BL, BLX and B.W: S:I1:I2:imm10:imm11:0, I1 = NOT (J1
   XOR S), I2 = NOT (J2 XOR S); BLX's low two bits are zero.  */
static int64_t
t32_branch_offset (uint32_t h1, uint32_t h2)
{
	uint32_t s = h1 >> 10 & 1, j1 = h2 >> 13 & 1, j2 = h2 >> 11 & 1;
	uint32_t i1 = !(j1 ^ s), i2 = !(j2 ^ s);
	uint32_t imm = s << 24 | i1 << 23 | i2 << 22 | (h1 & 0x3ff) << 12
		| (h2 & 0x7ff) << 1;

	return arch_sext (imm, 25);
}

static bool
t32_direct_call (const unsigned char *p, size_t avail, uint64_t pc,
		 struct arch_call *call)
{
	uint32_t h1, h2;
	uint64_t base = pc + 4;

	if (avail < 2)
		return false;
	h1 = arch_le16 (p);
	if ((h1 & 0xf800) == 0xe000) {			/* B, 16 bits */
		call->target = (base + (uint64_t) arch_sext ((h1 & 0x7ff) << 1,
							    12)) & 0xffffffff;
		call->len = 2;
		return true;
	}
	if ((h1 & 0xf800) != 0xf000 || avail < 4)
		return false;
	h2 = arch_le16 (p + 2);
	switch (h2 & 0xd000) {
	case 0xd000:					/* BL */
	case 0x9000:					/* B.W */
		break;
	case 0xc000:					/* BLX */
		if (h2 & 1)
			return false;
		base &= ~(uint64_t) 3;
		break;
	default:
		return false;
	}
	call->target = (base + (uint64_t) t32_branch_offset (h1, h2))
		& 0xffffffff;
	call->len = 4;
	return true;
}

/* BL or BLX (32 bits), or BLX to a register (16 bits), just before a
   return address.  */
static bool
t32_ends_with_call (const unsigned char *b)
{
	uint32_t h1 = arch_le16 (b), h2 = arch_le16 (b + 2);

	return ((h1 & 0xf800) == 0xf000 && (h2 & 0xc000) == 0xc000)
		|| (h2 & 0xff87) == 0x4780;
}

const struct arch arch_thumb = {
	.name = "thumb",
	.align = 2,
	.max_call_len = 4,
	.mcount_call_len = 4,
	.next = t32_next,
	.direct_call = t32_direct_call,
	.ends_with_call = t32_ends_with_call,
};

const struct arch arch_arm = {
	.name = "arm",
	.align = 4,
	.max_call_len = 4,
	.mcount_call_len = 4,
	.next = arch_next4,
	.direct_call = a32_direct_call,
	.ends_with_call = a32_ends_with_call,
	.thumb = &arch_thumb,
};
