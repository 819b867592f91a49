/* write.c - write gmon files with nothing but write(2).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   The runtime writes its profile at exit, from fatal-signal handlers
   and on demand from a signal, so this file calls no malloc and no
   stdio and keeps all its state in struct gmon_writer and the buffer
   the caller lends it.  It is compiled into the runtime as well as
   into the analyser.

   Fields have fixed widths (16-bit bins, 32-bit arc counts) but the
   counts kept in memory are 64-bit.  A value too wide for its field is
   never truncated: readers add up records with the same key, so the
   rest goes into further records.  */

#include <config.h>

#if __STDC_HOSTED__
#include <errno.h>
#include <string.h>
#else
#include "gmon/nolibc.h"
#endif
#ifndef GMON_WRITER_NO_FD
#include <unistd.h>
#endif

#include "gmon/bytes.h"
#include "gmon/gmon.h"

void
gmon_writer_init (struct gmon_writer *w, int fd, void *buf, size_t cap,
		  const struct gmon_target *t)
{
	w->fd = fd;
	w->sink = NULL;
	w->sink_ctx = NULL;
	w->buf = buf;
	w->cap = cap;
	w->len = 0;
	w->target = *t;
	w->error = cap < GMON_WRITER_MIN_BUF ? EINVAL : 0;
	w->nbytes = 0;
}

void
gmon_writer_init_sink (struct gmon_writer *w, gmon_sink_fn *sink, void *ctx,
		       void *buf, size_t cap, const struct gmon_target *t)
{
	gmon_writer_init (w, -1, buf, cap, t);
	w->sink = sink;
	w->sink_ctx = ctx;
}

int
gmon_writer_flush (struct gmon_writer *w)
{
	if (w->error)
		return -1;
	if (w->sink) {
		int err = w->len ? w->sink (w->sink_ctx, w->buf, w->len) : 0;

		if (err) {
			w->error = err;
			return -1;
		}
		w->nbytes += w->len;
		w->len = 0;
		return 0;
	}
#ifdef GMON_WRITER_NO_FD
	w->error = EBADF;
	return -1;
#else
	size_t done = 0;

	while (done < w->len) {
		ssize_t n = write (w->fd, w->buf + done, w->len - done);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			w->error = errno;
			return -1;
		}
		if (n == 0) {
			w->error = EIO;
			return -1;
		}
		done += (size_t) n;
		w->nbytes += (uint64_t) n;
	}
	w->len = 0;
	return 0;
#endif
}

unsigned char *
gmon_writer_reserve (struct gmon_writer *w, size_t n)
{
	unsigned char *p;

	if (w->error)
		return NULL;
	if (w->cap - w->len < n && gmon_writer_flush (w) < 0)
		return NULL;
	p = w->buf + w->len;
	w->len += n;
	return p;
}

static int
put_uint (struct gmon_writer *w, uint64_t v, unsigned int size)
{
	unsigned char *p = gmon_writer_reserve (w, size);

	if (!p)
		return -1;
	gmon_put_uint (p, v, size, w->target.big_endian);
	return 0;
}

static int
put_vma (struct gmon_writer *w, uint64_t v)
{
	return put_uint (w, v, w->target.addr_size);
}

static int
put_bytes (struct gmon_writer *w, const void *src, size_t n)
{
	unsigned char *p = gmon_writer_reserve (w, n);

	if (!p)
		return -1;
	memcpy (p, src, n);
	return 0;
}

static uint64_t
load_count (const void *bins, unsigned int bin_size, size_t i)
{
	const unsigned char *p = (const unsigned char *) bins + i * bin_size;
	uint16_t v16;
	uint32_t v32;
	uint64_t v64;

	switch (bin_size) {
	case 2:
		memcpy (&v16, p, 2);
		return v16;
	case 4:
		memcpy (&v32, p, 4);
		return v32;
	default:
		memcpy (&v64, p, 8);
		return v64;
	}
}

static uint64_t
vma_max (const struct gmon_writer *w)
{
	return w->target.addr_size >= 8 ? UINT64_MAX
		: ((uint64_t) 1 << (8 * w->target.addr_size)) - 1;
}

int
gmon_write_header_run (struct gmon_writer *w, const struct gmon_run *run)
{
	static const struct gmon_run none;

	if (!run)
		run = &none;
	if (put_bytes (w, GMON_MAGIC, GMON_MAGIC_LEN) < 0
	    || put_uint (w, GMON_VERSION, 4) < 0
	    || put_uint (w, run->pid, 4) < 0
	    || put_uint (w, run->start, 4) < 0
	    || put_uint (w, run->id, 4) < 0)
		return -1;
	return 0;
}

int
gmon_write_header (struct gmon_writer *w)
{
	return gmon_write_header_run (w, NULL);
}

/* FNV-1a, 32 bits, of the 8 bytes of V (little-endian).  */
static uint32_t
fnv32 (uint64_t v)
{
	uint32_t h = 2166136261u;
	int i;

	for (i = 0; i < 8; i++) {
		h ^= (uint32_t) (v >> (8 * i)) & 0xff;
		h *= 16777619u;
	}
	return h;
}

void
gmon_build_make (struct gmon_build *b, const unsigned char *id, size_t n,
		 uint64_t size, uint64_t mtime_ns)
{
	uint32_t h;
	size_t i;

	memset (b, 0, sizeof *b);
	if (n > 0) {
		b->kind = GMON_BUILD_ID;
		b->len = (unsigned char) (n < GMON_BUILD_DATA_MAX ? n
					  : GMON_BUILD_DATA_MAX);
		memcpy (b->data, id, b->len);
		return;
	}
	if (size == 0 && mtime_ns == 0)
		return;
	/* Size and time interleaved by twos, so that the 4 bytes a
	   longer dimension leaves still hold some of each.  */
	h = fnv32 (mtime_ns);
	b->kind = GMON_BUILD_FILE;
	b->len = 8;
	for (i = 0; i < 2; i++) {
		b->data[4 * i] = (unsigned char) (size >> (16 * i));
		b->data[4 * i + 1] = (unsigned char) (size >> (16 * i + 8));
		b->data[4 * i + 2] = (unsigned char) (h >> (16 * i));
		b->data[4 * i + 3] = (unsigned char) (h >> (16 * i + 8));
	}
}

static int
put_hist_header (struct gmon_writer *w, const struct gmon_hist_hdr *h)
{
	char dimen[GMON_DIMEN_LEN];
	size_t n = strnlen (h->dimen, GMON_DIMEN_LEN), room;

	/* NUL-padded, so no byte of the caller's struct beyond the
	   name ever reaches the file; then the build stamp, if there is
	   room for its kind and a byte.  */
	memset (dimen, 0, sizeof dimen);
	memcpy (dimen, h->dimen, n);
	if (h->build.kind && n + 3 <= GMON_DIMEN_LEN) {
		room = GMON_DIMEN_LEN - n - 2;
		dimen[n + 1] = h->build.kind;
		memcpy (dimen + n + 2, h->build.data,
			h->build.len < room ? h->build.len : room);
	}
	if (put_uint (w, GMON_TAG_TIME_HIST, 1) < 0
	    || put_vma (w, h->low_pc) < 0
	    || put_vma (w, h->high_pc) < 0
	    || put_uint (w, h->nbins, 4) < 0
	    || put_uint (w, h->rate, 4) < 0
	    || put_bytes (w, dimen, sizeof dimen) < 0
	    || put_bytes (w, &h->abbrev, 1) < 0)
		return -1;
	return 0;
}

/* The counts of a flat array, for the writers below.  */
struct flat_counts {
	const void *bins;		/* the array */
	unsigned int bin_size;		/* bytes per count: 2, 4 or 8 */
};

static void
flat_fill (const void *ctx, uint32_t first, uint32_t n, uint64_t *out)
{
	const struct flat_counts *f = ctx;
	uint32_t i;

	for (i = 0; i < n; i++)
		out[i] = load_count (f->bins, f->bin_size, (size_t) first + i);
}

/* Counts are asked for this many at a time (on the stack: the runtime
   writes from signal handlers).  */
#ifndef GMON_FILL_CHUNK
#define FILL_CHUNK	64
#else
#define FILL_CHUNK	GMON_FILL_CHUNK	/* a small stack (bare metal) */
#endif

/* Record R (from 0) carries the part of each count between R*65535 and
   (R+1)*65535, so the records add up to the count:

     count 150000 ->  record 0: 65535   record 1: 65535   record 2: 18930

   Every record repeats the whole range: gprof adds records of equal
   range but refuses ranges that overlap without being equal.  */
int
gmon_write_hist_fill (struct gmon_writer *w, const struct gmon_hist_hdr *h,
		      gmon_fill_fn *fill, const void *ctx)
{
	uint64_t max = 0, base, v[FILL_CHUNK];
	uint32_t i, k, n;

	for (i = 0; i < h->nbins; i += n) {
		n = h->nbins - i < FILL_CHUNK ? h->nbins - i : FILL_CHUNK;
		fill (ctx, i, n, v);
		for (k = 0; k < n; k++)
			if (v[k] > max)
				max = v[k];
	}
	/* A record while some count is left (no division: a 32-bit core
	   would take libgcc's 64-bit one, and the runtime's bytes).  */
	for (base = 0;; base += GMON_BIN_MAX) {
		if (put_hist_header (w, h) < 0)
			return -1;
		for (i = 0; i < h->nbins; i += n) {
			n = h->nbins - i < FILL_CHUNK ? h->nbins - i
				: FILL_CHUNK;
			fill (ctx, i, n, v);
			for (k = 0; k < n; k++) {
				uint64_t c = v[k] <= base ? 0 : v[k] - base;

				if (put_uint (w, c > GMON_BIN_MAX
					      ? GMON_BIN_MAX : c, 2) < 0)
					return -1;
			}
		}
		if (max - base <= GMON_BIN_MAX || max <= base)
			break;
	}
	return 0;
}

int
gmon_write_hist (struct gmon_writer *w, const struct gmon_hist_hdr *h,
		 const void *bins, unsigned int bin_size)
{
	struct flat_counts f = { bins, bin_size };

	return gmon_write_hist_fill (w, h, flat_fill, &f);
}

int
gmon_write_arc (struct gmon_writer *w, uint64_t from_pc, uint64_t self_pc,
		uint64_t count)
{
	/* A zero count is still an arc (gprof -c writes such).  */
	do {
		uint64_t part = count > GMON_ARC_COUNT_MAX
			? GMON_ARC_COUNT_MAX : count;

		if (put_uint (w, GMON_TAG_CG_ARC, 1) < 0
		    || put_vma (w, from_pc) < 0
		    || put_vma (w, self_pc) < 0
		    || put_uint (w, part, 4) < 0)
			return -1;
		count -= part;
	} while (count > 0);
	return 0;
}

int
gmon_write_note (struct gmon_writer *w, unsigned int kind, uint64_t count)
{
	uint64_t all = vma_max (w);

	if (count == 0)
		return 0;
	return gmon_write_arc (w, all, all - kind, count);
}

/* How many (addr, count) entries block B needs: one, unless its count
   is wider than an address.  Wider only with 32-bit addresses (M =
   2^32 - 1), where a count C - 1 = A 2^32 + B = A M + (A + B), A + B
   below 2^33: no division (a 32-bit core would take libgcc's).  */
static uint64_t
bb_entries (const struct gmon_writer *w, const struct gmon_bb *b)
{
	uint64_t m = vma_max (w), y, q, t;

	if (b->count <= m)
		return 1;
	y = b->count - 1;
	q = y >> 32;
	t = q + (y & 0xffffffffu);
	while (t >= m) {
		t -= m;
		q++;
	}
	return q + 1;
}

int
gmon_write_bb (struct gmon_writer *w, const struct gmon_bb *blocks, size_t n)
{
	uint64_t m = vma_max (w);
	size_t i = 0;
	uint64_t done_in_block = 0;	/* count of blocks[i] already written */
	uint64_t done_entries = 0;	/* ... in how many entries */

	while (i < n) {
		uint64_t entries = 0;
		size_t j;
		uint64_t k;

		/* Count the entries of the next record: as many blocks
		   as fit in its 32-bit nblocks field.  */
		for (j = i; j < n; j++) {
			uint64_t e = bb_entries (w, &blocks[j]);

			if (j == i)
				e -= done_entries;
			if (entries + e > GMON_BB_NBLOCKS_MAX) {
				if (entries == 0)
					entries = GMON_BB_NBLOCKS_MAX;
				break;
			}
			entries += e;
		}
		if (put_uint (w, GMON_TAG_BB_COUNT, 1) < 0
		    || put_uint (w, entries, 4) < 0)
			return -1;
		for (k = 0; k < entries; k++) {
			uint64_t left = blocks[i].count - done_in_block;
			uint64_t part = left > m ? m : left;

			if (put_vma (w, blocks[i].addr) < 0
			    || put_vma (w, part) < 0)
				return -1;
			done_in_block += part;
			done_entries++;
			if (done_in_block == blocks[i].count) {
				i++;
				done_in_block = 0;
				done_entries = 0;
			}
		}
	}
	return 0;
}

int
gmon_write_bsd_header (struct gmon_writer *w, uint64_t low_pc,
		       uint64_t high_pc, uint32_t nbins, uint32_t rate,
		       bool bsd44)
{
	static const unsigned char spare[12];
	unsigned int asz = w->target.addr_size;
	uint64_t hdr = bsd44 ? GMON_BSD44_HDR_SIZE (asz)
		: GMON_BSD_OLD_HDR_SIZE (asz);
	uint64_t ncnt = hdr + 2 * (uint64_t) nbins;

	if (ncnt > 0xffffffffu) {
		if (!w->error)
			w->error = EFBIG;
		return -1;
	}
	if (put_vma (w, low_pc) < 0 || put_vma (w, high_pc) < 0
	    || put_uint (w, ncnt, 4) < 0)
		return -1;
	if (bsd44 && (put_uint (w, GMON_BSD44_VERSION, 4) < 0
		      || put_uint (w, rate, 4) < 0
		      || put_bytes (w, spare, sizeof spare) < 0))
		return -1;
	return 0;
}

int
gmon_write_bsd_bins_fill (struct gmon_writer *w, gmon_fill_fn *fill,
			  const void *ctx, uint32_t nbins, bool *clamped)
{
	uint64_t v[FILL_CHUNK];
	uint32_t i, k, n;

	for (i = 0; i < nbins; i += n) {
		n = nbins - i < FILL_CHUNK ? nbins - i : FILL_CHUNK;
		fill (ctx, i, n, v);
		for (k = 0; k < n; k++) {
			if (v[k] > GMON_BIN_MAX) {
				v[k] = GMON_BIN_MAX;
				if (clamped)
					*clamped = true;
			}
			if (put_uint (w, v[k], 2) < 0)
				return -1;
		}
	}
	return 0;
}

int
gmon_write_bsd_bins (struct gmon_writer *w, const void *bins,
		     unsigned int bin_size, uint32_t nbins, bool *clamped)
{
	struct flat_counts f = { bins, bin_size };

	return gmon_write_bsd_bins_fill (w, flat_fill, &f, nbins, clamped);
}

int
gmon_write_bsd_arc (struct gmon_writer *w, uint64_t from_pc,
		    uint64_t self_pc, uint64_t count)
{
	uint64_t m = vma_max (w);

	do {
		uint64_t part = count > m ? m : count;

		if (put_vma (w, from_pc) < 0 || put_vma (w, self_pc) < 0
		    || put_vma (w, part) < 0)
			return -1;
		count -= part;
	} while (count > 0);
	return 0;
}

void
gmon_target_native (struct gmon_target *t)
{
	const uint16_t one = 1;

	t->addr_size = sizeof (void *);
	t->big_endian = *(const unsigned char *) &one == 0;
	t->sign_extend = false;
}
