/* port.c - the semihosting call of libgmon's Arm port, guarded.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   Semihosting is a BKPT 0xab that a debugger (or QEMU) takes: it does
   the call and resumes after it.  With no debugger there, the BKPT
   faults: a HardFault that would end the program.  So before the first
   call libgmon asks the core:

     ARMv7-M and later: DHCSR's C_DEBUGEN, set while a debugger holds
     the core, says one is there;

     otherwise (C_DEBUGEN clear, which QEMU also shows; or an ARMv6-M,
     whose DHCSR software cannot read), the call is made once with
     interrupts off and, for its length, a vector table of our own
     (VTOR) whose HardFault handler skips the BKPT and says so
     (fault-catch.S).  A table needs a 128-byte aligned place: the
     writer's buffer lends one, before any byte of the file is in it.
     A core whose VTOR does not take it (a Cortex-M0 has none) cannot
     tell: the call is made as is.

   After the first answer the calls go straight to the BKPT.  */

#include <config.h>

#include "mcount/baremetal/bm.h"

void mc_port_fault_catch (void) MC_BM_HIDDEN;

#define MC_TABLE_WORDS	32		/* the exceptions, and 16 IRQs */
#define MC_EXC_HARDFAULT 3

static long
bkpt (long op, void *arg)
{
	register long r0 __asm__ ("r0") = op;
	register void *r1 __asm__ ("r1") = arg;

	__asm__ volatile ("bkpt 0xab" : "+r" (r0), "+r" (r1) : : "memory");
	/* A caught BKPT zeroes r1 (fault-catch.S); a debugger leaves it.  */
	return r1 || !arg ? r0 : -2;
}

static void
barrier (void)
{
	__asm__ volatile ("dsb\n\tisb" : : : "memory");
}

/* The call made under a vector table of our own in SCRATCH (SIZE
   bytes); -2 if no debugger took it, -3 if the core would not take
   the table.  */
static long
guarded (long op, void *arg, void *scratch, size_t size)
{
	uintptr_t p = ((uintptr_t) scratch + 127) & ~(uintptr_t) 127;
	uint32_t *table = (uint32_t *) p;
	const volatile uint32_t *cur;
	uint32_t old;
	mc_irq_t irq;
	unsigned int i;
	long r;

	if (p + MC_TABLE_WORDS * 4 > (uintptr_t) scratch + size)
		return -3;
	irq = mc_port_irq_off ();
	old = MC_VTOR;
	cur = (const volatile uint32_t *) old;
	/* Word 0 (the initial stack pointer, never read again) keeps the
	   program's HardFault handler for a fault that is not ours.  */
	table[0] = cur[MC_EXC_HARDFAULT];
	for (i = 1; i < MC_TABLE_WORDS; i++)
		table[i] = cur[i];
	table[MC_EXC_HARDFAULT] = (uint32_t) (uintptr_t) mc_port_fault_catch;
	MC_VTOR = (uint32_t) p;
	barrier ();
	if (MC_VTOR != (uint32_t) p) {
		MC_VTOR = old;
		barrier ();
		mc_port_irq_restore (irq);
		return -3;
	}
	r = bkpt (op, arg);
	MC_VTOR = old;
	barrier ();
	mc_port_irq_restore (irq);
	return r;
}

long
mc_port_semihost (long op, void *arg, void *scratch, size_t size,
		  bool *absent)
{
	long r;

	*absent = false;
	if (!scratch)
		return bkpt (op, arg);
#if MC_PORT_HAS_DHCSR
	if (MC_DHCSR & 1)		/* C_DEBUGEN */
		return bkpt (op, arg);
#endif
	r = guarded (op, arg, scratch, size);
	if (r == -3)
		return bkpt (op, arg);
	if (r == -2) {
		*absent = true;
		return -1;
	}
	return r;
}
