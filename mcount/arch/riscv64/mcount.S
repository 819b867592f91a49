/* mcount.S - the entry points gcc -pg code calls, RISC-V (RV64).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   gcc -pg calls _mcount with `mv a0, ra; call _mcount' after the
   prologue (arch.h): FROM in a0, SELF in ra, and the call is an
   ordinary one, so the temporaries t0-t6 are ours.  The fast path
   counts an arc the calling thread's table holds already:

       flag off?  -> return
       table = mc_tls.tab         NULL -> slow path (first call)
       i = hash (from, self) & mask
       while slots[i] is not (from, self):
           slots[i] empty -> slow path (new arc)
           i = (i + 1) & mask
       slots[i].count += 1        (amoadd.d: one instruction)

   touching t0-t6 and the thread's own table only.  The slow path saves
   the argument registers (a1-a7, fa0-fa7: nothing gcc needs, but a
   hand-written caller may) and calls mc_arc_slow (arcs.c).  The entry
   of patched sleds, mc_sled_entry, runs the same lookup (ARC_FIND) on
   other registers.  */

#include "mcount/linux/runtime.h"

/* The thread's struct mc_tls into \reg (initial-exec TLS: tp plus the
   offset the dynamic linker put in the GOT).  */
	.macro TLS reg
	la.tls.ie \reg, mc_tls
	add	\reg, \reg, tp
	.endm

/* The fast path's lookup of the arc (\from, \self) in the calling
   thread's table, which counts it and falls through when the table
   holds it, else goes to \slow (no table yet), \miss (a slot of
   another FROM, or an empty one) or \next (another SELF), which
   ARC_MISS places.  Touches t1 and t3-t6: t0 may hold FROM, and t2
   is gcc's static chain, live at a function's entry.  */
	.macro ARC_FIND from, self, slow, miss, next, probe
	TLS	t1
	ld	t1, 0(t1)			/* mc_tls.tab */
	beqz	t1, \slow
	xor	t6, \from, \self
	ld	t3, .Lhash_mul			/* MC_HASH_MUL: one load, where
						   li takes eight instructions */
	mul	t6, t6, t3
	srli	t6, t6, 32			/* mc_arc_hash () */
	ld	t3, MC_TAB_MASK(t1)
	addi	t1, t1, MC_TAB_SLOTS
\probe:
	and	t6, t6, t3
	slli	t4, t6, 1
	add	t4, t4, t6
	slli	t4, t4, 3
	add	t4, t4, t1			/* slot i at 24 * i */
	ld	t5, 0(t4)
	bne	t5, \from, \miss
	ld	t5, 8(t4)
	bne	t5, \self, \next
	addi	t4, t4, 16
	li	t5, 1
	amoadd.d zero, t5, (t4)
	.endm

/* ARC_FIND's slot taken by another arc: the next one; \slow at an
   empty one (FROM 0).  Placed after a return, off the path of a
   hit.  */
	.macro ARC_MISS slow, miss, next, probe
\miss:
	beqz	t5, \slow
\next:
	addi	t6, t6, 1
	j	\probe
	.endm

	.text
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
	lbu	t0, mc_arcs_on
	beqz	t0, .Lret
	ARC_FIND a0, ra, .Lslow, .Lmiss, .Lnext, .Lprobe
.Lret:
	ret
	ARC_MISS .Lslow, .Lmiss, .Lnext, .Lprobe
.Lslow:
	addi	sp, sp, -144
	.cfi_def_cfa_offset 144
	sd	ra, 136(sp)
	sd	s0, 128(sp)
	.cfi_offset ra, -8
	.cfi_offset s0, -16
	addi	s0, sp, 144
	sd	a1, 0(sp)
	sd	a2, 8(sp)
	sd	a3, 16(sp)
	sd	a4, 24(sp)
	sd	a5, 32(sp)
	sd	a6, 40(sp)
	sd	a7, 48(sp)
#if __riscv_flen >= 64
	fsd	fa0, 56(sp)
	fsd	fa1, 64(sp)
	fsd	fa2, 72(sp)
	fsd	fa3, 80(sp)
	fsd	fa4, 88(sp)
	fsd	fa5, 96(sp)
	fsd	fa6, 104(sp)
	fsd	fa7, 112(sp)
#endif
	mv	a1, ra
	call	mc_arc_slow
#if __riscv_flen >= 64
	fld	fa7, 112(sp)
	fld	fa6, 104(sp)
	fld	fa5, 96(sp)
	fld	fa4, 88(sp)
	fld	fa3, 80(sp)
	fld	fa2, 72(sp)
	fld	fa1, 64(sp)
	fld	fa0, 56(sp)
#endif
	ld	a7, 48(sp)
	ld	a6, 40(sp)
	ld	a5, 32(sp)
	ld	a4, 24(sp)
	ld	a3, 16(sp)
	ld	a2, 8(sp)
	ld	a1, 0(sp)
	ld	s0, 128(sp)
	ld	ra, 136(sp)
	.cfi_restore ra
	.cfi_restore s0
	addi	sp, sp, 144
	.cfi_def_cfa_offset 0
	ret
	.cfi_endproc
	.size	mcount, .-mcount
	.size	_mcount, .-_mcount

/* mc_sled_entry: what a patchable function entry calls once sleds.c
   patched it (arch.h), through a jump near the object:

       auipc t0, hi20   jalr t0, lo12(t0)   (the function's body)

   so FROM, the function's own return address, is still in ra, SELF
   (the function's entry + 8) in t0, and the function's arguments are
   live: a0-a7, fa0-fa7, and t2 (gcc's static chain).  The fast path is
   _mcount's (ARC_FIND) on ra and t0, touching t1 and t3-t6, and
   returns by jr t0.  The slow path swaps the two first, so that ra
   holds its frame's return address as its unwind table says, saves
   everything live, calls mc_arc_slow (FROM, SELF) and returns through
   t1.  A sample where this code has no frame (mc_sled_entry ..
   mc_sled_entry_swapped, mc_sled_entry_tail ..) is walked from the
   registers (mc_arch_sled_regs, sleds.c), one in mc_arc_slow through
   FROM's slot of the frame (mc_arch_sled_from_slot): on to the
   function and its caller.  */
	.p2align 6
	.globl	mc_sled_entry
	.hidden	mc_sled_entry
	.type	mc_sled_entry, @function
mc_sled_entry:
	.cfi_startproc
	lbu	t1, mc_arcs_on
	beqz	t1, .Lsled_ret
	ARC_FIND ra, t0, .Lsled_slow, .Lsled_miss, .Lsled_next, .Lsled_probe
.Lsled_ret:
	jr	t0
	ARC_MISS .Lsled_slow, .Lsled_miss, .Lsled_next, .Lsled_probe
	.globl	mc_sled_entry_slow
	.hidden	mc_sled_entry_slow
mc_sled_entry_slow:
.Lsled_slow:
	mv	t1, ra
	mv	ra, t0
	.globl	mc_sled_entry_swap
	.hidden	mc_sled_entry_swap
mc_sled_entry_swap:				/* ra SELF, t1 FROM */
	mv	t0, t1				/* t0 = FROM, ra = SELF */
	.globl	mc_sled_entry_swapped
	.hidden	mc_sled_entry_swapped
mc_sled_entry_swapped:
	addi	sp, sp, -176
	.cfi_def_cfa_offset 176
	sd	ra, 168(sp)
	sd	s0, 160(sp)
	.cfi_offset ra, -8
	.cfi_offset s0, -16
	addi	s0, sp, 176
	sd	a0, 0(sp)
	sd	a1, 8(sp)
	sd	a2, 16(sp)
	sd	a3, 24(sp)
	sd	a4, 32(sp)
	sd	a5, 40(sp)
	sd	a6, 48(sp)
	sd	a7, 56(sp)
	sd	t0, 64(sp)
	sd	t2, 72(sp)
#if __riscv_flen >= 64
	fsd	fa0, 80(sp)
	fsd	fa1, 88(sp)
	fsd	fa2, 96(sp)
	fsd	fa3, 104(sp)
	fsd	fa4, 112(sp)
	fsd	fa5, 120(sp)
	fsd	fa6, 128(sp)
	fsd	fa7, 136(sp)
#endif
	mv	a0, t0
	mv	a1, ra
	call	mc_arc_slow
	.globl	mc_sled_entry_back
	.hidden	mc_sled_entry_back
mc_sled_entry_back:				/* FROM at CFA - 176 + 64 */
#if __riscv_flen >= 64
	fld	fa7, 136(sp)
	fld	fa6, 128(sp)
	fld	fa5, 120(sp)
	fld	fa4, 112(sp)
	fld	fa3, 104(sp)
	fld	fa2, 96(sp)
	fld	fa1, 88(sp)
	fld	fa0, 80(sp)
#endif
	ld	t2, 72(sp)
	ld	t0, 64(sp)
	ld	a7, 56(sp)
	ld	a6, 48(sp)
	ld	a5, 40(sp)
	ld	a4, 32(sp)
	ld	a3, 24(sp)
	ld	a2, 16(sp)
	ld	a1, 8(sp)
	ld	a0, 0(sp)
	ld	s0, 160(sp)
	ld	ra, 168(sp)
	.cfi_restore ra
	.cfi_restore s0
	addi	sp, sp, 176
	.cfi_def_cfa_offset 0
	.globl	mc_sled_entry_tail
	.hidden	mc_sled_entry_tail
mc_sled_entry_tail:				/* ra SELF, t0 FROM */
	mv	t1, ra
	mv	ra, t0
	.globl	mc_sled_entry_ret
	.hidden	mc_sled_entry_ret
mc_sled_entry_ret:				/* t1 SELF, ra FROM */
	jr	t1
	.globl	mc_sled_entry_end
	.hidden	mc_sled_entry_end
mc_sled_entry_end:
	.cfi_endproc
	.size	mc_sled_entry, .-mc_sled_entry

/* __sanitizer_cov_trace_pc and __sanitizer_cov_trace_pc_guard (whose
   guard argument is not needed): the basic-block hooks of
   -fsanitize-coverage (bbcount.c), ordinary calls.  The block is our
   return address (ra): counted in the calling thread's array, or
   handed to mc_bb_slow by a tail call, ra untouched, so that it sees
   the block as its own caller.

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
	lbu	t0, mc_arcs_on
	beqz	t0, 2f
	TLS	t1
	ld	t2, MC_TLS_BB_LO(t1)
	sub	t2, ra, t2
	ld	t3, MC_TLS_BB_SPAN(t1)
	bgeu	t2, t3, 3f
	ld	t3, MC_TLS_BB(t1)
	srli	t2, t2, 2
	slli	t2, t2, 3
	add	t3, t3, t2
	li	t4, 1
	amoadd.d zero, t4, (t3)
2:	ret
3:	tail	mc_bb_slow
	.cfi_endproc
	.size	__sanitizer_cov_trace_pc, .-__sanitizer_cov_trace_pc
	.size	__sanitizer_cov_trace_pc_guard, .-__sanitizer_cov_trace_pc_guard

	.section .rodata
	.p2align 3
.Lhash_mul:
	.quad	MC_HASH_MUL

	.section .note.GNU-stack,"",@progbits
