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
   left out: its samples and calls go with it.  The object's file stays
   open (struct proc_object's CODE) for its lines and for the exports,
   which read its machine code.  */

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

/* The symbols of OF: its symbol table, else (stripped) that of its
   separate debugging file (by build id or .gnu_debuglink, as the
   program's), else its dynamic one.  */
static void
object_symtab (struct objfile *of)
{
	long bytes = bfd_get_symtab_upper_bound (of->abfd);

	if (bytes > 0) {
		of->syms = xmalloc ((size_t) bytes);
		of->nsyms = bfd_canonicalize_symtab (of->abfd, of->syms);
		if (of->nsyms > 0)
			return;
		free (of->syms);
		of->syms = NULL;
		of->nsyms = 0;
	}
	if (of->text && objfile_debug_symbols (of))
		return;
	bytes = bfd_get_dynamic_symtab_upper_bound (of->abfd);
	if (bytes <= 0)
		return;
	of->syms = xmalloc ((size_t) bytes);
	of->nsyms = bfd_canonicalize_dynamic_symtab (of->abfd, of->syms);
	if (of->nsyms <= 0) {
		free (of->syms);
		of->syms = NULL;
		of->nsyms = 0;
	}
}

/* The objfile of PATH (or NULL, after a warning about OBJ if WARN),
   its symbols not yet read.  */
static struct objfile *
object_file (const char *path, const char *obj, bool warn)
{
	bfd *abfd = open_object (path, obj, warn);

	return abfd ? objfile_wrap (path, abfd) : NULL;
}

struct sym *
objects_syms (struct proc_object *o, const struct options *opt,
	      uint64_t *end, size_t *n)
{
	char *dbg = debug_file (o->build_id, o->build_id_len);
	const char *code = o->symbols ? o->symbols : o->path;
	struct objfile *of, *sf;
	struct sym *v = NULL;
	size_t len = 0;
	long i;

	*n = 0;
	/* Its code, which the exports read (where instructions start,
	   calls) with its lines: said missing only if nothing else
	   gives its symbols.  */
	of = object_file (code, o->name, o->has_data && !dbg);
	sf = dbg ? object_file (dbg, o->name, o->has_data) : of;
	if (!sf)
		goto out;
	if (!dbg && !build_id_matches (of->abfd, o->build_id,
				       o->build_id_len))
		gp_warn (code, "--objects: not the build of %s the profile was "
			 "taken of (another build id): its functions may be "
			 "wrong", o->name);
	*end = o->offset + (sf->text ? bfd_section_vma (sf->text)
			    + bfd_section_size (sf->text) : 0);
	object_symtab (sf);
	v = XCNEWVEC (struct sym, (size_t) sf->nsyms + 1);
	for (i = 0; i < sf->nsyms; i++) {
		asymbol *s = sf->syms[i];
		int cls = objfile_sym_class (sf, s, opt);
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
	}
	/* The symbols are copied: the code and the lines stay.  */
	free (sf->syms);
	sf->syms = NULL;
	sf->nsyms = 0;
	objfile_close (sf->sym_file);
	sf->sym_file = NULL;
	sf->sym_text = sf->text;
	if (sf != of)
		objfile_close (sf);
	if (of && !of->text) {
		objfile_close (of);
		of = NULL;
	}
	o->code = of;
out:
	free (dbg);
	*n = len;
	return v;
}
