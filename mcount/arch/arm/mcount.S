/* mcount.S - the entry point gcc -pg code calls, Arm M-profile.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   gcc -pg puts `push {lr}; bl __gnu_mcount_nc' after each function's
   prologue, with the arguments still in r0-r3:

       sp -> [ the function's lr: FROM, the return address into
               its caller ]
       lr  = SELF, the return address into the function

   __gnu_mcount_nc keeps r0-r3, pops the pushed lr back into lr and
   returns into the function.  glibc's Arm version ends with
   `pop {r0, r1, r2, r3, ip, lr}; bx ip', which ARMv6-M cannot
   assemble: a Cortex-M0's pop takes r0-r7 and pc only.  This one is
   the same in v6-M's instructions:

       push {r0-r3, lr}          sp+16: SELF, sp+20: FROM
       mc_bm_arc (FROM, SELF)    (C: interrupts off while it counts)
       lr = FROM
       sp+20 = SELF              where pop {pc} will take it
       pop {r0-r3}; skip SELF's slot; pop {pc}

   Six words in, six out (the function's push and our five); r12 and
   the flags are not kept (glibc's do not either: gcc's -pg call
   clobbers them).  The Thumb bit of SELF is set, so pop {pc} stays in
   Thumb state; mc_bm_arc clears it from both ends.  */

	.syntax	unified
	.thumb
	.text

	.global	__gnu_mcount_nc
	.type	__gnu_mcount_nc, %function
	.thumb_func
	.p2align 2
__gnu_mcount_nc:
	push	{r0, r1, r2, r3, lr}
	ldr	r0, [sp, #20]
	mov	r1, lr
	bl	mc_bm_arc
	ldr	r0, [sp, #20]
	mov	lr, r0
	ldr	r0, [sp, #16]
	str	r0, [sp, #20]
	pop	{r0, r1, r2, r3}
	add	sp, sp, #4
	pop	{pc}
	.size	__gnu_mcount_nc, . - __gnu_mcount_nc

	.section .note.GNU-stack, "", %progbits
