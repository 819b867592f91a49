/* port.c - the semihosting call of libgmon's RISC-V port, guarded.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   RISC-V's semihosting is `slli zero, zero, 0x1f; ebreak; srai zero,
   zero, 7', uncompressed: a debugger (or QEMU) that sees the ebreak
   between those two does the call.  With nobody there the ebreak is a
   breakpoint exception.  Nothing a program in machine mode can read
   says whether a debugger is attached, so the first call is made with
   interrupts off and, for its length, a trap vector of our own
   (trap.S) that skips the sequence and says so; after the first
   answer the calls go straight.  */

#include <config.h>

#include "mcount/baremetal/bm.h"

void mc_port_probe_trap (void) MC_BM_HIDDEN;

static long
call (long op, void *arg)
{
	register long a0 __asm__ ("a0") = op;
	register void *a1 __asm__ ("a1") = arg;

	__asm__ volatile (".option push\n\t"
			  ".option norvc\n\t"
			  ".balign 16\n\t"
			  "slli zero, zero, 0x1f\n\t"
			  "ebreak\n\t"
			  "srai zero, zero, 7\n\t"
			  ".option pop"
			  : "+r" (a0), "+r" (a1) : : "memory", "t0");
	return a1 || !arg ? a0 : -2;
}

long
mc_port_semihost (long op, void *arg, void *scratch, size_t size,
		  bool *absent)
{
	uintptr_t old;
	mc_irq_t irq;
	long r;

	(void) size;
	*absent = false;
	if (!scratch)
		return call (op, arg);
	irq = mc_port_irq_off ();
	old = mc_csr_read (mtvec);
	mc_csr_write (mtvec, (uintptr_t) mc_port_probe_trap);
	r = call (op, arg);
	mc_csr_write (mtvec, old);
	mc_port_irq_restore (irq);
	if (r == -2) {
		*absent = true;
		return -1;
	}
	return r;
}
