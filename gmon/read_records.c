/* read_records.c - the records of a gmon file: histograms, arcs,
   basic blocks.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   The reader (read.c) opens the file, reads its header and each
   record's tag, and hands the record here.  Each function takes its
   bytes through the reader's buffer (gmon_rd_take), believes a count
   only as the bytes behind it arrive, and says what is wrong with the
   file's name and the record's offset.  Apart from read.c because the
   layout of each record is one concept, the input and its header
   another.  */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "gmon/reader.h"

/* Counts a file's fields allow but no run can reach: 2^48 calls of one
   arc or executions of one block is days of nothing else.  Beyond it a
   count is damage, and would take billions of narrower records to write
   out again.  */
#define PLAUSIBLE_COUNT_MAX	((uint64_t) 1 << 48)

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
		got = gmon_rd_fill (r, want);
		if (got < want) {
			gmon_rd_take (r, got & ~(size_t) 1);
			if (r->read_errno)
				gmon_rd_short (r, err, at, "histogram");
			else
				gmon_error_set (err, r->name, "unexpected end of file "
				      "after reading %u of %u samples of the "
				      "histogram record at offset %llu",
				      i + (uint32_t) (got / 2), nbins,
				      (unsigned long long) at);
			return -1;
		}
		if (gmon_bins_add_raw16 (bins, i, gmon_rd_take (r, got),
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
int
gmon_rd_hist_counts (struct gmon_reader *r, struct gmon_record *rec,
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

int
gmon_rd_hist (struct gmon_reader *r, struct gmon_record *rec,
	      struct gmon_error *err)
{
	unsigned int asz = r->t.addr_size;
	struct gmon_hist_hdr *h = &rec->hist;
	const unsigned char *p = gmon_rd_take (r, GMON_HIST_HDR_SIZE (asz));
	uint64_t bytes;

	if (!p) {
		gmon_rd_short (r, err, rec->offset, "histogram record header");
		return -1;
	}
	h->low_pc = gmon_rd_vma (r, p);
	h->high_pc = gmon_rd_vma (r, p + asz);
	h->nbins = (uint32_t) gmon_rd_get (r, p + 2 * asz, 4);
	h->rate = (uint32_t) gmon_rd_get (r, p + 2 * asz + 4, 4);
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
	return gmon_rd_hist_counts (r, rec, err);
}

int
gmon_rd_arc (struct gmon_reader *r, struct gmon_record *rec,
	     struct gmon_error *err)
{
	unsigned int asz = r->t.addr_size;
	const unsigned char *p = gmon_rd_take (r, GMON_ARC_SIZE (asz));

	if (!p) {
		gmon_rd_short (r, err, rec->offset, "call-graph arc record");
		return -1;
	}
	rec->kind = GMON_REC_ARC;
	rec->arc.from_pc = gmon_rd_vma (r, p);
	rec->arc.self_pc = gmon_rd_vma (r, p + asz);
	rec->arc.count = gmon_rd_get (r, p + 2 * asz, 4);
	return 0;
}

/* Skips a NUL-terminated string of a version-0 block record.  */
static int
skip_string (struct gmon_reader *r)
{
	size_t n;

	for (n = 0; n < 65536; n++) {
		const unsigned char *p = gmon_rd_take (r, 1);

		if (!p)
			return -1;
		if (*p == '\0')
			return 0;
	}
	return -1;
}

int
gmon_rd_bb (struct gmon_reader *r, struct gmon_record *rec,
	    struct gmon_error *err)
{
	unsigned int asz = r->t.addr_size;
	const unsigned char *p = gmon_rd_take (r, GMON_BB_HDR_SIZE);
	uint32_t n, i = 0;

	if (!p) {
		gmon_rd_short (r, err, rec->offset, "basic-block record");
		return -1;
	}
	n = (uint32_t) gmon_rd_get (r, p, 4);
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
			if (!(p = gmon_rd_take (r, 16)))
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
			    || !gmon_rd_take (r, 4))
				goto short_rec;
		} else {
			if (!(p = gmon_rd_take (r, GMON_BB_ENTRY_SIZE (asz))))
				goto short_rec;
			b->addr = gmon_rd_vma (r, p);
			b->count = gmon_rd_get (r, p + asz, asz);
		}
	}
	rec->kind = GMON_REC_BB;
	rec->blocks = r->blocks;
	rec->nblocks = n;
	return 0;
short_rec:
	if (r->read_errno)
		gmon_rd_short (r, err, rec->offset, "basic-block record");
	else
		gmon_error_set (err, r->name, "unexpected end of file after %u of %u "
		      "blocks of the basic-block record at offset %llu", i, n,
		      (unsigned long long) rec->offset);
	return -1;
}

int
gmon_rd_bsd_arc (struct gmon_reader *r, struct gmon_record *rec,
		 struct gmon_error *err)
{
	unsigned int asz = r->t.addr_size;
	size_t have = gmon_rd_fill (r, GMON_BSD_ARC_SIZE (asz));
	const unsigned char *p;

	if (have == 0 && !r->read_errno) {
		r->state = GMON_RD_DONE;
		rec->kind = GMON_REC_END;
		return 0;
	}
	if (have < GMON_BSD_ARC_SIZE (asz)) {
		gmon_rd_short (r, err, rec->offset, "call-graph arc");
		return -1;
	}
	p = gmon_rd_take (r, GMON_BSD_ARC_SIZE (asz));
	rec->kind = GMON_REC_ARC;
	rec->arc.from_pc = gmon_rd_vma (r, p);
	rec->arc.self_pc = gmon_rd_vma (r, p + asz);
	rec->arc.count = gmon_rd_get (r, p + 2 * asz, asz);
	if (rec->arc.count > PLAUSIBLE_COUNT_MAX) {
		gmon_error_set (err, r->name, "call-graph arc at offset %llu "
				"has an implausible count of %llu",
				(unsigned long long) rec->offset,
				(unsigned long long) rec->arc.count);
		return -1;
	}
	return 1;
}
