/* fds.c - the descriptors libgmon opens are never 0, 1 or 2.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   A program may run with its standard input, output or error closed (a
   daemon does), and a thread of its may write to descriptor 2 at any
   time: an error message, a log line.  open(2) returns the lowest free
   number, so a file libgmon opened then would be 2, and the program's
   bytes would go into it (185 KB of them into the object directory's
   lock file, measured; 8 profiles of 50 made unreadable); a read of
   descriptor 0 would read libgmon's file.  Opening and then moving the
   descriptor up leaves the moment in between open to the same.

   So the free numbers among 0, 1 and 2 are first filled with
   placeholders, descriptors of "/" opened with O_PATH, on which read
   and write fail with EBADF as on a closed descriptor; libgmon's own
   descriptor then gets 3 or more, and the placeholders are closed
   again (only if they still are ours: the program may have closed one
   and opened something else meanwhile).  When nothing is free, that
   costs one open and one close of "/".  Everything here is
   async-signal-safe: the SIGPROF handler and the dump after a fatal
   signal open files too.  */

#define _GNU_SOURCE 1
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "mcount/linux/runtime.h"

void
mc_lowfds_fill (struct mc_lowfds *g)
{
	g->n = 0;
	while (g->n < 3) {
		int fd = open ("/", O_PATH | O_DIRECTORY | O_CLOEXEC);

		if (fd < 0)
			break;
		if (fd > 2) {
			close (fd);	/* nothing below 3 was free */
			break;
		}
		g->fd[g->n++] = fd;
	}
}

void
mc_lowfds_free (struct mc_lowfds *g)
{
	while (g->n > 0) {
		int fd = g->fd[--g->n];
		int fl = fcntl (fd, F_GETFL);

		if (fl >= 0 && (fl & O_PATH))
			close (fd);
	}
}

int
mc_open (int dirfd, const char *path, int flags, mode_t mode)
{
	struct mc_lowfds g;
	int fd, err;

	mc_lowfds_fill (&g);
	fd = openat (dirfd, path, flags | O_CLOEXEC, mode);
	if (fd >= 0 && fd < 3) {
		/* Placeholders failed (out of descriptors?): move it,
		   as the next best.  */
		int hi = fcntl (fd, F_DUPFD_CLOEXEC, 3);

		close (fd);
		fd = hi;
	}
	err = errno;			/* the caller's: why it failed */
	mc_lowfds_free (&g);
	errno = err;
	return fd;
}
