/* fault-catch.S - the HardFault handler of the semihosting probe,
   Arm M-profile (ARMv6-M instructions).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   Only installed for the length of one semihosting call.  */

#include "mcount/arch/arm/frame.h"

	.syntax	unified
	.thumb
	.text

/* The HardFault handler of the semihosting probe (port.c), in a vector
   table of its own for the length of one call, interrupts off: a BKPT
   that no debugger took faulted.  Skip it and return -1 in r0, 0 in
   r1 (the call's argument, which a debugger leaves alone: port.c knows
   by it).  Any other fault goes to the program's handler, whose
   address port.c left in the table's first word.  */
	.global	mc_port_fault_catch
	.hidden	mc_port_fault_catch
	.type	mc_port_fault_catch, %function
	.thumb_func
	.p2align 2
mc_port_fault_catch:
	FRAME	r0
	ldr	r1, [r0, #MC_FRAME_PC]
	ldrh	r2, [r1]
	ldr	r3, =0xbeab		/* bkpt 0xab */
	cmp	r2, r3
	bne	4f
	adds	r1, r1, #2
	str	r1, [r0, #MC_FRAME_PC]
	movs	r1, #0
	str	r1, [r0, #MC_FRAME_R1]
	subs	r1, r1, #1
	str	r1, [r0, #MC_FRAME_R0]
	bx	lr
4:	ldr	r0, =0xe000ed08		/* VTOR: this table */
	ldr	r0, [r0]
	ldr	r0, [r0]		/* its first word */
	bx	r0
	.size	mc_port_fault_catch, . - mc_port_fault_catch

	.pool
	.section .note.GNU-stack, "", %progbits
