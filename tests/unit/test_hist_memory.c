/* test_hist_memory.c - what reading histograms costs in memory
   (gmon/read.c, gmon/bins.c, gmon/merge.c).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   Every allocation of this program goes through the counting malloc
   below (malloc, calloc, realloc and free are defined here, so the
   library's calls and libc's own come to them), which keeps the bytes
   live and their peak, as malloc_usable_size() gives them: the same
   numbers on every run, whatever the load of the machine.  Each test
   bounds the peak of one reading against the bytes of its input:

     a dense histogram             at most the file's 2 bytes a bin,
                                   where GNU gprof keeps 4
     the same file twice, summed   4 bytes a bin where a sum passes
                                   65535 (GNU's), 2 where none does
     a sparse one                  a few bytes a sample
     80 000 small records          a few hundred bytes a record (GNU
                                   gprof's peak grows by 176 a record)
     garbage on a pipe read as     refused at its header when it claims
     BSD by guess                  more bins than a guess may hold

   In a build with AddressSanitizer, which has its own malloc, the
   bound is checked on the histograms' own account of their memory
   (struct gmon_bins, bytes) instead.  */

#define _GNU_SOURCE 1
#include <config.h>

#include <fcntl.h>
#include <malloc.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "gmon/gmon.h"
#include "tests/unit/cunit_main.h"

#if defined __SANITIZE_ADDRESS__
# define COUNTING 0
#elif defined __has_feature
# if __has_feature (address_sanitizer)
#  define COUNTING 0
# endif
#endif
#ifndef COUNTING
# define COUNTING 1
#endif

static long long live, peak;

#if COUNTING
void *__libc_malloc (size_t);
void *__libc_calloc (size_t, size_t);
void *__libc_realloc (void *, size_t);
void __libc_free (void *);

static void
count (long long delta)
{
	live += delta;
	if (live > peak)
		peak = live;
}

void *
malloc (size_t n)
{
	void *p = __libc_malloc (n);

	if (p)
		count ((long long) malloc_usable_size (p));
	return p;
}

void *
calloc (size_t n, size_t size)
{
	void *p = __libc_calloc (n, size);

	if (p)
		count ((long long) malloc_usable_size (p));
	return p;
}

void *
realloc (void *old, size_t n)
{
	long long before = old ? (long long) malloc_usable_size (old) : 0;
	void *p;

	/* The old block and the new one may both be live for a moment:
	   counted as if they were.  */
	if (n > (size_t) before)
		count ((long long) n);
	p = __libc_realloc (old, n);
	if (n > (size_t) before)
		count (-(long long) n);
	if (p) {
		count (-before);
		count ((long long) malloc_usable_size (p));
	} else if (n == 0) {
		count (-before);
	}
	return p;
}

void
free (void *p)
{
	if (p)
		count (-(long long) malloc_usable_size (p));
	__libc_free (p);
}
#endif

static char tmpdir[] = "/tmp/test_hist_memory.XXXXXX";
static const struct gmon_target target = { 8, false, false };

/* Starts a measurement: the peak from here on.  */
static long long
mark (void)
{
	peak = live;
	return live;
}

/* The bytes the histograms of P account for.  */
static long long
hist_bytes (const struct gmon_profile *p)
{
	long long n = 0;
	size_t i;

	for (i = 0; i < p->nhist; i++)
		n += (long long) p->hist[i].bins.bytes;
	return n;
}

/* The peak since BASE, or (without the counting malloc) what P's
   histograms hold.  */
static long long
cost (long long base, const struct gmon_profile *p)
{
	return COUNTING ? peak - base : hist_bytes (p);
}

/* A new-format file of histogram records: NREC records of NBINS bins
   each, at disjoint ranges; bin i of record r holds VALUE (i, r).  */
static void
write_hists (const char *path, uint32_t nrec, uint32_t nbins,
	     uint64_t (*value) (uint32_t, uint32_t))
{
	unsigned char buf[65536];
	struct gmon_writer w;
	struct gmon_hist_hdr h;
	uint16_t *bins = malloc ((size_t) nbins * 2);
	int fd = open (path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	uint32_t r, i;

	CU_ASSERT_FATAL (fd >= 0 && bins != NULL);
	gmon_writer_init (&w, fd, buf, sizeof buf, &target);
	gmon_write_header (&w);
	for (r = 0; r < nrec; r++) {
		memset (&h, 0, sizeof h);
		h.low_pc = 0x100000 + (uint64_t) r * 4 * nbins;
		h.high_pc = h.low_pc + 4 * (uint64_t) nbins;
		h.nbins = nbins;
		h.rate = 100;
		strcpy (h.dimen, "seconds");
		h.abbrev = 's';
		for (i = 0; i < nbins; i++)
			bins[i] = (uint16_t) value (i, r);
		gmon_write_hist (&w, &h, bins, 2);
	}
	CU_ASSERT_EQUAL_FATAL (gmon_writer_flush (&w), 0);
	close (fd);
	free (bins);
}

static uint64_t
small_counts (uint32_t i, uint32_t r)
{
	return 1 + (i + r) % 7;
}

static uint64_t
big_counts (uint32_t i, uint32_t r)
{
	return 40000 + (i + r) % 7;
}

static uint64_t
one_in_4096 (uint32_t i, uint32_t r)
{
	return i % 4096 == 17 ? 3 + r : 0;
}

static uint64_t
one_sample (uint32_t i, uint32_t r)
{
	return i == r % 32 ? 1 : 0;
}

#define DENSE_BINS	((uint32_t) 1 << 21)	/* 4 MiB of bins */
#define SLACK		(512 * 1024)	/* the reader, its buffer, a few
					   pages in passing */

static void
test_dense (void)
{
	char path[64];
	struct gmon_profile p;
	struct gmon_error err;
	long long base, c;

	snprintf (path, sizeof path, "%s/dense", tmpdir);
	write_hists (path, 1, DENSE_BINS, small_counts);
	gmon_profile_init (&p, &target);
	base = mark ();
	CU_ASSERT_EQUAL_FATAL (gmon_profile_read (&p, path, GMON_FMT_AUTO,
						  NULL, &err), 0);
	c = cost (base, &p);
	printf ("\n  dense, %u bins: %lld bytes (%.2f a bin; GNU gprof: 4)",
		DENSE_BINS, c, (double) c / DENSE_BINS);
	CU_ASSERT (c <= 2LL * DENSE_BINS + SLACK);
	CU_ASSERT_EQUAL (gmon_bins_get (&p.hist[0].bins, 12345),
			 small_counts (12345, 0));

	/* Again into the same profile: added as read, still 16 bits.  */
	CU_ASSERT_EQUAL_FATAL (gmon_profile_read (&p, path, GMON_FMT_AUTO,
						  NULL, &err), 0);
	c = cost (base, &p);
	printf ("\n  the same file again, summed: %lld bytes at the peak",
		c);
	CU_ASSERT (c <= 2LL * DENSE_BINS + SLACK);
	CU_ASSERT_EQUAL (gmon_bins_get (&p.hist[0].bins, 12345),
			 2 * small_counts (12345, 0));
	gmon_profile_free (&p);

	/* Counts of 40000, twice: 32-bit sums, GNU's 4 bytes a bin.  */
	write_hists (path, 1, DENSE_BINS, big_counts);
	gmon_profile_init (&p, &target);
	base = mark ();
	CU_ASSERT_EQUAL_FATAL (gmon_profile_read (&p, path, GMON_FMT_AUTO,
						  NULL, &err), 0);
	CU_ASSERT_EQUAL_FATAL (gmon_profile_read (&p, path, GMON_FMT_AUTO,
						  NULL, &err), 0);
	c = cost (base, &p);
	printf ("\n  40000 a bin twice: %lld bytes (%.2f a bin)", c,
		(double) c / DENSE_BINS);
	CU_ASSERT (c <= 4LL * DENSE_BINS + SLACK);
	CU_ASSERT_EQUAL (gmon_bins_get (&p.hist[0].bins, DENSE_BINS - 1),
			 2 * big_counts (DENSE_BINS - 1, 0));
	gmon_profile_free (&p);
	unlink (path);
}

static void
test_sparse (void)
{
	const uint32_t nbins = (uint32_t) 1 << 24;	/* 32 MiB of bins */
	char path[64];
	struct gmon_profile p;
	struct gmon_error err;
	long long base, c;

	snprintf (path, sizeof path, "%s/sparse", tmpdir);
	write_hists (path, 1, nbins, one_in_4096);
	gmon_profile_init (&p, &target);
	base = mark ();
	CU_ASSERT_EQUAL_FATAL (gmon_profile_read (&p, path, GMON_FMT_AUTO,
						  NULL, &err), 0);
	c = cost (base, &p);
	printf ("\n  one bin in 4096 of %u: %lld bytes (%.1f a sample)",
		nbins, c, (double) c / (nbins / 4096));
	/* 12 bytes a sample was the cost of the list of them before.  */
	CU_ASSERT (c <= 12LL * (nbins / 4096) + SLACK);
	CU_ASSERT_EQUAL (gmon_bins_get (&p.hist[0].bins, 4096 * 100 + 17), 3);
	gmon_profile_free (&p);
	unlink (path);
}

static void
test_many_records (void)
{
	const uint32_t nrec = 80000;
	char path[64];
	struct gmon_profile p;
	struct gmon_error err;
	long long base, c;

	snprintf (path, sizeof path, "%s/many", tmpdir);
	write_hists (path, nrec, 32, one_sample);
	gmon_profile_init (&p, &target);
	base = mark ();
	CU_ASSERT_EQUAL_FATAL (gmon_profile_read (&p, path, GMON_FMT_AUTO,
						  NULL, &err), 0);
	CU_ASSERT_EQUAL (p.nhist, nrec);
	c = COUNTING ? peak - base : (long long) (p.hist_cap * sizeof *p.hist);
	printf ("\n  %u records of one sample: %lld bytes (%.0f a record)",
		nrec, c, (double) c / nrec);
	/* The array of histograms, counted twice over while it grows
	   (realloc may copy it): under 256 bytes a record.  Before, each
	   kept lists of 4096 bins at least, 48 KiB.  */
	CU_ASSERT (c <= 256LL * nrec + SLACK);
	gmon_profile_free (&p);
	unlink (path);
}

/* Garbage on a pipe: a BSD header (no cookie) that claims 2^31 bins
   over the whole address space, then 16 MiB of bytes.  */
static void
test_pipe_garbage (void)
{
	struct gmon_profile p;
	struct gmon_error err;
	long long base, c;
	int fds[2], saved, rc, status;
	pid_t pid;

	CU_ASSERT_FATAL (pipe (fds) == 0);
	pid = fork ();
	CU_ASSERT_FATAL (pid >= 0);
	if (pid == 0) {
		static unsigned char chunk[65536];
		uint64_t x = 1, hdr[3] = { 0, UINT64_MAX - 1, 0 };
		size_t i, k;

		close (fds[0]);
		hdr[2] = 0xfffffff0u;	/* ncnt: the size field */
		if (write (fds[1], hdr, 20) != 20)
			_exit (1);
		for (k = 0; k < 256; k++) {
			for (i = 0; i < sizeof chunk; i++) {
				x ^= x << 13;
				x ^= x >> 7;
				x ^= x << 17;
				chunk[i] = (unsigned char) x;
			}
			if (write (fds[1], chunk, sizeof chunk) < 0)
				_exit (0);
		}
		_exit (0);
	}
	close (fds[1]);
	saved = dup (STDIN_FILENO);
	dup2 (fds[0], STDIN_FILENO);
	close (fds[0]);
	gmon_profile_init (&p, &target);
	base = mark ();
	rc = gmon_profile_read (&p, "-", GMON_FMT_AUTO, NULL, &err);
	c = COUNTING ? peak - base : hist_bytes (&p);
	printf ("\n  garbage on a pipe: %lld bytes, \"%s\"", c, err.msg);
	CU_ASSERT_EQUAL (rc, -1);
	CU_ASSERT_PTR_NOT_NULL (strstr (err.msg, "not a gmon file?"));
	CU_ASSERT (c <= SLACK);
	gmon_profile_free (&p);
	dup2 (saved, STDIN_FILENO);
	close (saved);
	kill (pid, SIGKILL);
	waitpid (pid, &status, 0);
}

static const struct unit_test unit_tests[] = {
	{ "a dense histogram, once and summed", test_dense },
	{ "a sparse histogram", test_sparse },
	{ "80000 records", test_many_records },
	{ "garbage on a pipe, guessed BSD", test_pipe_garbage },
	{ NULL, NULL }
};

int
main (void)
{
	int rc;

	if (!mkdtemp (tmpdir))
		return 99;
	rc = unit_run ("hist_memory", unit_tests);
	rmdir (tmpdir);
	return rc;
}
