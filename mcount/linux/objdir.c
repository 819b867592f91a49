/* objdir.c - the object directory of a profile: a classic file per
   object other than the program, and the companion.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   For the profile DIR/STEM[.PID[.N]] (outfile.c), the directory
   DIR/STEM-objs[.PID[.N]] holds:

     NAME.gmon          the classic file of each object that has
                        samples, arcs or blocks of its own, NAME being
                        the file name of the object, cut to 200 bytes
                        (NAME~2.gmon, ... for a second object of the
                        same cut name: mc_objname_give), in its
                        own link-time addresses: `gprof LIB NAME.gmon'
     linux-vdso.so.1    a copy of the vDSO, the only object without a
                        file on disk (with its .gmon if it has samples)
     objects.gmonx      the companion (gmon/gmonx_out.h): how the run
                        ended, the load map (path, build id, load
                        address, code, which file is whose), the
                        calls between objects, and each thread's own
                        samples, calls and calling contexts
                        (threads.c)

   The directory is opened without following a link, and used only if
   it is this user's and not open to others; a process writing it holds
   its lock (.lock), so that two runs writing profiles of one name take
   turns.  Each file is replaced atomically (outfile.c), relative to
   the directory's descriptor.  The companion is written last.  Then
   the files that the companion it replaced named (an earlier dump or
   run) and this dump did not write are removed, so that the directory
   matches the new one: those, and never any other file.  If the
   companion cannot be written, the old one is removed too, so that it
   pairs with nothing.  Nothing here allocates: this runs in signal
   handlers too.  */

#define _GNU_SOURCE 1
#include <config.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "gmon/gmonx.h"
#include "mcount/linux/dump.h"

/* ------------------------------------------------------------------ */
/* The names of the objects' files

   Each object other than the program gets, when modules.c adds it,
   the name of its classic file: its file name cut to MC_FILE_STEM
   bytes (with the ".gmon" and the temporary's ".PID.RANDOM.tmp" around
   it, a name must stay within the 255 bytes of a file name), and ~2,
   ~3 ... for a second, third object whose cut name is the same one;
   "object-K" for an object without a file name.  Each name is unique
   in the process, checked with a hash table of the names given, so
   that naming every object is linear in their number, and a dump
   finds the object of a name (mc_module_by_file) at once.  The names
   made at each dump, each by counting the earlier objects of the same
   name, made the removal of an old companion's files cubic (12 s at
   exit for 1000 libraries), and two names that differed after the
   cut were one file.  */

/* The names given: open addressing, entry + 1 per slot (0: free),
   twice the object table's entries.  */
static uint32_t mc_files_default[2 * MC_MODULES_DEFAULT];
static uint32_t *mc_files = mc_files_default;
static uint32_t mc_files_mask = 2 * MC_MODULES_DEFAULT - 1;

void
mc_objnames_init (uint32_t *slots, uint32_t n)
{
	mc_files = slots;
	mc_files_mask = n - 1;
}

static uint32_t
file_hash (const char *s, size_t n)
{
	uint32_t h = 2166136261u;	/* FNV-1a */

	while (n-- > 0)
		h = (h ^ (unsigned char) *s++) * 16777619u;
	return h;
}

/* The slot of the file name S (N bytes) in the hash: the one that
   holds it, or the free one where it goes.  */
static uint32_t *
file_slot (const char *s, size_t n)
{
	uint32_t i = file_hash (s, n) & mc_files_mask;

	for (;; i = (i + 1) & mc_files_mask) {
		uint32_t e = __atomic_load_n (&mc_files[i], __ATOMIC_ACQUIRE);

		if (!e || (strncmp (mc_modules[e - 1].file, s, n) == 0
			   && mc_modules[e - 1].file[n] == '\0'))
			return &mc_files[i];
	}
}

int
mc_module_by_file (const char *name, size_t len)
{
	uint32_t e = *file_slot (name, len);

	return e ? (int) e - 1 : -1;
}

/* (modules.h)  */
void
mc_objname_give (struct mc_module *m, unsigned int k)
{
	char base[MC_FILE_STEM + 1], name[MC_FILE_STEM + 16], *p;
	const char *b = strrchr (m->path, '/');
	size_t n;
	uint32_t *slot, first;

	b = b ? b + 1 : m->path;
	if (!*b || strcmp (b, ".") == 0 || strcmp (b, "..") == 0) {
		p = mc_put_num (mc_put_str (base, base + MC_FILE_STEM,
					    "object-"),
				base + MC_FILE_STEM, k);
	} else {
		p = mc_put_str (base, base + MC_FILE_STEM, b);
	}
	*p = '\0';
	n = (size_t) (p - base);
	memcpy (name, base, n + 1);
	slot = file_slot (name, n);
	/* Taken: ~N after it, N counted on the first object of that cut
	   name (a library may also be called NAME~N: the next N).  */
	for (first = *slot; *slot;) {
		struct mc_module *f = &mc_modules[first - 1];

		f->file_dups = f->file_dups ? f->file_dups + 1 : 2;
		p = mc_put_num (mc_put_str (name + n, name + sizeof name - 1,
					    "~"),
				name + sizeof name - 1, f->file_dups);
		*p = '\0';
		slot = file_slot (name, (size_t) (p - name));
	}
	m->file = mc_str_keep (name, strlen (name));
	/* (a dump in another thread may look names up meanwhile) */
	__atomic_store_n (slot, k + 1, __ATOMIC_RELEASE);
}


/* The file name of object K's classic file, into BUF (MC_NAME_BUF),
   with SUFFIX (".gmon", or "" for its saved image): the name
   modules.c gave it, unique in the process (at most MC_FILE_STEM
   bytes of its file name, and a ~N).  */
static void
obj_name (unsigned int k, const char *suffix, char *buf)
{
	const char *f = mc_modules[k].file;
	char *p = mc_put_str (buf, buf + MC_NAME_BUF - 1, f ? f : "");

	p = mc_put_str (p, buf + MC_NAME_BUF - 1, suffix);
	*p = '\0';
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
	const struct mc_snap *s;
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
	p.rate = c->s->rate;		/* as the histograms say */
	p.clock = mc_config.wall ? GMONX_CLOCK_WALL : GMONX_CLOCK_CPU;
	p.cpu_ns = clock_ns (CLOCK_PROCESS_CPUTIME_ID);
	p.wall_ns = now > mc_start_ns ? now - mc_start_ns : 0;
	p.samples = st.samples;
	p.unknown = st.unknown;
	p.outside = st.outside;
	p.lost_calls = as.lost_full + as.lost_nested + c->s->missed;
	p.run.pid = mc_run_pid;
	p.run.start = mc_run_start;
	p.run.id = mc_stamp_id ();
	p.dump = mc_run_dump;
	p.start_ns = mc_start_real_ns;
	return gmonx_write_process (w, &p);
}

/* Arcs between objects, a record per batch.  */
static int
write_cross (struct gmon_writer *w, const struct mc_snap *s)
{
	struct gmonx_arc batch[128];
	size_t n = 0;
	uint64_t i;

	for (i = 0; s->slots && i <= s->mask; i++) {
		const struct mc_arc *a = &s->slots[i];
		int f = s->mod[2 * i], t = s->mod[2 * i + 1];
		struct gmonx_arc *x;

		if (!a->from || a->self == MC_BB_SELF
		    || (f == t && f != MC_NO_MOD))
			continue;
		x = &batch[n++];
		x->from_obj = f == MC_NO_MOD ? GMONX_NO_OBJECT : (uint32_t) f;
		x->self_obj = t == MC_NO_MOD ? GMONX_NO_OBJECT : (uint32_t) t;
		x->from_pc = a->from - (f == MC_NO_MOD ? 0 : mc_modules[f].base);
		x->self_pc = a->self - (t == MC_NO_MOD ? 0 : mc_modules[t].base);
		x->count = a->count;
		if (n == sizeof batch / sizeof batch[0]) {
			if (gmonx_write_arcs (w, batch, n) < 0)
				return -1;
			n = 0;
		}
	}
	return n ? gmonx_write_arcs (w, batch, n) : 0;
}

_Static_assert (MC_CTX_ROOT == GMONX_CTX_ROOT && MC_CTX_CUT == GMONX_CTX_CUT,
		"the runtime's chain ends are the file's");

/* Context nodes on their way out, a record per batch.  */
struct ctx_batch {
	struct gmon_writer *w;
	struct gmonx_ctx_node v[128];
	size_t n;
};

static int
ctx_node_out (void *arg, uint32_t parent, uintptr_t addr, uint64_t count)
{
	struct ctx_batch *b = arg;
	struct gmonx_ctx_node *x = &b->v[b->n++];
	int k = mc_module_find (addr);

	x->parent = parent;
	x->obj = k < 0 ? GMONX_NO_OBJECT : (uint32_t) k;
	x->addr = addr - (k < 0 ? 0 : mc_modules[k].base);
	x->count = count;
	if (b->n < sizeof b->v / sizeof b->v[0])
		return 0;
	b->n = 0;
	return gmonx_write_ctx_nodes (b->w, b->v, sizeof b->v / sizeof b->v[0]);
}

int
mc_ctx_write (struct gmon_writer *w, struct mc_thread *r, uint32_t *base)
{
	struct ctx_batch b;

	b.w = w;
	b.n = 0;
	if ((r ? mc_ctx_each_of (r, base, ctx_node_out, &b)
	     : mc_ctx_each (ctx_node_out, &b)) != 0)
		return -1;
	return b.n ? gmonx_write_ctx_nodes (w, b.v, b.n) : 0;
}

/* The calling contexts of the samples (GMON_CONTEXT), if recorded,
   and each thread's records (GMON_THREADS), which hold the contexts
   of their threads.  */
static int
write_contexts (struct gmon_writer *w)
{
	struct mc_ctx_stats st;
	struct gmonx_context c;
	uint32_t base = 0;

	if (mc_config.context) {
		mc_ctx_stats (&st);
		c.depth = mc_config.context;
		c.lost = st.lost + st.norecord;
		c.unwalked = st.unwalked;
		if (gmonx_write_context (w, &c) < 0)
			return -1;
	}
	if (mc_config.threads)
		return mc_threads_write (w);
	return mc_config.context ? mc_ctx_write (w, NULL, &base) : 0;
}

static int
companion_body (struct gmon_writer *w, void *ctx)
{
	struct companion *c = ctx;
	char file[256], image[256], main_file[MC_PATH_MAX];
	unsigned int k;

	if (gmonx_write_header (w) < 0 || write_process (w, c) < 0)
		return -1;
	mc_put_str (mc_put_str (main_file, main_file + sizeof main_file - 1,
			  "../"), main_file + sizeof main_file - 1,
		 mc_base_name (c->profile))[0] = '\0';
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
	if (write_cross (w, c->s) < 0)
		return -1;
	return write_contexts (w);
}

/* ------------------------------------------------------------------ */
/* Opening the directory */

/* Never through a link, and never a directory that someone else could
   have planted or can change: another user's, or one others may write
   in without the sticky bit.  (A group that may write in it is
   trusted, as the directory's owner chose: a umask of 002 makes
   directories so.)  */
enum mc_objdir_status
mc_objdir_open (int parent, const char *name, int *fd, bool *made, int *err)
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
	*fd = mc_fd_keep (mc_open (parent, name, O_RDONLY | O_DIRECTORY
				   | O_NOFOLLOW, 0));
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

/* NAME in the object directory DIRFD, opened with FLAGS (MODE if it is
   made) but never through a link, and kept (mc_fd_keep): -1 if it
   cannot be, or is not a regular file of this user's.  */
static int
open_own (int dirfd, const char *name, int flags, mode_t mode)
{
	struct stat st;
	int fd = mc_fd_keep (mc_open (dirfd, name, flags | O_NOFOLLOW
				      | O_NONBLOCK, mode));

	if (fd < 0)
		return -1;
	if (fstat (fd, &st) < 0 || !S_ISREG (st.st_mode)
	    || st.st_uid != geteuid ()) {
		mc_fd_close (fd);
		return -1;
	}
	return fd;
}

/* An flock on the directory's file .lock, which only this user may
   open, so that nobody else can hold it.  Waits 10 s at most: a
   process stopped in the middle of its dump must not stop this one
   for ever.  Without the lock the files are still whole, and their
   run stamps keep gprof from pairing two runs' files.  */
int
mc_objdir_lock (int dirfd)
{
	int fd = open_own (dirfd, MC_LOCK_NAME, O_RDWR | O_CREAT, 0600), i;

	if (fd < 0)
		return -1;
	for (i = 0; i < 10000; i++) {
		struct timespec ts = { 0, 1000000 };

		if (flock (fd, LOCK_EX | LOCK_NB) == 0
		    || (errno != EWOULDBLOCK && errno != EINTR))
			break;
		nanosleep (&ts, NULL);
	}
	return fd;
}

/* ------------------------------------------------------------------ */
/* Writing into it */

/* Whether NAME, in the object directory, is a file this dump (of N
   objects) wrote: the object of the name, found at once
   (mc_module_by_file).  */
static bool
ours (const char *name, unsigned int n)
{
	size_t len = strlen (name);
	int k;

	if (strcmp (name, GMONX_COMPANION_NAME) == 0
	    || strcmp (name, MC_LOCK_NAME) == 0)
		return true;
	if (len > 5 && strcmp (name + len - 5, ".gmon") == 0) {
		k = mc_module_by_file (name, len - 5);
		if (k > 0 && (unsigned int) k < n && mc_objs[k].has_file)
			return true;
	}
	/* The vDSO's image: its name alone.  */
	k = mc_module_by_file (name, len);
	return k > 0 && (unsigned int) k < n && mc_objs[k].has_file
		&& (mc_modules[k].flags & MC_MOD_VDSO);
}

struct stale {
	int dirfd;			/* the object directory */
	unsigned int n;			/* objects of this dump */
};

/* A file the old companion named: removed unless this dump wrote it.
   Only a regular file of this user's, never what a link points to
   (unlinkat removes a link itself, but a link is not what was
   written).  */
static void
remove_if_stale (void *arg, const char *name)
{
	const struct stale *st = arg;
	struct stat sb;

	if (ours (name, st->n)
	    || fstatat (st->dirfd, name, &sb, AT_SYMLINK_NOFOLLOW) < 0
	    || !S_ISREG (sb.st_mode) || sb.st_uid != geteuid ())
		return;
	unlinkat (st->dirfd, name, 0);
}

/* The companion in DIRFD, opened for reading before it is replaced:
   -1 if there is none, or it is not a regular file of this user's.  */
static int
open_old_companion (int dirfd)
{
	return open_own (dirfd, GMONX_COMPANION_NAME, O_RDONLY, 0);
}

int
mc_objdir_write (int dirfd, const struct mc_snap *s, unsigned int n,
		 const char *profile, enum gmonx_end end, int sig)
{
	struct companion c = { s, n, profile, end, sig };
	struct stale st = { dirfd, n };
	char name[MC_NAME_BUF];
	int old = open_old_companion (dirfd), err = 0, e;
	unsigned int k;

	for (k = 1; k < n; k++) {
		struct mc_classic cl = { s, (int) k };

		if (!mc_objs[k].has_file)
			continue;
		obj_name (k, ".gmon", name);
		e = mc_write_at (dirfd, name, mc_classic_body, &cl, NULL);
		if (!e && (mc_modules[k].flags & MC_MOD_VDSO)) {
			obj_name (k, "", name);
			e = mc_write_at (dirfd, name, image_body,
					 &mc_modules[k], NULL);
		}
		if (e) {
			/* Not named by the companion, so that an older
			   file of that name pairs with nothing: the stale
			   pass below removes it.  */
			mc_objs[k].has_file = false;
			if (!err)
				err = e;
		}
	}
	e = mc_write_at (dirfd, GMONX_COMPANION_NAME, companion_body, &c,
			 NULL);
	if (e) {
		/* The old companion would pair with the new files.  */
		unlinkat (dirfd, GMONX_COMPANION_NAME, 0);
		if (!err)
			err = e;
	}
	if (old >= 0) {
		gmonx_each_name (old, remove_if_stale, &st);
		mc_fd_close (old);
	}
	return err;
}
