/* objects.c - gprof --objects: the symbols of the other objects of the
   process, through libbfd.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Each object a companion names (a shared library, the vDSO's saved
   copy) is opened for its symbols only: from the separate debugging
   file its build id names, if the system has one (a distribution's
   full symbol table of a stripped library), else its own symbol
   table, else its dynamic one.  Its functions go into the model at the
   object's place (struct proc_object: link-time address + offset),
   named NAME@OBJECT.  An object that cannot be read is said once and
   left out: its samples and calls go with it.  */

#include <config.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <libiberty/libiberty.h>

#include "gprof/objects.h"
#include "gprof/objfile-bfd.h"
#include "gprof/util/util.h"

/* The separate debugging file of a build id, where a distribution
   keeps the full symbol table of a stripped library
   (/usr/lib/debug/.build-id/xx/rest.debug), or NULL.  */
static char *
debug_file (const unsigned char *id, size_t n)
{
	char *path, *p;
	struct stat st;
	size_t i;

	if (n < 2)
		return NULL;
	path = xmalloc (sizeof "/usr/lib/debug/.build-id/" + 2 * n + 8);
	p = path + sprintf (path, "/usr/lib/debug/.build-id/%02x/", id[0]);
	for (i = 1; i < n; i++)
		p += sprintf (p, "%02x", id[i]);
	strcpy (p, ".debug");
	if (stat (path, &st) == 0 && S_ISREG (st.st_mode))
		return path;
	free (path);
	return NULL;
}

/* Whether ABFD's build id is ID (or nobody knows).  */
static bool
build_id_matches (bfd *abfd, const unsigned char *id, size_t n)
{
	asection *s = bfd_get_section_by_name (abfd, ".note.gnu.build-id");
	unsigned char buf[16 + 64];
	bfd_size_type size;

	if (!s || n == 0)
		return true;
	size = bfd_section_size (s);
	if (size < 16 + n || size > sizeof buf
	    || !bfd_get_section_contents (abfd, s, buf, 0, size))
		return true;
	return memcmp (buf + 16, id, n) == 0;
}

/* PATH opened for its symbols, or NULL, after a warning about OBJ if
   it has data (WARN).  */
static bfd *
open_object (const char *path, const char *obj, bool warn)
{
	const char *kind;
	bfd *abfd = open_regular_bfd (path, &kind);

	if (!abfd) {
		/* A companion names it: something else than a regular
		   file there is as good as a missing one.  */
		if (kind)
			gp_warn (obj, "--objects: %s: %s, not a regular "
				 "file: its samples and calls are left out",
				 path, kind);
		else if (warn)
			gp_warn (obj, "--objects: %s: %s: its samples and "
				 "calls are left out", path,
				 bfd_errmsg (bfd_get_error ()));
		return NULL;
	}
	abfd->flags |= BFD_DECOMPRESS;
	if (!bfd_check_format (abfd, bfd_object)) {
		gp_warn (obj, "--objects: %s: not an object file libbfd "
			 "knows: its samples and calls are left out", path);
		bfd_close (abfd);
		return NULL;
	}
	return abfd;
}

/* The symbols of ABFD: its symbol table, else (stripped) its dynamic
   one.  */
static asymbol **
object_symtab (bfd *abfd, long *n)
{
	asymbol **syms;
	long bytes = bfd_get_symtab_upper_bound (abfd);

	if (bytes > 0) {
		syms = xmalloc ((size_t) bytes);
		*n = bfd_canonicalize_symtab (abfd, syms);
		if (*n > 0)
			return syms;
		free (syms);
	}
	bytes = bfd_get_dynamic_symtab_upper_bound (abfd);
	if (bytes <= 0)
		return NULL;
	syms = xmalloc ((size_t) bytes);
	*n = bfd_canonicalize_dynamic_symtab (abfd, syms);
	if (*n <= 0) {
		free (syms);
		return NULL;
	}
	return syms;
}

struct sym *
objects_syms (const struct proc_object *o, const struct options *opt,
		     uint64_t *end, size_t *n)
{
	char *dbg = debug_file (o->build_id, o->build_id_len);
	const char *path = dbg ? dbg : o->symbols ? o->symbols : o->path;
	struct objfile of;
	struct sym *v = NULL;
	asection *text;
	size_t len = 0;
	long i;

	*n = 0;
	memset (&of, 0, sizeof of);
	of.abfd = open_object (path, o->name, o->has_data);
	if (!of.abfd)
		goto out;
	if (!dbg && !build_id_matches (of.abfd, o->build_id, o->build_id_len))
		gp_warn (path, "--objects: not the build of %s the profile was "
			 "taken of (another build id): its functions may be "
			 "wrong", o->name);
	text = bfd_get_section_by_name (of.abfd, ".text");
	*end = o->offset + (text ? bfd_section_vma (text)
			    + bfd_section_size (text) : 0);
	of.syms = object_symtab (of.abfd, &of.nsyms);
	v = XCNEWVEC (struct sym, (size_t) of.nsyms + 1);
	for (i = 0; i < of.nsyms; i++) {
		asymbol *s = of.syms[i];
		int cls = objfile_sym_class (&of, s, opt);
		struct sym *sym;
		const char *at;

		if (!cls)
			continue;
		sym = &v[len++];
		sym_init (sym);
		sym->addr = s->value + bfd_section_vma (s->section) + o->offset;
		if (sym->addr + 1 > *end)
			*end = sym->addr + 1;
		/* Dynamic symbols come with their version: memcpy@@GLIBC_2.14.  */
		at = strchr (s->name, '@');
		sym->name = xasprintf ("%.*s@%s", at ? (int) (at - s->name)
				       : (int) strlen (s->name), s->name,
				       o->name);
		sym->is_func = (s->flags & BSF_FUNCTION) != 0;
		sym->is_static = cls == 't';
		/* Source lines are the program's only.  */
		sym->src_known = 1;
	}
	free (of.syms);
	bfd_close (of.abfd);
out:
	free (dbg);
	*n = len;
	return v;
}
