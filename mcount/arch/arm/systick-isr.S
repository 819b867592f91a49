/* systick-isr.S - the SysTick handler of libgmon's SysTick timer, Arm
   M-profile (ARMv6-M instructions).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   The SysTick exception takes one sample where it interrupted.  */

#include "mcount/arch/arm/frame.h"

	.syntax	unified
	.thumb
	.text

/* The SysTick exception: one sample where it interrupted.  Named as
   the startup code of CMSIS (SysTick_Handler) and of picolibc
   (arm_systick_isr) name it, whose weak defaults this replaces when
   the program uses libgmon's SysTick timer (systick.c pulls this
   member in).  mc_bm_sample returns straight to EXC_RETURN.  */
	.global	mc_port_systick_isr
	.type	mc_port_systick_isr, %function
	.global	SysTick_Handler
	.type	SysTick_Handler, %function
	.global	arm_systick_isr
	.type	arm_systick_isr, %function
	.thumb_func
	.p2align 2
mc_port_systick_isr:
SysTick_Handler:
arm_systick_isr:
	FRAME	r0
	ldr	r0, [r0, #MC_FRAME_PC]
	ldr	r1, =mc_bm_sample
	bx	r1
	.size	mc_port_systick_isr, . - mc_port_systick_isr

	.pool
	.section .note.GNU-stack, "", %progbits
