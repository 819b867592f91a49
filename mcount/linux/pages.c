/* pages.c - memory that is never freed, cut from a few mappings.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   Each thread that runs -pg code gets a record with its first arc
   table (arcs.c), an alternate stack for fatal signals below it
   (exits.c) and, once sampled, a first table of samples (threads.c).
   A mapping of its own for each took two or three of the kernel's
   vm.max_map_count mappings (65530) per thread, as many as the
   thread's own stack and guard: a program that starts 30000 threads
   of 64 KiB stacks without libgmon could start 16822 with it.  So
   they come from here, two ways:

     mappings          a first one of 64 MiB (some 500 threads' records
                       and stacks, as many thousands without stacks):
                       most programs need no other.  Then, if there is
                       no reservation, mappings that double in size up
                       to 1 GiB, MAP_NORESERVE, a page taking memory
                       only once touched, each cut in turn: 20000
                       threads take six; where so much cannot be had,
                       half the size, and so on;
     the reservation   once the first mapping is used up: 8 GiB of
                       address space, mapped once without access
                       (PROT_NONE, MAP_NORESERVE: it costs no memory),
                       opened from its start as pages are handed out,
                       in steps that double from 64 MiB (mprotect);
                       the part opened stays one mapping, the rest
                       another, whatever the number of threads (8 GiB:
                       60000 threads' records and stacks).  A program
                       that starts threads until the kernel's mappings
                       run out starts as many with libgmon as without.
                       Not where address space is counted: with a
                       limit on it (ulimit -v) the reservation would
                       take what the program may need, and
                       vm.overcommit_memory=2 charges an opened part
                       whole.  Not made before it is needed: under
                       qemu-user, which keeps the state of every page
                       of the guest's, 8 GiB reserved cost each process
                       0.25 s of CPU time at its start, and each read
                       of /proc/self/maps (unwind.c reads it to find a
                       thread's stack) as long again: a program sampled
                       on a coroutine's stack, where that read is
                       retried, never ended.

   Nothing is ever given back (a record is kept or adopted, arcs.c; a
   stack's pages are, with MADV_DONTNEED, which splits no mapping).

   Lock-free and async-signal-safe: threads start at once, and a
   signal handler running -pg code may make a record in the middle of
   another.  Pages are taken with an atomic add; a mapping found full
   is replaced with a compare-and-swap (the loser unmaps its own,
   which nobody saw); two threads opening the reservation at once
   both call mprotect, which does no harm.  */

#define _GNU_SOURCE 1
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

#include "mcount/linux/runtime.h"

#define PAGE		4096
#define RESERVE		((uint64_t) 8 << 30)	/* bytes reserved */
#define STEP_FIRST	((uint64_t) 64 << 20)	/* bytes first opened */
#define SLAB_FIRST	16384		/* pages of the first mapping */
#define SLAB_DOUBLINGS	4		/* ... the largest is 16 times as
					   large (1 GiB) */

enum reserve_state {
	RESERVE_UNTRIED,
	RESERVE_MAKING,			/* a thread is making it */
	RESERVE_READY,
	RESERVE_NONE			/* not here: mappings */
};

static int mc_res_state;		/* enum reserve_state, atomic */
static char *mc_res_base;		/* the reservation */
static uint64_t mc_res_open;		/* bytes opened from its start */
static uint64_t mc_res_used;		/* bytes handed out (past RESERVE:
					   used up) */

/* The first page of a mapping.  */
struct mc_slab {
	uint64_t pages;			/* its size, in pages */
	uint64_t used;			/* pages handed out (this one
					   included); past PAGES: full */
};

static struct mc_slab *mc_slab_cur;	/* where pages are cut from */
static unsigned int mc_slabs_made;	/* mappings made, ever */

/* Whether the address space of the process is counted (a limit on
   it, or strict overcommit): then nothing is reserved.  */
static bool
space_counted (void)
{
	struct rlimit as;
	char c = '0';
	int fd;

	if (getrlimit (RLIMIT_AS, &as) != 0 || as.rlim_cur != RLIM_INFINITY)
		return true;
	fd = mc_open (AT_FDCWD, "/proc/sys/vm/overcommit_memory", O_RDONLY, 0);
	if (fd >= 0) {
		if (read (fd, &c, 1) != 1)
			c = '0';
		close (fd);
	}
	return c == '2';
}

/* The reservation, made by the first caller; false: none (being made
   by another thread just now, or not to be had).  */
static bool
reserve_ready (void)
{
	int st = __atomic_load_n (&mc_res_state, __ATOMIC_ACQUIRE);
	void *p;

	if (st == RESERVE_READY)
		return true;
	if (st != RESERVE_UNTRIED
	    || !__atomic_compare_exchange_n (&mc_res_state, &st,
					     RESERVE_MAKING, false,
					     __ATOMIC_ACQ_REL,
					     __ATOMIC_ACQUIRE))
		return false;
	p = space_counted () ? MAP_FAILED
		: mmap (NULL, RESERVE, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS
			| MAP_NORESERVE, -1, 0);
	if (p == MAP_FAILED) {
		__atomic_store_n (&mc_res_state, RESERVE_NONE,
				  __ATOMIC_RELEASE);
		return false;
	}
	mc_res_base = p;
	__atomic_store_n (&mc_res_state, RESERVE_READY, __ATOMIC_RELEASE);
	return true;
}

/* The first NEED bytes of the reservation open; false if they cannot
   be.  */
static bool
reserve_open (uint64_t need)
{
	uint64_t open = __atomic_load_n (&mc_res_open, __ATOMIC_ACQUIRE);
	uint64_t to;

	if (need <= open)
		return true;
	to = open ? 2 * open : STEP_FIRST;
	while (to < need)
		to *= 2;
	if (to > RESERVE)
		to = RESERVE;
	if (mprotect (mc_res_base + open, to - open,
		      PROT_READ | PROT_WRITE) != 0)
		return false;
	/* Published once open (another thread may have opened more).  */
	while (open < to
	       && !__atomic_compare_exchange_n (&mc_res_open, &open, to, true,
						__ATOMIC_ACQ_REL,
						__ATOMIC_ACQUIRE))
		;
	return true;
}

/* N pages from the mappings (not the reservation).  */
static void *
slab_pages (size_t n, int *err)
{
	struct mc_slab *s = __atomic_load_n (&mc_slab_cur, __ATOMIC_ACQUIRE);

	for (;;) {
		unsigned int k;
		uint64_t size;
		void *p;

		if (s) {
			uint64_t u = __atomic_fetch_add (&s->used, n,
							 __ATOMIC_RELAXED);

			if (u + n <= s->pages)
				return (char *) s + u * PAGE;
		}
		k = __atomic_load_n (&mc_slabs_made, __ATOMIC_RELAXED);
		size = (uint64_t) SLAB_FIRST
			<< (k < SLAB_DOUBLINGS ? k : SLAB_DOUBLINGS);
		for (;;) {
			if (size < n + 1)
				size = n + 1;
			p = mmap (NULL, size * PAGE, PROT_READ | PROT_WRITE,
				  MAP_PRIVATE | MAP_ANONYMOUS
				  | MAP_NORESERVE, -1, 0);
			if (p != MAP_FAILED)
				break;
			if (errno != ENOMEM || size == n + 1) {
				*err = errno;
				return NULL;
			}
			size /= 2;
		}
		((struct mc_slab *) p)->pages = size;
		((struct mc_slab *) p)->used = 1 + n;	/* ours */
		if (__atomic_compare_exchange_n (&mc_slab_cur, &s, p, false,
						 __ATOMIC_ACQ_REL,
						 __ATOMIC_ACQUIRE)) {
			__atomic_fetch_add (&mc_slabs_made, 1,
					    __ATOMIC_RELAXED);
			return (char *) p + PAGE;
		}
		munmap (p, size * PAGE);	/* another one won */
	}
}

/* N pages from the first mapping, if it is made and has room.  */
static void *
first_pages (size_t n)
{
	struct mc_slab *s = __atomic_load_n (&mc_slab_cur, __ATOMIC_ACQUIRE);
	uint64_t u;

	if (!s || __atomic_load_n (&s->used, __ATOMIC_RELAXED) + n > s->pages)
		return NULL;
	u = __atomic_fetch_add (&s->used, n, __ATOMIC_RELAXED);
	return u + n <= s->pages ? (char *) s + u * PAGE : NULL;
}

void *
mc_pages (size_t n, int *err)
{
	uint64_t bytes = (uint64_t) n * PAGE;
	void *p;

	/* The first mapping, until it is used up.  */
	if (__atomic_load_n (&mc_res_state, __ATOMIC_ACQUIRE)
	    == RESERVE_UNTRIED) {
		if (!__atomic_load_n (&mc_slabs_made, __ATOMIC_ACQUIRE))
			return slab_pages (n, err);
		p = first_pages (n);
		if (p)
			return p;
	}
	if (reserve_ready ()
	    && __atomic_load_n (&mc_res_used, __ATOMIC_RELAXED) < RESERVE) {
		uint64_t u = __atomic_fetch_add (&mc_res_used, bytes,
						 __ATOMIC_RELAXED);

		if (u + bytes <= RESERVE && reserve_open (u + bytes))
			return mc_res_base + u;
	}
	return slab_pages (n, err);
}
