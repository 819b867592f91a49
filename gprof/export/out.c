/* output.c - where an export is written: a file, standard output, or
   either of them through gzip.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Errors are remembered and reported once, when the output is closed,
   with the file's name: a full disk shows up there, not as a short
   file.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libiberty/libiberty.h>

#include "gprof/export/private.h"
#include "gprof/util/util.h"

static bool
is_stdout (const char *path)
{
	return strcmp (path, "-") == 0;
}

static const char *
shown_path (const struct out *o)
{
	return is_stdout (o->path) ? "(standard output)" : o->path;
}

void
out_open (struct out *o, const char *path, bool gzip, bool fast)
{
	int fd;

	memset (o, 0, sizeof *o);
	o->path = path;
	o->file.fd = -1;
	if (is_stdout (path)) {
		fflush (stdout);
		if (!gzip) {
			o->f = stdout;
			return;
		}
		fd = dup (STDOUT_FILENO);
	} else {
		gp_replace_open (&o->file, path);
		fd = o->file.fd;
	}
	if (fd < 0 || (gzip ? !(o->gz = gzdopen (fd, fast ? "wb1" : "wb9"))
		       : !(o->f = fdopen (fd, "w"))))
		gp_fatal (shown_path (o), "cannot write: %s", strerror (errno));
}

/* The first failure's errno, for the message at out_close.  */
static void
out_failed (struct out *o, int err)
{
	if (!o->failed)
		o->err = err;
	o->failed = true;
}

void
out_write (struct out *o, const char *s, size_t n)
{
	if (o->failed || n == 0)
		return;
	if (o->gz) {
		/* gzwrite() takes an unsigned count.  */
		while (n > 0) {
			unsigned int k = n > (1u << 30) ? 1u << 30
				: (unsigned int) n;
			int zerr;

			errno = 0;
			if (gzwrite (o->gz, s, k) != (int) k) {
				gzerror (o->gz, &zerr);
				out_failed (o, zerr == Z_ERRNO ? errno : 0);
				return;
			}
			s += k;
			n -= k;
		}
	} else if (fwrite (s, 1, n, o->f) != n) {
		out_failed (o, errno);
	}
}

void
out_put (void *o, const char *s, size_t n)
{
	out_write (o, s, n);
}

void
out_puts (struct out *o, const char *s)
{
	out_write (o, s, strlen (s));
}

void
out_printf (struct out *o, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start (ap, fmt);
	n = vsnprintf (o->buf, o->cap, fmt, ap);
	va_end (ap);
	if (n < 0) {
		o->failed = true;
		return;
	}
	if ((size_t) n >= o->cap) {
		o->cap = (size_t) n + 256;
		o->buf = xrealloc (o->buf, o->cap);
		va_start (ap, fmt);
		vsnprintf (o->buf, o->cap, fmt, ap);
		va_end (ap);
	}
	out_write (o, o->buf, (size_t) n);
}

void
out_close (struct out *o)
{
	bool bad = o->failed;
	int err = o->err;

	if (o->gz) {
		errno = 0;
		if (gzclose (o->gz) != Z_OK) {
			if (!bad)
				err = errno;
			bad = true;
		}
	} else if (o->f == stdout) {
		if (fflush (stdout) != 0 || ferror (stdout))
			bad = true;
	} else if (o->f) {
		if (ferror (o->f))
			bad = true;
		if (fclose (o->f) != 0) {
			if (!bad)
				err = errno;
			bad = true;
		}
	}
	free (o->buf);
	if (o->file.path) {
		/* The descriptor went with the stream.  */
		o->file.fd = -1;
		gp_replace_commit (&o->file, bad ? (err ? err : EIO) : 0);
	} else if (bad) {
		gp_fatal (shown_path (o), "cannot write the export");
	}
	memset (o, 0, sizeof *o);
}
