/* debuglink.c - the separate debugging file of the executable.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   A stripped program's symbols and lines may be in another file, found
   by its build id under /usr/lib/debug or by the name its
   .gnu_debuglink section gives, beside it, in .debug there or under
   /usr/lib/debug.  libbfd looks for it, opening each candidate with
   fopen(), which waits forever on a FIFO; a program's directory may be
   anybody's (/tmp), so the candidates are looked at first, and a
   debugging file is opened only if each is a regular file or nothing.  */

#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <libiberty/libiberty.h>

#include "gmon/gmon.h"
#include "gprof/symbols/objfile-bfd.h"
#include "gprof/util/util.h"

/* Whether PATH is a regular file or nothing; warns about OF if it is
   something else.  */
static bool
regular_or_absent (const struct objfile *of, const char *path)
{
	struct stat st;

	if (stat (path, &st) != 0 || S_ISREG (st.st_mode))
		return true;
	gp_warn (path, "%s, not a regular file, where the debugging "
		 "information of %s may be: its lines are left out",
		 gmon_file_kind (st.st_mode), of->path);
	return false;
}

/* Whether the places libbfd looks for OF's separate debugging file
   (by build id, then by .gnu_debuglink: beside the program, in .debug
   there, under /usr/lib/debug) hold regular files or nothing: libbfd
   opens each with fopen(), which waits forever on a FIFO, and a
   program's directory may be anybody's (/tmp).  Asked once.  */
static bool
debug_places_regular (struct objfile *of)
{
	static const char *const places[] = {
		"%s%s", "%s.debug/%s", "/usr/lib/debug%s%s",
		"/usr/lib/debug/usr%s%s"
	};
	const struct bfd_build_id *id = of->abfd->build_id;
	char *link, *dir, *canon, *path;
	unsigned long crc;
	bool ok = true;
	size_t i;

	if (of->debug_checked)
		return of->debug_safe;
	of->debug_checked = true;
	if (id && id->size >= 2) {
		char hex[2 * 256 + 1];

		for (i = 0; i < id->size && i < 256; i++)
			sprintf (hex + 2 * i, "%02x", id->data[i]);
		path = xasprintf ("/usr/lib/debug/.build-id/%.2s/%s.debug", hex,
				  hex + 2);
		ok = regular_or_absent (of, path);
		free (path);
	}
	link = ok ? bfd_get_debug_link_info (of->abfd, &crc) : NULL;
	if (link && !strchr (link, '/')) {
		const char *slash = strrchr (of->path, '/');
		char *c;

		dir = xstrndup (of->path, slash ? (size_t) (slash - of->path)
				+ 1 : 0);
		canon = lrealpath (of->path);
		c = strrchr (canon, '/');
		if (c)
			c[1] = '\0';
		for (i = 0; ok && i < sizeof places / sizeof *places; i++) {
			path = xasprintf (places[i], i < 2 ? dir : canon,
					  link);
			ok = regular_or_absent (of, path);
			free (path);
		}
		free (dir);
		free (canon);
	}
	free (link);
	of->debug_safe = ok;
	return ok;
}

struct objfile *
objfile_open_debug (struct objfile *of)
{
	struct objfile *dbg;
	const char *kind;
	char *path;

	if (bfd_get_section_by_name (of->abfd, ".debug_info"))
		return NULL;
	path = NULL;
	if (debug_places_regular (of))
		path = bfd_follow_build_id_debuglink (of->abfd,
						      "/usr/lib/debug");
	if (!path && debug_places_regular (of))
		path = bfd_follow_gnu_debuglink (of->abfd, "/usr/lib/debug");
	if (!path)
		return NULL;
	dbg = XCNEW (struct objfile);
	dbg->path = path;
	dbg->abfd = open_regular_bfd (path, &kind);
	if (!dbg->abfd) {
		gp_warn (path, "%s: its lines are left out",
			 kind ? kind : bfd_errmsg (bfd_get_error ()));
		free (dbg->path);
		free (dbg);
		return NULL;
	}
	dbg->abfd->flags |= BFD_DECOMPRESS;
	if (!bfd_check_format (dbg->abfd, bfd_object)) {
		gp_warn (path, "the debugging file of %s is not an object "
			 "file libbfd knows: its lines are left out", of->path);
		objfile_close (dbg);
		return NULL;
	}
	return dbg;
}


bool
objfile_debug_symbols (struct objfile *of)
{
	struct objfile *dbg = objfile_open_debug (of);
	long bytes;

	if (!dbg)
		return false;
	bytes = bfd_get_symtab_upper_bound (dbg->abfd);
	if (bytes > 0) {
		dbg->syms = xmalloc ((size_t) bytes + sizeof *dbg->syms);
		dbg->nsyms = bfd_canonicalize_symtab (dbg->abfd, dbg->syms);
	}
	dbg->text = bfd_get_section_by_name (dbg->abfd,
					     bfd_section_name (of->text));
	if (dbg->nsyms <= 0 || !dbg->text
	    || bfd_section_vma (dbg->text) != bfd_section_vma (of->text)) {
		objfile_close (dbg);
		return false;
	}
	/* The symbols stay the debugging file's: OF keeps it open.  */
	of->sym_file = dbg;
	of->sym_text = dbg->text;
	free (of->syms);
	of->syms = dbg->syms;
	of->nsyms = dbg->nsyms;
	dbg->syms = NULL;
	return true;
}
