/* frame.h - the interrupted context of an exception, for the
   handlers of libgmon's Arm port (assembler only).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   On exception entry the core pushes r0-r3, r12, lr, pc, xpsr on the
   stack in use (bit 2 of EXC_RETURN, in lr: 1 the process stack, 0
   the main stack), so the interrupted pc is at frame + 24 (a frame
   with floating-point registers has them above xpsr).  */

#ifndef MCOUNT_ARCH_ARM_FRAME_H
#define MCOUNT_ARCH_ARM_FRAME_H

#define MC_FRAME_R0	0
#define MC_FRAME_R1	4
#define MC_FRAME_PC	24

/* The frame's address into \reg (r0-r3), from lr = EXC_RETURN.  */
	.macro	FRAME reg
	mov	\reg, lr
	lsls	\reg, \reg, #29		/* bit 2 into the sign */
	bmi	1f
	mrs	\reg, msp
	b	2f
1:	mrs	\reg, psp
2:
	.endm

#endif /* MCOUNT_ARCH_ARM_FRAME_H */
