/* systick.c - sampling with SysTick, Arm M-profile.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   SysTick is the timer every M-profile core has (it is optional on a
   Cortex-M0, and some M0 parts lack it: they use the hook timer).  It
   counts down from a 24-bit reload, at the core's clock or at an
   external reference clock, and raises its exception at zero.  The
   rate written to the file is the one the reload gives, from the best
   known clock:

     SystemCoreClock   CMSIS's variable, if the program defines it
                       (read at start: SystemInit has set it);
     .clock_hz         GMON_CONFIG's;
     SYST_CALIB        TENMS, the ticks in 10 ms, if the core says it
                       is exact (SKEW clear): of the reference clock if
                       there is one (NOREF clear), else of the core's;
     16 MHz            assumed, and the profile says so (note 8).

   The handler (arch/arm/systick-isr.S) must be what the vector table
   calls: libgmon's SysTick_Handler and arm_systick_isr replace the
   weak defaults of CMSIS's and picolibc's startup code.  A table that
   names another handler would run it at libgmon's rate: libgmon then
   leaves SysTick alone and says why (gprof: no samples).  */

#include <config.h>

#include "mcount/baremetal/bm.h"

#define MC_SYSTICK_GUESS	16000000u	/* Hz */

extern const volatile uint32_t SystemCoreClock __attribute__ ((weak));

static int
systick_start (uint32_t rate)
{
	uint32_t calib = MC_SYST_CALIB, clock = 0, src = MC_SYST_CORE;
	uint32_t period, real;

	if (mc_port_vector (MC_EXC_SYSTICK)
	    != (uintptr_t) mc_port_systick_isr)
		return MC_BM_TIMER_VECTOR;
	if (&SystemCoreClock)
		clock = SystemCoreClock;
	if (!clock)
		clock = (uint32_t) gmon_config.clock_hz;
	if (!clock && (calib & MC_CALIB_TENMS) && !(calib & MC_CALIB_SKEW)) {
		clock = ((calib & MC_CALIB_TENMS) + 1) * 100;
		if (!(calib & MC_CALIB_NOREF))
			src = 0;	/* the reference clock's */
	}
	if (!clock) {
		clock = MC_SYSTICK_GUESS;
		mc_bm.clock_guessed = true;
	}
	period = mc_bm_period (clock, rate, MC_SYSTICK_MAX, &real);
	mc_bm.rate = real;
	mc_bm.clock_hz = clock;
	mc_bm.period = period;
	MC_SYST_CSR = 0;
	MC_SYST_RVR = period - 1;
	MC_SYST_CVR = 0;
	MC_SYST_CSR = MC_SYST_ENABLE | MC_SYST_TICKINT | src;
	return MC_BM_TIMER_OK;
}

static void
systick_stop (void)
{
	MC_SYST_CSR = 0;
}

const struct gmon_timer gmon_timer_systick = {
	.start = systick_start,
	.stop = systick_stop,
	.reclaim = NULL,
};
