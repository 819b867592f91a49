/* exits.c - never lose a profile: every way a program ends, and dumps
   on demand.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   glibc writes gmon.out from an atexit handler only: a program that
   ends by _exit, by a signal or by exec leaves nothing.  Here:

     exit, return from main   _mcleanup (gcrt1.o's atexit) or the
                              destructor, as before (start.c);
     _exit, _Exit             interposed: the profile, then exit_group;
     a fatal signal           a handler for each of the signals below
                              whose action is the default when
                              profiling starts: the profile, then the
                              default action again and the signal
                              raised again, so the process dies of it
                              as it would have (same status, same core
                              dump); a handler the program installs
                              replaces ours, and the signal is the
                              program's;
     exec*                    interposed: the profile of the program
                              about to be replaced, with the clocks
                              stopped (ITIMER_PROF survives exec, and
                              would kill the new program); profiling
                              goes on if exec fails;
     clone (3)                interposed: a child that does not share
                              its parent's memory (no CLONE_VM) is
                              made what fork's handlers make a fork
                              child, a profile of its own, which is
                              written when its function returns
                              (glibc's clone then ends it with the exit
                              system call, which runs no handler); a
                              child that shares the memory (a thread
                              not made by pthread_create) counts into
                              the process's profile, as before;
     GMON_DUMP_SIGNAL=SIG     a handler that writes the profile and
                              goes on;
     GMON_DUMP_INTERVAL=SEC   a thread of libgmon's own that does the
                              same every SEC seconds; each dump
                              replaces the files of the last one,
                              atomically (outfile.c).

   The interval is kept by a thread, not a timer's signal: a signal to
   the process interrupts whichever thread takes it, and a thread
   blocked in sleep, nanosleep, poll, select or epoll_wait returns
   early with EINTR when a handler runs, SA_RESTART or not (a daemon,
   which this is for, lives in those calls).  The thread blocks every
   signal but SIGPROF, as the wall-clock thread does (wall.c), so that
   none of the program's comes to it; it is made again in a fork
   child.

   Everything the signal handlers call is async-signal-safe, and none
   waits for a lock another thread holds for long: a crash inside
   mcount (its thread's tables are read, not locked) or inside the
   dumper (the dump lock is held by this very thread: skipped) still
   ends the process with its own signal.  The handlers of fatal signals
   run on an alternate stack that every profiled thread gets, so that a
   stack overflow writes its profile too: the MC_ALTSTACK bytes below
   its record (arcs.c, from pages.c's few mappings: a mapping per
   stack took one of the kernel's vm.max_map_count per thread).

   exec and the numbering of profiles.  The program an exec starts has
   the same pid, and would write the same PREFIX.PID: the exec wrappers
   pass it GMON_IMAGE=PID.N, and the N-th program of a process writes
   PREFIX.PID.N.  A child of vfork (it runs in its parent's memory)
   writes nothing and passes nothing.

   The wrappers are weak: in a fully static program whose libc.a brings
   its own exec or _exit, the link keeps working, without them.  They
   call the system directly (execve, execveat), and execvp and execlp
   search PATH themselves as POSIX says, because libc's would call its
   internal execve, not the wrapper.  */

#define _GNU_SOURCE 1
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "mcount/linux/runtime.h"

#define MC_WEAK		MC_EXPORT __attribute__ ((weak))

/* Signals whose default action ends the process.  */
static const int mc_fatal_signals[] = {
	SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGSYS, SIGQUIT,
	SIGXCPU, SIGXFSZ, SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGALRM,
	SIGUSR1, SIGUSR2, SIGVTALRM
};

static bool mc_exits_on;

/* ------------------------------------------------------------------ */
/* Signals */

static int
mc_gettid (void)
{
	return (int) syscall (SYS_gettid);
}

/* A fault the CPU raised: returning runs the instruction again, which
   faults again under the default action, with the kernel's siginfo
   (for the core dump) intact.  */
static bool
is_fault (int sig, const siginfo_t *si)
{
	return si->si_code > 0 && (sig == SIGSEGV || sig == SIGBUS
				   || sig == SIGFPE || sig == SIGILL);
}

static void
on_fatal (int sig, siginfo_t *si, void *uc)
{
	struct sigaction dfl;
	int saved = errno;

	(void) uc;
	mc_finish (GMONX_END_SIGNAL, sig);
	memset (&dfl, 0, sizeof dfl);
	dfl.sa_handler = SIG_DFL;
	sigaction (sig, &dfl, NULL);
	/* Blocked until this handler returns, then the default.  */
	if (!is_fault (sig, si))
		syscall (SYS_tgkill, getpid (), mc_gettid (), sig);
	errno = saved;
}

static void
on_dump_signal (int sig, siginfo_t *si, void *uc)
{
	int saved = errno;

	(void) si;
	(void) uc;
	mc_dump_now (GMONX_END_DUMP_SIGNAL, sig);
	errno = saved;
}

static void
catch (int sig, void (*fn) (int, siginfo_t *, void *), int flags,
       bool only_default)
{
	struct sigaction sa, old;

	if (sigaction (sig, NULL, &old) < 0
	    || (only_default && (old.sa_flags & SA_SIGINFO
				 || old.sa_handler != SIG_DFL)))
		return;
	memset (&sa, 0, sizeof sa);
	sa.sa_sigaction = fn;
	sa.sa_flags = SA_SIGINFO | flags;
	sigfillset (&sa.sa_mask);
	sigaction (sig, &sa, NULL);
}

/* The dump thread: its stack holds a dump (two paths and the
   companion's names, some 40 KiB) and the dynamic linker's walk of
   the objects.  */
#define MC_INTERVAL_STACK	(256 * 1024)

/* GMON_DUMP_INTERVAL: a dump every so many seconds, from the moment
   the thread started, in normal context (the objects loaded since are
   found first), until the process ends (mc_dump_now refuses once the
   final profile is being written).  */
static void *
interval_main (void *arg)
{
	struct timespec next;

	(void) arg;
	prctl (PR_SET_NAME, "gmon-dump", 0, 0, 0);
	clock_gettime (CLOCK_MONOTONIC, &next);
	for (;;) {
		next.tv_sec += (time_t) mc_config.dump_interval;
		while (clock_nanosleep (CLOCK_MONOTONIC, TIMER_ABSTIME, &next,
					NULL) != 0)
			;
		mc_dump_now (GMONX_END_INTERVAL, 0);
	}
	return NULL;
}

static void
interval_start (void)
{
	sigset_t all, old;
	pthread_attr_t attr;
	pthread_t thr;

	if (!mc_config.dump_interval)
		return;
	/* Every signal but SIGPROF blocked from its first instruction
	   on (see mc_helper_sigmask).  */
	mc_helper_sigmask (&all);
	pthread_sigmask (SIG_SETMASK, &all, &old);
	pthread_attr_init (&attr);
	pthread_attr_setdetachstate (&attr, PTHREAD_CREATE_DETACHED);
	pthread_attr_setstacksize (&attr, MC_INTERVAL_STACK);
	if (pthread_create (&thr, &attr, interval_main, NULL) != 0)
		mc_problem (MC_PROB_OUTPUT, "GMON_DUMP_INTERVAL: no thread "
			    "could be made for the dumps: no dump was "
			    "written before the end");
	pthread_attr_destroy (&attr);
	pthread_sigmask (SIG_SETMASK, &old, NULL);
}

void
mc_exits_start (void)
{
	size_t i;

	if (mc_exits_on)
		return;
	mc_exits_on = true;
	if (mc_config.fatal)
		for (i = 0; i < sizeof mc_fatal_signals / sizeof (int); i++)
			if (mc_fatal_signals[i] != mc_config.dump_signal)
				catch (mc_fatal_signals[i], on_fatal,
				       SA_ONSTACK, true);
	if (mc_config.dump_signal)
		catch (mc_config.dump_signal, on_dump_signal, SA_RESTART,
		       false);
	interval_start ();
}

void
mc_exits_fork (void)
{
	/* The handlers are inherited; the dump thread is not.  */
	interval_start ();
}

void
mc_altstack (struct mc_thread *t)
{
	stack_t cur, ss;

	if (!mc_config.fatal || !t->altstack || sigaltstack (NULL, &cur) < 0
	    || !(cur.ss_flags & SS_DISABLE))
		return;			/* the thread has one */
	memset (&ss, 0, sizeof ss);
	ss.ss_sp = t->altstack;
	ss.ss_size = MC_ALTSTACK;
	sigaltstack (&ss, NULL);
}

void
mc_altstack_drop (struct mc_thread *t)
{
	stack_t cur, off;

	if (!t->altstack || !mc_config.fatal || sigaltstack (NULL, &cur) < 0)
		return;
	if (!(cur.ss_flags & SS_DISABLE) && cur.ss_sp == t->altstack) {
		if (cur.ss_flags & SS_ONSTACK)
			return;		/* in a handler on it */
		memset (&off, 0, sizeof off);
		off.ss_flags = SS_DISABLE;
		if (sigaltstack (&off, NULL) < 0)
			return;
	}
	/* Its pages, not its place: the record keeps it (for its thread
	   again, mc_thread_attach's own_again).  */
	madvise (t->altstack, MC_ALTSTACK, MADV_DONTNEED);
}

/* ------------------------------------------------------------------ */
/* _exit */

MC_WEAK void
_exit (int status)
{
	mc_finish (GMONX_END__EXIT, 0);
	for (;;)
		syscall (SYS_exit_group, status);
}

MC_WEAK void
_Exit (int status)
{
	mc_finish (GMONX_END__EXIT, 0);
	for (;;)
		syscall (SYS_exit_group, status);
}

/* ------------------------------------------------------------------ */
/* clone */

extern int __clone (int (*fn) (void *), void *stack, int flags, void *arg,
		    ...);

/* What a child of clone (3) without CLONE_VM runs first: it is made a
   process of its own (the parent's clone waited for any dump under
   way, as fork does), runs the caller's function, and writes its
   profile when that returns.  C is on the parent's stack, of which
   the child has a copy.  */
struct clone_call {
	int (*fn) (void *);
	void *arg;
};

static int
clone_child (void *arg)
{
	const struct clone_call *c = arg;
	int rc;

	mc_fork_child ();
	rc = c->fn (c->arg);
	mc_finish (GMONX_END__EXIT, 0);
	return rc;
}

MC_WEAK int
clone (int (*fn) (void *), void *stack, int flags, void *arg, ...)
{
	struct clone_call c = { fn, arg };
	pid_t *ptid, *ctid;
	void *tls;
	va_list ap;
	int rc;

	/* (read whatever the flags say they are, as glibc's does) */
	va_start (ap, arg);
	ptid = va_arg (ap, pid_t *);
	tls = va_arg (ap, void *);
	ctid = va_arg (ap, pid_t *);
	va_end (ap);
	if ((flags & CLONE_VM) || !mc_started () || !mc_owner ())
		return __clone (fn, stack, flags, arg, ptid, tls, ctid);
	mc_dump_hold ();
	rc = __clone (clone_child, stack, flags, &c, ptid, tls, ctid);
	mc_dump_release ();
	return rc;
}

/* ------------------------------------------------------------------ */
/* exec */

struct exec_state {
	bool mine;			/* this process's profile was written */
	bool was_on;			/* profiling was on before */
	char entry[64];			/* GMON_IMAGE=PID.N */
};

static void
exec_begin (struct exec_state *st)
{
	char *p, *end;

	mc_tls.own++;
	st->mine = mc_owner () && mc_started ();
	if (!st->mine) {
		mc_tls.own--;
		mc_not_owner_end ("exec");
		return;
	}
	st->was_on = mc_arcs_on;
	mc_arcs_switch (false);
	mc_sampler_stop ();
	mc_tls.own--;
	mc_dump_now (GMONX_END_EXEC, 0);
	end = st->entry + sizeof st->entry - 1;
	p = mc_put_str (st->entry, end, MC_IMAGE_ENV "=");
	p = mc_put_num (p, end, (uint64_t) getpid ());
	p = mc_put_str (p, end, ".");
	p = mc_put_num (p, end, (uint64_t) mc_config.image + 1);
	*p = '\0';
}

static void
exec_failed (struct exec_state *st)
{
	if (st->mine && st->was_on) {
		mc_arcs_switch (true);
		mc_sampler_start ();
	}
}

static size_t
env_count (char *const envp[])
{
	size_t n = 0;

	while (envp && envp[n])
		n++;
	return n;
}

/* ENVP without its GMON_IMAGE, and with ST's, into OUT (room for
   env_count (ENVP) + 2).  */
static char *const *
env_for (struct exec_state *st, char *const envp[], char **out)
{
	size_t i, n = 0, len = sizeof MC_IMAGE_ENV;

	if (!st->mine)
		return envp;
	for (i = 0; envp && envp[i]; i++)
		if (strncmp (envp[i], MC_IMAGE_ENV "=", len) != 0)
			out[n++] = envp[i];
	out[n++] = st->entry;
	out[n] = NULL;
	return out;
}

static int
sys_execve (const char *path, char *const argv[], char *const envp[])
{
	return (int) syscall (SYS_execve, path, argv, envp);
}

/* A file the kernel would not run (no #! line): POSIX says it is run
   by the shell.  */
static void
run_script (const char *path, char *const argv[], char *const envp[])
{
	size_t n = 0, i;

	while (argv[n])
		n++;
	{
		char *args[n + 3];

		args[0] = (char *) "/bin/sh";
		args[1] = (char *) path;
		for (i = 1; i < n; i++)
			args[i + 1] = argv[i];
		args[n > 0 ? n + 1 : 2] = NULL;
		sys_execve ("/bin/sh", args, envp);
	}
}

/* execvpe: FILE as is if it has a slash, else each directory of PATH
   in turn.  */
static int
path_execve (const char *file, char *const argv[], char *const envp[])
{
	const char *path, *p;
	size_t flen = strlen (file);
	bool eacces = false;

	if (!*file) {
		errno = ENOENT;
		return -1;
	}
	if (strchr (file, '/')) {
		sys_execve (file, argv, envp);
		if (errno == ENOEXEC)
			run_script (file, argv, envp);
		return -1;
	}
	path = getenv ("PATH");
	if (!path)
		path = "/bin:/usr/bin";
	for (p = path;; p++) {
		const char *end = strchrnul (p, ':');
		size_t dlen = (size_t) (end - p);
		char buf[dlen + flen + 2];

		memcpy (buf, p, dlen);
		if (dlen == 0)
			buf[dlen++] = '.';	/* empty: the current directory */
		buf[dlen] = '/';
		memcpy (buf + dlen + 1, file, flen + 1);
		sys_execve (buf, argv, envp);
		switch (errno) {
		case ENOEXEC:
			run_script (buf, argv, envp);
			return -1;
		case EACCES:
			eacces = true;
			break;
		case ENOENT:
		case ENOTDIR:
		case ESTALE:
		case ENODEV:
		case ETIMEDOUT:
			break;
		default:
			return -1;
		}
		if (!*end)
			break;
		p = end;
	}
	errno = eacces ? EACCES : ENOENT;
	return -1;
}

enum exec_kind { EXEC_PATH, EXEC_SEARCH, EXEC_AT };

static int
do_exec (enum exec_kind kind, int dirfd, const char *path,
	 char *const argv[], char *const envp[], int flags)
{
	struct exec_state st;
	int saved;

	exec_begin (&st);
	{
		char *room[st.mine ? env_count (envp) + 2 : 1];
		char *const *env = env_for (&st, envp, room);

		switch (kind) {
		case EXEC_PATH:
			sys_execve (path, argv, env);
			break;
		case EXEC_SEARCH:
			path_execve (path, argv, env);
			break;
		case EXEC_AT:
			syscall (SYS_execveat, dirfd, path, argv, env, flags);
			break;
		}
	}
	saved = errno;
	exec_failed (&st);
	errno = saved;
	return -1;
}

MC_WEAK int
execve (const char *path, char *const argv[], char *const envp[])
{
	return do_exec (EXEC_PATH, 0, path, argv, envp, 0);
}

MC_WEAK int
execv (const char *path, char *const argv[])
{
	return do_exec (EXEC_PATH, 0, path, argv, environ, 0);
}

MC_WEAK int
execvpe (const char *file, char *const argv[], char *const envp[])
{
	return do_exec (EXEC_SEARCH, 0, file, argv, envp, 0);
}

MC_WEAK int
execvp (const char *file, char *const argv[])
{
	return do_exec (EXEC_SEARCH, 0, file, argv, environ, 0);
}

MC_WEAK int
execveat (int dirfd, const char *path, char *const argv[],
	  char *const envp[], int flags)
{
	return do_exec (EXEC_AT, dirfd, path, argv, envp, flags);
}

MC_WEAK int
fexecve (int fd, char *const argv[], char *const envp[])
{
	return do_exec (EXEC_AT, fd, "", argv, envp, AT_EMPTY_PATH);
}

/* Arguments up to the NULL, ARG the first.  */
static size_t
count_args (const char *arg, va_list ap)
{
	size_t n = 1;

	if (!arg)
		return 0;
	while (va_arg (ap, const char *))
		n++;
	return n;
}

/* The execl family: the arguments up to the NULL into an array (and
   with ENV_LAST the environment after them, for execle).  */
static int
exec_list (enum exec_kind kind, const char *path, const char *arg,
	   va_list ap, bool env_last)
{
	char *const *envp = environ;
	va_list aq;
	size_t n, i;

	va_copy (aq, ap);
	n = count_args (arg, aq);
	va_end (aq);
	{
		char *argv[n + 1];

		argv[0] = (char *) arg;
		for (i = 1; i < n; i++)
			argv[i] = va_arg (ap, char *);
		argv[n] = NULL;
		if (n > 0)
			(void) va_arg (ap, char *);	/* the NULL */
		if (env_last)
			envp = va_arg (ap, char *const *);
		return do_exec (kind, 0, path, argv, envp, 0);
	}
}

MC_WEAK int
execl (const char *path, const char *arg, ...)
{
	va_list ap;
	int rc;

	va_start (ap, arg);
	rc = exec_list (EXEC_PATH, path, arg, ap, false);
	va_end (ap);
	return rc;
}

MC_WEAK int
execlp (const char *file, const char *arg, ...)
{
	va_list ap;
	int rc;

	va_start (ap, arg);
	rc = exec_list (EXEC_SEARCH, file, arg, ap, false);
	va_end (ap);
	return rc;
}

MC_WEAK int
execle (const char *path, const char *arg, ...)
{
	va_list ap;
	int rc;

	va_start (ap, arg);
	rc = exec_list (EXEC_PATH, path, arg, ap, true);
	va_end (ap);
	return rc;
}
