/* bounds.h - where the functions of an object begin and end, when its
   symbols do not say it all (bounds.c).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef GPROF_BOUNDS_H
#define GPROF_BOUNDS_H

#include <stddef.h>
#include <stdint.h>

#include "gprof/dwarf/dwarf.h"
#include "gprof/model.h"

/* Alignment padding: the bytes between a function's end and the next
   function, if rounding the end up to this many bytes reaches the
   next one, are the padding that aligns it (never executed) and stay
   with the function before, as GNU gprof charges them.  */
#define BOUNDS_PAD	16

/* What is known of one object, in its link-time addresses.  */
struct bounds_input {
	const struct dwarf_range *code;	/* its code sections (.init,
					   .plt, .text ...), sorted,
					   disjoint */
	size_t ncode;			/* how many */
	const struct dwarf_range *fdes;	/* its FDEs' ranges
					   (dwarf_frame_ranges), sorted
					   by first address */
	size_t nfdes;			/* how many */
	const char *object;		/* its name in reports: the names of
					   the functions made are
					   OBJECT+0xADDRESS */
};

/* Gives each symbol of V[0..*N) that lies in a code section of IN the
   range it has, and adds a symbol for each piece of code no symbol
   covers.  On entry a symbol's ADDR is its link-time address and its
   END_ADDR the last byte its ELF size covers, or 0 when the size is
   unknown.  On return, in a code section:

   - a symbol with a size ends there (a sample or a call past its end
     is never its own), or where the next function starts if sooner;
     the padding up to an aligned next function aside (BOUNDS_PAD);
   - one without ends where its FDE does, or else where the next
     function starts (GNU gprof's rule), or at its section's end;
   - each FDE that starts where no symbol does, outside any symbol's
     size, is a function of its own;
   - what is left of a section between these is one function per gap.

   The functions added are named OBJECT+0xADDRESS (their first address,
   lower-case hexadecimal, no leading zeros; malloc'ed) and are
   static functions.  A symbol outside the code sections is left as
   it came.  Returns V, reallocated; *N counts the symbols added.  */
struct sym *bounds_apply (struct sym *v, size_t *n,
			  const struct bounds_input *in);

/* Sorts V[0..N) by first address, then end.  */
void bounds_sort_ranges (struct dwarf_range *v, size_t n);

/* How many ranges of V[0..N), sorted by first address, start at or
   below ADDR: the last of them, if any, is V[result - 1].  */
size_t bounds_upper (const struct dwarf_range *v, size_t n, uint64_t addr);

/* The name bounds_apply() gives a function of OBJECT at link-time
   address ADDR, malloc'ed.  */
char *bounds_name (const char *object, uint64_t addr);

#endif /* GPROF_BOUNDS_H */
