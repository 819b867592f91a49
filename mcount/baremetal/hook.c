/* hook.c - sampling from a timer the program owns.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   When the core's timer is the program's (an RTOS tick on SysTick, an
   STM32 HAL's HAL_IncTick) or there is none (a Cortex-M0 part without
   SysTick), the program calls gmon_sample (PC) from an interrupt of its
   own, .rate times a second, which is the rate written to the file.
   On Arm, gmon_timer_isr (arch/arm/timer-isr.S) is such a handler,
   ready to put in the vector table; on RISC-V gmon_tick () takes mepc
   from within the program's trap handler.  */

#include <config.h>

#include "mcount/baremetal/bm.h"

static int
hook_start (uint32_t rate)
{
	mc_bm.rate = rate;
	return MC_BM_TIMER_HOOK;
}

static void
hook_stop (void)
{
}

const struct gmon_timer gmon_timer_hook = {
	.start = hook_start,
	.stop = hook_stop,
	.reclaim = NULL,
};

void
gmon_sample (unsigned long pc)
{
	mc_bm_sample (pc);
}

#ifdef MC_PORT_RISCV
void
gmon_tick (void)
{
	mc_bm_sample (mc_csr_read (mepc));
}
#endif
