/* rt.c - a small -pg runtime for a bare-metal Cortex-M3 (qemu-system-arm
   -M mps2-an385), so that the differential tests read a gmon.out
   written on the target itself (tests/e2e/gprof-diff-cortexm.sh).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   What a bare-metal program needs to be profiled with -pg, and no
   more: __gnu_mcount_nc, which gcc's -pg code calls at each function's
   start ("push {lr}; bl __gnu_mcount_nc"), counting the arcs; the
   SysTick exception, 1000 times a second, adding the interrupted pc to
   a histogram; and at the end a gmon.out in GNU's format, written to
   the host through semihosting (the debugger's, here QEMU's, file
   calls: "bkpt 0xab").  The manual's "Bare-metal targets" says how a
   firmware does the same.  This file is built without -pg; the
   program's code (the C fixture of the other differential tests) with
   it.  */

/* No C library here, not even its headers (-nostdinc).  */
typedef unsigned int uint32_t;
typedef unsigned short uint16_t;

#define CM_NOPROF	__attribute__ ((no_instrument_function))

#define CM_HZ		1000		/* SysTick rate, samples a second */
#define CM_CLOCK	25000000	/* mps2-an385's core clock, Hz */
#define CM_NARCS	512		/* arcs the table holds */
#define CM_SCALE	40		/* spin_scale of the fixture */

/* SysTick's registers.  */
#define SYST_CSR	(*(volatile uint32_t *) 0xe000e010)
#define SYST_RVR	(*(volatile uint32_t *) 0xe000e014)
#define SYST_CVR	(*(volatile uint32_t *) 0xe000e018)

/* Semihosting calls.  */
#define SYS_OPEN	0x01
#define SYS_CLOSE	0x02
#define SYS_WRITE	0x05
#define SYS_EXIT	0x18
#define ADP_EXIT_OK	0x20026		/* ADP_Stopped_ApplicationExit */
#define ADP_EXIT_ERROR	0x20023		/* ADP_Stopped_RunTimeErrorUnknown */

struct cm_arc {
	uint32_t from;			/* return address in the caller */
	uint32_t self;			/* return address of the mcount call,
					   in the callee */
	uint32_t count;			/* calls */
};

extern char cm_etext[], cm_bss[], cm_ebss[], cm_stack_top[];
extern unsigned long spin_scale;
int main (int argc, char **argv);

static struct cm_arc arcs[CM_NARCS];
static uint16_t bins[16384];		/* two bytes of code a bin */
static uint32_t nbins, lost;		/* bins used; arcs not kept */
static unsigned char out[sizeof bins + CM_NARCS * 13 + 64];

/* The instrumented functions call this through __gnu_mcount_nc.  */
CM_NOPROF void
cm_mcount (uint32_t from, uint32_t self)
{
	uint32_t h, i;

	from &= ~(uint32_t) 1;		/* the Thumb bit */
	self &= ~(uint32_t) 1;
	h = (from * 31 + self) % CM_NARCS;
	for (i = 0; i < CM_NARCS; i++, h = (h + 1) % CM_NARCS) {
		if (arcs[h].count == 0) {
			arcs[h].from = from;
			arcs[h].self = self;
		}
		if (arcs[h].from == from && arcs[h].self == self) {
			arcs[h].count++;
			return;
		}
	}
	lost++;
}

/* SysTick, with the exception frame the core pushed: r0-r3, r12, lr,
   pc, xpsr.  */
CM_NOPROF void
cm_sample (const uint32_t *frame)
{
	uint32_t i = (frame[6] & ~(uint32_t) 1) / 2;

	if (i < nbins && bins[i] != 0xffff)
		bins[i]++;
}

/* __gnu_mcount_nc: the function's own lr is on the stack (its "push
   {lr}"), ours is the return address into it.  Argument registers are
   kept; the pushed lr is popped back into lr, and we return to the
   function through r12.  The SysTick handler hands its frame to C.  */
__asm__ (
	"	.syntax unified\n"
	"	.thumb\n"
	"	.global __gnu_mcount_nc\n"
	"	.type __gnu_mcount_nc, %function\n"
	"	.thumb_func\n"
	"__gnu_mcount_nc:\n"
	"	push {r0, r1, r2, r3, lr}\n"
	"	ldr r0, [sp, #20]\n"
	"	mov r1, lr\n"
	"	bl cm_mcount\n"
	"	pop {r0, r1, r2, r3, r12, lr}\n"
	"	bx r12\n"
	"	.size __gnu_mcount_nc, . - __gnu_mcount_nc\n"
	"	.global cm_systick\n"
	"	.type cm_systick, %function\n"
	"	.thumb_func\n"
	"cm_systick:\n"
	"	mov r0, sp\n"
	"	b cm_sample\n"
	"	.size cm_systick, . - cm_systick\n");

void cm_systick (void);

CM_NOPROF static int
semihost (int op, void *arg)
{
	register int r0 __asm__ ("r0") = op;
	register void *r1 __asm__ ("r1") = arg;

	__asm__ volatile ("bkpt 0xab" : "+r" (r0) : "r" (r1) : "memory");
	return r0;
}

CM_NOPROF static void
cm_exit (uint32_t reason)
{
	register int r0 __asm__ ("r0") = SYS_EXIT;
	register uint32_t r1 __asm__ ("r1") = reason;

	for (;;)
		__asm__ volatile ("bkpt 0xab" : : "r" (r0), "r" (r1) : "memory");
}

CM_NOPROF static void
cm_fault (void)
{
	cm_exit (ADP_EXIT_ERROR);
}

CM_NOPROF static unsigned char *
put32 (unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char) v;
	p[1] = (unsigned char) (v >> 8);
	p[2] = (unsigned char) (v >> 16);
	p[3] = (unsigned char) (v >> 24);
	return p + 4;
}

/* gmon.out, GNU's format: the header, one histogram record, an arc
   record per arc.  */
CM_NOPROF static uint32_t
cm_gmon (void)
{
	static const char dimen[15] = "seconds";
	unsigned char *p = out;
	uint32_t i;

	p[0] = 'g'; p[1] = 'm'; p[2] = 'o'; p[3] = 'n';
	p = put32 (p + 4, 1);
	for (i = 0; i < 12; i++)
		*p++ = 0;
	*p++ = 0;				/* GMON_TAG_TIME_HIST */
	p = put32 (p, 0);			/* low pc */
	p = put32 (p, nbins * 2);		/* high pc */
	p = put32 (p, nbins);
	p = put32 (p, CM_HZ);
	for (i = 0; i < 15; i++)
		*p++ = (unsigned char) dimen[i];
	*p++ = 's';
	for (i = 0; i < nbins; i++) {
		*p++ = (unsigned char) bins[i];
		*p++ = (unsigned char) (bins[i] >> 8);
	}
	for (i = 0; i < CM_NARCS; i++) {
		if (arcs[i].count == 0)
			continue;
		*p++ = 1;			/* GMON_TAG_CG_ARC */
		p = put32 (p, arcs[i].from);
		p = put32 (p, arcs[i].self);
		p = put32 (p, arcs[i].count);
	}
	return (uint32_t) (p - out);
}

CM_NOPROF static int
cm_write (const char *name)
{
	uint32_t args[3], len = cm_gmon ();
	int fd;

	args[0] = (uint32_t) name;
	args[1] = 5;				/* "wb" */
	args[2] = 8;				/* strlen (name) */
	fd = semihost (SYS_OPEN, args);
	if (fd < 0)
		return -1;
	args[0] = (uint32_t) fd;
	args[1] = (uint32_t) out;
	args[2] = len;
	if (semihost (SYS_WRITE, args) != 0)
		return -1;
	args[0] = (uint32_t) fd;
	return semihost (SYS_CLOSE, args);
}

CM_NOPROF void
cm_reset (void)
{
	static char *argv[] = { "cortexm", 0 };
	char *b;

	for (b = cm_bss; b < cm_ebss; b++)
		*b = 0;
	/* The histogram covers the code from 0, where the vectors are,
	   to the end of .text.  */
	nbins = ((uint32_t) cm_etext + 1) / 2;
	if (nbins > sizeof bins / sizeof bins[0])
		cm_exit (ADP_EXIT_ERROR);
	spin_scale = CM_SCALE;
	SYST_RVR = CM_CLOCK / CM_HZ - 1;
	SYST_CVR = 0;
	SYST_CSR = 7;		/* processor clock, exception, enabled */
	main (1, argv);
	SYST_CSR = 0;
	cm_exit (lost == 0 && cm_write ("gmon.out") == 0 ? ADP_EXIT_OK
		 : ADP_EXIT_ERROR);
}

/* The vector table, at address 0: the initial stack pointer, then the
   handlers (the linker sets the Thumb bit of each).  */
__attribute__ ((section (".vectors"), used))
static void (*const cm_vectors[16]) (void) = {
	(void (*) (void)) cm_stack_top, cm_reset,
	cm_fault, cm_fault, cm_fault, cm_fault, cm_fault, 0, 0, 0, 0,
	cm_fault, cm_fault, 0, cm_fault, cm_systick,
};

/* What the fixture takes from the C library.  */
CM_NOPROF int
printf (const char *fmt, ...)
{
	(void) fmt;
	return 0;
}

CM_NOPROF unsigned long
strtoul (const char *s, char **end, int base)
{
	unsigned long v = 0;

	(void) base;
	while (*s >= '0' && *s <= '9')
		v = v * 10 + (unsigned long) (*s++ - '0');
	if (end)
		*end = (char *) s;
	return v;
}
