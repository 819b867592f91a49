/* trap.S - trap handlers of libgmon's RISC-V port.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later  */

#if __riscv_xlen == 64
#define SREG	sd
#define LREG	ld
#define RB	8
#else
#define SREG	sw
#define LREG	lw
#define RB	4
#endif

/* The caller-saved registers, which the C it calls may change.  */
#define FRAME	(16 * RB)

/* Not relaxed, as mcount.S: the debugging information's sizes stay
   true.  */
	.option	norelax

	.text

/* The trap vector of the machine timer (mtime.c), direct mode: every
   trap comes here.  mc_bm_trap (mcause, mepc) takes the timer's and
   hands any other back to the program's vector; either way mret
   returns where the trap came from (and a trap handed back comes
   again, to the program's vector: mtime.c).  */
	.globl	mc_port_trap
	.hidden	mc_port_trap
	.type	mc_port_trap, @function
	.p2align 2
mc_port_trap:
	addi	sp, sp, -FRAME
	SREG	ra, 0 * RB(sp)
	SREG	t0, 1 * RB(sp)
	SREG	t1, 2 * RB(sp)
	SREG	t2, 3 * RB(sp)
	SREG	a0, 4 * RB(sp)
	SREG	a1, 5 * RB(sp)
	SREG	a2, 6 * RB(sp)
	SREG	a3, 7 * RB(sp)
	SREG	a4, 8 * RB(sp)
	SREG	a5, 9 * RB(sp)
	SREG	a6, 10 * RB(sp)
	SREG	a7, 11 * RB(sp)
	SREG	t3, 12 * RB(sp)
	SREG	t4, 13 * RB(sp)
	SREG	t5, 14 * RB(sp)
	SREG	t6, 15 * RB(sp)
	.option	push
	.option	arch, +zicsr
	csrr	a0, mcause
	csrr	a1, mepc
	.option	pop
	call	mc_bm_trap
	LREG	ra, 0 * RB(sp)
	LREG	t0, 1 * RB(sp)
	LREG	t1, 2 * RB(sp)
	LREG	t2, 3 * RB(sp)
	LREG	a0, 4 * RB(sp)
	LREG	a1, 5 * RB(sp)
	LREG	a2, 6 * RB(sp)
	LREG	a3, 7 * RB(sp)
	LREG	a4, 8 * RB(sp)
	LREG	a5, 9 * RB(sp)
	LREG	a6, 10 * RB(sp)
	LREG	a7, 11 * RB(sp)
	LREG	t3, 12 * RB(sp)
	LREG	t4, 13 * RB(sp)
	LREG	t5, 14 * RB(sp)
	LREG	t6, 15 * RB(sp)
	addi	sp, sp, FRAME
	mret
	.size	mc_port_trap, . - mc_port_trap

/* The trap vector of the semihosting probe (port.c), for the length of
   one call, interrupts off: an ebreak that no debugger took trapped.
   Resume after the sequence (slli, ebreak, srai: mepc is the ebreak)
   with a0 = -1 and a1 = 0 (port.c knows by it).  port.c declares t0
   changed.  Nothing else can trap there; if something does, it stops
   here rather than run on.  */
	.globl	mc_port_probe_trap
	.hidden	mc_port_probe_trap
	.type	mc_port_probe_trap, @function
	.p2align 2
mc_port_probe_trap:
	.option	push
	.option	arch, +zicsr
	csrr	t0, mcause
	addi	t0, t0, -3
	bnez	t0, 1f
	csrr	t0, mepc
	addi	t0, t0, 8
	csrw	mepc, t0
	li	a0, -1
	li	a1, 0
	mret
1:	wfi
	j	1b
	.option	pop
	.size	mc_port_probe_trap, . - mc_port_probe_trap

	.section .note.GNU-stack, "", @progbits
