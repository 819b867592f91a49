/* mcount.S - the entry points gcc -pg code calls, AArch64.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   gcc -pg calls _mcount with `mov x0, x30; bl _mcount' after the
   prologue (arch.h): FROM in x0, SELF in x30, and the call is an
   ordinary one, so the temporaries x9-x17 are ours.  The fast path
   counts an arc the calling thread's table holds already:

       flag off?  -> return
       table = mc_tls.tab         NULL -> slow path (first call)
       i = hash (from, self) & mask
       while slots[i] is not (from, self):
           slots[i] empty -> slow path (new arc)
           i = (i + 1) & mask
       slots[i].count += 1        (exclusive load/store, see INC)

   touching x9-x16 and the thread's own table only.  The slow path
   saves the argument registers (x1-x8, q0-q7: nothing gcc needs, but a
   hand-written caller may) and calls mc_arc_slow (arcs.c).  The entry
   of patched sleds, mc_sled_entry, runs the same lookup (ARC_FIND) on
   other registers.  */

#include "mcount/linux/runtime.h"

/* The thread's struct mc_tls into \reg (initial-exec TLS: tpidr_el0
   plus the offset the dynamic linker put in the GOT).  */
	.macro TLS reg, tmp
	mrs	\reg, tpidr_el0
	adrp	\tmp, :gottprel:mc_tls
	ldr	\tmp, [\tmp, #:gottprel_lo12:mc_tls]
	add	\reg, \reg, \tmp
	.endm

/* *[\addr] += 1, which a signal handler of this thread cannot split:
   it clears the exclusive monitor, and the store then fails.  */
	.macro INC addr, val, fail
1:	ldxr	\val, [\addr]
	add	\val, \val, #1
	stxr	\fail, \val, [\addr]
	cbnz	\fail, 1b
	.endm

/* The fast path's lookup of the arc (\from, \self) in the calling
   thread's table, which counts it and falls through when the table
   holds it, else goes to \slow (no table yet) or \miss (ARC_MISS:
   the next slot, or \slow at an empty one).  Touches x10-x16.  */
	.macro ARC_FIND from, self, slow, miss, probe
	TLS	x10, x11
	ldr	x10, [x10]			/* mc_tls.tab */
	cbz	x10, \slow
	eor	x11, \from, \self
	movz	x12, #0x7c15
	movk	x12, #0x7f4a, lsl #16
	movk	x12, #0x79b9, lsl #32
	movk	x12, #0x9e37, lsl #48		/* MC_HASH_MUL */
	mul	x11, x11, x12
	lsr	x11, x11, #32			/* mc_arc_hash () */
	ldr	x13, [x10, #MC_TAB_MASK]
	add	x10, x10, #MC_TAB_SLOTS
\probe:
	and	x11, x11, x13
	add	x14, x11, x11, lsl #1
	add	x14, x10, x14, lsl #3		/* slot i at 24 * i */
	ldp	x15, x16, [x14]
	cmp	x15, \from
	b.ne	\miss
	cmp	x16, \self
	b.ne	\miss
	add	x14, x14, #16
	INC	x14, x15, w16
	.endm

/* ARC_FIND's slot taken by another arc: the next one.  Placed after a
   return, off the path of a hit.  */
	.macro ARC_MISS slow, miss, probe
\miss:
	cbz	x15, \slow
	add	x11, x11, #1
	b	\probe
	.endm

	.text
	.p2align 6
	.globl	mcount
	.type	mcount, %function
	.globl	_mcount
	.type	_mcount, %function
	.globl	mc_mcount_local
	.hidden	mc_mcount_local
mcount:
_mcount:
mc_mcount_local:
	.cfi_startproc
	hint	34				/* bti c: reached through a PLT */
	adrp	x9, mc_arcs_on
	ldrb	w9, [x9, #:lo12:mc_arcs_on]
	cbz	w9, .Lret
	/* FROM without a signature, whatever the caller did (xpaclri
	   works on x30 only).  */
	mov	x9, x30
	mov	x30, x0
	hint	7				/* xpaclri */
	mov	x0, x30
	mov	x30, x9
	ARC_FIND x0, x30, .Lslow, .Lmiss, .Lprobe
.Lret:
	ret
	ARC_MISS .Lslow, .Lmiss, .Lprobe
.Lslow:
	stp	x29, x30, [sp, #-208]!
	.cfi_def_cfa_offset 208
	.cfi_offset x29, -208
	.cfi_offset x30, -200
	mov	x29, sp
	stp	x1, x2, [sp, #16]
	stp	x3, x4, [sp, #32]
	stp	x5, x6, [sp, #48]
	stp	x7, x8, [sp, #64]
	stp	q0, q1, [sp, #80]
	stp	q2, q3, [sp, #112]
	stp	q4, q5, [sp, #144]
	stp	q6, q7, [sp, #176]
	mov	x1, x30
	bl	mc_arc_slow
	ldp	q6, q7, [sp, #176]
	ldp	q4, q5, [sp, #144]
	ldp	q2, q3, [sp, #112]
	ldp	q0, q1, [sp, #80]
	ldp	x7, x8, [sp, #64]
	ldp	x5, x6, [sp, #48]
	ldp	x3, x4, [sp, #32]
	ldp	x1, x2, [sp, #16]
	ldp	x29, x30, [sp], #208
	.cfi_def_cfa_offset 0
	.cfi_restore x29
	.cfi_restore x30
	ret
	.cfi_endproc
	.size	mcount, .-mcount
	.size	_mcount, .-_mcount

/* mc_sled_entry: what a patchable function entry calls once sleds.c
   patched it (arch.h), through a jump near the object:

       [bti c]   mov x9, x30   bl <jump>   (the function's body)

   so FROM, the function's own return address, is in x9 (not signed:
   a paciasp comes after the sled), SELF (the function's entry + 8, or
   + 12 after a bti c) in x30, and the function's arguments are live:
   x0-x8, q0-q7, and x18 (gcc's static chain).  The fast path is
   _mcount's (ARC_FIND) on x9 and x30, touching x10-x16 only; the slow
   path saves everything live and calls mc_arc_slow (FROM, SELF).  The
   return gives the function back its x30: ret x16 (the link register
   cannot both hold FROM and be the way back).

   The stack walk of a sample taken here (unwind.c) goes on through
   the function (SELF) to its caller: where this code has no frame
   (mc_sled_entry .. mc_sled_entry_slow, mc_sled_entry_tail) the port
   tells the walk SELF and FROM from the registers
   (mc_arch_sled_regs), and from the slow path's frame FROM is read
   where it was saved (mc_arch_sled_from_slot): the function's own
   table says its return address is still in x30, which the walk
   knows only for the interrupted frame.  */
	.p2align 6
	.globl	mc_sled_entry
	.hidden	mc_sled_entry
	.type	mc_sled_entry, %function
mc_sled_entry:
	.cfi_startproc
	hint	34				/* bti c: reached by br x16 */
	adrp	x10, mc_arcs_on
	ldrb	w10, [x10, #:lo12:mc_arcs_on]
	cbz	w10, .Lsled_ret
	ARC_FIND x9, x30, .Lsled_slow, .Lsled_miss, .Lsled_probe
.Lsled_ret:
	mov	x16, x30
	mov	x30, x9
	.globl	mc_sled_entry_ret
	.hidden	mc_sled_entry_ret
mc_sled_entry_ret:				/* x16 SELF, x30 FROM */
	ret	x16
	ARC_MISS .Lsled_slow, .Lsled_miss, .Lsled_probe
	.globl	mc_sled_entry_slow
	.hidden	mc_sled_entry_slow
mc_sled_entry_slow:
.Lsled_slow:
	stp	x29, x30, [sp, #-240]!
	.cfi_def_cfa_offset 240
	.cfi_offset x29, -240
	.cfi_offset x30, -232
	mov	x29, sp
	stp	x0, x1, [sp, #16]
	stp	x2, x3, [sp, #32]
	stp	x4, x5, [sp, #48]
	stp	x6, x7, [sp, #64]
	stp	x8, x9, [sp, #80]
	str	x18, [sp, #96]
	stp	q0, q1, [sp, #112]
	stp	q2, q3, [sp, #144]
	stp	q4, q5, [sp, #176]
	stp	q6, q7, [sp, #208]
	mov	x0, x9
	mov	x1, x30
	bl	mc_arc_slow
	.globl	mc_sled_entry_back
	.hidden	mc_sled_entry_back
mc_sled_entry_back:				/* FROM at CFA - 240 + 88 */
	ldp	q6, q7, [sp, #208]
	ldp	q4, q5, [sp, #176]
	ldp	q2, q3, [sp, #144]
	ldp	q0, q1, [sp, #112]
	ldr	x18, [sp, #96]
	ldp	x8, x9, [sp, #80]
	ldp	x6, x7, [sp, #64]
	ldp	x4, x5, [sp, #48]
	ldp	x2, x3, [sp, #32]
	ldp	x0, x1, [sp, #16]
	ldp	x29, x30, [sp], #240
	.cfi_def_cfa_offset 0
	.cfi_restore x29
	.cfi_restore x30
	.globl	mc_sled_entry_tail
	.hidden	mc_sled_entry_tail
mc_sled_entry_tail:				/* no frame: as at the entry */
	b	.Lsled_ret
	.globl	mc_sled_entry_end
	.hidden	mc_sled_entry_end
mc_sled_entry_end:
	.cfi_endproc
	.size	mc_sled_entry, .-mc_sled_entry

/* __sanitizer_cov_trace_pc and __sanitizer_cov_trace_pc_guard (whose
   guard argument is not needed): the basic-block hooks of
   -fsanitize-coverage (bbcount.c), ordinary calls.  The block is our
   return address (x30): counted in the calling thread's array, or
   handed to mc_bb_slow by a tail branch, x30 untouched, so that it
   sees the block as its own caller.

       flag off?                  -> return
       off = pc - mc_tls.bb_lo
       off >= mc_tls.bb_span      -> mc_bb_slow (no array: span 0)
       mc_tls.bb[off / 4] += 1  */
	.p2align 6
	.globl	__sanitizer_cov_trace_pc
	.type	__sanitizer_cov_trace_pc, %function
	.globl	__sanitizer_cov_trace_pc_guard
	.type	__sanitizer_cov_trace_pc_guard, %function
	.globl	mc_bb_local
	.hidden	mc_bb_local
__sanitizer_cov_trace_pc:
__sanitizer_cov_trace_pc_guard:
mc_bb_local:
	.cfi_startproc
	hint	34				/* bti c */
	adrp	x9, mc_arcs_on
	ldrb	w9, [x9, #:lo12:mc_arcs_on]
	cbz	w9, 2f
	TLS	x10, x11
	ldr	x12, [x10, #MC_TLS_BB_LO]
	sub	x12, x30, x12
	ldr	x13, [x10, #MC_TLS_BB_SPAN]
	cmp	x12, x13
	b.hs	3f
	ldr	x13, [x10, #MC_TLS_BB]
	lsr	x12, x12, #2
	add	x13, x13, x12, lsl #3
	INC	x13, x14, w15
2:	ret
3:	b	mc_bb_slow			/* (b.hs reaches 1 MiB only) */
	.cfi_endproc
	.size	__sanitizer_cov_trace_pc, .-__sanitizer_cov_trace_pc
	.size	__sanitizer_cov_trace_pc_guard, .-__sanitizer_cov_trace_pc_guard

	.section .note.GNU-stack,"",%progbits
