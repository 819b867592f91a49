/* bbcount.c - basic-block execution counts from -fsanitize-coverage.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   gcc's -a, which once filled gmon.out's basic-block records, is gone.
   Its successor is the coverage hook the sanitizers use: with
   -fsanitize-coverage=trace-pc (gcc) every basic block calls
   __sanitizer_cov_trace_pc, and with trace-pc-guard (clang) it calls
   __sanitizer_cov_trace_pc_guard.  Both land here, and count the
   block by the address the call returns to.

   The counts live in the arc tables (arcs.c), as arcs whose self is
   MC_BB_SELF: the same per-thread tables, so exact with any number of
   threads and without a lock, the same growth, the same merge at dump
   time, where dump.c writes them as basic-block records of the object
   they are in.  The lookup here is the fast path of mcount.S in C (the
   hooks are ordinary calls, after which the compiler expects any
   call-clobbered register changed); a block not yet in the table goes
   to the slow path, which never mallocs.  */

#define _GNU_SOURCE 1
#include <config.h>

#include <stdint.h>

#include "mcount/runtime.h"

static inline void
bb_count (uintptr_t pc)
{
	struct mc_arctab *t;

	if (!mc_arcs_on)
		return;
	t = mc_tls.tab;
	if (t) {
		uint64_t i = mc_arc_hash (pc, MC_BB_SELF) & t->mask;

		for (;;) {
			struct mc_arc *a = &t->slots[i];
			uintptr_t f = __atomic_load_n (&a->from,
						       __ATOMIC_RELAXED);

			if (f == pc && a->self == MC_BB_SELF) {
				/* One instruction: a signal handler counting
				   on this thread cannot come in between.  */
				__asm__ ("incq %0" : "+m" (a->count));
				return;
			}
			if (f == 0)
				break;
			i = (i + 1) & t->mask;
		}
	}
	mc_arc_slow (pc, MC_BB_SELF);
}

MC_EXPORT void
__sanitizer_cov_trace_pc (void)
{
	bb_count ((uintptr_t) __builtin_return_address (0));
}

MC_EXPORT void
__sanitizer_cov_trace_pc_guard (uint32_t *guard)
{
	(void) guard;
	bb_count ((uintptr_t) __builtin_return_address (0));
}

/* clang calls the hook only for guards that are not 0.  */
MC_EXPORT void
__sanitizer_cov_trace_pc_guard_init (uint32_t *start, uint32_t *stop)
{
	uint32_t *g;

	for (g = start; g < stop; g++)
		if (!*g)
			*g = 1;
}
