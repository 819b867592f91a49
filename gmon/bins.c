/* bins.c - a histogram's bins, kept in proportion to what they hold.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   A file holds 2 bytes per bin.  GNU gprof keeps an int per bin (4
   bytes); a 64-bit count per bin would be 8, and a list of the
   non-zero bins with their counts 12 per non-zero bin.  Here the bins
   go in pages of GMON_PAGE_BINS (32768: 64 KiB of a file), and each
   page takes what it holds:

     empty    nothing (no samples there: most of a big program's text)
     sparse   its non-zero bins: a 16-bit offset in the page and the
              count, (2 + W) bytes each
     dense    every bin's count, W bytes each

   where W, the width of the page's counts, is 2, 4 or 8 bytes, as its
   largest count needs: one file's counts are 16-bit, and only sums of
   many files grow wider.  A page is sparse while that is smaller.  A
   histogram read from one file thus never takes more than the 2 bytes
   per bin of the file (plus 16 bytes per page for the table), and one
   mostly empty a few bytes per sample; sums cost 4 bytes per bin (GNU
   gprof's) only where they pass 65535, and 8 where they pass 2^32.
   Every change of a page is made on that page alone, so no step ever
   holds two copies of more than a page.  Data of 8 bytes or less (a
   page with one or two samples) is kept in the page's own entry, and
   a histogram of one page keeps its entry in struct gmon_bins: a
   record of a few samples, as libgmon writes for each 1024 bins of a
   library that have any, costs no allocation of its own.

   The table of pages grows with the pages that receive counts, never
   with the bin count a header claims.  */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "gmon/bytes.h"
#include "gmon/gmon.h"

/* The table of B, wherever it is.  */
static struct gmon_page *
page_table (struct gmon_bins *b)
{
	return b->npages > 1 ? b->pages : &b->page0;
}

const struct gmon_page *
gmon_bins_page (const struct gmon_bins *b, uint32_t p)
{
	if (p >= b->npages)
		return NULL;
	return b->npages > 1 ? &b->pages[p] : &b->page0;
}

const void *
gmon_page_data (const struct gmon_page *pg)
{
	return pg->flags & GMON_PAGE_INLINE ? (const void *) pg->u.in
		: pg->u.ptr;
}

static void *
data (struct gmon_page *pg)
{
	return pg->flags & GMON_PAGE_INLINE ? (void *) pg->u.in : pg->u.ptr;
}

static bool
empty (const struct gmon_page *pg)
{
	return !(pg->flags & GMON_PAGE_DENSE) && pg->n == 0;
}

static bool
dense (const struct gmon_page *pg)
{
	return (pg->flags & GMON_PAGE_DENSE) != 0;
}

/* The bins of page P of B.  */
static uint32_t
page_len (const struct gmon_bins *b, uint32_t p)
{
	uint64_t first = (uint64_t) p << GMON_PAGE_SHIFT;

	return b->nbins - first < GMON_PAGE_BINS
		? (uint32_t) (b->nbins - first) : GMON_PAGE_BINS;
}

static unsigned int
width_for (uint64_t v)
{
	return v <= 0xffff ? 2 : v <= 0xffffffffu ? 4 : 8;
}

static uint64_t
load (const void *d, unsigned int w, uint32_t i)
{
	switch (w) {
	case 2:
		return ((const uint16_t *) d)[i];
	case 4:
		return ((const uint32_t *) d)[i];
	default:
		return ((const uint64_t *) d)[i];
	}
}

static void
store (void *d, unsigned int w, uint32_t i, uint64_t v)
{
	switch (w) {
	case 2:
		((uint16_t *) d)[i] = (uint16_t) v;
		break;
	case 4:
		((uint32_t *) d)[i] = (uint32_t) v;
		break;
	default:
		((uint64_t *) d)[i] = v;
		break;
	}
}

/* A sparse page's offsets, after its N counts of width W.  */
static const uint16_t *
offsets (const struct gmon_page *pg)
{
	return (const uint16_t *) ((const char *) gmon_page_data (pg)
				   + (size_t) pg->n * pg->width);
}

/* The bytes of PG's data, of LEN bins.  */
static size_t
data_size (const struct gmon_page *pg, uint32_t len)
{
	return dense (pg) ? (size_t) len * pg->width
		: (size_t) pg->n * (pg->width + 2u);
}

/* The memory PG holds (its data, unless in the entry itself).  */
static size_t
page_bytes (const struct gmon_page *pg, uint32_t len)
{
	return empty (pg) || (pg->flags & GMON_PAGE_INLINE) ? 0
		: data_size (pg, len);
}

/* Gives PG (its flags, n and width set) room for its data of LEN
   bins, zeroed: in the entry if it fits.  Returns 0 or -1.  */
static int
page_alloc (struct gmon_page *pg, uint32_t len)
{
	size_t size = data_size (pg, len);

	if (size <= sizeof pg->u.in) {
		pg->flags |= GMON_PAGE_INLINE;
		memset (pg->u.in, 0, sizeof pg->u.in);
		return 0;
	}
	pg->flags &= (uint8_t) ~GMON_PAGE_INLINE;
	pg->u.ptr = calloc (1, size);
	return pg->u.ptr ? 0 : -1;
}

static void
page_free (struct gmon_page *pg)
{
	if (!empty (pg) && !(pg->flags & GMON_PAGE_INLINE))
		free (pg->u.ptr);
	memset (pg, 0, sizeof *pg);
}

/* Walks the non-zero bins of one page.  */
struct page_walk {
	const struct gmon_page *pg;
	uint32_t len;			/* bins in the page */
	uint32_t k;			/* next position */
};

static bool
page_walk_next (struct page_walk *pw, uint32_t *off, uint64_t *v)
{
	const struct gmon_page *pg = pw->pg;
	const void *d = gmon_page_data (pg);

	if (!dense (pg)) {
		if (pw->k >= pg->n)
			return false;
		*off = offsets (pg)[pw->k];
		*v = load (d, pg->width, pw->k);
		pw->k++;
		return true;
	}
	for (; pw->k < pw->len; pw->k++) {
		uint64_t c = load (d, pg->width, pw->k);

		if (c) {
			*off = pw->k++;
			*v = c;
			return true;
		}
	}
	return false;
}

void
gmon_bins_init (struct gmon_bins *b, uint32_t nbins)
{
	memset (b, 0, sizeof *b);
	b->nbins = nbins;
}

void
gmon_bins_free (struct gmon_bins *b)
{
	struct gmon_page *t = page_table (b);
	uint32_t p;

	for (p = 0; p < b->npages; p++)
		page_free (&t[p]);
	if (b->npages > 1)
		free (b->pages);
	gmon_bins_init (b, b->nbins);
}

/* Room in B's table for page P.  */
static int
table_grow (struct gmon_bins *b, uint32_t p)
{
	uint32_t total = (uint32_t) (((uint64_t) b->nbins + GMON_PAGE_BINS - 1)
				     >> GMON_PAGE_SHIFT);
	uint32_t n = b->npages ? b->npages : 1;
	struct gmon_page *v;

	if (p < b->npages)
		return 0;
	while (n <= p)
		n *= 2;
	if (n > total)
		n = total;
	if (n == 1) {
		b->npages = 1;
		return 0;
	}
	v = realloc (b->npages > 1 ? b->pages : NULL, (size_t) n * sizeof *v);
	if (!v)
		return -1;
	if (b->npages <= 1) {
		v[0] = b->page0;
		memset (&b->page0, 0, sizeof b->page0);
		b->npages = b->npages ? 1 : 0;
		b->bytes += sizeof *v * b->npages;
	}
	memset (v + b->npages, 0, (size_t) (n - b->npages) * sizeof *v);
	b->bytes += (size_t) (n - b->npages) * sizeof *v;
	b->pages = v;
	b->npages = n;
	return 0;
}

/* Makes OUT, a page of LEN bins, holding the union of the non-zero bins
   of pages A and B, each bin's counts added, in the form that costs
   least.  */
static int
page_build (struct gmon_page *out, uint32_t len, const struct gmon_page *a,
	    const struct gmon_page *b)
{
	struct page_walk wa = { a, len, 0 }, wb = { b, len, 0 };
	uint32_t oa = 0, ob = 0, k = 0, u = 0;
	uint64_t va = 0, vb = 0, max = 0;
	int pass;

	memset (out, 0, sizeof *out);
	/* Pass 0 counts the bins and the width they need; pass 1 stores
	   them.  */
	for (pass = 0; pass < 2; pass++) {
		bool ha, hb;

		wa.k = wb.k = 0;
		ha = page_walk_next (&wa, &oa, &va);
		hb = page_walk_next (&wb, &ob, &vb);
		while (ha || hb) {
			uint32_t o;
			uint64_t v;

			if (ha && (!hb || oa <= ob)) {
				o = oa;
				v = va;
				if (hb && ob == oa) {
					v = gmon_add_sat (v, vb);
					hb = page_walk_next (&wb, &ob, &vb);
				}
				ha = page_walk_next (&wa, &oa, &va);
			} else {
				o = ob;
				v = vb;
				hb = page_walk_next (&wb, &ob, &vb);
			}
			if (pass == 0) {
				if (v > max)
					max = v;
				u++;
			} else if (dense (out)) {
				store (data (out), out->width, o, v);
			} else {
				store (data (out), out->width, k, v);
				((uint16_t *) (void *) offsets (out))[k] =
					(uint16_t) o;
				k++;
			}
		}
		if (pass == 0) {
			unsigned int w = width_for (max);

			if (u == 0)
				return 0;
			out->width = (uint8_t) w;
			if ((uint64_t) u * (w + 2) >= (uint64_t) len * w)
				out->flags = GMON_PAGE_DENSE;
			else
				out->n = (uint16_t) u;
			if (page_alloc (out, len) < 0)
				return -1;
		}
	}
	return 0;
}

/* Adds page SRC (LEN bins) to page DST.  A dense DST takes the counts
   where they are, made wider first if a sum needs it; otherwise the
   page is made again from both.  */
static int
page_add (struct gmon_page *dst, const struct gmon_page *src, uint32_t len)
{
	struct page_walk ws = { src, len, 0 };
	struct gmon_page made;
	uint32_t o;
	uint64_t v;

	if (empty (src))
		return 0;
	if (!dense (dst)) {
		if (page_build (&made, len, dst, src) < 0)
			return -1;
		page_free (dst);
		*dst = made;
		return 0;
	}
	while (page_walk_next (&ws, &o, &v)) {
		uint64_t sum = gmon_add_sat (load (data (dst), dst->width, o),
					     v);

		if (width_for (sum) > dst->width) {
			struct gmon_page wide = *dst;
			uint32_t i;

			wide.width = (uint8_t) width_for (sum);
			if (page_alloc (&wide, len) < 0)
				return -1;
			for (i = 0; i < len; i++)
				store (data (&wide), wide.width, i,
				       load (data (dst), dst->width, i));
			page_free (dst);
			*dst = wide;
		}
		store (data (dst), dst->width, o, sum);
	}
	return 0;
}

/* Adds page SRC to page P of B, or (TAKE, and the page is empty) makes
   SRC B's page, leaving SRC empty.  */
static int
add_page (struct gmon_bins *b, uint32_t p, struct gmon_page *src, bool take)
{
	uint32_t len = page_len (b, p);
	struct gmon_page *dst;
	size_t before;

	if (empty (src))
		return 0;
	if (table_grow (b, p) < 0)
		return -1;
	dst = &page_table (b)[p];
	before = page_bytes (dst, len);
	if (empty (dst) && take) {
		*dst = *src;
		memset (src, 0, sizeof *src);
	} else if (page_add (dst, src, len) < 0) {
		return -1;
	}
	b->bytes += page_bytes (dst, len) - before;
	return 0;
}

/* A page of the N counts V produced, as add_page takes it: U of them
   non-zero, the largest MAX.  */
static int
page_of (struct gmon_page *pg, uint32_t n, uint32_t u, uint64_t max,
	 uint64_t (*get) (const void *, uint32_t), const void *v)
{
	uint32_t i, k = 0;

	memset (pg, 0, sizeof *pg);
	pg->width = (uint8_t) width_for (max);
	if ((uint64_t) u * (pg->width + 2u) >= (uint64_t) n * pg->width)
		pg->flags = GMON_PAGE_DENSE;
	else
		pg->n = (uint16_t) u;
	if (page_alloc (pg, n) < 0)
		return -1;
	for (i = 0; i < n; i++) {
		uint64_t c = get (v, i);

		if (dense (pg)) {
			store (data (pg), pg->width, i, c);
		} else if (c) {
			store (data (pg), pg->width, k, c);
			((uint16_t *) (void *) offsets (pg))[k++] = (uint16_t) i;
		}
	}
	return 0;
}

/* The raw 16-bit counts of a file, as page_of reads them.  */
struct raw16 {
	const unsigned char *p;		/* the bytes */
	bool big_endian;		/* their order */
};

static uint64_t
get_raw16 (const void *ctx, uint32_t i)
{
	const struct raw16 *r = ctx;

	return r->big_endian ? (uint64_t) r->p[2 * i] << 8 | r->p[2 * i + 1]
		: (uint64_t) r->p[2 * i + 1] << 8 | r->p[2 * i];
}

static uint64_t
get_u64 (const void *ctx, uint32_t i)
{
	return ((const uint64_t *) ctx)[i];
}

int
gmon_bins_add_raw16 (struct gmon_bins *b, uint32_t first, const void *raw,
		     uint32_t n, bool big_endian)
{
	struct raw16 r = { raw, big_endian };
	struct gmon_page pg;
	uint32_t k, u = 0;
	int rc;

	/* Empty bins are skipped eight at a time: most are.  */
	for (k = 0; k < n;) {
		uint64_t x[2];

		if (k + 8 <= n) {
			memcpy (x, r.p + 2 * k, sizeof x);
			if ((x[0] | x[1]) == 0) {
				k += 8;
				continue;
			}
		}
		u += (r.p[2 * k] | r.p[2 * k + 1]) != 0;
		k++;
	}
	if (u == 0)
		return 0;
	if (page_of (&pg, n, u, 0xffff, get_raw16, &r) < 0)
		return -1;
	rc = add_page (b, first >> GMON_PAGE_SHIFT, &pg, true);
	page_free (&pg);
	return rc;
}

int
gmon_bins_add_array (struct gmon_bins *b, const uint64_t *v)
{
	uint32_t p, i;

	for (p = 0; (uint64_t) p << GMON_PAGE_SHIFT < b->nbins; p++) {
		const uint64_t *s = v + ((size_t) p << GMON_PAGE_SHIFT);
		uint32_t len = page_len (b, p), u = 0;
		struct gmon_page pg;
		uint64_t max = 0;
		int rc;

		for (i = 0; i < len; i++)
			if (s[i]) {
				u++;
				if (s[i] > max)
					max = s[i];
			}
		if (u == 0)
			continue;
		if (page_of (&pg, len, u, max, get_u64, s) < 0)
			return -1;
		rc = add_page (b, p, &pg, true);
		page_free (&pg);
		if (rc < 0)
			return -1;
	}
	return 0;
}

int
gmon_bins_add_page (struct gmon_bins *b, uint32_t first, const uint64_t *v,
		    uint32_t n)
{
	uint32_t p = first >> GMON_PAGE_SHIFT, len, i, u = 0;
	struct gmon_page pg;
	uint64_t max = 0;
	int rc;

	if ((uint64_t) p << GMON_PAGE_SHIFT >= b->nbins)
		return 0;
	len = page_len (b, p);
	if (n > len)
		n = len;
	for (i = 0; i < n; i++)
		if (v[i]) {
			u++;
			if (v[i] > max)
				max = v[i];
		}
	if (u == 0)
		return 0;
	/* page_of reads LEN counts: the page's bins past N are 0.  */
	if (n < len) {
		uint64_t *w = calloc (len, sizeof *w);

		if (!w)
			return -1;
		memcpy (w, v, n * sizeof *w);
		rc = page_of (&pg, len, u, max, get_u64, w);
		free (w);
	} else {
		rc = page_of (&pg, len, u, max, get_u64, v);
	}
	if (rc < 0)
		return -1;
	rc = add_page (b, p, &pg, true);
	page_free (&pg);
	return rc;
}

int
gmon_bins_add (struct gmon_bins *dst, struct gmon_bins *src, bool take)
{
	struct gmon_page *t = page_table (src);
	uint32_t p;

	for (p = 0; p < src->npages; p++)
		if (add_page (dst, p, &t[p], take) < 0)
			return -1;
	if (take)
		gmon_bins_free (src);
	return 0;
}

void
gmon_bins_iter_init (struct gmon_bins_iter *it, const struct gmon_bins *b)
{
	it->b = b;
	it->page = 0;
	it->k = 0;
}

bool
gmon_bins_next (struct gmon_bins_iter *it, uint32_t *bin, uint64_t *count)
{
	const struct gmon_bins *b = it->b;

	for (; it->page < b->npages; it->page++, it->k = 0) {
		struct page_walk pw = { gmon_bins_page (b, it->page),
					page_len (b, it->page), it->k };
		uint32_t off;

		if (page_walk_next (&pw, &off, count)) {
			it->k = pw.k;
			*bin = (it->page << GMON_PAGE_SHIFT) + off;
			return true;
		}
	}
	return false;
}

/* The position in sparse page PG of the first offset at or above OFF.  */
static uint32_t
sparse_find (const struct gmon_page *pg, uint32_t off)
{
	const uint16_t *o = offsets (pg);
	uint32_t lo = 0, hi = pg->n;

	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;

		if (o[mid] < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

uint64_t
gmon_bins_get (const struct gmon_bins *b, uint32_t i)
{
	uint32_t off = i & (GMON_PAGE_BINS - 1), k;
	const struct gmon_page *pg = gmon_bins_page (b, i >> GMON_PAGE_SHIFT);

	if (i >= b->nbins || !pg || empty (pg))
		return 0;
	if (dense (pg))
		return load (gmon_page_data (pg), pg->width, off);
	k = sparse_find (pg, off);
	return k < pg->n && offsets (pg)[k] == off
		? load (gmon_page_data (pg), pg->width, k) : 0;
}

void
gmon_bins_fill (const void *ctx, uint32_t first, uint32_t n, uint64_t *out)
{
	const struct gmon_bins *b = ctx;
	uint32_t i = 0;

	while (i < n) {
		uint32_t bin = first + i, off = bin & (GMON_PAGE_BINS - 1);
		uint32_t m = GMON_PAGE_BINS - off < n - i
			? GMON_PAGE_BINS - off : n - i, k;
		const struct gmon_page *pg = gmon_bins_page (b, bin
							     >> GMON_PAGE_SHIFT);

		if (pg && dense (pg)) {
			for (k = 0; k < m; k++)
				out[i + k] = load (gmon_page_data (pg),
						   pg->width, off + k);
		} else {
			memset (out + i, 0, m * sizeof *out);
			/* A sparse page's bins in the range.  */
			for (k = pg ? sparse_find (pg, off) : 0;
			     pg && k < pg->n && offsets (pg)[k] < off + m; k++)
				out[i + offsets (pg)[k] - off]
					= load (gmon_page_data (pg),
						pg->width, k);
		}
		i += m;
	}
}

int
gmon_write_hist_bins (struct gmon_writer *w, const struct gmon_hist_hdr *h,
		      const struct gmon_bins *b)
{
	return gmon_write_hist_fill (w, h, gmon_bins_fill, b);
}
