/* aarch64.c - the machine code of AArch64 (Arm's 64-bit state), for
   arch.h.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Every instruction is four bytes, little-endian, four-aligned.  A
   direct call is BL (100101 imm26); what -c counts is also B (000101
   imm26) to the start of a function, a tail call: GNU gprof's aarch64
   -c takes both (it masks out the bit that tells them apart), and a
   tail call is a call the caller's code makes, which the profile never
   records (the callee returns to the caller's caller).  The target is
   the instruction's address plus imm26, signed, times four.

   gcc -pg calls mcount with "mov x0, x30; bl _mcount" after the
   prologue; with -fno-plt through a register (BLR, or with pointer
   authentication BLRAA and its kin).  A -fpatchable-function-entry=2
   sled, "mov x9, x30; bl" once libgmon patched it, is two NOPs in the
   file, just before the return address; an XRay entry sled so patched
   is "b .+32; nop" there.  */

#include <config.h>

#include "gprof/arch/arch.h"

#define A64_NOP		0xd503201f
#define A64_B_XRAY	0x14000008	/* b .+32 */

static bool
a64_direct_call (const unsigned char *p, size_t avail, uint64_t pc,
		 struct arch_call *call)
{
	uint32_t insn;
	int64_t off;

	if (avail < 4)
		return false;
	insn = arch_le32 (p);
	if ((insn & 0x7c000000) != 0x14000000)
		return false;
	/* imm26, sign-extended from its bit 25, in words.  */
	off = (int64_t) ((insn & 0x03ffffff) ^ 0x02000000) - 0x02000000;
	call->target = pc + (uint64_t) (off * 4);
	call->len = 4;
	return true;
}

/* The eight bytes before a return address end with a call (the last
   four), or are the two NOPs of a patchable entry, or the first two
   instructions of clang's XRay entry sled (b .+32, a NOP), which
   libgmon patched into "mov x9, x30; bl" at run time.  */
static bool
a64_ends_with_call (const unsigned char *b)
{
	uint32_t insn = arch_le32 (b + 4);

	if ((arch_le32 (b) == A64_NOP || arch_le32 (b) == A64_B_XRAY)
	    && insn == A64_NOP)
		return true;
	return (insn & 0xfc000000) == 0x94000000	/* BL */
		|| (insn & 0xfffffc1f) == 0xd63f0000	/* BLR */
		|| (insn & 0xfefff800) == 0xd63f0800;	/* BLRAA and kin */
}

const struct arch arch_aarch64 = {
	.name = "aarch64",
	.align = 4,
	.max_call_len = 4,
	.mcount_call_len = 8,
	.next = arch_next4,
	.direct_call = a64_direct_call,
	.ends_with_call = a64_ends_with_call,
};
