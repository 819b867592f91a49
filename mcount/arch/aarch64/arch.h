/* arch.h - AArch64 for libgmon: what mcount/arch/arch.h asks of a port.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   Read by the C code through mcount/arch/arch.h, and by mcount.S (the
   part above the C-only section).

   The calls.  gcc -pg puts, after the prologue has saved the frame
   record and moved the arguments where the body wants them,
       hint 7 (xpaclri)   mov x0, x30   bl _mcount
   so _mcount is an ordinary call of one argument under the procedure
   call standard (glibc's machine-gmon.h declares it so): FROM arrives
   in x0, already stripped of any pointer signature, and SELF is our
   own return address in x30.  The stub may use the temporaries
   x9-x17; the slow path saves the argument registers all the same
   (mcount.S), for code that calls it less politely.

   The unwind tables.  The CFA is the stack pointer before the call;
   a call leaves the return address in the link register x30 (DWARF
   30, the return address column), so a leaf that never saves it keeps
   it there (MC_ARCH_RA_IN_REG); the stack pointer is DWARF 31, the
   frame pointer x29.  A frame record is the pair {x29, x30} at x29:
   for code no table covers, the caller's x29 is at x29 and the return
   address at x29 + 8, which the rule CFA = x29 + 16 gives (the CFA it
   computes is the frame record's top, not the caller's stack pointer
   when the frame holds more; the walk only reads through it, inside
   the stack).  A function built with -mbranch-protection=pac-ret
   signs x30 before saving it (DW_CFA_AARCH64_negate_ra_state in its
   table): every return address read from a frame is stripped
   (mc_arch_code_addr).

   No copy of the fast paths near the program (MC_ARCH_HAS_NEAR 0):
   a bl reaches 128 MiB and the PLT's indirect branch costs what it
   costs; the far-call penalty measured on x86-64 is that processor's
   branch predictor's.  */

#ifndef MCOUNT_ARCH_AARCH64_ARCH_H
#define MCOUNT_ARCH_AARCH64_ARCH_H

#define MC_ARCH_HAS_NEAR	0

#ifndef __ASSEMBLER__

#include <stdbool.h>
#include <stdint.h>
#include <ucontext.h>

static inline uintptr_t
mc_arch_pc (const ucontext_t *uc)
{
	return (uintptr_t) uc->uc_mcontext.pc;
}

static inline uintptr_t
mc_arch_sp (const ucontext_t *uc)
{
	return (uintptr_t) uc->uc_mcontext.sp;
}

static inline uintptr_t
mc_arch_fp (const ucontext_t *uc)
{
	return (uintptr_t) uc->uc_mcontext.regs[29];
}

static inline uintptr_t
mc_arch_ra (const ucontext_t *uc)
{
	return (uintptr_t) uc->uc_mcontext.regs[30];
}

static inline uintptr_t
mc_arch_thread_pointer (void)
{
	uintptr_t tp;

	__asm__ ("mrs %0, tpidr_el0" : "=r" (tp));
	return tp;
}

/* An exclusive load and store: a signal handler that runs in between
   (and counts on the same slot) clears the monitor, the store fails
   and the loop counts again from the new value, so neither count is
   lost.  No barrier: no other thread writes *P.  (LSE's stadd would
   be one instruction, but ARMv8.0 cores, the Raspberry Pi's among
   them, lack it.)  */
static inline void
mc_arch_inc (uint64_t *p)
{
	uint64_t v;
	unsigned int fail;

	__asm__ volatile ("1: ldxr %0, %2\n\t"
			  "add %0, %0, #1\n\t"
			  "stxr %w1, %0, %2\n\t"
			  "cbnz %w1, 1b"
			  : "=&r" (v), "=&r" (fail), "+Q" (*p));
}

/* The unwind tables.  */
#define MC_ARCH_DW_FP		29	/* x29 */
#define MC_ARCH_DW_SP		31	/* sp */
#define MC_ARCH_DW_RA		30	/* x30, the link register */
#define MC_ARCH_CFA_ENTRY	0	/* CFA = sp at entry */
#define MC_ARCH_RA_IN_REG	1	/* bl leaves it in x30 */
#define MC_ARCH_FP_CFA_OFF	16	/* the frame record's top */
#define MC_ARCH_FP_RA_OFF	(-8)	/* x30 at x29 + 8 */
#define MC_ARCH_FP_FP_OFF	(-16)	/* caller's x29 at x29 */

/* xpaclri (hint 7) strips a signature from x30; a NOP on processors
   without pointer authentication, where there is none to strip.  */
static inline uintptr_t
mc_arch_code_addr (uintptr_t ra)
{
	register uintptr_t lr __asm__ ("x30") = ra;

	__asm__ ("hint 7" : "+r" (lr));
	return lr;
}

/* DW_CFA_AARCH64_negate_ra_state (0x2d): the return address is signed
   from here on, which mc_arch_code_addr undoes for every frame.  */
static inline bool
mc_arch_cfa_skip (uint8_t op)
{
	return op == 0x2d;
}

/* Patchable function entries (mcount/linux/sleds.c): gcc's
   -fpatchable-function-entry=2 leaves two NOPs at each function's
   entry, after its `bti c' if -mbranch-protection gives it one (so
   that indirect branches still land on it), which become
       mov x9, x30     bl <a jump near the object>
   and the jump (ldr x16; br x16) goes on to mc_sled_entry (mcount.S),
   wherever libgmon is mapped: FROM in x9, SELF in x30.  */
#define MC_ARCH_HAS_SLEDS	1
#define MC_ARCH_SLED_SIZE	8	/* mov x9, x30; bl */
#define MC_ARCH_SLED_FLAG	"-fpatchable-function-entry=2"
#define MC_ARCH_TRAMP_SIZE	16	/* ldr x16, 8; br x16; .quad */
#define MC_ARCH_SLED_REACH	((uintptr_t) 1 << 27)	/* bl's */

/* Where mc_sled_entry's slow path saved FROM (x9), from its frame's
   CFA: stp x8, x9, [sp, #80] in a frame of 240 bytes (unwind.c).  */
#define MC_ARCH_SLED_FROM_SLOT	(-240 + 88)

#pragma GCC visibility push(hidden)
extern const char mc_sled_entry[];
#pragma GCC visibility pop

#endif /* !__ASSEMBLER__ */

#endif /* MCOUNT_ARCH_AARCH64_ARCH_H */
