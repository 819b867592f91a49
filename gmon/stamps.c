/* stamps.c - the run and build stamps of gmon files, compared and
   shown.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   A new-format header carries the run stamp of the process that wrote
   it (pid, start, run and dump number: gmon_out.h), a histogram
   record the build stamp of its object.  gprof and gmondump compare
   them to tell runs and builds apart and print them; nothing here
   reads a file, so it is apart from the reader (read.c).  */

#include <config.h>

#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "gmon/gmon.h"

int
gmon_build_cmp (const struct gmon_build *a, const struct gmon_build *b)
{
	size_t n = a->len < b->len ? a->len : b->len, i;
	bool size = false, time = false;

	if (!a->kind || !b->kind)
		return -1;
	if (a->kind != b->kind)
		return GMON_BUILD_DIFFERS;
	for (i = 0; i < n; i++)
		if (a->data[i] != b->data[i]) {
			if (a->kind == GMON_BUILD_ID)
				return GMON_BUILD_DIFFERS;
			if (i % 4 < 2)
				size = true;
			else
				time = true;
		}
	return size ? GMON_BUILD_SIZE : time ? GMON_BUILD_TIME : 0;
}

/* libgmon never writes a pid or a start of 0; GNU gprof -s leaves
   whatever its stack held in these bytes, seen with zeros among them,
   and such a header must not read as a run.  */
bool
gmon_run_known (const struct gmon_run *run)
{
	return run->pid != 0 && run->start != 0;
}

bool
gmon_run_differs (const struct gmon_run *a, const struct gmon_run *b)
{
	return gmon_run_known (a) && gmon_run_known (b)
		&& (a->pid != b->pid || a->start != b->start
		    || a->id != b->id);
}

uint32_t
gmon_run_dump (const struct gmon_run *run)
{
	return run->id & GMON_RUN_DUMP_MASK;
}

bool
gmon_run_other_dump (const struct gmon_run *a, const struct gmon_run *b)
{
	return gmon_run_differs (a, b) && a->pid == b->pid
		&& a->start == b->start
		&& (a->id & ~GMON_RUN_DUMP_MASK) == (b->id & ~GMON_RUN_DUMP_MASK);
}

char *
gmon_run_text (const struct gmon_run *run, char *buf)
{
	time_t t = (time_t) run->start;
	struct tm tm;

	if (!gmon_run_known (run)) {
		strcpy (buf, "no run stamp");
		return buf;
	}
	if (!gmtime_r (&t, &tm))
		memset (&tm, 0, sizeof tm);
	snprintf (buf, GMON_RUN_TEXT, "pid %" PRIu32 ", started "
		  "%04d-%02d-%02d %02d:%02d:%02d UTC, run %04" PRIx32
		  ", dump %" PRIu32, run->pid, tm.tm_year + 1900,
		  tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
		  run->id >> 16, gmon_run_dump (run));
	return buf;
}
