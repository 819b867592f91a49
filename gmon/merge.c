/* merge.c - a profile: the sum of the records of several gmon files.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   The rules are GNU gprof's, so that every set of files it accepts
   gives the same sums here:

   - the first histogram fixes the clock rate, the dimension and the
     bin width; later ones must have the same dimension and a bin width
     within 1e-6 of it (a different rate is noted, not refused);
   - a histogram of the same range as an earlier one adds its bins to
     it; one that overlaps an earlier range without matching it is
     refused; a disjoint one is kept beside the others;
   - a BSD file has one histogram, which must match the first one
     exactly (range and bin count);
   - arcs with the same (from_pc, self_pc), and blocks with the same
     address, add their counts.

   Where GNU gprof misreads (same range, different bin count) this code
   refuses the file instead.  Counts are 64-bit and saturate.  */

#include <config.h>

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gmon/bytes.h"
#include "gmon/gmon.h"

/* Open addressing: slot holds 1 + the position in the array in its low
   32 bits (0 when empty), and the high 32 bits of the key's hash above
   them, so that probing past other keys does not read them: with a
   million arcs every key read is a cache miss.  Positions are 32-bit:
   four billion distinct arcs is beyond any profile.  */
struct gmon_index {
	uint64_t *slots;		/* tag << 32 | 1 + array position,
					   or 0 */
	size_t mask;			/* number of slots - 1 */
	size_t used;			/* filled slots */
};

static uint64_t
mix (uint64_t a, uint64_t b)
{
	uint64_t h = a * 0x9e3779b97f4a7c15u ^ (b + 0x632be59bd9b4e019u);

	h ^= h >> 31;
	h *= 0xbf58476d1ce4e5b9u;
	h ^= h >> 29;
	return h;
}

/* Grows the index to at least twice its size and room for NEED keys
   at most half full.  */
static int
index_grow (struct gmon_index **ip, const void *keys, size_t stride,
	    bool pair, size_t need)
{
	struct gmon_index *ix = *ip;
	size_t n = ix ? (ix->mask + 1) * 2 : 1024;
	uint64_t *slots;
	size_t i;

	while (n / 2 < need + 1 && n < SIZE_MAX / 4)
		n *= 2;

	if (!ix) {
		ix = calloc (1, sizeof *ix);
		if (!ix)
			return -1;
		*ip = ix;
	}
	slots = calloc (n, sizeof *slots);
	if (!slots)
		return -1;
	/* Re-insert every key; keys[] is dense, so walk it instead
	   of the old slots.  */
	for (i = 0; i < ix->used; i++) {
		const uint64_t *k = (const uint64_t *)
			((const char *) keys + i * stride);
		uint64_t h = mix (k[0], pair ? k[1] : 0);
		size_t s = (size_t) h & (n - 1);

		while (slots[s])
			s = (s + 1) & (n - 1);
		slots[s] = (h & ~(uint64_t) 0xffffffff) | (uint64_t) (i + 1);
	}
	free (ix->slots);
	ix->slots = slots;
	ix->mask = n - 1;
	return 0;
}

/* Finds the entry of key (A, B), of hash H, in KEYS (entries of STRIDE
   bytes, starting with the key), or makes room for a new one at
   position *COUNT.  Returns its position, or SIZE_MAX when memory runs
   out.  */
static size_t
index_find_h (struct gmon_index **ip, void **keys, size_t *count, size_t *cap,
	    size_t stride, bool pair, uint64_t a, uint64_t b, uint64_t h)
{
	struct gmon_index *ix = *ip;
	uint64_t tag;
	size_t s;

	if ((!ix || (ix->used + 1) * 2 > ix->mask + 1)
	    && index_grow (ip, *keys, stride, pair, 0) < 0)
		return SIZE_MAX;
	ix = *ip;
	tag = h & ~(uint64_t) 0xffffffff;
	s = (size_t) h & ix->mask;
	while (ix->slots[s]) {
		uint64_t v = ix->slots[s];

		if ((v & ~(uint64_t) 0xffffffff) == tag) {
			size_t at = (size_t) (uint32_t) v - 1;
			const uint64_t *k = (const uint64_t *)
				((const char *) *keys + at * stride);

			if (k[0] == a && (!pair || k[1] == b))
				return at;
		}
		s = (s + 1) & ix->mask;
	}
	if (*count >= UINT32_MAX - 1)
		return SIZE_MAX;
	if (*count == *cap) {
		size_t n = *cap ? *cap * 2 : 256;
		void *p = realloc (*keys, n * stride);

		if (!p)
			return SIZE_MAX;
		*keys = p;
		*cap = n;
	}
	memset ((char *) *keys + *count * stride, 0, stride);
	ix->slots[s] = tag | (uint64_t) (*count + 1);
	ix->used++;
	return (*count)++;
}

static size_t
index_find (struct gmon_index **ip, void **keys, size_t *count, size_t *cap,
	    size_t stride, bool pair, uint64_t a, uint64_t b)
{
	return index_find_h (ip, keys, count, cap, stride, pair, a, b,
			     mix (a, pair ? b : 0));
}

static void
index_free (struct gmon_index *ix)
{
	if (ix) {
		free (ix->slots);
		free (ix);
	}
}

void
gmon_profile_init (struct gmon_profile *p, const struct gmon_target *t)
{
	memset (p, 0, sizeof *p);
	p->target = *t;
	/* What gprof assumes until a histogram says otherwise.  */
	strcpy (p->dimen, "seconds");
	p->abbrev = 's';
}

void
gmon_profile_free (struct gmon_profile *p)
{
	size_t i;

	for (i = 0; i < p->nhist; i++)
		gmon_bins_free (&p->hist[i].bins);
	free (p->hist);
	free (p->arcs);
	free (p->bbs);
	index_free (p->arc_index);
	index_free (p->bb_index);
	memset (p, 0, sizeof *p);
}

static int
add_arc_h (struct gmon_profile *p, uint64_t from_pc, uint64_t self_pc,
	   uint64_t count, uint64_t h)
{
	void *keys = p->arcs;
	size_t i = index_find_h (&p->arc_index, &keys, &p->narcs,
				 &p->arcs_cap, sizeof *p->arcs, true,
				 from_pc, self_pc, h);

	p->arcs = keys;
	if (i == SIZE_MAX)
		return -1;
	p->arcs[i].from_pc = from_pc;
	p->arcs[i].self_pc = self_pc;
	p->arcs[i].count = gmon_add_sat (p->arcs[i].count, count);
	return 0;
}

int
gmon_profile_add_arc (struct gmon_profile *p, uint64_t from_pc,
		      uint64_t self_pc, uint64_t count)
{
	return add_arc_h (p, from_pc, self_pc, count, mix (from_pc, self_pc));
}

/* A file's arcs go in in batches: the slots of a batch are asked for
   at once, then filled one by one, so that a million arcs wait for
   memory a batch at a time rather than an arc at a time.  */
#define ARC_BATCH	16

struct arc_batch {
	struct gmon_arc a[ARC_BATCH];
	size_t n;
};

static int
arc_batch_flush (struct gmon_profile *p, struct arc_batch *b)
{
	uint64_t h[ARC_BATCH];
	size_t i;

	for (i = 0; i < b->n; i++) {
		h[i] = mix (b->a[i].from_pc, b->a[i].self_pc);
		if (p->arc_index)
			__builtin_prefetch (&p->arc_index->slots[h[i]
					    & p->arc_index->mask]);
	}
	for (i = 0; i < b->n; i++)
		if (add_arc_h (p, b->a[i].from_pc, b->a[i].self_pc,
			       b->a[i].count, h[i]) < 0) {
			b->n = 0;
			return -1;
		}
	b->n = 0;
	return 0;
}

/* Room in the index for the arcs the rest of file R can hold.  */
static int
arc_reserve (struct gmon_profile *p, const struct gmon_reader *r)
{
	uint64_t left = gmon_reader_left (r) / GMON_ARC_SIZE (p->target.addr_size);
	size_t need;

	/* No more than 2^26 at once: a damaged file's size is no reason
	   to allocate gigabytes before its records are seen.  */
	if (left > (uint64_t) 1 << 26)
		left = (uint64_t) 1 << 26;
	need = p->narcs + (size_t) left + 1;
	if (p->arc_index && (need + 1) * 2 <= p->arc_index->mask + 1)
		return 0;
	return index_grow (&p->arc_index, p->arcs, sizeof *p->arcs, true,
			   need);
}

int
gmon_profile_add_bb (struct gmon_profile *p, uint64_t addr, uint64_t count)
{
	void *keys = p->bbs;
	size_t i = index_find (&p->bb_index, &keys, &p->nbbs, &p->bbs_cap,
			       sizeof *p->bbs, false, addr, 0);

	p->bbs = keys;
	if (i == SIZE_MAX)
		return -1;
	p->bbs[i].addr = addr;
	p->bbs[i].count = gmon_add_sat (p->bbs[i].count, count);
	return 0;
}

/* The bin width in 2-byte units, computed as gprof computes it (the
   range is halved in integers first).  */
static double
hist_scale (const struct gmon_hist_hdr *h)
{
	return (double) ((h->high_pc - h->low_pc) / 2) / h->nbins;
}

/* What a BSD file's histogram, after the first one, must be: the
   first's range and bins.  The rate it adds is adopted if the first
   had none.  Returns 0, or -1 with ERR filled.  */
static int
check_bsd_hist (struct gmon_profile *p, const char *name,
		const struct gmon_hist_hdr *h, struct gmon_error *err)
{
	const struct gmon_hist *first = &p->hist[0];

	if (h->low_pc != first->h.low_pc || h->high_pc != first->h.high_pc
	    || h->nbins != first->h.nbins) {
		gmon_error_set (err, name, "incompatible with the first gmon file: "
		      "its histogram covers 0x%llx-0x%llx in %u bins, the "
		      "first one 0x%llx-0x%llx in %u bins",
		      (unsigned long long) h->low_pc,
		      (unsigned long long) h->high_pc, h->nbins,
		      (unsigned long long) first->h.low_pc,
		      (unsigned long long) first->h.high_pc, first->h.nbins);
		return -1;
	}
	if (h->rate != 0) {
		if (p->rate == 0) {
			p->rate = h->rate;
		} else if (h->rate != p->rate) {
			gmon_error_set (err, name, "profiling rate %u Hz is "
			      "incompatible with the %u Hz of the first "
			      "gmon file", h->rate, p->rate);
			return -1;
		}
	}
	return 0;
}

/* Where a histogram of header H goes, by GNU gprof's rules: -1 refused
   (ERR filled), 0 a new histogram, 1 added to *SAME.  The first one
   fixes the profile's rate, dimension and bin width.  Asked again
   about the same header, it answers the same.  */
static int
hist_place (struct gmon_profile *p, const char *name,
	    const struct gmon_hist_hdr *h, bool bsd, struct gmon_hist **same,
	    struct gmon_error *err)
{
	size_t i;

	if (h->nbins == 0 || h->low_pc >= h->high_pc) {
		gmon_error_set (err, name, "histogram with no bins or an empty range");
		return -1;
	}
	if (p->nhist == 0) {
		p->rate = h->rate;
		memcpy (p->dimen, h->dimen, sizeof p->dimen);
		p->abbrev = h->abbrev;
		p->hist_scale = hist_scale (h);
		return 0;
	}
	if (bsd) {
		if (check_bsd_hist (p, name, h, err) < 0)
			return -1;
		*same = &p->hist[0];
		return 1;
	}
	if (strncmp (h->dimen, p->dimen, GMON_DIMEN_LEN) != 0) {
		gmon_error_set (err, name, "the dimension of the histogram changed "
		      "from '%s' to '%s'", p->dimen, h->dimen);
		return -1;
	}
	if (h->abbrev != p->abbrev) {
		gmon_error_set (err, name, "the dimension abbreviation of the "
		      "histogram changed from '%c' to '%c'", p->abbrev,
		      h->abbrev);
		return -1;
	}
	if (fabs (hist_scale (h) - p->hist_scale) > 0.000001) {
		gmon_error_set (err, name, "histogram bins of %g bytes differ from "
		      "the %g-byte bins of the first histogram",
		      2 * hist_scale (h), 2 * p->hist_scale);
		return -1;
	}
	switch (gmon_ranges_find (&p->hist_ranges, p->hist, h->low_pc,
				  h->high_pc, &i)) {
	case 1:
		if (p->hist[i].h.nbins != h->nbins) {
			gmon_error_set (err, name, "histogram of 0x%llx-0x%llx "
			      "has %u bins, an earlier one of the same "
			      "range %u", (unsigned long long) h->low_pc,
			      (unsigned long long) h->high_pc, h->nbins,
			      p->hist[i].h.nbins);
			return -1;
		}
		*same = &p->hist[i];
		return 1;
	case 2:
		/* The first one read, as a search in read order finds.  */
		gmon_error_set (err, name, "overlapping histogram records: "
		      "0x%llx-0x%llx and 0x%llx-0x%llx",
		      (unsigned long long) h->low_pc,
		      (unsigned long long) h->high_pc,
		      (unsigned long long) p->hist[i].h.low_pc,
		      (unsigned long long) p->hist[i].h.high_pc);
		return -1;
	default:
		return 0;
	}
}

/* A new histogram of header H, its counts taken from B.  The array
   grows by an eighth: a profile of tens of thousands of records
   should neither be copied at each one nor carry half again its size
   unused.  */
static int
hist_append (struct gmon_profile *p, const char *name,
	     const struct gmon_hist_hdr *h, struct gmon_bins *b,
	     struct gmon_error *err)
{
	struct gmon_hist *nh;

	/* The tree of ranges numbers them in 32 bits.  */
	if (p->nhist >= UINT32_MAX - 1) {
		gmon_error_set (err, name, "more than %u histograms",
				UINT32_MAX - 2);
		return -1;
	}
	if (p->nhist == p->hist_cap) {
		size_t cap = p->hist_cap + p->hist_cap / 8 + 4;

		nh = realloc (p->hist, cap * sizeof *p->hist);
		if (!nh) {
			gmon_error_set (err, name, "out of memory");
			return -1;
		}
		p->hist = nh;
		p->hist_cap = cap;
	}
	nh = &p->hist[p->nhist];
	nh->h = *h;
	gmon_ranges_add (&p->hist_ranges, p->hist);
	nh->bins = *b;
	nh->bins.nbins = h->nbins;
	gmon_bins_init (b, h->nbins);
	p->nhist++;
	return 0;
}

int
gmon_profile_add_bins (struct gmon_profile *p, const char *name,
		       const struct gmon_hist_hdr *h, struct gmon_bins *b,
		       struct gmon_error *err)
{
	struct gmon_hist *same = NULL;

	switch (hist_place (p, name, h, false, &same, err)) {
	case 1:
		if (gmon_bins_add (&same->bins, b, true) < 0) {
			gmon_error_set (err, name, "out of memory for %u bins",
					h->nbins);
			return -1;
		}
		return 0;
	case 0:
		return hist_append (p, name, h, b, err);
	default:
		return -1;
	}
}

int
gmon_profile_add_hist (struct gmon_profile *p, const char *name,
		       const struct gmon_hist_hdr *h, const uint64_t *bins,
		       bool bsd, struct gmon_error *err)
{
	struct gmon_hist *same = NULL;
	struct gmon_bins b;
	int rc;

	rc = hist_place (p, name, h, bsd, &same, err);
	if (rc < 0)
		return -1;
	gmon_bins_init (&b, h->nbins);
	if (gmon_bins_add_array (rc ? &same->bins : &b, bins) < 0) {
		gmon_bins_free (&b);
		gmon_error_set (err, name, "out of memory for %u bins",
				h->nbins);
		return -1;
	}
	if (rc == 0 && hist_append (p, name, h, &b, err) < 0) {
		gmon_bins_free (&b);
		return -1;
	}
	return 0;
}

/* What a file being read tells its reader: the histogram a record's
   counts are added to as they come, when its header names one.  A
   refused header gets NULL: the record is read whole and refused after
   (so that a damaged record is said to be damaged first).  A record
   found damaged after its counts went in part into the profile leaves
   them there: the profile is then only good for the message.  */
struct file_ctx {
	struct gmon_profile *p;
	const char *name;
	bool bsd;
};

static struct gmon_bins *
hist_sink (void *ctx, const struct gmon_hist_hdr *h)
{
	struct file_ctx *f = ctx;
	struct gmon_hist *same = NULL;

	/* The first histogram is new, and fixes the profile's rate and
	   bins only once it is read whole.  */
	if (f->p->nhist == 0)
		return NULL;
	if (hist_place (f->p, f->name, h, f->bsd, &same, NULL) == 1)
		return &same->bins;
	return NULL;
}

/* The histogram record REC of file R into P.  */
static int
add_record_hist (struct gmon_profile *p, const char *name,
		 struct gmon_reader *r, const struct gmon_record *rec,
		 bool bsd, struct gmon_error *err)
{
	struct gmon_hist *same = NULL;
	struct gmon_bins b;
	int rc;

	if (rec->added)
		return 0;
	rc = hist_place (p, name, &rec->hist, bsd, &same, err);
	if (rc < 0)
		return -1;
	gmon_reader_take_bins (r, &b);
	if (rc == 1) {
		rc = gmon_bins_add (&same->bins, &b, true);
		gmon_bins_free (&b);
		if (rc < 0)
			gmon_error_set (err, name, "out of memory for %u bins",
					rec->hist.nbins);
		return rc;
	}
	if (hist_append (p, name, &rec->hist, &b, err) < 0) {
		gmon_bins_free (&b);
		return -1;
	}
	return 0;
}

int
gmon_profile_read (struct gmon_profile *p, const char *path,
		   enum gmon_format fmt, struct gmon_file_stats *stats,
		   struct gmon_error *err)
{
	struct gmon_file_stats st;
	struct gmon_reader *r;
	struct gmon_record rec;
	struct arc_batch batch;
	struct file_ctx fc;
	bool bsd;
	int ret = 0, more;
	size_t i;

	memset (&st, 0, sizeof st);
	batch.n = 0;
	r = p->regular_only
		? gmon_reader_open_regular (path, &p->target, fmt, err)
		: gmon_reader_open (path, &p->target, fmt, err);
	if (!r)
		return -1;
	st.format = gmon_reader_format (r);
	bsd = st.format != GMON_FMT_MAGIC;
	fc.p = p;
	fc.name = path;
	fc.bsd = bsd;
	gmon_reader_hist_sink (r, hist_sink, &fc);
	if (bsd) {
		/* A BSD file always holds both, even if empty.  */
		p->input |= GMON_INPUT_HIST | GMON_INPUT_ARCS;
	} else {
		p->version = (int) gmon_reader_version (r);
		gmon_reader_run (r, &st.run);
	}

	while ((more = gmon_reader_next (r, &rec, err)) > 0) {
		if (rec.kind != GMON_REC_ARC && batch.n
		    && arc_batch_flush (p, &batch) < 0) {
			gmon_error_set (err, path, "out of memory for arcs");
			ret = -1;
			break;
		}
		switch (rec.kind) {
		case GMON_REC_HIST:
			st.nhist++;
			if (!st.build.kind)
				st.build = rec.hist.build;
			p->input |= GMON_INPUT_HIST;
			if (add_record_hist (p, path, r, &rec, bsd, err) < 0)
				ret = -1;
			break;
		case GMON_REC_ARC:
			if (st.narcs++ == 0 && arc_reserve (p, r) < 0) {
				gmon_error_set (err, path, "out of memory for arcs");
				ret = -1;
				break;
			}
			p->input |= GMON_INPUT_ARCS;
			batch.a[batch.n++] = rec.arc;
			if (batch.n == ARC_BATCH
			    && arc_batch_flush (p, &batch) < 0) {
				gmon_error_set (err, path, "out of memory for arcs");
				ret = -1;
			}
			break;
		case GMON_REC_BB:
			st.nbb++;
			p->input |= GMON_INPUT_BB;
			for (i = 0; i < rec.nblocks && ret == 0; i++)
				if (gmon_profile_add_bb (p, rec.blocks[i].addr,
							 rec.blocks[i].count)
				    < 0) {
					gmon_error_set (err, path,
					      "out of memory for blocks");
					ret = -1;
				}
			break;
		case GMON_REC_END:
			break;
		}
		if (ret < 0)
			break;
	}
	if (ret == 0 && batch.n && arc_batch_flush (p, &batch) < 0) {
		gmon_error_set (err, path, "out of memory for arcs");
		ret = -1;
	}
	if (more < 0)
		ret = -1;
	gmon_reader_close (r);
	st.version = p->version;
	if (stats)
		*stats = st;
	return ret;
}

int
gmon_profile_write (const struct gmon_profile *p, int fd)
{
	unsigned char buf[16384];
	struct gmon_writer w;
	size_t i;

	gmon_writer_init (&w, fd, buf, sizeof buf, &p->target);
	gmon_write_header (&w);
	for (i = 0; i < p->nhist; i++) {
		struct gmon_hist_hdr h = p->hist[i].h;

		/* Every record carries the profile's rate, as gprof's
		   own gmon.sum does.  */
		h.rate = p->rate;
		memcpy (h.dimen, p->dimen, sizeof h.dimen);
		h.abbrev = p->abbrev;
		gmon_write_hist_bins (&w, &h, &p->hist[i].bins);
	}
	for (i = 0; i < p->narcs; i++)
		gmon_write_arc (&w, p->arcs[i].from_pc, p->arcs[i].self_pc,
				p->arcs[i].count);
	if (p->nbbs > 0)
		gmon_write_bb (&w, p->bbs, p->nbbs);
	if (gmon_writer_flush (&w) < 0) {
		errno = w.error;
		return -1;
	}
	return 0;
}
