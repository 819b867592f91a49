/* gmonx_names.c - the names of the files a companion lists, for the
   runtime.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   Before libgmon replaces a profile's companion, it reads the old one
   to learn which files of the object directory an earlier dump wrote:
   those, and no others, it may remove once the new companion is in
   place (objdir.c).  It does so at exit or in a signal handler, so
   this reader takes no memory and no stdio: read(2) through a buffer
   on the stack, one record at a time, and of each OBJECT record only
   its file and image names, up to the first record of calls or
   contexts (the load map comes first: gmonx_out.h).  gmonx_read.c
   (with gmonx_objects.c) is the full reader, for the analyser; the
   two must agree on every name (fuzz_gmonx.c checks).  */

#include <config.h>

#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "gmon/gmonx.h"

bool
gmonx_plain_name (const unsigned char *name, size_t n, bool main)
{
	size_t i;

	if (main && n > 3 && memcmp (name, "../", 3) == 0) {
		name += 3;
		n -= 3;
	}
	if ((n == 1 && name[0] == '.')
	    || (n == 2 && name[0] == '.' && name[1] == '.'))
		return false;
	for (i = 0; i < n; i++)
		if (name[i] == '/' || name[i] == '\0')
			return false;
	return true;
}

/* The file, read through a small buffer.  */
struct scan {
	int fd;
	unsigned char buf[2048];
	size_t pos, len;		/* unread bytes: buf[pos, len) */
	bool eof;			/* read(2) said 0 */
	int error;			/* its errno, or 0 */
};

/* At least N bytes (N <= sizeof buf) unread in S, or fewer at the end
   of the file; returns how many there are.  */
static size_t
want (struct scan *s, size_t n)
{
	if (s->pos > 0 && s->len - s->pos < n) {
		memmove (s->buf, s->buf + s->pos, s->len - s->pos);
		s->len -= s->pos;
		s->pos = 0;
	}
	while (s->len - s->pos < n && !s->eof && !s->error) {
		ssize_t got = read (s->fd, s->buf + s->len,
				    sizeof s->buf - s->len);

		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			s->error = errno;
		else if (got == 0)
			s->eof = true;
		else
			s->len += (size_t) got;
	}
	return s->len - s->pos;
}

static uint64_t
le_at (const unsigned char *p, unsigned int size)
{
	uint64_t v = 0;

	while (size-- > 0)
		v = v << 8 | p[size];
	return v;
}

/* Passes over N bytes of S; false if the file ends first.  What is
   not in the buffer is skipped with lseek, so that a big record costs
   nothing (the file is a regular one: objdir.c checks).  */
static bool
skip (struct scan *s, uint64_t n)
{
	size_t have = s->len - s->pos;
	off_t at, end;

	if (n <= have) {
		s->pos += (size_t) n;
		return true;
	}
	n -= have;
	s->pos = s->len = 0;
	at = lseek (s->fd, 0, SEEK_CUR);
	end = lseek (s->fd, 0, SEEK_END);
	if (at < 0 || end < 0 || (uint64_t) (end - at) < n) {
		s->eof = true;
		return false;
	}
	return lseek (s->fd, at + (off_t) n, SEEK_SET) >= 0;
}

/* The next u16-counted string of a record whose body has *LEFT bytes
   still unread: into NAME (NUL-terminated) if it has fewer than
   GMONX_NAME_MAX bytes, else NAME is "".  False if it runs past the
   body or the file.  */
static bool
take_name (struct scan *s, uint64_t *left, char name[GMONX_NAME_MAX],
	   size_t *len)
{
	size_t n;

	if (*left < 2 || want (s, 2) < 2)
		return false;
	n = (size_t) le_at (s->buf + s->pos, 2);
	s->pos += 2;
	*left -= 2;
	if (n > *left)
		return false;
	*left -= n;
	*len = n;
	name[0] = '\0';
	if (n >= GMONX_NAME_MAX)
		return skip (s, n);
	if (want (s, n) < n)
		return false;
	memcpy (name, s->buf + s->pos, n);
	name[n] = '\0';
	s->pos += n;
	return true;
}

/* The names of one OBJECT record, whose body has LEFT bytes.  */
static int
object_names (struct scan *s, uint64_t left, gmonx_name_fn *fn, void *arg)
{
	char path[GMONX_NAME_MAX], file[GMONX_NAME_MAX], bid[GMONX_NAME_MAX];
	char image[GMONX_NAME_MAX];
	size_t np, nf, nb, ni;
	bool main;

	if (left < GMONX_OBJECT_SIZE + 8
	    || want (s, GMONX_OBJECT_SIZE) < GMONX_OBJECT_SIZE)
		return -1;
	main = (le_at (s->buf + s->pos + 4, 4) & GMONX_OBJ_MAIN) != 0;
	s->pos += GMONX_OBJECT_SIZE;
	left -= GMONX_OBJECT_SIZE;
	if (!take_name (s, &left, path, &np)
	    || !take_name (s, &left, file, &nf)
	    || !take_name (s, &left, bid, &nb)
	    || !take_name (s, &left, image, &ni)
	    || !skip (s, left))
		return -1;
	/* The program's own file ("../gmon.out") is not the directory's,
	   and a name too long to be a file name is nobody's.  */
	if (!main && nf > 0 && nf < GMONX_NAME_MAX
	    && gmonx_plain_name ((const unsigned char *) file, nf, false))
		fn (arg, file);
	if (ni > 0 && ni < GMONX_NAME_MAX
	    && gmonx_plain_name ((const unsigned char *) image, ni, false))
		fn (arg, image);
	return 0;
}

int
gmonx_each_name (int fd, gmonx_name_fn *fn, void *arg)
{
	struct scan s;

	s.fd = fd;
	s.pos = s.len = 0;
	s.eof = false;
	s.error = 0;
	if (want (&s, GMONX_HDR_SIZE) < GMONX_HDR_SIZE
	    || memcmp (s.buf, GMONX_MAGIC, GMONX_MAGIC_LEN) != 0
	    || le_at (s.buf + GMONX_MAGIC_LEN, 4) != GMONX_VERSION)
		return -1;
	s.pos = GMONX_HDR_SIZE;
	for (;;) {
		uint64_t tag, size;
		size_t have = want (&s, GMONX_REC_HDR_SIZE);

		if (have == 0)
			return s.error ? -1 : 0;
		if (have < GMONX_REC_HDR_SIZE)
			return -1;
		tag = le_at (s.buf + s.pos, 4);
		size = le_at (s.buf + s.pos + 4, 4);
		s.pos += GMONX_REC_HDR_SIZE;
		/* The load map comes before the calls and contexts, which
		   can be long (gmonx_out.h).  */
		if (tag == GMONX_TAG_ARCS || tag == GMONX_TAG_CONTEXT
		    || tag == GMONX_TAG_CONTEXTS
		    || (tag >= GMONX_TAG_THREAD && tag <= GMONX_TAG_THREADS))
			return 0;
		if (tag == GMONX_TAG_OBJECT) {
			if (object_names (&s, size, fn, arg) < 0)
				return -1;
		} else if (!skip (&s, size)) {
			return -1;
		}
	}
}
