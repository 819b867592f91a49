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

#include "gmon/bytes.h"
#include "gprof/leftout.h"
#include "gprof/overhead.h"
#include "gprof/util/util.h"

static size_t
name_hash (const void *arg, size_t i)
{
	return hindex_hash_str (((const struct left_out *) arg)->names[i]);
}

/* The entry of LO for the file name B, made if new.  */
static size_t
name_entry (struct left_out *lo, const char *b)
{
	size_t s;

	if (!lo->index.slot)
		hindex_init (&lo->index, 16);
	for (s = hindex_first (&lo->index, hindex_hash_str (b));
	     lo->index.slot[s]; s = hindex_next (&lo->index, s))
		if (strcmp (lo->names[lo->index.slot[s] - 1], b) == 0)
			return lo->index.slot[s] - 1;
	lo->names = xrealloc (lo->names, (lo->n + 1) * sizeof *lo->names);
	lo->samples = xrealloc (lo->samples, (lo->n + 1)
				* sizeof *lo->samples);
	lo->names[lo->n] = xstrdup (b);
	lo->samples[lo->n] = 0;
	hindex_put (&lo->index, s, lo->n, lo->n + 1, name_hash, lo);
	return lo->n++;
}

void
left_out_add (struct left_out *lo, const char *name,
	      const struct gmonx_file *f)
{
	size_t k, i;

	if (!f->have_process)
		return;
	lo->total = gmon_add_sat (lo->total, f->process.samples);
	for (k = 0; k < f->nobjects; k++) {
		const struct gmonx_object *x = &f->objects[k];
		const char *b = strrchr (x->path, '/');

		if ((x->flags & GMONX_OBJ_MAIN) || !*x->file || !x->samples)
			continue;
		b = b ? b + 1 : x->path;
		lo->out = gmon_add_sat (lo->out, x->samples);
		if (!lo->first)
			lo->first = name;
		i = name_entry (lo, b);
		lo->samples[i] = gmon_add_sat (lo->samples[i], x->samples);
	}
}

void
left_out_say (struct left_out *lo)
{
	size_t i, j, shown;
	char *list = NULL;

	/* 5% or more: out * 20 >= total, without the product.  */
	if (lo->total > 0
	    && lo->out >= lo->total / 20 + (lo->total % 20 != 0)) {
		/* The three with most samples first, the first of equal
		   ones first: one pass each, however many objects.  */
		shown = lo->n < 3 ? lo->n : 3;
		for (i = 0; i < shown; i++) {
			size_t m = i;
			uint64_t s;
			char *nm;

			for (j = i + 1; j < lo->n; j++)
				if (lo->samples[j] > lo->samples[m])
					m = j;
			s = lo->samples[m];
			nm = lo->names[m];
			memmove (&lo->samples[i + 1], &lo->samples[i],
				 (m - i) * sizeof *lo->samples);
			memmove (&lo->names[i + 1], &lo->names[i],
				 (m - i) * sizeof *lo->names);
			lo->samples[i] = s;
			lo->names[i] = nm;
		}
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
	if (lo->index.slot)
		hindex_free (&lo->index);
}
