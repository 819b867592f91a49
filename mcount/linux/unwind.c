/* unwind.c - walk the stack of a sample: its calling context.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   Why not frame pointers.  gcc keeps a frame pointer for -pg, but not
   everywhere a sample may land: an optimised epilogue restores the
   caller's frame pointer some instructions before it returns (a sample
   there would skip a caller), a prologue has set up no frame yet, and
   x86-64's -mfentry keeps no frame pointer at all (arch/x86_64/arch.h
   has the details).  Every object carries exact unwind tables instead,
   which ehframe.c reads: for any instruction they say where the
   caller's frame starts (DWARF's CFA: a register plus an offset) and
   where the return address and the caller's frame pointer are saved.
   A frame:

       CFA  = SP (or FP) + offset      by the rule of the PC
       RA   = [CFA + ra_off]           (CFA - 8 on x86-64), or a link
                                       register's, in the interrupted
                                       frame only
       FP   = [CFA + fp_off]           if this frame saved it
       SP   = CFA;  PC = RA            then the rule of RA - 1 (a call
                                       may be a function's last
                                       instruction)

   Never faulting.  Every read of the stack lies between the sampled
   stack pointer and the top of the thread's own stack: one readable
   mapping, found in /proc/self/maps at the thread's first sample, that
   is the main thread's [stack] or, for another thread, holds the
   thread's descriptor too (next to the thread pointer: glibc puts it
   at the top of the thread's stack block).  A sample on any other
   stack (a coroutine's, an alternate signal stack) is not walked.
   (Every read of the tables lies in the segment that holds them:
   ehframe.c.)  Each frame must lie above the one before (the CFA grows
   strictly, but for a leaf whose return address is in a register),
   aligned, and each return address in the code of a loaded object: a
   broken or foreign frame ends the walk.  */

#define _GNU_SOURCE 1
#include <config.h>

#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "mcount/linux/unwind.h"
#include "mcount/linux/sleds.h"

/* ------------------------------------------------------------------ */
/* The thread's stack */

static bool
hex_field (const char **p, const char *end, char stop, uintptr_t *v)
{
	uintptr_t x = 0;
	const char *s = *p;

	if (s == end || *s == stop)
		return false;
	for (; s < end && *s != stop; s++) {
		int d;

		if (*s >= '0' && *s <= '9')
			d = *s - '0';
		else if (*s >= 'a' && *s <= 'f')
			d = *s - 'a' + 10;
		else
			return false;
		x = x << 4 | (uintptr_t) d;
	}
	if (s == end)
		return false;
	*p = s + 1;
	*v = x;
	return true;
}

/* One line of /proc/self/maps (LINE, N bytes, maybe cut): whether it
   is the mapping that holds SP and is the thread's own readable stack.
   -1: not the mapping of SP; 0: it is, but not a stack to walk.  */
static int
stack_line (const char *line, size_t n, uintptr_t sp, bool main_thread,
	    uintptr_t tp, uintptr_t *lo, uintptr_t *hi)
{
	const char *p = line, *end = line + n;
	uintptr_t a, b;

	if (!hex_field (&p, end, '-', &a) || !hex_field (&p, end, ' ', &b))
		return -1;
	if (sp < a || sp >= b)
		return -1;
	if (end - p < 4 || p[0] != 'r')
		return 0;
	if (main_thread ? !(n >= 7 && memcmp (end - 7, "[stack]", 7) == 0)
	    : !(tp >= a && tp < b))
		return 0;
	*lo = a;
	*hi = b;
	return 1;
}

/* The bounds of the calling thread's own stack, if SP is on it.  Raw
   system calls and a buffer on the stack: this runs in the SIGPROF
   handler.  */
static bool
find_stack (int tid, uintptr_t sp, uintptr_t *lo, uintptr_t *hi)
{
	char buf[512], line[192];
	bool main_thread = tid == (int) getpid ();
	uintptr_t tp = mc_arch_thread_pointer ();
	size_t len = 0;
	int fd, found = -1;
	ssize_t got;

	fd = mc_open (AT_FDCWD, "/proc/self/maps", O_RDONLY, 0);
	if (fd < 0)
		return false;
	while (found < 0 && (got = read (fd, buf, sizeof buf)) > 0) {
		ssize_t i;

		for (i = 0; i < got && found < 0; i++) {
			if (buf[i] != '\n') {
				/* A long line keeps its start (the range)
				   and its end (the name).  */
				if (len == sizeof line)
					memmove (line + 64, line + 65,
						 sizeof line - 65);
				line[len == sizeof line ? len - 1 : len++]
					= buf[i];
				continue;
			}
			found = stack_line (line, len, sp, main_thread, tp,
					    lo, hi);
			len = 0;
		}
	}
	close (fd);
	return found == 1;
}

/* Whether SP is on the thread's own stack, whose bounds are looked up
   at its first sample, and again when SP has gone below them (the main
   thread's stack grows) -- but after a look that failed, not before
   another 64 samples: a thread that runs on other stacks must not read
   /proc at every sample.  */
static bool
on_own_stack (struct mc_unwind *u, int tid, uint64_t samples, uintptr_t sp)
{
	uintptr_t lo, hi;

	if (u->tid != tid) {
		/* A record adopted by a new thread.  */
		u->tid = tid;
		u->stack_lo = u->stack_hi = 0;
		u->retry = 0;
	}
	if (sp >= u->stack_lo && sp < u->stack_hi)
		return true;
	if (samples < u->retry)
		return false;
	if (find_stack (tid, sp, &lo, &hi)) {
		u->stack_lo = lo;
		u->stack_hi = hi;
		return true;
	}
	u->retry = samples + 64;
	return false;
}

/* ------------------------------------------------------------------ */
/* The walk */

/* The 8-byte word at A, if it lies in [LO, HI).  */
static bool
load (uintptr_t a, uintptr_t lo, uintptr_t hi, uintptr_t *v)
{
	if (a < lo || a > hi - 8 || (a & 7))
		return false;
	*v = *(const uintptr_t *) a;
	return true;
}

#ifdef MC_ARCH_SLED_FROM_SLOT
/* mc_sled_entry's places (the port's mcount.S).  */
extern const char mc_sled_entry_back[] MC_HIDDEN;
extern const char mc_sled_entry_end[] MC_HIDDEN;

/* For a frame at PC in mc_sled_entry's slow path around its call of
   mc_arc_slow, where FROM was saved, from the frame's CFA; 0
   elsewhere.  *IN: whether PC is in mc_sled_entry at all (its frame
   returns to SELF, the patched function's first rule).  */
static intptr_t
sled_from_slot (uintptr_t pc, bool *in)
{
	*in = pc >= (uintptr_t) mc_sled_entry
	      && pc < (uintptr_t) mc_sled_entry_end;
	return pc + 1 == (uintptr_t) mc_sled_entry_back
		|| pc == (uintptr_t) mc_sled_entry_back
		? MC_ARCH_SLED_FROM_SLOT : 0;
}
#endif

#if MC_ARCH_HAS_SLEDS && MC_ARCH_RA_IN_REG
/* A sample at PC (registers UC) on a patched sled's way to libgmon,
   before it has a frame, where the function's table says its return
   address is "still in the link register", which it no longer is:
   in the sled itself, *LOOK the function's entry (its table's first
   rule); in the jump page or mc_sled_entry, SELF (where it returns) as
   the first of OUT (*N of MAX), *LOOK SELF itself (gcc puts the sled
   before the function's table: aarch64, riscv64) and *RA_REG FROM,
   the function's return address.  False if the walk ends there.  */
static bool
sled_start (struct mc_unwind *u, const ucontext_t *uc, uintptr_t pc,
	    uintptr_t *out, unsigned int max, unsigned int *n,
	    uintptr_t *look, uintptr_t *ra_reg)
{
	uintptr_t self, from, past;

	if (mc_module_loaded (pc, &u->hint)
	    && (past = mc_arch_sled_past (pc)) != 0) {
		*look = past;
	} else if (mc_arch_sled_regs (uc, pc, &self, &from)) {
		self = mc_arch_code_addr (self);
		if (max == 0 || !mc_module_loaded (self, &u->hint))
			return false;
		out[(*n)++] = self;
		*look = self;
		*ra_reg = from;
	}
	return true;
}
#endif

int
mc_unwind (struct mc_unwind *u, int tid, uint64_t samples,
	   const ucontext_t *uc, uintptr_t pc, uintptr_t *out,
	   unsigned int max, bool *cut)
{
	uintptr_t sp = mc_arch_sp (uc);
	uintptr_t fp = mc_arch_fp (uc);
	uintptr_t ra_reg = mc_arch_ra (uc);
	uintptr_t lo = sp, hi, look = pc;
	/* A return address in its register (MC_ARCH_RA_IN_REG) is the
	   interrupted frame's: no caller's is known.  */
	bool fp_known = true, ra_known = MC_ARCH_RA_IN_REG;
	unsigned int n = 0;

	*cut = false;
	if (!on_own_stack (u, tid, samples, sp))
		return -1;
	hi = u->stack_hi;
#if MC_ARCH_HAS_SLEDS && MC_ARCH_RA_IN_REG
	if (mc_sled_in_page_any ()
	    && !sled_start (u, uc, pc, out, max, &n, &look, &ra_reg))
		return 0;
#endif
	for (;;) {
		struct mc_uw_rule r;
		uintptr_t cfa, ra, base, next;
		bool at_entry;

		if (!mc_uw_rule_at (u, look, &r) || (r.flags & MC_UW_STOP))
			break;
		if (r.cfa_reg == MC_UW_FP && !fp_known)
			break;
		base = r.cfa_reg == MC_UW_SP ? sp : fp;
		cfa = base + (uintptr_t) (intptr_t) r.cfa_off;
		if (MC_ARCH_RA_IN_REG && (r.flags & MC_UW_RA_REG)) {
			/* A frame that has not stored its return address
			   (a leaf) may have no stack of its own: its CFA
			   may be its stack pointer.  */
			if (!ra_known || cfa < sp || cfa > hi)
				break;
			ra = ra_reg;
		} else if (cfa <= sp || cfa > hi
			   || !load (cfa + (uintptr_t) (intptr_t) r.ra_off, lo,
				     hi, &ra)) {
			break;
		}
		ra_known = false;
		at_entry = false;
#ifdef MC_ARCH_SLED_FROM_SLOT
		{
			/* mc_sled_entry's frame returns to SELF, the patched
			   function's first rule (as above); from its slow
			   path's call, the function's return address is
			   where it saved it.  */
			intptr_t off = sled_from_slot (look, &at_entry);

			if (off && load (cfa + (uintptr_t) off, lo, hi, &ra_reg))
				ra_known = true;
		}
#endif
		ra = mc_arch_code_addr (ra);
		next = at_entry ? ra : ra - 1;
		if (r.flags & MC_UW_FP_SAVED) {
			uintptr_t slot = cfa + (uintptr_t) (intptr_t) r.fp_off;

			/* gcc's tables keep the frame pointer's slot to the
			   end of an epilogue, after the instruction that
			   restores it (x86-64's `pop %rbp'): a slot below
			   the stack pointer has been restored already.  */
			if (slot < sp)
				;
			else if (!load (slot, lo, hi, &fp))
				break;
			else
				fp_known = true;
		} else if (r.flags & MC_UW_FP_LOST) {
			fp_known = false;
		}
		if (!mc_module_loaded (ra, &u->hint))
			break;
		if (n == max) {
			*cut = true;
			break;
		}
		out[n++] = ra;
		sp = cfa;
		look = next;
	}
	return (int) n;
}
