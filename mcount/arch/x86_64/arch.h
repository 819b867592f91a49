/* arch.h - x86-64 for libgmon: what mcount/arch/arch.h asks of a port.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   Read by the C code through mcount/arch/arch.h, and by mcount.S (the
   part above the C-only section).

   The calls.  gcc -pg calls mcount after the frame pointer is set up;
   gcc -pg -mfentry calls __fentry__ as a function's first instruction.
   Either call pushes its return address (SELF), and FROM is the
   instrumented function's own return address, at 8(%rbp) or just
   above SELF.  Neither call is an ordinary one: the instrumented
   function's arguments are still live in their registers, so the
   stubs save what they touch (mcount.S).

   The unwind tables.  On x86-64 the CFA is the stack pointer before
   the call that made the frame, so a call leaves the return address
   at CFA - 8 and nothing in a register; gcc's tables number rsp 7,
   rbp 6 and the return address column (rip) 16.  A frame with a frame
   pointer keeps the caller's rbp at rbp, the return address above it:
   CFA = rbp + 16.  gcc -pg keeps rbp as a frame pointer, but at -O2 it
   schedules an epilogue's `pop %rbp' several instructions before the
   `ret' and has no frame yet in a prologue, and gcc -pg -mfentry keeps
   no frame pointer at all: the walk follows the tables (unwind.c).

   The copy near the program (MC_ARCH_HAS_NEAR).  A call from the
   program into a shared library mapped terabytes away, and its
   return, cost about 1 ns more than near ones on the machine measured
   (the branch predictors keep far targets badly), even into an mcount
   that only returns: a third of everything profiling costs.  So
   near.c places a copy of the fast paths within a few megabytes of
   the program; this port's part (near.c here) says which GOT slots
   call the entry points, and patches into the copy the 32-bit
   displacement of mc_tls off %fs and the addresses of the slow
   paths.  */

#ifndef MCOUNT_ARCH_X86_64_ARCH_H
#define MCOUNT_ARCH_X86_64_ARCH_H

#define MC_ARCH_HAS_NEAR	1
#define MC_ARCH_NEAR_PAGE	4096	/* the copy's code page */

#ifndef __ASSEMBLER__

#include <stdbool.h>
#include <stdint.h>
#include <ucontext.h>

/* The interrupted context.  Indexes into its gregs: glibc's REG_RBP,
   REG_RSP and REG_RIP, which <sys/ucontext.h> names only under
   _GNU_SOURCE (arch/x86_64/near.c checks that they agree).  */
#define MC_X86_GREG_RBP		10
#define MC_X86_GREG_RSP		15
#define MC_X86_GREG_RIP		16

static inline uintptr_t
mc_arch_pc (const ucontext_t *uc)
{
	return (uintptr_t) uc->uc_mcontext.gregs[MC_X86_GREG_RIP];
}

static inline uintptr_t
mc_arch_sp (const ucontext_t *uc)
{
	return (uintptr_t) uc->uc_mcontext.gregs[MC_X86_GREG_RSP];
}

static inline uintptr_t
mc_arch_fp (const ucontext_t *uc)
{
	return (uintptr_t) uc->uc_mcontext.gregs[MC_X86_GREG_RBP];
}

/* %fs:0 holds the thread pointer itself (the TCB points to itself).  */
static inline uintptr_t
mc_arch_thread_pointer (void)
{
	uintptr_t tp;

	__asm__ ("movq %%fs:0, %0" : "=r" (tp));
	return tp;
}

/* incq on memory: one instruction, so a handler that interrupts the
   thread and counts on the same slot cannot lose either count; no
   lock prefix, since no other thread writes it.  */
static inline void
mc_arch_inc (uint64_t *p)
{
	__asm__ ("incq %0" : "+m" (*p));
}

/* The unwind tables.  */
#define MC_ARCH_DW_FP		6	/* rbp */
#define MC_ARCH_DW_SP		7	/* rsp */
#define MC_ARCH_DW_RA		16	/* the return address column */
#define MC_ARCH_CFA_ENTRY	8	/* CFA = rsp + 8 at entry */
#define MC_ARCH_RA_IN_REG	0	/* a call pushes it */
#define MC_ARCH_FP_CFA_OFF	16	/* CFA = rbp + 16 */
#define MC_ARCH_FP_RA_OFF	(-8)	/* return address at CFA - 8 */
#define MC_ARCH_FP_FP_OFF	(-16)	/* caller's rbp at CFA - 16 */

static inline uintptr_t
mc_arch_ra (const ucontext_t *uc)
{
	(void) uc;
	return 0;			/* never in a register */
}

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

/* Labels of mcount.S: the copy near the program, its bounds and its
   entry points, each of which is assembled in both places (the
   libgmon-local names of the originals: the process may have chosen
   another object's mcount).  */
#pragma GCC visibility push(hidden)
extern const char mc_near_start[], mc_near_end[];
extern const char mc_near_mcount[], mc_near_fentry[], mc_near_bb[];
extern const char mc_mcount_local[], mc_fentry_local[], mc_bb_local[];
#pragma GCC visibility pop

/* The copies run the same instructions as the originals, but a few
   bytes may differ in length: each entry point's samples go to its
   original, at the same offset as near as it allows.  The copy of
   mcount comes first, at offset 0.  */
static inline uintptr_t
mc_arch_near_origin (uintptr_t off)
{
	uintptr_t fentry = (uintptr_t) (mc_near_fentry - mc_near_start);
	uintptr_t bb = (uintptr_t) (mc_near_bb - mc_near_start);

	if (off < fentry)
		return (uintptr_t) mc_mcount_local + off;
	if (off < bb)
		return (uintptr_t) mc_fentry_local + (off - fentry);
	return (uintptr_t) mc_bb_local + (off - bb);
}

/* Patchable function entries (mcount/linux/sleds.c): gcc's
   -fpatchable-function-entry=5 leaves five one-byte NOPs at each
   function's entry, after its endbr64 if it has one, which become a
   `call rel32' to the copy of the fast paths near the object
   (near.c), else to a jump there to libgmon's own: the callee then
   enters __fentry__ as -pg -mfentry code does.  */
#define MC_ARCH_HAS_SLEDS	1
#define MC_ARCH_SLED_SIZE	5	/* call rel32 */
#define MC_ARCH_SLED_FLAG	"-fpatchable-function-entry=5"
#define MC_ARCH_TRAMP_SIZE	16	/* jmp *0(%rip); .quad target */
#define MC_ARCH_SLED_REACH	((uintptr_t) 1 << 31)	/* rel32's */

uintptr_t mc_arch_sled_copy_entry (bool body) MC_HIDDEN;

#endif /* !__ASSEMBLER__ */

#endif /* MCOUNT_ARCH_X86_64_ARCH_H */
