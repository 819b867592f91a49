/* atomic.h - the few memory operations the core's tables need, as
   each kind of platform makes them safe.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   On Linux a table is written by its own thread and by signal handlers
   that interrupt it anywhere, a histogram by the handlers of every
   thread at once, and both are read by a dumper at any time: the GCC
   __atomic builtins, relaxed, with release/acquire where a slot is
   published.

   On bare metal (MC_CORE_IRQ) there is one processor, and whoever
   changes a table or a histogram holds interrupts off meanwhile
   (mcount, the timer's handler, gmon_reset): nothing can come between
   a load and a store, so plain accesses are enough, and they must be:
   an ARMv6-M or a 32-bit RISC-V has no atomic 64-bit operation, and
   no C library to lend one.  Loads stay volatile, for the dumper,
   which reads with interrupts on.  */

#ifndef MCOUNT_CORE_ATOMIC_H
#define MCOUNT_CORE_ATOMIC_H

#ifdef MC_CORE_IRQ

#define mc_ld(p)		(*(volatile __typeof__ (*(p)) *) (p))
#define mc_ld_acq(p)		mc_ld (p)
#define mc_st(p, v)		((void) (*(p) = (v)))
#define mc_st_rel(p, v)		mc_st (p, v)
#define mc_add(p, v)		((void) (*(p) += (v)))
/* The value before, and 0 left behind.  */
#define mc_take(p)		__extension__ ({			\
	__typeof__ (*(p)) mc_take_v = *(p);				\
	*(p) = 0;							\
	mc_take_v; })
/* *P from *EXPECT to V if it still holds *EXPECT; else *EXPECT what
   it holds.  */
#define mc_cas(p, expect, v)	__extension__ ({			\
	bool mc_cas_ok = *(p) == *(expect);				\
	if (mc_cas_ok)							\
		*(p) = (v);						\
	else								\
		*(expect) = *(p);					\
	mc_cas_ok; })

#else

#define mc_ld(p)		__atomic_load_n ((p), __ATOMIC_RELAXED)
#define mc_ld_acq(p)		__atomic_load_n ((p), __ATOMIC_ACQUIRE)
#define mc_st(p, v)		__atomic_store_n ((p), (v), __ATOMIC_RELAXED)
#define mc_st_rel(p, v)		__atomic_store_n ((p), (v), __ATOMIC_RELEASE)
#define mc_add(p, v)		((void) __atomic_fetch_add ((p), (v),	\
							    __ATOMIC_RELAXED))
#define mc_take(p)		__atomic_exchange_n ((p), 0, __ATOMIC_RELAXED)
#define mc_cas(p, expect, v)						\
	__atomic_compare_exchange_n ((p), (expect), (v), false,		\
				     __ATOMIC_RELAXED, __ATOMIC_RELAXED)

#endif

#endif /* MCOUNT_CORE_ATOMIC_H */
