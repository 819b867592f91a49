/* hook.c - libgmon with the program's own timer and its own channel,
   and an interrupt handler built with -pg, for tests/e2e/bm-hook.sh.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   No semihosting at all (picolibc's minimal crt0, no host calls): the
   samples come from a timer the program owns, through the hook
   (gmon_timer_hook), and the profile leaves through the UART, as text
   a host can tell apart from the rest (gmon_output of the program's,
   "G <hex>" lines, then "G-END").  Meanwhile a second interrupt,
   20 000 times a second, runs a handler built with -pg that calls
   isr_leaf: it comes in the middle of main's calls of leaf, mcount
   and all, and every call of both must be counted, none lost.

     Arm (mps2-an385): CMSDK TIMER0, 1000 Hz, with gmon_timer_isr as its
     vector (gmon_timer_ack clears it); TIMER1 the -pg handler.
     RISC-V (virt): the program's own trap vector; the machine timer at
     20 kHz samples (gmon_tick) and calls isr_leaf.

   It prints "isr N" (the handler's count) and "sink S" on the UART,
   then writes its profile (gmon_dump: firmware does not end), says
   whether it was written and that it is alive, and waits for ever.
   With HOOK_SEMIHOST the profile goes through semihosting instead,
   which may have no debugger to take it: then nothing is written, and
   the program lives on.  */

#include <stdint.h>
#include <gmonkit.h>

#define HOOK_N		60000		/* calls of leaf from main */
#define HOOK_FN		__attribute__ ((noinline, noipa))
#define HOOK_NOPROF	__attribute__ ((no_instrument_function))

volatile unsigned int sink, isr_count, isr_sink;

/* ------------------------------------------------------------------ */
/* The board: its UART and its timers.  */

#if defined __arm__
#define UART	((volatile uint32_t *) 0x40004000)	/* CMSDK UART0 */
#define TIMER0	((volatile uint32_t *) 0x40000000)	/* IRQ 8 */
#define TIMER1	((volatile uint32_t *) 0x40001000)	/* IRQ 9 */
#define NVIC_ISER0	(*(volatile uint32_t *) 0xe000e100)
#define PCLK_HZ		25000000
#define HOOK_RATE	1000
#define ISR_RATE	20000

HOOK_NOPROF static void
uart_init (void)
{
	UART[2] = 1;				/* TX on */
}

HOOK_NOPROF static void
uart_putc (char c)
{
	while (UART[1] & 1)			/* TX full */
		;
	UART[0] = (uint32_t) (unsigned char) c;
}
#else
#define UART	((volatile uint8_t *) 0x10000000)	/* ns16550 */
#define MTIME	((volatile uint32_t *) 0x0200bff8)
#define MTIMECMP ((volatile uint32_t *) 0x02004000)
#define MTIME_HZ	10000000
#define HOOK_RATE	20000			/* every tick a sample */
#define ISR_RATE	20000

HOOK_NOPROF static void
uart_init (void)
{
}

HOOK_NOPROF static void
uart_putc (char c)
{
	UART[0] = (uint8_t) c;
}
#endif

HOOK_NOPROF static void
uart_puts (const char *s)
{
	while (*s)
		uart_putc (*s++);
}

HOOK_NOPROF static void
uart_num (unsigned int v)
{
	char b[12];
	int n = 0;

	do
		b[n++] = (char) ('0' + v % 10);
	while (v /= 10);
	while (n--)
		uart_putc (b[n]);
}

/* ------------------------------------------------------------------ */
/* The profile's channel: hex lines.  */

HOOK_NOPROF static int
hex_write (const void *buf, unsigned long len)
{
	static const char digits[] = "0123456789abcdef";
	const unsigned char *p = buf;
	unsigned long i;

	for (i = 0; i < len; i++) {
		if (i % 32 == 0)
			uart_puts (i ? "\nG " : "G ");
		uart_putc (digits[p[i] >> 4]);
		uart_putc (digits[p[i] & 15]);
	}
	uart_putc ('\n');
	return 0;
}

HOOK_NOPROF static int
hex_close (void)
{
	uart_puts ("G-END\n");
	return 0;
}

static const struct gmon_output hex_out __attribute__ ((unused)) = {
	.open = 0, .write = hex_write, .close = hex_close, .buffer = 0
};

#ifdef HOOK_SEMIHOST
/* Semihosting, maybe with nobody there to take it (no HardFault).  */
GMON_CONFIG (.timer = &gmon_timer_hook, .rate = HOOK_RATE);
#else
GMON_CONFIG (.timer = &gmon_timer_hook, .rate = HOOK_RATE,
	     .output = &hex_out);
#endif

/* ------------------------------------------------------------------ */
/* The work, and the -pg interrupt handler's.  */

HOOK_FN unsigned int
leaf (unsigned int x)
{
	return x * 7 + 3;
}

HOOK_FN unsigned int
isr_leaf (unsigned int x)
{
	return x ^ 0x55;
}

#if defined __arm__
/* The vector table, instead of picolibc's: its handlers, and the two
   timers'.  */
extern char __stack[];
void _start (void);

HOOK_NOPROF static void
halt_isr (void)
{
	uart_puts ("hook: fault\n");
	for (;;)
		;
}

/* TIMER0's event, cleared before gmon_timer_isr takes the sample.  */
HOOK_NOPROF void
gmon_timer_ack (void)
{
	TIMER0[3] = 1;
}

/* Built with -pg, like any function of the program.  */
void
timer1_isr (void)
{
	TIMER1[3] = 1;
	isr_count++;
	isr_sink += isr_leaf (isr_count);
}

__attribute__ ((section (".data.init.enter"), used))
void (*const __interrupt_vector[16 + 10]) (void) = {
	(void (*) (void)) __stack, _start,
	halt_isr, halt_isr, halt_isr, halt_isr, halt_isr, 0, 0, 0, 0,
	halt_isr, halt_isr, 0, halt_isr, halt_isr,
	[16 + 8] = gmon_timer_isr,
	[16 + 9] = timer1_isr,
};

HOOK_NOPROF static void
timers_start (void)
{
	TIMER0[2] = PCLK_HZ / HOOK_RATE - 1;
	TIMER0[1] = PCLK_HZ / HOOK_RATE - 1;
	TIMER0[0] = 1 | 8;			/* enable, interrupt */
	TIMER1[2] = PCLK_HZ / ISR_RATE - 1;
	TIMER1[1] = PCLK_HZ / ISR_RATE - 1;
	TIMER1[0] = 1 | 8;
	NVIC_ISER0 = (1u << 8) | (1u << 9);
}

HOOK_NOPROF static void
timers_stop (void)
{
	TIMER0[0] = 0;
	TIMER1[0] = 0;
}
#else
#define CSR(insn)	".option push\n\t.option arch, +zicsr\n\t" insn \
			"\n\t.option pop"

static uint64_t next;

HOOK_NOPROF static void
set_deadline (uint64_t t)
{
	MTIMECMP[0] = UINT32_MAX;
	MTIMECMP[1] = (uint32_t) (t >> 32);
	MTIMECMP[0] = (uint32_t) t;
}

/* The trap handler's C part, built with -pg: the machine timer's
   interrupt takes a sample where it came (gmon_tick reads mepc) and
   does the -pg handler's work.  */
void
trap_c (uintptr_t cause)
{
	if (cause != ((uintptr_t) 1 << (8 * sizeof (uintptr_t) - 1) | 7)) {
		uart_puts ("hook: fault\n");
		for (;;)
			;
	}
	next += MTIME_HZ / HOOK_RATE;
	set_deadline (next);
	gmon_tick ();
	isr_count++;
	isr_sink += isr_leaf (isr_count);
}

/* Its entry: the caller-saved registers around trap_c.  */
#if __riscv_xlen == 64
#define HOOK_S	"sd"
#define HOOK_L	"ld"
#define HOOK_RB	"8"
#else
#define HOOK_S	"sw"
#define HOOK_L	"lw"
#define HOOK_RB	"4"
#endif
#define HOOK_REGS(op)							\
	op " ra, 0*" HOOK_RB "(sp)\n\t" op " t0, 1*" HOOK_RB "(sp)\n\t"	\
	op " t1, 2*" HOOK_RB "(sp)\n\t" op " t2, 3*" HOOK_RB "(sp)\n\t"	\
	op " a0, 4*" HOOK_RB "(sp)\n\t" op " a1, 5*" HOOK_RB "(sp)\n\t"	\
	op " a2, 6*" HOOK_RB "(sp)\n\t" op " a3, 7*" HOOK_RB "(sp)\n\t"	\
	op " a4, 8*" HOOK_RB "(sp)\n\t" op " a5, 9*" HOOK_RB "(sp)\n\t"	\
	op " a6, 10*" HOOK_RB "(sp)\n\t" op " a7, 11*" HOOK_RB "(sp)\n\t" \
	op " t3, 12*" HOOK_RB "(sp)\n\t" op " t4, 13*" HOOK_RB "(sp)\n\t" \
	op " t5, 14*" HOOK_RB "(sp)\n\t" op " t6, 15*" HOOK_RB "(sp)\n\t"
__asm__ (".text\n\t.p2align 2\n"
	 "hook_trap:\n\t"
	 "addi sp, sp, -16*" HOOK_RB "\n\t"
	 HOOK_REGS (HOOK_S)
	 CSR ("csrr a0, mcause") "\n\t"
	 "call trap_c\n\t"
	 HOOK_REGS (HOOK_L)
	 "addi sp, sp, 16*" HOOK_RB "\n\t"
	 "mret\n");
void hook_trap (void);

HOOK_NOPROF static void
timers_start (void)
{
	uintptr_t v = (uintptr_t) hook_trap, mtie = 0x80;

	__asm__ volatile (CSR ("csrw mtvec, %0") : : "r" (v));
	next = ((uint64_t) MTIME[1] << 32 | MTIME[0]) + MTIME_HZ / HOOK_RATE;
	set_deadline (next);
	__asm__ volatile (CSR ("csrs mie, %0") : : "r" (mtie));
	__asm__ volatile (CSR ("csrsi mstatus, 8"));
}

HOOK_NOPROF static void
timers_stop (void)
{
	uintptr_t mtie = 0x80;

	__asm__ volatile (CSR ("csrc mie, %0") : : "r" (mtie));
}
#endif

int
main (void)
{
	unsigned int i;

	uart_init ();
	timers_start ();
	for (i = 0; i < HOOK_N; i++)
		sink += leaf (i);
	timers_stop ();
	uart_puts ("isr ");
	uart_num (isr_count);
	uart_puts ("\nsink ");
	uart_num (sink);
	uart_puts ("\n");
	/* Firmware never ends: its profile on demand.  */
	uart_puts (gmon_dump () == 0 ? "dump: written\n"
		   : "dump: not written\n");
	uart_puts ("alive\n");
	for (;;)
		;
}
