/* regions.c - which code the histograms cover.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   A firmware's code is often in more than one place: flash, and
   functions copied to RAM to run faster or while the flash is being
   written (RP2040's .time_critical, STM32's .RamFunc).  One histogram
   from the lowest to the highest would cover the gap between them,
   megabytes of bins for nothing, so each region gets its own (and its
   own record in the file, which GNU gprof reads as it reads a shared
   library's).

   The regions are GMON_CONFIG's .regions if it has any; otherwise the
   program's text as the linker's symbols show it, none of them
   required (weak references, 0 when undefined):

     start   the lowest of __text_start, _stext, __executable_start
             (GNU ld's scripts), __interrupt_vector (picolibc's Arm
             vector table), __isr_vector, __Vectors, g_pfnVectors,
             __vector_table (CMSIS and vendors' startup code), _start;
             0 if that lies in the first 4 KiB or none is defined (a
             vector table at 0 looks undefined: see MC_BM_LOW_CODE);
     end     __text_end (picolibc), else _etext, etext, __etext;

   and code in RAM between __ramfunc_start and __ramfunc_end, if a
   linker script defines them.  Samples elsewhere are counted (the
   note "samples outside every histogram's range"), with the lowest
   and highest such pc, for a debugger to see where they fell.  */

#include <config.h>

#include "mcount/baremetal/bm.h"

#define MC_WEAK	__attribute__ ((weak))

extern const char __text_start[] MC_WEAK, _stext[] MC_WEAK,
	__executable_start[] MC_WEAK, __interrupt_vector[] MC_WEAK,
	__isr_vector[] MC_WEAK, __Vectors[] MC_WEAK, g_pfnVectors[] MC_WEAK,
	__vector_table[] MC_WEAK, _start[] MC_WEAK;
extern const char __text_end[] MC_WEAK, _etext[] MC_WEAK, etext[] MC_WEAK,
	__etext[] MC_WEAK;
extern const char __ramfunc_start[] MC_WEAK, __ramfunc_end[] MC_WEAK;

/* A vector table at address 0 is a symbol at 0, which a weak reference
   cannot tell from none: code whose lowest symbol lies in its first
   MC_BM_LOW_CODE bytes (or that has no start symbol at all) is taken
   to start at 0.  */
#define MC_BM_LOW_CODE	4096

/* The program's text, or false if no symbol says where it ends.  */
static bool
text (struct gmon_region *r)
{
	const char *starts[] = {
		__text_start, _stext, __executable_start, __interrupt_vector,
		__isr_vector, __Vectors, g_pfnVectors, __vector_table, _start
	};
	const char *ends[] = { __text_end, _etext, etext, __etext };
	uintptr_t lo = UINTPTR_MAX, hi = 0;
	unsigned int i;

	for (i = 0; i < sizeof ends / sizeof ends[0] && !hi; i++)
		hi = (uintptr_t) ends[i];
	if (!hi)
		return false;
	for (i = 0; i < sizeof starts / sizeof starts[0]; i++) {
		uintptr_t s = (uintptr_t) starts[i];

		if (s && s < hi && s < lo)
			lo = s;
	}
	if (lo == UINTPTR_MAX || lo < MC_BM_LOW_CODE)
		lo = 0;
	r->start = lo;
	r->end = hi;
	return true;
}

unsigned int
mc_bm_regions (struct gmon_region *r)
{
	unsigned int n = 0, i, k;

	for (i = 0; i < GMON_REGIONS_MAX; i++)
		if (gmon_config.regions[i].end > gmon_config.regions[i].start)
			r[n++] = gmon_config.regions[i];
	if (n == 0) {
		if (text (&r[n]))
			n++;
		if ((uintptr_t) __ramfunc_end > (uintptr_t) __ramfunc_start
		    && __ramfunc_start) {
			r[n].start = (uintptr_t) __ramfunc_start;
			r[n].end = (uintptr_t) __ramfunc_end;
			n++;
		}
	}
	/* In address order (insertion: four at most).  */
	for (i = 1; i < n; i++)
		for (k = i; k > 0 && r[k].start < r[k - 1].start; k--) {
			struct gmon_region t = r[k];

			r[k] = r[k - 1];
			r[k - 1] = t;
		}
	return n;
}
