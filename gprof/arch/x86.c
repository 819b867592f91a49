/* x86.c - the machine code of x86 and x86-64, for arch.h.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   A direct call is e8 and a 32-bit displacement from the end of the
   instruction, signed (GNU gprof adds it unsigned: see staticcalls.c).
   Any byte may start one: code is not decoded from the function's
   start, as GNU gprof does not.  gcc's call of mcount is that direct
   call, or with -fno-plt "call *mcount@GOTPCREL(%rip)": ff 15 and a
   displacement, six bytes.  */

#include <config.h>

#include "gprof/arch/arch.h"

static bool
x86_direct_call (const unsigned char *p, size_t avail, uint64_t pc,
		 uint64_t *target)
{
	uint32_t rel;

	if (avail < 5 || p[0] != 0xe8)
		return false;
	rel = (uint32_t) p[1] | (uint32_t) p[2] << 8 | (uint32_t) p[3] << 16
		| (uint32_t) p[4] << 24;
	*target = pc + 5 + (uint64_t) (int64_t) (int32_t) rel;
	return true;
}

static bool
x86_ends_with_call (const unsigned char *b)
{
	return b[1] == 0xe8 || (b[0] == 0xff && b[1] == 0x15);
}

const struct arch arch_x86 = {
	.name = "x86",
	.step = 1,
	.call_len = 5,
	.mcount_call_len = 6,
	.direct_call = x86_direct_call,
	.ends_with_call = x86_ends_with_call,
};
