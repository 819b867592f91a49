/* x86.c - the machine code of x86 and x86-64, for arch.h.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   A direct call is e8 and a 32-bit displacement from the end of the
   instruction, signed (GNU gprof adds it unsigned: see staticcalls.c).
   Any byte may start one: code is not decoded from the function's
   start, as GNU gprof does not.  gcc's call of mcount is that direct
   call, or an indirect call through memory with a 32-bit displacement
   (ff /2, six bytes): with -fno-plt on x86-64 "call
   *mcount@GOTPCREL(%rip)" (ff 15), in a 32-bit position-independent
   executable "call *mcount@GOT(%ebx)" (ff 93).  */

#include <config.h>

#include <string.h>

#include "gprof/arch/arch.h"

static unsigned int
x86_next (const unsigned char *p, size_t avail)
{
	(void) p;
	(void) avail;
	return 1;
}

static bool
x86_direct_call (const unsigned char *p, size_t avail, uint64_t pc,
		 struct arch_call *call)
{
	uint32_t rel;

	if (avail < 5 || p[0] != 0xe8)
		return false;
	rel = (uint32_t) p[1] | (uint32_t) p[2] << 8 | (uint32_t) p[3] << 16
		| (uint32_t) p[4] << 24;
	call->target = pc + 5 + (uint64_t) (int64_t) (int32_t) rel;
	call->len = 5;
	return true;
}

/* The ModR/M byte M of an ff /2 call with a 32-bit displacement and
   nothing else after it: mod 00 r/m 101 (RIP-relative, or absolute on
   i386), or mod 10 with a base register but no SIB byte.  */
static bool
x86_call_disp32 (unsigned char m)
{
	if ((m & 0x38) != 0x10)
		return false;
	return (m & 0xc7) == 0x05 || ((m & 0xc0) == 0x80 && (m & 7) != 4);
}

/* A call (e8, or ff /2 with a 32-bit displacement), or a sled that
   libgmon patches into a call at run time, as it is in the file: the
   five NOPs of -fpatchable-function-entry, the nopl of -pg
   -mnop-mcount, the first five bytes of clang's XRay entry sled (a
   jmp .+11 and the start of a nopw).  */
static bool
x86_ends_with_call (const unsigned char *b)
{
	static const unsigned char sled[5] = { 0x90, 0x90, 0x90, 0x90, 0x90 };
	static const unsigned char nop5[5] = { 0x0f, 0x1f, 0x44, 0x00, 0x00 };
	static const unsigned char xray[5] = { 0xeb, 0x09, 0x66, 0x0f, 0x1f };

	return b[1] == 0xe8 || (b[0] == 0xff && x86_call_disp32 (b[1]))
		|| memcmp (b + 1, sled, sizeof sled) == 0
		|| memcmp (b + 1, nop5, sizeof nop5) == 0
		|| memcmp (b + 1, xray, sizeof xray) == 0;
}

const struct arch arch_x86 = {
	.name = "x86",
	.align = 1,
	.max_call_len = 5,
	.mcount_call_len = 6,
	.next = x86_next,
	.direct_call = x86_direct_call,
	.ends_with_call = x86_ends_with_call,
};
