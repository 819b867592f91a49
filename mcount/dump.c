/* dump.c - write the profile: the program's gmon.out, and the object
   directory beside it (objdir.c).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   What is written, through gmon/write.c (no malloc, no stdio: this
   runs at exit and in signal handlers):

     gmon.out                 the program, exactly the classic file
                              glibc writes: its histogram, the arcs
                              and blocks with both ends in it, in
                              link-time addresses (the load address
                              subtracted, as glibc does for PIE)
     gmon.out-objs/           every other object, and the companion:
                              see objdir.c (GMON_OBJECTS=0: not
                              written)

   Histograms: the program's covers its code, as glibc's; another
   object's only the parts of its code with samples (libc's whole text
   would be a megabyte of zeros).  Counts wider than the fields go on
   in further records, which readers sum (gmon/write.c).

   The names.  The profile is DIR/STEM[.PID[.N]]: STEM is gmon.out in
   the directory the program started in, or GMON_OUT_PREFIX; .PID is
   added with a prefix (glibc's rule) and in a fork child; .N counts
   the programs this process exec'd before the one writing (so that
   none overwrites another's).  Its objects go to DIR/STEM-objs[.PID
   [.N]]: the "-objs" comes before the numbers, so that `gmon.out.*'
   and `PREFIX.*', which people glob to sum a program's profiles, never
   take them in.

   The tables are read while other threads may still run and count: a
   snapshot (their newest calls may be missing); nothing they use is
   freed or moved.

   Each file is written under a temporary name in its directory and
   renamed over the old one: a reader never sees half a file, and a
   symbolic link in the way is replaced, not followed.  The files are
   made relative to a descriptor of their directory (openat,
   renameat), so that nothing renamed meanwhile sends them elsewhere.

   Every file names its run in its header's spare bytes (the run
   stamp, gmon/gmon_out.h), and the companion holds the same stamp:
   gprof never pairs files of two runs.  Two processes writing
   profiles of the same name (two runs in one directory) take turns:
   each holds a lock on the object directory (flock) while it writes
   the program's file and that directory, so that the last to finish
   leaves a whole profile, not half of each.

   The object directory is written only after the program's file was:
   a directory of this run beside an older gmon.out would pair them.

   A set-uid or set-gid program (AT_SECURE) writes where it started,
   under glibc's name (its environment is not read), and only if the
   user who ran it owns that directory: it may not be made to write or
   replace files where that user could not.  */

#define _GNU_SOURCE 1
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>		/* renameat */
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "gmon/gmon.h"
#include "gmon/gmonx.h"
#include "mcount/dump.h"

static int mc_dump_owner;		/* tid of the thread dumping, or 0 */
struct mc_objinfo mc_objs[MC_MODULES_MAX];
static unsigned char mc_wbuf[1 << 16];	/* the writer's buffer, under it */
/* The descriptors a dump has open (directories, the lock, files): a
   child forked in the middle closes them (mc_dump_forget), or it would
   hold the lock, and the files, for as long as it lives.  -1: free.  */
static int mc_dump_fds[8] = { -1, -1, -1, -1, -1, -1, -1, -1 };

/* ------------------------------------------------------------------ */
/* The snapshot: every thread's table merged */

static void
snap_add (void *ctx, uintptr_t from, uintptr_t self, uint64_t count)
{
	struct mc_snap *s = ctx;
	uint64_t i;

	if (s->used >= s->mask) {
		s->missed += count;
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
snap_take (struct mc_snap *s)
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
snap_free (struct mc_snap *s)
{
	if (s->slots)
		munmap (s->slots, s->mapsize);
	s->slots = NULL;
}

/* ------------------------------------------------------------------ */
/* Classic files */

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
	    bool whole, uint64_t *written)
{
	const uint64_t *bins = __atomic_load_n (&h->bins, __ATOMIC_ACQUIRE);
	uint64_t step = whole ? h->nbins : CHUNK_BINS, i, k, *copy;
	struct gmon_hist_hdr hdr;
	size_t size = step * sizeof (uint64_t);
	bool any = false;
	int rc = 0;

	*written = 0;
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
			*written += v;
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
	    || write_hist (w, &m->hist, m->base, k == 0, &mc_objs[k].samples)
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

/* Fills mc_objs for the N objects.  */
static void
tally (const struct mc_snap *s, unsigned int n)
{
	unsigned int k;
	uint64_t i;

	memset (mc_objs, 0, n * sizeof mc_objs[0]);
	for (k = 0; k < n; k++)
		mc_objs[k].samples = mc_hist_samples (&mc_modules[k].hist);
	for (i = 0; s->slots && i <= s->mask; i++) {
		const struct mc_arc *a = &s->slots[i];
		int f = s->mod[2 * i], t = s->mod[2 * i + 1];

		if (!a->from || t == MC_NO_MOD)
			continue;
		if (a->self == MC_BB_SELF)
			mc_objs[t].blocks += a->count;
		else
			mc_objs[t].calls += a->count;
		if (f == t)
			mc_objs[t].own++;
	}
	for (k = 1; k < n; k++)
		mc_objs[k].has_file = mc_config.objects
			&& (mc_objs[k].samples || mc_objs[k].own);
}

/* ------------------------------------------------------------------ */
/* Names */

/* The profile's name, and with DIR not NULL its object directory's:
   see the top of this file.  */
static int
output_names (char *path, char *dir)
{
	char suffix[64], *s = suffix, *send = suffix + sizeof suffix - 1;
	char *p = path, *end = path + MC_PATH_MAX - 1;
	char stem[MC_PATH_MAX], *q = stem, *qend = stem + sizeof stem - 1;

	if (mc_config.prefix[0]) {
		q = mc_put_str (q, qend, mc_config.prefix);
	} else {
		if (mc_config.cwd[0]) {
			q = mc_put_str (q, qend, mc_config.cwd);
			if (q > stem && q[-1] != '/')
				q = mc_put_str (q, qend, "/");
		}
		q = mc_put_str (q, qend, "gmon.out");
	}
	*q = '\0';
	if (mc_config.prefix[0] || mc_forked () || mc_config.image) {
		s = mc_put_str (s, send, ".");
		s = mc_put_num (s, send, (uint64_t) getpid ());
		if (mc_config.image) {
			s = mc_put_str (s, send, ".");
			s = mc_put_num (s, send, mc_config.image);
		}
	}
	*s = '\0';
	p = mc_put_str (p, end, stem);
	p = mc_put_str (p, end, suffix);
	if (p >= end)
		return ENAMETOOLONG;
	*p = '\0';
	if (dir) {
		p = mc_put_str (dir, dir + MC_PATH_MAX - 1, stem);
		p = mc_put_str (p, dir + MC_PATH_MAX - 1, GMONX_OBJDIR_SUFFIX);
		p = mc_put_str (p, dir + MC_PATH_MAX - 1, suffix);
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

/* .NAME.PID.tmp for NAME: in the same directory, so that rename stays
   atomic; a dot file, so a leftover does not match the gmon.out.* of a
   script that sums profiles.  */
static int
temp_name (char *tmp, const char *name)
{
	char *p = tmp, *end = tmp + MC_NAME_BUF - 1;

	p = mc_put_str (p, end, ".");
	p = mc_put_str (p, end, name);
	p = mc_put_str (p, end, ".");
	p = mc_put_num (p, end, (uint64_t) getpid ());
	p = mc_put_str (p, end, ".tmp");
	if (p >= end)
		return ENAMETOOLONG;
	*p = '\0';
	return 0;
}

/* ------------------------------------------------------------------ */
/* Files */

int
mc_fd_keep (int fd)
{
	size_t i;

	for (i = 0; fd >= 0 && i < sizeof mc_dump_fds / sizeof *mc_dump_fds;
	     i++) {
		int expect = -1;

		if (__atomic_compare_exchange_n (&mc_dump_fds[i], &expect, fd,
						 false, __ATOMIC_RELAXED,
						 __ATOMIC_RELAXED))
			break;
	}
	return fd;
}

int
mc_fd_close (int fd)
{
	size_t i;

	if (fd < 0)
		return 0;
	for (i = 0; i < sizeof mc_dump_fds / sizeof *mc_dump_fds; i++) {
		int expect = fd;

		if (__atomic_compare_exchange_n (&mc_dump_fds[i], &expect, -1,
						 false, __ATOMIC_RELAXED,
						 __ATOMIC_RELAXED))
			break;
	}
	return close (fd);
}

int
mc_write_header (struct gmon_writer *w)
{
	struct gmon_run run = { mc_run_pid, mc_run_start, mc_run_id };

	return gmon_write_header_run (w, &run);
}

/* A set-uid program's profile belongs to the user who ran it, who
   owns the directory (secure_dir) and would otherwise hold a file of
   root's.  */
static void
give_to_user (int fd)
{
	if (fchown (fd, getuid (), getgid ()) == 0)
		return;
	/* A set-gid program may not: the file stays the program's.  */
}

/* Writes NAME in directory DIRFD through a temporary file; returns 0
   or an errno.  TMP (MC_NAME_BUF bytes, or NULL) gets the temporary's
   name if that could not be made.  */
int
mc_write_at (int dirfd, const char *name, mc_body_fn *body, void *ctx,
	     char *tmp_failed)
{
	char tmp[MC_NAME_BUF];
	struct gmon_writer w;
	struct gmon_target t;
	int fd, err, tries;

	err = temp_name (tmp, name);
	if (err)
		return err;
	for (tries = 0;; tries++) {
		fd = openat (dirfd, tmp, O_WRONLY | O_CREAT | O_EXCL
			     | O_NOFOLLOW | O_CLOEXEC, 0666);
		if (fd >= 0)
			break;
		/* A leftover of a process with our PID that died
		   writing: ours now.  */
		if (errno != EEXIST || tries > 0
		    || unlinkat (dirfd, tmp, 0) < 0) {
			err = errno;
			if (tmp_failed)
				strcpy (tmp_failed, tmp);
			return err;
		}
	}
	mc_fd_keep (fd);
	if (mc_config.secure)
		give_to_user (fd);
	gmon_target_native (&t);
	gmon_writer_init (&w, fd, mc_wbuf, sizeof mc_wbuf, &t);
	if (body (&w, ctx) == 0)
		gmon_writer_flush (&w);
	err = w.error;
	if (mc_fd_close (fd) < 0 && !err)
		err = errno;
	if (!err && renameat (dirfd, tmp, dirfd, name) < 0)
		err = errno;
	if (err)
		unlinkat (dirfd, tmp, 0);
	return err;
}

int
mc_classic_body (struct gmon_writer *w, void *ctx)
{
	struct mc_classic *c = ctx;

	return write_classic (w, c->s, c->k);
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

/* A fork waits for a dump under way in another thread, and holds the
   dump lock across the fork: the kernel copies the descriptor table
   and the memory at different moments, so a child forked in the middle
   of a dump could hold a descriptor (the object directory's lock) that
   its copy of mc_dump_fds no longer names.  10 s at most, as for the
   lock.  */
static bool mc_fork_held;		/* the lock is held for a fork */

void
mc_dump_hold (void)
{
	int me = mc_gettid (), i;

	for (i = 0; i < 10000; i++) {
		struct timespec ts = { 0, 1000000 };
		int expect = 0;

		if (__atomic_compare_exchange_n (&mc_dump_owner, &expect, me,
						 false, __ATOMIC_ACQUIRE,
						 __ATOMIC_RELAXED)) {
			mc_fork_held = true;
			return;
		}
		if (expect == me)
			return;		/* forking from inside a dump */
		nanosleep (&ts, NULL);
	}
}

void
mc_dump_release (void)
{
	if (mc_fork_held) {
		mc_fork_held = false;
		dump_unlock ();
	}
}

int
mc_dump_fd (int fd)
{
	struct gmon_writer w;
	struct gmon_target t;
	struct mc_snap s;
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

/* The last component of PATH.  */
static const char *
last_name (const char *path)
{
	const char *slash = strrchr (path, '/');

	return slash ? slash + 1 : path;
}

/* The directory of PATH, opened; -1 with errno set on failure.  The
   path up to it is the user's (a link in it is followed); only what
   is made in it is ours.  */
static int
open_parent (const char *path)
{
	char dir[MC_PATH_MAX];
	const char *base = last_name (path);
	size_t n = (size_t) (base - path);

	if (n == 0)
		return open (".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (n > 1)
		n--;			/* the slash, unless it is the root */
	memcpy (dir, path, n);
	dir[n] = '\0';
	return open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
}

/* 0 if a set-uid or set-gid program may write in the directory DIRFD
   (the user who ran it owns it), or MC_ERR_SECURE; any program may
   write anywhere else.  */
static int
secure_dir (int dirfd)
{
	struct stat st;

	if (!mc_config.secure)
		return 0;
	if (fstat (dirfd, &st) < 0)
		return errno;
	return st.st_uid == getuid () ? 0 : MC_ERR_SECURE;
}

/* The object directory NAME in PARENT, made if missing, opened into
   *FD; *MADE says whether this call made it.  Never through a link,
   and never a directory that someone else could have planted or can
   change: another user's, or one others may write in without the
   sticky bit.  (A group that may write in it is trusted, as the
   directory's owner chose: a umask of 002 makes directories so.)  */
static enum mc_objdir_status
objdir_open (int parent, const char *name, int *fd, bool *made, int *err)
{
	struct stat st;

	*fd = -1;
	/* Never made writable by others: with a umask of 0 it would be
	   made only to be refused.  */
	*made = mkdirat (parent, name, 0775) == 0;
	if (!*made && errno != EEXIST) {
		*err = errno;
		return MC_OBJDIR_FAILED;
	}
	*fd = mc_fd_keep (openat (parent, name, O_RDONLY | O_DIRECTORY
				  | O_NOFOLLOW | O_CLOEXEC));
	if (*fd < 0) {
		*err = errno;
		if (fstatat (parent, name, &st, AT_SYMLINK_NOFOLLOW) == 0) {
			if (S_ISLNK (st.st_mode))
				return MC_OBJDIR_LINK;
			if (!S_ISDIR (st.st_mode))
				return MC_OBJDIR_NOT_DIR;
		}
		return MC_OBJDIR_FAILED;
	}
	if (fstat (*fd, &st) < 0) {
		*err = errno;
		return MC_OBJDIR_FAILED;
	}
	if (st.st_uid != geteuid ())
		return MC_OBJDIR_OWNER;
	if ((st.st_mode & S_IWOTH) && !(st.st_mode & S_ISVTX))
		return MC_OBJDIR_WRITABLE;
	return MC_OBJDIR_OK;
}

/* Takes the lock of the object directory DIRFD (another process of
   this user writing a profile of the same name holds it meanwhile):
   an flock on its file .lock, which only this user may open, so that
   nobody else can hold it.  Waits 10 s at most: a process stopped in
   the middle of its dump must not stop this one for ever.  Without
   the lock the files are still whole, and their run stamps keep gprof
   from pairing two runs' files.  Returns the lock's descriptor (close
   it to let go), or -1.  */
static int
lock_dir (int dirfd)
{
	struct stat st;
	int fd, i;

	fd = mc_fd_keep (openat (dirfd, MC_LOCK_NAME, O_RDWR | O_CREAT
				 | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC,
				 0600));
	if (fd < 0)
		return -1;
	if (fstat (fd, &st) < 0 || !S_ISREG (st.st_mode)
	    || st.st_uid != geteuid ()) {
		mc_fd_close (fd);
		return -1;
	}
	for (i = 0; i < 10000; i++) {
		struct timespec ts = { 0, 1000000 };

		if (flock (fd, LOCK_EX | LOCK_NB) == 0
		    || (errno != EWOULDBLOCK && errno != EINTR))
			break;
		nanosleep (&ts, NULL);
	}
	return fd;
}

/* Writes the program's file, then, if that went well, the object
   directory (R->objdir says how that went), holding the directory's
   lock throughout.  */
static void
write_profile (struct mc_dump_result *r, const struct mc_snap *s,
	       unsigned int n, enum gmonx_end end, int sig)
{
	struct mc_classic cl = { s, 0 };
	int parent, ofd = -1, lock = -1;
	bool made = false;

	parent = mc_fd_keep (open_parent (r->path));
	if (parent < 0) {
		r->err = errno;
		return;
	}
	r->err = secure_dir (parent);
	/* GMON_OBJECTS=0 writes no file of another object, but the
	   calling contexts still need the companion.  A set-uid program
	   writes none: the files would be its effective user's, in a
	   directory of the user who ran it, who could not remove them.  */
	if (!r->err && (mc_config.objects || mc_config.context) && n > 0
	    && !mc_config.secure) {
		r->objdir = objdir_open (parent, last_name (r->dir), &ofd,
					 &made, &r->objdir_err);
		if (r->objdir == MC_OBJDIR_OK)
			lock = lock_dir (ofd);
	}
	if (!r->err)
		r->err = mc_write_at (parent, last_name (r->path),
				      mc_classic_body, &cl, r->tmp);
	if (r->err && r->objdir != MC_OBJDIR_NONE) {
		if (made) {
			unlinkat (ofd, MC_LOCK_NAME, 0);
			unlinkat (parent, last_name (r->dir), AT_REMOVEDIR);
		}
		r->objdir = MC_OBJDIR_SKIPPED;
	} else if (r->objdir == MC_OBJDIR_OK) {
		r->objdir_err = mc_objdir_write (ofd, s, n, last_name (r->path),
						 end, sig);
		if (r->objdir_err)
			r->objdir = MC_OBJDIR_FAILED;
	}
	mc_fd_close (lock);
	mc_fd_close (ofd);
	mc_fd_close (parent);
}

int
mc_dump (enum gmonx_end end, int sig, struct mc_dump_result *r)
{
	struct mc_snap s;
	unsigned int n;
	int err;

	r->path[0] = r->dir[0] = r->tmp[0] = '\0';
	r->err = r->objdir_err = 0;
	r->objdir = MC_OBJDIR_NONE;
	if ((err = dump_lock (end == GMONX_END_SIGNAL
			      || end == GMONX_END__EXIT)) != 0)
		return r->err = err;
	r->err = output_names (r->path, r->dir);
	if (!r->err) {
		mc_orphans_resolve ();
		snap_take (&s);
		n = mc_modules_count ();
		tally (&s, n);
		write_profile (r, &s, n, end, sig);
		snap_free (&s);
	}
	dump_unlock ();
	return r->err;
}

void
mc_dump_forget (void)
{
	size_t i;

	mc_dump_owner = 0;
	mc_fork_held = false;
	for (i = 0; i < sizeof mc_dump_fds / sizeof *mc_dump_fds; i++)
		if (mc_dump_fds[i] >= 0) {
			close (mc_dump_fds[i]);
			mc_dump_fds[i] = -1;
		}
}
