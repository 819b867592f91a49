/* msgline.h - what libgmon says on stderr: lines built without stdio
   (msgline.c), the problems kept for the one line at exit
   (exitline.c).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   Part of runtime.h (the internals of libgmon), which includes it
   with what it needs first; the files include runtime.h.  */

#ifndef MCOUNT_LINUX_MSGLINE_H
#define MCOUNT_LINUX_MSGLINE_H

#ifndef MCOUNT_LINUX_RUNTIME_H
# error "include mcount/linux/runtime.h, which includes this file"
#endif

/* Text without stdio: S, or V in decimal, at P (not beyond END);
   they return where the text ends.  */
char *mc_put_str (char *p, char *end, const char *s) MC_HIDDEN;
char *mc_put_num (char *p, char *end, uint64_t v) MC_HIDDEN;

/* A line of diagnostics, built without stdio and written with one
   write(2).  */
struct mc_line {
	char buf[1024];			/* the text, not NUL-terminated */
	size_t len;			/* bytes of buf in use */
};
void mc_line_str (struct mc_line *l, const char *s) MC_HIDDEN;
void mc_line_u64 (struct mc_line *l, uint64_t v) MC_HIDDEN;
void mc_line_hex (struct mc_line *l, uint64_t v) MC_HIDDEN;
void mc_line_errno (struct mc_line *l, int err) MC_HIDDEN;
void mc_line_write (struct mc_line *l) MC_HIDDEN;
/* Starts a part of the line at exit: "libgmon: " if *FIRST (then
   false), else "; ".  */
void mc_line_part (struct mc_line *l, bool *first) MC_HIDDEN;
/* "libgmon: AREA: " then the text, for GMON_DEBUG.  */
void mc_debug (const char *area, const char *text) MC_HIDDEN;

/* Problems are kept as they happen and reported together, in one line,
   when the profile is written at exit.  */
enum mc_problem {
	MC_PROB_OUTPUT,			/* the file could not be written */
	MC_PROB_SAMPLER,		/* no clock, or a worse one */
	MC_PROB_RATE,			/* the rate asked was not reached */
	MC_PROB_ENV,			/* a GMON_* value was ignored */
	MC_PROB_COUNT
};
void mc_problem (enum mc_problem p, const char *text) MC_HIDDEN;
/* Writes the line (lost arcs included) if there is anything to say.  */
void mc_report (void) MC_HIDDEN;

#endif /* MCOUNT_LINUX_MSGLINE_H */
