/* replace.h - a file the analyser writes, replaced whole.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Every file gprof writes (gmon.sum, each --export file, -y's
   listings) is written under a temporary name beside it and renamed
   over it once every byte is written, as libgmon writes gmon.out: a
   disk that fills up leaves the previous file as it was, and a
   symbolic link in its place is replaced, never written through.
   Anything else that is not a regular file there (a FIFO, a device, a
   directory) is refused, never opened.  */

#ifndef GPROF_REPLACE_H
#define GPROF_REPLACE_H

struct gp_replace {
	char *path;			/* the file to replace */
	char *tmp;			/* the temporary beside it, or NULL */
	int fd;				/* open on tmp for writing; -1
					   once the caller closed it */
};

/* Creates the temporary file beside PATH: 0, with R->fd open for
   writing; or -1, with *WHY (malloc'd) saying why not ("a FIFO, not a
   regular file: not replaced", "cannot create a temporary file beside
   it (DIR/.NAME.XXXX.tmp): ..."), R->path left for the caller's
   message (it frees it).  */
int gp_replace_start (struct gp_replace *r, const char *path, char **why);

/* The same, exiting with "gprof: PATH: WHY" if it cannot.  */
void gp_replace_open (struct gp_replace *r, const char *path);

/* With ERR 0: closes the temporary (unless R->fd is -1) and renames
   it over PATH: 0.  Otherwise (writing failed with errno ERR), or if
   closing or renaming fails: removes the temporary, -1 with *WHY
   (malloc'd): "cannot write: ERROR", R->path left for the caller's
   message (it frees it).  */
int gp_replace_finish (struct gp_replace *r, int err, char **why);

/* The same, exiting with "gprof: PATH: cannot write: ..." on
   failure.  */
void gp_replace_commit (struct gp_replace *r, int err);

#endif /* GPROF_REPLACE_H */
