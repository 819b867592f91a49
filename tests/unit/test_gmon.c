/* test_gmon.c - unit tests of the format library (gmon/).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   Round trips through the writer and the reader for every record kind,
   address size and byte order; the splitting of counts too wide for
   their fields; the merge rules; and the reader's answers to damaged
   files.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gmon/bytes.h"
#include "gmon/gmon.h"
#include "tests/unit/cunit_main.h"

static char tmpdir[] = "/tmp/test_gmon.XXXXXX";
static int tmpseq;

static const struct gmon_target layouts[] = {
	{ 8, false, false }, { 8, true, false },
	{ 4, false, false }, { 4, true, false },
};
#define NLAYOUTS (sizeof layouts / sizeof layouts[0])

static char *
tmpname (void)
{
	static char path[64];

	snprintf (path, sizeof path, "%s/f%d", tmpdir, tmpseq++);
	return path;
}

/* A writer on a fresh temporary file.  */
struct wfile {
	struct gmon_writer w;
	unsigned char buf[GMON_WRITER_MIN_BUF];	/* smallest allowed */
	char path[64];
	int fd;
};

static void
wfile_open (struct wfile *f, const struct gmon_target *t)
{
	strcpy (f->path, tmpname ());
	f->fd = open (f->path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	CU_ASSERT_FATAL (f->fd >= 0);
	gmon_writer_init (&f->w, f->fd, f->buf, sizeof f->buf, t);
}

static void
wfile_close (struct wfile *f)
{
	CU_ASSERT_EQUAL (gmon_writer_flush (&f->w), 0);
	CU_ASSERT_EQUAL (f->w.error, 0);
	close (f->fd);
}

/* Raw bytes into a temporary file; returns its name.  */
static char *
raw_file (const void *data, size_t n)
{
	char *path = tmpname ();
	int fd = open (path, O_WRONLY | O_CREAT | O_TRUNC, 0600);

	CU_ASSERT_FATAL (fd >= 0);
	CU_ASSERT_FATAL (write (fd, data, n) == (ssize_t) n);
	close (fd);
	return path;
}

static void
hist_hdr (struct gmon_hist_hdr *h, uint64_t lo, uint64_t hi, uint32_t n)
{
	memset (h, 0, sizeof *h);
	h->low_pc = lo;
	h->high_pc = hi;
	h->nbins = n;
	h->rate = 1000;
	strcpy (h->dimen, "seconds");
	h->abbrev = 's';
}

static void
test_round_trip (void)
{
	size_t l;

	for (l = 0; l < NLAYOUTS; l++) {
		const struct gmon_target *t = &layouts[l];
		uint64_t top = t->addr_size == 8 ? 0xffffffff00001000u
			: 0xfff01000u;
		struct gmon_bb blocks[3] = {
			{ top + 0x10, 7 }, { top + 0x20, 0 },
			{ top + 0x30, 0xffffffffu } };
		uint16_t bins[8] = { 0, 1, 2, 65535, 0, 9, 0, 300 };
		struct gmon_hist_hdr h;
		struct gmon_reader *r;
		struct gmon_record rec;
		struct gmon_error err;
		struct wfile f;
		int i;

		wfile_open (&f, t);
		hist_hdr (&h, top, top + 0x40, 8);
		CU_ASSERT_EQUAL (gmon_write_header (&f.w), 0);
		CU_ASSERT_EQUAL (gmon_write_hist (&f.w, &h, bins, 2), 0);
		CU_ASSERT_EQUAL (gmon_write_arc (&f.w, top + 4, top + 0x21,
						 123456), 0);
		CU_ASSERT_EQUAL (gmon_write_bb (&f.w, blocks, 3), 0);
		wfile_close (&f);

		r = gmon_reader_open (f.path, t, GMON_FMT_AUTO, &err);
		CU_ASSERT_PTR_NOT_NULL_FATAL (r);
		CU_ASSERT_EQUAL (gmon_reader_format (r), GMON_FMT_MAGIC);
		CU_ASSERT_EQUAL (gmon_reader_version (r), 1);

		CU_ASSERT_EQUAL (gmon_reader_next (r, &rec, &err), 1);
		CU_ASSERT_EQUAL (rec.kind, GMON_REC_HIST);
		CU_ASSERT_EQUAL (rec.hist.low_pc, top);
		CU_ASSERT_EQUAL (rec.hist.high_pc, top + 0x40);
		CU_ASSERT_EQUAL (rec.hist.nbins, 8);
		CU_ASSERT_EQUAL (rec.hist.rate, 1000);
		CU_ASSERT_STRING_EQUAL (rec.hist.dimen, "seconds");
		CU_ASSERT_EQUAL (rec.hist.abbrev, 's');
		for (i = 0; i < 8; i++)
			CU_ASSERT_EQUAL (gmon_bins_get (rec.bins, i), bins[i]);

		CU_ASSERT_EQUAL (gmon_reader_next (r, &rec, &err), 1);
		CU_ASSERT_EQUAL (rec.kind, GMON_REC_ARC);
		CU_ASSERT_EQUAL (rec.arc.from_pc, top + 4);
		CU_ASSERT_EQUAL (rec.arc.self_pc, top + 0x21);
		CU_ASSERT_EQUAL (rec.arc.count, 123456);

		CU_ASSERT_EQUAL (gmon_reader_next (r, &rec, &err), 1);
		CU_ASSERT_EQUAL (rec.kind, GMON_REC_BB);
		CU_ASSERT_EQUAL_FATAL (rec.nblocks, 3);
		for (i = 0; i < 3; i++) {
			CU_ASSERT_EQUAL (rec.blocks[i].addr, blocks[i].addr);
			CU_ASSERT_EQUAL (rec.blocks[i].count, blocks[i].count);
		}
		CU_ASSERT_EQUAL (gmon_reader_next (r, &rec, &err), 0);
		CU_ASSERT_EQUAL (rec.kind, GMON_REC_END);
		gmon_reader_close (r);
	}
}

/* The header is "gmon", version 1 in the target's order, and twelve
   zero bytes, whatever the caller's memory held.  */
static void
test_header_bytes (void)
{
	static const unsigned char le[20] = "gmon\1\0\0\0";
	static const unsigned char be[20] = "gmon\0\0\0\1";
	unsigned char got[64];
	struct wfile f;
	size_t l;
	int fd;

	for (l = 0; l < 2; l++) {
		wfile_open (&f, &layouts[l]);
		memset (f.buf, 0xa5, sizeof f.buf);
		gmon_write_header (&f.w);
		wfile_close (&f);
		fd = open (f.path, O_RDONLY);
		CU_ASSERT_EQUAL (read (fd, got, sizeof got), 20);
		close (fd);
		CU_ASSERT (memcmp (got, l == 0 ? le : be, 20) == 0);
	}
}

/* The run stamp: in the spare bytes, in the file's byte order, read
   back by the reader and the profile; zeros are no stamp.  */
static void
test_run_stamp (void)
{
	static const unsigned char le[20] = "gmon\1\0\0\0"
		"\x01\x02\x03\x04\x05\x06\x07\x08\xaa\xbb\xcc\xdd";
	static const unsigned char be[20] = "gmon\0\0\0\1"
		"\x04\x03\x02\x01\x08\x07\x06\x05\xdd\xcc\xbb\xaa";
	const struct gmon_run run = { 0x04030201, 0x08070605, 0xddccbbaa };
	const struct gmon_run none = { 0, 0, 0 }, other = { 0x04030201,
		0x08070605, 0xddccbbab };
	char text[GMON_RUN_TEXT];
	unsigned char got[64];
	struct gmon_file_stats st;
	struct gmon_profile p;
	struct gmon_reader *r;
	struct gmon_error err;
	struct gmon_run back;
	struct wfile f;
	size_t l;
	int fd;

	for (l = 0; l < 2; l++) {
		wfile_open (&f, &layouts[l]);
		gmon_write_header_run (&f.w, &run);
		wfile_close (&f);
		fd = open (f.path, O_RDONLY);
		CU_ASSERT_EQUAL (read (fd, got, sizeof got), 20);
		close (fd);
		CU_ASSERT (memcmp (got, l == 0 ? le : be, 20) == 0);
		r = gmon_reader_open (f.path, &layouts[l], GMON_FMT_AUTO, &err);
		CU_ASSERT_PTR_NOT_NULL_FATAL (r);
		gmon_reader_run (r, &back);
		CU_ASSERT (memcmp (&back, &run, sizeof run) == 0);
		gmon_reader_close (r);
		gmon_profile_init (&p, &layouts[l]);
		CU_ASSERT_EQUAL (gmon_profile_read (&p, f.path, GMON_FMT_AUTO,
						    &st, &err), 0);
		CU_ASSERT (memcmp (&st.run, &run, sizeof run) == 0);
		gmon_profile_free (&p);
	}
	CU_ASSERT (gmon_run_known (&run));
	CU_ASSERT (!gmon_run_known (&none));
	/* What GNU gprof -s left in a header's spare bytes (its stack).  */
	CU_ASSERT (!gmon_run_known (&(struct gmon_run) { 4199080, 0, 0xaa }));
	CU_ASSERT (!gmon_run_known (&(struct gmon_run) { 0, 1795600690, 7 }));
	CU_ASSERT (!gmon_run_differs (&run, &run));
	CU_ASSERT (gmon_run_differs (&run, &other));
	CU_ASSERT (!gmon_run_differs (&run, &none));
	CU_ASSERT_STRING_EQUAL (gmon_run_text (&none, text), "no run stamp");
	gmon_run_text (&(struct gmon_run) { 42, 1795600690, 0xe11c0bb9 }, text);
	CU_ASSERT_STRING_EQUAL (text, "pid 42, started 2026-11-25 09:58:10 "
				"UTC, run e11c, dump 3001");
}

/* The run stamp's id numbers the dump in its low 16 bits: two dumps
   of one run are told apart from each other and from another run.  */
static void
test_run_dumps (void)
{
	struct gmon_run d1 = { 42, 1795600690, 0xe11c0001 };
	struct gmon_run d2 = { 42, 1795600690, 0xe11c0002 };
	struct gmon_run other = { 42, 1795600690, 0x5a5a0002 };
	struct gmon_run none = { 0, 0, 0 };

	CU_ASSERT_EQUAL (gmon_run_dump (&d1), 1);
	CU_ASSERT_EQUAL (gmon_run_dump (&(struct gmon_run) { 1, 2, 0x1ffff }),
			 0xffff);
	CU_ASSERT (gmon_run_differs (&d1, &d2));
	CU_ASSERT (gmon_run_other_dump (&d1, &d2));
	CU_ASSERT (gmon_run_other_dump (&d2, &d1));
	CU_ASSERT (!gmon_run_other_dump (&d1, &d1));
	/* another run: the random bits differ (and pid or start) */
	CU_ASSERT (!gmon_run_other_dump (&d2, &other));
	CU_ASSERT (!gmon_run_other_dump (&d1, &(struct gmon_run) {
		43, 1795600690, 0xe11c0002 }));
	CU_ASSERT (!gmon_run_other_dump (&d1, &(struct gmon_run) {
		42, 1795600691, 0xe11c0002 }));
	CU_ASSERT (!gmon_run_other_dump (&d1, &none));
}

/* Values wider than a field continue in more records, which the
   profile adds up again.  */
static void
test_split_wide_counts (void)
{
	size_t l;

	for (l = 0; l < NLAYOUTS; l++) {
		const struct gmon_target *t = &layouts[l];
		uint64_t bins[4] = { 150000, 65535, 65536, 3 };
		uint64_t big_arc = ((uint64_t) 1 << 32) * 3 + 17;
		struct gmon_bb blk = { 0x1010, ((uint64_t) 1 << 33) + 5 };
		struct gmon_file_stats st;
		struct gmon_profile p;
		struct gmon_hist_hdr h;
		struct gmon_error err;
		struct wfile f;
		int i;

		wfile_open (&f, t);
		hist_hdr (&h, 0x1000, 0x1010, 4);
		gmon_write_header (&f.w);
		gmon_write_hist (&f.w, &h, bins, 8);
		gmon_write_arc (&f.w, 0x1004, 0x1008, big_arc);
		gmon_write_bb (&f.w, &blk, 1);
		wfile_close (&f);

		gmon_profile_init (&p, t);
		CU_ASSERT_EQUAL_FATAL (gmon_profile_read (&p, f.path,
							  GMON_FMT_AUTO, &st,
							  &err), 0);
		/* 150000 needs three 16-bit records.  */
		CU_ASSERT_EQUAL (st.nhist, 3);
		CU_ASSERT_EQUAL (st.narcs, 4);
		CU_ASSERT_EQUAL (st.nbb, 1);
		CU_ASSERT_EQUAL_FATAL (p.nhist, 1);
		for (i = 0; i < 4; i++)
			CU_ASSERT_EQUAL (gmon_bins_get (&p.hist[0].bins, i), bins[i]);
		CU_ASSERT_EQUAL_FATAL (p.narcs, 1);
		CU_ASSERT_EQUAL (p.arcs[0].count, big_arc);
		CU_ASSERT_EQUAL_FATAL (p.nbbs, 1);
		CU_ASSERT_EQUAL (p.bbs[0].count, blk.count);
		gmon_profile_free (&p);
	}
}

static void
test_merge_rules (void)
{
	const struct gmon_target *t = &layouts[0];
	uint64_t a[4] = { 1, 2, 3, 4 }, b[8] = { 0 };
	struct gmon_profile p;
	struct gmon_hist_hdr h;
	struct gmon_error err;

	gmon_profile_init (&p, t);
	hist_hdr (&h, 0x1000, 0x1010, 4);
	CU_ASSERT_EQUAL (gmon_profile_add_hist (&p, "x", &h, a, false, &err), 0);
	/* Same range: added.  */
	CU_ASSERT_EQUAL (gmon_profile_add_hist (&p, "x", &h, a, false, &err), 0);
	CU_ASSERT_EQUAL (p.nhist, 1);
	CU_ASSERT_EQUAL (gmon_bins_get (&p.hist[0].bins, 3), 8);
	/* Disjoint, same bin width: a second histogram.  */
	hist_hdr (&h, 0x2000, 0x2010, 4);
	CU_ASSERT_EQUAL (gmon_profile_add_hist (&p, "x", &h, a, false, &err), 0);
	CU_ASSERT_EQUAL (p.nhist, 2);
	/* Overlapping: refused.  */
	hist_hdr (&h, 0x1008, 0x1018, 4);
	CU_ASSERT_EQUAL (gmon_profile_add_hist (&p, "x", &h, a, false, &err), -1);
	CU_ASSERT_PTR_NOT_NULL (strstr (err.msg, "overlapping"));
	/* Another bin width: refused.  */
	hist_hdr (&h, 0x3000, 0x3010, 8);
	CU_ASSERT_EQUAL (gmon_profile_add_hist (&p, "x", &h, b, false, &err), -1);
	CU_ASSERT_PTR_NOT_NULL (strstr (err.msg, "bins of"));
	/* Same range, other bin count: refused, not misread.  */
	hist_hdr (&h, 0x1000, 0x1010, 8);
	CU_ASSERT_EQUAL (gmon_profile_add_hist (&p, "x", &h, b, false, &err), -1);
	{
		/* Bin widths within gprof's 1e-6 tolerance: the bin count
		   itself must be checked.  */
		struct gmon_profile q;
		uint64_t *big = calloc (1000001, sizeof *big);

		CU_ASSERT_PTR_NOT_NULL_FATAL (big);
		gmon_profile_init (&q, t);
		hist_hdr (&h, 0x100000, 0x100000 + 2000000, 1000000);
		CU_ASSERT_EQUAL (gmon_profile_add_hist (&q, "y", &h, big,
							false, &err), 0);
		h.nbins = 1000001;
		CU_ASSERT_EQUAL (gmon_profile_add_hist (&q, "y", &h, big,
							false, &err), -1);
		CU_ASSERT_PTR_NOT_NULL (strstr (err.msg, "has 1000001 bins"));
		gmon_profile_free (&q);
		free (big);
	}
	/* Another dimension: refused.  */
	hist_hdr (&h, 0x4000, 0x4010, 4);
	strcpy (h.dimen, "cycles");
	CU_ASSERT_EQUAL (gmon_profile_add_hist (&p, "x", &h, a, false, &err), -1);
	CU_ASSERT_PTR_NOT_NULL (strstr (err.msg, "dimension"));
	/* A BSD histogram must match the first exactly.  */
	hist_hdr (&h, 0x2000, 0x2010, 4);
	CU_ASSERT_EQUAL (gmon_profile_add_hist (&p, "x", &h, a, true, &err), -1);
	CU_ASSERT_PTR_NOT_NULL (strstr (err.msg, "incompatible"));
	hist_hdr (&h, 0x1000, 0x1010, 4);
	h.rate = 0;
	CU_ASSERT_EQUAL (gmon_profile_add_hist (&p, "x", &h, a, true, &err), 0);
	CU_ASSERT_EQUAL (gmon_bins_get (&p.hist[0].bins, 0), 3);
	CU_ASSERT_EQUAL (p.rate, 1000);

	/* Arcs and blocks: one entry per key, first-seen order.  */
	gmon_profile_add_arc (&p, 10, 20, 1);
	gmon_profile_add_arc (&p, 11, 20, 2);
	gmon_profile_add_arc (&p, 10, 20, 3);
	CU_ASSERT_EQUAL_FATAL (p.narcs, 2);
	CU_ASSERT_EQUAL (p.arcs[0].from_pc, 10);
	CU_ASSERT_EQUAL (p.arcs[0].count, 4);
	CU_ASSERT_EQUAL (p.arcs[1].count, 2);
	gmon_profile_add_bb (&p, 5, UINT64_MAX - 1);
	gmon_profile_add_bb (&p, 5, 7);
	CU_ASSERT_EQUAL (p.bbs[0].count, UINT64_MAX);	/* saturates */
	gmon_profile_free (&p);
}

/* Many distinct arcs: the index grows and keeps every one.  */
static void
test_many_arcs (void)
{
	struct gmon_profile p;
	uint64_t i, n = 200000;
	int ok = 1;

	gmon_profile_init (&p, &layouts[0]);
	for (i = 0; i < n; i++)
		gmon_profile_add_arc (&p, i * 16, (i * 7919) % 1000, 1);
	for (i = 0; i < n; i += 2)
		gmon_profile_add_arc (&p, i * 16, (i * 7919) % 1000, 1);
	CU_ASSERT_EQUAL (p.narcs, n);
	for (i = 0; i < n; i++)
		ok &= p.arcs[i].from_pc == i * 16
			&& p.arcs[i].count == (i % 2 ? 1u : 2u);
	CU_ASSERT (ok);
	gmon_profile_free (&p);
}

/* Arcs read from files, by caller address with call sites of up to
   twelve arcs, then out of order: the sums and the first-seen order
   must be what one entry per (from, self) gives, over two files.  */
static void
test_read_arcs_in_order (void)
{
	enum { N = 400 };
	static uint64_t from[N], self[N], count[N];
	static uint64_t want_from[N], want_self[N], want_count[N];
	const struct gmon_target *t = &layouts[0];
	struct gmon_profile p;
	struct gmon_error err;
	struct wfile f;
	size_t i, k, nwant = 0, file;
	uint64_t x = 12345, pc = 0x1000;
	int ok = 1;

	/* Call sites in order, each with 1 to 12 arcs (some repeated);
	   then a stretch in no order.  */
	for (i = 0; i < N;) {
		size_t run = 1 + (size_t) (x % 12);

		for (k = 0; k < run && i < N; k++, i++) {
			x = x * 6364136223846793005u + 1442695040888963407u;
			from[i] = i < 300 ? pc : 0x1000 + (x >> 33) % 0x400;
			self[i] = 0x8000 + ((x >> 40) % (k + 2)) * 0x10;
			count[i] = 1 + (x >> 50) % 7;
		}
		pc += 0x10;
	}
	wfile_open (&f, t);
	gmon_write_header (&f.w);
	for (i = 0; i < N; i++)
		gmon_write_arc (&f.w, from[i], self[i], count[i]);
	wfile_close (&f);
	for (file = 0; file < 2; file++)
		for (i = 0; i < N; i++) {
			for (k = 0; k < nwant; k++)
				if (want_from[k] == from[i]
				    && want_self[k] == self[i])
					break;
			if (k == nwant) {
				want_from[k] = from[i];
				want_self[k] = self[i];
				want_count[k] = 0;
				nwant++;
			}
			want_count[k] += count[i];
		}
	gmon_profile_init (&p, t);
	for (file = 0; file < 2; file++)
		CU_ASSERT_EQUAL_FATAL (gmon_profile_read (&p, f.path,
							  GMON_FMT_AUTO, NULL,
							  &err), 0);
	CU_ASSERT_EQUAL_FATAL (p.narcs, nwant);
	for (k = 0; k < nwant; k++)
		ok &= p.arcs[k].from_pc == want_from[k]
			&& p.arcs[k].self_pc == want_self[k]
			&& p.arcs[k].count == want_count[k];
	CU_ASSERT (ok);
	/* Added one by one afterwards, through the index.  */
	gmon_profile_add_arc (&p, want_from[0], want_self[0], 1);
	CU_ASSERT_EQUAL (p.narcs, nwant);
	CU_ASSERT_EQUAL (p.arcs[0].count, want_count[0] + 1);
	gmon_profile_free (&p);

	/* Call sites of one arc each, in order, then the first again:
	   it finds its arc.  */
	wfile_open (&f, t);
	gmon_write_header (&f.w);
	for (i = 0; i < 300; i++)
		gmon_write_arc (&f.w, 0x1000 + i * 0x10, 0x8000, 1);
	gmon_write_arc (&f.w, 0x1000, 0x8000, 7);
	wfile_close (&f);
	gmon_profile_init (&p, t);
	CU_ASSERT_EQUAL_FATAL (gmon_profile_read (&p, f.path, GMON_FMT_AUTO,
						  NULL, &err), 0);
	CU_ASSERT_EQUAL_FATAL (p.narcs, 300);
	CU_ASSERT_EQUAL (p.arcs[0].count, 8);
	gmon_profile_free (&p);

	/* In order to the end; arcs added one by one afterwards find
	   the ones before.  */
	wfile_open (&f, t);
	gmon_write_header (&f.w);
	for (i = 0; i < 300; i++)
		gmon_write_arc (&f.w, 0x1000 + i * 0x10, 0x8000, 1);
	wfile_close (&f);
	gmon_profile_init (&p, t);
	CU_ASSERT_EQUAL_FATAL (gmon_profile_read (&p, f.path, GMON_FMT_AUTO,
						  NULL, &err), 0);
	CU_ASSERT_EQUAL_FATAL (p.narcs, 300);
	gmon_profile_add_arc (&p, 0x1000 + 299 * 0x10, 0x8000, 5);
	gmon_profile_add_arc (&p, 0x1000, 0x8000, 2);
	CU_ASSERT_EQUAL (p.narcs, 300);
	CU_ASSERT_EQUAL (p.arcs[299].count, 6);
	CU_ASSERT_EQUAL (p.arcs[0].count, 3);
	gmon_profile_free (&p);
}

/* Big histograms arrive in many reads; every bin must land.  */
static void
test_big_histogram (void)
{
	uint32_t n = 1000003, i;
	uint64_t *bins = malloc (n * sizeof *bins);
	struct gmon_profile p;
	struct gmon_hist_hdr h;
	struct gmon_error err;
	struct wfile f;
	int ok = 1;

	CU_ASSERT_PTR_NOT_NULL_FATAL (bins);
	for (i = 0; i < n; i++)
		bins[i] = (i * 2654435761u) % 70001;
	wfile_open (&f, &layouts[1]);
	hist_hdr (&h, 0x10000, 0x10000 + 4 * (uint64_t) n, n);
	gmon_write_header (&f.w);
	gmon_write_hist (&f.w, &h, bins, 8);
	wfile_close (&f);
	gmon_profile_init (&p, &layouts[1]);
	CU_ASSERT_EQUAL_FATAL (gmon_profile_read (&p, f.path, GMON_FMT_AUTO,
						  NULL, &err), 0);
	CU_ASSERT_EQUAL_FATAL (p.nhist, 1);
	for (i = 0; i < n; i++)
		ok &= gmon_bins_get (&p.hist[0].bins, i) == bins[i];
	CU_ASSERT (ok);
	gmon_profile_free (&p);
	free (bins);
}

static void
test_profile_write (void)
{
	uint64_t bins[4] = { 70000, 0, 1, 2 };
	struct gmon_profile p, q;
	struct gmon_hist_hdr h;
	struct gmon_error err;
	char *path = tmpname ();
	int fd;

	gmon_profile_init (&p, &layouts[1]);
	hist_hdr (&h, 0x400000, 0x400010, 4);
	gmon_profile_add_hist (&p, "x", &h, bins, false, &err);
	gmon_profile_add_arc (&p, 0x400004, 0x400008, 5000000000u);
	gmon_profile_add_bb (&p, 0x400002, 42);
	fd = open (path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	CU_ASSERT_EQUAL (gmon_profile_write (&p, fd), 0);
	close (fd);

	gmon_profile_init (&q, &layouts[1]);
	CU_ASSERT_EQUAL_FATAL (gmon_profile_read (&q, path, GMON_FMT_AUTO,
						  NULL, &err), 0);
	CU_ASSERT_EQUAL_FATAL (q.nhist, 1);
	CU_ASSERT_EQUAL (gmon_bins_get (&q.hist[0].bins, 0), 70000);
	CU_ASSERT_EQUAL (gmon_bins_get (&q.hist[0].bins, 3), 2);
	CU_ASSERT_EQUAL (q.rate, 1000);
	CU_ASSERT_EQUAL_FATAL (q.narcs, 1);
	CU_ASSERT_EQUAL (q.arcs[0].count, 5000000000u);
	CU_ASSERT_EQUAL_FATAL (q.nbbs, 1);
	CU_ASSERT_EQUAL (q.bbs[0].count, 42);
	CU_ASSERT_EQUAL (q.input, GMON_INPUT_HIST | GMON_INPUT_ARCS
			 | GMON_INPUT_BB);
	gmon_profile_free (&p);
	gmon_profile_free (&q);
}

static void
test_bsd_formats (void)
{
	size_t l;

	for (l = 0; l < NLAYOUTS; l++) {
		const struct gmon_target *t = &layouts[l];
		uint64_t bins[4] = { 5, 0, 70000, 1 };
		int bsd44;

		for (bsd44 = 0; bsd44 < 2; bsd44++) {
			struct gmon_file_stats st;
			struct gmon_profile p;
			struct gmon_error err;
			struct wfile f;
			bool clamped = false;

			wfile_open (&f, t);
			gmon_write_bsd_header (&f.w, 0x1000, 0x1010, 4, 250,
					       bsd44);
			gmon_write_bsd_bins (&f.w, bins, 8, 4, &clamped);
			gmon_write_bsd_arc (&f.w, 0x1004, 0x100c, 77);
			gmon_write_bsd_arc (&f.w, 0x1006, 0x100c, 1);
			wfile_close (&f);
			CU_ASSERT (clamped);

			gmon_profile_init (&p, t);
			CU_ASSERT_EQUAL_FATAL (gmon_profile_read
					       (&p, f.path, GMON_FMT_AUTO,
						&st, &err), 0);
			CU_ASSERT_EQUAL (st.format, bsd44 ? GMON_FMT_BSD44
					 : GMON_FMT_BSD);
			CU_ASSERT_EQUAL (p.rate, bsd44 ? 250u : 0u);
			CU_ASSERT_EQUAL_FATAL (p.nhist, 1);
			CU_ASSERT_EQUAL (gmon_bins_get (&p.hist[0].bins, 0), 5);
			CU_ASSERT_EQUAL (gmon_bins_get (&p.hist[0].bins, 2), 65535);
			CU_ASSERT_EQUAL_FATAL (p.narcs, 2);
			CU_ASSERT_EQUAL (p.arcs[0].count, 77);
			CU_ASSERT_EQUAL (p.input,
					 GMON_INPUT_HIST | GMON_INPUT_ARCS);
			/* -O4 on an old BSD file: refused.  */
			if (!bsd44) {
				struct gmon_reader *r = gmon_reader_open
					(f.path, t, GMON_FMT_BSD44, &err);
				CU_ASSERT_PTR_NULL (r);
				gmon_reader_close (r);
			}
			gmon_profile_free (&p);
		}
	}
}

/* Reading PATH must fail with a message naming it and containing
   WHAT.  */
static void
expect_error (const char *path, enum gmon_format fmt, const char *what)
{
	struct gmon_profile p;
	struct gmon_error err;
	int rc;

	gmon_profile_init (&p, &layouts[0]);
	memset (&err, 0, sizeof err);
	rc = gmon_profile_read (&p, path, fmt, NULL, &err);
	CU_ASSERT_EQUAL (rc, -1);
	CU_ASSERT (strncmp (err.msg, path, strlen (path)) == 0);
	if (!strstr (err.msg, what)) {
		fprintf (stderr, "\nexpected '%s' in '%s'\n", what, err.msg);
		CU_FAIL ("wrong message");
	}
	gmon_profile_free (&p);
}

static void
test_bad_input (void)
{
	unsigned char f[256];
	size_t hist_at = 20, n;

	expect_error (raw_file ("", 0), GMON_FMT_AUTO, "empty file");
	expect_error ("/nonexistent/gmon.out", GMON_FMT_AUTO,
		      "No such file");
	expect_error (tmpdir, GMON_FMT_AUTO, "is a directory");
	expect_error (raw_file ("gmon\1\0", 6), GMON_FMT_AUTO, "too short");
	expect_error (raw_file ("gmxn\1\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0", 20),
		      GMON_FMT_MAGIC, "bad magic");
	expect_error (raw_file ("gmon\2\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0", 20),
		      GMON_FMT_AUTO, "unsupported version 2");
	expect_error (raw_file ("gmon\1\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\7",
				21), GMON_FMT_AUTO, "unknown record tag 7");

	/* A histogram header: low 0x1000, high 0x1010, 4 bins.  */
	memset (f, 0, sizeof f);
	memcpy (f, "gmon\1\0\0\0", 8);
	f[hist_at] = GMON_TAG_TIME_HIST;
	gmon_put_uint (f + hist_at + 1, 0x1000, 8, false);
	gmon_put_uint (f + hist_at + 9, 0x1010, 8, false);
	gmon_put_uint (f + hist_at + 17, 4, 4, false);
	gmon_put_uint (f + hist_at + 21, 100, 4, false);
	memcpy (f + hist_at + 25, "seconds", 7);
	f[hist_at + 40] = 's';
	n = hist_at + 41;
	expect_error (raw_file (f, n - 3), GMON_FMT_AUTO,
		      "unexpected end of file in histogram record header");
	expect_error (raw_file (f, n + 3), GMON_FMT_AUTO,
		      "after reading 1 of 4 samples");
	/* low_pc above high_pc.  */
	gmon_put_uint (f + hist_at + 1, 0x2000, 8, false);
	expect_error (raw_file (f, n + 8), GMON_FMT_AUTO, "is above high_pc");
	/* Four billion bins for 16 bytes.  */
	gmon_put_uint (f + hist_at + 1, 0x1000, 8, false);
	gmon_put_uint (f + hist_at + 17, 0xffffffffu, 4, false);
	expect_error (raw_file (f, n + 8), GMON_FMT_AUTO,
		      "impossible bin count");
	gmon_put_uint (f + hist_at + 17, 0, 4, false);
	expect_error (raw_file (f, n + 8), GMON_FMT_AUTO,
		      "impossible bin count");

	/* Truncated arc and block records.  */
	memset (f + hist_at, 0, sizeof f - hist_at);
	f[hist_at] = GMON_TAG_CG_ARC;
	expect_error (raw_file (f, hist_at + 10), GMON_FMT_AUTO,
		      "call-graph arc");
	f[hist_at] = GMON_TAG_BB_COUNT;
	gmon_put_uint (f + hist_at + 1, 3, 4, false);
	expect_error (raw_file (f, hist_at + 5 + 16 + 3), GMON_FMT_AUTO,
		      "after 1 of 3 blocks");

	/* Not a gmon file at all, read as BSD.  */
	expect_error (raw_file ("hello, world, this is text\n", 27),
		      GMON_FMT_AUTO, "not a gmon file");
}

/* Counts that lie about the size of what follows cost no memory
   beyond what the bytes back.  */
static void
test_lying_block_count (void)
{
	unsigned char f[64];

	memset (f, 0, sizeof f);
	memcpy (f, "gmon\1\0\0\0", 8);
	f[20] = GMON_TAG_BB_COUNT;
	gmon_put_uint (f + 21, 0xfffffff0u, 4, false);
	expect_error (raw_file (f, 25 + 32), GMON_FMT_AUTO,
		      "after 2 of 4294967280 blocks");
}

/* Standard input is read like a file, BSD layouts included.  */
static void
test_stdin (void)
{
	uint64_t bins[2] = { 3, 4 };
	struct gmon_profile p;
	struct gmon_error err;
	struct wfile f;
	int saved = dup (0), fd;

	wfile_open (&f, &layouts[0]);
	gmon_write_bsd_header (&f.w, 0x1000, 0x1008, 2, 0, false);
	gmon_write_bsd_bins (&f.w, bins, 8, 2, NULL);
	wfile_close (&f);
	fd = open (f.path, O_RDONLY);
	dup2 (fd, 0);
	close (fd);
	gmon_profile_init (&p, &layouts[0]);
	CU_ASSERT_EQUAL (gmon_profile_read (&p, "-", GMON_FMT_AUTO, NULL,
					    &err), 0);
	CU_ASSERT_EQUAL (p.nhist, 1);
	if (p.nhist)
		CU_ASSERT_EQUAL (gmon_bins_get (&p.hist[0].bins, 1), 4);
	gmon_profile_free (&p);
	dup2 (saved, 0);
	close (saved);
}

static void
test_writer_errors (void)
{
	unsigned char buf[GMON_WRITER_MIN_BUF];
	struct gmon_writer w;
	int i;

	/* A buffer too small is refused at once.  */
	gmon_writer_init (&w, 1, buf, 8, &layouts[0]);
	CU_ASSERT_EQUAL (gmon_write_header (&w), -1);
	/* A closed descriptor: the error sticks.  */
	gmon_writer_init (&w, 1000, buf, sizeof buf, &layouts[0]);
	for (i = 0; i < 10; i++)
		gmon_write_arc (&w, 1, 2, 3);
	CU_ASSERT_EQUAL (gmon_writer_flush (&w), -1);
	CU_ASSERT_EQUAL (w.error, EBADF);
	CU_ASSERT_EQUAL (gmon_write_arc (&w, 1, 2, 3), -1);
}

/* The indices of B's non-zero bins into NZ (at most MAX); how many
   there are.  */
static size_t
nonzero_bins (const struct gmon_bins *b, uint32_t *nz, size_t max)
{
	struct gmon_bins_iter it;
	uint64_t count;
	uint32_t bin;
	size_t n = 0;

	gmon_bins_iter_init (&it, b);
	while (gmon_bins_next (&it, &bin, &count)) {
		if (n < max)
			nz[n] = bin;
		n++;
	}
	return n;
}

/* Histograms far above the reader's first buffer step, two in a row
   with samples in different bins: each record reads back exactly, its
   non-zero bins listed, nothing of the first left in the second; and a
   profile of several adds them up.  */
static void
test_big_histograms (void)
{
	const struct gmon_target *t = &layouts[0];
	const uint32_t n = 300000;
	uint16_t *b1 = calloc (n, sizeof *b1), *b2 = calloc (n, sizeof *b2);
	struct gmon_hist_hdr h;
	struct gmon_reader *r;
	struct gmon_record rec;
	struct gmon_profile p;
	struct gmon_error err;
	struct wfile f;
	uint32_t i, nz[4];
	size_t k;

	CU_ASSERT_PTR_NOT_NULL_FATAL (b1);
	CU_ASSERT_PTR_NOT_NULL_FATAL (b2);
	b1[0] = 5;
	b1[4097] = 1;
	b1[n - 1] = 65535;
	b2[3] = 2;
	b2[200000] = 7;
	wfile_open (&f, t);
	hist_hdr (&h, 0x1000, 0x1000 + 4 * (uint64_t) n, n);
	CU_ASSERT_EQUAL (gmon_write_header (&f.w), 0);
	CU_ASSERT_EQUAL (gmon_write_hist (&f.w, &h, b1, 2), 0);
	CU_ASSERT_EQUAL (gmon_write_hist (&f.w, &h, b2, 2), 0);
	wfile_close (&f);

	r = gmon_reader_open (f.path, t, GMON_FMT_AUTO, &err);
	CU_ASSERT_PTR_NOT_NULL_FATAL (r);
	CU_ASSERT_EQUAL_FATAL (gmon_reader_next (r, &rec, &err), 1);
	CU_ASSERT_EQUAL (rec.hist.nbins, n);
	for (i = 0; i < n; i++)
		if (gmon_bins_get (rec.bins, i) != b1[i])
			break;
	CU_ASSERT_EQUAL (i, n);
	CU_ASSERT_EQUAL (nonzero_bins (rec.bins, nz, 4), 3);
	CU_ASSERT_EQUAL (nz[0], 0);
	CU_ASSERT_EQUAL (nz[1], 4097);
	CU_ASSERT_EQUAL (nz[2], n - 1);
	CU_ASSERT_EQUAL_FATAL (gmon_reader_next (r, &rec, &err), 1);
	for (i = 0; i < n; i++)
		if (gmon_bins_get (rec.bins, i) != b2[i])
			break;
	CU_ASSERT_EQUAL (i, n);
	CU_ASSERT_EQUAL (nonzero_bins (rec.bins, nz, 4), 2);
	gmon_reader_close (r);

	gmon_profile_init (&p, t);
	CU_ASSERT_EQUAL (gmon_profile_read (&p, f.path, GMON_FMT_AUTO, NULL,
					    &err), 0);
	CU_ASSERT_EQUAL (gmon_profile_read (&p, f.path, GMON_FMT_AUTO, NULL,
					    &err), 0);
	CU_ASSERT_EQUAL_FATAL (p.nhist, 1);
	for (k = 0; k < n; k++)
		if (gmon_bins_get (&p.hist[0].bins, k) != 2 * ((uint64_t) b1[k] + b2[k]))
			break;
	CU_ASSERT_EQUAL (k, n);
	gmon_profile_free (&p);
	free (b1);
	free (b2);
}

/* A histogram's pages take what they hold: one file's sparse pages
   their non-zero bins (4 bytes each), empty ones nothing, a full one
   2 bytes a bin; sums widen a page only where a count passes 16 bits,
   and a page that fills up becomes dense.  */
static void
test_hist_pages (void)
{
	const struct gmon_target *t = &layouts[0];
	const uint32_t n = 70000;
	uint16_t *b1 = calloc (n, sizeof *b1), *b2 = calloc (n, sizeof *b2);
	struct gmon_hist_hdr h1, h2;
	struct gmon_profile p;
	struct gmon_error err;
	const struct gmon_bins *g;
	struct wfile f;
	uint32_t nz[4], k;

	CU_ASSERT_PTR_NOT_NULL_FATAL (b1);
	CU_ASSERT_PTR_NOT_NULL_FATAL (b2);
	b1[7] = 3;
	b1[65536] = 40000;
	b2[0] = 1;
	for (k = 32768; k < 65536; k++)		/* all of page 1 */
		b2[k] = 1 + k % 5;
	b2[n - 1] = 4;
	hist_hdr (&h1, 0x1000, 0x1000 + 4 * (uint64_t) n, n);
	hist_hdr (&h2, 0x100000, 0x100000 + 4 * (uint64_t) n, n);
	wfile_open (&f, t);
	CU_ASSERT_EQUAL (gmon_write_header (&f.w), 0);
	CU_ASSERT_EQUAL (gmon_write_hist (&f.w, &h1, b1, 2), 0);
	CU_ASSERT_EQUAL (gmon_write_hist (&f.w, &h2, b2, 2), 0);
	wfile_close (&f);

	gmon_profile_init (&p, t);
	CU_ASSERT_EQUAL_FATAL (gmon_profile_read (&p, f.path, GMON_FMT_AUTO,
						  NULL, &err), 0);
	CU_ASSERT_EQUAL_FATAL (p.nhist, 2);
	g = &p.hist[0].bins;
	CU_ASSERT_EQUAL (nonzero_bins (g, nz, 4), 2);
	CU_ASSERT_EQUAL (nz[0], 7);
	CU_ASSERT_EQUAL (nz[1], 65536);
	CU_ASSERT_EQUAL_FATAL (g->npages, 3);
	CU_ASSERT_EQUAL (gmon_bins_page (g, 0)->flags, GMON_PAGE_INLINE);
	CU_ASSERT_EQUAL (gmon_bins_page (g, 0)->n, 1);
	CU_ASSERT_EQUAL (gmon_bins_page (g, 0)->width, 2);
	CU_ASSERT_EQUAL (gmon_bins_page (g, 1)->n, 0);
	CU_ASSERT_EQUAL (gmon_bins_page (g, 1)->flags, 0);
	CU_ASSERT_EQUAL (gmon_bins_page (g, 2)->n, 1);
	/* Two samples: a table of three pages, their data in it.  */
	CU_ASSERT_EQUAL (g->bytes, 3 * sizeof (struct gmon_page));
	g = &p.hist[1].bins;
	CU_ASSERT_EQUAL_FATAL (g->npages, 3);
	CU_ASSERT_EQUAL (gmon_bins_page (g, 1)->flags, GMON_PAGE_DENSE);
	CU_ASSERT_EQUAL (gmon_bins_page (g, 1)->width, 2);
	CU_ASSERT_EQUAL (gmon_bins_page (g, 0)->n, 1);
	CU_ASSERT_EQUAL (nonzero_bins (g, nz, 4), 2 + 32768);
	/* A page of 32768 dense 16-bit counts (the 64 KiB they take in
	   the file), two of one sample: all of the second histogram.  */
	CU_ASSERT_EQUAL (g->bytes, 32768 * 2 + 3 * sizeof (struct gmon_page));
	for (k = 0; k < n; k++)
		if (gmon_bins_get (&p.hist[0].bins, k) != b1[k]
		    || gmon_bins_get (&p.hist[1].bins, k) != b2[k])
			break;
	CU_ASSERT_EQUAL (k, n);
	/* The same file again: summed.  40000 twice needs 32 bits, in its
	   page only.  */
	CU_ASSERT_EQUAL_FATAL (gmon_profile_read (&p, f.path, GMON_FMT_AUTO,
						  NULL, &err), 0);
	CU_ASSERT_EQUAL_FATAL (p.nhist, 2);
	g = &p.hist[0].bins;
	CU_ASSERT_EQUAL (gmon_bins_get (g, 65536), 80000);
	CU_ASSERT_EQUAL (gmon_bins_get (g, 7), 6);
	CU_ASSERT_EQUAL (gmon_bins_page (g, 2)->width, 4);
	CU_ASSERT_EQUAL (gmon_bins_page (g, 0)->width, 2);
	CU_ASSERT_EQUAL (gmon_bins_page (g, 0)->n, 1);
	CU_ASSERT_EQUAL (gmon_bins_get (&p.hist[1].bins, n - 1), 8);
	CU_ASSERT_EQUAL (gmon_bins_get (&p.hist[1].bins, 40000),
			 2u * (1 + 40000 % 5));
	for (k = 0; k < n; k++)
		if (gmon_bins_get (&p.hist[0].bins, k) != 2u * b1[k]
		    || gmon_bins_get (&p.hist[1].bins, k) != 2u * b2[k])
			break;
	CU_ASSERT_EQUAL (k, n);
	gmon_profile_free (&p);
	free (b1);
	free (b2);
}

static const struct unit_test unit_tests[] = {
	{ "round trip, every record kind and layout", test_round_trip },
	{ "header bytes", test_header_bytes },
	{ "the run stamp", test_run_stamp },
	{ "the dump in the run stamp", test_run_dumps },
	{ "wide counts split and summed", test_split_wide_counts },
	{ "merge rules", test_merge_rules },
	{ "200000 distinct arcs", test_many_arcs },
	{ "arcs read in order and not", test_read_arcs_in_order },
	{ "a histogram of a million bins", test_big_histogram },
	{ "whole profile written and read", test_profile_write },
	{ "BSD and 4.4BSD layouts", test_bsd_formats },
	{ "damaged files", test_bad_input },
	{ "a block count larger than the file", test_lying_block_count },
	{ "standard input", test_stdin },
	{ "writer errors", test_writer_errors },
	{ "big, mostly empty histograms", test_big_histograms },
	{ "a histogram's pages", test_hist_pages },
	{ NULL, NULL }
};

int
main (void)
{
	char cmd[128];
	int rc;

	if (!mkdtemp (tmpdir))
		return 99;
	rc = unit_run ("gmon", unit_tests);
	snprintf (cmd, sizeof cmd, "rm -rf %s", tmpdir);
	if (system (cmd) != 0)
		return 99;
	return rc;
}
