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

#include "gprof/symbols/bounds.h"
#include "gprof/symbols/debugpkg.h"
#include "gprof/symbols/objects.h"
#include "gprof/symbols/objfile-bfd.h"
#include "gprof/util/util.h"

/* Where a distribution keeps the separate debugging file of build id
   ID[0..N), with the full symbol table of a stripped library
   (/usr/lib/debug/.build-id/xx/rest.debug), malloc'ed; NULL for an id
   too short.  */
static char *
build_id_path (const unsigned char *id, size_t n)
{
	char *path, *p;
	size_t i;

	if (n < 2)
		return NULL;
	path = xmalloc (sizeof "/usr/lib/debug/.build-id/" + 2 * n + 8);
	p = path + sprintf (path, "/usr/lib/debug/.build-id/%02x/", id[0]);
	for (i = 1; i < n; i++)
		p += sprintf (p, "%02x", id[i]);
	strcpy (p, ".debug");
	return path;
}

/* The separate debugging file of build id ID[0..N), if the system has
   it, or NULL.  */
static char *
debug_file (const unsigned char *id, size_t n)
{
	char *path = build_id_path (id, n);
	struct stat st;

	if (path && stat (path, &st) == 0 && S_ISREG (st.st_mode))
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

/* Where the symbols of an object came from.  */
enum syms_from {
	SYMS_NONE,			/* nowhere */
	SYMS_OWN,			/* its symbol table */
	SYMS_DEBUG,			/* its debugging file's */
	SYMS_DYNAMIC			/* its dynamic one: exported ones */
};

/* The symbols of OF: its symbol table, else (stripped) that of its
   separate debugging file (by build id or .gnu_debuglink, as the
   program's), else its dynamic one.  */
static enum syms_from
object_symtab (struct objfile *of)
{
	long bytes = bfd_get_symtab_upper_bound (of->abfd);

	if (bytes > 0) {
		of->syms = xmalloc ((size_t) bytes);
		of->nsyms = bfd_canonicalize_symtab (of->abfd, of->syms);
		if (of->nsyms > 0)
			return SYMS_OWN;
		free (of->syms);
		of->syms = NULL;
		of->nsyms = 0;
	}
	if (of->text && objfile_debug_symbols (of))
		return SYMS_DEBUG;
	bytes = bfd_get_dynamic_symtab_upper_bound (of->abfd);
	if (bytes <= 0)
		return SYMS_NONE;
	of->syms = xmalloc ((size_t) bytes);
	of->nsyms = bfd_canonicalize_dynamic_symtab (of->abfd, of->syms);
	if (of->nsyms <= 0) {
		free (of->syms);
		of->syms = NULL;
		of->nsyms = 0;
		return SYMS_NONE;
	}
	return SYMS_DYNAMIC;
}

/* The objfile of PATH (or NULL, after a warning about OBJ if WARN),
   its symbols not yet read.  */
static struct objfile *
object_file (const char *path, const char *obj, bool warn)
{
	bfd *abfd = open_object (path, obj, warn);

	return abfd ? objfile_wrap (path, abfd) : NULL;
}

/* A growing array of address ranges.  */
struct ranges {
	struct dwarf_range *v;		/* the ranges */
	size_t n;			/* how many */
	size_t cap;			/* room for this many */
};

static void
ranges_push (struct ranges *r, uint64_t lo, uint64_t hi)
{
	if (hi <= lo)
		return;
	if (r->n == r->cap) {
		r->cap = r->cap ? 2 * r->cap : 64;
		r->v = xrealloc (r->v, r->cap * sizeof *r->v);
	}
	r->v[r->n].lo = lo;
	r->v[r->n].hi = hi;
	r->n++;
}

/* The functions' sizes an ELF symbol table of OF (SECNAME: .symtab,
   .dynsym) gives, as ranges [address, address + size), into R.  libbfd
   keeps the sizes where its public interface cannot reach them, so the
   table is read from the file: each entry inside the section, whose
   bytes objfile_section() checked against the file.  */
static void
elf_sizes (struct objfile *of, const char *secname, struct ranges *r)
{
	size_t size, ent = of->elf64 ? 24 : 16, i;
	unsigned char *owned;
	const unsigned char *p;
	bool be = bfd_big_endian (of->abfd);

	if (!of->elf_machine)
		return;
	p = objfile_section (of, secname, &size, &owned);
	for (i = 0; p && size >= ent && i <= size - ent; i += ent) {
		const unsigned char *q = p + i;
		unsigned int type = (of->elf64 ? q[4] : q[12]) & 0xf;
		unsigned int shndx = (unsigned int) (be
			? bfd_getb16 (q + (of->elf64 ? 6 : 14))
			: bfd_getl16 (q + (of->elf64 ? 6 : 14)));
		uint64_t value, sz;

		if (of->elf64) {
			value = be ? bfd_getb64 (q + 8) : bfd_getl64 (q + 8);
			sz = be ? bfd_getb64 (q + 16) : bfd_getl64 (q + 16);
		} else {
			value = be ? bfd_getb32 (q + 4) : bfd_getl32 (q + 4);
			sz = be ? bfd_getb32 (q + 8) : bfd_getl32 (q + 8);
		}
		/* Code of a section: no type, a function, an indirect
		   function's resolver.  */
		if (shndx == 0 || shndx >= 0xff00
		    || (type != 0 && type != 2 && type != 10)
		    || value + sz < value)
			continue;
		ranges_push (r, value, value + sz);
	}
	free (owned);
}

/* The size of the symbol at ADDR in S (sorted), or 0: the last range
   starting there, the longest.  */
static uint64_t
size_at (const struct ranges *s, uint64_t addr)
{
	size_t k = bounds_upper (s->v, s->n, addr);

	return k > 0 && s->v[k - 1].lo == addr ? s->v[k - 1].hi - addr : 0;
}

/* The ranges of the FDEs of section SECNAME of OF into R; a warning
   about OBJ if the section is damaged.  */
static void
frame_ranges (struct objfile *of, const char *secname, bool eh,
	      const char *obj, struct ranges *r)
{
	asection *sec = bfd_get_section_by_name (of->abfd, secname);
	struct dwarf_frame_input in;
	struct dwarf_range *v;
	unsigned char *owned;
	size_t size, n, i;
	bool damaged;

	if (!sec || !of->elf_machine)
		return;
	in.data = objfile_section (of, secname, &size, &owned);
	in.size = size;
	in.addr = bfd_section_vma (sec);
	in.eh = eh;
	in.big_endian = bfd_big_endian (of->abfd);
	in.addr_size = of->elf64 ? 8 : 4;
	n = dwarf_frame_ranges (&in, &v, &damaged);
	if (damaged)
		gp_warn (of->path, "--objects: %s is damaged: the "
			 "functions of %s it describes after the damage are "
			 "not told apart", secname, obj);
	for (i = 0; i < n; i++)
		ranges_push (r, v[i].lo, v[i].hi);
	free (v);
	free (owned);
}

/* The code sections of OF, sorted, made disjoint, into R.  */
static void
code_sections (struct objfile *of, struct ranges *r)
{
	const flagword want = SEC_CODE | SEC_ALLOC;
	asection *sec;
	size_t i, k = 0;

	for (sec = of->abfd->sections; sec; sec = sec->next)
		if ((bfd_section_flags (sec) & want) == want)
			ranges_push (r, bfd_section_vma (sec),
				     bfd_section_vma (sec)
				     + bfd_section_size (sec));
	bounds_sort_ranges (r->v, r->n);
	for (i = 0; i < r->n; i++) {
		if (k > 0 && r->v[i].lo < r->v[k - 1].hi)
			r->v[i].lo = r->v[k - 1].hi;
		if (r->v[i].lo < r->v[i].hi)
			r->v[k++] = r->v[i];
	}
	r->n = k;
}

/* A growing array of symbols.  */
struct syms {
	struct sym *v;			/* the symbols */
	size_t n;			/* how many */
	size_t cap;			/* room for this many */
};

static struct sym *
syms_add (struct syms *s)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 64;
		s->v = xrealloc (s->v, s->cap * sizeof *s->v);
	}
	sym_init (&s->v[s->n]);
	return &s->v[s->n++];
}

/* The entries of OF's procedure linkage table, as objdump names them
   (NAME@plt), into S, named NAME@plt@OBJ, or NAME@plt if OBJ is NULL
   (unsized: each ends where the next begins).  */
static void
plt_syms (struct objfile *of, const char *obj, struct syms *s)
{
	long bytes = bfd_get_dynamic_symtab_upper_bound (of->abfd);
	asymbol **dyn, *synth = NULL;
	long ndyn, nsynth, i;

	if (bytes <= 0)
		return;
	dyn = xmalloc ((size_t) bytes);
	ndyn = bfd_canonicalize_dynamic_symtab (of->abfd, dyn);
	nsynth = ndyn > 0 ? bfd_get_synthetic_symtab (of->abfd, 0, NULL, ndyn,
						     dyn, &synth) : 0;
	for (i = 0; i < nsynth; i++) {
		struct sym *y;

		if (!synth[i].section || !synth[i].name)
			continue;
		y = syms_add (s);
		y->addr = synth[i].value + bfd_section_vma (synth[i].section);
		y->name = obj ? xasprintf ("%s@%s", synth[i].name, obj)
			: xstrdup (synth[i].name);
		y->is_func = 1;
		y->is_static = 1;
	}
	free (synth);
	free (dyn);
}

/* The function symbols of SF (its symbols read: FROM) that gprof
   keeps, at their link-time addresses, into S, named NAME@OBJ (a
   dynamic symbol without its version), each with the end its ELF
   size gives (END_ADDR 0: none known), unless -a asks for GNU gprof's
   rule.  */
static void
table_syms (struct objfile *sf, enum syms_from from,
	    const struct options *opt, const char *obj, struct syms *s)
{
	struct ranges sizes = { NULL, 0, 0 };
	long i;

	if (!opt->no_static && from == SYMS_DYNAMIC)
		elf_sizes (sf, ".dynsym", &sizes);
	else if (!opt->no_static)
		elf_sizes (sf->sym_file ? sf->sym_file : sf, ".symtab",
			   &sizes);
	bounds_sort_ranges (sizes.v, sizes.n);
	for (i = 0; i < sf->nsyms; i++) {
		asymbol *a = sf->syms[i];
		int cls = objfile_sym_class (sf, a, opt);
		struct sym *y;
		const char *at;
		uint64_t size;

		if (!cls)
			continue;
		y = syms_add (s);
		y->addr = a->value + bfd_section_vma (a->section);
		size = size_at (&sizes, y->addr);
		y->end_addr = size ? y->addr + size - 1 : 0;
		/* Dynamic symbols come with their version:
		   memcpy@@GLIBC_2.14.  */
		at = strchr (a->name, '@');
		y->name = xasprintf ("%.*s@%s", at ? (int) (at - a->name)
				     : (int) strlen (a->name), a->name, obj);
		y->is_func = (a->flags & BSF_FUNCTION) != 0;
		y->is_static = cls == 't';
	}
	free (sizes.v);
}

/* The functions of an object named OBJ: those of its symbol table SF
   (read: FROM), with the entries of its procedure linkage table and
   the code no symbol covers (bounds.c) found in its file CODE (NULL:
   none), at its link-time addresses plus OFFSET.  *END gets one past
   the last.  -a leaves out static functions: it gets GNU gprof's
   rule alone.  */
static struct sym *
object_functions (struct objfile *code, struct objfile *sf,
		  enum syms_from from, const struct options *opt,
		  const char *obj, uint64_t offset, uint64_t *end, size_t *n)
{
	struct syms s = { NULL, 0, 0 };
	struct ranges sec = { NULL, 0, 0 }, fdes = { NULL, 0, 0 };
	struct objfile *cf = code ? code : sf;
	size_t i;

	table_syms (sf, from, opt, obj, &s);
	if (!opt->no_static) {
		struct bounds_input in;

		if (code)
			plt_syms (code, obj, &s);
		code_sections (cf, &sec);
		if (code) {
			frame_ranges (code, ".eh_frame", true, obj, &fdes);
			frame_ranges (code, ".debug_frame", false, obj, &fdes);
		}
		if (!code || sf->abfd != code->abfd)
			frame_ranges (sf, ".debug_frame", false, obj, &fdes);
		if (sf->sym_file)
			frame_ranges (sf->sym_file, ".debug_frame", false, obj,
				      &fdes);
		bounds_sort_ranges (fdes.v, fdes.n);
		in = (struct bounds_input) { .code = sec.v, .ncode = sec.n,
			.fdes = fdes.v, .nfdes = fdes.n, .object = obj };
		s.v = bounds_apply (s.v, &s.n, &in);
	}
	for (i = 0; i < s.n; i++) {
		s.v[i].addr += offset;
		if (s.v[i].end_addr)
			s.v[i].end_addr += offset;
		if (s.v[i].addr + 1 > *end)
			*end = s.v[i].addr + 1;
		if (s.v[i].end_addr + 1 > *end)
			*end = s.v[i].end_addr + 1;
	}
	free (sec.v);
	free (fdes.v);
	*n = s.n;
	return s.v;
}

struct sym *
objects_syms (struct proc_object *o, const struct options *opt,
	      uint64_t *end, size_t *n)
{
	char *dbg = debug_file (o->build_id, o->build_id_len);
	const char *code = o->symbols ? o->symbols : o->path;
	struct objfile *of, *sf;
	struct sym *v = NULL;
	enum syms_from from;

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
	from = object_symtab (sf);
	o->stripped = from == SYMS_DYNAMIC || from == SYMS_NONE;
	v = object_functions (of && of->text ? of : NULL, sf, from, opt,
			      o->name, o->offset, end, n);
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
	return v;
}

bool
objects_program_stripped (struct objfile *of, const struct options *opt)
{
	long i;

	for (i = 0; i < of->nsyms; i++)
		if (objfile_sym_class (of, of->syms[i], opt))
			return false;
	return true;
}

struct sym *
objects_program_syms (struct objfile *of, const struct options *opt,
		      const char *name, size_t *n)
{
	asymbol **own = of->syms;
	long nown = of->nsyms, bytes;
	enum syms_from from = SYMS_NONE;
	uint64_t end = 0;
	struct sym *v;

	/* Its dynamic symbols stand in for OF's own (the synthetic ones
	   objfile_open() read) while they are read.  */
	of->syms = NULL;
	of->nsyms = 0;
	bytes = bfd_get_dynamic_symtab_upper_bound (of->abfd);
	if (bytes > 0) {
		of->syms = xmalloc ((size_t) bytes);
		of->nsyms = bfd_canonicalize_dynamic_symtab (of->abfd,
							     of->syms);
		from = SYMS_DYNAMIC;
		if (of->nsyms < 0)
			of->nsyms = 0;
	}
	v = object_functions (of, of, from, opt, name, 0, &end, n);
	free (of->syms);
	of->syms = own;
	of->nsyms = nown;
	return v;
}

struct sym *
objects_program_plt (struct objfile *of, size_t *n)
{
	struct syms s = { NULL, 0, 0 };

	plt_syms (of, NULL, &s);
	*n = s.n;
	return s.v;
}

/* The note's line about object NAME, file PATH, build id ID[0..N).  */
static void
note_object (const char *name, const char *path, const unsigned char *id,
	     size_t n)
{
	char *pkg = debugpkg_owner (path);
	char *dbg = build_id_path (id, n);
	char *where = dbg ? concat ("its debugging file ", dbg, NULL)
		: xstrdup ("a debugging file its .gnu_debuglink names "
			   "(objcopy --only-keep-debug, --add-gnu-debuglink)");

	if (pkg)
		gp_note (NULL, "  %s is %s, of the package %s: "
			 "%s-dbgsym (or %s-dbg) would install %s, which "
			 "gprof reads", name, path, pkg, pkg, pkg, where);
	else
		gp_note (NULL, "  %s is %s, of no package: gprof would read "
			 "its symbols from %s", name, path, where);
	free (where);
	free (dbg);
	free (pkg);
}

void
objects_note_stripped (const struct proc_objects *objs, struct objfile *of)
{
	unsigned char id[64];
	size_t k, n = 0;
	char *names = NULL;

	for (k = 0; k < objs->n; k++) {
		const struct proc_object *o = &objs->v[k];
		const char *name = o->main ? lbasename (objfile_path (of))
			: o->name;

		/* The vDSO's saved copy is all the kernel gives.  */
		if (!o->stripped || (!o->has_data && !o->main) || o->symbols)
			continue;
		names = names ? reconcat (names, names, ", ", name, NULL)
			: xstrdup (name);
		n++;
	}
	if (!n)
		return;
	gp_note (NULL, "--objects: %s %s only the symbols %s exports: %s "
		 "other functions are named OBJECT+0xADDRESS, by their first "
		 "address in the object's file, as objdump -d shows it",
		 names, n > 1 ? "have" : "has", n > 1 ? "each" : "it",
		 n > 1 ? "their" : "its");
	free (names);
	for (k = 0; k < objs->n; k++) {
		const struct proc_object *o = &objs->v[k];

		if (!o->stripped || (!o->has_data && !o->main) || o->symbols)
			continue;
		if (o->main) {
			char *path = lrealpath (objfile_path (of));

			note_object (lbasename (objfile_path (of)), path, id,
				     objfile_build_id (of, id, sizeof id));
			free (path);
		} else
			note_object (o->name, o->path, o->build_id,
				     o->build_id_len);
	}
}
