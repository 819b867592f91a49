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

   Each file is written under a temporary name in its directory
   (temp_open) and renamed over the old one: a reader never sees half
   a file, and a symbolic link in the way is replaced, not followed.  The files are
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
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "gmon/gmonx.h"
#include "mcount/linux/dump.h"

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
   script that sums profiles.  With RANDOM, .NAME.PID.RANDOM.tmp (16
   hex digits): see mc_write_at.  */
static int
temp_name (char *tmp, const char *name, const uint64_t *random)
{
	char *p = tmp, *end = tmp + MC_NAME_BUF - 1;

	p = mc_put_str (p, end, ".");
	p = mc_put_str (p, end, name);
	p = mc_put_str (p, end, ".");
	p = mc_put_num (p, end, (uint64_t) getpid ());
	if (random) {
		int i;

		p = mc_put_str (p, end, ".");
		for (i = 60; i >= 0 && p < end; i -= 4)
			*p++ = "0123456789abcdef"[(*random >> i) & 15];
	}
	p = mc_put_str (p, end, ".tmp");
	if (p >= end)
		return ENAMETOOLONG;
	*p = '\0';
	return 0;
}

/* 64 bits nobody can guess: getrandom(2), else what differs each
   time (the clock, a counter, where the stack is).  */
static uint64_t
unguessable (void)
{
	static uint64_t count;
	struct timespec ts;
	uint64_t x;

	if (syscall (SYS_getrandom, &x, sizeof x, GRND_NONBLOCK)
	    == (long) sizeof x)
		return x;
	clock_gettime (CLOCK_MONOTONIC, &ts);
	x = (uint64_t) ts.tv_nsec ^ ((uint64_t) ts.tv_sec << 30)
		^ (uint64_t) (uintptr_t) &ts
		^ __atomic_add_fetch (&count, 0x9e3779b97f4a7c15u,
				      __ATOMIC_RELAXED);
	x = (x ^ (x >> 31)) * 0xbf58476d1ce4e5b9u;
	return x ^ (x >> 29);
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

/* Random names tried after .NAME.PID.tmp.  */
#define TEMP_RANDOM_TRIES	8

/* Whether NAME in DIRFD is a regular file of this user's (never
   what a link points to).  */
static bool
own_file (int dirfd, const char *name)
{
	struct stat st;

	return fstatat (dirfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0
		&& S_ISREG (st.st_mode) && st.st_uid == geteuid ();
}

/* The temporary: .NAME.PID.tmp, made new.  A file of ours of that
   name in the way is a leftover of a process with our PID that died
   writing, removed.  Anything else, in a directory others may write
   in (a sticky /tmp), is another user's, who may have put it there to
   stop our profile, and is left alone: then a name nobody can guess,
   .NAME.PID.RANDOM.tmp.  Returns its descriptor, or -1 with the errno
   in *ERR and the name last tried in TMP.  */
static int
temp_open (int dirfd, const char *name, char *tmp, int *err)
{
	int fd, tries;

	if ((*err = temp_name (tmp, name, NULL)) != 0)
		return -1;
	for (tries = 0;; tries++) {
		uint64_t r;

		fd = mc_open (dirfd, tmp, O_WRONLY | O_CREAT | O_EXCL
			      | O_NOFOLLOW, 0666);
		if (fd >= 0)
			return fd;
		*err = errno;
		if (*err != EEXIST || tries > TEMP_RANDOM_TRIES)
			return -1;
		if (tries == 0 && own_file (dirfd, tmp)
		    && unlinkat (dirfd, tmp, 0) == 0)
			continue;
		r = unguessable ();
		if ((*err = temp_name (tmp, name, &r)) != 0)
			return -1;
	}
}

int
mc_write_at (int dirfd, const char *name, mc_body_fn *body, void *ctx,
	     char *tmp_failed)
{
	char tmp[MC_NAME_BUF];
	int fd, err;

	fd = temp_open (dirfd, name, tmp, &err);
	if (fd < 0) {
		if (tmp_failed)
			strcpy (tmp_failed, tmp);
		return err;
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
