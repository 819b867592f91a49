/* start.c - the start-up of the C fixture as a bare-metal Cortex-M3
   program with no C library (qemu-system-arm -M mps2-an385), profiled
   by the installed libgmon, for tests/e2e/gprof-diff-cortexm.sh.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   All a program without a C library needs to be profiled: it is built
   with -pg and linked with -lgmon, and its vector table names
   libgmon's SysTick_Handler.  No constructors run here, so libgmon
   starts at the first call of a -pg function (main); no exit runs
   destructors, so the program writes its profile itself, with
   gmon_dump (), through semihosting, before it ends (semihosting's
   exit).  This file is built without -pg, as start-up code is.  */

/* No C library here, not even its headers (-nostdinc).  */
typedef unsigned int uint32_t;

#define CM_SCALE	40		/* spin_scale of the fixture */

#define SYS_EXIT	0x18
#define ADP_EXIT_OK	0x20026		/* ADP_Stopped_ApplicationExit */
#define ADP_EXIT_ERROR	0x20023		/* ADP_Stopped_RunTimeErrorUnknown */

extern char cm_bss[], cm_ebss[], cm_stack_top[];
extern unsigned long spin_scale;
int main (int argc, char **argv);
int gmon_dump (void);
void SysTick_Handler (void);

/* gcc -O2 inlines it into cm_reset and cm_fault, all of whose code
   it then is: GNU gprof -l names the symbol at cm_fault's address
   cm_exit (a global line symbol wins over the static function), as
   ours does.  */
static void
cm_exit (uint32_t reason)
{
	register int r0 __asm__ ("r0") = SYS_EXIT;
	register uint32_t r1 __asm__ ("r1") = reason;

	for (;;)
		__asm__ volatile ("bkpt 0xab" : : "r" (r0), "r" (r1) : "memory");
}

static void
cm_fault (void)
{
	cm_exit (ADP_EXIT_ERROR);
}

void
cm_reset (void)
{
	static char *argv[] = { "cortexm", 0 };
	char *b;

	for (b = cm_bss; b < cm_ebss; b++)
		*b = 0;
	spin_scale = CM_SCALE;
	main (1, argv);
	cm_exit (gmon_dump () == 0 ? ADP_EXIT_OK : ADP_EXIT_ERROR);
}

/* The vector table, at address 0: the initial stack pointer, then the
   handlers (the linker sets the Thumb bit of each).  */
__attribute__ ((section (".vectors"), used))
static void (*const cm_vectors[16]) (void) = {
	(void (*) (void)) cm_stack_top, cm_reset,
	cm_fault, cm_fault, cm_fault, cm_fault, cm_fault, 0, 0, 0, 0,
	cm_fault, cm_fault, 0, cm_fault, SysTick_Handler,
};

/* What the fixture takes from the C library.  */
int
printf (const char *fmt, ...)
{
	(void) fmt;
	return 0;
}

unsigned long
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
