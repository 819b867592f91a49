/* newlib-vec.c - the vector table of a newlib program on an M-profile
   core (tests/e2e/bm-newlib.sh): newlib has none.  SysTick's entry
   names CMSIS's SysTick_Handler, which libgmon's SysTick timer
   defines.  Built without -pg, as startup code is.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

extern char __stack[];
void _start (void);
void SysTick_Handler (void);

static void
halt (void)
{
	for (;;)
		;
}

__attribute__ ((section (".vectors"), used))
static void (*const vectors[16]) (void) = {
	(void (*) (void)) __stack, _start, halt, halt, halt, halt, halt,
	0, 0, 0, 0, halt, halt, 0, halt, SysTick_Handler,
};
