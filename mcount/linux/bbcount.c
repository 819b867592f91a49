/* bbcount.c - basic-block execution counts from -fsanitize-coverage.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   gcc's -a, which once filled gmon.out's basic-block records, is gone.
   Its successor is the coverage hook the sanitizers use: with
   -fsanitize-coverage=trace-pc (gcc) every basic block calls
   __sanitizer_cov_trace_pc, and with trace-pc-guard (clang) it calls
   __sanitizer_cov_trace_pc_guard.  Both count the block by the address
   the call returns to.  That is a call per block (gcov's counters are
   inline), so the path must be short, and is in assembly (mcount.S,
   with a copy near the program, as mcount's):

     a block of the program   a counter per 4 bytes of the program's
                              code, in an array of the calling thread:
                              one compare, one increment.  Two hook
                              calls are at least a call instruction
                              apart (5 bytes on x86-64), so no two
                              blocks share a counter.  The array is mmap'd
                              when the thread first counts (twice the
                              code's size, paged in where blocks are);
     a block elsewhere        (a -fsanitize-coverage shared library)
                              the thread's arc table (arcs.c), as an
                              arc whose self is MC_BB_SELF: the same
                              lookup as mcount's fast path, the same
                              slow path, which never mallocs.

   This file has the rest.  Either way the counts are per thread, exact
   with any number of threads and without a lock, summed when the
   profile is written (mc_arcs_each hands the arrays' counts out as
   arcs too), where classic.c writes them as basic-block records of
   the object they are in.  A count in an array stands for the return
   address rounded down to 4 bytes; classic.c writes one byte before
   it, which still lies inside the call instruction, on the block's
   line.  */

#define _GNU_SOURCE 1
#include <config.h>

#include <stdint.h>
#include <sys/mman.h>

#include "mcount/linux/runtime.h"

/* The program's code the arrays cover: set once, before any array.  */
static uintptr_t mc_bb_lo;		/* 4-byte aligned */
static uintptr_t mc_bb_span;		/* bytes */

static size_t
bb_mapsize (void)
{
	return (((mc_bb_span >> 2) + 1) * sizeof (uint64_t) + 4095)
		& ~(size_t) 4095;
}

/* Gives the calling thread its array, if it has a record and the
   program's code is known.  */
static void
bb_attach (void)
{
	struct mc_thread *r = mc_tls.self;
	void *p;

	if (!r || !mc_main.text_hi)
		return;
	if (!mc_bb_span) {
		mc_bb_lo = mc_main.text_lo & ~(uintptr_t) 3;
		__atomic_store_n (&mc_bb_span, mc_main.text_hi - mc_bb_lo,
				  __ATOMIC_RELEASE);
	}
	if (!r->bb) {
		p = mmap (NULL, bb_mapsize (), PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
		if (p == MAP_FAILED)
			return;
		__atomic_store_n (&r->bb, (uint64_t *) p, __ATOMIC_RELEASE);
	}
	mc_tls.bb = r->bb;
	mc_tls.bb_lo = mc_bb_lo;
	__atomic_store_n (&mc_tls.bb_span, mc_bb_span, __ATOMIC_RELEASE);
}

/* A block outside the program, or a thread without its array yet.  */
static void
bb_slow (uintptr_t pc)
{
	struct mc_arctab *t = mc_tls.tab;

	if (t) {
		uint64_t i = mc_arc_hash (pc, MC_BB_SELF) & t->mask;

		for (;;) {
			struct mc_arc *a = &t->slots[i];
			uintptr_t f = __atomic_load_n (&a->from,
						       __ATOMIC_RELAXED);

			if (f == pc && a->self == MC_BB_SELF) {
				/* One instruction: a signal handler counting
				   on this thread cannot come in between.  */
				mc_arch_inc (&a->count);
				goto attach;
			}
			if (f == 0)
				break;
			i = (i + 1) & t->mask;
		}
	}
	mc_arc_slow (pc, MC_BB_SELF);
attach:
	if (!mc_tls.bb && !mc_tls.busy && pc - mc_main.text_lo
	    < mc_main.text_hi - mc_main.text_lo)
		bb_attach ();
}

void
mc_bb_slow (void)
{
	bb_slow ((uintptr_t) __builtin_return_address (0));
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

uintptr_t
mc_bb_key (uintptr_t pc)
{
	uintptr_t off = pc - mc_bb_lo;

	return off < mc_bb_span ? pc & ~(uintptr_t) 3 : pc;
}

void
mc_bb_each (struct mc_thread *r, mc_arc_fn *fn, void *ctx)
{
	const uint64_t *c = __atomic_load_n (&r->bb, __ATOMIC_ACQUIRE);
	uintptr_t i, n = mc_bb_span >> 2;

	for (i = 0; c && i <= n; i++) {
		uint64_t v = __atomic_load_n (&c[i], __ATOMIC_RELAXED);

		if (v)
			fn (ctx, mc_bb_lo + (i << 2), MC_BB_SELF, v);
	}
}

uint64_t
mc_bb_used (struct mc_thread *r)
{
	const uint64_t *c = __atomic_load_n (&r->bb, __ATOMIC_ACQUIRE);
	uintptr_t i, n = mc_bb_span >> 2;
	uint64_t used = 0;

	for (i = 0; c && i <= n; i++)
		used += __atomic_load_n (&c[i], __ATOMIC_RELAXED) != 0;
	return used;
}

void
mc_bb_reset (struct mc_thread *r)
{
	uint64_t *c = __atomic_load_n (&r->bb, __ATOMIC_ACQUIRE);
	uintptr_t i, n = mc_bb_span >> 2;

	for (i = 0; c && i <= n; i++)
		if (__atomic_load_n (&c[i], __ATOMIC_RELAXED))
			__atomic_store_n (&c[i], 0, __ATOMIC_RELAXED);
}
