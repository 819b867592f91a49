/* arch.h - libgmon's bare-metal port to Arm M-profile (Thumb): what
   mcount/baremetal/ asks of the processor.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   Every M-profile core runs the Thumb instructions of ARMv6-M, so the
   port is written in them alone (a Cortex-M0 has no wide pop, no
   conditional execution, no 32-bit multiply of the upper half): one
   libgmon.a built for v6-M runs on M0, M3, M4, M7, M33, M55 (mind the
   float ABI of the program).  The files:

     mcount.S        __gnu_mcount_nc, which gcc -pg calls;
     systick-isr.S   the SysTick handler of systick.c's timer;
     timer-isr.S     gmon_timer_isr, for a timer the program owns;
     fault-catch.S   the HardFault handler of the semihosting probe;
     frame.h         ... where these find the interrupted pc;
     port.c          the semihosting call, guarded where the core can
                     tell that no debugger is there;
     arch.h          this: interrupts off and on, the Thumb bit, the
                     system registers the timers use.  */

#ifndef MCOUNT_ARCH_ARM_ARCH_H
#define MCOUNT_ARCH_ARM_ARCH_H

#include <stdbool.h>
#include <stdint.h>

#define MC_PORT_ARM	1

/* ARMv7-M and later: software may read DHCSR (v6-M: the debugger
   only) and SysTick's calibration says more.  */
#if defined __ARM_ARCH_7M__ || defined __ARM_ARCH_7EM__ \
	|| defined __ARM_ARCH_8M_MAIN__ || defined __ARM_ARCH_8M_BASE__ \
	|| defined __ARM_ARCH_8_1M_MAIN__
#define MC_PORT_HAS_DHCSR	1
#else
#define MC_PORT_HAS_DHCSR	0
#endif

/* The system control space.  */
#define MC_SCS(off)	(*(volatile uint32_t *) (0xe000e000u + (off)))
#define MC_SYST_CSR	MC_SCS (0x010)	/* SysTick control and status */
#define MC_SYST_RVR	MC_SCS (0x014)	/* ... reload value (24 bits) */
#define MC_SYST_CVR	MC_SCS (0x018)	/* ... current value */
#define MC_SYST_CALIB	MC_SCS (0x01c)	/* ... calibration */
#define MC_VTOR		MC_SCS (0xd08)	/* vector table offset */
#define MC_DHCSR	MC_SCS (0xdf0)	/* debug halting control/status */

#define MC_SYST_ENABLE	0x1u
#define MC_SYST_TICKINT	0x2u
#define MC_SYST_CORE	0x4u		/* CLKSOURCE: the core's clock */
#define MC_CALIB_NOREF	0x80000000u	/* no reference clock */
#define MC_CALIB_SKEW	0x40000000u	/* TENMS is not exact */
#define MC_CALIB_TENMS	0x00ffffffu	/* ticks in 10 ms, less one */
#define MC_SYSTICK_MAX	0x01000000u	/* ticks a period at most */
#define MC_EXC_SYSTICK	15		/* its exception number */

typedef uint32_t mc_irq_t;		/* PRIMASK as it was */

/* Interrupts off, saying whether they were; then back as they were.  */
static inline mc_irq_t
mc_port_irq_off (void)
{
	uint32_t primask;

	__asm__ volatile ("mrs %0, primask\n\tcpsid i"
			  : "=r" (primask) : : "memory");
	return primask;
}

static inline void
mc_port_irq_restore (mc_irq_t primask)
{
	__asm__ volatile ("msr primask, %0" : : "r" (primask) : "memory");
}

/* An address as gprof knows it: without the Thumb bit.  */
static inline uintptr_t
mc_port_pc (uintptr_t pc)
{
	return pc & ~(uintptr_t) 1;
}

/* The handler an exception's vector names, as the core will run it
   (the table is VTOR's; a core without VTOR reads 0 there, where its
   table is).  */
static inline uintptr_t
mc_port_vector (unsigned int exc)
{
	return ((const volatile uint32_t *) MC_VTOR)[exc];
}

/* vectors.S: the SysTick handler libgmon's timer needs in the vector
   table, under the names startup code gives it (CMSIS's
   SysTick_Handler, picolibc's arm_systick_isr).  */
void mc_port_systick_isr (void);

#endif /* MCOUNT_ARCH_ARM_ARCH_H */
