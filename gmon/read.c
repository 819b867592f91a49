/* read.c - read the records of one gmon file.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   The reader pulls the file through a fixed buffer with read(2), so it
   works the same on pipes (standard input) as on files, and it never
   believes a count before the bytes behind it have arrived: a header
   that claims four billion bins in a 100-byte file fails with "unexpected
   end of file" after 100 bytes, not with an 8 GB allocation.  Every
   damaged input ends in a message naming the file and the offset.

   This file holds the input (the buffer, the open, the header, BSD's
   included) and the loop over the records; each record's layout is
   read in read_records.c, the run and build stamps are compared in
   stamps.c, and the reader's state is in reader.h.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gmon/reader.h"

/* Makes N bytes (N <= GMON_RD_BUF_SIZE) readable at buf[pos], as far as
   the input has them.  Returns how many are available, at most N.  */
size_t
gmon_rd_fill (struct gmon_reader *r, size_t n)
{
	if (r->len - r->pos >= n)
		return n;
	if (r->pos > 0) {
		memmove (r->buf, r->buf + r->pos, r->len - r->pos);
		r->len -= r->pos;
		r->pos = 0;
	}
	while (r->len < n && !r->eof && !r->read_errno) {
		ssize_t got = read (r->fd, r->buf + r->len,
				    sizeof r->buf - r->len);

		if (got < 0) {
			if (errno == EINTR)
				continue;
			r->read_errno = errno;
		} else if (got == 0) {
			r->eof = true;
		} else {
			r->len += (size_t) got;
		}
	}
	return r->len - r->pos < n ? r->len - r->pos : n;
}

const unsigned char *
gmon_rd_take (struct gmon_reader *r, size_t n)
{
	const unsigned char *p;

	if (gmon_rd_fill (r, n) < n)
		return NULL;
	p = r->buf + r->pos;
	r->pos += n;
	r->offset += n;
	return p;
}

/* The message for input that stopped short: a read error if there was
   one, else the end of the file.  */
void
gmon_rd_short (struct gmon_reader *r, struct gmon_error *err, uint64_t at,
	       const char *what)
{
	if (r->read_errno)
		gmon_error_set (err, r->name, "read error at offset %llu: %s",
		      (unsigned long long) r->offset,
		      strerror (r->read_errno));
	else
		gmon_error_set (err, r->name,
		      "unexpected end of file in %s at offset %llu",
		      what, (unsigned long long) at);
}

/* A BSD file: the header, whose layout depends on a version word that
   only 4.4BSD headers have.  */
static int
bsd_open (struct gmon_reader *r, enum gmon_format fmt, struct gmon_error *err)
{
	unsigned int asz = r->t.addr_size;
	size_t old_size = GMON_BSD_OLD_HDR_SIZE (asz);
	size_t hdr_size = old_size;
	struct gmon_hist_hdr *h = &r->bsd_hist;
	const unsigned char *p;
	uint64_t ncnt, bytes;
	size_t have;

	have = gmon_rd_fill (r, GMON_BSD44_HDR_SIZE (asz));
	if (have < old_size) {
		gmon_error_set (err, r->name, "file too short to be a gmon file "
		      "(%zu bytes, and no \"gmon\" cookie)", have);
		return -1;
	}
	p = r->buf + r->pos;
	h->low_pc = gmon_rd_vma (r, p);
	h->high_pc = gmon_rd_vma (r, p + asz);
	ncnt = gmon_rd_get (r, p + 2 * asz, 4);
	if (have >= old_size + 4
	    && gmon_rd_get (r, p + old_size, 4) == GMON_BSD44_VERSION) {
		hdr_size = GMON_BSD44_HDR_SIZE (asz);
		if (have < hdr_size) {
			gmon_error_set (err, r->name, "file too short to be a gmon "
			      "file (truncated 4.4BSD header)");
			return -1;
		}
		h->rate = (uint32_t) gmon_rd_get (r, p + old_size + 4, 4);
		r->format = GMON_FMT_BSD44;
	} else if (fmt == GMON_FMT_BSD44) {
		gmon_error_set (err, r->name,
		      "bad magic cookie: not a 4.4BSD gmon file");
		return -1;
	} else {
		h->rate = 0;		/* old BSD files do not say */
		r->format = GMON_FMT_BSD;
	}
	if (ncnt < hdr_size || h->low_pc > h->high_pc) {
		gmon_error_set (err, r->name, "not a gmon file (no \"gmon\" cookie, "
		      "and not a BSD profile either: %s)",
		      ncnt < hdr_size ? "its size field is smaller than "
		      "the header" : "low_pc is above high_pc");
		return -1;
	}
	if (r->size && ncnt > r->size) {
		gmon_error_set (err, r->name, "not a gmon file (no \"gmon\" "
				"cookie, and not a BSD profile either: its "
				"header promises %llu bytes of histogram, "
				"the file has %llu)",
				(unsigned long long) ncnt,
				(unsigned long long) r->size);
		return -1;
	}
	/* The bins are 16-bit; arcs follow the last whole bin.  */
	h->nbins = (uint32_t) ((ncnt - hdr_size) / 2);
	if (fmt == GMON_FMT_AUTO && !r->size
	    && h->nbins > GMON_GUESS_BINS_MAX) {
		gmon_error_set (err, r->name, "not a gmon file? (no \"gmon\" "
				"cookie; read from a pipe as a BSD profile, its "
				"header claims %u bins, more than the %u "
				"taken on a guess: name the file, or its "
				"format with -O)", h->nbins,
				GMON_GUESS_BINS_MAX);
		return -1;
	}
	bytes = h->high_pc - h->low_pc;
	if (h->nbins > bytes) {
		gmon_error_set (err, r->name, "not a gmon file (no \"gmon\" cookie, "
		      "and not a BSD profile either: %u bins for %llu "
		      "bytes of text)", h->nbins, (unsigned long long) bytes);
		return -1;
	}
	strcpy (h->dimen, "seconds");
	memset (&h->build, 0, sizeof h->build);
	h->abbrev = 's';
	gmon_rd_take (r, hdr_size);
	r->state = GMON_RD_BSD_HIST;
	return 0;
}

/* Opens PATH, or (REGULAR) only if it is a regular file.  */
static struct gmon_reader *
reader_open (const char *path, const struct gmon_target *t,
	     enum gmon_format fmt, bool regular, struct gmon_error *err)
{
	struct gmon_reader *r;
	const unsigned char *p;
	const char *kind;
	struct stat st;
	size_t have;

	if (t->addr_size != 4 && t->addr_size != 8) {
		gmon_error_set (err, path, "unsupported address size of %u bytes",
		      t->addr_size);
		return NULL;
	}
	r = calloc (1, sizeof *r);
	if (!r || !(r->name = strdup (path))) {
		free (r);
		gmon_error_set (err, path, "out of memory");
		return NULL;
	}
	r->t = *t;
	r->fd = -1;
	if (strcmp (path, "-") == 0) {
		r->fd = STDIN_FILENO;
	} else if (regular) {
		r->fd = gmon_open_regular (path, &kind);
		if (r->fd < 0) {
			if (kind)
				gmon_error_set (err, path, "%s, not a gmon file",
						kind);
			else
				gmon_error_set (err, path, "%s",
						strerror (errno));
			goto out;
		}
		r->close_fd = true;
	} else {
		r->fd = open (path, O_RDONLY | O_CLOEXEC);
		if (r->fd < 0) {
			gmon_error_set (err, path, "%s", strerror (errno));
			goto out;
		}
		r->close_fd = true;
	}
	if (fstat (r->fd, &st) == 0) {
		if (S_ISDIR (st.st_mode)) {
			gmon_error_set (err, path,
					"is a directory, not a gmon file");
			goto out;
		}
		if (S_ISREG (st.st_mode))
			r->size = (uint64_t) st.st_size;
	}

	have = gmon_rd_fill (r, GMON_HDR_SIZE);
	if (r->read_errno) {
		gmon_error_set (err, path, "read error: %s", strerror (r->read_errno));
		goto out;
	}
	if (have == 0) {
		gmon_error_set (err, path, "empty file, not a gmon file");
		goto out;
	}

	if (fmt == GMON_FMT_MAGIC
	    || (fmt == GMON_FMT_AUTO && have >= GMON_MAGIC_LEN
		&& memcmp (r->buf, GMON_MAGIC, GMON_MAGIC_LEN) == 0)) {
		if (have < GMON_MAGIC_LEN
		    || memcmp (r->buf, GMON_MAGIC, GMON_MAGIC_LEN) != 0) {
			gmon_error_set (err, path, "bad magic cookie: not a gmon file");
			goto out;
		}
		if (have < GMON_HDR_SIZE) {
			gmon_error_set (err, path, "file too short to be a gmon file "
			      "(%zu bytes)", have);
			goto out;
		}
		p = gmon_rd_take (r, GMON_HDR_SIZE);
		r->version = (uint32_t) gmon_rd_get (r, p + 4, 4);
		r->run.pid = (uint32_t) gmon_rd_get (r, p + 8, 4);
		r->run.start = (uint32_t) gmon_rd_get (r, p + 12, 4);
		r->run.id = (uint32_t) gmon_rd_get (r, p + 16, 4);
		if (r->version != GMON_VERSION && r->version != 0) {
			gmon_error_set (err, path, "unsupported version %u (versions "
			      "0 and 1 are known)", r->version);
			goto out;
		}
		r->format = GMON_FMT_MAGIC;
		r->state = GMON_RD_RECORDS;
		return r;
	}
	r->guessed_bsd = fmt == GMON_FMT_AUTO;
	if (bsd_open (r, fmt, err) == 0)
		return r;
out:
	gmon_reader_close (r);
	return NULL;
}

struct gmon_reader *
gmon_reader_open (const char *path, const struct gmon_target *t,
		  enum gmon_format fmt, struct gmon_error *err)
{
	return reader_open (path, t, fmt, false, err);
}

struct gmon_reader *
gmon_reader_open_regular (const char *path, const struct gmon_target *t,
			  enum gmon_format fmt, struct gmon_error *err)
{
	return reader_open (path, t, fmt, true, err);
}

/* A file without the cookie was read as BSD only by guess: say so, or
   a text file would be reported as a damaged histogram.  */
static void
bsd_guess_failed (struct gmon_reader *r, struct gmon_error *err)
{
	struct gmon_error inner = *err;
	size_t skip = strlen (r->name) + 2;	/* "NAME: " */

	if (strlen (inner.msg) < skip)
		skip = 0;
	gmon_error_set (err, r->name, "not a gmon file? (no \"gmon\" "
			"cookie; read as a BSD profile: %s)",
			inner.msg + skip);
}

int
gmon_reader_next (struct gmon_reader *r, struct gmon_record *rec,
		  struct gmon_error *err)
{
	const unsigned char *p;

	memset (rec, 0, sizeof *rec);
	rec->offset = r->offset;
	switch (r->state) {
	case GMON_RD_BSD_HIST:
		r->state = GMON_RD_BSD_ARCS;
		if (r->bsd_hist.nbins > 0) {
			rec->hist = r->bsd_hist;
			if (gmon_rd_hist_counts (r, rec, err) < 0)
				goto broken;
			return 1;
		}
		/* No bins: arcs come next.  */
		/* fall through */
	case GMON_RD_BSD_ARCS:
		if (gmon_rd_bsd_arc (r, rec, err) < 0)
			goto broken;
		return rec->kind == GMON_REC_END ? 0 : 1;
	case GMON_RD_DONE:
		rec->kind = GMON_REC_END;
		return 0;
	case GMON_RD_RECORDS:
		break;
	}

	p = gmon_rd_take (r, 1);
	if (!p) {
		if (r->read_errno) {
			gmon_rd_short (r, err, rec->offset, "record tag");
			goto broken;
		}
		r->state = GMON_RD_DONE;
		rec->kind = GMON_REC_END;
		return 0;
	}
	switch (*p) {
	case GMON_TAG_TIME_HIST:
		if (gmon_rd_hist (r, rec, err) < 0)
			goto broken;
		return 1;
	case GMON_TAG_CG_ARC:
		if (gmon_rd_arc (r, rec, err) < 0)
			goto broken;
		return 1;
	case GMON_TAG_BB_COUNT:
		if (gmon_rd_bb (r, rec, err) < 0)
			goto broken;
		return 1;
	default:
		gmon_error_set (err, r->name, "unknown record tag %u at offset %llu "
		      "(file corrupted?)", *p,
		      (unsigned long long) rec->offset);
		goto broken;
	}
broken:
	if (r->guessed_bsd && err)
		bsd_guess_failed (r, err);
	/* A damaged file stays damaged: no record is made up after it.  */
	r->state = GMON_RD_DONE;
	rec->kind = GMON_REC_END;
	return -1;
}

enum gmon_format
gmon_reader_format (const struct gmon_reader *r)
{
	return r->format;
}

uint32_t
gmon_reader_version (const struct gmon_reader *r)
{
	return r->version;
}

void
gmon_reader_run (const struct gmon_reader *r, struct gmon_run *run)
{
	*run = r->run;
}


uint64_t
gmon_reader_left (const struct gmon_reader *r)
{
	return r->size > r->offset ? r->size - r->offset : 0;
}

void
gmon_reader_take_bins (struct gmon_reader *r, struct gmon_bins *b)
{
	*b = r->hist;
	gmon_bins_init (&r->hist, 0);
}

void
gmon_reader_hist_sink (struct gmon_reader *r, gmon_hist_sink_fn *fn,
		       void *ctx)
{
	r->sink = fn;
	r->sink_ctx = ctx;
}

void
gmon_reader_close (struct gmon_reader *r)
{
	if (!r)
		return;
	if (r->close_fd && r->fd >= 0)
		close (r->fd);
	gmon_bins_free (&r->hist);
	free (r->blocks);
	free (r->name);
	free (r);
}
