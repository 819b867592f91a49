/* objfile.c - the profiled executable, through libbfd.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Which symbols count is GNU gprof's choice, kept exactly, because it
   decides where every sample and every call is charged:

   - global text symbols (nm class T), and weak ones (W) -- even weak
     data, as GNU gprof does;
   - static text symbols (t), unless -a, whose names are plain: no '$',
     no leading-character mismatch, no __gnu_compiled marker, and dots
     only in the clone suffixes ".N", ".clone.N" and ".constprop.N";
     with -D only those flagged as functions.

   One exception, where GNU gprof is wrong: a static symbol flagged as a
   function counts whatever its dots.  GNU gprof means to keep the
   clones above and to drop "f.isra.0", "f.part.0" and "f.cold", but
   those are functions too, with their own code, and a dropped one has
   its time and calls charged to whatever symbol precedes it in memory
   (often frame_dummy).  Its test of the suffixes, moreover, steps past
   the end of the name into the next string of the string table, so in
   practice it drops every clone.  See the compatibility chapter.  */

#include <config.h>

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <fcntl.h>
#include <unistd.h>

#include <libiberty/demangle.h>
#include <libiberty/libiberty.h>

#include "gmon/gmon.h"
#include "gprof/symbols/symfile.h"
#include "gprof/util/msort.h"
#include "gprof/symbols/objfile-bfd.h"
#include "gprof/util/util.h"

static const unsigned char *file_map (struct objfile *of);

bfd *
open_regular_bfd (const char *path, const char **kind)
{
	int fd = gmon_open_regular (path, kind);

	if (fd < 0) {
		if (!*kind)
			bfd_set_error (bfd_error_system_call);
		return NULL;
	}
	/* From a descriptor, libbfd never reopens the file by name.  */
	return bfd_fdopenr (path, NULL, fd);
}

/* The machine and class of an ELF file, from its header: a libbfd
   built for this host alone knows only those of the host, and reads
   the others as plain ELF.  */
static void
read_elf_header (struct objfile *of)
{
	const unsigned char *m;

	if (bfd_get_flavour (of->abfd) != bfd_target_elf_flavour)
		return;
	m = file_map (of);
	if (!m || of->map_size < 20 || memcmp (m, "\177ELF", 4) != 0)
		return;
	of->elf64 = m[4] == 2;
	of->elf_machine = m[5] == 2 ? (unsigned int) m[18] << 8 | m[19]
		: m[18] | (unsigned int) m[19] << 8;
	snprintf (of->arch_name, sizeof of->arch_name, "ELF machine %u",
		  of->elf_machine);
}

struct objfile *
objfile_open (const char *path)
{
	struct objfile *of;
	long bytes, synth_count;
	asymbol *synth = NULL;
	const char *kind;

	bfd_init ();
	of = XCNEW (struct objfile);
	of->path = xstrdup (path);
	of->abfd = open_regular_bfd (path, &kind);
	/* libbfd calls a directory an unrecognised format.  */
	if (kind && strcmp (kind, gmon_file_kind (S_IFDIR)) == 0)
		gp_fatal (path, "is a directory, not an executable");
	if (kind)
		gp_fatal (path, "not an executable: %s, not a regular file",
			  kind);
	if (!of->abfd)
		gp_fatal (path, "%s", bfd_errmsg (bfd_get_error ()));
	of->abfd->flags |= BFD_DECOMPRESS;
	if (!bfd_check_format (of->abfd, bfd_object))
		gp_fatal (path, "not an executable in a format libbfd knows "
			  "(%s)", bfd_errmsg (bfd_get_error ()));

	read_elf_header (of);
	of->text = bfd_get_section_by_name (of->abfd, ".text");
	if (!of->text)
		of->text = bfd_get_section_by_name (of->abfd, "$CODE$");
	if (!of->text)
		gp_fatal (path, "has no .text section");

	bytes = bfd_get_symtab_upper_bound (of->abfd);
	if (bytes < 0)
		gp_fatal (path, "%s", bfd_errmsg (bfd_get_error ()));
	of->syms = xmalloc ((size_t) bytes + sizeof *of->syms);
	of->nsyms = bfd_canonicalize_symtab (of->abfd, of->syms);
	if (of->nsyms < 0)
		gp_fatal (path, "%s", bfd_errmsg (bfd_get_error ()));
	of->sym_text = of->text;
	/* Stripped: its symbols from its debugging file, as -l takes its
	   lines from there.  */
	if (of->nsyms == 0)
		objfile_debug_symbols (of);

	/* PLT entries and the like: GNU gprof looks at them too (and
	   drops them by their class, but -a drops them earlier).  */
	synth_count = bfd_get_synthetic_symtab (of->abfd, of->nsyms,
						of->syms, 0, NULL, &synth);
	if (synth_count > 0) {
		long i;

		of->syms = xrealloc (of->syms, (size_t) (of->nsyms
				     + synth_count + 1) * sizeof *of->syms);
		for (i = 0; i < synth_count; i++)
			of->syms[of->nsyms + i] = &synth[i];
		of->nsyms += synth_count;
		of->synth = synth;
	}
	return of;
}

struct objfile *
objfile_wrap (const char *path, bfd *abfd)
{
	struct objfile *of = XCNEW (struct objfile);

	of->path = xstrdup (path);
	of->abfd = abfd;
	read_elf_header (of);
	of->text = bfd_get_section_by_name (abfd, ".text");
	of->sym_text = of->text;
	return of;
}

void
objfile_close (struct objfile *of)
{
	if (!of)
		return;
	bfd_close (of->abfd);
	objfile_close (of->sym_file);
	if (of->map)
		munmap (of->map, of->map_size);
	free (of->syms);
	free (of->synth);
	free (of->text_bytes);
	free (of->marks);
	free (of->path);
	free (of);
}

bool
objfile_symbol_value (const struct objfile *of, const char *name,
		      uint64_t *value)
{
	long i;

	for (i = 0; i < of->nsyms; i++)
		if (of->syms[i]->name && strcmp (of->syms[i]->name, name) == 0
		    && !(of->syms[i]->flags & BSF_SYNTHETIC)) {
			*value = bfd_asymbol_value (of->syms[i]);
			return true;
		}
	return false;
}

/* The GNU build id among the notes of P (SIZE bytes) into ID (at most
   MAX bytes): its length, or 0.  Each note is namesz, descsz, type (4
   bytes each, the file's byte order), then the name and the
   descriptor, each padded to 4 bytes; the build id's name is "GNU",
   its type NT_GNU_BUILD_ID (3).  */
static size_t
note_build_id (const struct objfile *of, const unsigned char *p,
	       size_t size, unsigned char *id, size_t max)
{
	size_t at = 0;

	while (size - at >= 12) {
		uint64_t namesz = bfd_get_32 (of->abfd, p + at);
		uint64_t descsz = bfd_get_32 (of->abfd, p + at + 4);
		uint32_t type = (uint32_t) bfd_get_32 (of->abfd, p + at + 8);
		uint64_t name_pad = (namesz + 3) & ~(uint64_t) 3;
		uint64_t desc_pad = (descsz + 3) & ~(uint64_t) 3;
		size_t n;

		if (name_pad + desc_pad > size - at - 12)
			return 0;		/* cut short: not notes */
		if (type == 3 && namesz == 4
		    && memcmp (p + at + 12, "GNU", 4) == 0 && descsz > 0) {
			n = descsz < max ? (size_t) descsz : max;
			memcpy (id, p + at + 12 + name_pad, n);
			return n;
		}
		at += 12 + (size_t) (name_pad + desc_pad);
	}
	return 0;
}

size_t
objfile_build_id (struct objfile *of, unsigned char *id, size_t max)
{
	unsigned char *owned;
	const unsigned char *p;
	asection *sec;
	size_t size, n = 0;

	/* .note.gnu.build-id as the linker names it, or any note section
	   (a linker script may gather the notes under another name).  */
	p = objfile_section (of, ".note.gnu.build-id", &size, &owned);
	if (p)
		n = note_build_id (of, p, size, id, max);
	free (owned);
	for (sec = of->abfd->sections; sec && !n; sec = sec->next) {
		if (strncmp (sec->name, ".note", 5) != 0
		    || strcmp (sec->name, ".note.gnu.build-id") == 0)
			continue;
		p = objfile_section (of, sec->name, &size, &owned);
		if (p)
			n = note_build_id (of, p, size, id, max);
		free (owned);
	}
	return n;
}

bool
objfile_disasm_target (const struct objfile *of, int *arch,
		       unsigned long *mach, bool *big)
{
	*arch = (int) bfd_get_arch (of->abfd);
	*mach = bfd_get_mach (of->abfd);
	*big = bfd_big_endian (of->abfd);
	return bfd_get_arch (of->abfd) != bfd_arch_unknown;
}

const char *
objfile_path (const struct objfile *of)
{
	return of->path;
}

void
objfile_target (const struct objfile *of, unsigned int *addr_size,
		bool *big_endian, bool *sign_extend)
{
	int bits = bfd_get_arch_size (of->abfd);

	if (bits == -1)
		bits = (int) bfd_arch_bits_per_address (of->abfd);
	*addr_size = (unsigned int) bits / 8;
	*big_endian = bfd_big_endian (of->abfd);
	*sign_extend = bfd_get_sign_extend_vma (of->abfd) == 1;
}

uint64_t
objfile_text_start (const struct objfile *of)
{
	return bfd_section_vma (of->text);
}

uint64_t
objfile_text_end (const struct objfile *of)
{
	return bfd_section_vma (of->text) + bfd_section_size (of->text);
}

uint64_t
objfile_file_offset (const struct objfile *of, uint64_t addr)
{
	return addr - bfd_section_vma (of->text) + (uint64_t) of->text->filepos;
}

char
objfile_leading_char (const struct objfile *of)
{
	return bfd_get_symbol_leading_char (of->abfd);
}

char *
objfile_demangle (const struct objfile *of, const char *name)
{
	/* Under the styles that take a name whole from its first
	   character on (auto tries Rust, then the C++ ABI; Java is the
	   C++ ABI), every mangled name begins with '_' (or, read
	   leniently, 'R' or 'Z'), after what bfd_demangle() skips: the
	   target's leading character, then dots and dollars.  Any other
	   name is left as it is without asking: libiberty would take a
	   few hundred instructions to say no, for every function of a C
	   program.  */
	if (current_demangling_style == auto_demangling
	    || current_demangling_style == gnu_v3_demangling
	    || current_demangling_style == rust_demangling
	    || current_demangling_style == java_demangling) {
		const char *p = name;
		char lead = bfd_get_symbol_leading_char (of->abfd);

		if (lead && *p == lead)
			p++;
		while (*p == '.' || *p == '$')
			p++;
		if (*p != '_' && *p != 'R' && *p != 'Z')
			return NULL;
	}
	return bfd_demangle (of->abfd, name, DMGL_ANSI | DMGL_PARAMS);
}

/* Whether NAME (less a version, "mcount@GLIBC_2.2.5") is an entry
   point that gcc's -pg calls.  */
static bool
mcount_name (const char *name)
{
	static const char *const names[] = {
		"mcount", "_mcount", "__mcount", ".mcount", "__fentry__"
	};
	size_t n = strcspn (name, "@"), i;

	for (i = 0; i < sizeof names / sizeof *names; i++)
		if (strlen (names[i]) == n && strncmp (name, names[i], n) == 0)
			return true;
	return false;
}

int
objfile_calls_mcount (struct objfile *of)
{
	asymbol **dyn;
	long i, n, bytes;
	int found = 0;

	for (i = 0; i < of->nsyms; i++)
		if (of->syms[i]->name && mcount_name (of->syms[i]->name))
			return 1;
	/* A stripped program keeps its dynamic symbols.  */
	bytes = bfd_get_dynamic_symtab_upper_bound (of->abfd);
	if (bytes <= 0)
		return of->nsyms > 0 ? 0 : -1;
	dyn = xmalloc ((size_t) bytes);
	n = bfd_canonicalize_dynamic_symtab (of->abfd, dyn);
	for (i = 0; i < n && !found; i++)
		found = dyn[i]->name && mcount_name (dyn[i]->name);
	free (dyn);
	return found || n > 0 || of->nsyms > 0 ? found : -1;
}

/* The dotted tails a static name may have: ".N", ".clone.N" and
   ".constprop.N", any number of them in a row.  */
bool
objfile_static_name_ok (const char *name)
{
	const char *p;

	for (p = name; *p; p++) {
		if (*p == '$')
			return false;
		while (*p == '.') {
			bool digit_seen = false;

			if (strlen (p) > 7 && strncmp (p, ".clone.", 7) == 0)
				p += 6;
			else if (strlen (p) > 11
				 && strncmp (p, ".constprop.", 11) == 0)
				p += 10;
			for (p++; *p; p++) {
				if (digit_seen && *p == '.')
					break;
				if (!isdigit ((unsigned char) *p))
					return false;
				digit_seen = true;
			}
		}
		/* The tail ended the name: GNU gprof's loop would step
		   past the terminator here.  */
		if (!*p)
			break;
	}
	return true;
}

int
objfile_sym_class (const struct objfile *of, asymbol *s, const struct options *opt)
{
	symbol_info info;
	char lead;

	if (!s->section || (s->flags & BSF_DEBUGGING))
		return 0;
	if (opt->no_static && (s->flags & BSF_LOCAL))
		return 0;
	bfd_get_symbol_info (of->abfd, s, &info);
	if (info.type == 'T' || info.type == 'W')
		return 'T';
	if (info.type != 't' || opt->no_static)
		return 0;
	if (!s->name || !s->name[0] || strchr (s->name, '$'))
		return 0;
	if (!(s->flags & BSF_FUNCTION) && !objfile_static_name_ok (s->name))
		return 0;
	lead = bfd_get_symbol_leading_char (of->abfd);
	if ((lead && lead != s->name[0])
	    || strncmp (s->name, "__gnu_compiled", 14) == 0
	    || strncmp (s->name, "___gnu_compiled", 15) == 0)
		return 0;
	if (opt->only_functions && !(s->flags & BSF_FUNCTION))
		return 0;
	return 't';
}

/* The map entry of function NAME, found the way glibc's bsearch()
   finds it (the map may name a function twice).  */
static const struct fmap_entry *
map_find (const struct fmap *map, const char *name)
{
	size_t lo = 0, hi = map->n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strcmp (name, map->v[mid].func);

		if (c < 0)
			hi = mid;
		else if (c > 0)
			lo = mid + 1;
		else
			return &map->v[mid];
	}
	return NULL;
}

/* Exits: OF has no function symbols, and no debugging file that has
   them; say where they may be found.  */
static void
no_symbols (const struct objfile *of)
{
	bool stripped = of->nsyms == 0 || of->sym_file;

	gp_error (of->path, "has no symbols%s: cannot say which function "
		  "an address belongs to", stripped ? " (it was stripped)"
		  : "");
	if (stripped)
		gp_note (NULL, "give them with -S FILE (the output of nm on "
			 "an unstripped copy of the same build), or install "
			 "its debugging file (Debian: its -dbgsym package; "
			 "objcopy --only-keep-debug makes one, and "
			 "--add-gnu-debuglink points to it): gprof finds it "
			 "by build id under /usr/lib/debug, or by "
			 ".gnu_debuglink beside the program");
	exit (1);
}

struct sym *
objfile_function_syms (struct objfile *of, const struct options *opt,
		       const struct fmap *map, size_t *n)
{
	bool func_flags;
	struct sym *v;
	size_t len = 0;
	long i;

	switch (bfd_get_flavour (of->abfd)) {
	case bfd_target_coff_flavour:
	case bfd_target_ecoff_flavour:
	case bfd_target_xcoff_flavour:
	case bfd_target_elf_flavour:
	case bfd_target_som_flavour:
		func_flags = true;
		break;
	default:
		func_flags = false;
		break;
	}

	v = XCNEWVEC (struct sym, (size_t) of->nsyms + 1);
	for (i = 0; i < of->nsyms; i++) {
		asymbol *s = of->syms[i];
		const struct fmap_entry *found = NULL;
		struct sym *sym;
		int cls = objfile_sym_class (of, s, opt);

		if (!cls)
			continue;
		if (map && map->n) {
			/* Only the first function of each object file
			   stands for it; the others are left out.  */
			found = map_find (map, s->name);
			if (found && !found->is_first)
				continue;
		}
		sym = &v[len++];
		sym_init (sym);
		sym->addr = objfile_sym_addr (of, s);
		sym->name = found ? found->file : s->name;
		sym->mapped = found != NULL;
		sym->is_func = !func_flags || (s->flags & BSF_FUNCTION);
		sym->is_static = cls == 't';
		DBG (DBG_AOUT, "[objfile] %zu %s 0x%" PRIx64 "\n", len - 1,
		     sym->name, sym->addr);
	}
	if (len == 0)
		no_symbols (of);
	*n = len;
	return xrealloc (v, len * sizeof *v);
}

const unsigned char *
objfile_text (struct objfile *of, uint64_t *vma, uint64_t *size)
{
	bfd_size_type sz = bfd_section_size (of->text);

	*vma = bfd_section_vma (of->text);
	*size = sz;
	if (!of->text_tried) {
		of->text_tried = true;
		of->text_bytes = xmalloc (sz ? sz : 1);
		if (!bfd_get_section_contents (of->abfd, of->text,
					       of->text_bytes, 0, sz)) {
			gp_error (of->path, "cannot read .text (%s): -c finds "
				  "no calls", bfd_errmsg (bfd_get_error ()));
			free (of->text_bytes);
			of->text_bytes = NULL;
		}
	}
	return of->text_bytes;
}

unsigned char *
objfile_code_at (struct objfile *of, uint64_t addr, uint64_t *vma,
		 uint64_t *size)
{
	asection *sec, *best = NULL;
	unsigned char *b;
	uint64_t n;

	for (sec = of->abfd->sections; sec; sec = sec->next) {
		uint64_t v = bfd_section_vma (sec);

		n = bfd_section_size (sec);
		if (!(bfd_section_flags (sec) & SEC_CODE)
		    || !(bfd_section_flags (sec) & SEC_HAS_CONTENTS) || !n
		    || v + n <= addr)
			continue;
		if (!best || v < bfd_section_vma (best))
			best = sec;
	}
	if (!best)
		return NULL;
	n = bfd_section_size (best);
	b = xmalloc (n);
	if (!bfd_get_section_contents (of->abfd, best, b, 0, n)) {
		free (b);
		return NULL;
	}
	*vma = bfd_section_vma (best);
	*size = n;
	return b;
}

bool
objfile_text_bytes (struct objfile *of, uint64_t addr, unsigned char *buf,
		    size_t n)
{
	uint64_t vma = bfd_section_vma (of->text);
	uint64_t size = bfd_section_size (of->text);

	if (addr < vma || addr - vma > size || size - (addr - vma) < n)
		return false;
	if (of->text_bytes) {
		memcpy (buf, of->text_bytes + (addr - vma), n);
		return true;
	}
	return bfd_get_section_contents (of->abfd, of->text, buf,
					 (file_ptr) (addr - vma), n);
}

/* The whole file, mapped once: the debugging sections are read where
   they lie, without copies (and without the page clearing a copy
   into fresh memory costs).  */
static const unsigned char *
file_map (struct objfile *of)
{
	const char *kind;
	struct stat sb;
	int fd;

	if (of->map_tried)
		return of->map;
	of->map_tried = true;
	fd = gmon_open_regular (of->path, &kind);
	if (fd < 0)
		return NULL;
	if (fstat (fd, &sb) == 0 && sb.st_size > 0) {
		void *m = mmap (NULL, (size_t) sb.st_size, PROT_READ,
				MAP_PRIVATE, fd, 0);

		if (m != MAP_FAILED) {
			of->map = m;
			of->map_size = (size_t) sb.st_size;
		}
	}
	close (fd);
	return of->map;
}

const unsigned char *
objfile_section (struct objfile *of, const char *name, size_t *size,
		 unsigned char **owned)
{
	asection *sec = bfd_get_section_by_name (of->abfd, name);
	bfd_byte *buf = NULL;
	const unsigned char *m;

	*size = 0;
	*owned = NULL;
	if (!sec || !(bfd_section_flags (sec) & SEC_HAS_CONTENTS))
		return NULL;
	m = file_map (of);
	if (m && sec->compress_status == COMPRESS_SECTION_NONE
	    && sec->filepos >= 0
	    && (uint64_t) sec->filepos <= of->map_size
	    && bfd_section_size (sec) <= of->map_size
	       - (uint64_t) sec->filepos) {
		*size = bfd_section_size (sec);
		return m + sec->filepos;
	}
	/* Compressed: decompressed, since the file was opened with
	   BFD_DECOMPRESS.  */
	if (!bfd_get_full_section_contents (of->abfd, sec, &buf)) {
		gp_warn (of->path, "cannot read section %s (%s)", name,
			 bfd_errmsg (bfd_get_error ()));
		free (buf);
		return NULL;
	}
	*size = bfd_section_size (sec);
	*owned = buf;
	return buf;
}

static int
cmp_text_sym (const void *a, const void *b, void *arg)
{
	const struct text_sym *l = a, *r = b;

	(void) arg;
	if (l->addr != r->addr)
		return l->addr < r->addr ? -1 : 1;
	return 0;
}

/* The size an ELF symbol table gives symbol S, 0 if not known.  libbfd
   keeps it in its ELF symbol (elf_symbol_type of its private elf-bfd.h:
   the asymbol, then Elf_Internal_Sym's st_value and st_size, a layout
   binutils has kept since 1999), which no public call returns.  */
static uint64_t
elf_sym_size (const struct objfile *of, const asymbol *s)
{
	struct elf_sym_head {
		asymbol symbol;
		bfd_vma st_value;
		bfd_vma st_size;
	};

	if (bfd_get_flavour (of->abfd) != bfd_target_elf_flavour
	    || (s->flags & BSF_SYNTHETIC))
		return 0;
	return ((const struct elf_sym_head *) (const void *) s)->st_size;
}

/* libbfd's _bfd_elf_find_function takes the symbol of .text with the
   highest address not above the one asked: the first of several at
   one address, unless a later one is bigger (a size of 0 counting as
   1): libgcc's `.udivsi3_skip_div0_test' (no type, no size), then
   `__udivsi3' (266 bytes), then `__aeabi_uidiv' (0) give __udivsi3.  */
struct text_sym *
objfile_text_syms (struct objfile *of, size_t *n)
{
	const flagword skip = BSF_SECTION_SYM | BSF_FILE | BSF_OBJECT
		| BSF_THREAD_LOCAL | BSF_RELC | BSF_SRELC;
	struct text_sym *v, *sorted;
	uint64_t *size, kept_size = 0;
	void **p;
	size_t len = 0, i, kept = 0;
	long k;

	v = XNEWVEC (struct text_sym, (size_t) of->nsyms + 1);
	size = XNEWVEC (uint64_t, (size_t) of->nsyms + 1);
	for (k = 0; k < of->nsyms; k++) {
		asymbol *s = of->syms[k];

		if (s->section != of->sym_text || (s->flags & skip) || !s->name
		    || objfile_not_a_function (of, s))
			continue;
		v[len].addr = objfile_sym_addr (of, s);
		v[len].name = s->name;
		size[len] = elf_sym_size (of, s);
		if (size[len] == 0)
			size[len] = 1;
		len++;
	}
	p = XNEWVEC (void *, len + 1);
	for (i = 0; i < len; i++)
		p[i] = &v[i];
	msort_ptrs (p, len, cmp_text_sym, NULL);
	sorted = XNEWVEC (struct text_sym, len + 1);
	for (i = 0; i < len; i++) {
		const struct text_sym *t = p[i];
		uint64_t sz = size[t - v];

		if (kept > 0 && sorted[kept - 1].addr == t->addr) {
			if (sz > kept_size) {
				sorted[kept - 1] = *t;
				kept_size = sz;
			}
			continue;
		}
		sorted[kept++] = *t;
		kept_size = sz;
	}
	free (size);
	free (p);
	free (v);
	*n = kept;
	return sorted;
}

