/* mtime.c - sampling with RISC-V's machine timer.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   The machine timer is a 64-bit counter (mtime) and a compare register
   per hart (mtimecmp): while mtime >= mtimecmp the machine timer
   interrupt is pending.  Both are memory-mapped where the platform put
   them: GMON_CONFIG's .mtime and .mtimecmp, else where QEMU's virt and
   sifive_e and SiFive's own parts have them (the CLINT at 0x2000000).
   Its clock is .clock_hz, else QEMU's 10 MHz, assumed (the profile
   says so: a HiFive1's is 32768 Hz).

   Each interrupt moves mtimecmp one period on from the last deadline,
   not from now: the samples keep the clock's rate however late the
   handler ran, and periods that passed with interrupts off are
   counted (mtime says how many), not sampled.

   The trap vector.  RISC-V has one for every trap, so libgmon's
   (arch/riscv/trap.S) takes them all, and hands any that is not the
   timer's back to the vector it found (the C library's, or the
   program's): it puts that vector back in mtvec and returns; the trap
   comes again (an interrupt is still pending, an instruction that
   trapped traps again) and the program's handler sees it as if
   libgmon were not there.  The timer's interrupt is off meanwhile,
   so none reaches a handler that does not know it; the next mcount
   takes the vector back.  A program that sets a vector of its own
   after libgmon started keeps it, and libgmon's timer stops: such a
   program uses the hook timer (gmon_tick from its handler).

   The interrupts: libgmon enables the timer's (mie.MTIE) and, if
   interrupts were off with no other source enabled (picolibc leaves
   them so), mstatus.MIE.  Machine mode only.  */

#include <config.h>

#include "mcount/baremetal/bm.h"

#define MC_MTIME_DEFAULT	0x200bff8u	/* the CLINT's mtime */
#define MC_MTIMECMP_DEFAULT	0x2004000u	/* ... hart 0's mtimecmp */
#define MC_MTIME_GUESS		10000000u	/* Hz: QEMU's */

static volatile uint32_t *
reg (unsigned long configured, uintptr_t fallback)
{
	return (volatile uint32_t *) (configured ? configured : fallback);
}

static volatile uint32_t *
mtime_reg (void)
{
	return reg (gmon_config.mtime, MC_MTIME_DEFAULT);
}

static volatile uint32_t *
mtimecmp_reg (void)
{
	return reg (gmon_config.mtimecmp, MC_MTIMECMP_DEFAULT)
		+ 2 * mc_csr_read (mhartid);
}

/* mtime, read in halves on RV32 (the high half read again: a carry in
   between shows).  */
static uint64_t
now (void)
{
	volatile uint32_t *t = mtime_reg ();
#if __riscv_xlen == 64
	return *(volatile uint64_t *) t;
#else
	uint32_t hi, lo;

	do {
		hi = t[1];
		lo = t[0];
	} while (t[1] != hi);
	return (uint64_t) hi << 32 | lo;
#endif
}

/* mtimecmp = WHEN, never lower than both halves on the way (RV32: the
   low half to all ones first, so no early interrupt).  */
static void
set_deadline (uint64_t when)
{
	volatile uint32_t *c = mtimecmp_reg ();
#if __riscv_xlen == 64
	*(volatile uint64_t *) c = when;
#else
	c[0] = UINT32_MAX;
	c[1] = (uint32_t) (when >> 32);
	c[0] = (uint32_t) when;
#endif
}

/* The next deadline after T, past periods counted as missed.  */
static void
rearm (uint64_t t)
{
	uint64_t late = t >= mc_bm.next ? (t - mc_bm.next) / mc_bm.period : 0;

	if (late)
		mc_bm_missed (late);
	mc_bm.next += (late + 1) * mc_bm.period;
	set_deadline (mc_bm.next);
}

static int
mtime_start (uint32_t rate)
{
	uint32_t clock = (uint32_t) gmon_config.clock_hz, real;
	mc_irq_t irq;

	if (!clock) {
		clock = MC_MTIME_GUESS;
		mc_bm.clock_guessed = true;
	}
	mc_bm.period = mc_bm_period (clock, rate, UINT32_MAX, &real);
	mc_bm.rate = real;
	mc_bm.clock_hz = clock;
	irq = mc_port_irq_off ();
	mc_bm.prev_mtvec = mc_csr_read (mtvec);
	mc_bm.next = now () + mc_bm.period;
	set_deadline (mc_bm.next);
	mc_csr_write (mtvec, (uintptr_t) mc_port_trap);
	mc_csr_set (mie, MC_MIE_MTIE);
	if (!irq && !(mc_csr_read (mie) & ~(uintptr_t) MC_MIE_MTIE))
		irq = MC_MSTATUS_MIE;
	mc_port_irq_restore (irq);
	return MC_BM_TIMER_OK;
}

static void
mtime_stop (void)
{
	mc_irq_t irq = mc_port_irq_off ();

	mc_csr_clear (mie, MC_MIE_MTIE);
	if (mc_csr_read (mtvec) == (uintptr_t) mc_port_trap)
		mc_csr_write (mtvec, mc_bm.prev_mtvec);
	mc_bm.lent_mtvec = 0;
	mc_port_irq_restore (irq);
}

/* mcount, interrupts off: the vector back after a trap was handed on,
   unless the program has put one of its own there since.  */
static void
mtime_reclaim (void)
{
	if (mc_csr_read (mtvec) == mc_bm.lent_mtvec) {
		mc_csr_write (mtvec, (uintptr_t) mc_port_trap);
		mc_csr_set (mie, MC_MIE_MTIE);
	} else {
		mc_bm.prev_mtvec = mc_csr_read (mtvec);
		mc_bm.timer_on = false;
		mc_bm.timer_why = MC_BM_TIMER_VECTOR;
	}
	mc_bm.lent_mtvec = 0;
}

/* trap.S, for every trap while libgmon's vector is in.  */
void mc_bm_trap (uintptr_t cause, uintptr_t epc) MC_BM_HIDDEN;

void
mc_bm_trap (uintptr_t cause, uintptr_t epc)
{
	if (cause == MC_CAUSE_MTI) {
		rearm (now ());
		mc_bm_sample (epc);
		return;
	}
	mc_csr_clear (mie, MC_MIE_MTIE);
	mc_bm.lent_mtvec = mc_bm.prev_mtvec;
	mc_csr_write (mtvec, mc_bm.prev_mtvec);
}

const struct gmon_timer gmon_timer_mtime = {
	.start = mtime_start,
	.stop = mtime_stop,
	.reclaim = mtime_reclaim,
};
