/* elfsyms.c - the function symbols of an ELF file, for gmondump -e.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   The file is read whole; its section headers give the symbol table
   (SHT_SYMTAB, else SHT_DYNSYM) and, through sh_link, its string
   table.  Every offset and count comes from the file, so each is
   checked against its size before use.  Functions are STT_FUNC and
   STT_GNU_IFUNC symbols that are defined (not SHN_UNDEF); aliases at
   one address keep the first in the table, as gprof's symbol table
   does with GNU gprof's order.  */

#include <config.h>

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gmon/bytes.h"
#include "gmon/elfsyms.h"
#include "gmon/gmon.h"

#define SHT_SYMTAB_	2
#define SHT_DYNSYM_	11
#define STT_FUNC_	2
#define STT_GNU_IFUNC_	10

/* The file, and how to read its fields.  */
struct elf {
	const unsigned char *d;		/* its bytes */
	uint64_t size;			/* how many */
	bool is64;			/* ELFCLASS64 */
	bool big;			/* ELFDATA2MSB */
};

static uint64_t
get (const struct elf *e, uint64_t at, unsigned int n)
{
	return gmon_get_uint (e->d + at, n, e->big);
}

/* Whether [AT, AT + N) lies in the file.  */
static bool
inside (const struct elf *e, uint64_t at, uint64_t n)
{
	return at <= e->size && n <= e->size - at;
}

static int
read_whole (const char *path, unsigned char **data, uint64_t *size,
	    char *err, size_t errsize)
{
	const char *kind;
	struct stat st;
	size_t got = 0;
	int fd = gmon_open_regular (path, &kind);

	if (fd < 0) {
		snprintf (err, errsize, "%s", kind ? kind : strerror (errno));
		return -1;
	}
	if (fstat (fd, &st) != 0 || st.st_size <= 0
	    || !(*data = malloc ((size_t) st.st_size))) {
		snprintf (err, errsize, "cannot read it");
		close (fd);
		return -1;
	}
	while (got < (size_t) st.st_size) {
		ssize_t n = read (fd, *data + got, (size_t) st.st_size - got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		got += (size_t) n;
	}
	close (fd);
	*size = got;
	return 0;
}

/* The section header of the symbol table of TYPE: 0 if none.  */
static uint64_t
find_symtab (const struct elf *e, unsigned int type, uint64_t *link_hdr)
{
	uint64_t shoff = get (e, e->is64 ? 0x28 : 0x20, e->is64 ? 8 : 4);
	unsigned int shentsize = (unsigned int) get (e, e->is64 ? 0x3a : 0x2e, 2);
	unsigned int shnum = (unsigned int) get (e, e->is64 ? 0x3c : 0x30, 2);
	unsigned int i;

	if (shentsize < (e->is64 ? 64u : 40u)
	    || !inside (e, shoff, (uint64_t) shnum * shentsize))
		return 0;
	for (i = 0; i < shnum; i++) {
		uint64_t h = shoff + (uint64_t) i * shentsize;
		unsigned int link = (unsigned int) get (e, h + (e->is64 ? 40 : 24), 4);

		if (get (e, h + 4, 4) != type || link >= shnum)
			continue;
		*link_hdr = shoff + (uint64_t) link * shentsize;
		return h;
	}
	return 0;
}

/* Offset and size of section header H's contents.  */
static void
section (const struct elf *e, uint64_t h, uint64_t *off, uint64_t *size)
{
	*off = get (e, h + (e->is64 ? 24 : 16), e->is64 ? 8 : 4);
	*size = get (e, h + (e->is64 ? 32 : 20), e->is64 ? 8 : 4);
}

static int
cmp_addr (const void *a, const void *b)
{
	const struct elfsym *l = a, *r = b;

	if (l->addr != r->addr)
		return l->addr < r->addr ? -1 : 1;
	/* The first of the table first: the name pointers grow with it.  */
	return l->name < r->name ? -1 : l->name > r->name;
}

/* The functions of symbol table H (string table SH) into S.  */
static int
take_syms (const struct elf *e, uint64_t h, uint64_t sh, struct elfsyms *s)
{
	uint64_t off, size, soff, ssize, i, n, entsize = e->is64 ? 24 : 16;
	size_t used = 0, kept = 0;

	section (e, h, &off, &size);
	section (e, sh, &soff, &ssize);
	if (!inside (e, off, size) || !inside (e, soff, ssize) || ssize == 0)
		return -1;
	n = size / entsize;
	s->v = malloc ((n ? n : 1) * sizeof *s->v);
	s->names = malloc (ssize + 1);
	if (!s->v || !s->names)
		return -1;
	memcpy (s->names, e->d + soff, ssize);
	s->names[ssize] = '\0';
	for (i = 0; i < n; i++) {
		uint64_t p = off + i * entsize, name, value, sz;
		unsigned int info, shndx;

		name = get (e, p, 4);
		if (e->is64) {
			info = e->d[p + 4];
			shndx = (unsigned int) get (e, p + 6, 2);
			value = get (e, p + 8, 8);
			sz = get (e, p + 16, 8);
		} else {
			value = get (e, p + 4, 4);
			sz = get (e, p + 8, 4);
			info = e->d[p + 12];
			shndx = (unsigned int) get (e, p + 14, 2);
		}
		if (((info & 0xf) != STT_FUNC_ && (info & 0xf) != STT_GNU_IFUNC_)
		    || shndx == 0 || name >= ssize || !s->names[name])
			continue;
		s->v[used].addr = value;
		s->v[used].size = sz;
		s->v[used].name = s->names + name;
		used++;
	}
	qsort (s->v, used, sizeof *s->v, cmp_addr);
	for (i = 0; i < used; i++)
		if (kept == 0 || s->v[kept - 1].addr != s->v[i].addr)
			s->v[kept++] = s->v[i];
	s->n = kept;
	return 0;
}

int
elfsyms_load (const char *path, struct elfsyms *s, char *err, size_t size)
{
	unsigned char *data = NULL;
	struct elf e;
	uint64_t h, sh = 0;
	int ret = -1;

	memset (s, 0, sizeof *s);
	if (read_whole (path, &data, &e.size, err, size) < 0)
		return -1;
	e.d = data;
	if (e.size < 0x34 || memcmp (data, "\177ELF", 4) != 0
	    || (data[4] != 1 && data[4] != 2) || (data[5] != 1 && data[5] != 2)
	    || (data[4] == 2 && e.size < 0x40)) {
		snprintf (err, size, "not an ELF file");
		goto out;
	}
	e.is64 = data[4] == 2;
	e.big = data[5] == 2;
	h = find_symtab (&e, SHT_SYMTAB_, &sh);
	if (!h) {
		h = find_symtab (&e, SHT_DYNSYM_, &sh);
		s->dynamic = 1;
	}
	if (!h || take_syms (&e, h, sh, s) < 0 || s->n == 0) {
		snprintf (err, size, "no function symbols");
		elfsyms_free (s);
		goto out;
	}
	ret = 0;
out:
	free (data);
	return ret;
}

const char *
elfsyms_find (const struct elfsyms *s, uint64_t addr, uint64_t *off)
{
	size_t lo = 0, hi = s->n;
	const struct elfsym *f;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (s->v[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return NULL;
	f = &s->v[lo - 1];
	/* Past its end, in padding or code without a symbol: no name
	   rather than a wrong one.  */
	if (f->size && addr - f->addr >= f->size)
		return NULL;
	*off = addr - f->addr;
	return f->name;
}

void
elfsyms_free (struct elfsyms *s)
{
	free (s->v);
	free (s->names);
	memset (s, 0, sizeof *s);
}
