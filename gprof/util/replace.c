/* replace.c - a file the analyser writes, replaced whole.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   The temporary is DIR/.NAME.PID.N.tmp, in the directory of
   DIR/NAME so that rename(2) replaces the old file at once; a dot
   file, so that a glob of gmon.* never takes it in.  It is created
   with O_EXCL (nothing there is opened, a link planted there
   included) and the mode GNU gprof's fopen gives a new file (0666
   less the umask); an existing regular file keeps its permission
   bits, as it would if written in place, and one the user may not
   write is refused, as GNU gprof refuses it.  A temporary left by an
   exit on the way (a message, memory exhausted) is removed at exit.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gprof/util/replace.h"
#include "gprof/util/util.h"

/* The temporary being written, removed if the program exits before
   it is renamed.  */
static char *pending_tmp;

static void
remove_pending (void)
{
	if (pending_tmp)
		unlink (pending_tmp);
}

void
gp_replace_open (struct gp_replace *r, const char *path)
{
	static int registered;
	const char *slash = strrchr (path, '/');
	int dirlen = slash ? (int) (slash - path) + 1 : 0;
	struct stat st;
	int n;

	r->path = xstrdup (path);
	r->tmp = NULL;
	r->fd = -1;
	if (lstat (path, &st) == 0 && S_ISREG (st.st_mode)
	    && access (path, W_OK) != 0)
		gp_fatal (path, "cannot create: %s", strerror (errno));
	if (!registered) {
		atexit (remove_pending);
		registered = 1;
	}
	for (n = 0; n < 100 && r->fd < 0; n++) {
		free (r->tmp);
		r->tmp = xasprintf ("%.*s.%s.%ld.%d.tmp", dirlen, path,
				    path + dirlen, (long) getpid (), n);
		r->fd = open (r->tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW
			      | O_CLOEXEC, 0666);
		if (r->fd < 0 && errno != EEXIST)
			break;
	}
	if (r->fd < 0)
		gp_fatal (path, "cannot create a temporary file beside it "
			  "(%s): %s", r->tmp, strerror (errno));
	pending_tmp = r->tmp;
	/* The permissions an overwritten file would have kept.  */
	if (lstat (path, &st) == 0 && S_ISREG (st.st_mode))
		fchmod (r->fd, st.st_mode & 0777);
}

void
gp_replace_commit (struct gp_replace *r, int err)
{
	if (close (r->fd) < 0 && !err)
		err = errno;
	r->fd = -1;
	if (!err && rename (r->tmp, r->path) < 0)
		err = errno;
	if (err) {
		unlink (r->tmp);
		gp_fatal (r->path, "cannot write: %s", strerror (err));
	}
	pending_tmp = NULL;
	free (r->tmp);
	free (r->path);
	r->tmp = r->path = NULL;
}
