/* error.c - messages of the format library.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later  */

#include <config.h>

#include <stdarg.h>
#include <stdio.h>

#include "gmon/gmon.h"

void
gmon_error_set (struct gmon_error *err, const char *name, const char *fmt,
		...)
{
	va_list ap;
	int n;

	if (!err)
		return;
	n = snprintf (err->msg, sizeof err->msg, "%s: ", name);
	if (n < 0 || (size_t) n >= sizeof err->msg)
		return;
	va_start (ap, fmt);
	vsnprintf (err->msg + n, sizeof err->msg - (size_t) n, fmt, ap);
	va_end (ap);
}
