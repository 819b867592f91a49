/* riscv.c - the machine code of RISC-V (RV64 and RV32, with or without
   the compressed instructions), for arch.h.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Instructions are little-endian halfwords; the two low bits of the
   first say the length: 11 four bytes, anything else two (the C
   extension).  -c decodes each function from its start, instruction
   by instruction, and counts:

     JAL rd, imm20          a call (rd = ra), or with rd = zero a jump,
                            which counts when it lands on a function's
                            start: a tail call ("tail" when near)
     AUIPC rX, hi20;        the pair "call"/"tail" make when the linker
     JALR rd, lo12(rX)      did not relax them to JAL: one call of eight
                            bytes to pc + hi20 << 12 + lo12, signed
     C.J (and on RV32       the compressed jumps, as JAL
     C.JAL)

   the same rule as aarch64's, where GNU gprof counts B with BL.  GNU
   gprof 2.40 has no -c for RISC-V at all ("-c not supported").

   gcc -pg calls mcount with "mv a0, ra; call _mcount" after the
   prologue: a JAL to the PLT once relaxed, AUIPC+JALR otherwise, or
   with -fno-plt a JALR through a register, or C.JALR.  On RV64 a
   -fpatchable-function-entry sled (four C.NOPs, or two NOPs without
   the C extension), "auipc t0; jalr t0" once libgmon patched it, is
   NOPs in the file, just before the return address.  */

#include <config.h>

#include <string.h>

#include "gprof/arch/arch.h"

static unsigned int
rv_next (const unsigned char *p, size_t avail)
{
	return avail >= 4 && (p[0] & 3) == 3 ? 4 : 2;
}

/* JAL's offset: imm[20|10:1|11|19:12] in bits 31|30:21|20|19:12.  */
static int64_t
rv_jal_offset (uint32_t i)
{
	uint32_t imm = (i >> 31 & 1) << 20 | (i >> 21 & 0x3ff) << 1
		| (i >> 20 & 1) << 11 | (i >> 12 & 0xff) << 12;

	return arch_sext (imm, 21);
}

/* C.J's and C.JAL's offset: imm[11|4|9:8|10|6|7|3:1|5] in bits
   12|11|10:9|8|7|6|5:3|2.  */
static int64_t
rv_cj_offset (uint32_t h)
{
	uint32_t imm = (h >> 12 & 1) << 11 | (h >> 11 & 1) << 4
		| (h >> 9 & 3) << 8 | (h >> 8 & 1) << 10 | (h >> 7 & 1) << 6
		| (h >> 6 & 1) << 7 | (h >> 3 & 7) << 1 | (h >> 2 & 1) << 5;

	return arch_sext (imm, 12);
}

static bool
rv_call (const unsigned char *p, size_t avail, uint64_t pc, bool rv32,
	 struct arch_call *call)
{
	uint32_t i, j, h;

	if (avail < 2)
		return false;
	if ((p[0] & 3) != 3) {
		h = arch_le16 (p);
		/* C.J: funct3 101, op 01; C.JAL (RV32 only; RV64 reads
		   the encoding as C.ADDIW): funct3 001.  */
		if ((h & 0xe003) == 0xa001 || (rv32 && (h & 0xe003) == 0x2001)) {
			call->target = pc + (uint64_t) rv_cj_offset (h);
			call->len = 2;
			return true;
		}
		return false;
	}
	if (avail < 4)
		return false;
	i = arch_le32 (p);
	if ((i & 0x7f) == 0x6f) {				/* JAL */
		call->target = pc + (uint64_t) rv_jal_offset (i);
		call->len = 4;
		return true;
	}
	if ((i & 0x7f) != 0x17 || avail < 8 || (p[4] & 3) != 3)
		return false;					/* AUIPC */
	j = arch_le32 (p + 4);
	/* JALR (opcode 1100111, funct3 0) whose base is AUIPC's rd.  */
	if ((j & 0x707f) != 0x67 || (j >> 15 & 31) != (i >> 7 & 31)
	    || (i >> 7 & 31) == 0)
		return false;
	call->target = pc + (uint64_t) arch_sext (i & 0xfffff000, 32)
		+ (uint64_t) arch_sext (j >> 20, 12);
	call->len = 8;
	return true;
}

static bool
rv64_direct_call (const unsigned char *p, size_t avail, uint64_t pc,
		  struct arch_call *call)
{
	return rv_call (p, avail, pc, false, call);
}

static bool
rv32_direct_call (const unsigned char *p, size_t avail, uint64_t pc,
		  struct arch_call *call)
{
	if (!rv_call (p, avail, pc, true, call))
		return false;
	call->target &= 0xffffffff;
	return true;
}

/* The eight bytes before a return address end with a call that links
   ra: JAL ra (rd 1), JALR ra (alone, or the second of AUIPC+JALR), or
   C.JALR (funct4 1001, rs1 not zero, rs2 zero).  */
static bool
rv_ends_with_call (const unsigned char *b)
{
	uint32_t i = arch_le32 (b + 4), h = arch_le16 (b + 6);

	if ((i & 0xfff) == 0x0ef)
		return true;
	if ((i & 0x707f) == 0x67 && (i >> 7 & 31) == 1)
		return true;
	return (h & 0xf07f) == 0x9002 && (h >> 7 & 31) != 0;
}

/* RV64 (Linux, where libgmon patches sleds): also the eight bytes of
   a patchable entry, which end with the call libgmon made of them.  */
static bool
rv64_ends_with_call (const unsigned char *b)
{
	static const unsigned char cnops[8] = { 1, 0, 1, 0, 1, 0, 1, 0 };
	static const unsigned char nops[8] = { 0x13, 0, 0, 0, 0x13, 0, 0, 0 };

	return rv_ends_with_call (b) || memcmp (b, cnops, sizeof cnops) == 0
		|| memcmp (b, nops, sizeof nops) == 0;
}

/* RV32 also has C.JAL (funct3 001, op 01), which links ra: gcc's call
   of _mcount relaxed to two bytes (RV64 reads the same bits as
   C.ADDIW).  */
static bool
rv32_ends_with_call (const unsigned char *b)
{
	return rv_ends_with_call (b) || (arch_le16 (b + 6) & 0xe003) == 0x2001;
}

const struct arch arch_riscv64 = {
	.name = "riscv64",
	.align = 2,
	.max_call_len = 8,
	.mcount_call_len = 8,
	.next = rv_next,
	.direct_call = rv64_direct_call,
	.ends_with_call = rv64_ends_with_call,
};

const struct arch arch_riscv32 = {
	.name = "riscv32",
	.align = 2,
	.max_call_len = 8,
	.mcount_call_len = 8,
	.next = rv_next,
	.direct_call = rv32_direct_call,
	.ends_with_call = rv32_ends_with_call,
};
