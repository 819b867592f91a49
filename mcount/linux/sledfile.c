/* sledfile.c - the files of the objects whose sleds sleds.c patches:
   their section headers and symbols.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   The parts of an object's file that are used (its section headers,
   their names, the symbols and their names, the build id) are read
   with pread into memory of their own, never mapped: a file truncated
   while it is read gives a short read (no sleds), not a SIGBUS.
   Every offset and size is checked against the file's size, and
   every part is page-aligned memory with a NUL after it, so that its
   headers, symbols and notes are aligned and its strings end.  Memory
   comes from mmap: this runs in libgmon's constructor and where a
   profiled malloc may be what is being counted.  */

#define _GNU_SOURCE 1
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "mcount/linux/runtime.h"
#include "mcount/linux/sleds.h"

/* LEN bytes of F's file at OFF into memory of their own (and a NUL),
   kept as part SEC; NULL if they cannot be read whole.  */
static void *
read_part (struct mc_sledf *f, unsigned int sec, uint64_t off, size_t len)
{
	struct mc_sledf_part *pt;
	size_t pg = (size_t) getpagesize (), got = 0;
	void *p;

	if (f->nparts == MC_SLEDF_PARTS || off > f->size
	    || len > f->size - off)
		return NULL;
	pt = &f->part[f->nparts];
	pt->mapped = (len + 1 + pg - 1) & ~(pg - 1);
	p = mmap (NULL, pt->mapped, PROT_READ | PROT_WRITE,
		  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return NULL;
	while (got < len) {
		ssize_t n = pread (f->fd, (char *) p + got, len - got,
				   (off_t) (off + got));

		if (n <= 0) {			/* truncated meanwhile */
			munmap (p, pt->mapped);
			return NULL;
		}
		got += (size_t) n;
	}
	pt->sec = sec;
	pt->p = p;
	pt->len = len;
	f->nparts++;
	return p;
}

bool
mc_sledf_open (struct mc_sledf *f, const char *path)
{
	ElfW (Ehdr) eh;
	struct stat sb;

	memset (f, 0, sizeof *f);
	f->fd = mc_open (AT_FDCWD, path, O_RDONLY | O_CLOEXEC, 0);
	if (f->fd < 0)
		return false;
	if (fstat (f->fd, &sb) < 0 || !S_ISREG (sb.st_mode)
	    || (uint64_t) sb.st_size < sizeof eh
	    || (uint64_t) sb.st_size > SIZE_MAX
	    || pread (f->fd, &eh, sizeof eh, 0) != (ssize_t) sizeof eh)
		goto bad;
	f->size = (uint64_t) sb.st_size;
	f->dev = sb.st_dev;
	f->ino = sb.st_ino;
	if (memcmp (eh.e_ident, ELFMAG, SELFMAG) != 0
	    || eh.e_ident[EI_CLASS] != (sizeof (void *) == 8
					? ELFCLASS64 : ELFCLASS32)
	    || eh.e_shentsize != sizeof (ElfW (Shdr)) || eh.e_shnum == 0
	    || eh.e_shoff > f->size
	    || (f->size - eh.e_shoff) / sizeof (ElfW (Shdr)) < eh.e_shnum)
		goto bad;
	f->sh = read_part (f, 0, eh.e_shoff,
			   (size_t) eh.e_shnum * sizeof (ElfW (Shdr)));
	if (!f->sh)
		goto bad;
	f->shnum = eh.e_shnum;
	f->shstrndx = eh.e_shstrndx;
	return true;
bad:
	close (f->fd);
	errno = ENOEXEC;		/* read, but not an ELF file of ours */
	return false;
}

/* Section I's bytes in the file (read once, then kept until the file
   is closed), or NULL.  */
static const void *
file_bytes (struct mc_sledf *f, unsigned int i, size_t *size)
{
	const ElfW (Shdr) *s;
	unsigned int k;

	if (i == 0 || i >= f->shnum)
		return NULL;
	s = &f->sh[i];
	if (s->sh_type == SHT_NOBITS || s->sh_size > SIZE_MAX - 4096)
		return NULL;
	*size = (size_t) s->sh_size;
	for (k = 1; k < f->nparts; k++)
		if (f->part[k].sec == i)
			return f->part[k].p;
	return read_part (f, i, s->sh_offset, (size_t) s->sh_size);
}

/* Whether the string at OFF of the SIZE bytes at STR is NAME (not a
   prefix of it that the table's end cuts).  */
static bool
str_is (const char *str, size_t size, size_t off, const char *name)
{
	size_t n = strlen (name);

	return off < size && size - off > n
		&& memcmp (str + off, name, n + 1) == 0;
}

/* The index of the first section of TYPE named NAME, else 0.  */
unsigned int
mc_sledf_section (struct mc_sledf *f, const char *name, uint32_t type)
{
	const char *names;
	size_t nsize;
	unsigned int i;

	names = file_bytes (f, f->shstrndx, &nsize);
	if (!names)
		return 0;
	for (i = 1; i < f->shnum; i++)
		if (f->sh[i].sh_type == type
		    && str_is (names, nsize, f->sh[i].sh_name, name))
			return i;
	return 0;
}

/* The symbols of section SYM (and their strings): N of them.  */
static const ElfW (Sym) *
file_syms (struct mc_sledf *f, unsigned int sym, size_t *n,
	   const char **str, size_t *strsize)
{
	const ElfW (Sym) *syms;
	size_t size;

	if (!sym || !(syms = file_bytes (f, sym, &size)))
		return NULL;
	*str = file_bytes (f, f->sh[sym].sh_link, strsize);
	if (!*str)
		return NULL;
	*n = size / sizeof *syms;
	return syms;
}

/* Whether the object's dynamic symbols take one of NAMES (a NULL
   ends them) from another object.  */
bool
mc_sledf_calls (struct mc_sledf *f, const char *const *names)
{
	const char *str;
	size_t n, strsize, i;
	const ElfW (Sym) *s = file_syms (f, mc_sledf_section (f, ".dynsym",
							  SHT_DYNSYM),
					 &n, &str, &strsize);
	int k;

	for (i = 1; s && i < n; i++) {
		if (s[i].st_shndx != SHN_UNDEF || s[i].st_name >= strsize)
			continue;
		for (k = 0; names[k]; k++)
			if (str_is (str, strsize, s[i].st_name, names[k]))
				return true;
	}
	return false;
}

int
mc_sledf_prot (const ElfW (Phdr) *ph)
{
	return ((ph->p_flags & PF_R) ? PROT_READ : 0)
		| ((ph->p_flags & PF_W) ? PROT_WRITE : 0)
		| ((ph->p_flags & PF_X) ? PROT_EXEC : 0);
}

void
mc_sledf_debug (const char *path, uint64_t n)
{
	struct mc_line l = { .len = 0 };

	mc_line_str (&l, "libgmon: sleds: ");
	mc_line_str (&l, path);
	mc_line_str (&l, ": ");
	mc_line_u64 (&l, n);
	mc_line_str (&l, " patchable entries patched");
	mc_line_write (&l);
}

/* ------------------------------------------------------------------ */
/* The process, from /proc */

/* Whether the parent process maps a libgmon too (/proc/PPID/maps): a
   program its shell or make started with LD_PRELOAD inherited, which
   the first program's line already spoke for.  False if not known.  */
bool
mc_sledf_parent_has_libgmon (void)
{
	static const char name[] = "/libgmon.so";
	char path[64], buf[4096 + sizeof name];
	struct mc_line l = { .len = 0 };
	size_t keep = 0;
	ssize_t n;
	bool found = false;
	int fd;

	mc_line_str (&l, "/proc/");
	mc_line_u64 (&l, (uint64_t) getppid ());
	mc_line_str (&l, "/maps");
	memcpy (path, l.buf, l.len);
	path[l.len] = '\0';
	fd = mc_open (AT_FDCWD, path, O_RDONLY | O_CLOEXEC, 0);
	if (fd < 0)
		return false;
	/* Read in pieces, keeping the last bytes of each, so that a name
	   across two reads is still found.  */
	while (!found
	       && (n = read (fd, buf + keep, sizeof buf - 1 - keep)) > 0) {
		size_t len = keep + (size_t) n;

		buf[len] = '\0';
		found = memmem (buf, len, name, sizeof name - 1) != NULL;
		keep = len < sizeof name - 1 ? len : sizeof name - 1;
		memmove (buf, buf + len - keep, keep);
	}
	close (fd);
	return found;
}

/* The process's threads (/proc/self/stat), or 0 if not known (no
   /proc, or not readable).  */
uint64_t
mc_sledf_threads (void)
{
	char buf[1024];
	ssize_t n;
	char *p;
	int fd = mc_open (AT_FDCWD, "/proc/self/stat", O_RDONLY | O_CLOEXEC,
			  0), field;
	uint64_t v = 0;

	if (fd < 0)
		return 0;
	n = read (fd, buf, sizeof buf - 1);
	close (fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	/* The name (field 2) may hold anything: count after its ')'.  */
	p = strrchr (buf, ')');
	for (field = 2; p && field < 20; field++)
		p = strchr (p + 1, ' ');
	if (!p || p[1] < '0' || p[1] > '9')
		return 0;
	for (p++; *p >= '0' && *p <= '9'; p++)
		v = v * 10 + (uint64_t) (*p - '0');
	/* A count of 0, never a kernel's: qemu-user (7.2) leaves the
	   field 0, and its runs test the ports: taken as one thread.  */
	return v ? v : 1;
}

/* ------------------------------------------------------------------ */
/* Functions and sleds */

/* Heap sorts (no malloc, n log n whatever the order), of the
   functions by entry and of the sleds.  */
static void
fn_sift (struct mc_sledfn *a, size_t i, size_t n)
{
	struct mc_sledfn v = a[i];
	size_t c;

	while ((c = 2 * i + 1) < n) {
		if (c + 1 < n && a[c + 1].lo > a[c].lo)
			c++;
		if (a[c].lo <= v.lo)
			break;
		a[i] = a[c];
		i = c;
	}
	a[i] = v;
}

static void
fn_sort (struct mc_sledfn *a, size_t n)
{
	size_t i;

	for (i = n / 2; i-- > 0;)
		fn_sift (a, i, n);
	while (n > 1) {
		struct mc_sledfn t = a[0];

		a[0] = a[--n];
		a[n] = t;
		fn_sift (a, 0, n);
	}
}

/* The object's functions, sorted, in memory of their own (*MAPPED
   bytes); NULL if it has no symbols.  */
struct mc_sledfn *
mc_sledf_functions (struct mc_sledf *f, uintptr_t base, size_t *count,
	  size_t *mapped)
{
	unsigned int sec = mc_sledf_section (f, ".symtab", SHT_SYMTAB);
	const ElfW (Sym) *s;
	struct mc_sledfn *t;
	const char *str;
	size_t n, strsize, i, k = 0;

	if (!sec)
		sec = mc_sledf_section (f, ".dynsym", SHT_DYNSYM);
	s = file_syms (f, sec, &n, &str, &strsize);
	if (!s || !n || n > SIZE_MAX / sizeof *t)
		return NULL;
	*mapped = n * sizeof *t;
	t = mmap (NULL, *mapped, PROT_READ | PROT_WRITE,
		  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (t == MAP_FAILED)
		return NULL;
	for (i = 1; i < n; i++) {
		if (ELF64_ST_TYPE (s[i].st_info) != STT_FUNC
		    || s[i].st_shndx == SHN_UNDEF || !s[i].st_value
		    || s[i].st_name >= strsize
		    || !memchr (str + s[i].st_name, '\0',
				strsize - s[i].st_name))
			continue;
		t[k].lo = base + s[i].st_value;
		t[k].hi = t[k].lo + s[i].st_size;
		t[k].name = str + s[i].st_name;
		k++;
	}
	fn_sort (t, k);
	*count = k;
	return t;
}

/* The first function at R or after it, in T (N).  */
size_t
mc_sledf_fn_at (const struct mc_sledfn *t, size_t n, uintptr_t r)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (t[mid].lo < r)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

int
mc_sledf_same_build (struct mc_sledf *f, const unsigned char *id,
		     unsigned int len)
{
	unsigned int sec = mc_sledf_section (f, ".note.gnu.build-id",
					     SHT_NOTE);
	const ElfW (Nhdr) *nh;
	size_t size, name;

	if (!len || !sec || !(nh = file_bytes (f, sec, &size))
	    || size < sizeof *nh)
		return -1;
	name = (nh->n_namesz + 3) & ~(size_t) 3;
	if (nh->n_type != NT_GNU_BUILD_ID
	    || size - sizeof *nh < name
	    || size - sizeof *nh - name < nh->n_descsz)
		return -1;
	return nh->n_descsz == len
		&& memcmp ((const unsigned char *) (nh + 1) + name, id,
			   len) == 0;
}

/* The number in BASE (10 or 16) at *P, which moves past it.  */
static uint64_t
maps_num (const char **p, const char *end, unsigned int base)
{
	uint64_t v = 0;

	for (; *p < end; ++*p) {
		unsigned int c = (unsigned char) **p, d;

		if (c >= '0' && c <= '9')
			d = c - '0';
		else if (base == 16 && c >= 'a' && c <= 'f')
			d = c - 'a' + 10;
		else
			break;
		v = v * base + d;
	}
	return v;
}

/* Whether the line of /proc/self/maps [P, END) holds ADDR; if so,
   *SAME: it maps F's file.  "lo-hi perms offset major:minor inode".  */
static bool
maps_line (const struct mc_sledf *f, const char *p, const char *end,
	   uintptr_t addr, bool *same)
{
	uint64_t lo = maps_num (&p, end, 16), hi, major, minor, ino;
	int field;

	if (p >= end || *p++ != '-')
		return false;
	hi = maps_num (&p, end, 16);
	if (addr < lo || addr >= hi)
		return false;
	for (field = 0; field < 2; field++) {	/* perms, offset */
		while (p < end && *p != ' ')
			p++;
		while (p < end && *p == ' ')
			p++;
	}
	major = maps_num (&p, end, 16);
	if (p >= end || *p++ != ':')
		return true;			/* *SAME stays false */
	minor = maps_num (&p, end, 16);
	while (p < end && *p == ' ')
		p++;
	ino = maps_num (&p, end, 10);
	*same = major == major (f->dev) && minor == minor (f->dev)
		&& ino == (uint64_t) f->ino;
	return true;
}

bool
mc_sledf_maps_file (struct mc_sledf *f, uintptr_t addr)
{
	char buf[4096];
	size_t len = 0;
	ssize_t n;
	bool same = false, found = false;
	int fd = mc_open (AT_FDCWD, "/proc/self/maps", O_RDONLY | O_CLOEXEC,
			  0);

	if (fd < 0)
		return false;
	while (!found && (n = read (fd, buf + len, sizeof buf - len)) > 0) {
		const char *p = buf, *nl;

		len += (size_t) n;
		while (!found
		       && (nl = memchr (p, '\n',
					len - (size_t) (p - buf)))) {
			found = maps_line (f, p, nl, addr, &same);
			p = nl + 1;
		}
		len -= (size_t) (p - buf);
		memmove (buf, p, len);
		if (len == sizeof buf)		/* a line longer than buf */
			len = 0;
	}
	close (fd);
	return found && same;
}

void
mc_sledf_close (struct mc_sledf *f)
{
	unsigned int k;

	for (k = 0; k < f->nparts; k++)
		munmap (f->part[k].p, f->part[k].mapped);
	f->nparts = 0;
	close (f->fd);
}

static void
site_sift (uintptr_t *a, size_t i, size_t n)
{
	uintptr_t v = a[i];
	size_t c;

	while ((c = 2 * i + 1) < n) {
		if (c + 1 < n && a[c + 1] > a[c])
			c++;
		if (a[c] <= v)
			break;
		a[i] = a[c];
		i = c;
	}
	a[i] = v;
}

void
mc_sledf_sort_sites (uintptr_t *a, size_t n)
{
	size_t i;

	for (i = n / 2; i-- > 0;)
		site_sift (a, i, n);
	while (n > 1) {
		uintptr_t t = a[0];

		a[0] = a[--n];
		a[n] = t;
		site_sift (a, 0, n);
	}
}
