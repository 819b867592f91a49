/* gmondump.h - what the parts of the gmondump tool share.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   Private to gmondump.c (options, the classic files, the merge) and
   dumpx.c (the gmonx companion): the options, and the two printers
   every line that shows a name or an address's function goes through,
   so that both print names by one rule (gmon_text_shown).  */

#ifndef GMON_GMONDUMP_H
#define GMON_GMONDUMP_H

#include <stdbool.h>
#include <stdint.h>

#include "gmon/elfsyms.h"
#include "gmon/gmon.h"

/* The program's name, for messages.  */
extern const char gdump_prog[];

struct gdump_opts {
	struct gmon_target target;	/* layout of the files */
	bool target_set;		/* from -t or -e, not guessed */
	enum gmon_format format;	/* -O */
	bool all_bins;			/* -a: zero bins too */
	bool summary;			/* -s: no contents */
	bool merge;			/* -m: the sums, not the records */
	struct elfsyms syms;		/* -e's functions, to name addresses;
					   empty without -e */
};

/* gmondump.c: S as stored, what gmon_text_shown does not show
   escaped; " NAME+0xOFF" of the function of S that holds ADDR, or
   " ?".  */
void gdump_text (const char *s);
void gdump_name (const struct elfsyms *s, uint64_t addr);

/* dumpx.c: prints the records of the gmonx file PATH.  Returns 0, or
   -1 after a message.  */
int gdump_gmonx (const char *path, const struct gdump_opts *o);

#endif /* GMON_GMONDUMP_H */
