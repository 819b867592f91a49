/* arch.h - libgmon's bare-metal port to RISC-V (RV32 and RV64,
   machine mode): what mcount/baremetal/ asks of the processor.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   The runtime runs in machine mode, where firmware without an SBI
   does: it reads and writes mstatus, mie, mtvec and mepc.  The CSR
   instructions are Zicsr's, which gcc 12 wants named in -march
   (rv32imac_zicsr), and which then picks another multilib at link
   time than the program's rv32imac: so libgmon is built with the
   program's -march, and every CSR access says `.option arch, +zicsr'
   itself.  The files:

     mcount.S    _mcount, which gcc -pg calls;
     trap.S      the trap entry of mtime.c's timer, and the handler of
                 the semihosting probe;
     port.c      the semihosting call, guarded;
     arch.h      this: interrupts off and on, the CSRs.  */

#ifndef MCOUNT_ARCH_RISCV_ARCH_H
#define MCOUNT_ARCH_RISCV_ARCH_H

#include <stdbool.h>
#include <stdint.h>

#define MC_PORT_RISCV	1

#ifdef __riscv_32e
#error "libgmon's RISC-V port needs the 32 registers of RV32I or RV64I"
#endif

#define MC_MSTATUS_MIE	0x8u		/* machine interrupts on */
#define MC_MIE_MTIE	0x80u		/* machine timer interrupt on */
#define MC_CAUSE_IRQ	((uintptr_t) 1 << (8 * sizeof (uintptr_t) - 1))
#define MC_CAUSE_MTI	(MC_CAUSE_IRQ | 7)	/* the machine timer */
#define MC_CAUSE_BREAK	3		/* ebreak */

#define MC_CSR_ZICSR(insn)						\
	".option push\n\t.option arch, +zicsr\n\t" insn			\
	"\n\t.option pop"
#define mc_csr_read(csr) __extension__ ({				\
	uintptr_t mc_csr_v;						\
	__asm__ volatile (MC_CSR_ZICSR ("csrr %0, " #csr)		\
			  : "=r" (mc_csr_v) : : "memory");		\
	mc_csr_v; })
#define mc_csr_write(csr, v)						\
	__asm__ volatile (MC_CSR_ZICSR ("csrw " #csr ", %0")		\
			  : : "r" ((uintptr_t) (v)) : "memory")
#define mc_csr_set(csr, v)						\
	__asm__ volatile (MC_CSR_ZICSR ("csrs " #csr ", %0")		\
			  : : "r" ((uintptr_t) (v)) : "memory")
#define mc_csr_clear(csr, v)						\
	__asm__ volatile (MC_CSR_ZICSR ("csrc " #csr ", %0")		\
			  : : "r" ((uintptr_t) (v)) : "memory")

typedef uintptr_t mc_irq_t;		/* mstatus.MIE as it was */

static inline mc_irq_t
mc_port_irq_off (void)
{
	uintptr_t s;

	__asm__ volatile (MC_CSR_ZICSR ("csrrci %0, mstatus, 8")
			  : "=r" (s) : : "memory");
	return s & MC_MSTATUS_MIE;
}

static inline void
mc_port_irq_restore (mc_irq_t mie)
{
	if (mie)
		__asm__ volatile (MC_CSR_ZICSR ("csrsi mstatus, 8")
				  : : : "memory");
}

static inline uintptr_t
mc_port_pc (uintptr_t pc)
{
	return pc;
}

/* trap.S: the trap entry of libgmon's machine timer (it calls
   mc_bm_trap with mcause and mepc).  */
void mc_port_trap (void);

#endif /* MCOUNT_ARCH_RISCV_ARCH_H */
