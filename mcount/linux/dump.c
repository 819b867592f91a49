/* dump.c - write the profile: the program's gmon.out, and the object
   directory beside it, one dump at a time.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   What is written, through gmon/write.c (no malloc, no stdio: this
   runs at exit and in signal handlers):

     gmon.out                 the program, exactly the classic file
                              glibc writes (classic.c)
     gmon.out-objs/           every other object, and the companion:
                              see objdir.c (GMON_OBJECTS=0: not
                              written)

   under the names, and in the way, outfile.c says; all from one
   snapshot of the arc tables (snapshot.c), taken while other threads
   may still run and count.

   Every file names its run, and its dump (a number, from 1), in its
   header's spare bytes (the run stamp, gmon/gmon_out.h), and the
   companion holds the same stamp: gprof never pairs files of two
   runs, nor of two dumps of one run (a reader that read gmon.out
   before a dump replaced the files, and the companion after).  Two
   processes writing profiles of the same name (two runs in one
   directory) take turns: each holds a lock on the object directory
   (flock) while it writes the program's file and that directory, so
   that the last to finish leaves a whole profile, not half of each.

   The object directory is written only after the program's file was:
   a directory of this run beside an older gmon.out would pair them.

   In the process, one thread dumps at a time (dump_lock), and a fork
   waits for a dump under way (mc_dump_hold).  */

#define _GNU_SOURCE 1
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "mcount/linux/dump.h"

static int mc_dump_owner;		/* tid of the thread dumping, or 0 */
/* The descriptor of the object directory's lock while a dump holds
   it, or -1: a last dump that takes over one a fatal signal
   interrupted in its own thread holds it already (flock: a second
   descriptor of the file would wait for the first, 10 s).  */
static int mc_held_lock = -1;

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
   its copy of the dump's list of descriptors (outfile.c) no longer
   names.  10 s at most, as for the
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
	struct mc_classic cl;
	struct mc_snap s;
	int err;

	if ((err = dump_lock (false)) != 0)
		return err;
	mc_run_dump++;
	mc_snap_take (&s);
	cl.s = &s;
	cl.k = 0;
	err = mc_write_fd (fd, mc_classic_body, &cl);
	mc_snap_free (&s);
	dump_unlock ();
	return err;
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

	parent = mc_fd_keep (mc_open_parent (r->path));
	if (parent < 0) {
		r->err = errno;
		return;
	}
	r->err = mc_secure_dir (parent);
	/* GMON_OBJECTS=0 writes no file of another object, but the
	   calling contexts still need the companion, and so do the
	   per-thread records when GMON_THREADS asks for them (by default
	   they come with the companion, not without it: mc_config_init
	   keeps none then).  A set-uid program writes none: the files
	   would be its effective user's, in a directory of the user who
	   ran it, who could not remove them.  */
	if (!r->err && (mc_config.objects || mc_config.context
			|| mc_config.threads)
	    && n > 0 && !mc_config.secure) {
		r->objdir = mc_objdir_open (parent, mc_base_name (r->dir),
					    &ofd, &made, &r->objdir_err);
		if (r->objdir == MC_OBJDIR_OK && mc_held_lock < 0) {
			lock = mc_objdir_lock (ofd);
			mc_held_lock = lock;
		}
	}
	if (!r->err)
		r->err = mc_write_at (parent, mc_base_name (r->path),
				      mc_classic_body, &cl, r->tmp);
	if (r->err && r->objdir != MC_OBJDIR_NONE) {
		if (made) {
			unlinkat (ofd, MC_LOCK_NAME, 0);
			unlinkat (parent, mc_base_name (r->dir), AT_REMOVEDIR);
		}
		r->objdir = MC_OBJDIR_SKIPPED;
	} else if (r->objdir == MC_OBJDIR_OK) {
		r->objdir_err = mc_objdir_write (ofd, s, n,
						 mc_base_name (r->path),
						 end, sig);
		if (r->objdir_err)
			r->objdir = MC_OBJDIR_FAILED;
	}
	if (lock >= 0)
		mc_held_lock = -1;
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
	/* Its files' stamp says which dump they are of.  */
	mc_run_dump++;
	r->err = mc_output_names (r->path, r->dir);
	if (!r->err) {
		n = mc_snap_take (&s);
		write_profile (r, &s, n, end, sig);
		mc_snap_free (&s);
	}
	dump_unlock ();
	return r->err;
}

void
mc_dump_forget (void)
{
	mc_dump_owner = 0;
	mc_held_lock = -1;
	mc_fork_held = false;
	mc_fd_forget ();
}
