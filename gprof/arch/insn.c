/* insn.c - where a program's instructions start, through libopcodes.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   A histogram bin covers bytes, not instructions: glibc's are about 4
   bytes wide, libgmon's a few.  KCachegrind's machine-code view runs
   objdump over a function and looks up each cost line's address among
   the instructions it prints; one that is not an instruction's start
   shows as "(No Instruction)" with a banner, "There are cost lines
   without machine code".  So the Callgrind export charges each bin to
   the instruction it starts in, as objdump decodes the function from
   its first byte: with objdump's own decoder, libopcodes, when this
   gprof was built with it (configure says so) and it knows the
   machine; otherwise, on the targets whose instructions have a length
   this gprof's own decoders tell (arch/: aarch64, RISC-V, Arm and
   Thumb), with those.  x86's lengths need a whole decoder: without
   libopcodes, its bins stay where they start.  */

#include <config.h>

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gprof/arch/arch.h"
#include "gprof/arch/insn.h"
#include "gprof/symbols/objfile.h"

/* Adds PC to S, whose array holds *CAP.  */
static void
push_start (struct insn_starts *s, size_t *cap, uint64_t pc)
{
	if (s->n == *cap) {
		*cap = *cap ? 2 * *cap : 64;
		s->v = xrealloc (s->v, *cap * sizeof *s->v);
	}
	s->v[s->n++] = pc;
}

/* The starts in LO..HI by this gprof's decoders (arch.h's next), from
   LO on, each stretch by the instruction set the mapping symbols say
   on Arm; data between them (Arm's literal pools) in words, as objdump
   prints them.  False where the decoders do not know the lengths.  */
static bool
starts_by_arch (struct objfile *of, uint64_t lo, uint64_t hi,
		struct insn_starts *s)
{
	const struct arch *arch = arch_of (of);
	const unsigned char *text;
	uint64_t vma, size, pc;
	size_t cap = 0;

	if (!arch || arch->align < 2)
		return false;
	text = objfile_text (of, &vma, &size);
	if (text && hi > vma + size)
		hi = vma + size;
	if (!text || lo < vma || lo >= hi)
		return false;
	for (pc = lo; pc < hi;) {
		const struct arch *a = arch_at (arch, of, pc, NULL);
		unsigned int len = a ? a->next (text + (pc - vma),
						(size_t) (hi - pc)) : 4;

		push_start (s, &cap, pc);
		pc += len ? len : 1;
	}
	return true;
}

#ifdef HAVE_LIBOPCODES
#include <dis-asm.h>

/* The text libopcodes prints: not wanted, only the lengths.  */
static int
no_print (void *stream, const char *fmt, ...)
{
	(void) stream;
	(void) fmt;
	return 0;
}

static int
no_print_styled (void *stream, enum disassembler_style style,
		 const char *fmt, ...)
{
	(void) stream;
	(void) style;
	(void) fmt;
	return 0;
}

/* The starts of the instructions in [LO, HI), whose bytes are at
   BYTES, into S (*CAP its room).  */
static void
decode_part (disassembler_ftype decode, int arch, unsigned long mach,
	     bool big, const unsigned char *bytes, uint64_t lo, uint64_t hi,
	     struct insn_starts *s, size_t *cap)
{
	struct disassemble_info di;
	uint64_t pc;

	init_disassemble_info (&di, NULL, no_print, no_print_styled);
	di.arch = (enum bfd_architecture) arch;
	di.mach = mach;
	di.endian = big ? BFD_ENDIAN_BIG : BFD_ENDIAN_LITTLE;
	di.buffer = (bfd_byte *) (uintptr_t) bytes;
	di.buffer_vma = lo;
	di.buffer_length = (size_t) (hi - lo);
	disassemble_init_for_target (&di);
	for (pc = lo; pc < hi;) {
		int len = decode (pc, &di);

		push_start (s, cap, pc);
		/* A byte it cannot decode is one instruction of its own,
		   as objdump shows "(bad)".  */
		pc += len > 0 ? (uint64_t) len : 1;
	}
	disassemble_free_target (&di);
}

bool
insn_starts (struct objfile *of, uint64_t lo, uint64_t hi,
	     struct insn_starts *s)
{
	const unsigned char *text;
	uint64_t vma, size, pc;
	disassembler_ftype decode;
	int arch;
	unsigned long mach;
	bool big;
	size_t cap = 0;

	memset (s, 0, sizeof *s);
	if (!objfile_disasm_target (of, &arch, &mach, &big))
		return starts_by_arch (of, lo, hi, s);
	decode = disassembler ((enum bfd_architecture) arch, big, mach, NULL);
	if (!decode)
		return starts_by_arch (of, lo, hi, s);
	text = objfile_text (of, &vma, &size);
	if (text && lo >= vma && lo < vma + size) {
		if (hi > vma + size)
			hi = vma + size; /* the last function, or --objects */
		if (lo >= hi)
			return false;
		decode_part (decode, arch, mach, big, text + (lo - vma), lo,
			     hi, s, &cap);
		return true;
	}
	/* Outside .text (GNU's _init runs on through the PLT): each code
	   section of the range, decoded from its start, where objdump
	   starts too.  */
	for (pc = lo; pc < hi;) {
		unsigned char *b = objfile_code_at (of, pc, &vma, &size);
		uint64_t end;

		if (!b)
			break;
		if (vma >= hi) {
			free (b);
			break;
		}
		end = vma + size < hi ? vma + size : hi;
		decode_part (decode, arch, mach, big, b, vma, end, s, &cap);
		free (b);
		pc = end;
	}
	return s->n > 0;
}

#else /* !HAVE_LIBOPCODES */

bool
insn_starts (struct objfile *of, uint64_t lo, uint64_t hi,
	     struct insn_starts *s)
{
	memset (s, 0, sizeof *s);
	return starts_by_arch (of, lo, hi, s);
}

#endif

uint64_t
insn_start_of (const struct insn_starts *s, uint64_t addr)
{
	size_t lo = 0, hi = s->n;

	/* The first start above ADDR; the one before it holds ADDR.  */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (s->v[mid] <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo > 0 ? s->v[lo - 1] : addr;
}

void
insn_starts_free (struct insn_starts *s)
{
	free (s->v);
	memset (s, 0, sizeof *s);
}
