/* lossnotes.c - what the runtime said it lost, said to the user.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   A profile libgmon wrote on a microcontroller, within its RAM budget,
   may have left out calls or samples; it says how many of each kind in
   arc records that are no calls (gmon/gmon_out.h, "Loss notes").  GNU
   gprof drops them unseen (no symbol at either end) and prints the
   same reports; this gprof prints the same reports too, and says on
   standard error what each file lost, in words, with what to do
   about it.  The notes merge like arcs: each file's share is what its
   reading added.  */

#include <config.h>

#include <inttypes.h>

#include "gprof/lossnotes.h"
#include "gprof/util/util.h"

void
loss_notes_say (struct loss_notes *n, const struct gmon_profile *gp,
		const char *name)
{
	unsigned int k;

	/* New arcs come at the end: each note's place is found once.  */
	for (; n->scanned < gp->narcs; n->scanned++) {
		const struct gmon_arc *a = &gp->arcs[n->scanned];

		k = gmon_note_kind (gp->target.addr_size, a->from_pc,
				    a->self_pc);
		if (k)
			n->at[k] = n->scanned + 1;
	}
	for (k = GMON_NOTE_FIRST; k <= GMON_NOTE_KINDS_MAX; k++) {
		uint64_t c;
		const char *fix;

		if (!n->at[k])
			continue;
		c = gp->arcs[n->at[k] - 1].count - n->said[k];
		n->said[k] += c;
		if (c == 0)
			continue;
		fix = gmon_note_fix (k);
		gp_warn (name, "%" PRIu64 " %s%s%s", c, gmon_note_what (k),
			 fix ? "; " : "", fix ? fix : "");
	}
}

void
loss_notes_drop (const struct loss_notes *n, struct gmon_profile *gp)
{
	size_t i, kept = 0;
	unsigned int k;
	bool any = false;

	for (k = GMON_NOTE_FIRST; k <= GMON_NOTE_KINDS_MAX; k++)
		any |= n->at[k] != 0;
	if (!any)
		return;
	for (i = 0; i < gp->narcs; i++)
		if (!gmon_note_kind (gp->target.addr_size, gp->arcs[i].from_pc,
				     gp->arcs[i].self_pc))
			gp->arcs[kept++] = gp->arcs[i];
	gp->narcs = kept;
}
