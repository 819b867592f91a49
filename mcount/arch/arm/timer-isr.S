/* timer-isr.S - gmon_timer_isr, the handler of a timer the program
   owns, Arm M-profile (ARMv6-M instructions).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   A timer the program owns takes its samples through this handler.  */

#include "mcount/arch/arm/frame.h"

	.syntax	unified
	.thumb
	.text

/* gmon_timer_isr: the same for a timer the program owns (the hook
   timer, hook.c): installed as that timer's handler, it calls the
   program's gmon_timer_ack (if there is one: a weak reference) to
   clear the timer's event, then takes the sample.  */
	.weak	gmon_timer_ack
	.global	gmon_timer_isr
	.type	gmon_timer_isr, %function
	.thumb_func
	.p2align 2
gmon_timer_isr:
	push	{r4, lr}
	ldr	r0, =gmon_timer_ack
	cmp	r0, #0
	beq	3f
	blx	r0
3:	pop	{r0, r1}		/* r1: EXC_RETURN back (r4 is the
					   program's still: ack kept it) */
	mov	lr, r1
	FRAME	r0
	ldr	r0, [r0, #MC_FRAME_PC]
	ldr	r1, =gmon_sample
	bx	r1
	.size	gmon_timer_isr, . - gmon_timer_isr

	.pool
	.section .note.GNU-stack, "", %progbits
