/* dump.h - what the files that write a profile share: the snapshot of
   the arc tables (snapshot.c), the classic files (classic.c), the file
   plumbing (outfile.c) and the object directory (objdir.c), which
   dump.c puts together.  Internal to those files.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later  */

#ifndef MCOUNT_LINUX_DUMP_H
#define MCOUNT_LINUX_DUMP_H

#include "gmon/gmon.h"
#include "mcount/linux/runtime.h"

#define MC_NO_MOD	(-1)

/* Every thread's table merged, each arc's ends found in the objects.
   A basic-block count is an arc whose self is MC_BB_SELF.  */
struct mc_snap {
	struct mc_arc *slots;		/* mask + 1; from == 0: free */
	int32_t *mod;			/* per slot: object of from, of self,
					   or MC_NO_MOD */
	uint64_t mask;
	uint64_t used;			/* slots taken */
	uint64_t missed;		/* calls of arcs that found no room
					   (threads claimed many meanwhile) */
	size_t mapsize;			/* bytes of slots and mod */
	uint32_t rate;			/* Hz of every histogram the dump
					   writes (mc_sampler_stats: it
					   reads every bin, so once) */
};

/* What one object has, in this dump.  */
struct mc_objinfo {
	uint64_t samples;		/* in its histogram */
	uint64_t calls;			/* arcs into it, from anywhere */
	uint64_t blocks;		/* block executions in it */
	uint64_t own;			/* its own arcs and blocks */
	bool has_file;			/* gets a classic file */
};

/* Per object, under the dump lock: mc_modules_max () of them.  */
extern struct mc_objinfo *mc_objs MC_HIDDEN;

/* snapshot.c: S, every thread's table merged (S->slots NULL if there
   was no memory for it: the writers then read the tables one by one),
   after the samples of objects found late were placed; mc_objs filled
   for the objects, whose number it returns.  */
unsigned int mc_snap_take (struct mc_snap *s) MC_HIDDEN;
void mc_snap_free (struct mc_snap *s) MC_HIDDEN;

typedef int mc_body_fn (struct gmon_writer *w, void *ctx);

/* Longest file name in a directory, NUL included.  */
#define MC_NAME_BUF	256

/* The lock file of an object directory (objdir.c).  */
#define MC_LOCK_NAME	".lock"

/* outfile.c: the profile's name (the program's file) into PATH, and
   unless DIR is NULL its object directory's into DIR (MC_PATH_MAX
   bytes each).  Returns 0 or ENAMETOOLONG.  */
int mc_output_names (char *path, char *dir) MC_HIDDEN;
/* Writes NAME in the directory DIRFD through a temporary file there,
   renamed over it; BODY writes the bytes.  Never through a link.
   Returns 0 or an errno; TMP_FAILED (MC_NAME_BUF bytes, or NULL) gets
   the temporary's name if it was that which could not be made.  */
int mc_write_at (int dirfd, const char *name, mc_body_fn *body, void *ctx,
		 char *tmp_failed) MC_HIDDEN;
/* BODY's bytes to FD, through the dump's buffer; returns 0 or an
   errno.  */
int mc_write_fd (int fd, mc_body_fn *body, void *ctx) MC_HIDDEN;
/* FD (returned), kept in the list of the dump's descriptors that a
   child forked meanwhile closes (mc_fd_forget); mc_fd_close closes
   one and takes it off (-1: nothing), returning what close(2) did.  */
int mc_fd_keep (int fd) MC_HIDDEN;
int mc_fd_close (int fd) MC_HIDDEN;
void mc_fd_forget (void) MC_HIDDEN;
/* The last component of PATH.  */
const char *mc_base_name (const char *path) MC_HIDDEN;
/* The directory of PATH, opened; -1 with errno set on failure.  */
int mc_open_parent (const char *path) MC_HIDDEN;
/* 0 if a set-uid or set-gid program may write in the directory DIRFD
   (the user who ran it owns it), or MC_ERR_SECURE; any program may
   write anywhere else.  */
int mc_secure_dir (int dirfd) MC_HIDDEN;

/* classic.c: the header of a classic file, with this run's stamp.  */
int mc_write_header (struct gmon_writer *w) MC_HIDDEN;
/* The classic file of object K from snapshot S, as an mc_body_fn.  */
struct mc_classic {
	const struct mc_snap *s;	/* the snapshot */
	int k;				/* the object: an mc_modules index */
};
int mc_classic_body (struct gmon_writer *w, void *ctx) MC_HIDDEN;

/* objdir.c: the object directory NAME in PARENT, made if missing,
   opened into *FD (kept, mc_fd_keep); *MADE says whether this call
   made it, *ERR the errno of a failure.  */
enum mc_objdir_status mc_objdir_open (int parent, const char *name, int *fd,
				      bool *made, int *err) MC_HIDDEN;
/* Takes the lock of the object directory DIRFD (another process of
   this user writing a profile of the same name holds it meanwhile).
   Returns the lock's descriptor (close it to let go), or -1.  */
int mc_objdir_lock (int dirfd) MC_HIDDEN;
/* Everything but the program's file, into the directory
   DIRFD: the classic file of each other object with data (and the
   vDSO's image), the companion, and no files of objects that the
   companion before said an earlier dump wrote and this one did not.
   N objects; PROFILE is the name of the program's file (in the
   directory above).  Returns 0 or an errno.  */
int mc_objdir_write (int dirfd, const struct mc_snap *s, unsigned int n,
		     const char *profile, enum gmonx_end end, int sig)
	MC_HIDDEN;

/* objdir.c: the calling contexts of record R (NULL: of every
   record), in CONTEXTS records, numbered from *BASE (which grows by
   as many).  Returns 0 or -1.  */
int mc_ctx_write (struct gmon_writer *w, struct mc_thread *r,
		  uint32_t *base) MC_HIDDEN;

/* threads.c: the THREADS record, then each thread kept apart (a
   THREAD record and its samples, arcs and, with GMON_CONTEXT, calling
   contexts), then the other threads' as one.  Returns 0 or -1.  */
int mc_threads_write (struct gmon_writer *w) MC_HIDDEN;

#endif /* MCOUNT_LINUX_DUMP_H */
