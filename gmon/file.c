/* file.c - opening a file that something else named.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   A companion names files (the objects' classic files, the vDSO's
   image), and so do an executable's debug link and its line tables
   (sources): a FIFO planted under such a name would block the reader
   forever in open(2) or read(2), and a device would be read without
   end.  Such names are opened here without waiting (O_NONBLOCK, which
   a FIFO without a writer returns from at once) and refused unless
   they are regular files.  Files the user names on the command line
   are opened as they are: a FIFO there is a pipe the user meant.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gmon/gmon.h"

const char *
gmon_file_kind (unsigned int mode)
{
	switch (mode & S_IFMT) {
	case S_IFREG:
		return "a regular file";
	case S_IFDIR:
		return "a directory";
	case S_IFIFO:
		return "a FIFO";
	case S_IFCHR:
		return "a character device";
	case S_IFBLK:
		return "a block device";
	case S_IFSOCK:
		return "a socket";
	case S_IFLNK:
		return "a symbolic link";
	default:
		return "not a regular file";
	}
}

int
gmon_open_regular (const char *path, const char **kind)
{
	struct stat st;
	int fd, flags;

	*kind = NULL;
	fd = open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
	if (fd < 0)
		return -1;
	if (fstat (fd, &st) < 0) {
		int e = errno;

		close (fd);
		errno = e;
		return -1;
	}
	if (!S_ISREG (st.st_mode)) {
		*kind = gmon_file_kind (st.st_mode);
		close (fd);
		errno = 0;
		return -1;
	}
	/* Reads of a regular file never wait anyway; the flag goes so
	   that whoever gets the descriptor sees an ordinary one.  */
	flags = fcntl (fd, F_GETFL);
	if (flags >= 0)
		fcntl (fd, F_SETFL, flags & ~O_NONBLOCK);
	return fd;
}
