/* insn.h - where a program's instructions start.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef GPROF_ARCH_INSN_H
#define GPROF_ARCH_INSN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct objfile;

/* The starts of the instructions of a stretch of code, ascending.  */
struct insn_starts {
	uint64_t *v;			/* addresses (malloc'ed) */
	size_t n;			/* how many */
};

/* Decodes OF's .text from LO (a function's start) up to HI, as objdump
   does from there, into S, by libopcodes or this gprof's own decoders
   (insn.c).  False (S empty) if it cannot: neither knows the lengths
   of OF's instructions, or the range is not in .text.  */
bool insn_starts (struct objfile *of, uint64_t lo, uint64_t hi,
		  struct insn_starts *s);

/* The start of the instruction of S that holds ADDR: the last one at
   or below it; ADDR itself if S has none there.  */
uint64_t insn_start_of (const struct insn_starts *s, uint64_t addr);

void insn_starts_free (struct insn_starts *s);

#endif /* GPROF_ARCH_INSN_H */
