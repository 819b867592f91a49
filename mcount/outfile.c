/* outfile.c - how libgmon writes a file: its name, a temporary
   renamed over it, relative to a descriptor of its directory.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   The names.  The profile is DIR/STEM[.PID[.N]]: STEM is gmon.out in
   the directory the program started in, or GMON_OUT_PREFIX; .PID is
   added with a prefix (glibc's rule) and in a fork child; .N counts
   the programs this process exec'd before the one writing (so that
   none overwrites another's).  Its objects go to DIR/STEM-objs[.PID
   [.N]]: the "-objs" comes before the numbers, so that `gmon.out.*'
   and `PREFIX.*', which people glob to sum a program's profiles, never
   take them in.

   Each file is written under a temporary name in its directory and
   renamed over the old one: a reader never sees half a file, and a
   symbolic link in the way is replaced, not followed.  The files are
   made relative to a descriptor of their directory (openat,
   renameat), so that nothing renamed meanwhile sends them elsewhere.

   A set-uid or set-gid program (AT_SECURE) writes where it started,
   under glibc's name (its environment is not read), and only if the
   user who ran it owns that directory: it may not be made to write or
   replace files where that user could not.

   Every descriptor a dump opens is kept in a list, which a child
   forked in the middle of a dump closes (mc_fd_forget).  Nothing here
   allocates or uses stdio: this runs at exit and in signal
   handlers.  */

#define _GNU_SOURCE 1
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>		/* renameat */
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gmon/gmonx.h"
#include "mcount/dump.h"

static unsigned char mc_wbuf[1 << 16];	/* the writer's buffer, under the
					   dump lock */
/* The descriptors a dump has open (directories, the lock, files): a
   child forked in the middle closes them (mc_fd_forget), or it would
   hold the lock, and the files, for as long as it lives.  -1: free.  */
static int mc_dump_fds[8] = { -1, -1, -1, -1, -1, -1, -1, -1 };

/* ------------------------------------------------------------------ */
/* Names */

int
mc_output_names (char *path, char *dir)
{
	char suffix[64], *s = suffix, *send = suffix + sizeof suffix - 1;
	char *p = path, *end = path + MC_PATH_MAX - 1;
	char stem[MC_PATH_MAX], *q = stem, *qend = stem + sizeof stem - 1;

	if (mc_config.prefix[0]) {
		q = mc_put_str (q, qend, mc_config.prefix);
	} else {
		if (mc_config.cwd[0]) {
			q = mc_put_str (q, qend, mc_config.cwd);
			if (q > stem && q[-1] != '/')
				q = mc_put_str (q, qend, "/");
		}
		q = mc_put_str (q, qend, "gmon.out");
	}
	*q = '\0';
	if (mc_config.prefix[0] || mc_forked () || mc_config.image) {
		s = mc_put_str (s, send, ".");
		s = mc_put_num (s, send, (uint64_t) getpid ());
		if (mc_config.image) {
			s = mc_put_str (s, send, ".");
			s = mc_put_num (s, send, mc_config.image);
		}
	}
	*s = '\0';
	p = mc_put_str (p, end, stem);
	p = mc_put_str (p, end, suffix);
	if (p >= end)
		return ENAMETOOLONG;
	*p = '\0';
	if (dir) {
		p = mc_put_str (dir, dir + MC_PATH_MAX - 1, stem);
		p = mc_put_str (p, dir + MC_PATH_MAX - 1, GMONX_OBJDIR_SUFFIX);
		p = mc_put_str (p, dir + MC_PATH_MAX - 1, suffix);
		if (p >= dir + MC_PATH_MAX - 1)
			return ENAMETOOLONG;
		*p = '\0';
	}
	return 0;
}

int
mc_output_path (char *path)
{
	return mc_output_names (path, NULL);
}

/* .NAME.PID.tmp for NAME: in the same directory, so that rename stays
   atomic; a dot file, so a leftover does not match the gmon.out.* of a
   script that sums profiles.  */
static int
temp_name (char *tmp, const char *name)
{
	char *p = tmp, *end = tmp + MC_NAME_BUF - 1;

	p = mc_put_str (p, end, ".");
	p = mc_put_str (p, end, name);
	p = mc_put_str (p, end, ".");
	p = mc_put_num (p, end, (uint64_t) getpid ());
	p = mc_put_str (p, end, ".tmp");
	if (p >= end)
		return ENAMETOOLONG;
	*p = '\0';
	return 0;
}

/* ------------------------------------------------------------------ */
/* Descriptors */

int
mc_fd_keep (int fd)
{
	size_t i;

	for (i = 0; fd >= 0 && i < sizeof mc_dump_fds / sizeof *mc_dump_fds;
	     i++) {
		int expect = -1;

		if (__atomic_compare_exchange_n (&mc_dump_fds[i], &expect, fd,
						 false, __ATOMIC_RELAXED,
						 __ATOMIC_RELAXED))
			break;
	}
	return fd;
}

int
mc_fd_close (int fd)
{
	size_t i;

	if (fd < 0)
		return 0;
	for (i = 0; i < sizeof mc_dump_fds / sizeof *mc_dump_fds; i++) {
		int expect = fd;

		if (__atomic_compare_exchange_n (&mc_dump_fds[i], &expect, -1,
						 false, __ATOMIC_RELAXED,
						 __ATOMIC_RELAXED))
			break;
	}
	return close (fd);
}

void
mc_fd_forget (void)
{
	size_t i;

	for (i = 0; i < sizeof mc_dump_fds / sizeof *mc_dump_fds; i++)
		if (mc_dump_fds[i] >= 0) {
			close (mc_dump_fds[i]);
			mc_dump_fds[i] = -1;
		}
}

/* ------------------------------------------------------------------ */
/* Files */

int
mc_write_fd (int fd, mc_body_fn *body, void *ctx)
{
	struct gmon_writer w;
	struct gmon_target t;

	gmon_target_native (&t);
	gmon_writer_init (&w, fd, mc_wbuf, sizeof mc_wbuf, &t);
	if (body (&w, ctx) == 0)
		gmon_writer_flush (&w);
	return w.error;
}

/* A set-uid program's profile belongs to the user who ran it, who
   owns the directory (secure_dir) and would otherwise hold a file of
   root's.  */
static void
give_to_user (int fd)
{
	if (fchown (fd, getuid (), getgid ()) == 0)
		return;
	/* A set-gid program may not: the file stays the program's.  */
}

int
mc_write_at (int dirfd, const char *name, mc_body_fn *body, void *ctx,
	     char *tmp_failed)
{
	char tmp[MC_NAME_BUF];
	int fd, err, tries;

	err = temp_name (tmp, name);
	if (err)
		return err;
	for (tries = 0;; tries++) {
		fd = mc_open (dirfd, tmp, O_WRONLY | O_CREAT | O_EXCL
			      | O_NOFOLLOW, 0666);
		if (fd >= 0)
			break;
		/* A leftover of a process with our PID that died
		   writing: ours now.  */
		if (errno != EEXIST || tries > 0
		    || unlinkat (dirfd, tmp, 0) < 0) {
			err = errno;
			if (tmp_failed)
				strcpy (tmp_failed, tmp);
			return err;
		}
	}
	mc_fd_keep (fd);
	if (mc_config.secure)
		give_to_user (fd);
	err = mc_write_fd (fd, body, ctx);
	if (mc_fd_close (fd) < 0 && !err)
		err = errno;
	if (!err && renameat (dirfd, tmp, dirfd, name) < 0)
		err = errno;
	if (err)
		unlinkat (dirfd, tmp, 0);
	return err;
}

/* ------------------------------------------------------------------ */
/* Directories */

const char *
mc_base_name (const char *path)
{
	const char *slash = strrchr (path, '/');

	return slash ? slash + 1 : path;
}

/* The path up to the directory is the user's (a link in it is
   followed); only what is made in it is ours.  */
int
mc_open_parent (const char *path)
{
	char dir[MC_PATH_MAX];
	const char *base = mc_base_name (path);
	size_t n = (size_t) (base - path);

	if (n == 0)
		return mc_open (AT_FDCWD, ".", O_RDONLY | O_DIRECTORY, 0);
	if (n > 1)
		n--;			/* the slash, unless it is the root */
	memcpy (dir, path, n);
	dir[n] = '\0';
	return mc_open (AT_FDCWD, dir, O_RDONLY | O_DIRECTORY, 0);
}

int
mc_secure_dir (int dirfd)
{
	struct stat st;

	if (!mc_config.secure)
		return 0;
	if (fstat (dirfd, &st) < 0)
		return errno;
	return st.st_uid == getuid () ? 0 : MC_ERR_SECURE;
}
