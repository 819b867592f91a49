/* lossnotes.h - what the runtime said it lost, said to the user.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef GPROF_LOSSNOTES_H
#define GPROF_LOSSNOTES_H

#include <stddef.h>
#include <stdint.h>

#include "gmon/gmon.h"

/* The loss notes (gmon_out.h) of the files merged so far.  Zeros: none
   yet.  */
struct loss_notes {
	size_t scanned;			/* arcs of the merge looked at */
	size_t at[GMON_NOTE_KINDS_MAX + 1];	/* each kind's arc, + 1; 0:
					   none yet */
	uint64_t said[GMON_NOTE_KINDS_MAX + 1];	/* its count already said */
};

/* After profile NAME was merged into GP: one warning per kind of loss
   it noted, with the count it added.  */
void loss_notes_say (struct loss_notes *n, const struct gmon_profile *gp,
		     const char *name);

/* The notes taken out of GP's arcs (they are no calls: GNU gprof,
   which finds no symbol at their ends, drops them too).  */
void loss_notes_drop (const struct loss_notes *n, struct gmon_profile *gp);

#endif /* GPROF_LOSSNOTES_H */
