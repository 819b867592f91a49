/* leftout.h - the samples a report without --objects leaves out.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef GPROF_LEFTOUT_H
#define GPROF_LEFTOUT_H

#include <stddef.h>
#include <stdint.h>

#include "gmon/gmonx.h"
#include "gprof/util/hindex.h"

/* The libraries' samples of the companions of the profiles read
   without --objects.  Zeros: none yet.  */
struct left_out {
	uint64_t total;			/* every sample of those runs */
	uint64_t out;			/* those in another object's file */
	char **names;			/* those objects' file names */
	uint64_t *samples;		/* ... and their samples */
	size_t n;
	struct hindex index;		/* names, once the first is in */
	const char *first;		/* the first profile with some */
};

/* Adds the other objects of F, the companion of profile NAME (of its
   run: the caller checked), to LO.  */
void left_out_add (struct left_out *lo, const char *name,
		   const struct gmonx_file *f);

/* One line on standard error, if 5% of the samples or more are in
   objects a plain report leaves out: how much, where (the three with
   most), and the option that shows them; then frees LO's memory.
   Linear in the objects: a crafted companion may name thousands.  */
void left_out_say (struct left_out *lo);

#endif /* GPROF_LEFTOUT_H */
