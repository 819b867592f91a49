/* port.h - the processor port a bare-metal libgmon is built with
   (mcount/arch/arm/ or mcount/arch/riscv/), and what every port
   gives.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   A port's arch.h defines, as static inline functions:

     mc_irq_t mc_port_irq_off (void)       interrupts off, the state
     void mc_port_irq_restore (mc_irq_t)   ... back as it was
     uintptr_t mc_port_pc (uintptr_t)      an address as gprof knows it

   and its port.c the functions below; its mcount.S the entry point of
   gcc -pg, which calls mc_bm_arc (FROM, SELF).  */

#ifndef MCOUNT_BAREMETAL_PORT_H
#define MCOUNT_BAREMETAL_PORT_H

#if defined __arm__ || defined __thumb__
#include "mcount/arch/arm/arch.h"
#elif defined __riscv
#include "mcount/arch/riscv/arch.h"
#else
#error "libgmon has no bare-metal port to this processor (mcount/arch/)"
#endif

/* Semihosting call OP with ARG (a pointer to its parameter block), the
   debugger's answer.  With SCRATCH (SIZE bytes libgmon may use for the
   length of the call), the call is guarded where the core can tell
   that no debugger would take it: then -1 and *ABSENT, and no fault.  */
long mc_port_semihost (long op, void *arg, void *scratch, size_t size,
		       bool *absent) MC_BM_HIDDEN;

#endif /* MCOUNT_BAREMETAL_PORT_H */
