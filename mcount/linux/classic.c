/* classic.c - the classic gmon file of one object, from a snapshot.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   The program's file is exactly the classic file glibc writes: its
   histogram, the arcs and blocks with both ends in it, in link-time
   addresses (the load address subtracted, as glibc does for PIE).
   Each other object with data gets one of its own, in the object
   directory (objdir.c), in its own link-time addresses.

   Histograms: the program's covers its code, as glibc's; another
   object's only the parts of its code with samples (libc's whole text
   would be a megabyte of zeros).  Counts wider than the fields go on
   in further records, which readers sum (gmon/write.c).  Every header
   carries the run stamp (gmon/gmon_out.h) in its spare bytes.

   Through gmon/write.c: no malloc, no stdio, since this runs at exit
   and in signal handlers.  */

#define _GNU_SOURCE 1
#include <config.h>

#include <errno.h>
#include <string.h>
#include <sys/mman.h>

#include "mcount/linux/dump.h"

int
mc_write_header (struct gmon_writer *w)
{
	struct gmon_run run = { mc_run_pid, mc_run_start, mc_stamp_id () };

	return gmon_write_header_run (w, &run);
}

/* The header of a histogram of object M: its samples in [LO, HI) at
   RATE Hz, its build stamp.  */
static void
hist_header (struct gmon_hist_hdr *hdr, const struct mc_module *m,
	     uint64_t lo, uint64_t hi, uint32_t rate)
{
	const struct mc_hist *h = &m->hist;
	uintptr_t base = m->base;

	memset (hdr, 0, sizeof *hdr);
	hdr->low_pc = lo - base;
	hdr->high_pc = hi - base;
	hdr->nbins = (uint32_t) ((hi - lo) >> h->shift);
	hdr->rate = rate;
	strcpy (hdr->dimen, mc_config.wall ? MC_DIMEN_WALL : "seconds");
	hdr->abbrev = 's';
	gmon_build_make (&hdr->build, m->build_id, m->build_id_len,
			 m->file_size, m->mtime_ns);
}

/* A whole histogram's counts, asked for by gmon_write_hist_fill: from
   BINS where MARKS marked the chunk, 0 elsewhere (those bins are never
   read: their pages stay unmapped, see MC_HIST_CHUNK).  */
struct marked_counts {
	const uint64_t *bins;		/* the copy, or the live bins */
	const uint64_t *marks;		/* the marks the copy was made by */
};

static void
marked_fill (const void *ctx, uint32_t first, uint32_t n, uint64_t *out)
{
	const struct marked_counts *f = ctx;
	uint32_t k;

	for (k = 0; k < n; k++) {
		uint64_t i = (uint64_t) first + k;

		out[k] = mc_hist_marked (f->marks, i / MC_HIST_CHUNK)
			? __atomic_load_n (&f->bins[i], __ATOMIC_RELAXED) : 0;
	}
}

static void
zero_fill (const void *ctx, uint32_t first, uint32_t n, uint64_t *out)
{
	(void) ctx;
	(void) first;
	memset (out, 0, n * sizeof *out);
}

/* The histogram of H: all of it (WHOLE: the program, as glibc writes
   it), or for another object only the parts with samples: libc's
   whole text would be a megabyte of zeros.  The parts are chunks of
   MC_HIST_CHUNK bins at fixed places in the object (so that the files
   of two runs, which readers may add up, have records of either the
   same range or disjoint ones: GNU gprof refuses any other overlap);
   an object without samples gets its first chunk, empty, since GNU
   gprof refuses a file without a histogram.  Only the chunks the
   marks name are read.  The writer reads each bin twice (to count the
   records a chunk needs, then to write them), so it gets a copy that
   stays still, made by a copy of the marks.  */
static int
write_hist (struct gmon_writer *w, const struct mc_module *m, bool whole,
	    uint32_t rate, uint64_t *written)
{
	const struct mc_hist *h = &m->hist;
	const uint64_t *bins = __atomic_load_n (&h->bins, __ATOMIC_ACQUIRE);
	uint64_t room = whole ? h->nbins : MC_HIST_CHUNK, c = 0, lo, hi, i;
	uint64_t *copy, *marks;
	struct marked_counts f;
	struct gmon_hist_hdr hdr;
	size_t size;
	bool any = false;
	int rc = 0;

	*written = 0;
	if (!bins)
		return 0;
	/* The copy's bins (the whole histogram's mapped only where
	   written), then the marks.  */
	size = (room + mc_hist_mark_words (h)) * sizeof (uint64_t);
	size = (size + 4095) & ~(size_t) 4095;
	copy = mmap (NULL, size, PROT_READ | PROT_WRITE,
		     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (copy == MAP_FAILED) {
		copy = NULL;
		marks = h->marks;
	} else {
		marks = copy + room;
		for (i = 0; i < mc_hist_mark_words (h); i++)
			marks[i] = __atomic_load_n (&h->marks[i],
						    __ATOMIC_RELAXED);
	}
	while (rc == 0 && mc_hist_next (marks, h->nbins, &c, &lo, &hi)) {
		uint64_t *dst = !copy ? NULL : whole ? copy + lo : copy;
		uint64_t sum = 0;

		for (i = lo; i < hi; i++) {
			uint64_t v = __atomic_load_n (&bins[i],
						      __ATOMIC_RELAXED);

			if (dst)
				dst[i - lo] = v;
			sum += v;
		}
		*written += sum;
		if (whole || !sum)
			continue;
		any = true;
		hist_header (&hdr, m, h->lo + (lo << h->shift),
			     h->lo + (hi << h->shift), rate);
		rc = gmon_write_hist (w, &hdr, copy ? copy : bins + lo,
				      sizeof *bins);
	}
	if (whole && rc == 0) {
		f.bins = copy ? copy : bins;
		f.marks = marks;
		hist_header (&hdr, m, h->lo, h->hi, rate);
		rc = gmon_write_hist_fill (w, &hdr, marked_fill, &f);
	} else if (!any && rc == 0) {
		/* No samples at all: every bin is 0.  */
		uint64_t n = h->nbins < MC_HIST_CHUNK ? h->nbins
			: MC_HIST_CHUNK;

		hist_header (&hdr, m, h->lo, h->lo + (n << h->shift), rate);
		rc = gmon_write_hist_fill (w, &hdr, zero_fill, NULL);
	}
	if (copy)
		munmap (copy, size);
	return rc;
}

/* The blocks of object K, written from a buffer of their own.  */
static int
write_blocks (struct gmon_writer *w, const struct mc_snap *s, int k,
	      uintptr_t base)
{
	size_t size, n = 0;
	struct gmon_bb *b;
	uint64_t i;
	int rc;

	if (!s->slots || !mc_objs[k].blocks)
		return 0;
	for (i = 0; i <= s->mask; i++)
		if (s->slots[i].from && s->slots[i].self == MC_BB_SELF
		    && s->mod[2 * i] == k)
			n++;
	size = (n * sizeof *b + 4095) & ~(size_t) 4095;
	b = mmap (NULL, size, PROT_READ | PROT_WRITE,
		  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (b == MAP_FAILED) {
		if (!w->error)
			w->error = ENOMEM;
		return -1;
	}
	n = 0;
	for (i = 0; i <= s->mask; i++)
		if (s->slots[i].from && s->slots[i].self == MC_BB_SELF
		    && s->mod[2 * i] == k) {
			/* The call's return address, minus one: inside the
			   call, on the block's line.  */
			b[n].addr = s->slots[i].from - 1 - base;
			b[n].count = s->slots[i].count;
			n++;
		}
	rc = gmon_write_bb (w, b, n);
	munmap (b, size);
	return rc;
}

struct unmerged {
	struct gmon_writer *w;
	uintptr_t base;
};

/* No memory for a snapshot: the program's arcs straight from the
   tables, duplicates and all (readers sum them).  */
static void
write_unmerged (void *ctx, uintptr_t from, uintptr_t self, uint64_t count)
{
	struct unmerged *u = ctx;

	if (self != MC_BB_SELF && mc_module_find (from) == 0
	    && mc_module_find (self) == 0)
		gmon_write_arc (u->w, from - u->base, self - u->base, count);
}

/* The classic file of object K.  */
static int
write_classic (struct gmon_writer *w, const struct mc_snap *s, int k)
{
	const struct mc_module *m = &mc_modules[k];
	uint64_t i;

	/* The companion gives the samples as written: gprof knows by
	   them that a classic file is the one the companion was written
	   with.  */
	if (mc_write_header (w) < 0
	    || write_hist (w, m, k == 0, s->rate, &mc_objs[k].samples)
	    < 0)
		return -1;
	if (!s->slots) {
		struct unmerged u = { w, m->base };

		if (k == 0)
			mc_arcs_each (write_unmerged, &u);
		return w->error ? -1 : 0;
	}
	for (i = 0; i <= s->mask; i++) {
		const struct mc_arc *a = &s->slots[i];

		if (a->from && a->self != MC_BB_SELF && s->mod[2 * i] == k
		    && s->mod[2 * i + 1] == k
		    && gmon_write_arc (w, a->from - m->base, a->self - m->base,
				       a->count) < 0)
			return -1;
	}
	return write_blocks (w, s, k, m->base);
}

int
mc_classic_body (struct gmon_writer *w, void *ctx)
{
	struct mc_classic *c = ctx;

	return write_classic (w, c->s, c->k);
}
