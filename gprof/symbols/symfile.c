/* symfile.c - the symbol files a user gives: -S's nm listing instead
   of the executable's symbols, -R's map of functions to object files.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Both are read as GNU gprof reads them (its sscanf of "%s %c %s"),
   without libbfd.  */

#include <config.h>

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <libiberty/libiberty.h>

#include "gprof/symbols/symfile.h"
#include "gprof/util/msort.h"
#include "gprof/util/util.h"

/* Reads one line of F into *BUF; false at the end of the file.  */
static bool
read_line (FILE *f, char **buf, size_t *cap)
{
	ssize_t got = getline (buf, cap, f);

	if (got < 0)
		return false;
	if (got > 0 && (*buf)[got - 1] == '\n')
		(*buf)[got - 1] = '\0';
	return true;
}

/* Splits "ADDRESS TYPE NAME" the way GNU gprof's sscanf("%s %c %s")
   does: the type is the one character after the address, the name
   the next word.  */
static char *
skip_space (char *p)
{
	while (isspace ((unsigned char) *p))
		p++;
	return p;
}

static char *
skip_word (char *p)
{
	while (*p && !isspace ((unsigned char) *p))
		p++;
	return p;
}

static bool
split_nm_line (char *line, char **addr, char *type, char **name)
{
	char *p = skip_space (line);

	if (!*p)
		return false;
	*addr = p;
	p = skip_word (p);
	if (!*p)
		return false;
	*p = '\0';
	p = skip_space (p + 1);
	if (!*p)
		return false;
	*type = *p;
	p = skip_space (p + 1);
	if (!*p)
		return false;
	*name = p;
	*skip_word (p) = '\0';
	return true;
}

struct sym *
symfile_read_syms (const char *path, size_t *n, char **names_out)
{
	FILE *f = fopen (path, "r");
	char *line = NULL, *names = NULL;
	size_t cap = 0, len = 0, vcap = 0, nlen = 0, ncap = 0, i;
	unsigned long lineno = 0;
	struct sym *v = NULL;
	struct stat sb;
	bool fixed = false;

	if (!f)
		gp_fatal (path, "%s", strerror (errno));
	/* Names go into one arena; the symbols point into it once it has
	   stopped moving.  A regular file's names fit in its size, so
	   they are where they stay from the start; the symbols get room
	   for a line of 16 bytes each (nm's are 20 and more), so the
	   array is not copied as it grows -- for a million symbols, each
	   copy is 136 MB.  Pages never written cost nothing.  */
	if (fstat (fileno (f), &sb) == 0 && S_ISREG (sb.st_mode)
	    && sb.st_size > 0 && (uint64_t) sb.st_size < SIZE_MAX / 2) {
		ncap = (size_t) sb.st_size + 1;
		names = xmalloc (ncap);
		vcap = (size_t) sb.st_size / 16 + 16;
		v = XNEWVEC (struct sym, vcap);
		fixed = true;
	}
	while (read_line (f, &line, &cap)) {
		char *addr, *name, *end;
		char type;
		size_t l;

		lineno++;
		if (!split_nm_line (line, &addr, &type, &name))
			continue;
		if (type != 't' && type != 'T')
			continue;
		if (len == vcap) {
			vcap = vcap ? vcap * 2 : 1024;
			v = xrealloc (v, vcap * sizeof *v);
		}
		sym_init (&v[len]);
		errno = 0;
		v[len].addr = strtoull (addr, &end, 16);
		if (*end || errno)
			gp_fatal (path, "line %lu: `%s' is not a hexadecimal "
				  "address", lineno, addr);
		v[len].is_func = true;
		v[len].is_static = type == 't';
		l = strlen (name) + 1;
		if (nlen + l > ncap) {
			/* The file grew while being read.  */
			if (fixed) {
				for (i = 0; i < len; i++)
					v[i].name = (const char *) (uintptr_t)
						(v[i].name - names);
				fixed = false;
			}
			ncap = (nlen + l) * 2;
			names = xrealloc (names, ncap);
		}
		memcpy (names + nlen, name, l);
		v[len].name = fixed ? names + nlen
			: (const char *) (uintptr_t) nlen;
		nlen += l;
		len++;
	}
	free (line);
	fclose (f);
	if (len == 0)
		gp_fatal (path, "has no symbols (no lines of type t or T)");
	for (i = 0; !fixed && i < len; i++)
		v[i].name = names + (uintptr_t) v[i].name;
	*names_out = names;
	*n = len;
	return v;
}

static int
cmp_map_func (const void *a, const void *b, void *arg)
{
	(void) arg;
	return strcmp (((const struct fmap_entry *) a)->func,
		       ((const struct fmap_entry *) b)->func);
}

void
symfile_read_map (const char *path, struct fmap *map)
{
	FILE *f = fopen (path, "r");
	char *line = NULL, *prev_file = NULL;
	size_t cap = 0, n = 0, vcap = 0, i;
	unsigned long lineno = 0;
	struct fmap_entry *v = NULL, *sorted;
	void **ptrs;

	if (!f)
		gp_fatal (path, "%s", strerror (errno));
	while (read_line (f, &line, &cap)) {
		char *colon, *space;

		lineno++;
		if (!line[0] || strncmp (line, "No symbols in ", 14) == 0)
			continue;
		colon = strchr (line, ':');
		space = strrchr (line, ' ');
		if (!colon || colon == line || !space || space < colon)
			gp_fatal (path, "line %lu: not `FILE.o:ADDRESS TYPE "
				  "NAME' as nm --print-file-name prints",
				  lineno);
		if (n == vcap) {
			vcap = vcap ? vcap * 2 : 256;
			v = xrealloc (v, vcap * sizeof *v);
		}
		v[n].file = xstrndup (line, (size_t) (colon - line));
		v[n].func = xstrdup (space + 1);
		/* The first function of each run of one file stands for
		   the file.  */
		v[n].is_first = !prev_file || strcmp (prev_file, v[n].file);
		prev_file = v[n].file;
		n++;
	}
	free (line);
	fclose (f);

	ptrs = XNEWVEC (void *, n ? n : 1);
	for (i = 0; i < n; i++)
		ptrs[i] = &v[i];
	msort_ptrs (ptrs, n, cmp_map_func, NULL);
	sorted = XNEWVEC (struct fmap_entry, n ? n : 1);
	for (i = 0; i < n; i++)
		sorted[i] = *(struct fmap_entry *) ptrs[i];
	free (ptrs);
	free (v);
	map->v = sorted;
	map->n = n;
}

void
symfile_free_map (struct fmap *map)
{
	size_t i;

	for (i = 0; i < map->n; i++) {
		free (map->v[i].file);
		free (map->v[i].func);
	}
	free (map->v);
	map->v = NULL;
	map->n = 0;
}
