/* mcount.S - the entry point gcc -pg code calls, RISC-V (RV32, RV64).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   gcc -pg calls _mcount with `mv a0, ra; call _mcount' after the
   prologue, its arguments moved to saved registers first: an ordinary
   call, FROM (the return address into the caller) in a0, SELF in ra.
   So _mcount may be the C function mc_bm_arc (FROM, SELF) itself, with
   ra as its second argument: a tail call, which returns into the
   instrumented function.  */

/* Not relaxed: the assembler's debugging information gives the file's
   functions their sizes before the linker relaxes calls, and a
   relaxed tail would leave _mcount's range over the next function's
   start (libbfd then names _mcount for it, and no line).  */
	.option	norelax

	.text
	.globl	_mcount
	.type	_mcount, @function
	.p2align 2
_mcount:
	mv	a1, ra
	tail	mc_bm_arc
	.size	_mcount, . - _mcount

	.section .note.GNU-stack, "", @progbits
