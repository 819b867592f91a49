/* source.c - finding source files, and naming the -y listings.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   The search is GNU gprof's: a file named by an absolute path is
   opened as it is; one named by a relative path is tried as it is
   (from the current directory), then under each directory of -I and
   GPROF_PATH in order; if none has it, each of those directories is
   tried again with the base name alone (so `-I ../moved' finds a
   source tree that moved).  An absolute path that does not open goes
   straight to that last step.

   The listings of -y go to the current directory.  GNU gprof names
   each `BASENAME-ann', so two sources with one base name (util.c in
   two directories) write the same file, the second over the first.
   Here a listing is `BASENAME-ann' when no other listing of the run
   has that base name; the sources that share one are named by as many
   of their last path components as it takes to tell them apart,
   joined by `#' (the separator gcov uses for the same purpose):
   `a#util.c-ann' and `b#util.c-ann' for a/util.c and b/util.c.  */

#include <config.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libiberty/libiberty.h>

#include "gmon/gmon.h"
#include "gprof/report/source.h"

static const char *
base_name (const char *path)
{
	const char *slash = strrchr (path, '/');

	return slash ? slash + 1 : path;
}

/* Reads all of PATH into *BUF; false (errno set) if it cannot, or
   (*KIND set, errno 0) if it is not a regular file: the line tables
   name the sources, and a FIFO under such a name would never end.  */
static bool
slurp (const char *path, char **buf, size_t *len, const char **kind)
{
	int fd = gmon_open_regular (path, kind);
	size_t cap = 1 << 16, n = 0, got;
	FILE *f;
	char *b;

	if (fd < 0)
		return false;
	f = fdopen (fd, "rb");
	if (!f) {
		int e = errno;

		close (fd);
		errno = e;
		return false;
	}
	b = xmalloc (cap);
	while ((got = fread (b + n, 1, cap - n, f)) > 0) {
		n += got;
		if (n == cap) {
			cap *= 2;
			b = xrealloc (b, cap);
		}
	}
	if (ferror (f)) {
		int e = errno;

		fclose (f);
		free (b);
		errno = e ? e : EIO;
		return false;
	}
	fclose (f);
	*buf = b;
	*len = n;
	return true;
}

bool
source_read (const struct options *opt, const char *name, char **buf,
	     size_t *len, char **found, int *err, const char **kind)
{
	const char *base = strrchr (name, '/'), *k;
	size_t i;
	int pass;

	*err = ENOENT;
	*kind = NULL;
	if (slurp (name, buf, len, &k)) {
		*found = xstrdup (name);
		return true;
	}
	if (k)
		*kind = k;
	else if (errno != ENOENT)
		*err = errno;
	/* A relative name under each directory, then (if it has a
	   directory part, or is absolute) its base name.  */
	for (pass = name[0] == '/' ? 1 : 0; pass < 2; pass++) {
		const char *tail = pass == 0 ? name : base ? base + 1 : NULL;

		if (!tail)
			break;
		for (i = 0; i < opt->nsearch; i++) {
			char *path = concat (opt->search_dirs[i], "/", tail,
					     (char *) NULL);

			if (slurp (path, buf, len, &k)) {
				*found = path;
				return true;
			}
			if (k)
				*kind = k;
			else if (errno != ENOENT)
				*err = errno;
			free (path);
		}
	}
	return false;
}

/* The components of PATH (its non-empty parts between slashes).  */
static size_t
components (const char *path, const char **start, size_t *len,
	    size_t max)
{
	const char *p = path;
	size_t n = 0;

	while (*p) {
		const char *s;

		while (*p == '/')
			p++;
		if (!*p)
			break;
		s = p;
		while (*p && *p != '/')
			p++;
		if (n < max) {
			start[n] = s;
			len[n] = (size_t) (p - s);
		}
		n++;
	}
	return n;
}

/* The last K components of PATH, joined by '#', then "-ann".  */
static char *
tail_name (const char *path, size_t k)
{
	size_t max = strlen (path) / 2 + 1, n, i, size = 5;
	const char **start = XNEWVEC (const char *, max);
	size_t *len = XNEWVEC (size_t, max);
	char *out, *q;

	n = components (path, start, len, max);
	if (k > n)
		k = n;
	for (i = n - k; i < n; i++)
		size += len[i] + 1;
	q = out = xmalloc (size);
	for (i = n - k; i < n; i++) {
		if (i > n - k)
			*q++ = '#';
		memcpy (q, start[i], len[i]);
		q += len[i];
	}
	strcpy (q, "-ann");
	free (start);
	free (len);
	return out;
}

char **
source_listing_names (const char *const *paths, size_t n)
{
	char **out = XCNEWVEC (char *, n + 1);
	size_t i, j;

	for (i = 0; i < n; i++) {
		const char *b = base_name (paths[i]);
		bool shared = false;
		size_t k;

		for (j = 0; j < n && !shared; j++)
			shared = j != i && strcmp (b, base_name (paths[j])) == 0;
		if (!shared) {
			out[i] = concat (b, "-ann", (char *) NULL);
			continue;
		}
		/* As many trailing components as tell it from the others
		   with its base name.  */
		for (k = 2; k <= components (paths[i], NULL, NULL, 0); k++) {
			bool clash = false;

			for (j = 0; j < n && !clash; j++) {
				char *a, *c;

				if (j == i
				    || strcmp (b, base_name (paths[j])) != 0)
					continue;
				a = tail_name (paths[i], k);
				c = tail_name (paths[j], k);
				clash = strcmp (a, c) == 0;
				free (a);
				free (c);
			}
			if (!clash)
				break;
		}
		out[i] = tail_name (paths[i], k);
	}
	/* A name that is still shared (paths that differ only in their
	   slashes, or a listing named like another's tail): a number
	   after the later ones.  */
	for (i = 1; i < n; i++) {
		bool again = true;

		while (again) {
			again = false;
			for (j = 0; j < i && !again; j++)
				again = strcmp (out[i], out[j]) == 0;
			if (again) {
				char num[32];
				char *t;

				snprintf (num, sizeof num, ".%zu", i);
				t = concat (out[i], num, (char *) NULL);
				free (out[i]);
				out[i] = t;
			}
		}
	}
	return out;
}
