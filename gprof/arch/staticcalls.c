/* staticcalls.c - calls found in the machine code (-c).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   As GNU gprof does: every place a call may start (every byte on x86,
   as GNU gprof tries them; each instruction elsewhere, decoded from
   the function's start) inside the part of a function the histogram
   covers is decoded as a direct call by the architecture's decoder
   (arch.h); if its target lies in the histogram and is exactly the
   start of a symbol, the function calls that symbol, and an arc of
   count 0 says so.

   Two things differ, both on purpose (see the manual's compatibility
   chapter).  The displacement is signed: GNU gprof adds it unsigned,
   so on 64-bit targets the target of every backward call lands 4 GB
   too high and no backward call is ever found.  And after a call is
   found the rest of it is skipped, as GNU gprof's code means to but
   does not, so no second "call" is read inside its displacement.  */

#include <config.h>

#include <inttypes.h>

#include "gprof/arch/arch.h"
#include "gprof/graph/callgraph.h"
#include "gprof/symbols/objfile.h"
#include "gprof/arch/staticcalls.h"
#include "gprof/symbols/symtab.h"
#include "gprof/util/util.h"

void
static_scan_init (struct static_scan *sc, struct objfile *of,
		  struct symtab *st, struct callgraph *cg,
		  const struct profile *p)
{
	sc->of = of;
	sc->st = st;
	sc->cg = cg;
	sc->p = p;
	sc->arch = arch_of (of);
	sc->text = objfile_text (of, &sc->text_vma, &sc->text_size);
}

static bool
in_histogram (const struct profile *p, uint64_t addr)
{
	size_t i;

	for (i = 0; i < p->nhist; i++)
		if (p->hist[i].h.low_pc <= addr && addr < p->hist[i].h.high_pc)
			return true;
	return false;
}

/* [*LO, *HI) clipped to the one histogram it overlaps; empty if none.
   A function spread over two histograms cannot be scanned.  */
static void
clip (const struct profile *p, const struct sym *sym, uint64_t *lo,
      uint64_t *hi)
{
	bool found = false;
	uint64_t l = *lo, h = *hi;
	size_t i;

	for (i = 0; i < p->nhist; i++) {
		uint64_t cl = p->hist[i].h.low_pc > l ? p->hist[i].h.low_pc : l;
		uint64_t ch = p->hist[i].h.high_pc < h ? p->hist[i].h.high_pc : h;

		if (cl < ch) {
			if (found)
				gp_fatal (NULL, "%s lies in several histograms: "
					  "-c cannot scan it", sym->name);
			found = true;
			*lo = cl;
			*hi = ch;
		}
	}
	if (!found)
		*hi = *lo;
}

void
static_scan_sym (struct sym *sym, void *arg)
{
	struct static_scan *sc = arg;
	const struct arch *a = NULL;
	uint64_t lo = sym->addr, hi, pc, end, until = 0;

	if (!sc->text)
		return;
	if (!sc->arch) {
		arch_missing (sc->of, "-c finds no calls");
		return;
	}
	hi = sym->end_addr >= sym->addr ? sym->end_addr + 1 : sym->addr;
	clip (sc->p, sym, &lo, &hi);
	/* Only bytes of .text are known.  */
	end = sc->text_vma + sc->text_size;
	if (lo < sc->text_vma)
		lo = sc->text_vma;
	if (hi > end)
		hi = end;
	DBG (DBG_CALL, "[findcall] %s: 0x%" PRIx64 " to 0x%" PRIx64 "\n",
	     sym->name, lo, hi);
	for (pc = lo; pc < hi;) {
		const unsigned char *ip = sc->text + (pc - sc->text_vma);
		struct arch_call call;
		struct sym *child;

		/* The decoder changes where Arm's mapping symbols say, and
		   data between them is stepped over.  */
		if (pc >= until)
			a = arch_at (sc->arch, sc->of, pc, &until);
		if (!a) {
			pc = until;
			continue;
		}
		if (!a->direct_call (ip, (size_t) (end - pc), pc, &call)
		    || !in_histogram (sc->p, call.target)
		    || !(child = symtab_find (sc->st, call.target))
		    || child->addr != call.target) {
			pc += a->next (ip, (size_t) (end - pc));
			continue;
		}
		DBG (DBG_CALL, "[findcall] 0x%" PRIx64 ": call %s\n", pc,
		     child->name);
		cg_add_arc (sc->cg, sym, child, 0);
		pc += call.len;
	}
}
