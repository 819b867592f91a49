/* read.c - read the records of one gmon file.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   The reader pulls the file through a fixed buffer with read(2), so it
   works the same on pipes (standard input) as on files, and it never
   believes a count before the bytes behind it have arrived: a header
   that claims four billion bins in a 100-byte file fails with "unexpected
   end of file" after 100 bytes, not with an 8 GB allocation.  Every
   damaged input ends in a message naming the file and the offset.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "gmon/bytes.h"
#include "gmon/gmon.h"

#define READ_BUF_SIZE	65536
_Static_assert (READ_BUF_SIZE >= 2 * GMON_PAGE_BINS,
		"the buffer holds a page of bins");
/* Counts a file's fields allow but no run can reach: 2^48 calls of one
   arc or executions of one block is days of nothing else.  Beyond it a
   count is damage, and would take billions of narrower records to write
   out again.  */
#define PLAUSIBLE_COUNT_MAX	((uint64_t) 1 << 48)

enum reader_state {
	ST_RECORDS,			/* new format: next is a tag or EOF */
	ST_BSD_HIST,			/* BSD: the bins come next */
	ST_BSD_ARCS,			/* BSD: arcs until EOF */
	ST_DONE
};

struct gmon_reader {
	int fd;				/* input */
	bool close_fd;			/* fd is ours to close */
	char *name;			/* for messages */
	struct gmon_target t;		/* field layout */
	enum gmon_format format;	/* layout found */
	uint32_t version;		/* new-format version field */
	struct gmon_run run;		/* new format: the header's stamp */
	enum reader_state state;
	struct gmon_hist_hdr bsd_hist;	/* BSD: header, until yielded */
	unsigned char buf[READ_BUF_SIZE];
	size_t pos;			/* next unread byte of buf */
	size_t len;			/* bytes in buf */
	bool eof;			/* read(2) returned 0 */
	bool guessed_bsd;		/* no cookie: read as BSD by guess */
	uint64_t size;			/* size of a regular file, else 0 */
	int read_errno;			/* read(2) failed with this */
	uint64_t offset;		/* file offset of buf[pos] */
	struct gmon_bins hist;		/* the histogram record's counts */
	gmon_hist_sink_fn *sink;	/* where they may go instead */
	void *sink_ctx;			/* its argument */
	struct gmon_bb *blocks;		/* basic blocks */
	size_t blocks_cap;
};

/* Makes N bytes (N <= READ_BUF_SIZE) readable at buf[pos], as far as
   the input has them.  Returns how many are available, at most N.  */
static size_t
fill (struct gmon_reader *r, size_t n)
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

static const unsigned char *
take (struct gmon_reader *r, size_t n)
{
	const unsigned char *p;

	if (fill (r, n) < n)
		return NULL;
	p = r->buf + r->pos;
	r->pos += n;
	r->offset += n;
	return p;
}

static uint64_t
get (const struct gmon_reader *r, const unsigned char *p, unsigned int size)
{
	return gmon_get_uint (p, size, r->t.big_endian);
}

static uint64_t
get_vma (const struct gmon_reader *r, const unsigned char *p)
{
	uint64_t v = get (r, p, r->t.addr_size);

	if (r->t.addr_size == 4 && r->t.sign_extend && (v & 0x80000000u))
		v |= 0xffffffff00000000u;
	return v;
}

/* The message for input that stopped short: a read error if there was
   one, else the end of the file.  */
static void
fail_short (struct gmon_reader *r, struct gmon_error *err, uint64_t at,
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

/* Grows *ARRAY to hold at least NEED elements of SIZE bytes, never
   beyond LIMIT.  Growth follows the data actually read, so a lying
   count costs no more memory than the bytes that back it.  */
/* The capacity an array of CAP elements grows to for NEED, doubling,
   never beyond LIMIT; 0 if NEED does not fit.  */
static size_t
grow_cap (size_t cap, size_t need, size_t limit, size_t size)
{
	size_t n = cap < 4096 ? 4096 : cap * 2;

	while (n < need)
		n *= 2;
	if (n > limit)
		n = limit;
	if (n < need || n > SIZE_MAX / size)
		return 0;
	return n;
}

static int
grow (void **array, size_t *cap, size_t need, size_t limit, size_t size)
{
	size_t n;
	void *p;

	if (need <= *cap)
		return 0;
	n = grow_cap (*cap, need, limit, size);
	if (!n)
		return -1;
	p = realloc (*array, n * size);
	if (!p)
		return -1;
	*array = p;
	*cap = n;
	return 0;
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

	have = fill (r, GMON_BSD44_HDR_SIZE (asz));
	if (have < old_size) {
		gmon_error_set (err, r->name, "file too short to be a gmon file "
		      "(%zu bytes, and no \"gmon\" cookie)", have);
		return -1;
	}
	p = r->buf + r->pos;
	h->low_pc = get_vma (r, p);
	h->high_pc = get_vma (r, p + asz);
	ncnt = get (r, p + 2 * asz, 4);
	if (have >= old_size + 4
	    && get (r, p + old_size, 4) == GMON_BSD44_VERSION) {
		hdr_size = GMON_BSD44_HDR_SIZE (asz);
		if (have < hdr_size) {
			gmon_error_set (err, r->name, "file too short to be a gmon "
			      "file (truncated 4.4BSD header)");
			return -1;
		}
		h->rate = (uint32_t) get (r, p + old_size + 4, 4);
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
	take (r, hdr_size);
	r->state = ST_BSD_HIST;
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

	have = fill (r, GMON_HDR_SIZE);
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
		p = take (r, GMON_HDR_SIZE);
		r->version = (uint32_t) get (r, p + 4, 4);
		r->run.pid = (uint32_t) get (r, p + 8, 4);
		r->run.start = (uint32_t) get (r, p + 12, 4);
		r->run.id = (uint32_t) get (r, p + 16, 4);
		if (r->version != GMON_VERSION && r->version != 0) {
			gmon_error_set (err, path, "unsupported version %u (versions "
			      "0 and 1 are known)", r->version);
			goto out;
		}
		r->format = GMON_FMT_MAGIC;
		r->state = ST_RECORDS;
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

/* Reads NBINS 16-bit bins into BINS, a page (64 KiB of the file) at a
   time: each page takes memory as its counts need (bins.c), so a
   histogram costs no more than its bytes, and an empty stretch of it
   nothing.  */
static int
read_bins (struct gmon_reader *r, struct gmon_bins *bins, uint32_t nbins,
	   uint64_t at, struct gmon_error *err)
{
	uint32_t i = 0;

	while (i < nbins) {
		size_t want = (size_t) (nbins - i) * 2;
		size_t got;

		/* A page a time: the buffer holds one exactly.  */
		if (want > 2 * (size_t) GMON_PAGE_BINS)
			want = 2 * (size_t) GMON_PAGE_BINS;
		got = fill (r, want);
		if (got < want) {
			take (r, got & ~(size_t) 1);
			if (r->read_errno)
				fail_short (r, err, at, "histogram");
			else
				gmon_error_set (err, r->name, "unexpected end of file "
				      "after reading %u of %u samples of the "
				      "histogram record at offset %llu",
				      i + (uint32_t) (got / 2), nbins,
				      (unsigned long long) at);
			return -1;
		}
		if (gmon_bins_add_raw16 (bins, i, take (r, got),
					 (uint32_t) (got / 2),
					 r->t.big_endian) < 0) {
			gmon_error_set (err, r->name, "out of memory for %u bins",
					nbins);
			return -1;
		}
		i += (uint32_t) (got / 2);
	}
	return 0;
}

/* The counts of the histogram whose header is H into REC: added to
   what the sink names, or read into the reader's own bins.  */
static int
hist_counts (struct gmon_reader *r, struct gmon_record *rec,
	     struct gmon_error *err)
{
	struct gmon_bins *to = r->sink ? r->sink (r->sink_ctx, &rec->hist)
		: NULL;

	gmon_bins_free (&r->hist);
	gmon_bins_init (&r->hist, rec->hist.nbins);
	if (read_bins (r, to ? to : &r->hist, rec->hist.nbins, rec->offset,
		       err) < 0)
		return -1;
	rec->kind = GMON_REC_HIST;
	rec->bins = to ? to : &r->hist;
	rec->added = to != NULL;
	return 0;
}

int
gmon_build_cmp (const struct gmon_build *a, const struct gmon_build *b)
{
	size_t n = a->len < b->len ? a->len : b->len, i;
	bool size = false, time = false;

	if (!a->kind || !b->kind)
		return -1;
	if (a->kind != b->kind)
		return GMON_BUILD_DIFFERS;
	for (i = 0; i < n; i++)
		if (a->data[i] != b->data[i]) {
			if (a->kind == GMON_BUILD_ID)
				return GMON_BUILD_DIFFERS;
			if (i % 4 < 2)
				size = true;
			else
				time = true;
		}
	return size ? GMON_BUILD_SIZE : time ? GMON_BUILD_TIME : 0;
}

/* The build stamp in the bytes of H's dimension after its NUL, taken
   out of the dimension (gmon_out.h).  */
static void
take_build (struct gmon_hist_hdr *h)
{
	size_t n = strnlen (h->dimen, GMON_DIMEN_LEN);

	memset (&h->build, 0, sizeof h->build);
	if (n + 3 <= GMON_DIMEN_LEN && (h->dimen[n + 1] == GMON_BUILD_ID
					|| h->dimen[n + 1] == GMON_BUILD_FILE)) {
		h->build.kind = h->dimen[n + 1];
		h->build.len = (unsigned char) (GMON_DIMEN_LEN - n - 2);
		memcpy (h->build.data, h->dimen + n + 2, h->build.len);
	}
	memset (h->dimen + n, 0, GMON_DIMEN_LEN + 1 - n);
}

static int
read_hist (struct gmon_reader *r, struct gmon_record *rec,
	   struct gmon_error *err)
{
	unsigned int asz = r->t.addr_size;
	struct gmon_hist_hdr *h = &rec->hist;
	const unsigned char *p = take (r, GMON_HIST_HDR_SIZE (asz));
	uint64_t bytes;

	if (!p) {
		fail_short (r, err, rec->offset, "histogram record header");
		return -1;
	}
	h->low_pc = get_vma (r, p);
	h->high_pc = get_vma (r, p + asz);
	h->nbins = (uint32_t) get (r, p + 2 * asz, 4);
	h->rate = (uint32_t) get (r, p + 2 * asz + 4, 4);
	memcpy (h->dimen, p + 2 * asz + 8, GMON_DIMEN_LEN);
	h->dimen[GMON_DIMEN_LEN] = '\0';
	take_build (h);
	h->abbrev = (char) p[2 * asz + 8 + GMON_DIMEN_LEN];
	if (h->low_pc > h->high_pc) {
		gmon_error_set (err, r->name, "histogram record at offset %llu: "
		      "low_pc 0x%llx is above high_pc 0x%llx",
		      (unsigned long long) rec->offset,
		      (unsigned long long) h->low_pc,
		      (unsigned long long) h->high_pc);
		return -1;
	}
	bytes = h->high_pc - h->low_pc;
	if (h->nbins == 0 || h->nbins > bytes) {
		gmon_error_set (err, r->name, "histogram record at offset %llu: "
		      "impossible bin count %u for %llu bytes of text",
		      (unsigned long long) rec->offset, h->nbins,
		      (unsigned long long) bytes);
		return -1;
	}
	return hist_counts (r, rec, err);
}

static int
read_arc (struct gmon_reader *r, struct gmon_record *rec,
	  struct gmon_error *err)
{
	unsigned int asz = r->t.addr_size;
	const unsigned char *p = take (r, GMON_ARC_SIZE (asz));

	if (!p) {
		fail_short (r, err, rec->offset, "call-graph arc record");
		return -1;
	}
	rec->kind = GMON_REC_ARC;
	rec->arc.from_pc = get_vma (r, p);
	rec->arc.self_pc = get_vma (r, p + asz);
	rec->arc.count = get (r, p + 2 * asz, 4);
	return 0;
}

/* Skips a NUL-terminated string of a version-0 block record.  */
static int
skip_string (struct gmon_reader *r)
{
	size_t n;

	for (n = 0; n < 65536; n++) {
		const unsigned char *p = take (r, 1);

		if (!p)
			return -1;
		if (*p == '\0')
			return 0;
	}
	return -1;
}

static int
read_bb (struct gmon_reader *r, struct gmon_record *rec,
	 struct gmon_error *err)
{
	unsigned int asz = r->t.addr_size;
	const unsigned char *p = take (r, GMON_BB_HDR_SIZE);
	uint32_t n, i = 0;

	if (!p) {
		fail_short (r, err, rec->offset, "basic-block record");
		return -1;
	}
	n = (uint32_t) get (r, p, 4);
	if (r->version == 0 && skip_string (r) < 0)
		goto short_rec;
	for (i = 0; i < n; i++) {
		struct gmon_bb *b;

		if (grow ((void **) &r->blocks, &r->blocks_cap,
			  (size_t) i + 1, n, sizeof *r->blocks) < 0) {
			gmon_error_set (err, r->name, "out of memory for %u blocks", n);
			return -1;
		}
		b = &r->blocks[i];
		if (r->version == 0) {
			/* Host layout: count, then address.  */
			if (!(p = take (r, 16)))
				goto short_rec;
			memcpy (&b->count, p, 8);
			memcpy (&b->addr, p + 8, 8);
			if (b->count > PLAUSIBLE_COUNT_MAX) {
				gmon_error_set (err, r->name, "basic-block "
						"record at offset %llu has an "
						"implausible count of %llu",
						(unsigned long long) rec->offset,
						(unsigned long long) b->count);
				return -1;
			}
			if (asz == 4 && b->addr > 0xffffffffu) {
				gmon_error_set (err, r->name, "basic-block "
						"record at offset %llu: address "
						"0x%llx does not fit a 32-bit "
						"target",
						(unsigned long long) rec->offset,
						(unsigned long long) b->addr);
				return -1;
			}
			if (skip_string (r) < 0 || skip_string (r) < 0
			    || !take (r, 4))
				goto short_rec;
		} else {
			if (!(p = take (r, GMON_BB_ENTRY_SIZE (asz))))
				goto short_rec;
			b->addr = get_vma (r, p);
			b->count = get (r, p + asz, asz);
		}
	}
	rec->kind = GMON_REC_BB;
	rec->blocks = r->blocks;
	rec->nblocks = n;
	return 0;
short_rec:
	if (r->read_errno)
		fail_short (r, err, rec->offset, "basic-block record");
	else
		gmon_error_set (err, r->name, "unexpected end of file after %u of %u "
		      "blocks of the basic-block record at offset %llu", i, n,
		      (unsigned long long) rec->offset);
	return -1;
}

static int
next_bsd_arc (struct gmon_reader *r, struct gmon_record *rec,
	      struct gmon_error *err)
{
	unsigned int asz = r->t.addr_size;
	size_t have = fill (r, GMON_BSD_ARC_SIZE (asz));
	const unsigned char *p;

	if (have == 0 && !r->read_errno) {
		r->state = ST_DONE;
		rec->kind = GMON_REC_END;
		return 0;
	}
	if (have < GMON_BSD_ARC_SIZE (asz)) {
		fail_short (r, err, rec->offset, "call-graph arc");
		return -1;
	}
	p = take (r, GMON_BSD_ARC_SIZE (asz));
	rec->kind = GMON_REC_ARC;
	rec->arc.from_pc = get_vma (r, p);
	rec->arc.self_pc = get_vma (r, p + asz);
	rec->arc.count = get (r, p + 2 * asz, asz);
	if (rec->arc.count > PLAUSIBLE_COUNT_MAX) {
		gmon_error_set (err, r->name, "call-graph arc at offset %llu "
				"has an implausible count of %llu",
				(unsigned long long) rec->offset,
				(unsigned long long) rec->arc.count);
		return -1;
	}
	return 1;
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
	case ST_BSD_HIST:
		r->state = ST_BSD_ARCS;
		if (r->bsd_hist.nbins > 0) {
			rec->hist = r->bsd_hist;
			if (hist_counts (r, rec, err) < 0)
				goto broken;
			return 1;
		}
		/* No bins: arcs come next.  */
		/* fall through */
	case ST_BSD_ARCS:
		if (next_bsd_arc (r, rec, err) < 0)
			goto broken;
		return rec->kind == GMON_REC_END ? 0 : 1;
	case ST_DONE:
		rec->kind = GMON_REC_END;
		return 0;
	case ST_RECORDS:
		break;
	}

	p = take (r, 1);
	if (!p) {
		if (r->read_errno) {
			fail_short (r, err, rec->offset, "record tag");
			goto broken;
		}
		r->state = ST_DONE;
		rec->kind = GMON_REC_END;
		return 0;
	}
	switch (*p) {
	case GMON_TAG_TIME_HIST:
		if (read_hist (r, rec, err) < 0)
			goto broken;
		return 1;
	case GMON_TAG_CG_ARC:
		if (read_arc (r, rec, err) < 0)
			goto broken;
		return 1;
	case GMON_TAG_BB_COUNT:
		if (read_bb (r, rec, err) < 0)
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
	r->state = ST_DONE;
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

/* libgmon never writes a pid or a start of 0; GNU gprof -s leaves
   whatever its stack held in these bytes, seen with zeros among them,
   and such a header must not read as a run.  */
bool
gmon_run_known (const struct gmon_run *run)
{
	return run->pid != 0 && run->start != 0;
}

bool
gmon_run_differs (const struct gmon_run *a, const struct gmon_run *b)
{
	return gmon_run_known (a) && gmon_run_known (b)
		&& (a->pid != b->pid || a->start != b->start
		    || a->id != b->id);
}

uint32_t
gmon_run_dump (const struct gmon_run *run)
{
	return run->id & GMON_RUN_DUMP_MASK;
}

bool
gmon_run_other_dump (const struct gmon_run *a, const struct gmon_run *b)
{
	return gmon_run_differs (a, b) && a->pid == b->pid
		&& a->start == b->start
		&& (a->id & ~GMON_RUN_DUMP_MASK) == (b->id & ~GMON_RUN_DUMP_MASK);
}

char *
gmon_run_text (const struct gmon_run *run, char *buf)
{
	time_t t = (time_t) run->start;
	struct tm tm;

	if (!gmon_run_known (run)) {
		strcpy (buf, "no run stamp");
		return buf;
	}
	if (!gmtime_r (&t, &tm))
		memset (&tm, 0, sizeof tm);
	snprintf (buf, GMON_RUN_TEXT, "pid %" PRIu32 ", started "
		  "%04d-%02d-%02d %02d:%02d:%02d UTC, run %04" PRIx32
		  ", dump %" PRIu32, run->pid, tm.tm_year + 1900,
		  tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
		  run->id >> 16, gmon_run_dump (run));
	return buf;
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
