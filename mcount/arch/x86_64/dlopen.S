/* dlopen.S - libgmon.so's dlopen, x86-64.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   Only in the shared library: libtool defines PIC when it compiles the
   shared library's objects, not the static archive's (a program that
   links libgmon.a keeps the C library's dlopen).

   mc_dlopen_choose (file, mode, caller) says where to go on, with the
   arguments as they came and the caller's return address on top of
   the stack, by a jump: to the C library's dlopen, which then sees
   the program's call as it was made (the caller's object decides the
   search path, $ORIGIN and the namespace), or to mc_dlopen_wrapped,
   which patches the sleds of what it loaded before it returns
   (mcount/linux/dlopen.c says when).  */

#ifdef PIC
	.p2align 4
	.globl	dlopen
	.type	dlopen, @function
dlopen:
	.cfi_startproc
	endbr64
	pushq	%rdi
	.cfi_adjust_cfa_offset 8
	pushq	%rsi
	.cfi_adjust_cfa_offset 8
	subq	$8, %rsp			/* 16-byte alignment */
	.cfi_adjust_cfa_offset 8
	movq	24(%rsp), %rdx			/* the caller's */
	call	mc_dlopen_choose
	addq	$8, %rsp
	.cfi_adjust_cfa_offset -8
	popq	%rsi
	.cfi_adjust_cfa_offset -8
	popq	%rdi
	.cfi_adjust_cfa_offset -8
	jmp	*%rax
	.cfi_endproc
	.size	dlopen, .-dlopen
#endif

	.section .note.GNU-stack,"",@progbits
