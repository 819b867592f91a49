/* replace.c - a file the analyser writes, replaced whole.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   The temporary is DIR/.NAME.XXXXXXXXXXXX.tmp, in the directory of
   DIR/NAME so that rename(2) replaces the old file at once; a dot
   file, so that a glob of gmon.* never takes it in; its X are random,
   so that no other user of a shared directory can plant something
   under the name beforehand.  It is created with O_EXCL and
   O_NOFOLLOW (nothing there is opened, a link planted there included)
   and the mode GNU gprof's fopen gives a new file (0666 less the
   umask); an existing regular file keeps its permission bits, as it
   would if written in place, and one the user may not write is
   refused, as GNU gprof refuses it.  A temporary left by an exit on
   the way (a message, memory exhausted) is removed at exit: several
   may be open at once (--threads writes its exports side by side).  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "gmon/gmon.h"
#include "gprof/util/replace.h"
#include "gprof/util/util.h"

/* The temporaries being written, removed if the program exits before
   they are renamed.  */
static char **pending;
static size_t npending, cap_pending;

static void
remove_pending (void)
{
	size_t i;

	for (i = 0; i < npending; i++)
		unlink (pending[i]);
}

static void
pend (char *tmp)
{
	static int registered;

	if (!registered) {
		atexit (remove_pending);
		/* A file-size limit (ulimit -f) then fails the write with
		   EFBIG, which is said and the temporary removed, instead
		   of killing gprof with the temporary left behind.  */
		signal (SIGXFSZ, SIG_IGN);
		registered = 1;
	}
	if (npending == cap_pending) {
		cap_pending = cap_pending ? 2 * cap_pending : 4;
		pending = XRESIZEVEC (char *, pending, cap_pending);
	}
	pending[npending++] = tmp;
}

static void
unpend (const char *tmp)
{
	size_t i;

	for (i = 0; i < npending; i++)
		if (pending[i] == tmp) {
			pending[i] = pending[--npending];
			return;
		}
}

/* 48 bits no other user can guess.  */
static unsigned long long
random_bits (void)
{
	static unsigned long long mix;
	unsigned long long v = 0;
	struct timespec ts;

	if (getrandom (&v, sizeof v, GRND_NONBLOCK) != (ssize_t) sizeof v) {
		/* No entropy yet (early boot): the clock's nanoseconds,
		   the pid and what came before.  */
		clock_gettime (CLOCK_MONOTONIC, &ts);
		v = (unsigned long long) ts.tv_nsec * 0x9e3779b97f4a7c15ull
			^ (unsigned long long) getpid () << 32 ^ mix;
	}
	mix = mix * 6364136223846793005ull + v;
	return v & 0xffffffffffffull;
}

int
gp_replace_start (struct gp_replace *r, const char *path, char **why)
{
	const char *slash = strrchr (path, '/');
	int dirlen = slash ? (int) (slash - path) + 1 : 0, n;
	struct stat st;
	bool exists = lstat (path, &st) == 0;

	r->path = xstrdup (path);
	r->tmp = NULL;
	r->fd = -1;
	if (exists && !S_ISREG (st.st_mode) && !S_ISLNK (st.st_mode)) {
		*why = xasprintf ("%s, not a regular file: not replaced",
				  gmon_file_kind (st.st_mode));
		return -1;
	}
	if (exists && S_ISREG (st.st_mode) && access (path, W_OK) != 0) {
		*why = xasprintf ("cannot create: %s", strerror (errno));
		return -1;
	}
	for (n = 0; n < 100 && r->fd < 0; n++) {
		free (r->tmp);
		r->tmp = xasprintf ("%.*s.%s.%012llx.tmp", dirlen, path,
				    path + dirlen, random_bits ());
		r->fd = open (r->tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW
			      | O_CLOEXEC, 0666);
		if (r->fd < 0 && errno != EEXIST)
			break;
	}
	if (r->fd < 0) {
		*why = xasprintf ("cannot write (a temporary file beside "
				  "it, %s): %s", r->tmp, strerror (errno));
		free (r->tmp);
		r->tmp = NULL;
		return -1;
	}
	pend (r->tmp);
	/* The permissions an overwritten file would have kept.  */
	if (exists && S_ISREG (st.st_mode))
		fchmod (r->fd, st.st_mode & 0777);
	return 0;
}

void
gp_replace_open (struct gp_replace *r, const char *path)
{
	char *why;

	if (gp_replace_start (r, path, &why) < 0)
		gp_fatal (path, "%s", why);
}

int
gp_replace_finish (struct gp_replace *r, int err, char **why)
{
	if (r->fd >= 0 && close (r->fd) < 0 && !err)
		err = errno;
	r->fd = -1;
	if (!err && rename (r->tmp, r->path) < 0)
		err = errno;
	if (err)
		unlink (r->tmp);
	unpend (r->tmp);
	free (r->tmp);
	r->tmp = NULL;
	if (err) {
		*why = xasprintf ("cannot write: %s", strerror (err));
		return -1;
	}
	free (r->path);
	r->path = NULL;
	return 0;
}

void
gp_replace_commit (struct gp_replace *r, int err)
{
	char *why;

	if (gp_replace_finish (r, err, &why) < 0)
		gp_fatal (r->path, "%s", why);
}
