/* replace.h - a file the analyser writes, replaced whole.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   gmon.sum is written under a temporary name beside it and renamed
   over it once every byte is written, as libgmon writes gmon.out: a
   disk that fills up leaves the previous file as it was, and a
   symbolic link in its place is replaced, never written through.  */

#ifndef GPROF_REPLACE_H
#define GPROF_REPLACE_H

struct gp_replace {
	char *path;			/* the file to replace */
	char *tmp;			/* the temporary beside it, or NULL */
	int fd;				/* open on tmp for writing, or -1 */
};

/* Creates the temporary file beside PATH; exits with a message
   ("gprof: PATH: ...") if it cannot.  R->fd is then open for
   writing.  */
void gp_replace_open (struct gp_replace *r, const char *path);

/* With ERR 0: closes the temporary and renames it over PATH.
   Otherwise (writing failed with errno ERR), or if closing or
   renaming fails: removes the temporary and exits with "gprof: PATH:
   cannot write: ...".  */
void gp_replace_commit (struct gp_replace *r, int err);

#endif /* GPROF_REPLACE_H */
