/* wall.c - wall-clock profiles: the time threads spend off the CPU.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   With GMON_CLOCK=wall a sample stands for real time, not CPU time, so
   that time blocked in I/O, sleeps and locks shows up.  The obvious
   way, a real-time timer per thread, would interrupt the very system
   calls it means to measure: sleep, nanosleep, select, poll and epoll
   return early with EINTR when a handler runs, whatever SA_RESTART
   says, and programs rarely retry them.  So the threads are left
   alone:

     on the CPU    the CPU-time clocks sample as usual (sampler.c);
     off the CPU   a thread of libgmon's own, with every signal but
                   SIGPROF blocked, looks at each profiled thread 100
                   times a second: the real time that passed minus the
                   CPU time the thread used is time it waited, charged
                   where it waits.  That place is the user-mode PC the kernel
                   shows in /proc/self/task/TID/syscall (the system
                   call the thread sleeps in, inside libc), or, for a
                   thread that is ready but not running, where its
                   clock last sampled it.

   Each thread's samples then add up to its real time, at the rate of
   the CPU clock (the remainders below one period are carried).  The
   histograms say "wall secs" instead of "seconds", so GNU gprof prints
   "Each sample counts as 0.001 wall secs.", and refuses to add the
   file to a CPU-time profile.  */

#define _GNU_SOURCE 1
#include <config.h>

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>

#include "mcount/linux/runtime.h"

#define WALL_TICK_NS	10000000u	/* looks 100 times a second */

static int mc_wall_gen;			/* bumped to stop the thread */
static int mc_wall_alive = -1;		/* generation of the live thread */
static int mc_wall_busy;		/* the thread is in a round of looks */

static uint64_t
mono_ns (void)
{
	struct timespec ts;

	clock_gettime (CLOCK_MONOTONIC, &ts);
	return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}

/* The last field of /proc/self/task/TID/syscall, the PC: "running",
   "-1 SP PC" (blocked, not in a system call) or "NR ARGS... SP PC".  */
static uintptr_t
waiting_pc (const struct mc_thread *t, int tid)
{
	char path[64], buf[256], *p;
	uintptr_t pc = 0;
	ssize_t n;
	int fd;

	p = mc_put_str (path, path + sizeof path - 1, "/proc/self/task/");
	p = mc_put_num (p, path + sizeof path - 1, (uint64_t) tid);
	p = mc_put_str (p, path + sizeof path - 1, "/syscall");
	*p = '\0';
	/* Never 0, 1 or 2: wall_main holds placeholders there
	   (fds.c); one the program took back meanwhile is skipped.  */
	fd = open (path, O_RDONLY | O_CLOEXEC);
	if (fd < 3) {
		if (fd >= 0)
			close (fd);
		return 0;
	}
	n = read (fd, buf, sizeof buf - 1);
	close (fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	if (strncmp (buf, "running", 7) == 0)
		return t->last_pc;
	p = strrchr (buf, 'x');		/* the last 0x... */
	if (!p)
		return 0;
	for (p++; *p; p++) {
		int d;

		if (*p >= '0' && *p <= '9')
			d = *p - '0';
		else if (*p >= 'a' && *p <= 'f')
			d = *p - 'a' + 10;
		else
			break;
		pc = pc * 16 + (uintptr_t) d;
	}
	return pc;
}

/* One look at thread T at time NOW.  */
static void
look (struct mc_thread *t, uint64_t now, uint64_t period)
{
	int tid = __atomic_load_n (&t->tid, __ATOMIC_RELAXED);
	uint64_t cpu, dw, dc, off, n;
	uintptr_t pc;

	if (__atomic_load_n (&t->state, __ATOMIC_ACQUIRE) != MC_THREAD_OWNED) {
		t->wall_tid = 0;
		return;
	}
	cpu = mc_thread_cpu_ns (tid);
	if (!cpu)
		return;			/* gone meanwhile */
	if (t->wall_tid != tid) {
		/* A thread seen for the first time (or a new owner of
		   the record): from now on.  */
		t->wall_tid = tid;
		t->wall_last = now;
		t->wall_cpu = cpu;
		t->wall_rest = 0;
		return;
	}
	dw = now - t->wall_last;
	dc = cpu > t->wall_cpu ? cpu - t->wall_cpu : 0;
	t->wall_last = now;
	t->wall_cpu = cpu;
	if (dw <= dc)
		return;
	off = dw - dc + t->wall_rest;
	n = off / period;
	t->wall_rest = off % period;
	if (n && (pc = waiting_pc (t, tid)) != 0) {
		mc_hist_add (pc, n);
		mc_thread_sample (t, pc, n);
	}
}

static void *
wall_main (void *arg)
{
	int gen = (int) (intptr_t) arg;
	struct timespec next;
	uint64_t period = mc_sampler_period_ns ();

	prctl (PR_SET_NAME, "gmon-wall", 0, 0, 0);
	clock_gettime (CLOCK_MONOTONIC, &next);
	while (__atomic_load_n (&mc_wall_gen, __ATOMIC_ACQUIRE) == gen) {
		struct mc_thread *t;
		struct mc_lowfds low;
		uint64_t now;

		next.tv_nsec += WALL_TICK_NS;
		if (next.tv_nsec >= 1000000000) {
			next.tv_nsec -= 1000000000;
			next.tv_sec++;
		}
		clock_nanosleep (CLOCK_MONOTONIC, TIMER_ABSTIME, &next, NULL);
		/* Busy first, then the generation again: a stop that
		   comes after this either sees the round and waits for
		   it, or the round does not start (mc_wall_stop).  */
		__atomic_store_n (&mc_wall_busy, 1, __ATOMIC_SEQ_CST);
		if (__atomic_load_n (&mc_wall_gen, __ATOMIC_SEQ_CST) != gen)
			break;
		now = mono_ns ();
		mc_lowfds_fill (&low);
		for (t = mc_threads (); t; t = t->next)
			look (t, now, period);
		mc_lowfds_free (&low);
		__atomic_store_n (&mc_wall_busy, 0, __ATOMIC_RELEASE);
	}
	__atomic_store_n (&mc_wall_busy, 0, __ATOMIC_RELEASE);
	__atomic_store_n (&mc_wall_alive, -1, __ATOMIC_RELEASE);
	return NULL;
}

void
mc_helper_sigmask (sigset_t *set)
{
	sigfillset (set);
	sigdelset (set, SIGPROF);
}

void
mc_wall_start (void)
{
	int gen = __atomic_load_n (&mc_wall_gen, __ATOMIC_ACQUIRE);
	sigset_t all, old;
	pthread_attr_t attr;
	pthread_t thr;

	if (__atomic_load_n (&mc_wall_alive, __ATOMIC_ACQUIRE) == gen)
		return;
	/* The program's signals are for the program's threads.  */
	mc_helper_sigmask (&all);
	pthread_sigmask (SIG_SETMASK, &all, &old);
	pthread_attr_init (&attr);
	pthread_attr_setdetachstate (&attr, PTHREAD_CREATE_DETACHED);
	pthread_attr_setstacksize (&attr, 64 * 1024);
	if (pthread_create (&thr, &attr, wall_main, (void *) (intptr_t) gen)
	    == 0)
		__atomic_store_n (&mc_wall_alive, gen, __ATOMIC_RELEASE);
	pthread_attr_destroy (&attr);
	pthread_sigmask (SIG_SETMASK, &old, NULL);
}

void
mc_wall_stop (void)
{
	struct timespec ts = { 0, 100000 };	/* 0.1 ms */
	int i;

	__atomic_fetch_add (&mc_wall_gen, 1, __ATOMIC_SEQ_CST);
	/* A round under way ends before the dump reads what it adds to:
	   each look adds to the histogram and then to its thread's
	   record, and a dump between the two (on a loaded machine it
	   happened) had the threads' samples exceed the process's.  A
	   round takes microseconds a thread; the wait is bounded (1 s)
	   all the same.  nanosleep is async-signal-safe (the fatal-signal
	   dump comes here).  */
	for (i = 0; i < 10000 && __atomic_load_n (&mc_wall_busy,
						   __ATOMIC_SEQ_CST); i++)
		nanosleep (&ts, NULL);
}

void
mc_wall_fork (void)
{
	/* The thread stayed in the parent, in a round or not.  */
	__atomic_store_n (&mc_wall_alive, -1, __ATOMIC_RELEASE);
	__atomic_store_n (&mc_wall_busy, 0, __ATOMIC_RELEASE);
	if (mc_config.wall && mc_sampler_running ())
		mc_wall_start ();
}
