/* dump.c - write the profile: the program's gmon.out, one classic file
   per other object, and their companion.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   What is written, through gmon/write.c and gmon/gmonx_write.c (no
   malloc, no stdio: this runs at exit and in signal handlers):

     gmon.out                 the program, exactly the classic file
                              glibc writes: its histogram, the arcs
                              and blocks with both ends in it, in
                              link-time addresses (the load address
                              subtracted, as glibc does for PIE)
     gmon.out-objs/           (GMON_OBJECTS=0: not written)
       libfoo.so.gmon         each other object with samples, arcs or
       libc.so.6.gmon         blocks of its own: a classic file in its
       ...                    own link-time addresses, which GNU gprof
                              reads as `gprof libfoo.so libfoo.so.gmon'
       linux-vdso.so.1        a copy of the vDSO, which has no file
       objects.gmonx          the companion (gmon/gmonx_out.h): the
                              load map, which file is whose, the calls
                              between objects, how the run ended

   Histograms: the program's covers its code, as glibc's; another
   object's covers only the part of its code with samples (libc's
   whole text would be a megabyte of zeros).  Counts wider than the
   fields go on in further records, which readers sum (gmon/write.c).

   The names.  The profile is DIR/STEM[.PID[.N]]: STEM is gmon.out in
   the directory the program started in, or GMON_OUT_PREFIX; .PID is
   added with a prefix (glibc's rule) and in a fork child; .N counts
   the programs this process exec'd before the one writing (so that
   none overwrites another's).  Its objects go to DIR/STEM-objs[.PID
   [.N]]: the "-objs" comes before the numbers, so that `gmon.out.*'
   and `PREFIX.*', which people glob to sum a program's profiles, never
   take them in.  Two objects with the same file name get
   NAME.gmon, NAME~2.gmon, ...

   The tables are read while other threads may still run and count: a
   snapshot (their newest calls may be missing); nothing they use is
   freed or moved.

   Each file is written under a temporary name in its directory and
   renamed over the old one: a reader never sees half a file, and a
   symbolic link in the way is replaced, not followed.  Files of
   objects an earlier dump wrote and this one did not are removed, so
   the directory always matches its companion.  */

#define _GNU_SOURCE 1
#include <config.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>		/* rename */
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "gmon/gmon.h"
#include "gmon/gmonx.h"
#include "mcount/runtime.h"

static int mc_dump_owner;		/* tid of the thread dumping, or 0 */
static unsigned char mc_wbuf[1 << 16];	/* the writer's buffer, under it */

/* ------------------------------------------------------------------ */
/* The snapshot: every thread's table merged */

#define NO_MOD	(-1)

struct snap {
	struct mc_arc *slots;		/* mask + 1; from == 0: free */
	int32_t *mod;			/* per slot: module of from, of self */
	uint64_t mask;
	uint64_t used;			/* slots taken */
	uint64_t missed;		/* arcs that found no room */
	size_t mapsize;			/* bytes of slots and mod */
};

static void
snap_add (void *ctx, uintptr_t from, uintptr_t self, uint64_t count)
{
	struct snap *s = ctx;
	uint64_t i;

	if (s->used >= s->mask) {
		s->missed++;
		return;
	}
	for (i = mc_arc_hash (from, self) & s->mask;;
	     i = (i + 1) & s->mask) {
		struct mc_arc *a = &s->slots[i];

		if (a->from == 0) {
			a->from = from;
			a->self = self;
			a->count = count;
			s->used++;
			return;
		}
		if (a->from == from && a->self == self) {
			a->count = a->count + count < a->count ? UINT64_MAX
				: a->count + count;
			return;
		}
	}
}

/* Merges the tables and finds each arc's objects.  Returns 0, or an
   errno if there is no memory for it.  */
static int
snap_take (struct snap *s)
{
	/* mc_arcs_claimed bounds the distinct arcs, threads that are
	   still running aside: twice that keeps the table at most half
	   full, and claims made meanwhile fit in the other half.  */
	uint64_t want = 2 * mc_arcs_claimed () + 64, cap = 64, i;
	void *p;

	memset (s, 0, sizeof *s);
	while (cap < want)
		cap *= 2;
	s->mapsize = (cap * (sizeof (struct mc_arc) + 2 * sizeof (int32_t))
		      + 4095) & ~(size_t) 4095;
	p = mmap (NULL, s->mapsize, PROT_READ | PROT_WRITE,
		  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED) {
		s->slots = NULL;
		return errno;
	}
	s->slots = p;
	s->mod = (int32_t *) (s->slots + cap);
	s->mask = cap - 1;
	mc_arcs_each (snap_add, s);
	for (i = 0; i <= s->mask; i++) {
		struct mc_arc *a = &s->slots[i];

		if (!a->from)
			continue;
		s->mod[2 * i] = mc_module_find (a->from);
		s->mod[2 * i + 1] = a->self == MC_BB_SELF ? s->mod[2 * i]
			: mc_module_find (a->self);
	}
	return 0;
}

static void
snap_free (struct snap *s)
{
	if (s->slots)
		munmap (s->slots, s->mapsize);
	s->slots = NULL;
}

/* ------------------------------------------------------------------ */
/* Classic files */

/* What one object has, for this dump.  */
struct obj {
	uint64_t samples;		/* in its histogram */
	uint64_t calls;			/* arcs into it, from anywhere */
	uint64_t blocks;		/* block executions in it */
	uint64_t own;			/* its own arcs and blocks */
	bool has_file;			/* gets a classic file */
};

static struct obj mc_objs[MC_MODULES_MAX];	/* under the dump lock */

static void
hist_header (struct gmon_hist_hdr *hdr, const struct mc_hist *h,
	     uint64_t lo, uint64_t hi, uintptr_t base)
{
	struct mc_sample_stats st;

	mc_sampler_stats (&st);
	memset (hdr, 0, sizeof *hdr);
	hdr->low_pc = lo - base;
	hdr->high_pc = hi - base;
	hdr->nbins = (uint32_t) ((hi - lo) >> h->shift);
	hdr->rate = st.file_rate;
	strcpy (hdr->dimen, mc_config.wall ? MC_DIMEN_WALL : "seconds");
	hdr->abbrev = 's';
}

/* Bins per record of another object's histogram.  */
#define CHUNK_BINS	1024

/* The histogram of H: all of it (WHOLE: the program, as glibc writes
   it), or for another object only the parts with samples: libc's
   whole text would be a megabyte of zeros.  The parts are chunks of
   CHUNK_BINS bins at fixed places in the object (so that the files
   of two runs, which readers may add up, have records of either the
   same range or disjoint ones: GNU gprof refuses any other overlap);
   an object without samples gets its first chunk, empty, since GNU
   gprof refuses a file without a histogram.  The writer reads each
   bin twice (to count the records a chunk needs, then to write them),
   so it gets a copy that stays still.  */
static int
write_hist (struct gmon_writer *w, const struct mc_hist *h, uintptr_t base,
	    bool whole)
{
	const uint64_t *bins = __atomic_load_n (&h->bins, __ATOMIC_ACQUIRE);
	uint64_t step = whole ? h->nbins : CHUNK_BINS, i, k, *copy;
	struct gmon_hist_hdr hdr;
	size_t size = step * sizeof (uint64_t);
	bool any = false;
	int rc = 0;

	if (!bins)
		return 0;
	size = (size + 4095) & ~(size_t) 4095;
	copy = mmap (NULL, size, PROT_READ | PROT_WRITE,
		     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	for (i = 0; i < h->nbins && rc == 0; i += step) {
		uint64_t n = h->nbins - i < step ? h->nbins - i : step;
		bool samples = false;

		for (k = 0; k < n; k++) {
			uint64_t v = __atomic_load_n (&bins[i + k],
						      __ATOMIC_RELAXED);

			if (copy != MAP_FAILED)
				copy[k] = v;
			samples |= v != 0;
		}
		if (!whole && !samples)
			continue;
		any = true;
		hist_header (&hdr, h, h->lo + (i << h->shift),
			     h->lo + ((i + n) << h->shift), base);
		rc = gmon_write_hist (w, &hdr, copy != MAP_FAILED ? copy
				      : bins + i, sizeof *bins);
	}
	if (!any && rc == 0) {
		/* No samples at all: every bin is 0.  */
		uint64_t n = h->nbins < step ? h->nbins : step;

		hist_header (&hdr, h, h->lo, h->lo + (n << h->shift), base);
		rc = gmon_write_hist (w, &hdr, bins, sizeof *bins);
	}
	if (copy != MAP_FAILED)
		munmap (copy, size);
	return rc;
}

/* The blocks of object K, written from a buffer of their own.  */
static int
write_blocks (struct gmon_writer *w, const struct snap *s, int k,
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
write_classic (struct gmon_writer *w, const struct snap *s, int k)
{
	const struct mc_module *m = &mc_modules[k];
	uint64_t i;

	if (gmon_write_header (w) < 0
	    || write_hist (w, &m->hist, m->base, k == 0) < 0)
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

/* Fills mc_objs for the N objects.  */
static void
tally (const struct snap *s, unsigned int n)
{
	unsigned int k;
	uint64_t i;

	memset (mc_objs, 0, n * sizeof mc_objs[0]);
	for (k = 0; k < n; k++)
		mc_objs[k].samples = mc_hist_samples (&mc_modules[k].hist);
	for (i = 0; s->slots && i <= s->mask; i++) {
		const struct mc_arc *a = &s->slots[i];
		int f = s->mod[2 * i], t = s->mod[2 * i + 1];

		if (!a->from || t == NO_MOD)
			continue;
		if (a->self == MC_BB_SELF)
			mc_objs[t].blocks += a->count;
		else
			mc_objs[t].calls += a->count;
		if (f == t)
			mc_objs[t].own++;
	}
	for (k = 1; k < n; k++)
		mc_objs[k].has_file = mc_objs[k].samples || mc_objs[k].own;
}

/* ------------------------------------------------------------------ */
/* Names */

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

/* The profile's name, and with DIR not NULL its object directory's:
   see the top of this file.  */
static int
output_names (char *path, char *dir)
{
	char suffix[64], *s = suffix, *send = suffix + sizeof suffix - 1;
	char *p = path, *end = path + MC_PATH_MAX - 1;
	char stem[MC_PATH_MAX], *q = stem, *qend = stem + sizeof stem - 1;

	if (mc_config.prefix[0]) {
		q = put_str (q, qend, mc_config.prefix);
	} else {
		if (mc_config.cwd[0]) {
			q = put_str (q, qend, mc_config.cwd);
			if (q > stem && q[-1] != '/')
				q = put_str (q, qend, "/");
		}
		q = put_str (q, qend, "gmon.out");
	}
	*q = '\0';
	if (mc_config.prefix[0] || mc_forked () || mc_config.image) {
		s = put_str (s, send, ".");
		s = put_num (s, send, (uint64_t) getpid ());
		if (mc_config.image) {
			s = put_str (s, send, ".");
			s = put_num (s, send, mc_config.image);
		}
	}
	*s = '\0';
	p = put_str (p, end, stem);
	p = put_str (p, end, suffix);
	if (p >= end)
		return ENAMETOOLONG;
	*p = '\0';
	if (dir) {
		p = put_str (dir, dir + MC_PATH_MAX - 1, stem);
		p = put_str (p, dir + MC_PATH_MAX - 1, GMONX_OBJDIR_SUFFIX);
		p = put_str (p, dir + MC_PATH_MAX - 1, suffix);
		if (p >= dir + MC_PATH_MAX - 1)
			return ENAMETOOLONG;
		*p = '\0';
	}
	return 0;
}

int
mc_output_path (char *path)
{
	return output_names (path, NULL);
}

static const char *
base_name (const char *path)
{
	const char *slash = strrchr (path, '/');

	return slash ? slash + 1 : path;
}

/* The file name of object K's classic file, into BUF (NAME_MAX), with
   SUFFIX (".gmon", or "" for its saved image).  */
static void
obj_name (unsigned int k, const char *suffix, char *buf)
{
	const char *b = base_name (mc_modules[k].path);
	char *p = buf, *end = buf + 200;
	unsigned int j, same = 0;

	if (!*b || strcmp (b, ".") == 0 || strcmp (b, "..") == 0) {
		p = put_str (p, end, "object-");
		p = put_num (p, end, k);
	} else {
		for (j = 1; j < k; j++)
			if (mc_objs[j].has_file
			    && strcmp (base_name (mc_modules[j].path), b) == 0)
				same++;
		p = put_str (p, end, b);
		if (same) {
			p = put_str (p, end, "~");
			p = put_num (p, end, same + 1);
		}
	}
	p = put_str (p, buf + 255, suffix);
	*p = '\0';
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

static int
join (char *dst, const char *dir, const char *name)
{
	char *p = put_str (dst, dst + MC_PATH_MAX - 1, dir);

	p = put_str (p, dst + MC_PATH_MAX - 1, "/");
	p = put_str (p, dst + MC_PATH_MAX - 1, name);
	if (p >= dst + MC_PATH_MAX - 1)
		return ENAMETOOLONG;
	*p = '\0';
	return 0;
}

/* ------------------------------------------------------------------ */
/* Files */

typedef int mc_body_fn (struct gmon_writer *w, void *ctx);

/* Writes PATH through a temporary file; returns 0 or an errno.  */
static int
write_file (const char *path, mc_body_fn *body, void *ctx)
{
	char tmp[MC_PATH_MAX];
	struct gmon_writer w;
	struct gmon_target t;
	int fd, err, tries;

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
	gmon_target_native (&t);
	gmon_writer_init (&w, fd, mc_wbuf, sizeof mc_wbuf, &t);
	if (body (&w, ctx) == 0)
		gmon_writer_flush (&w);
	err = w.error;
	if (close (fd) < 0 && !err)
		err = errno;
	if (!err && rename (tmp, path) < 0)
		err = errno;
	if (err)
		unlink (tmp);
	return err;
}

struct classic {
	const struct snap *s;
	int k;
};

static int
classic_body (struct gmon_writer *w, void *ctx)
{
	struct classic *c = ctx;

	return write_classic (w, c->s, c->k);
}

/* The vDSO's bytes, as mapped: an ELF file with its symbols.  */
static int
image_body (struct gmon_writer *w, void *ctx)
{
	const struct mc_module *m = ctx;
	const char *p = (const char *) m->image_lo;
	size_t left = m->image_hi - m->image_lo;

	if (gmon_writer_flush (w) < 0)
		return -1;
	while (left > 0) {
		ssize_t n = write (w->fd, p, left);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			w->error = n < 0 ? errno : EIO;
			return -1;
		}
		p += n;
		left -= (size_t) n;
	}
	return 0;
}

struct companion {
	const struct snap *s;
	unsigned int n;			/* objects */
	const char *profile;		/* the program's file */
	enum gmonx_end end;
	int sig;
};

static uint64_t
clock_ns (clockid_t c)
{
	struct timespec ts;

	if (clock_gettime (c, &ts) < 0)
		return 0;
	return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}

static int
write_process (struct gmon_writer *w, const struct companion *c)
{
	struct gmonx_process p;
	struct mc_sample_stats st;
	struct mc_arc_stats as;
	uint64_t now = clock_ns (CLOCK_MONOTONIC);

	mc_sampler_stats (&st);
	mc_arcs_stats (&as);
	memset (&p, 0, sizeof p);
	p.pid = (uint32_t) getpid ();
	p.ppid = (uint32_t) getppid ();
	p.image = mc_config.image;
	p.end = c->end;
	p.signal = (uint32_t) c->sig;
	p.rate = st.file_rate;
	p.clock = mc_config.wall ? GMONX_CLOCK_WALL : GMONX_CLOCK_CPU;
	p.cpu_ns = clock_ns (CLOCK_PROCESS_CPUTIME_ID);
	p.wall_ns = now > mc_start_ns ? now - mc_start_ns : 0;
	p.samples = st.samples;
	p.unknown = st.unknown;
	p.outside = st.outside;
	p.lost_calls = as.lost_full + as.lost_nested;
	return gmonx_write_process (w, &p);
}

/* Arcs between objects, a record per batch.  */
static int
write_cross (struct gmon_writer *w, const struct snap *s)
{
	struct gmonx_arc batch[128];
	size_t n = 0;
	uint64_t i;

	for (i = 0; s->slots && i <= s->mask; i++) {
		const struct mc_arc *a = &s->slots[i];
		int f = s->mod[2 * i], t = s->mod[2 * i + 1];
		struct gmonx_arc *x;

		if (!a->from || a->self == MC_BB_SELF
		    || (f == t && f != NO_MOD))
			continue;
		x = &batch[n++];
		x->from_obj = f == NO_MOD ? GMONX_NO_OBJECT : (uint32_t) f;
		x->self_obj = t == NO_MOD ? GMONX_NO_OBJECT : (uint32_t) t;
		x->from_pc = a->from - (f == NO_MOD ? 0 : mc_modules[f].base);
		x->self_pc = a->self - (t == NO_MOD ? 0 : mc_modules[t].base);
		x->count = a->count;
		if (n == sizeof batch / sizeof batch[0]) {
			if (gmonx_write_arcs (w, batch, n) < 0)
				return -1;
			n = 0;
		}
	}
	return n ? gmonx_write_arcs (w, batch, n) : 0;
}

static int
companion_body (struct gmon_writer *w, void *ctx)
{
	struct companion *c = ctx;
	char file[256], image[256], main_file[MC_PATH_MAX];
	unsigned int k;

	if (gmonx_write_header (w) < 0 || write_process (w, c) < 0)
		return -1;
	put_str (put_str (main_file, main_file + sizeof main_file - 1,
			  "../"), main_file + sizeof main_file - 1,
		 base_name (c->profile))[0] = '\0';
	for (k = 0; k < c->n; k++) {
		const struct mc_module *m = &mc_modules[k];
		int flags = __atomic_load_n (&m->flags, __ATOMIC_RELAXED);
		struct gmonx_object o;

		memset (&o, 0, sizeof o);
		o.id = k;
		o.flags = (flags & MC_MOD_MAIN ? GMONX_OBJ_MAIN : 0)
			| (flags & MC_MOD_VDSO ? GMONX_OBJ_VDSO : 0)
			| (flags & MC_MOD_GONE ? GMONX_OBJ_UNLOADED : 0);
		o.base = m->base;
		o.text_lo = m->text_lo;
		o.text_hi = m->text_hi;
		o.samples = mc_objs[k].samples;
		o.calls = mc_objs[k].calls;
		o.blocks = mc_objs[k].blocks;
		o.path = m->path;
		o.build_id = m->build_id;
		o.build_id_len = m->build_id_len;
		file[0] = image[0] = '\0';
		if (k == 0)
			o.file = main_file;
		else if (mc_objs[k].has_file) {
			obj_name (k, ".gmon", file);
			if (flags & MC_MOD_VDSO)
				obj_name (k, "", image);
			o.file = file;
		}
		o.image = image;
		if (gmonx_write_object (w, &o) < 0)
			return -1;
	}
	return write_cross (w, c->s);
}

/* Whether NAME, in the object directory, is a file this dump wrote.  */
static bool
ours (const char *name, unsigned int n)
{
	char buf[256];
	unsigned int k;

	if (strcmp (name, GMONX_COMPANION_NAME) == 0)
		return true;
	for (k = 1; k < n; k++) {
		if (!mc_objs[k].has_file)
			continue;
		obj_name (k, ".gmon", buf);
		if (strcmp (buf, name) == 0)
			return true;
		obj_name (k, "", buf);
		if ((mc_modules[k].flags & MC_MOD_VDSO)
		    && strcmp (buf, name) == 0)
			return true;
	}
	return false;
}

/* Removes the NAME.gmon files of DIR that this dump did not write
   (objects of an earlier dump or run), with raw getdents64: opendir
   would malloc.  */
static void
remove_stale (const char *dir, unsigned int n)
{
	char buf[4096];
	int fd = open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	long got;

	if (fd < 0)
		return;
	while ((got = syscall (SYS_getdents64, fd, buf, sizeof buf)) > 0) {
		long off = 0;

		while (off < got) {
			struct dirent64 *d = (struct dirent64 *) (buf + off);
			size_t len = strlen (d->d_name);

			off += d->d_reclen;
			if (len > 5 && strcmp (d->d_name + len - 5, ".gmon") == 0
			    && !ours (d->d_name, n))
				unlinkat (fd, d->d_name, 0);
		}
	}
	close (fd);
}

/* Everything but the program's file, into DIR.  */
static int
write_objects (const char *dir, const struct snap *s, unsigned int n,
	       const char *profile, enum gmonx_end end, int sig)
{
	struct companion c = { s, n, profile, end, sig };
	char path[MC_PATH_MAX], name[256];
	unsigned int k;
	int err = 0, e;

	if (mkdir (dir, 0777) < 0 && errno != EEXIST)
		return errno;
	for (k = 1; k < n; k++) {
		struct classic cl = { s, (int) k };

		if (!mc_objs[k].has_file)
			continue;
		obj_name (k, ".gmon", name);
		e = join (path, dir, name);
		if (!e)
			e = write_file (path, classic_body, &cl);
		if (!e && (mc_modules[k].flags & MC_MOD_VDSO)) {
			obj_name (k, "", name);
			e = join (path, dir, name);
			if (!e)
				e = write_file (path, image_body,
						&mc_modules[k]);
		}
		if (e && !err)
			err = e;
	}
	e = join (path, dir, GMONX_COMPANION_NAME);
	if (!e)
		e = write_file (path, companion_body, &c);
	if (e && !err)
		err = e;
	remove_stale (dir, n);
	return err;
}

/* ------------------------------------------------------------------ */
/* Dumps */

static int
mc_gettid (void)
{
	return (int) syscall (SYS_gettid);
}

/* One dump at a time: 0, or EBUSY (another thread dumps) or EDEADLK
   (this thread does: a signal came in the middle).  A last dump (the
   process is about to die of a signal or _exit) takes over one of its
   own thread that it interrupted: that one never resumes, and its
   half-written temporary file is replaced.  */
static int
dump_lock (bool last)
{
	int me = mc_gettid (), expect = 0;

	if (__atomic_compare_exchange_n (&mc_dump_owner, &expect, me, false,
					 __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
		return 0;
	if (expect != me)
		return EBUSY;
	return last ? 0 : EDEADLK;
}

static void
dump_unlock (void)
{
	__atomic_store_n (&mc_dump_owner, 0, __ATOMIC_RELEASE);
}

int
mc_dump_fd (int fd)
{
	struct gmon_writer w;
	struct gmon_target t;
	struct snap s;
	int err;

	if ((err = dump_lock (false)) != 0)
		return err;
	mc_orphans_resolve ();
	snap_take (&s);
	tally (&s, mc_modules_count ());
	gmon_target_native (&t);
	gmon_writer_init (&w, fd, mc_wbuf, sizeof mc_wbuf, &t);
	if (write_classic (&w, &s, 0) == 0)
		gmon_writer_flush (&w);
	err = w.error;
	snap_free (&s);
	dump_unlock ();
	return err;
}

int
mc_dump (enum gmonx_end end, int sig, char *path, bool *objs_failed)
{
	char dir[MC_PATH_MAX];
	struct classic cl;
	struct snap s;
	unsigned int n;
	int err;

	path[0] = '\0';
	*objs_failed = false;
	if ((err = dump_lock (end == GMONX_END_SIGNAL
			      || end == GMONX_END__EXIT)) != 0)
		return err;
	err = output_names (path, dir);
	if (err)
		goto out;
	mc_orphans_resolve ();
	snap_take (&s);
	n = mc_modules_count ();
	tally (&s, n);
	cl.s = &s;
	cl.k = 0;
	err = write_file (path, classic_body, &cl);
	if (mc_config.objects && n > 0 && write_objects (dir, &s, n, path,
							  end, sig) != 0)
		*objs_failed = true;
	snap_free (&s);
out:
	dump_unlock ();
	return err;
}

void
mc_dump_forget (void)
{
	mc_dump_owner = 0;
}
