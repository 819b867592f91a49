/* dlopen.S - libgmon.so's dlopen, AArch64.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   Only in the shared library (PIC), as x86-64's (whose file says
   why).  mc_dlopen_choose (file, mode, caller) says where to go on;
   the arguments are restored and x30 is the caller's again before
   the branch, so that the C library's dlopen sees the program's call
   as it was made.  x16 carries the target: a br through it may land
   on a `bti c' (or a paciasp).  */

#ifdef PIC
	.text
	.p2align 4
	.globl	dlopen
	.type	dlopen, %function
dlopen:
	.cfi_startproc
	hint	34				/* bti c */
	stp	x29, x30, [sp, #-32]!
	.cfi_def_cfa_offset 32
	.cfi_offset x29, -32
	.cfi_offset x30, -24
	mov	x29, sp
	stp	x0, x1, [sp, #16]
	mov	x2, x30				/* the caller's */
	bl	mc_dlopen_choose
	mov	x16, x0
	ldp	x0, x1, [sp, #16]
	ldp	x29, x30, [sp], #32
	.cfi_def_cfa_offset 0
	.cfi_restore x29
	.cfi_restore x30
	br	x16
	.cfi_endproc
	.size	dlopen, .-dlopen
#endif

	.section .note.GNU-stack,"",%progbits
