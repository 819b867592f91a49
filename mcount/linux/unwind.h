/* unwind.h - what the stack walk (unwind.c) and the reader of the
   unwind tables (ehframe.c) share; sledsite.c asks the tables where a
   function starts.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later  */

#ifndef MCOUNT_LINUX_UNWIND_H
#define MCOUNT_LINUX_UNWIND_H

#include "mcount/linux/runtime.h"

/* mc_uw_rule.cfa_reg */
#define MC_UW_SP	0		/* the stack pointer */
#define MC_UW_FP	1		/* the frame pointer */

/* mc_uw_rule.flags */
#define MC_UW_VALID	0x01		/* the cache slot holds a rule */
#define MC_UW_FP_SAVED	0x02		/* the frame saved the frame pointer
					   at fp_off */
#define MC_UW_FP_LOST	0x04		/* ... or left it unknown */
#define MC_UW_STOP	0x08		/* no caller can be found: the
					   outermost frame, or a rule this
					   walker does not follow */
#define MC_UW_RA_REG	0x10		/* the return address is still in its
					   register (MC_ARCH_RA_IN_REG) */

/* ehframe.c: the rule of PC, learnt from the tables of the object
   that holds it (the frame-pointer rule where none covers PC), kept
   in U's cache as of the objects' generation GEN.  False if PC is in
   no loaded object.  */
bool mc_uw_learn (struct mc_unwind *u, uintptr_t pc, uint32_t gen,
		  struct mc_uw_rule *rule) MC_HIDDEN;

/* ehframe.c: the start of the function that holds PC, in M's code,
   as its unwind table says; 0 if none covers PC (sledsite.c's, to
   tell a sled at a function's entry from one after its frame).  */
uintptr_t mc_uw_fn_start (const struct mc_module *m, uintptr_t pc)
	MC_HIDDEN;

/* ehframe.c: how many functions the .eh_frame_hdr of M lists; 0 if
   it has none, UINT64_MAX if its header is in an encoding not read
   here.  */
uint64_t mc_uw_fde_count (const struct mc_module *m) MC_HIDDEN;

/* The rule of PC (an address in the code of a loaded object): from
   U's cache when the rule is there, learnt otherwise.  Samples meet
   the same few hundred return addresses again and again, so a frame
   costs this lookup, inlined in the walk.  False if PC is in no
   loaded object.  Async-signal-safe.  */
static inline bool
mc_uw_rule_at (struct mc_unwind *u, uintptr_t pc, struct mc_uw_rule *rule)
{
	uint32_t gen = mc_modules_gen ();
	const struct mc_uw_rule *slot = &u->cache[mc_arc_hash (pc, 0)
						  & (MC_UW_CACHE - 1)];

	if ((slot->flags & MC_UW_VALID) && slot->pc == pc && slot->gen == gen) {
		*rule = *slot;
		return true;
	}
	return mc_uw_learn (u, pc, gen, rule);
}

#endif /* MCOUNT_LINUX_UNWIND_H */
