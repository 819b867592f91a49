/* debugpkg.c - which package installed a file: the one whose
   debugging symbols package would give a stripped object its symbols.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Debian's dpkg lists the files of each installed package in
   /var/lib/dpkg/info/PACKAGE[:ARCH].list, one path a line; the
   package of a file is the one whose list has it (what `dpkg -S'
   answers, without running it).  The lists name a file by the path
   the package ships, which after the /usr merge may not be the one
   the loader used (/lib/x86_64-linux-gnu/libz.so.1 is
   /usr/lib/x86_64-linux-gnu/libz.so.1), so the path, its real path
   and each one's other side of the merge are looked for.  Elsewhere
   (no dpkg) nothing is found, and the caller says so.  */

#include <config.h>

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <libiberty/libiberty.h>

#include "gmon/gmon.h"
#include "gprof/symbols/debugpkg.h"

#define DPKG_INFO	"/var/lib/dpkg/info"

/* No list of a real package comes near this.  */
#define LIST_MAX	(64u << 20)

/* The directories the /usr merge made links of.  */
static const char *const merged[] = {
	"/bin/", "/sbin/", "/lib/", "/lib32/", "/lib64/", "/libx32/"
};

/* PATH and its other side of the /usr merge (or NULL) into C[0..1].  */
static void
merge_sides (const char *path, char **c)
{
	size_t i;

	c[0] = xstrdup (path);
	c[1] = NULL;
	for (i = 0; i < sizeof merged / sizeof *merged; i++) {
		size_t len = strlen (merged[i]);

		if (strncmp (path, merged[i], len) == 0)
			c[1] = concat ("/usr", path, NULL);
		else if (strncmp (path, "/usr", 4) == 0
			 && strncmp (path + 4, merged[i], len) == 0)
			c[1] = xstrdup (path + 4);
	}
}

/* The contents of the list NAME of directory DIR (regular files
   only), NUL-terminated, or NULL; *LEN its length.  */
static char *
read_list (const char *dir, const char *name, size_t *len)
{
	char *path = concat (dir, "/", name, NULL), *buf = NULL;
	const char *kind;
	struct stat st;
	size_t got = 0;
	int fd = gmon_open_regular (path, &kind);

	free (path);
	if (fd < 0)
		return NULL;
	if (fstat (fd, &st) == 0 && st.st_size > 0
	    && (uint64_t) st.st_size < LIST_MAX) {
		buf = xmalloc ((size_t) st.st_size + 2);
		buf[0] = '\n';	/* every path is then "\nPATH\n" */
		while (got < (size_t) st.st_size) {
			ssize_t r = read (fd, buf + 1 + got,
					  (size_t) st.st_size - got);

			if (r <= 0)
				break;
			got += (size_t) r;
		}
		buf[1 + got] = '\0';
		*len = got + 1;
	}
	close (fd);
	return buf;
}

/* Whether the list BUF (LEN bytes from a newline, NUL-terminated: a
   list is text) has the line PAT ("\nPATH\n"), or PATH as its last
   line without a newline.  */
static bool
has_line (const char *buf, size_t len, const char *pat, size_t plen)
{
	if (strstr (buf, pat))
		return true;
	return len >= plen - 1 && memcmp (buf + len - (plen - 1), pat,
					  plen - 1) == 0;
}

char *
debugpkg_owner (const char *path)
{
	char *cand[4], *pat[4], *found = NULL;
	char *real = lrealpath (path);
	size_t plen[4], n = 0, i;
	struct dirent *d;
	DIR *dir;

	merge_sides (path, cand);
	merge_sides (real, cand + 2);
	free (real);
	for (i = 0; i < 4; i++)
		if (cand[i]) {
			pat[n] = concat ("\n", cand[i], "\n", NULL);
			plen[n] = strlen (pat[n]);
			n++;
			free (cand[i]);
		}
	dir = opendir (DPKG_INFO);
	while (dir && !found && (d = readdir (dir))) {
		size_t len = strlen (d->d_name), blen;
		char *buf;

		if (len <= 5 || strcmp (d->d_name + len - 5, ".list") != 0)
			continue;
		buf = read_list (DPKG_INFO, d->d_name, &blen);
		for (i = 0; buf && i < n && !found; i++)
			if (has_line (buf, blen, pat[i], plen[i])) {
				/* PACKAGE[:ARCH].list */
				found = xstrndup (d->d_name, len - 5);
				found[strcspn (found, ":")] = '\0';
			}
		free (buf);
	}
	if (dir)
		closedir (dir);
	for (i = 0; i < n; i++)
		free (pat[i]);
	return found;
}
