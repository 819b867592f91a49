/* mcount.S - the entry points gcc -pg code calls, x86-64.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   gcc -pg puts `call *mcount@GOTPCREL(%rip)' after the frame pointer is
   set up; gcc -pg -mfentry puts `call *__fentry__@GOTPCREL(%rip)' before
   the prologue.  Either call arrives here with the callee's arguments
   still live in rdi, rsi, rdx, rcx, r8, r9 and xmm0-7, the number of
   vector arguments in al, and the static chain in r10; and since the
   call is invisible to gcc's inter-procedural register allocation
   (-fipa-ra), a caller of the instrumented function may keep anything
   in any call-clobbered register.  So nothing may change except the
   flags: every register used here is saved and restored.

   The fast path counts an arc that the calling thread's table already
   holds.  It touches five integer registers, the thread's table (found
   through %fs: initial-exec TLS, no call) and one slot, and writes
   nothing shared with other threads:

       flag off?  -> return
       table = mc_tls.tab         NULL -> slow path (first call)
       i = hash (from, self) & mask
       while slots[i] is not (from, self):
           slots[i] empty -> slow path (new arc)
           i = (i + 1) & mask
       slots[i].count += 1

   Measured when the runtime was designed (10^8 calls of a small
   function, medians of interleaved runs): the call, the forced frame
   pointer and a bare `ret' alone cost about 1.7 ns a call; this fast
   path about 1 ns more; a stub that saves the argument registers and
   calls C costs about 3 ns more than the bare `ret', whatever the C
   does, which is why only the slow path does that.  The increment is
   one instruction, so a signal handler that interrupts us and counts
   on the same thread cannot lose it; it is not locked, because no
   other thread writes this table.

   The slow path saves the rest (r8-r11, xmm0-15), aligns the stack and
   calls mc_arc_slow (arcs.c), which inserts the arc, grows the table or
   gives the thread its first one.  */

#include "mcount/linux/runtime.h"
#include "mcount/arch/x86_64/arch.h"

	.text

/* Five registers, pushed by both entry points in this order.  */
	.macro SAVE5
	pushq	%rax
	.cfi_adjust_cfa_offset 8
	pushq	%rcx
	.cfi_adjust_cfa_offset 8
	pushq	%rdx
	.cfi_adjust_cfa_offset 8
	pushq	%rsi
	.cfi_adjust_cfa_offset 8
	pushq	%rdi
	.cfi_adjust_cfa_offset 8
	.endm

	.macro RESTORE5
	popq	%rdi
	.cfi_adjust_cfa_offset -8
	popq	%rsi
	.cfi_adjust_cfa_offset -8
	popq	%rdx
	.cfi_adjust_cfa_offset -8
	popq	%rcx
	.cfi_adjust_cfa_offset -8
	popq	%rax
	.cfi_adjust_cfa_offset -8
	.endm

/* The lookup, with rax = frompc, rdx = selfpc and rsi = the thread's
   table (SAVE5 done).  Returns to the instrumented function on a hit;
   goes to SLOW otherwise (a jump, or an indirect jump in the copy near
   the program, see below).  */
	.macro PROBE slow:req
	testq	%rsi, %rsi
	jz	\slow
	movq	%rax, %rcx
	xorq	%rdx, %rcx
	movabsq	$MC_HASH_MUL, %rdi
	imulq	%rdi, %rcx
	shrq	$32, %rcx			/* mc_arc_hash () */
.Lprobe\@:
	andq	MC_TAB_MASK(%rsi), %rcx
	leaq	(%rcx,%rcx,2), %rdi		/* slot i at 24 * i */
	leaq	MC_TAB_SLOTS(%rsi,%rdi,8), %rdi
	cmpq	(%rdi), %rax
	jne	.Lmiss\@
	cmpq	8(%rdi), %rdx
	jne	.Lmiss\@
	incq	16(%rdi)
	.cfi_remember_state
	RESTORE5
	ret
	.cfi_restore_state
.Lmiss\@:
	cmpq	$0, (%rdi)
	je	\slow
	incq	%rcx
	jmp	.Lprobe\@
	.endm

	.macro LOOKUP
	movq	mc_tls@gottpoff(%rip), %rsi
	movq	%fs:(%rsi), %rsi		/* mc_tls.tab */
	PROBE	.Lslow
	.endm

	.p2align 6
	.globl	mcount
	.type	mcount, @function
	.globl	_mcount
	.type	_mcount, @function
	.globl	mc_mcount_local
	.hidden	mc_mcount_local
mcount:
_mcount:
mc_mcount_local:
	.cfi_startproc
	endbr64
	cmpb	$0, mc_arcs_on(%rip)
	je	.Lmcount_off
	SAVE5
	movq	8(%rbp), %rax			/* from: the callee's return address */
	movq	40(%rsp), %rdx			/* self: our return address */
	LOOKUP
.Lmcount_off:
	ret
	.cfi_endproc
	.size	mcount, .-mcount
	.size	_mcount, .-_mcount

/* -mfentry: called as the first instruction, before the callee has a
   frame, so its return address is right above ours.  */
	.p2align 6
	.globl	__fentry__
	.type	__fentry__, @function
	.globl	mc_fentry_local
	.hidden	mc_fentry_local
__fentry__:
mc_fentry_local:
	.cfi_startproc
	endbr64
	cmpb	$0, mc_arcs_on(%rip)
	je	.Lfentry_off
	SAVE5
	movq	48(%rsp), %rax			/* from: the callee's return address */
	movq	40(%rsp), %rdx			/* self: our return address */
	LOOKUP
.Lfentry_off:
	ret
	.cfi_endproc
	.size	__fentry__, .-__fentry__

/* __sanitizer_cov_trace_pc and __sanitizer_cov_trace_pc_guard (whose
   guard argument is not needed): the basic-block hooks of
   -fsanitize-coverage (bbcount.c).  Ordinary calls, after which the
   compiler expects every call-clobbered register changed, so no saving
   here: a block of the program is counted in the calling thread's
   array, anything else goes to the slow path in C by a jump (the
   caller's return address, the block, stays on top of the stack).

       flag off?                  -> return
       off = pc - mc_tls.bb_lo
       off >= mc_tls.bb_span      -> mc_bb_slow (no array: span 0)
       mc_tls.bb[off / 4] += 1  */
	.p2align 6
	.globl	__sanitizer_cov_trace_pc
	.type	__sanitizer_cov_trace_pc, @function
	.globl	__sanitizer_cov_trace_pc_guard
	.type	__sanitizer_cov_trace_pc_guard, @function
	.globl	mc_bb_local
	.hidden	mc_bb_local
__sanitizer_cov_trace_pc:
__sanitizer_cov_trace_pc_guard:
mc_bb_local:
	.cfi_startproc
	endbr64
	cmpb	$0, mc_arcs_on(%rip)
	je	1f
	movq	(%rsp), %rdx			/* the block */
	movq	mc_tls@gottpoff(%rip), %rax
	subq	%fs:MC_TLS_BB_LO(%rax), %rdx
	cmpq	%fs:MC_TLS_BB_SPAN(%rax), %rdx
	jae	mc_bb_slow
	movq	%fs:MC_TLS_BB(%rax), %rax
	shrq	$2, %rdx
	incq	(%rax,%rdx,8)
1:	ret
	.cfi_endproc
	.size	__sanitizer_cov_trace_pc, .-__sanitizer_cov_trace_pc
	.size	__sanitizer_cov_trace_pc_guard, .-__sanitizer_cov_trace_pc_guard

/* A copy of the fast paths, for mcount/linux/near.c to place next to the
   main program.  A call from the program into a shared library mapped
   terabytes away costs about 1 ns more than a near one on the machine
   measured (even to an mcount that only returns: 0.38 s against 0.26 s
   for 10^8 calls), which is a third of the whole cost of profiling.
   The copy is reached through the program's own GOT entry for mcount,
   which near.c redirects to it.

   It is never run where it is assembled (hence .rodata).  near.c maps
   it on a page of its own, followed by a writable page whose first
   byte mirrors mc_arcs_on (MC_NEAR_DATA bytes on: the displacement
   stays right wherever the pair lands), and arch/x86_64/near.c patches
   into the copy, at the label that ends the instruction concerned,
   the offset of mc_tls from the thread pointer (a 32-bit displacement
   off %fs, as the local-exec TLS model makes it) and, in its last
   words, where the slow paths are.  So the copy runs the very
   instructions the static archive's mcount runs.  */
#define MC_NEAR_DATA	MC_ARCH_NEAR_PAGE
	.macro NEAR_ENTRY name, from, tls
	.p2align 5
	.globl	\name
	.hidden	\name
\name:
	.cfi_startproc
	endbr64
	cmpb	$0, mc_near_start+MC_NEAR_DATA(%rip)	/* mc_arcs_on */
	je	.Lnear_ret
	SAVE5
	movq	\from, %rax			/* from */
	movq	40(%rsp), %rdx			/* self */
	movq	%fs:0x11223344, %rsi		/* mc_tls.tab */
	.globl	\tls
	.hidden	\tls
\tls:
	PROBE	.Lnear_slow
	.cfi_endproc
	.endm

	.macro NEAR_LABEL name
	.globl	\name
	.hidden	\name
\name:
	.endm

	.section .rodata.mc_near, "a"
	.p2align 6
	.globl	mc_near_start
	.hidden	mc_near_start
mc_near_start:
	NEAR_ENTRY mc_near_mcount, 8(%rbp), mc_near_mcount_tls
	NEAR_ENTRY mc_near_fentry, 48(%rsp), mc_near_fentry_tls

	/* The block hooks: the three fields of mc_tls at 32-bit
	   displacements off %fs, each patched at the label after its
	   instruction.  */
	.p2align 5
	NEAR_LABEL mc_near_bb
	.cfi_startproc
	endbr64
	cmpb	$0, mc_near_start+MC_NEAR_DATA(%rip)	/* mc_arcs_on */
	je	.Lnear_bbret
	movq	(%rsp), %rdx
	subq	%fs:0x11223344, %rdx		/* mc_tls.bb_lo */
	NEAR_LABEL mc_near_bb_lo
	cmpq	%fs:0x11223344, %rdx		/* mc_tls.bb_span */
	NEAR_LABEL mc_near_bb_span
	jae	.Lnear_bbslow
	movq	%fs:0x11223344, %rax		/* mc_tls.bb */
	NEAR_LABEL mc_near_bb_arr
	shrq	$2, %rdx
	incq	(%rax,%rdx,8)
.Lnear_bbret:
	ret
.Lnear_bbslow:
	jmp	*mc_near_bbslow(%rip)
	.cfi_endproc

	.cfi_startproc
.Lnear_ret:
	ret
	.cfi_def_cfa_offset 48
.Lnear_slow:
	jmp	*mc_near_slow(%rip)
	.cfi_endproc

	.p2align 3
	NEAR_LABEL mc_near_slow
	.quad	0				/* mc_slow_stub */
	NEAR_LABEL mc_near_bbslow
	.quad	0				/* mc_bb_slow */
	NEAR_LABEL mc_near_end

	.text
	.globl	mc_slow_stub
	.hidden	mc_slow_stub
/* Entered by a jump from either entry point, rax = from, rdx = self,
   SAVE5 done: 40 bytes pushed above the return address.  */
	.p2align 4
	.type	mc_slow_stub, @function
mc_slow_stub:
	.cfi_startproc
	.cfi_def_cfa_offset 48
	endbr64				/* the near copy jumps here indirectly */
.Lslow:
	pushq	%r8
	.cfi_adjust_cfa_offset 8
	pushq	%r9
	.cfi_adjust_cfa_offset 8
	pushq	%r10
	.cfi_adjust_cfa_offset 8
	pushq	%r11
	.cfi_adjust_cfa_offset 8
	pushq	%rbp
	.cfi_adjust_cfa_offset 8
	.cfi_rel_offset rbp, 0
	movq	%rsp, %rbp
	.cfi_def_cfa_register rbp
	/* mcount is reached with whatever alignment the prologue left;
	   the C code (and libc under it) wants 16 bytes.  */
	andq	$-16, %rsp
	subq	$256, %rsp
	movdqu	%xmm0, 0(%rsp)
	movdqu	%xmm1, 16(%rsp)
	movdqu	%xmm2, 32(%rsp)
	movdqu	%xmm3, 48(%rsp)
	movdqu	%xmm4, 64(%rsp)
	movdqu	%xmm5, 80(%rsp)
	movdqu	%xmm6, 96(%rsp)
	movdqu	%xmm7, 112(%rsp)
	movdqu	%xmm8, 128(%rsp)
	movdqu	%xmm9, 144(%rsp)
	movdqu	%xmm10, 160(%rsp)
	movdqu	%xmm11, 176(%rsp)
	movdqu	%xmm12, 192(%rsp)
	movdqu	%xmm13, 208(%rsp)
	movdqu	%xmm14, 224(%rsp)
	movdqu	%xmm15, 240(%rsp)
	movq	%rax, %rdi
	movq	%rdx, %rsi
	call	mc_arc_slow
	movdqu	0(%rsp), %xmm0
	movdqu	16(%rsp), %xmm1
	movdqu	32(%rsp), %xmm2
	movdqu	48(%rsp), %xmm3
	movdqu	64(%rsp), %xmm4
	movdqu	80(%rsp), %xmm5
	movdqu	96(%rsp), %xmm6
	movdqu	112(%rsp), %xmm7
	movdqu	128(%rsp), %xmm8
	movdqu	144(%rsp), %xmm9
	movdqu	160(%rsp), %xmm10
	movdqu	176(%rsp), %xmm11
	movdqu	192(%rsp), %xmm12
	movdqu	208(%rsp), %xmm13
	movdqu	224(%rsp), %xmm14
	movdqu	240(%rsp), %xmm15
	movq	%rbp, %rsp
	.cfi_def_cfa_register rsp
	popq	%rbp
	.cfi_adjust_cfa_offset -8
	.cfi_restore rbp
	popq	%r11
	.cfi_adjust_cfa_offset -8
	popq	%r10
	.cfi_adjust_cfa_offset -8
	popq	%r9
	.cfi_adjust_cfa_offset -8
	popq	%r8
	.cfi_adjust_cfa_offset -8
	RESTORE5
	ret
	.cfi_endproc
	.size	mc_slow_stub, .-mc_slow_stub


	.section .note.GNU-stack,"",@progbits
