/* rsort-body.h - the radix sort of one kind of record, for rsort.c.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   rsort.c sorts two kinds of record: a key with a value beside it
   (struct rkey, 16 bytes) and a key with a small value packed into
   its low bits (a uint64_t, half the memory to move).  It includes
   this file once for each, with

     RS_TYPE	    the record;
     RS_KEY(x)	    its key (for the packed words, the whole word: the
		    caller passes a WITHIN without the value's bits);
     RS_NAME(f)	    the name of function F for this kind;

   and gets RS_NAME(sort) (V, N, TMP, WITHIN): V[0..N) sorted by the
   bits WITHIN of their keys, stably, back into V, and
   RS_NAME(differing) (V, N, WITHIN): the bits of WITHIN where the
   keys of V[0..N) differ.  No include guard:
   included twice on purpose.  */

/* Least significant digit first: V[0..N), whose keys differ in the
   bits DIFF (not 0), TMP the room for a copy.  Returns which of the
   two holds them sorted.  */
static RS_TYPE *
RS_NAME (lsd) (RS_TYPE *v, size_t n, RS_TYPE *tmp, uint64_t diff)
{
	static size_t count[(size_t) 1 << LSD_MAX_BITS];
	RS_TYPE *src = v, *dst = tmp;
	unsigned int bits, shift, hi;
	size_t buckets, mask, i;

	bits = lsd_digit_bits (n, diff, &shift, &hi);
	buckets = (size_t) 1 << bits;
	mask = buckets - 1;
	for (; shift <= hi; shift += bits) {
		size_t sum = 0, d;
		RS_TYPE *t;

		/* A digit every key shares does not reorder anything.  */
		if (((diff >> shift) & mask) == 0)
			continue;
		memset (count, 0, buckets * sizeof *count);
		for (i = 0; i < n; i++)
			count[(RS_KEY (src[i]) >> shift) & mask]++;
		for (d = 0; d < buckets; d++) {
			size_t c = count[d];

			count[d] = sum;
			sum += c;
		}
		for (i = 0; i < n; i++)
			dst[count[(RS_KEY (src[i]) >> shift) & mask]++] = src[i];
		t = src;
		src = dst;
		dst = t;
	}
	return src;
}

/* More than the caches hold, where each pass over all of it would
   wait for memory (and a pass of 16-bit digits, for the TLB): one pass
   on the most significant digit of DIFF, from SRC to DST, cuts the
   keys into parts, which the caller sorts on the bits below, each in
   the caches.  Stable, as the sorts of the parts are.  END[d] gets
   where part d ends.  */
static void
RS_NAME (msd) (const RS_TYPE *src, size_t n, RS_TYPE *dst, uint64_t diff,
	       size_t *end)
{
	const size_t mask = ((size_t) 1 << MSD_BITS) - 1;
	unsigned int shift = msd_shift (diff);
	size_t i, d, sum;

	memset (end, 0, (mask + 1) * sizeof *end);
	for (i = 0; i < n; i++)
		end[(RS_KEY (src[i]) >> shift) & mask]++;
	for (d = 0, sum = 0; d <= mask; d++) {
		size_t c = end[d];

		end[d] = sum;
		sum += c;
	}
	for (i = 0; i < n; i++)
		dst[end[(RS_KEY (src[i]) >> shift) & mask]++] = src[i];
}

static uint64_t
RS_NAME (differing) (const RS_TYPE *v, size_t n, uint64_t within)
{
	uint64_t all_or = 0, all_and = ~(uint64_t) 0;
	size_t i;

	for (i = 0; i < n; i++) {
		all_or |= RS_KEY (v[i]);
		all_and &= RS_KEY (v[i]);
	}
	return (all_or ^ all_and) & within;
}

static void RS_NAME (sort) (RS_TYPE *v, size_t n, RS_TYPE *tmp,
			    uint64_t within);

/* Sorts the N records of SRC into DST by the bits WITHIN of their
   keys, SRC left as scratch.  */
static void
RS_NAME (sort_into) (RS_TYPE *src, size_t n, RS_TYPE *dst, uint64_t within)
{
	uint64_t diff = RS_NAME (differing) (src, n, within);
	size_t end[(size_t) 1 << MSD_BITS], d, at;
	RS_TYPE *r;

	if (wants_msd (n, diff)) {
		RS_NAME (msd) (src, n, dst, diff, end);
		for (d = 0, at = 0; d < (size_t) 1 << MSD_BITS; at = end[d++])
			RS_NAME (sort) (dst + at, end[d] - at, src + at,
					within);
		return;
	}
	r = diff ? RS_NAME (lsd) (src, n, dst, diff) : src;
	if (r != dst)
		memcpy (dst, r, n * sizeof *dst);
}

/* V[0..N) sorted in place by the bits WITHIN of their keys; TMP has
   room for N.  */
static void
RS_NAME (sort) (RS_TYPE *v, size_t n, RS_TYPE *tmp, uint64_t within)
{
	uint64_t diff;
	size_t end[(size_t) 1 << MSD_BITS], d, at;
	RS_TYPE *r;

	if (n < 2)
		return;
	diff = RS_NAME (differing) (v, n, within);
	if (diff == 0)
		return;
	if (wants_msd (n, diff)) {
		/* The parts sorted back from TMP into V.  */
		RS_NAME (msd) (v, n, tmp, diff, end);
		for (d = 0, at = 0; d < (size_t) 1 << MSD_BITS; at = end[d++])
			if (end[d] > at)
				RS_NAME (sort_into) (tmp + at, end[d] - at,
						     v + at, within);
		return;
	}
	r = RS_NAME (lsd) (v, n, tmp, diff);
	if (r != v)
		memcpy (v, r, n * sizeof *v);
}
