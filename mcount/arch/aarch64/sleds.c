/* sleds.c - AArch64's part of the patching of patchable function
   entries (mcount/linux/sleds.c).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   gcc -fpatchable-function-entry=N,M leaves N NOPs (d503201f) per
   function, M of them before its symbol and N - M after it: after its
   `bti c' when -mbranch-protection gives it one, so that indirect
   branches still land on the landing pad.  Two after the symbol hold

       mov x9, x30      the caller's return address (FROM), unsigned:
                        the function's paciasp comes after the sled
       bl <jump>        x30 = the entry + 8 (SELF), + 12 after bti c

   and the jump, near the object (a bl reaches 128 MiB, libgmon may be
   mapped anywhere), loads mc_sled_entry's address into x16, the
   intra-procedure-call register the linker's veneers use too, and
   branches there; x9, x30 and the arguments stay as they are.  The
   copy of the fast paths near the object is x86-64's alone (arch.h).

   The instructions are stored little-endian, as the processor reads
   them in every Linux process (big-endian AArch64 Linux aside, which
   has no port here).  */

#define _GNU_SOURCE 1
#include <config.h>

#include <string.h>

#include "mcount/linux/runtime.h"

#define A64_NOP		0xd503201fu
#define A64_BTI_C	0xd503245fu	/* hint 34 */
#define A64_BTI_JC	0xd50324dfu	/* hint 38 */
#define A64_MOV_X9_X30	0xaa1e03e9u	/* orr x9, xzr, x30 */
#define A64_BL		0x94000000u	/* imm26: words from the bl */
#define A64_LDR_X16_8	0x58000050u	/* ldr x16, .+8 */
#define A64_BR_X16	0xd61f0200u

static uint32_t
a64_insn (const unsigned char *p)
{
	return (uint32_t) p[0] | (uint32_t) p[1] << 8
		| (uint32_t) p[2] << 16 | (uint32_t) p[3] << 24;
}

static void
a64_put (unsigned char *p, uint32_t insn)
{
	p[0] = (unsigned char) insn;
	p[1] = (unsigned char) (insn >> 8);
	p[2] = (unsigned char) (insn >> 16);
	p[3] = (unsigned char) (insn >> 24);
}

size_t
mc_arch_sled_skip (const unsigned char *entry, size_t avail)
{
	uint32_t insn;

	if (avail < 4)
		return 0;
	insn = a64_insn (entry);
	return insn == A64_BTI_C || insn == A64_BTI_JC ? 4 : 0;
}

bool
mc_arch_sled_nops (const unsigned char *p, size_t n)
{
	size_t i;

	if (n % 4)
		return false;
	for (i = 0; i < n; i += 4)
		if (a64_insn (p + i) != A64_NOP)
			return false;
	return true;
}

bool
mc_arch_sled_free (const unsigned char *p)
{
	return ((uintptr_t) p & 3) == 0
		&& mc_arch_sled_nops (p, MC_ARCH_SLED_SIZE);
}

void
mc_arch_sled_call (unsigned char *p, uintptr_t at, uintptr_t to)
{
	/* The bl is the second instruction; make_tramp (sleds.c) placed
	   TO within MC_ARCH_SLED_REACH of the whole object.  */
	intptr_t words = ((intptr_t) to - (intptr_t) (at + 4)) / 4;

	a64_put (p, A64_MOV_X9_X30);
	a64_put (p + 4, A64_BL | ((uint32_t) words & 0x03ffffffu));
}

void
mc_arch_sled_tramp (unsigned char *p, uintptr_t to)
{
	uint64_t v = to;

	a64_put (p, A64_LDR_X16_8);
	a64_put (p + 4, A64_BR_X16);
	memcpy (p + 8, &v, sizeof v);
}

uintptr_t
mc_arch_sled_entry (void)
{
	return (uintptr_t) mc_sled_entry;
}
