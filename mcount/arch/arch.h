/* arch.h - what libgmon asks of the processor it runs on: the interface
   that each port, mcount/arch/ARCH/, implements.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   Everything in the runtime that knows a processor's instructions,
   registers, calling convention or relocations lives in
   mcount/arch/ARCH/; the rest of mcount/ is the same C on every
   processor and reaches the port only through what is listed here.
   A port to a new processor adds a directory:

     mcount/arch/ARCH/mcount.S  the entry points the compiler's
                                instrumentation calls (1 below);
     mcount/arch/ARCH/arch.h    the definitions of 2 to 6 below, as
                                macros and static inline functions;
     mcount/arch/ARCH/near.c    if it has the copy near the program (6);
     mcount/arch/ARCH/local.mk  its files, for the build;

   and one line in each list of ports: the #if below, configure.ac's
   table of hosts and the includes of mcount/linux/local.mk.  Nothing the
   hot paths use goes through a pointer or a call: the entry points'
   fast paths are the port's own assembly, and what the SIGPROF
   handler and the stack walk ask of a port here is inlined.

   1. The entry points (mcount.S).  Each instrumented call arrives with
      two addresses: FROM, where the instrumented function returns to
      in its caller, and SELF, an address inside the instrumented
      function (the return address of its call to the stub).  The
      stub counts the arc (FROM, SELF) in the calling thread's table
      (mc_tls.tab, struct mc_arctab: MC_TAB_MASK, MC_TAB_SLOTS,
      MC_SLOT_SIZE, mc_arc_hash in runtime.h) when it holds the arc
      already, and otherwise calls mc_arc_slow (FROM, SELF) (arcs.c)
      with everything saved that the compiler's convention for the
      stub requires (C code of the runtime is built without vector
      registers where the compiler allows: RT_CFLAGS).  It does nothing
      while mc_arcs_on is 0.  The block hooks of
      -fsanitize-coverage=trace-pc (__sanitizer_cov_trace_pc,
      __sanitizer_cov_trace_pc_guard) count a block of the program in
      the thread's array (mc_tls.bb, .bb_lo, .bb_span: MC_TLS_BB*) by
      its return address, one counter per 4 bytes, and otherwise go to
      mc_bb_slow (bbcount.c) as if called by the block.

   2. The interrupted context, for the SIGPROF handler and the walk:
        uintptr_t mc_arch_pc (const ucontext_t *uc)  the sampled PC
        uintptr_t mc_arch_sp (const ucontext_t *uc)  its stack pointer
        uintptr_t mc_arch_fp (const ucontext_t *uc)  its frame pointer
        uintptr_t mc_arch_ra (const ucontext_t *uc)  its return address
                                     register (0 if MC_ARCH_RA_IN_REG
                                     is 0)

   3. The thread and counting:
        uintptr_t mc_arch_thread_pointer (void)
            the thread pointer (the TLS base; glibc keeps the thread's
            descriptor next to it, at the top of its stack block)
        void mc_arch_inc (uint64_t *p)
            *P += 1 as one instruction, which a signal handler of the
            same thread cannot split (no other thread writes *P)

   4. The unwind tables' view of the registers (ehframe.c, unwind.c):
        MC_ARCH_DW_SP, MC_ARCH_DW_FP, MC_ARCH_DW_RA
            DWARF numbers of the stack pointer, the frame pointer and
            the return address column
        MC_ARCH_CFA_ENTRY
            at a function's first instruction, CFA = SP + this
        MC_ARCH_RA_IN_REG
            1 if a call leaves the return address in the register
            MC_ARCH_DW_RA (a link register), 0 if it pushes it: with
            1 a frame whose rule keeps it there (a leaf) takes it
            from the interrupted context, in the innermost frame only
        MC_ARCH_FP_CFA_OFF, MC_ARCH_FP_RA_OFF, MC_ARCH_FP_FP_OFF
            the frame-pointer rule, for code no table covers:
            CFA = FP + CFA_OFF, the return address at CFA + RA_OFF,
            the caller's frame pointer at CFA + FP_OFF
        uintptr_t mc_arch_code_addr (uintptr_t ra)
            a return address read from a frame, as a code address
            (signature bits of pointer authentication removed)
        bool mc_arch_cfa_skip (uint8_t op)
            whether OP is one of the processor's own CFA instructions
            (DW_CFA_lo_user .. hi_user) that has no operands and
            changes nothing the walk follows

   5. MC_ARCH_HAS_NEAR: 1 if the port has the copy of the fast paths
      next to the program (6), else 0 and near.c does without.

   6. The copy near the program (near.c), if MC_ARCH_HAS_NEAR:
        MC_ARCH_NEAR_PAGE
            bytes of the copy's code page, which its data page follows
            (mc_arcs_on's mirror, at its first byte); read by
            mcount.S too
        mc_near_start[], mc_near_end[]
            the bounds of the position-independent copy, which
            mcount.S assembles
        uintptr_t mc_arch_near_origin (uintptr_t off)
            for the copy's byte OFF, the same place in libgmon's own
            entry points (samples in the copy are charged there)
      and in mcount/arch/ARCH/near.c:
        mc_arch_near_hooks[]
            the entry points the program calls through its GOT
        int mc_arch_near_got (unsigned long type)
            whether a dynamic relocation of TYPE fills such a slot
        bool mc_arch_near_patch (char *page)
            the copy at PAGE made ready to run there

   and, with MC_ARCH_HAS_SLEDS 1, what patches the compiler's
   patchable function entries into calls (linux/sleds.c):

        MC_ARCH_SLED_SIZE, MC_ARCH_TRAMP_SIZE, MC_ARCH_SLED_REACH
            the bytes of the call written over a sled, of the jump
            near the object that it calls, and how far the call
            reaches either way
        MC_ARCH_SLED_FLAG
            the compiler's flag that leaves such sleds, for messages
        size_t mc_arch_sled_skip (const unsigned char *entry,
                                  size_t avail)
            bytes at a function's entry that come before its sled
            (x86-64's endbr64, aarch64's bti c: they must stay first)
        size_t mc_arch_sled_len (enum mc_sled_form form)
            the bytes a sled of FORM spans (-fpatchable-function-
            entry's NOPs, -mnop-mcount's nopl, XRay's entry sled); 0
            when the compilers make no such sleds for the processor
        bool mc_arch_sled_free (enum mc_sled_form form,
                                const unsigned char *p)
            the sled of FORM at P is as the compiler left it
        bool mc_arch_sled_nops (const unsigned char *p, size_t n)
            the N bytes at P are (the M NOPs before a symbol)
        void mc_arch_sled_call (enum mc_sled_form form,
                                unsigned char *p, uintptr_t at,
                                uintptr_t to)
            writes at P, the copy of the sled of FORM at AT, the call
            of TO (MC_ARCH_SLED_SIZE bytes, and what else the form
            needs to stay code)
        void mc_arch_sled_tramp (unsigned char *p, uintptr_t to)
            writes at P a jump to TO from anywhere
        uintptr_t mc_arch_sled_entry (bool body)
            the entry point the patched sleds call, first thing in the
            function: __fentry__ on x86-64 (the caller's return
            address above its own), mc_sled_entry elsewhere (the
            port's arch.h says where it finds FROM and SELF); with
            BODY, for -mnop-mcount's sleds after the function's
            frame, mcount (x86-64 only)
        int mc_arch_sled_prot (const struct dl_phdr_info *info)
            PROT_* bits the object's code was given beyond its
            segment's flags, which the patched pages keep (aarch64's
            PROT_BTI); declared in mcount/linux/sleds.h
        uintptr_t mc_arch_sled_copy_entry (bool body)
            with MC_ARCH_HAS_NEAR 1: the same entry point's offset in
            the copy of the fast paths  */

#ifndef MCOUNT_ARCH_ARCH_H
#define MCOUNT_ARCH_ARCH_H

#if defined __x86_64__
# include "mcount/arch/x86_64/arch.h"
#elif defined __aarch64__
# include "mcount/arch/aarch64/arch.h"
#elif defined __riscv && __riscv_xlen == 64
# include "mcount/arch/riscv64/arch.h"
#else
# error "libgmon has no port to this processor: see mcount/arch/arch.h"
#endif

#ifndef MC_ARCH_HAS_NEAR
# define MC_ARCH_HAS_NEAR	0
#endif
#ifndef MC_ARCH_HAS_SLEDS
# define MC_ARCH_HAS_SLEDS	0
#endif

#if !defined MC_ARCH_DW_SP || !defined MC_ARCH_DW_FP \
	|| !defined MC_ARCH_DW_RA || !defined MC_ARCH_CFA_ENTRY \
	|| !defined MC_ARCH_RA_IN_REG || !defined MC_ARCH_FP_CFA_OFF \
	|| !defined MC_ARCH_FP_RA_OFF || !defined MC_ARCH_FP_FP_OFF
# error "the port's arch.h lacks a definition of mcount/arch/arch.h"
#endif

#if MC_ARCH_HAS_NEAR && !defined __ASSEMBLER__

/* One entry point of libgmon that the program calls through its GOT:
   near.c points the program's slot at its copy when the slot names
   NAME and holds libgmon's (the dynamic linker chose ours).  */
struct mc_near_hook {
	const char *name;		/* the symbol, in the relocations;
					   NULL ends the table */
	const char *local;		/* libgmon's own entry point */
	const char *copy;		/* its copy, in mc_near_start ..
					   mc_near_end */
	void (*chosen) (void);		/* NAME's definition in the process,
					   checked against LOCAL; NULL: not
					   checked */
	bool block;			/* a block hook: if one checked is not
					   LOCAL, no block hook's slot is
					   redirected; any other hook's
					   mismatch means no copy at all */
};

/* mc_arch_near_got's answers.  */
#define MC_NEAR_GOT_NONE	0	/* not a slot of a called symbol */
#define MC_NEAR_GOT_BOUND	1	/* bound at load: holds LOCAL if ours */
#define MC_NEAR_GOT_LAZY	2	/* a PLT slot, perhaps not bound yet
					   (to ours, then: the table's
					   checks said so) */

extern const struct mc_near_hook mc_arch_near_hooks[] MC_HIDDEN;
int mc_arch_near_got (unsigned long type) MC_HIDDEN;
/* Fills in, in the copy at PAGE (mc_near_start .. mc_near_end copied
   there, still writable), what depends on where it runs: how it
   finds mc_tls and the slow paths.  False if it cannot run there.  */
bool mc_arch_near_patch (char *page) MC_HIDDEN;

#endif /* MC_ARCH_HAS_NEAR && !__ASSEMBLER__ */

#endif /* MCOUNT_ARCH_ARCH_H */
