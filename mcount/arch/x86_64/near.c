/* near.c - x86-64's part of the copy of the fast paths that runs next
   to the program (mcount/linux/near.c).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   mcount.S assembles the copy (mc_near_start .. mc_near_end) position
   independent, but for what depends on where it runs, which this file
   fills in once it is mapped: the offset of mc_tls from the thread
   pointer, as a 32-bit displacement off %fs (what the local-exec TLS
   model makes), stored at the label that ends each instruction that
   reads mc_tls; and, in its last words, where the slow paths are.
   The copy then runs the very instructions the static archive's
   mcount runs.  It also says which of the program's relocations fill
   a GOT slot that calls an entry point.  */

#define _GNU_SOURCE 1
#include <config.h>

#include <elf.h>
#include <stddef.h>
#include <string.h>

#include "mcount/linux/runtime.h"

_Static_assert (MC_X86_GREG_RBP == REG_RBP && MC_X86_GREG_RSP == REG_RSP
		&& MC_X86_GREG_RIP == REG_RIP,
		"arch.h reads the interrupted registers where glibc has them");

/* Labels in the copy (mcount.S), each just after the instruction
   whose displacement or word it names; and the slow path's stub.  */
#pragma GCC visibility push(hidden)
extern const char mc_near_mcount_tls[], mc_near_fentry_tls[];
extern const char mc_near_bb_lo[], mc_near_bb_span[], mc_near_bb_arr[];
extern const char mc_near_slow[], mc_near_bbslow[];
extern const char mc_slow_stub[];
#pragma GCC visibility pop
/* The definitions the dynamic linker chose for the process: ours if
   nothing before libgmon in the lookup order defines them.  */
extern void mcount (void);
extern void __fentry__ (void);
extern void __sanitizer_cov_trace_pc (void);

/* The process must call libgmon's mcount and __fentry__ for the copy
   to be used at all (_mcount is the same code as mcount); the block
   hooks are redirected if __sanitizer_cov_trace_pc is ours.  */
const struct mc_near_hook mc_arch_near_hooks[] = {
	{ "mcount", mc_mcount_local, mc_near_mcount, mcount, false },
	{ "_mcount", mc_mcount_local, mc_near_mcount, NULL, false },
	{ "__fentry__", mc_fentry_local, mc_near_fentry, __fentry__, false },
	{ "__sanitizer_cov_trace_pc", mc_bb_local, mc_near_bb,
	  __sanitizer_cov_trace_pc, true },
	{ "__sanitizer_cov_trace_pc_guard", mc_bb_local, mc_near_bb, NULL,
	  true },
	{ NULL, NULL, NULL, NULL, false }
};

int
mc_arch_near_got (unsigned long type)
{
	switch (type) {
	case R_X86_64_GLOB_DAT:
		return MC_NEAR_GOT_BOUND;
	case R_X86_64_JUMP_SLOT:
		return MC_NEAR_GOT_LAZY;
	default:
		return MC_NEAR_GOT_NONE;
	}
}

/* Stores the SIZE low bytes of V just before the label END (the end
   of the instruction whose immediate or displacement it is).  */
static void
put_imm (char *page, const char *end, uint64_t v, size_t size)
{
	memcpy (page + (end - mc_near_start) - size, &v, size);
}

bool
mc_arch_near_patch (char *page)
{
	intptr_t tpoff = (intptr_t) ((uintptr_t) &mc_tls
				     - mc_arch_thread_pointer ());

	if (tpoff < INT32_MIN || tpoff > INT32_MAX)
		return false;
	put_imm (page, mc_near_mcount_tls, (uint64_t) tpoff, 4);
	put_imm (page, mc_near_fentry_tls, (uint64_t) tpoff, 4);
	put_imm (page, mc_near_bb_lo,
		 (uint64_t) (tpoff + offsetof (struct mc_tls, bb_lo)), 4);
	put_imm (page, mc_near_bb_span,
		 (uint64_t) (tpoff + offsetof (struct mc_tls, bb_span)), 4);
	put_imm (page, mc_near_bb_arr,
		 (uint64_t) (tpoff + offsetof (struct mc_tls, bb)), 4);
	put_imm (page, mc_near_slow + 8, (uintptr_t) mc_slow_stub, 8);
	put_imm (page, mc_near_bbslow + 8, (uintptr_t) mc_bb_slow, 8);
	return true;
}
