/* start.c - start-up and clean-up: __monstartup, _mcleanup, fork.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   Who starts profiling, whichever comes first:

     __monstartup (lowpc, highpc)   called by gcrt1.o's __gmon_start__
                                    from the first _init, when the
                                    program was linked with -pg;
     monstartup, moncontrol (1)     the program itself;
     the first call of mcount       a program compiled with -pg but
                                    linked without it (no gcrt1.o, so
                                    nothing calls __monstartup: glibc
                                    then writes nothing, silently).

   The constructor only reads the configuration, takes the list of
   loaded objects and registers the fork and thread-exit handlers: a
   process that never runs -pg code (libgmon preloaded into a shell,
   say) starts no clock and writes no file.

   Who ends it, writing the profile once (exits.c has the rest):
   _mcleanup, which gcrt1.o registers with atexit; the library's
   destructor when nothing registered _mcleanup; _exit and _Exit; a
   fatal signal.  exec and the dump triggers write it and go on.

   A child process has a profile of its own when fork's handlers
   (pthread_atfork) ran in it, or clone(3)'s wrapper (exits.c) did
   their work.  One made by the clone system call itself (or clone3)
   runs no code of libgmon's as it starts, and its counts are a copy
   of its parent's: it can write no profile of its own, and says so at
   its end.  It is told from a vfork child, which runs in its parent's
   memory and must write nothing, by a page that the kernel empties in
   a child that does not share its parent's memory (MADV_WIPEONFORK):
   libgmon marks it at start and again in each child it knows of.

   The histogram of the program covers its executable segments (within
   the range __monstartup was given, if any); every other object gets
   one of its code (modules.c).  */

#define _GNU_SOURCE 1
#include <config.h>

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "include/gmonkit.h"
#include "mcount/linux/runtime.h"

volatile int mc_saw_arcs;
uint64_t mc_start_ns, mc_start_real_ns;
uint32_t mc_run_pid, mc_run_start, mc_run_id, mc_run_dump;

enum mc_state {
	MC_OFF,				/* not started */
	MC_STARTING,			/* mc_start is running */
	MC_RUNNING,			/* histogram and clocks set up */
	MC_FINISHED			/* profile written at exit */
};

static int mc_state;			/* enum mc_state, atomic */
static int mc_init_state;		/* 0, 1 running, 2 done */
static bool mc_explicit;		/* asked for: write even without arcs */
static bool mc_child;			/* a fork child */
static int mc_finishing;		/* tid of the thread finishing, or 0 */
static int mc_final_done;		/* the final dump returned */
static int mc_finished;			/* the final profile is written */
static pid_t mc_pid;			/* the process the profile is of */
static volatile int *mc_copy_mark;	/* 1 in a process that libgmon
					   knows of; the kernel empties it
					   in a child that got a copy of
					   the memory (MADV_WIPEONFORK) */

static void atfork_child (void);

static int
mc_gettid (void)
{
	return (int) syscall (SYS_gettid);
}

/* The page that tells a child without fork's handlers (see the top
   of this file); none where the kernel has no MADV_WIPEONFORK
   (before Linux 4.14): such a child then writes nothing, silently.  */
static void
mark_copies (void)
{
	void *p = mmap (NULL, 4096, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		return;
	if (madvise (p, 4096, MADV_WIPEONFORK) != 0) {
		munmap (p, 4096);
		return;
	}
	*(volatile int *) p = 1;
	mc_copy_mark = p;
}

/* PATCH: called by the constructor, where sleds may be patched (not
   by a first call of -pg code, which may be a signal handler's).  */
static void
init_once (bool patch)
{
	int expect = 0;

	if (!__atomic_compare_exchange_n (&mc_init_state, &expect, 1, false,
					  __ATOMIC_ACQUIRE,
					  __ATOMIC_RELAXED))
		return;
	mc_pid = getpid ();
	mark_copies ();
	mc_config_init ();
	mc_arcs_init ();
	pthread_atfork (mc_dump_hold, mc_dump_release, atfork_child);
	mc_modules_init (patch);
	mc_sleds_started ();
	mc_near_install ();
	__atomic_store_n (&mc_init_state, 2, __ATOMIC_RELEASE);
}

bool
mc_owner (void)
{
	return getpid () == mc_pid;
}

/* A process that is not the owner of the profile in its memory, at
   one of its ends (END: exit, _exit, a signal, exec): if it has a copy
   of its parent's memory that no handler of libgmon's made its own (a
   raw clone), it says once why it writes no profile.  A vfork child
   (the same memory) says nothing.  */
static void
say_not_ours (const char *end)
{
	static int said;
	struct mc_line l = { .len = 0 };

	if (!mc_copy_mark || *mc_copy_mark
	    || __atomic_exchange_n (&said, 1, __ATOMIC_ACQ_REL))
		return;
	mc_line_str (&l, "libgmon: no profile written for process ");
	mc_line_u64 (&l, (uint64_t) getpid ());
	mc_line_str (&l, " (at its ");
	mc_line_str (&l, end);
	mc_line_str (&l, "): it was made by the clone system call, which "
		     "runs no fork handler, so its counts are mixed with "
		     "its parent's (make it with fork () or clone (3))");
	mc_line_write (&l);
}

void
mc_not_owner_end (const char *end)
{
	if (!mc_owner ())
		say_not_ours (end);
}

static void
debug_start (void)
{
	const struct mc_hist *h = mc_hist_get ();
	struct mc_sample_stats st;
	struct mc_line l = { .len = 0 };
	static const char *const clocks[] = {
		"none", "perf task clock", "thread CPU timer", "ITIMER_PROF"
	};
	char path[MC_PATH_MAX];

	if (!mc_config.debug)
		return;
	mc_sampler_stats (&st);
	mc_line_str (&l, "libgmon: start: text ");
	mc_line_hex (&l, mc_main.text_lo);
	mc_line_str (&l, "-");
	mc_line_hex (&l, mc_main.text_hi);
	mc_line_str (&l, ", load address ");
	mc_line_hex (&l, mc_main.base);
	mc_line_str (&l, "; histogram ");
	mc_line_hex (&l, h->lo);
	mc_line_str (&l, "-");
	mc_line_hex (&l, h->hi);
	mc_line_str (&l, ", ");
	mc_line_u64 (&l, h->nbins);
	mc_line_str (&l, " bins of ");
	mc_line_u64 (&l, (uint64_t) 1 << h->shift);
	mc_line_str (&l, " bytes; ");
	mc_line_u64 (&l, mc_modules_count ());
	mc_line_str (&l, " objects; clock: ");
	mc_line_str (&l, clocks[st.clock]);
	mc_line_str (&l, mc_config.wall ? " + off-CPU time, " : ", ");
	mc_line_u64 (&l, st.file_rate);
	mc_line_str (&l, " Hz; output ");
	if (mc_output_path (path) == 0)
		mc_line_str (&l, path);
	mc_line_write (&l);
}

static uint64_t
now_ns (void)
{
	struct timespec ts;

	clock_gettime (CLOCK_MONOTONIC, &ts);
	return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}

/* A well-mixed 64-bit value of X (splitmix64's finaliser).  */
static uint64_t
mix64 (uint64_t x)
{
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9u;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebu;
	return x ^ (x >> 31);
}

/* A new run: its start times and its stamp.  The id comes from
   getrandom(2), else from what differs between any two runs: the
   kernel's random bytes of this exec (AT_RANDOM: the same in a fork
   child, hence the pid), the time and the pid.  */
static void
new_run (void)
{
	struct timespec ts;
	uint32_t id = 0;
	const uint64_t *at = (const uint64_t *) getauxval (AT_RANDOM);
	uint64_t x;

	mc_start_ns = now_ns ();
	clock_gettime (CLOCK_REALTIME, &ts);
	mc_start_real_ns = (uint64_t) ts.tv_sec * 1000000000u
		+ (uint64_t) ts.tv_nsec;
	mc_run_pid = (uint32_t) getpid ();
	mc_run_start = (uint32_t) ts.tv_sec;
	if (syscall (SYS_getrandom, &id, sizeof id, GRND_NONBLOCK)
	    != (long) sizeof id) {
		x = mix64 (mc_start_real_ns ^ mix64 (mc_start_ns + mc_run_pid));
		if (at)
			x ^= mix64 (at[0]) ^ at[1];
		id = (uint32_t) (x ^ (x >> 32));
	}
	mc_run_id = id;
	mc_run_dump = 0;
}

/* Sets up the histograms, the program's for [LO, HI) (clipped to its
   code; the code itself if LO >= HI), and starts the clocks.  */
static void
mc_start (uintptr_t lo, uintptr_t hi)
{
	int expect = MC_OFF;
	uintptr_t a = mc_main.text_lo, b = mc_main.text_hi;

	if (!__atomic_compare_exchange_n (&mc_state, &expect, MC_STARTING,
					  false, __ATOMIC_ACQUIRE,
					  __ATOMIC_RELAXED))
		return;
	init_once (false);
	if (lo < hi) {
		if (!mc_main.text_lo) {
			mc_main.text_lo = lo;
			mc_main.text_hi = hi;
		}
		a = mc_main.text_lo;
		b = mc_main.text_hi;
		if (lo < b && hi > a) {
			a = lo > a ? lo : a;
			b = hi < b ? hi : b;
		} else {
			a = lo;
			b = hi;
		}
	}
	new_run ();
	mc_hists_start (a, b);
	if (!mc_tls.self && !mc_tls.busy)
		mc_thread_attach ();
	__atomic_store_n (&mc_state, MC_RUNNING, __ATOMIC_RELEASE);
	if (mc_arcs_on)
		mc_sampler_start ();
	mc_exits_start ();
	debug_start ();
	mc_ctx_check_tables ();
}

bool
mc_started (void)
{
	return __atomic_load_n (&mc_state, __ATOMIC_ACQUIRE) != MC_OFF;
}

bool
mc_forked (void)
{
	return mc_child;
}

void
mc_lazy_start (void)
{
	/* Not while the constructor is reading the configuration (a
	   signal handler running -pg code, say): it starts us when it is
	   done.  */
	if (__atomic_load_n (&mc_init_state, __ATOMIC_ACQUIRE) == 1)
		return;
	mc_start (0, 0);
}

MC_EXPORT void
__monstartup (unsigned long lowpc, unsigned long highpc)
{
	mc_explicit = true;
	mc_start (lowpc, highpc);
}

MC_EXPORT void
monstartup (unsigned long lowpc, unsigned long highpc)
{
	__monstartup (lowpc, highpc);
}

/* Why the object directory of R was not (all) written, and the fix.  */
static void
objdir_problem (struct mc_line *l, const struct mc_dump_result *r)
{
	static const char *const why[] = {
		[MC_OBJDIR_LINK] = " is a symbolic link, which libgmon does "
			"not follow: remove it",
		[MC_OBJDIR_NOT_DIR] = " is not a directory: remove it",
		[MC_OBJDIR_OWNER] = " belongs to another user: remove it, or "
			"set GMON_OUT_PREFIX to a directory of yours",
		[MC_OBJDIR_WRITABLE] = " may be written by other users: "
			"chmod o-w it, or set GMON_OUT_PREFIX to a directory "
			"of yours",
	};

	mc_line_str (l, "the files of the shared libraries were not "
		     "written: ");
	mc_line_str (l, r->dir);
	if (r->objdir == MC_OBJDIR_FAILED) {
		mc_line_str (l, ": ");
		mc_line_errno (l, r->objdir_err);
		mc_line_str (l, " (set GMON_OBJECTS=0 to write the program's "
			     "only)");
	} else {
		mc_line_str (l, why[r->objdir]);
	}
}

static void
report_dump (const struct mc_dump_result *r)
{
	struct mc_line l = { .len = 0 };

	if (r->err == MC_ERR_SECURE) {
		mc_line_str (&l, "no profile written: ");
		mc_line_str (&l, r->path);
		mc_line_str (&l, ": a set-uid or set-gid program writes its "
			     "profile only in a directory that the user who "
			     "ran it owns (start it in one)");
	} else if (r->err) {
		mc_line_str (&l, "no profile written: ");
		mc_line_str (&l, r->path[0] ? r->path : "gmon.out");
		if (r->tmp[0]) {
			mc_line_str (&l, ": its temporary file ");
			mc_line_str (&l, r->tmp);
		}
		mc_line_str (&l, ": ");
		mc_line_errno (&l, r->err);
		mc_line_str (&l, r->err == EBUSY || r->err == EDEADLK
			     ? " (a dump was under way)"
			     : mc_config.secure
			     ? " (start the set-uid program in a writable "
			     "directory of yours)"
			     : " (set GMON_OUT_PREFIX to a writable "
			     "directory and name)");
		if (r->objdir == MC_OBJDIR_SKIPPED)
			mc_line_str (&l, ", nor its shared libraries' files "
				     "(any older ones are left as they were)");
	} else if (r->objdir != MC_OBJDIR_NONE
		   && r->objdir != MC_OBJDIR_OK) {
		objdir_problem (&l, r);
	} else {
		return;
	}
	l.buf[l.len] = '\0';
	mc_problem (MC_PROB_OUTPUT, l.buf);
}

static void
debug_dump (const char *path)
{
	struct mc_line l = { .len = 0 };
	struct mc_sample_stats st;

	if (!mc_config.debug)
		return;
	mc_sampler_stats (&st);
	mc_line_str (&l, "libgmon: dump: ");
	mc_line_str (&l, path);
	mc_line_str (&l, ": ");
	mc_line_u64 (&l, st.samples);
	mc_line_str (&l, " samples (");
	mc_line_u64 (&l, st.unknown);
	mc_line_str (&l, " in no known object, ");
	mc_line_u64 (&l, st.outside);
	mc_line_str (&l, " outside the histograms, ");
	mc_line_u64 (&l, st.signals);
	mc_line_str (&l, " signals, ");
	mc_line_u64 (&l, st.clock_ns / 1000000u);
	mc_line_str (&l, " ms on perf clocks), rate ");
	mc_line_u64 (&l, st.file_rate);
	mc_line_str (&l, " Hz, ");
	mc_line_u64 (&l, mc_modules_count ());
	mc_line_str (&l, " objects");
	if (mc_config.context) {
		struct mc_ctx_stats cs;

		mc_ctx_stats (&cs);
		mc_line_str (&l, "; contexts: ");
		mc_line_u64 (&l, cs.nodes);
		mc_line_str (&l, " nodes, ");
		mc_line_u64 (&l, cs.unwalked);
		mc_line_str (&l, " samples on stacks not walked, ");
		mc_line_u64 (&l, cs.lost + cs.norecord);
		mc_line_str (&l, " without a context");
	}
	mc_line_write (&l);
}

/* Writes the profile, waiting a while for a dump of another thread.  */
static int
dump_retrying (enum gmonx_end end, int sig, struct mc_dump_result *r)
{
	int err, tries;

	for (tries = 0; (err = mc_dump (end, sig, r)) == EBUSY
	     && tries < 2000; tries++) {
		struct timespec ts = { 0, 1000000 };

		nanosleep (&ts, NULL);
	}
	return err;
}

static int
dump_now (enum gmonx_end end, int sig)
{
	struct mc_dump_result r;
	int err;

	if (!mc_owner () || !mc_started ()
	    || __atomic_load_n (&mc_finishing, __ATOMIC_ACQUIRE))
		return EINVAL;
	if (end == GMONX_END_DUMP)	/* gmon_dump: never a handler's */
		mc_sleds_look ();
	else if (end == GMONX_END_EXEC || end == GMONX_END_INTERVAL)
		mc_modules_refresh ();
	/* gmon_dump and exec wait for a dump of another thread (or a
	   fork: mc_dump_hold); the dump signal and interval, in signal
	   handlers, let it be.  */
	err = end == GMONX_END_EXEC || end == GMONX_END_DUMP
		? dump_retrying (end, sig, &r) : mc_dump (end, sig, &r);
	if (err != EBUSY && err != EDEADLK)
		report_dump (&r);
	if (!err)
		debug_dump (r.path);
	return err;
}

int
mc_dump_now (enum gmonx_end end, int sig)
{
	int err;

	mc_tls.own++;
	err = dump_now (end, sig);
	mc_tls.own--;
	return err;
}

/* The final dump, of a process that ends by END (SIG), and what it
   has to say.  */
static void
final_dump (enum gmonx_end end, int sig)
{
	struct mc_dump_result r;
	int err;

	err = dump_retrying (end, sig, &r);
	__atomic_store_n (&mc_final_done, 1, __ATOMIC_RELEASE);
	report_dump (&r);
	if (!err)
		debug_dump (r.path);
	mc_report ();
}

/* A fatal signal SIG while another thread writes the final profile:
   waits for it (5 s at most) before the signal ends the process, and
   says so if it did not finish.  */
static void
wait_final (int sig)
{
	struct mc_line l = { .len = 0 };
	int i;

	for (i = 0; i < 5000
	     && !__atomic_load_n (&mc_finished, __ATOMIC_ACQUIRE); i++) {
		struct timespec ts = { 0, 1000000 };

		nanosleep (&ts, NULL);
	}
	if (__atomic_load_n (&mc_final_done, __ATOMIC_ACQUIRE) || !sig)
		return;
	mc_line_str (&l, "libgmon: signal ");
	mc_line_u64 (&l, (uint64_t) sig);
	mc_line_str (&l, " ended the process while another thread was "
		     "writing its profile, which was not finished in 5 s: "
		     "the files may be those of an earlier dump, or none");
	mc_line_write (&l);
}

/* With no profile to write, what the line at exit would say of the
   sleds: a library loaded since start whose sleds could not be
   patched (while threads ran, say) is said, not lost.  */
static void
say_sleds (void)
{
	struct mc_line l = { .len = 0 };
	bool first = true;

	mc_sleds_report (&l, &first);
	if (!first)
		mc_line_write (&l);
}

static void
finish (enum gmonx_end end, int sig)
{
	int me, expect = 0;

	if (!mc_owner ()) {
		/* A vfork child: not our memory; or a raw clone's.  */
		say_not_ours (end == GMONX_END_SIGNAL ? "fatal signal"
			      : end == GMONX_END__EXIT ? "_exit" : "exit");
		return;
	}
	me = mc_gettid ();
	if (!__atomic_compare_exchange_n (&mc_finishing, &expect, me, false,
					  __ATOMIC_ACQ_REL,
					  __ATOMIC_ACQUIRE)) {
		/* A fatal signal in the thread that writes the final
		   profile (a handler of the program's that aborts, or
		   calls _exit): the dump it interrupted never resumes,
		   the process dies when this returns.  So this writes the profile again,
		   whole, taking over the dump's lock (mc_dump's last
		   dump) and its directory's.  Once the final dump is
		   done, there is nothing more to write.  */
		if (expect == me) {
			if ((end == GMONX_END_SIGNAL
			     || end == GMONX_END__EXIT)
			    && !__atomic_load_n (&mc_final_done,
						 __ATOMIC_ACQUIRE)
			    && (mc_explicit || mc_saw_arcs))
				final_dump (end, sig);
			return;
		}
		/* Another thread writes it: let it finish before this one
		   ends the process.  */
		wait_final (end == GMONX_END_SIGNAL ? sig : 0);
		return;
	}
	mc_arcs_switch (false);
	mc_sampler_stop ();
	__atomic_store_n (&mc_state, MC_FINISHED, __ATOMIC_RELEASE);
	if (mc_explicit || mc_saw_arcs) {
		if (end == GMONX_END_EXIT)
			mc_modules_refresh ();
		final_dump (end, sig);
	} else
		say_sleds ();
	__atomic_store_n (&mc_finished, 1, __ATOMIC_RELEASE);
}

void
mc_finish (enum gmonx_end end, int sig)
{
	/* (a vfork child's too: it shares this thread's memory, the
	   count is back as it was when it returns) */
	mc_tls.own++;
	finish (end, sig);
	mc_tls.own--;
}

MC_EXPORT void
_mcleanup (void)
{
	mc_finish (GMONX_END_EXIT, 0);
}

static void
atfork_child (void)
{
	int state = __atomic_load_n (&mc_state, __ATOMIC_ACQUIRE);

	mc_pid = getpid ();
	if (mc_copy_mark)
		*mc_copy_mark = 1;	/* emptied: this one is known */
	mc_dump_forget ();
	if (state == MC_FINISHED)
		return;
	/* The child has one thread and none of the parent's clocks; its
	   profile is its own, in its own file, and it is the first
	   program of its process.  */
	mc_child = true;
	mc_config.image = 0;
	mc_sampler_forget ();
	mc_arcs_forget ();
	mc_ctx_forget ();
	mc_threads_forget ();
	if (state == MC_RUNNING) {
		new_run ();
		mc_thread_attach ();
		mc_exits_fork ();
	}
}

void
mc_fork_child (void)
{
	atfork_child ();
}

__attribute__ ((constructor)) static void
mc_constructor (void)
{
	init_once (true);
	mc_sleds_loaded ();	/* if a first call of -pg code came first */
	/* mcount ran before us and could not start: start now.  */
	if (mc_saw_arcs && !mc_started ())
		mc_start (0, 0);
}

__attribute__ ((destructor)) static void
mc_destructor (void)
{
	/* Nothing called _mcleanup (no gcrt1.o): write the profile now,
	   after the program's own destructors.  */
	if (mc_started () || mc_saw_arcs)
		mc_finish (GMONX_END_EXIT, 0);
	else if (mc_owner ())
		say_sleds ();
}
