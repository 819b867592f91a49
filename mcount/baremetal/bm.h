/* bm.h - the internals of libgmon on bare metal, shared by its files.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   A bare-metal libgmon is the portable core (mcount/core/: the arc
   table, the histograms) and gmon/write.c, around which this platform
   puts what a microcontroller has instead of a kernel:

     lifecycle.c    start, count, sample, dump, reset, stop: the whole
                    life of a profile, in order, in one file;
     budget.c       the RAM budget (gmon_ram) laid out: the state, the
                    writer's buffer, the arc table, the histograms;
     regions.c      which code the histograms cover;
     defaults.c     the configuration and budget a program gets unless
     ram.c          it defines its own (GMON_CONFIG, GMON_RAM in
                    <gmonkit.h>): archive members of their own;
     systick.c      the timers: Arm's SysTick, RISC-V's machine timer,
     mtime.c        or a hook the program calls from a timer of its own;
     hook.c
     semihost.c     the transports: semihosting, a memory image a
     image.c        debugger copies (gmon.gdb), or the program's own
                    (a struct gmon_output);
     libc.c         the three C functions gmon/write.c uses, under
                    names of our own: a program may have no C library;

   and the port of the processor in mcount/arch/arm/ or arch/riscv/
   (port.h): the entry point gcc's -pg calls, interrupts off and on,
   the timer's interrupt entry, the semihosting call.

   Every byte libgmon writes to lives in gmon_ram: its link map shows
   all its RAM (tests/e2e/bm-budget.sh checks it).  */

#ifndef MCOUNT_BAREMETAL_BM_H
#define MCOUNT_BAREMETAL_BM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mcount/core/core.h"
#include "gmon/gmon.h"
#include "gmonkit.h"

#define MC_BM_HIDDEN	__attribute__ ((visibility ("hidden")))
/* What the timer's interrupt and mcount run: never instrumented (the
   runtime is built without -pg; this says so to a reader).  */
#define MC_BM_NOPROF	__attribute__ ((no_instrument_function))

#include "mcount/baremetal/port.h"

/* The phases of a profile.  */
enum mc_bm_phase {
	MC_BM_OFF = 0,			/* not started (gmon_ram is zeros) */
	MC_BM_ON,			/* counting and sampling */
	MC_BM_PAUSED,			/* moncontrol (0) */
	MC_BM_NO_ROOM			/* the budget holds not even the state */
};

#define MC_BM_MAGIC	0x676d6f6e	/* "gmon": the state is laid out */
#define MC_BM_BUF	256		/* bytes of the writer's buffer */
#define MC_BM_WIDE	8		/* bins whose excess over 65535 is
					   kept, over all histograms */
#define MC_BM_MIN_SHIFT	2		/* bins of 4 bytes at the finest */
#define MC_BM_MAX_SHIFT	16		/* ... of 64 KiB at the coarsest */
#define MC_BM_MIN_ARCS	64		/* slots set aside before the bins */
#define MC_BM_TAB_MIN	16		/* slots of the smallest arc table */
#define MC_BM_RATE	1000		/* Hz, unless the program says */
#define MC_BM_FILE	"gmon.out"

/* The whole state of libgmon, at the start of gmon_ram.  */
struct mc_bm_state {
	struct gmon_image image;	/* first: where a debugger finds the
					   memory image (image.c, gmon.gdb) */
	uint32_t magic;			/* MC_BM_MAGIC once laid out */
	volatile uint8_t phase;		/* enum mc_bm_phase */
	volatile uint8_t busy;		/* a call is being counted */
	volatile uint8_t writing;	/* a profile is being written */
	uint8_t nhist;			/* histograms (regions) */
	struct mc_arctab *tab;		/* the arc table, or NULL */
	struct mc_hist hist[GMON_REGIONS_MAX];	/* one per region */
	struct mc_wide wide[MC_BM_WIDE];	/* bins past 65535 */
	unsigned char *buf;		/* the writer's buffer */
	size_t buf_size;		/* ... its bytes */
	size_t used;			/* bytes of gmon_ram laid out */
	uint32_t rate;			/* Hz the timer runs at: the file's */
	uint32_t clock_hz;		/* the clock it counts */
	bool clock_guessed;		/* ... assumed, not known */
	bool timer_on;			/* the timer was started */
	uint8_t timer_why;		/* why it was not: MC_BM_TIMER_* */
	uint8_t out_why;		/* the last profile: MC_BM_OUT_* */
	uint64_t lost[GMON_NOTE_LAST + 1];	/* by note kind */
	uintptr_t outside_lo;		/* lowest pc sampled outside */
	uintptr_t outside_hi;		/* highest */
	uint64_t samples;		/* samples in the histograms */
	uint32_t dumps;			/* profiles written */
	/* The timer's own (systick.c, mtime.c).  */
	uint64_t next;			/* mtime: the next deadline */
	uint32_t period;		/* ... ticks between samples */
	uintptr_t lent_mtvec;		/* mtime: the program's trap vector,
					   which a trap that is not ours was
					   handed back to; 0: ours is in */
	uintptr_t prev_mtvec;		/* the trap vector before ours */
	/* The transports' own (semihost.c).  */
	int8_t semihost;		/* -1 no debugger, 0 not tried, 1 ok */
	long handle;			/* the open file */
};

/* Why there is no timer.  */
enum {
	MC_BM_TIMER_OK = 0,
	MC_BM_TIMER_NONE,		/* the configuration has none */
	MC_BM_TIMER_VECTOR,		/* its vector is not libgmon's */
	MC_BM_TIMER_HOOK		/* the program calls gmon_sample */
};

/* How the last profile went.  */
enum {
	MC_BM_OUT_NONE = 0,		/* not written yet */
	MC_BM_OUT_OK,
	MC_BM_OUT_NO_DEBUGGER,		/* semihosting: nobody answered */
	MC_BM_OUT_OPEN,			/* the transport would not open */
	MC_BM_OUT_WRITE,		/* ... or write, or close */
	MC_BM_OUT_BUSY			/* another was being written */
};

/* The budget and the configuration, the program's or defaults.c's and
   ram.c's.  */
extern unsigned char gmon_ram[];
extern const unsigned long gmon_ram_size;
extern const struct gmon_config gmon_config;

#define mc_bm	(*(struct mc_bm_state *) (void *) gmon_ram)

/* lifecycle.c */
void mc_bm_start (void) MC_BM_HIDDEN;
/* One call of the arc (FROM, SELF): the port's mcount calls this.  */
void mc_bm_arc (uintptr_t from, uintptr_t self) MC_BM_HIDDEN;
/* One sample at PC: the timers call this from their interrupt.  */
void mc_bm_sample (uintptr_t pc) MC_BM_HIDDEN;
/* N timer periods that passed without a sample.  */
void mc_bm_missed (uint64_t n) MC_BM_HIDDEN;

/* budget.c: lays gmon_ram out for the regions; false if not even the
   state fits.  */
bool mc_bm_layout (const struct gmon_region *r, unsigned int n)
	MC_BM_HIDDEN;

/* regions.c: the code to sample, from the configuration or the
   linker's symbols, into R (GMON_REGIONS_MAX); returns how many.  */
unsigned int mc_bm_regions (struct gmon_region *r) MC_BM_HIDDEN;

/* The timers (struct gmon_timer, opaque in <gmonkit.h>).  */
struct gmon_timer {
	/* Starts sampling at about RATE Hz: sets mc_bm's rate (the real
	   one), clock_hz, clock_guessed; returns MC_BM_TIMER_*.  */
	int (*start) (uint32_t rate);
	void (*stop) (void);
	/* Called by mcount, interrupts off, while lent_mtvec is set: the
	   trap vector back (mtime.c); or NULL.  */
	void (*reclaim) (void);
};

/* lifecycle.c: the period of a timer of CLOCK Hz for about RATE Hz, at
   most MAX ticks; *REAL the rate it gives.  */
uint32_t mc_bm_period (uint32_t clock, uint32_t rate, uint32_t max,
		       uint32_t *real) MC_BM_HIDDEN;

/* The gmon file's layout on this processor.  */
static inline void
mc_bm_target (struct gmon_target *t)
{
	gmon_target_native (t);
}

/* libc.c: gmon/write.c's memcpy, memset and strnlen (the build renames
   them: mcount/baremetal/local.mk).  */
void *mc_memcpy (void *dst, const void *src, size_t n) MC_BM_HIDDEN;
void *mc_memset (void *dst, int c, size_t n) MC_BM_HIDDEN;
size_t mc_strnlen (const char *s, size_t max) MC_BM_HIDDEN;

#endif /* MCOUNT_BAREMETAL_BM_H */
