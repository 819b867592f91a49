/* process.h - the life of the profiled process: memory and descriptors
   (pages.c, fds.c), dumps (dump.c), the copies of the fast path
   (near.c), patched sleds (sleds.c), start and end (start.c), exits
   and signals (exits.c).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   Part of runtime.h (the internals of libgmon), which includes it
   with what it needs first; the files include runtime.h.  */

#ifndef MCOUNT_LINUX_PROCESS_H
#define MCOUNT_LINUX_PROCESS_H

#ifndef MCOUNT_LINUX_RUNTIME_H
# error "include mcount/linux/runtime.h, which includes this file"
#endif

/* ------------------------------------------------------------------ */
/* pages.c */

/* N zeroed pages that are never freed, from a mapping shared with
   others (a few mappings for any number of threads); NULL with *ERR
   set if none can be made.  Async-signal-safe.  */
void *mc_pages (size_t n, int *err) MC_HIDDEN;

/* ------------------------------------------------------------------ */
/* fds.c */

#include <sys/types.h>

/* Placeholders in the free numbers among 0, 1 and 2, so that a
   descriptor opened meanwhile gets 3 or more: a program's thread
   writing to its closed standard error must never write into a file
   of libgmon's.  */
struct mc_lowfds {
	int fd[3];			/* the placeholders */
	int n;				/* how many */
};
void mc_lowfds_fill (struct mc_lowfds *g) MC_HIDDEN;
/* Closes G's placeholders (those still ours).  */
void mc_lowfds_free (struct mc_lowfds *g) MC_HIDDEN;
/* openat (DIRFD, PATH, FLAGS | O_CLOEXEC, MODE), never on 0, 1 or 2;
   -1 with errno set on failure.  Async-signal-safe.  */
int mc_open (int dirfd, const char *path, int flags, mode_t mode)
	MC_HIDDEN;

/* ------------------------------------------------------------------ */
/* dump.c */

#include "gmon/gmonx_out.h"

/* Writes the program's classic profile to FD; returns 0 or an errno.  */
int mc_dump_fd (int fd) MC_HIDDEN;
/* How the object directory fared in a dump.  */
enum mc_objdir_status {
	MC_OBJDIR_NONE,			/* not written: not asked for */
	MC_OBJDIR_OK,			/* written */
	MC_OBJDIR_FAILED,		/* a file failed: objdir_err says why */
	MC_OBJDIR_SKIPPED,		/* not written: the program's file
					   failed, and an older one stays */
	MC_OBJDIR_LINK,			/* a symbolic link: not followed */
	MC_OBJDIR_NOT_DIR,		/* something other than a directory */
	MC_OBJDIR_OWNER,		/* another user's directory */
	MC_OBJDIR_WRITABLE		/* others may write in it (no sticky
					   bit) */
};

/* mc_dump's err for a set-uid program in a directory that is not the
   user's (not an errno).  */
#define MC_ERR_SECURE	(-1)

/* What a dump wrote.  */
struct mc_dump_result {
	char path[MC_PATH_MAX];		/* the program's file */
	char dir[MC_PATH_MAX];		/* its object directory */
	int err;			/* the program's file: 0, an errno or
					   MC_ERR_SECURE */
	enum mc_objdir_status objdir;	/* the object directory */
	int objdir_err;			/* its errno, if FAILED */
	char tmp[256];			/* the temporary of the program's file,
					   if that could not be made; or "" */
};

/* Writes the whole profile (the program's file, and unless
   GMON_OBJECTS=0 its object directory) for a dump of kind END (SIG:
   the signal that caused it, or 0), into R.  Returns R->err: 0, an
   errno or MC_ERR_SECURE about the program's file; EBUSY, another
   thread is dumping; EDEADLK, this one is (a signal came in the
   middle).  Async-signal-safe.  */
int mc_dump (enum gmonx_end end, int sig, struct mc_dump_result *r)
	MC_HIDDEN;
/* The name the profile is written to.  Returns 0 or ENAMETOOLONG.  */
int mc_output_path (char *path) MC_HIDDEN;
/* In a fork child: a dump the parent had under way is not ours (nor
   its descriptors).  */
void mc_dump_forget (void) MC_HIDDEN;
/* Before a fork: waits for a dump under way and holds off the next
   until mc_dump_release (after the fork, in the parent).  */
void mc_dump_hold (void) MC_HIDDEN;
void mc_dump_release (void) MC_HIDDEN;

/* ------------------------------------------------------------------ */
/* near.c */

/* Once, at start-up: a copy of the fast path next to the program.  */
void mc_near_install (void) MC_HIDDEN;
/* SIZE bytes of fresh memory, readable and writable, within a few
   hundred MiB of [LO, HI) and less than REACH from either end; NULL if
   none was found.  */
void *mc_near_map (uintptr_t lo, uintptr_t hi, size_t size,
		   uintptr_t reach) MC_HIDDEN;
/* A copy of the fast paths (mc_near_start .. mc_near_end, made ready
   to run, read-only and executable) whose page is within REACH of all
   of [LO, HI): one made already, or a new one; NULL if none can be
   had (*ERR: the errno of the mprotect refused, or 0).  Normal
   context.  */
char *mc_near_copy (uintptr_t lo, uintptr_t hi, uintptr_t reach, int *err)
	MC_HIDDEN;
/* Sets every copy's mirror of mc_arcs_on to ON (mc_arcs_switch).  */
void mc_near_switch (bool on) MC_HIDDEN;

/* ------------------------------------------------------------------ */
/* sleds.c */

struct dl_phdr_info;
struct mc_module;
/* M, just added to the object table from INFO (in dl_iterate_phdr's
   callback, which keeps it mapped): its patchable function entries
   patched into calls of libgmon, or why not kept for the line at
   exit.  Normal context.  */
void mc_sleds_object (const struct mc_module *m,
		      const struct dl_phdr_info *info) MC_HIDDEN;
/* After a dlopen (dlopen.c): a look at the objects, whose new ones
   get their sleds patched as they were loaded.  */
void mc_sleds_loaded (void) MC_HIDDEN;
/* A place where sleds may be patched (before a dlopen, gmon_dump):
   the objects loaded since the last look, and those found where they
   could not be patched, get their sleds patched.  Normal context, no
   frame of the thread in a sled.  */
void mc_sleds_look (void) MC_HIDDEN;
/* After the first scan of the objects, in the constructor: the one
   line said when nothing could be patched.  */
void mc_sleds_started (void) MC_HIDDEN;
/* Whether this process may have sleds patched, from the end of the
   constructor on (dlopen.c routes on it), whether or not any were
   patched then.  */
extern bool mc_sleds_on MC_HIDDEN;
struct mc_line;
/* The part of the line at exit about entries that were not patched;
   *FIRST as mc_line_part's (msgline.h).  */
void mc_sleds_report (struct mc_line *l, bool *first) MC_HIDDEN;
/* For a PC in the copy, the same place in libgmon's own entry points
   (where its samples are charged); 0 for any other PC.
   Async-signal-safe.  */
uintptr_t mc_near_origin (uintptr_t pc) MC_HIDDEN;
/* For a PC in the copy, the same byte of the image it was copied from
   (mc_near_start .. mc_near_end, in libgmon's read-only data), whose
   unwind tables describe the copy's frames exactly, as the original
   entry points' do not (a few instructions differ in length); 0 for
   any other PC.  Async-signal-safe.  */
uintptr_t mc_near_image (uintptr_t pc) MC_HIDDEN;

/* ------------------------------------------------------------------ */
/* start.c */

/* Profiling has started (histogram and clocks set up).  */
bool mc_started (void) MC_HIDDEN;
/* Starts profiling if nothing did yet (mcount ran first).  */
void mc_lazy_start (void) MC_HIDDEN;
/* Whether this process is a fork child (its own file name).  */
bool mc_forked (void) MC_HIDDEN;
/* Note that arcs were recorded: the profile will be written.  */
extern volatile int mc_saw_arcs MC_HIDDEN;
/* CLOCK_MONOTONIC when profiling started, ns.  */
extern uint64_t mc_start_ns MC_HIDDEN;
/* CLOCK_REALTIME then, ns.  */
extern uint64_t mc_start_real_ns MC_HIDDEN;
#include "gmon/gmon_out.h"

/* The run stamp of every file this run writes (gmon/gmon_out.h): its
   pid, its start in seconds, a random id (its upper 16 bits).  A fork
   child draws its own.  And the number of the current dump, from 1
   (dump.c counts them, under the dump lock).  */
extern uint32_t mc_run_pid MC_HIDDEN, mc_run_start MC_HIDDEN,
	mc_run_id MC_HIDDEN, mc_run_dump MC_HIDDEN;

/* The id of the run stamp of the current dump's files: the run's
   random upper half, the dump's number (modulo 65536) in the lower
   half, so that gprof pairs no files of two dumps of one run.  */
static inline uint32_t
mc_stamp_id (void)
{
	return (mc_run_id & ~(uint32_t) GMON_RUN_DUMP_MASK)
		| (mc_run_dump & GMON_RUN_DUMP_MASK);
}
/* Whether this process owns the profile in its memory: not a child
   of vfork, which runs in its parent's memory until it execs or
   exits, and must write nothing.  */
bool mc_owner (void) MC_HIDDEN;
/* In a child that no handler of libgmon's made its own (the clone
   system call): says once, at its END ("exec" ...), why it writes no
   profile; nothing in a vfork child or in the owner.  */
void mc_not_owner_end (const char *end) MC_HIDDEN;
/* What fork's child handler does: the calling process, a child made
   by fork or clone (3), gets a profile of its own.  */
void mc_fork_child (void) MC_HIDDEN;
/* Ends profiling and writes the profile, once, for a process that
   ends by END (SIG: the signal it dies of).  A second call from
   another thread waits a while for the first to finish writing, so
   that the process does not end in the middle (and says so if it did
   not finish); from the same thread (a fatal signal or _exit in the
   middle) it writes the profile again, whole, unless the first had
   written it already.  Async-signal-safe, except for
   GMONX_END_EXIT, which also asks the dynamic linker for objects it
   loaded since.  */
void mc_finish (enum gmonx_end end, int sig) MC_HIDDEN;
/* A dump while the program goes on (END: dump, dump signal, interval,
   exec), problems kept for the report at exit.  GMONX_END_DUMP,
   GMONX_END_INTERVAL (its own thread) and GMONX_END_EXEC ask the
   dynamic linker for new objects first, and are not
   async-signal-safe.  Returns 0 or an errno.  */
int mc_dump_now (enum gmonx_end end, int sig) MC_HIDDEN;
/* Where a sample of a thread inside libgmon's own work (mc_tls.own:
   the exit, a dump, the start of an exec) goes, whatever the PC it
   interrupted: that work's calls of libc (getpid, timer_delete, the
   writes) are libgmon's time, not the functions' of libc, and a
   sample there has no calling context to say whose they are.  */
#define MC_OWN_PC	((uintptr_t) &mc_finish)

/* ------------------------------------------------------------------ */
/* exits.c */

/* At start: the handlers of fatal signals and of GMON_DUMP_SIGNAL,
   and the thread of GMON_DUMP_INTERVAL.  */
void mc_exits_start (void) MC_HIDDEN;
/* In a fork child: the interval's thread again (threads are not
   inherited).  */
void mc_exits_fork (void) MC_HIDDEN;
/* The stack for fatal signals each record has below it (arcs.c).  */
#define MC_ALTSTACK	(128 * 1024)
/* Gives the calling thread a stack for fatal signals, if it has none:
   a stack overflow must still write the profile.  */
void mc_altstack (struct mc_thread *t) MC_HIDDEN;
/* T's thread is leaving for good: its stack for fatal signals unset
   and its pages given back (not if a handler runs on it).  */
void mc_altstack_drop (struct mc_thread *t) MC_HIDDEN;

#endif /* MCOUNT_LINUX_PROCESS_H */
