/* core.h - the portable core of libgmon: the call-graph table and the
   histogram, the same code on every platform.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   What every libgmon counts with, whatever runs it: a Linux process
   (mcount/linux/ ... the files of mcount/ around it) or a bare-metal
   program (mcount/baremetal/).  The platform brings the memory, the
   clock, the threads or interrupts, and the way the bytes leave; the
   core brings the tables and what they count, and gmon/write.c turns
   them into a gmon file.  Nothing here calls the system or the C
   library (the compiler's builtins aside), and nothing here includes a
   file of linux/ or baremetal/.

   Two settings, made by the platform before it includes this file:

     MC_CORE_COUNT32   arc counts in 32 bits (bare metal: RAM), which
                       stop at 2^32-1 and say so, instead of 64;
     MC_CORE_IRQ       a bare-metal core: one processor, and whoever
                       changes a table or a histogram holds interrupts
                       off meanwhile (mcount/core/atomic.h).

   This file is read by the assembler too (the part above the C-only
   section): the table's layout as the fast paths see it.  */

#ifndef MCOUNT_CORE_CORE_H
#define MCOUNT_CORE_CORE_H

/* Layout of struct mc_arctab as the fast paths see it: the header is
   eight words.  */
#define MC_TAB_MASK	0		/* offset of mask (capacity - 1) */
#define MC_TAB_WORDS	8		/* words before slots[0] */

/* The arc hash: the 64-bit golden-ratio multiplier, upper half.  Any
   odd multiplier works; this one spreads return addresses a few bytes
   apart (calls in one function) over distant slots, which keeps the
   linear probes short.  */
#define MC_HASH_MUL	0x9e3779b97f4a7c15
/* The same in 32 bits, for a 32-bit processor (no 64-bit multiply on a
   Cortex-M0): the product's upper half folded onto its lower.  */
#define MC_HASH_MUL32	0x9e3779b1

#ifndef __ASSEMBLER__

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef MC_CORE_COUNT32
typedef uint32_t mc_count_t;		/* calls of one arc */
#define MC_COUNT_MAX	UINT32_MAX
#else
typedef uint64_t mc_count_t;
#define MC_COUNT_MAX	UINT64_MAX
#endif

/* One call-graph arc.  A slot is free while from is 0; the writer
   claims it by setting from first, so a reader (the dumper, another
   thread) that sees self == 0 skips it.  */
struct mc_arc {
	uintptr_t from;			/* return address in the caller */
	uintptr_t self;			/* return address of mcount in the
					   callee (-pg), or the callee's
					   entry + call size (-mfentry) */
	mc_count_t count;		/* calls; only the owner adds */
};

/* An arc table: open addressing, linear probing, power-of-two
   capacity.  The platform gives it its memory (mc_tab_bytes): Linux an
   mmap'd block per thread, which it replaces by one twice the size
   when it fills (older, mapsize, nogrow are that platform's), bare
   metal a part of its RAM budget, for good.  */
struct mc_arctab {
	uintptr_t mask;			/* capacity - 1; read by mcount.S */
	uintptr_t used;			/* slots claimed */
	uintptr_t grow_at;		/* the platform may grow it from here */
	uintptr_t full_at;		/* never claim beyond this: probes end */
	struct mc_arctab *older;	/* the table this one replaced */
	size_t mapsize;			/* bytes of memory it has */
	intptr_t nogrow;		/* why it could not grow: 0 (it did
					   not try, or it grew), an errno, or
					   a negative reason of the platform */
	uintptr_t spare;		/* pads the header to eight words */
	struct mc_arc slots[];		/* at MC_TAB_WORDS words */
};

/* The key under which the table counts a call whose caller's address
   is 0, since a from of 0 marks a free slot: no code returns to the
   last byte of the address space.  mc_tab_each gives such an arc's
   from as 0 again.  GCC's Thumb-1 -pg prologue of a function that saves
   r8 passes r8 as the caller, which is 0 at main's entry.  */
#define MC_ARC_NOFROM	(~(uintptr_t) 0)

/* Which slot an arc's probe starts at, before the mask.  */
static inline uintptr_t
mc_arc_hash (uintptr_t from, uintptr_t self)
{
#if UINTPTR_MAX > 0xffffffffu
	return (uintptr_t) (((uint64_t) (from ^ self) * MC_HASH_MUL) >> 32);
#else
	uint32_t h = (uint32_t) (from ^ self) * MC_HASH_MUL32;

	return h ^ (h >> 16);
#endif
}

/* ------------------------------------------------------------------ */
/* arctab.c */

/* Bytes of a table of CAP slots (a power of two).  */
size_t mc_tab_bytes (uintptr_t cap);
/* The largest capacity (a power of two, at least MIN) whose table fits
   in BYTES, or 0 if not even MIN does.  */
uintptr_t mc_tab_fit (size_t bytes, uintptr_t min);
/* An empty table of CAP slots in its memory (zeroed: every slot free)
   of MAPSIZE bytes.  */
void mc_tab_init (struct mc_arctab *t, uintptr_t cap, size_t mapsize);
/* The slot of (FROM, SELF) in T, or NULL.  With CLAIM, a free slot is
   taken for it instead of NULL (the caller has checked that T is not
   full: mc_tab_room).  */
struct mc_arc *mc_tab_find (struct mc_arctab *t, uintptr_t from,
			    uintptr_t self, bool claim);
/* Whether T may take another arc (its probes must still end).  */
bool mc_tab_room (const struct mc_arctab *t);
/* One more call of arc A.  False if its count is at its maximum (32-bit
   counts only), when the call is not counted.  */
bool mc_arc_bump (struct mc_arc *a);
/* Every arc of OLD moved into T (counts taken out of OLD one at a time,
   so a count added meanwhile stays in OLD, which a reader still sums).  */
void mc_tab_move (struct mc_arctab *t, struct mc_arctab *old);
/* Every count of T back to 0 (the arcs stay, as claimed slots).  */
void mc_tab_zero (struct mc_arctab *t);
/* Calls FN for each claimed slot of T with a count: the arc's ends and
   count, as read then.  */
typedef void mc_arc_fn (void *ctx, uintptr_t from, uintptr_t self,
			uint64_t count);
void mc_tab_each (const struct mc_arctab *t, mc_arc_fn *fn, void *ctx);

/* ------------------------------------------------------------------ */
/* hist.c */

/* A bin's excess over what its type holds (bare metal: 65535) is kept
   apart, in units of MC_BIN_UNIT samples; 64-bit bins have none.  */
#ifdef MC_CORE_IRQ
typedef uint16_t mc_bin_t;		/* bare metal: the file's width */
#define MC_BIN_UNIT	((uint64_t) 1 << 16)
#else
typedef uint64_t mc_bin_t;
#define MC_BIN_UNIT	0
#endif

struct mc_wide {
	uint32_t bin;			/* which bin of its histogram */
	uint32_t units;			/* MC_BIN_UNIT samples each */
};

/* The samples of one range of code.  */
struct mc_hist {
	uintptr_t lo;			/* address of bin 0 */
	uintptr_t hi;			/* lo + nbins << shift */
	uint64_t nbins;			/* bins */
	unsigned int shift;		/* log2 of the bin width in bytes */
	mc_bin_t *bins;			/* samples per bin; NULL until the
					   platform gives it memory */
	size_t mapsize;			/* bytes of memory bins has */
	struct mc_wide *wide;		/* narrow bins: the excess of those
					   that passed their maximum, or NULL */
	uint32_t nwide;			/* ... entries used */
	uint32_t wide_cap;		/* ... entries it has room for */
	uint64_t *marks;		/* a bit per MC_HIST_CHUNK bins, set
					   before a sample is added there;
					   NULL: every chunk counts (bare
					   metal, whose bins are few) */
};

/* Linux reads the bins only where marked: a page of them that no
   sample reached is never touched, so it is never mapped.  Reading
   every bin at a dump mapped libc's 2.8 MB of them, a page fault each,
   which cost 20 ms of a program's CPU time under a virtual machine (a
   program that returns at once from main took 31 ms against glibc's
   8.5).  A chunk is also a record of another object's classic file
   (mcount/linux/classic.c): they must stay the same size.  */
#define MC_HIST_CHUNK	1024		/* bins */

#ifndef MC_CORE_IRQ
/* Whether chunk CHUNK of MARKS (a histogram's, or a copy) is marked
   (Linux: bare metal has no marks).  */
static inline bool
mc_hist_marked (const uint64_t *marks, uint64_t chunk)
{
	return (__atomic_load_n (&marks[chunk / 64], __ATOMIC_RELAXED)
		>> (chunk % 64)) & 1;
}
#endif

/* Words of marks of H.  */
static inline uint64_t
mc_hist_mark_words (const struct mc_hist *h)
{
	return (h->nbins + 64 * MC_HIST_CHUNK - 1) / (64 * MC_HIST_CHUNK);
}

/* The bins [*LO, *HI) of the next chunk from chunk *C on that MARKS
   (of a histogram of NBINS bins; NULL: every chunk) has marked, *C
   moved past it; false when none is left.  */
bool mc_hist_next (const uint64_t *marks, uint64_t nbins, uint64_t *c,
		   uint64_t *lo, uint64_t *hi);

/* Bins a power of two bytes wide (1 << SHIFT) from a 16-byte boundary
   (or the bin width, if wider), so that with gcc's function alignment
   no bin holds the end of one function and the start of the next:
   fills H's range for [LO, HI) and returns the bins it needs, or 0 if
   the range is empty.  The file counts bins in 32 bits: a range of
   more than 2^32 bins gets wider ones (H->shift says).  */
uint64_t mc_hist_shape (struct mc_hist *h, uintptr_t lo, uintptr_t hi,
			unsigned int shift);
/* Bin memory at BINS (zeroed, MAPSIZE bytes, room for H->nbins), and
   with narrow bins room for WIDE_CAP excess entries at WIDE.  The
   bins are published last: a sample that sees them sees the rest.  */
void mc_hist_give (struct mc_hist *h, mc_bin_t *bins, size_t mapsize,
		   struct mc_wide *wide, uint32_t wide_cap);
/* One sample (N of them) at PC, if H has bins and holds PC: returns
   what it could not count (N when PC lies outside; with narrow bins,
   what passed a bin's maximum with no room left for its excess).  */
uint64_t mc_hist_put (struct mc_hist *h, uintptr_t pc, uint64_t n);
/* Samples of bin I.  */
uint64_t mc_hist_bin (const struct mc_hist *h, uint64_t i);
/* Every sample.  */
uint64_t mc_hist_total (const struct mc_hist *h);
/* Every bin back to 0.  */
void mc_hist_zero (struct mc_hist *h);
/* gmon/write.c's callback for H's counts (gmon_fill_fn): CTX is a
   struct mc_hist_part, bins FIRST.. of the part from its bin START.  */
struct mc_hist_part {
	const struct mc_hist *h;	/* the histogram */
	uint64_t start;			/* the part's first bin */
};
void mc_hist_fill (const void *ctx, uint32_t first, uint32_t n,
		   uint64_t *out);

#endif /* !__ASSEMBLER__ */

#endif /* MCOUNT_CORE_CORE_H */
