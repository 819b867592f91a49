/* leftout.c - the samples a report without --objects leaves out.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   libgmon writes the samples of each shared library into a file of
   its own, in gmon.out-objs/, which only --objects reads: a plain
   report is GNU gprof's, of the program alone, and says nothing of
   the time spent in libm or libc.  Part of the profile stage: the
   companion of each profile counts every object's samples, and one
   line says how much a report leaves out, when it is not small.  */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gprof/leftout.h"
#include "gprof/overhead.h"
#include "gprof/util/util.h"

void
left_out_add (struct left_out *lo, const char *name,
	      const struct gmonx_file *f)
{
	size_t k, i;

	if (!f->have_process)
		return;
	lo->total += f->process.samples;
	for (k = 0; k < f->nobjects; k++) {
		const struct gmonx_object *x = &f->objects[k];
		const char *b = strrchr (x->path, '/');

		if ((x->flags & GMONX_OBJ_MAIN) || !*x->file || !x->samples)
			continue;
		b = b ? b + 1 : x->path;
		lo->out += x->samples;
		if (!lo->first)
			lo->first = name;
		for (i = 0; i < lo->n && strcmp (lo->names[i], b) != 0; i++)
			continue;
		if (i == lo->n) {
			lo->names = xrealloc (lo->names, (i + 1)
					      * sizeof *lo->names);
			lo->samples = xrealloc (lo->samples, (i + 1)
						* sizeof *lo->samples);
			lo->names[i] = xstrdup (b);
			lo->samples[i] = 0;
			lo->n++;
		}
		lo->samples[i] += x->samples;
	}
}

void
left_out_say (struct left_out *lo)
{
	size_t i, j, shown;
	char *list = NULL;

	if (lo->total > 0 && lo->out * 20 >= lo->total) {
		/* By samples, most first (a handful of objects).  */
		for (i = 1; i < lo->n; i++)
			for (j = i; j > 0 && lo->samples[j] > lo->samples[j - 1];
			     j--) {
				uint64_t s = lo->samples[j];
				char *nm = lo->names[j];

				lo->samples[j] = lo->samples[j - 1];
				lo->names[j] = lo->names[j - 1];
				lo->samples[j - 1] = s;
				lo->names[j - 1] = nm;
			}
		shown = lo->n < 3 ? lo->n : 3;
		list = xstrdup ("");
		for (i = 0; i < shown; i++)
			list = reconcat (list, list, i == 0 ? ""
					 : i + 1 < shown || lo->n > shown
					 ? ", " : " and ", lo->names[i],
					 overhead_object_path (lo->names[i])
					 ? " (libgmon's own time)" : "", NULL);
		if (lo->n > shown) {
			/* (libiberty's xasprintf knows no %zu: it took
			   the count for the string that follows.)  */
			char *more = xasprintf (" and %lu other%s",
						(unsigned long) (lo->n
								 - shown),
						lo->n - shown > 1 ? "s" : "");

			list = reconcat (list, list, more, NULL);
			free (more);
		}
		gp_note (lo->first, "%.0f%% of the samples are in %s, left "
			 "out of this report: add --objects to see them",
			 100.0 * (double) lo->out / (double) lo->total, list);
		free (list);
	}
	for (i = 0; i < lo->n; i++)
		free (lo->names[i]);
	free (lo->names);
	free (lo->samples);
}
