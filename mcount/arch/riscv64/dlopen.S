/* dlopen.S - libgmon.so's dlopen, RISC-V (RV64).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   Only in the shared library (PIC), as x86-64's (whose file says
   why).  mc_dlopen_choose (file, mode, caller) says where to go on;
   the arguments are restored and ra is the caller's again before the
   jump, so that the C library's dlopen sees the program's call as it
   was made.  */

#ifdef PIC
	.text
	.p2align 2
	.globl	dlopen
	.type	dlopen, @function
dlopen:
	.cfi_startproc
	addi	sp, sp, -32
	.cfi_def_cfa_offset 32
	sd	ra, 24(sp)
	.cfi_offset ra, -8
	sd	a0, 0(sp)
	sd	a1, 8(sp)
	mv	a2, ra				/* the caller's */
	call	mc_dlopen_choose
	mv	t1, a0
	ld	a0, 0(sp)
	ld	a1, 8(sp)
	ld	ra, 24(sp)
	.cfi_restore ra
	addi	sp, sp, 32
	.cfi_def_cfa_offset 0
	jr	t1
	.cfi_endproc
	.size	dlopen, .-dlopen
#endif

	.section .note.GNU-stack,"",@progbits
