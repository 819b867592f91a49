/* util.c - messages of the analyser.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include <config.h>

#include <stdio.h>
#include <stdlib.h>

#include "gprof/options.h"
#include "gprof/util/util.h"

unsigned int gp_debug;

static void
message (const char *file, const char *kind, const char *fmt, va_list ap)
{
	/* What was printed so far must come before the message.  */
	fflush (stdout);
	fprintf (stderr, "%s: ", program_name);
	if (file)
		fprintf (stderr, "%s: ", file);
	if (kind)
		fputs (kind, stderr);
	vfprintf (stderr, fmt, ap);
	fputc ('\n', stderr);
}

void
gp_error (const char *file, const char *fmt, ...)
{
	va_list ap;

	va_start (ap, fmt);
	message (file, NULL, fmt, ap);
	va_end (ap);
}

void
gp_fatal (const char *file, const char *fmt, ...)
{
	va_list ap;

	va_start (ap, fmt);
	message (file, NULL, fmt, ap);
	va_end (ap);
	exit (1);
}

void
gp_warn (const char *file, const char *fmt, ...)
{
	va_list ap;

	va_start (ap, fmt);
	message (file, "warning: ", fmt, ap);
	va_end (ap);
}

void
gp_note (const char *file, const char *fmt, ...)
{
	va_list ap;

	va_start (ap, fmt);
	message (file, "note: ", fmt, ap);
	va_end (ap);
}
