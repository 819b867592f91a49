/* start.c - start-up and clean-up: __monstartup, _mcleanup, fork.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   Who starts profiling, whichever comes first:

     __monstartup (lowpc, highpc)   called by gcrt1.o's __gmon_start__
                                    from the first _init, when the
                                    program was linked with -pg;
     monstartup, moncontrol (1)     the program itself;
     the first call of mcount       a program compiled with -pg but
                                    linked without it (no gcrt1.o, so
                                    nothing calls __monstartup: glibc
                                    then writes nothing, silently).

   The constructor only reads the configuration and registers the fork
   and thread-exit handlers: a process that never runs -pg code (libgmon
   preloaded into a shell, say) starts no clock and writes no file.

   Who ends it: _mcleanup, which gcrt1.o registers with atexit, or the
   library's destructor when nothing registered _mcleanup.  The profile
   is written once, then counting and sampling stop.

   The histogram covers the main program's executable segments (within
   the range __monstartup was given, if any); the arcs kept are those
   between two addresses of those segments.  The load address is kept
   to write link-time addresses, as glibc does for PIE.  */

#define _GNU_SOURCE 1
#include <config.h>

#include <elf.h>
#include <errno.h>
#include <link.h>
#include <pthread.h>
#include <sched.h>
#include <string.h>

#include "include/gmonkit.h"
#include "mcount/runtime.h"

struct mc_module mc_main;
volatile int mc_saw_arcs;

enum mc_state {
	MC_OFF,				/* not started */
	MC_STARTING,			/* mc_start is running */
	MC_RUNNING,			/* histogram and clocks set up */
	MC_FINISHED			/* profile written at exit */
};

static int mc_state;			/* enum mc_state, atomic */
static int mc_init_state;		/* 0, 1 running, 2 done */
static bool mc_explicit;		/* asked for: write even without arcs */
static bool mc_child;			/* a fork child */
static int mc_finishing;		/* mc_finish has begun */

static void atfork_child (void);

/* The first object dl_iterate_phdr reports is the main program.  */
static int
find_main (struct dl_phdr_info *info, size_t size, void *data)
{
	uintptr_t lo = UINTPTR_MAX, hi = 0;
	int i;

	(void) size;
	(void) data;
	mc_main.base = info->dlpi_addr;
	for (i = 0; i < info->dlpi_phnum; i++) {
		const ElfW (Phdr) *ph = &info->dlpi_phdr[i];
		uintptr_t a;

		if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_X))
			continue;
		a = info->dlpi_addr + ph->p_vaddr;
		if (a < lo)
			lo = a;
		if (a + ph->p_memsz > hi)
			hi = a + ph->p_memsz;
	}
	if (lo < hi) {
		mc_main.text_lo = lo;
		mc_main.text_hi = hi;
	}
	return 1;
}

static void
init_once (void)
{
	int expect = 0;

	if (!__atomic_compare_exchange_n (&mc_init_state, &expect, 1, false,
					  __ATOMIC_ACQUIRE,
					  __ATOMIC_RELAXED))
		return;
	mc_config_init ();
	mc_arcs_init ();
	pthread_atfork (NULL, NULL, atfork_child);
	dl_iterate_phdr (find_main, NULL);
	mc_near_install ();
	__atomic_store_n (&mc_init_state, 2, __ATOMIC_RELEASE);
}

static void
debug_start (void)
{
	const struct mc_hist *h = mc_hist_get ();
	struct mc_sample_stats st;
	struct mc_line l = { .len = 0 };
	static const char *const clocks[] = {
		"none", "perf task clock", "thread CPU timer", "ITIMER_PROF"
	};
	char path[MC_PATH_MAX];

	if (!mc_config.debug)
		return;
	mc_sampler_stats (&st);
	mc_line_str (&l, "libgmon: start: text ");
	mc_line_hex (&l, mc_main.text_lo);
	mc_line_str (&l, "-");
	mc_line_hex (&l, mc_main.text_hi);
	mc_line_str (&l, ", load address ");
	mc_line_hex (&l, mc_main.base);
	mc_line_str (&l, "; histogram ");
	mc_line_hex (&l, h->lo);
	mc_line_str (&l, "-");
	mc_line_hex (&l, h->hi);
	mc_line_str (&l, ", ");
	mc_line_u64 (&l, h->nbins);
	mc_line_str (&l, " bins of ");
	mc_line_u64 (&l, (uint64_t) 1 << h->shift);
	mc_line_str (&l, " bytes; clock: ");
	mc_line_str (&l, clocks[st.clock]);
	mc_line_str (&l, ", ");
	mc_line_u64 (&l, st.file_rate);
	mc_line_str (&l, " Hz; output ");
	if (mc_output_path (path) == 0)
		mc_line_str (&l, path);
	mc_line_write (&l);
}

/* Sets up the histogram for [LO, HI) (clipped to the main program's
   code; the code itself if LO >= HI) and starts the clocks.  */
static void
mc_start (uintptr_t lo, uintptr_t hi)
{
	int expect = MC_OFF;
	uintptr_t a = mc_main.text_lo, b = mc_main.text_hi;
	int err;

	if (!__atomic_compare_exchange_n (&mc_state, &expect, MC_STARTING,
					  false, __ATOMIC_ACQUIRE,
					  __ATOMIC_RELAXED))
		return;
	init_once ();
	if (lo < hi) {
		if (!mc_main.text_lo) {
			mc_main.text_lo = lo;
			mc_main.text_hi = hi;
		}
		a = mc_main.text_lo;
		b = mc_main.text_hi;
		if (lo < b && hi > a) {
			a = lo > a ? lo : a;
			b = hi < b ? hi : b;
		} else {
			a = lo;
			b = hi;
		}
	}
	if (a < b && (err = mc_hist_init (a, b)) != 0) {
		struct mc_line l = { .len = 0 };

		mc_line_str (&l, "no memory for the histogram (mmap: ");
		mc_line_errno (&l, err);
		mc_line_str (&l, "): allow more memory (ulimit -v) or set "
			     "GMON_BIN_SIZE higher");
		l.buf[l.len] = '\0';
		mc_problem (MC_PROB_SAMPLER, l.buf);
	}
	if (!mc_tls.self && !mc_tls.busy)
		mc_thread_attach ();
	__atomic_store_n (&mc_state, MC_RUNNING, __ATOMIC_RELEASE);
	if (mc_arcs_on && mc_hist_get ()->bins)
		mc_sampler_start ();
	debug_start ();
}

bool
mc_started (void)
{
	return __atomic_load_n (&mc_state, __ATOMIC_ACQUIRE) != MC_OFF;
}

bool
mc_forked (void)
{
	return mc_child;
}

void
mc_lazy_start (void)
{
	/* Not while the constructor is reading the configuration (a
	   signal handler running -pg code, say): it starts us when it is
	   done.  */
	if (__atomic_load_n (&mc_init_state, __ATOMIC_ACQUIRE) == 1)
		return;
	mc_start (0, 0);
}

MC_EXPORT void
__monstartup (unsigned long lowpc, unsigned long highpc)
{
	mc_explicit = true;
	mc_start (lowpc, highpc);
}

MC_EXPORT void
monstartup (unsigned long lowpc, unsigned long highpc)
{
	__monstartup (lowpc, highpc);
}

static void
mc_finish (void)
{
	char path[MC_PATH_MAX];
	int err, tries;

	if (__atomic_exchange_n (&mc_finishing, 1, __ATOMIC_ACQ_REL))
		return;
	mc_arcs_switch (false);
	mc_sampler_stop ();
	__atomic_store_n (&mc_state, MC_FINISHED, __ATOMIC_RELEASE);
	if (!mc_explicit && !mc_saw_arcs)
		return;			/* no -pg code ran: nothing to say */

	/* Another thread may be in gmon_dump: wait for it.  */
	for (tries = 0; (err = mc_dump_file (path)) == EBUSY && tries < 1000;
	     tries++)
		sched_yield ();
	if (err) {
		struct mc_line l = { .len = 0 };

		mc_line_str (&l, "no profile written: ");
		mc_line_str (&l, path[0] ? path : "gmon.out");
		mc_line_str (&l, ": ");
		mc_line_errno (&l, err);
		mc_line_str (&l, " (set GMON_OUT_PREFIX to a writable "
			     "directory and name)");
		l.buf[l.len] = '\0';
		mc_problem (MC_PROB_OUTPUT, l.buf);
	} else if (mc_config.debug) {
		struct mc_line l = { .len = 0 };
		struct mc_sample_stats st;

		mc_sampler_stats (&st);
		mc_line_str (&l, "libgmon: dump: ");
		mc_line_str (&l, path);
		mc_line_str (&l, ": ");
		mc_line_u64 (&l, st.samples);
		mc_line_str (&l, " samples (");
		mc_line_u64 (&l, st.outside);
		mc_line_str (&l, " outside the histogram, ");
		mc_line_u64 (&l, st.signals);
		mc_line_str (&l, " signals, ");
		mc_line_u64 (&l, st.clock_ns / 1000000u);
		mc_line_str (&l, " ms on perf clocks), rate ");
		mc_line_u64 (&l, st.file_rate);
		mc_line_str (&l, " Hz");
		mc_line_write (&l);
	}
	mc_report ();
}

MC_EXPORT void
_mcleanup (void)
{
	mc_finish ();
}

static void
atfork_child (void)
{
	int state = __atomic_load_n (&mc_state, __ATOMIC_ACQUIRE);

	if (state == MC_FINISHED)
		return;
	/* The child has one thread and none of the parent's clocks; its
	   profile is its own, in its own file.  */
	mc_child = true;
	mc_sampler_forget ();
	mc_arcs_forget ();
	mc_dump_forget ();
	if (state == MC_RUNNING)
		mc_thread_attach ();
}

__attribute__ ((constructor)) static void
mc_constructor (void)
{
	init_once ();
	/* mcount ran before us and could not start: start now.  */
	if (mc_saw_arcs && !mc_started ())
		mc_start (0, 0);
}

__attribute__ ((destructor)) static void
mc_destructor (void)
{
	/* Nothing called _mcleanup (no gcrt1.o): write the profile now,
	   after the program's own destructors.  */
	if (mc_started () || mc_saw_arcs)
		mc_finish ();
}
