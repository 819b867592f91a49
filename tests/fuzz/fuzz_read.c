/* fuzz_read.c - fuzz target for the gmon reader and merger.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   The first byte of the input picks the layout (address size, byte
   order) and the -O format; the rest is the file.  The file is read
   into a profile, as gprof reads it, then the profile is written out
   in the new format and read again: what was accepted once must come
   back with the same sums, and every refusal must say why.  The file
   is also read sparse (as gprof reads it), written out from the sparse
   profile, read a second time into it (which makes it dense), and each
   must agree with the dense reading.  Built with clang
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

/* The histograms of A, made dense; aborts if memory runs out.  */
static void
dense (struct gmon_profile *a)
{
	size_t i;

	for (i = 0; i < a->nhist; i++)
		if (gmon_hist_dense (&a->hist[i]) != 0)
			abort ();
}

static void
same_profile (const struct gmon_profile *a, const struct gmon_profile *b)
{
	size_t i;

	if (a->nhist != b->nhist || a->narcs != b->narcs
	    || a->nbbs != b->nbbs)
		abort ();
	for (i = 0; i < a->nhist; i++)
		if (a->hist[i].h.nbins != b->hist[i].h.nbins
		    || memcmp (a->hist[i].bins, b->hist[i].bins,
			       a->hist[i].h.nbins * sizeof (uint64_t)) != 0)
			abort ();
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
	struct gmon_profile p, s, d;
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
		written_back (&p, &p, &t);

		/* Sparse: written as it is, then made dense.  */
		gmon_profile_init (&s, &t);
		s.sparse = true;
		if (gmon_profile_read (&s, path, fmt, NULL, &err) != 0)
			abort ();
		written_back (&s, &p, &t);
		dense (&s);
		same_profile (&p, &s);
		/* The file once more into each: summed, both dense.  */
		gmon_profile_free (&s);
		gmon_profile_init (&s, &t);
		s.sparse = true;
		gmon_profile_init (&d, &t);
		if (gmon_profile_read (&s, path, fmt, NULL, &err) != 0
		    || gmon_profile_read (&d, path, fmt, NULL, &err) != 0)
			abort ();
		{
			int rs = gmon_profile_read (&s, path, fmt, NULL, &err);
			int rd = gmon_profile_read (&d, path, fmt, NULL, &err);

			if ((rs == 0) != (rd == 0))
				abort ();
			if (rs == 0) {
				dense (&s);
				same_profile (&d, &s);
			}
		}
		gmon_profile_free (&s);
		gmon_profile_free (&d);
	} else if (strlen (err.msg) == 0) {
		abort ();	/* every failure says why */
	}
	gmon_profile_free (&p);
	close (fd);
	return 0;
}
