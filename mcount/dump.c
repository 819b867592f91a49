/* dump.c - write the profile: merge the tables, the file, the rename.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   What is written, in the new gmon format, through gmon/write.c (no
   malloc, no stdio):

     header
     histogram   the bins, 64-bit in memory; bins above 65535 go on in
                 further records of the same range, which gprof sums
     arcs        the per-thread tables merged, one record per distinct
                 (from, self) and per 2^32-1 calls

   Addresses are link-time addresses: the main program's load address
   is subtracted, as glibc does, so gprof finds them in the executable,
   PIE or not.  Only arcs whose both ends lie in the main program's code
   are written; a caller in libc (main, thread start routines) makes the
   callee <spontaneous>, as in glibc.

   The dump reads the tables while other threads may still run and
   count: it takes a snapshot (their newest calls may be missing) and
   never frees or moves anything they use.

   The file is written under a temporary name in the same directory and
   renamed over the old profile, so a reader never sees half a file and
   a symbolic link named gmon.out is replaced, not followed.  */

#define _GNU_SOURCE 1
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>		/* rename */
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "gmon/gmon.h"
#include "mcount/runtime.h"

static int mc_dump_busy;		/* one dump at a time */
static unsigned char mc_wbuf[1 << 16];	/* the writer's buffer, under it */

/* The merged arcs: open addressing over an mmap'd array.  */
struct merge {
	struct mc_arc *slots;		/* mask + 1 of them */
	uint64_t mask;
	uint64_t used;			/* slots taken */
	size_t mapsize;
	uintptr_t lo, hi;		/* arcs kept: both ends in here */
	struct gmon_writer *w;		/* unmerged: write straight here */
	uintptr_t base;			/* load address to subtract */
};

static void
merge_add (void *ctx, uintptr_t from, uintptr_t self, uint64_t count)
{
	struct merge *m = ctx;
	uint64_t i;

	if (from < m->lo || from >= m->hi || self < m->lo || self >= m->hi)
		return;
	if (!m->slots || m->used >= m->mask) {
		/* No memory to merge in (or, threads still running, no
		   room left): duplicates are written as they come, and
		   readers sum them.  */
		gmon_write_arc (m->w, from - m->base, self - m->base, count);
		return;
	}
	for (i = mc_arc_hash (from, self) & m->mask;;
	     i = (i + 1) & m->mask) {
		struct mc_arc *a = &m->slots[i];

		if (a->from == 0) {
			a->from = from;
			a->self = self;
			a->count = count;
			m->used++;
			return;
		}
		if (a->from == from && a->self == self) {
			a->count = a->count + count < a->count ? UINT64_MAX
				: a->count + count;
			return;
		}
	}
}

static void
merge_open (struct merge *m)
{
	/* mc_arcs_claimed bounds the distinct arcs, threads that are
	   still running aside: twice that keeps the merge table at most
	   half full, and claims made meanwhile fit in the other half.  */
	uint64_t want = 2 * mc_arcs_claimed () + 64, cap = 64;
	void *p;

	while (cap < want)
		cap *= 2;
	m->mapsize = (cap * sizeof (struct mc_arc) + 4095) & ~(size_t) 4095;
	p = mmap (NULL, m->mapsize, PROT_READ | PROT_WRITE,
		  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	m->slots = p == MAP_FAILED ? NULL : p;
	m->mask = cap - 1;
}

static int
write_arcs (struct gmon_writer *w)
{
	struct merge m;
	uint64_t i;

	memset (&m, 0, sizeof m);
	m.lo = mc_main.text_lo;
	m.hi = mc_main.text_hi;
	m.base = mc_main.base;
	m.w = w;
	merge_open (&m);
	mc_arcs_each (merge_add, &m);
	if (m.slots) {
		for (i = 0; i <= m.mask; i++)
			if (m.slots[i].from)
				gmon_write_arc (w, m.slots[i].from - m.base,
						m.slots[i].self - m.base,
						m.slots[i].count);
		munmap (m.slots, m.mapsize);
	}
	return w->error ? -1 : 0;
}

static int
write_hist (struct gmon_writer *w)
{
	const struct mc_hist *h = mc_hist_get ();
	struct mc_sample_stats st;
	struct gmon_hist_hdr hdr;
	const uint64_t *bins = h->bins;
	uint64_t *copy;
	size_t size = h->nbins * sizeof (uint64_t);
	uint64_t i;
	int rc;

	if (!bins)
		return 0;
	mc_sampler_stats (&st);
	memset (&hdr, 0, sizeof hdr);
	hdr.low_pc = h->lo - mc_main.base;
	hdr.high_pc = h->hi - mc_main.base;
	hdr.nbins = (uint32_t) h->nbins;
	hdr.rate = st.file_rate;
	memcpy (hdr.dimen, "seconds", sizeof "seconds");
	hdr.abbrev = 's';

	/* The writer reads each bin twice (to count the records it needs,
	   then to write them), so it gets a copy that stays still.  */
	copy = mmap (NULL, size, PROT_READ | PROT_WRITE,
		     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (copy == MAP_FAILED)
		return gmon_write_hist (w, &hdr, bins, sizeof *bins);
	for (i = 0; i < h->nbins; i++)
		copy[i] = __atomic_load_n (&bins[i], __ATOMIC_RELAXED);
	rc = gmon_write_hist (w, &hdr, copy, sizeof *copy);
	munmap (copy, size);
	return rc;
}

int
mc_dump_fd (int fd)
{
	struct gmon_writer w;
	struct gmon_target t;
	int err;

	if (__atomic_exchange_n (&mc_dump_busy, 1, __ATOMIC_ACQUIRE))
		return EBUSY;
	gmon_target_native (&t);
	gmon_writer_init (&w, fd, mc_wbuf, sizeof mc_wbuf, &t);
	if (gmon_write_header (&w) == 0 && write_hist (&w) == 0
	    && write_arcs (&w) == 0)
		gmon_writer_flush (&w);
	err = w.error;
	__atomic_store_n (&mc_dump_busy, 0, __ATOMIC_RELEASE);
	return err;
}

void
mc_dump_forget (void)
{
	mc_dump_busy = 0;
}

static char *
put_str (char *p, char *end, const char *s)
{
	while (*s && p < end)
		*p++ = *s++;
	return p;
}

static char *
put_num (char *p, char *end, uint64_t v)
{
	char tmp[24];
	int n = 0;

	do
		tmp[n++] = (char) ('0' + v % 10);
	while ((v /= 10) != 0);
	while (n > 0 && p < end)
		*p++ = tmp[--n];
	return p;
}

/* PREFIX.PID if GMON_OUT_PREFIX was set, as in glibc; else gmon.out in
   the directory the program started in.  A fork child never takes its
   parent's name: it adds its PID (the prefix does that already).  */
int
mc_output_path (char *path)
{
	char *p = path, *end = path + MC_PATH_MAX - 1;
	uint64_t pid = (uint64_t) getpid ();

	if (mc_config.prefix[0]) {
		p = put_str (p, end, mc_config.prefix);
		p = put_str (p, end, ".");
		p = put_num (p, end, pid);
	} else {
		if (mc_config.cwd[0]) {
			p = put_str (p, end, mc_config.cwd);
			if (p > path && p[-1] != '/')
				p = put_str (p, end, "/");
		}
		p = put_str (p, end, "gmon.out");
		if (mc_forked ()) {
			p = put_str (p, end, ".");
			p = put_num (p, end, pid);
		}
	}
	if (p >= end)
		return ENAMETOOLONG;
	*p = '\0';
	return 0;
}

/* DIR/.NAME.PID.tmp for PATH = DIR/NAME: the same directory, so that
   rename stays atomic; a dot file, so a leftover does not match the
   gmon.out.* of a script that sums profiles.  */
static int
temp_path (char *tmp, const char *path)
{
	const char *slash = strrchr (path, '/');
	size_t dirlen = slash ? (size_t) (slash - path) + 1 : 0;
	char *p = tmp, *end = tmp + MC_PATH_MAX - 1;

	if (dirlen >= MC_PATH_MAX)
		return ENAMETOOLONG;
	memcpy (p, path, dirlen);
	p += dirlen;
	p = put_str (p, end, ".");
	p = put_str (p, end, path + dirlen);
	p = put_str (p, end, ".");
	p = put_num (p, end, (uint64_t) getpid ());
	p = put_str (p, end, ".tmp");
	if (p >= end)
		return ENAMETOOLONG;
	*p = '\0';
	return 0;
}

int
mc_dump_file (char *path)
{
	char tmp[MC_PATH_MAX];
	int fd, err, tries;

	err = mc_output_path (path);
	if (!err)
		err = temp_path (tmp, path);
	if (err)
		return err;
	for (tries = 0;; tries++) {
		fd = open (tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW
			   | O_CLOEXEC, 0666);
		if (fd >= 0)
			break;
		/* A leftover of a process with our PID that died
		   writing: ours now.  */
		if (errno != EEXIST || tries > 0 || unlink (tmp) < 0)
			return errno;
	}
	err = mc_dump_fd (fd);
	if (close (fd) < 0 && !err)
		err = errno;
	if (!err && rename (tmp, path) < 0)
		err = errno;
	if (err)
		unlink (tmp);
	return err;
}
