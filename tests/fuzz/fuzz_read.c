/* fuzz_read.c - fuzz target for the gmon reader and merger.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   The first byte of the input picks the layout (address size, byte
   order) and the -O format; the rest is the file.  The file is read
   into a profile, as gprof reads it, then the profile is written out
   in the new format and read again: what was accepted once must come
   back with the same sums, and every refusal must say why.  The pages
   of the histograms (gmon/bins.c) must be well formed and hold no more
   bytes than the input.  The file is also read twice into one profile
   (the second time its counts are added as they are read), which must
   hold every count doubled.  Built with clang
   -fsanitize=fuzzer by `make fuzz`, and linked with replay_main.c for
   `make check`.  */

#include <config.h>

#define _GNU_SOURCE 1
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "gmon/gmon.h"

int LLVMFuzzerTestOneInput (const unsigned char *data, size_t size);

static int
memfd_with (const void *data, size_t size)
{
	int fd = memfd_create ("gmon", 0);

	if (fd < 0)
		abort ();
	if (size && write (fd, data, size) != (ssize_t) size)
		abort ();
	return fd;
}

/* B's pages as bins.c promises them: sparse offsets ascending within
   the page with non-zero counts, widths 2, 4 or 8 wide enough, and its
   byte count what they hold.  Returns the bytes of the pages.  */
static size_t
check_bins (const struct gmon_bins *b)
{
	size_t bytes = b->npages > 1
		? (size_t) b->npages * sizeof (struct gmon_page) : 0;
	uint32_t p, k;

	if ((uint64_t) b->npages << GMON_PAGE_SHIFT
	    >= (uint64_t) b->nbins + 2 * GMON_PAGE_BINS && b->npages > 1)
		abort ();
	for (p = 0; p < b->npages; p++) {
		const struct gmon_page *pg = gmon_bins_page (b, p);
		uint64_t first = (uint64_t) p << GMON_PAGE_SHIFT;
		uint32_t len = b->nbins - first < GMON_PAGE_BINS
			? (uint32_t) (b->nbins - first) : GMON_PAGE_BINS;
		const uint16_t *off;
		size_t size;

		if (!(pg->flags & GMON_PAGE_DENSE) && pg->n == 0) {
			if (pg->flags)
				abort ();
			continue;
		}
		if (first >= b->nbins
		    || (pg->width != 2 && pg->width != 4 && pg->width != 8))
			abort ();
		size = pg->flags & GMON_PAGE_DENSE ? (size_t) len * pg->width
			: (size_t) pg->n * (pg->width + 2u);
		if (((pg->flags & GMON_PAGE_INLINE) != 0) != (size <= 8))
			abort ();
		if (!(pg->flags & GMON_PAGE_INLINE))
			bytes += size;
		if (pg->flags & GMON_PAGE_DENSE)
			continue;
		off = (const uint16_t *) ((const char *) gmon_page_data (pg)
					  + (size_t) pg->n * pg->width);
		for (k = 0; k < pg->n; k++)
			if (off[k] >= len || (k > 0 && off[k] <= off[k - 1])
			    || gmon_bins_get (b, (uint32_t) first + off[k])
			    == 0)
				abort ();
	}
	if (bytes != b->bytes)
		abort ();
	return bytes;
}

static void
same_bins (const struct gmon_bins *a, const struct gmon_bins *b,
	   uint64_t times)
{
	struct gmon_bins_iter ia, ib;
	uint32_t ka, kb;
	uint64_t ca, cb;
	bool ha, hb;

	if (a->nbins != b->nbins)
		abort ();
	gmon_bins_iter_init (&ia, a);
	gmon_bins_iter_init (&ib, b);
	for (;;) {
		ha = gmon_bins_next (&ia, &ka, &ca);
		hb = gmon_bins_next (&ib, &kb, &cb);
		if (ha != hb)
			abort ();
		if (!ha)
			break;
		if (ka != kb || gmon_bins_get (a, ka) != ca
		    || (ca > UINT64_MAX / times ? cb != UINT64_MAX
			: cb != ca * times))
			abort ();
	}
}

/* B has TIMES the counts of A (saturated).  */
static void
same_profile_times (const struct gmon_profile *a, const struct gmon_profile *b,
		    uint64_t times)
{
	size_t i;

	if (a->nhist != b->nhist)
		abort ();
	for (i = 0; i < a->nhist; i++) {
		if (a->hist[i].h.low_pc != b->hist[i].h.low_pc)
			abort ();
		check_bins (&b->hist[i].bins);
		same_bins (&a->hist[i].bins, &b->hist[i].bins, times);
	}
}

static void
same_profile (const struct gmon_profile *a, const struct gmon_profile *b)
{
	size_t i;

	if (a->nhist != b->nhist || a->narcs != b->narcs
	    || a->nbbs != b->nbbs)
		abort ();
	same_profile_times (a, b, 1);
	for (i = 0; i < a->narcs; i++)
		if (memcmp (&a->arcs[i], &b->arcs[i], sizeof a->arcs[i]) != 0)
			abort ();
	for (i = 0; i < a->nbbs; i++)
		if (memcmp (&a->bbs[i], &b->bbs[i], sizeof a->bbs[i]) != 0)
			abort ();
}

/* SRC written out in the new format and read back must be WANT.  */
static void
written_back (const struct gmon_profile *src, const struct gmon_profile *want,
	      const struct gmon_target *t)
{
	struct gmon_profile q;
	struct gmon_error err;
	char path[64];
	int fd = memfd_create ("out", 0);

	if (fd < 0 || gmon_profile_write (src, fd) != 0)
		abort ();
	snprintf (path, sizeof path, "/proc/self/fd/%d", fd);
	gmon_profile_init (&q, t);
	if (gmon_profile_read (&q, path, GMON_FMT_MAGIC, NULL, &err) != 0)
		abort ();
	same_profile (want, &q);
	gmon_profile_free (&q);
	close (fd);
}

int
LLVMFuzzerTestOneInput (const unsigned char *data, size_t size)
{
	struct gmon_target t;
	struct gmon_profile p, s;
	struct gmon_error err;
	enum gmon_format fmt;
	char path[64];
	int fd;

	if (size < 1)
		return 0;
	t.addr_size = data[0] & 1 ? 4 : 8;
	t.big_endian = (data[0] & 2) != 0;
	t.sign_extend = (data[0] & 16) != 0;
	fmt = (enum gmon_format) ((data[0] >> 2) & 3);

	fd = memfd_with (data + 1, size - 1);
	snprintf (path, sizeof path, "/proc/self/fd/%d", fd);
	gmon_profile_init (&p, &t);
	if (gmon_profile_read (&p, path, fmt, NULL, &err) == 0) {
		size_t i, bytes = 0;

		/* What the reader holds is in proportion to the input:
		   never more than its bytes, but for the tables of
		   pages.  */
		for (i = 0; i < p.nhist; i++) {
			const struct gmon_bins *b = &p.hist[i].bins;

			bytes += check_bins (b) - (b->npages > 1
				? (size_t) b->npages * sizeof (struct gmon_page)
				: 0);
		}
		if (bytes > size)
			abort ();
		written_back (&p, &p, &t);

		/* The file twice into one profile: every count doubled,
		   the second time added page by page as it is read.  */
		gmon_profile_init (&s, &t);
		if (gmon_profile_read (&s, path, fmt, NULL, &err) != 0)
			abort ();
		if (gmon_profile_read (&s, path, fmt, NULL, &err) == 0)
			same_profile_times (&p, &s, 2);
		gmon_profile_free (&s);
	} else if (strlen (err.msg) == 0) {
		abort ();	/* every failure says why */
	}
	gmon_profile_free (&p);
	close (fd);
	return 0;
}
