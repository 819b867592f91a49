/* gmonx_read.c - read gmonx files, the companions of gmon.out.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   A gmonx file is small next to the classic files it describes, so it
   is read whole and then parsed from memory.  The memory grows with
   the bytes that really arrive, never with a size the file claims; a
   record's size is believed only when the bytes behind it are there;
   every string must end inside its record.  Each message names the
   file and the offset of the record at fault.

   This file holds the file's reading, its header and the record loop,
   with the PROCESS and ARCS records and the helpers every record's
   parser shares (gmonx_reader.h); the objects, contexts and per-thread
   records are parsed in gmonx_objects.c, gmonx_contexts.c and
   gmonx_threads.c.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gmon/gmonx_reader.h"

/* Larger than any file a run writes; a bound for damaged input.  */
#define GMONX_FILE_MAX	((size_t) 1 << 32)

bool
gmonx_is_magic (const void *head, size_t n)
{
	return n >= GMONX_MAGIC_LEN
		&& memcmp (head, GMONX_MAGIC, GMONX_MAGIC_LEN) == 0;
}

static const char *
tag_name (uint32_t tag)
{
	switch (tag) {
	case GMONX_TAG_PROCESS:
		return "process";
	case GMONX_TAG_OBJECT:
		return "object";
	case GMONX_TAG_ARCS:
		return "arcs";
	case GMONX_TAG_CONTEXT:
		return "context";
	case GMONX_TAG_CONTEXTS:
		return "contexts";
	case GMONX_TAG_THREAD:
		return "thread";
	case GMONX_TAG_THREAD_SAMPLES:
		return "thread samples";
	case GMONX_TAG_THREAD_ARCS:
		return "thread arcs";
	case GMONX_TAG_THREADS:
		return "threads";
	default:
		return "unknown";
	}
}

/* A u16-counted string of body B into *S (N bytes).  */
int
gmonx_rd_str (struct gmonx_body *b, const char *field, const unsigned char **s,
	      size_t *n, const struct gmonx_file *f, struct gmon_error *err)
{
	size_t len;

	if (b->left < 2) {
		gmon_error_set (err, f->name, "%s record at offset %llu ends "
				"before its %s", b->what,
				(unsigned long long) b->at, field);
		return -1;
	}
	len = (size_t) gmonx_rd_le (b->p, 2);
	if (b->left - 2 < len) {
		gmon_error_set (err, f->name, "%s record at offset %llu: its "
				"%s of %zu bytes runs past the end of the "
				"record", b->what, (unsigned long long) b->at,
				field, len);
		return -1;
	}
	*s = b->p + 2;
	*n = len;
	b->p += 2 + len;
	b->left -= 2 + len;
	return 0;
}

static int
parse_process (struct gmonx_file *f, struct gmonx_body *b,
	       struct gmon_error *err)
{
	struct gmonx_process *p = &f->process;
	const unsigned char *d = b->p;

	if (f->have_process) {
		gmon_error_set (err, f->name, "a second process record at "
				"offset %llu", (unsigned long long) b->at);
		return -1;
	}
	if (b->left < GMONX_PROCESS_SIZE) {
		gmon_error_set (err, f->name, "process record at offset %llu "
				"has %zu bytes, fewer than the %d it needs",
				(unsigned long long) b->at, b->left,
				GMONX_PROCESS_SIZE);
		return -1;
	}
	p->pid = (uint32_t) gmonx_rd_le (d, 4);
	p->ppid = (uint32_t) gmonx_rd_le (d + 4, 4);
	p->image = (uint32_t) gmonx_rd_le (d + 8, 4);
	p->end = (uint32_t) gmonx_rd_le (d + 12, 4);
	p->signal = (uint32_t) gmonx_rd_le (d + 16, 4);
	p->rate = (uint32_t) gmonx_rd_le (d + 20, 4);
	p->clock = (uint32_t) gmonx_rd_le (d + 24, 4);
	p->dump = (uint32_t) gmonx_rd_le (d + 28, 4);
	p->cpu_ns = gmonx_rd_le (d + 32, 8);
	p->wall_ns = gmonx_rd_le (d + 40, 8);
	p->samples = gmonx_rd_le (d + 48, 8);
	p->unknown = gmonx_rd_le (d + 56, 8);
	p->outside = gmonx_rd_le (d + 64, 8);
	p->lost_calls = gmonx_rd_le (d + 72, 8);
	memset (&p->run, 0, sizeof p->run);
	p->start_ns = 0;
	if (b->left >= GMONX_PROCESS_RUN_SIZE) {
		p->run.start = (uint32_t) gmonx_rd_le (d + 80, 4);
		p->run.id = (uint32_t) gmonx_rd_le (d + 84, 4);
		/* A stamp of zeros says nothing, whatever the pid.  */
		if (p->run.start || p->run.id)
			p->run.pid = p->pid;
		p->start_ns = gmonx_rd_le (d + 88, 8);
	}
	f->have_process = true;
	return 0;
}

/* Grows the array *V of *N elements of SIZE bytes (room for *CAP) to
   hold N + MORE, MORE being backed by bytes read.  */
int
gmonx_rd_grow (void **v, size_t n, size_t more, size_t *cap, size_t size,
	       const struct gmonx_file *f, struct gmon_error *err)
{
	size_t want = *cap ? *cap : 64;
	void *p;

	if (n + more <= *cap)
		return 0;
	while (want < n + more)
		want *= 2;
	p = realloc (*v, want * size);
	if (!p) {
		gmon_error_set (err, f->name, "out of memory");
		return -1;
	}
	*v = p;
	*cap = want;
	return 0;
}

/* The entries of an ARCS or THREAD_ARCS body B, appended to *V (*N of
   them, room for *CAP).  */
int
gmonx_rd_arcs (struct gmonx_file *f, struct gmonx_body *b,
	       struct gmonx_arc **v, size_t *nv, size_t *cap,
	       struct gmon_error *err)
{
	size_t n = b->left / GMONX_ARC_SIZE, i;

	if (b->left % GMONX_ARC_SIZE != 0) {
		gmon_error_set (err, f->name, "%s record at offset %llu has "
				"%zu bytes, not a multiple of %d", b->what,
				(unsigned long long) b->at, b->left,
				GMONX_ARC_SIZE);
		return -1;
	}
	if (gmonx_rd_grow ((void **) v, *nv, n, cap, sizeof **v, f, err) < 0)
		return -1;
	for (i = 0; i < n; i++) {
		const unsigned char *d = b->p + i * GMONX_ARC_SIZE;
		struct gmonx_arc *a = &(*v)[*nv];

		a->from_obj = (uint32_t) gmonx_rd_le (d, 4);
		a->self_obj = (uint32_t) gmonx_rd_le (d + 4, 4);
		a->from_pc = gmonx_rd_le (d + 8, 8);
		a->self_pc = gmonx_rd_le (d + 16, 8);
		a->count = gmonx_rd_le (d + 24, 8);
		if ((a->from_obj != GMONX_NO_OBJECT
		     && !gmonx_object (f, a->from_obj))
		    || (a->self_obj != GMONX_NO_OBJECT
			&& !gmonx_object (f, a->self_obj))) {
			gmon_error_set (err, f->name, "%s record at offset "
					"%llu: arc %zu names object %u, which "
					"no object record before it defines",
					b->what, (unsigned long long) b->at, i,
					gmonx_object (f, a->from_obj)
					|| a->from_obj == GMONX_NO_OBJECT
					? a->self_obj : a->from_obj);
			return -1;
		}
		(*nv)++;
	}
	return 0;
}

static char *
dir_of (const char *name)
{
	const char *slash = strrchr (name, '/');
	char *d;

	if (!slash)
		return strdup (".");
	if (slash == name)
		return strdup ("/");
	d = malloc ((size_t) (slash - name) + 1);
	if (d) {
		memcpy (d, name, (size_t) (slash - name));
		d[slash - name] = '\0';
	}
	return d;
}

/* The records of F->data, from offset OFF on (CH: the depths of its
   contexts).  */
static int
parse_records (struct gmonx_file *f, size_t off, struct gmonx_chains *ch,
	       struct gmon_error *err)
{
	const unsigned char *d = f->data;
	size_t ocap = 0, acap = 0, ncap = 0, tcap = 0, scap = 0, tacap = 0;

	while (off < f->size) {
		struct gmonx_body b;
		uint32_t tag;
		uint64_t size;
		int rc = 0;

		if (f->size - off < GMONX_REC_HDR_SIZE) {
			gmon_error_set (err, f->name, "unexpected end of file "
					"in the record header at offset %zu",
					off);
			return -1;
		}
		tag = (uint32_t) gmonx_rd_le (d + off, 4);
		size = gmonx_rd_le (d + off + 4, 4);
		if (size > f->size - off - GMONX_REC_HDR_SIZE) {
			gmon_error_set (err, f->name, "%s record (tag %u) at "
					"offset %zu claims %llu bytes, the file "
					"has %zu more", tag_name (tag), tag,
					off, (unsigned long long) size,
					f->size - off - GMONX_REC_HDR_SIZE);
			return -1;
		}
		b.p = d + off + GMONX_REC_HDR_SIZE;
		b.left = (size_t) size;
		b.at = off;
		b.what = tag_name (tag);
		switch (tag) {
		case GMONX_TAG_PROCESS:
			rc = parse_process (f, &b, err);
			break;
		case GMONX_TAG_OBJECT:
			rc = gmonx_rd_object (f, &b, &ocap, err);
			break;
		case GMONX_TAG_ARCS:
			rc = gmonx_rd_arcs (f, &b, &f->arcs, &f->narcs,
					    &acap, err);
			break;
		case GMONX_TAG_CONTEXT:
			rc = gmonx_rd_context (f, &b, ch, err);
			break;
		case GMONX_TAG_CONTEXTS:
			rc = gmonx_rd_contexts (f, &b, &ncap, ch, err);
			break;
		case GMONX_TAG_THREADS:
			rc = gmonx_rd_threads (f, &b, err);
			break;
		case GMONX_TAG_THREAD:
			rc = gmonx_rd_thread (f, &b, &tcap, err);
			break;
		case GMONX_TAG_THREAD_SAMPLES:
			rc = gmonx_rd_tsamples (f, &b, &scap, err);
			break;
		case GMONX_TAG_THREAD_ARCS:
			rc = gmonx_rd_tarcs (f, &b, &tacap, err);
			break;
		default:
			f->skipped++;
			break;
		}
		if (rc < 0)
			return -1;
		off += GMONX_REC_HDR_SIZE + (size_t) size;
	}
	return 0;
}

/* Parses F->data.  */
static int
parse (struct gmonx_file *f, struct gmon_error *err)
{
	const unsigned char *d = f->data;
	struct gmonx_chains ch = { NULL, 0, 0, 0 };
	int rc;

	if (f->size < GMONX_HDR_SIZE) {
		gmon_error_set (err, f->name, "file too short to be a gmonx "
				"file (%zu bytes)", f->size);
		return -1;
	}
	if (!gmonx_is_magic (d, f->size)) {
		gmon_error_set (err, f->name, "not a gmonx file (bad magic)");
		return -1;
	}
	f->version = (uint32_t) gmonx_rd_le (d + 8, 4);
	if (f->version != GMONX_VERSION) {
		gmon_error_set (err, f->name, "unsupported gmonx version %u "
				"(version %d is known)", f->version,
				GMONX_VERSION);
		return -1;
	}
	rc = parse_records (f, GMONX_HDR_SIZE, &ch, err);
	free (ch.depth);
	return rc;
}

static int
start (struct gmonx_file *f, const char *name, struct gmon_error *err)
{
	memset (f, 0, sizeof *f);
	f->name = strdup (name);
	f->dir = f->name ? dir_of (name) : NULL;
	if (!f->dir) {
		gmon_error_set (err, name, "out of memory");
		gmonx_free (f);
		return -1;
	}
	return 0;
}

static int
finish (struct gmonx_file *f, struct gmon_error *err)
{
	if (parse (f, err) < 0) {
		gmonx_free (f);
		return -1;
	}
	return 0;
}

int
gmonx_parse (const void *data, size_t size, const char *name,
	     struct gmonx_file *f, struct gmon_error *err)
{
	if (start (f, name, err) < 0)
		return -1;
	f->data = malloc (size ? size : 1);
	if (!f->data) {
		gmon_error_set (err, name, "out of memory");
		gmonx_free (f);
		return -1;
	}
	memcpy (f->data, data, size);
	f->size = size;
	return finish (f, err);
}

int
gmonx_read (const char *path, struct gmonx_file *f, struct gmon_error *err)
{
	const char *kind;
	size_t cap = 0;
	int fd;

	if (start (f, path, err) < 0)
		return -1;
	/* Found beside a profile, not named by the user: a FIFO there
	   would block gprof --objects forever.  */
	fd = gmon_open_regular (path, &kind);
	if (fd < 0) {
		if (kind)
			gmon_error_set (err, path, "%s, not a gmonx file",
					kind);
		else
			gmon_error_set (err, path, "%s", strerror (errno));
		gmonx_free (f);
		return -1;
	}
	for (;;) {
		ssize_t n;

		if (f->size == cap) {
			size_t want = cap ? cap * 2 : 65536;
			unsigned char *p;

			if (cap >= GMONX_FILE_MAX) {
				gmon_error_set (err, path, "larger than %zu "
						"bytes: not a gmonx file",
						GMONX_FILE_MAX);
				goto fail;
			}
			p = realloc (f->data, want);
			if (!p) {
				gmon_error_set (err, path, "out of memory");
				goto fail;
			}
			f->data = p;
			cap = want;
		}
		n = read (fd, f->data + f->size, cap - f->size);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			gmon_error_set (err, path, "read error at offset %zu: "
					"%s", f->size, strerror (errno));
			goto fail;
		}
		if (n == 0)
			break;
		f->size += (size_t) n;
	}
	close (fd);
	return finish (f, err);
fail:
	close (fd);
	gmonx_free (f);
	return -1;
}

void
gmonx_free (struct gmonx_file *f)
{
	size_t i;

	for (i = 0; i < f->nobjects; i++)
		free ((char *) f->objects[i].path);
	for (i = 0; i < f->nthreads; i++)
		free ((char *) f->threads[i].name);
	free (f->objects);
	free (f->arcs);
	free (f->nodes);
	free (f->threads);
	free (f->tsamples);
	free (f->tarcs);
	free (f->id_slot);
	free (f->data);
	free (f->dir);
	free (f->name);
	memset (f, 0, sizeof *f);
}

/* Whether S[0..N) is ".DIGITS".  */
static bool
dot_number (const char *s, size_t n)
{
	size_t i;

	if (n < 2 || s[0] != '.')
		return false;
	for (i = 1; i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			return false;
	return true;
}

int
gmonx_find_companion (const char *profile, char *buf, size_t size)
{
	const char *base = strrchr (profile, '/');
	size_t len = strlen (profile), cut = len, dirlen;
	int k, found = -1;

	base = base ? base + 1 : profile;
	dirlen = (size_t) (base - profile);
	/* K trailing .DIGITS taken for the PID (and image number).  */
	for (k = 0; k <= 2; k++) {
		struct stat st;
		char tmp[4096];
		int n;

		if (k > 0) {
			size_t j = cut;

			while (j > dirlen && profile[j - 1] != '.')
				j--;
			if (j <= dirlen + 1
			    || !dot_number (profile + j - 1, cut - j + 1))
				break;
			cut = j - 1;
		}
		n = snprintf (tmp, sizeof tmp, "%.*s%s%s/%s", (int) cut,
			      profile, GMONX_OBJDIR_SUFFIX, profile + cut,
			      GMONX_COMPANION_NAME);
		if (n < 0 || (size_t) n >= sizeof tmp)
			break;
		if (k == 0 || stat (tmp, &st) == 0) {
			if ((size_t) n >= size)
				return -1;
			memcpy (buf, tmp, (size_t) n + 1);
		}
		if (stat (tmp, &st) == 0) {
			found = 0;
			break;
		}
	}
	return found;
}
