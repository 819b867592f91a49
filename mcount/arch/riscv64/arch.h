/* arch.h - RISC-V (RV64, Linux) for libgmon: what mcount/arch/arch.h
   asks of a port.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   Read by the C code through mcount/arch/arch.h, and by mcount.S (the
   part above the C-only section).

   The calls.  gcc -pg puts, after the prologue has saved ra and moved
   the arguments where the body wants them,
       mv a0, ra    call _mcount (through the PLT from PIC code)
   so _mcount is an ordinary call of one argument under the psABI
   (glibc's machine-gmon.h declares it so): FROM arrives in a0, SELF
   is our own return address in ra.  The temporaries t0-t6 are ours;
   the slow path saves the argument registers all the same (mcount.S).

   The unwind tables.  The CFA is the stack pointer before the call
   (DWARF 2, sp); a call leaves the return address in ra (DWARF 1, the
   return address column), so a leaf that never saves it keeps it
   there (MC_ARCH_RA_IN_REG).  The frame pointer is s0 (DWARF 8), and
   gcc's frame with one has s0 = CFA, ra at s0 - 8 and the caller's s0
   at s0 - 16: the rule for code no table covers.

   No copy of the fast paths near the program (MC_ARCH_HAS_NEAR 0).  */

#ifndef MCOUNT_ARCH_RISCV64_ARCH_H
#define MCOUNT_ARCH_RISCV64_ARCH_H

#define MC_ARCH_HAS_NEAR	0

#ifndef __ASSEMBLER__

#include <stdbool.h>
#include <stdint.h>
#include <ucontext.h>

/* Indexes into the interrupted context's __gregs: glibc's REG_PC,
   REG_RA, REG_SP and REG_S0, which <sys/ucontext.h> names only under
   __USE_MISC.  */
#define MC_RV_GREG_PC		0
#define MC_RV_GREG_RA		1
#define MC_RV_GREG_SP		2
#define MC_RV_GREG_S0		8

static inline uintptr_t
mc_arch_pc (const ucontext_t *uc)
{
	return (uintptr_t) uc->uc_mcontext.__gregs[MC_RV_GREG_PC];
}

static inline uintptr_t
mc_arch_sp (const ucontext_t *uc)
{
	return (uintptr_t) uc->uc_mcontext.__gregs[MC_RV_GREG_SP];
}

static inline uintptr_t
mc_arch_fp (const ucontext_t *uc)
{
	return (uintptr_t) uc->uc_mcontext.__gregs[MC_RV_GREG_S0];
}

static inline uintptr_t
mc_arch_ra (const ucontext_t *uc)
{
	return (uintptr_t) uc->uc_mcontext.__gregs[MC_RV_GREG_RA];
}

static inline uintptr_t
mc_arch_thread_pointer (void)
{
	uintptr_t tp;

	__asm__ ("mv %0, tp" : "=r" (tp));
	return tp;
}

/* amoadd.d: one instruction, so a handler that interrupts the thread
   and counts on the same slot cannot lose either count.  */
static inline void
mc_arch_inc (uint64_t *p)
{
	__asm__ volatile ("amoadd.d zero, %1, %0"
			  : "+A" (*p) : "r" ((uint64_t) 1));
}

/* The unwind tables.  */
#define MC_ARCH_DW_FP		8	/* s0 */
#define MC_ARCH_DW_SP		2	/* sp */
#define MC_ARCH_DW_RA		1	/* ra */
#define MC_ARCH_CFA_ENTRY	0	/* CFA = sp at entry */
#define MC_ARCH_RA_IN_REG	1	/* jal leaves it in ra */
#define MC_ARCH_FP_CFA_OFF	0	/* CFA = s0 */
#define MC_ARCH_FP_RA_OFF	(-8)	/* ra at s0 - 8 */
#define MC_ARCH_FP_FP_OFF	(-16)	/* caller's s0 at s0 - 16 */

static inline uintptr_t
mc_arch_code_addr (uintptr_t ra)
{
	return ra;			/* no pointer signatures */
}

static inline bool
mc_arch_cfa_skip (uint8_t op)
{
	(void) op;
	return false;			/* gcc writes none of its own */
}

/* Patchable function entries (mcount/linux/sleds.c): gcc's
   -fpatchable-function-entry=4 leaves four two-byte c.nops at each
   function's entry with the C extension (=2: two nops without it),
   eight bytes that become
       auipc t0, hi20    jalr t0, lo12(t0)
   or, with the jump within jal's reach,
       nop               jal t0, <jump>
   a call of a jump near the object that links t0, not ra, which
   holds FROM still; the jump (through t1) goes on to mc_sled_entry
   (mcount.S), wherever libgmon is mapped, with SELF in t0.  */
#define MC_ARCH_HAS_SLEDS	1
#define MC_ARCH_SLED_SIZE	8	/* auipc; jalr */
#define MC_ARCH_SLED_FLAG	"-fpatchable-function-entry=4 (=2 without " \
				"the C extension)"
#define MC_ARCH_TRAMP_SIZE	24	/* auipc; ld; jr; nop; .quad */
/* auipc+jalr's 2 GiB, less the rounding of the low 12 bits.  */
#define MC_ARCH_SLED_REACH	(((uintptr_t) 1 << 31) - 4096)
/* jal's 1 MiB: a jump page that near an object's sleds makes each a
   "nop; jal t0": a direct call, which the processor (and qemu, whose
   translated blocks chain through direct jumps only) follows cheaper
   than auipc+jalr's computed one.  */
#define MC_ARCH_SLED_SHORT_REACH	(((uintptr_t) 1 << 20) - 4096)

/* Where mc_sled_entry's slow path saved FROM (t0), from its frame's
   CFA: sd t0, 64(sp) in a frame of 176 bytes (unwind.c).  */
#define MC_ARCH_SLED_FROM_SLOT	(-176 + 64)

#pragma GCC visibility push(hidden)
extern const char mc_sled_entry[];
#pragma GCC visibility pop

#endif /* !__ASSEMBLER__ */

#endif /* MCOUNT_ARCH_RISCV64_ARCH_H */
