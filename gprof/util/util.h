/* util.h - messages of the analyser.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Memory comes from libiberty's xmalloc family, which reports an
   exhausted heap with the program's name and exits.  */

#ifndef GPROF_UTIL_H
#define GPROF_UTIL_H

#include <stdarg.h>

#include <libiberty/libiberty.h>

/* Prints "gprof: FILE: MESSAGE" (FILE may be NULL) to stderr.  */
void gp_error (const char *file, const char *fmt, ...)
	__attribute__ ((format (printf, 2, 3)));

/* The same, then exits with status 1.  */
void gp_fatal (const char *file, const char *fmt, ...)
	__attribute__ ((format (printf, 2, 3), noreturn));

/* A warning: "gprof: FILE: warning: MESSAGE".  */
void gp_warn (const char *file, const char *fmt, ...)
	__attribute__ ((format (printf, 2, 3)));

/* A note that says what to do: "gprof: FILE: note: MESSAGE".  */
void gp_note (const char *file, const char *fmt, ...)
	__attribute__ ((format (printf, 2, 3)));

/* The -d bits in effect; debug output goes to stdout, as GNU gprof's
   does, each line prefixed with its area.  */
extern unsigned int gp_debug;

#define DBG(area, ...) \
	do { if (gp_debug & (area)) printf (__VA_ARGS__); } while (0)

#endif /* GPROF_UTIL_H */
