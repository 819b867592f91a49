/* clocks.c - the per-thread clocks of the sampler: a perf event or a
   POSIX timer on the thread's CPU time, each delivering SIGPROF to
   its own thread.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   sampler.c says which clock a thread gets and why, and owns the
   thread's clock fields while it calls these (struct mc_thread's
   clock); here are only the system calls that make, check and read
   one.  Their first failure is handed back (struct mc_fail) for the
   message at exit.  */

#define _GNU_SOURCE 1
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "mcount/linux/sampler.h"

/* Descriptors from here up: a program that assumes the next one it
   opens is 3, or that dup2s onto small numbers, does not meet ours.  */
#define PERF_FD_MIN	512

int
mc_perf_start (struct mc_thread *t, struct mc_fail *f)
{
	struct perf_event_attr a;
	struct f_owner_ex owner;
	struct mc_lowfds low;
	int fd, hi;

	memset (&a, 0, sizeof a);
	a.size = sizeof a;
	a.type = PERF_TYPE_SOFTWARE;
	a.config = PERF_COUNT_SW_TASK_CLOCK;
	a.sample_period = mc_perf_period_ns ();
	a.exclude_kernel = 1;
	a.exclude_hv = 1;
	a.disabled = 1;
	/* Never on 0, 1 or 2, even for the moment before it moves up
	   (fds.c): the program would read the counter there.  */
	mc_lowfds_fill (&low);
	fd = (int) syscall (SYS_perf_event_open, &a, t->tid, -1, -1,
			    PERF_FLAG_FD_CLOEXEC);
	if (fd < 0) {
		mc_fail_set (f, "perf_event_open", errno);
		mc_lowfds_free (&low);
		return -1;
	}
	hi = fcntl (fd, F_DUPFD_CLOEXEC, PERF_FD_MIN);
	if (hi >= 0) {
		close (fd);
		fd = hi;
	}
	mc_lowfds_free (&low);
	owner.type = F_OWNER_TID;
	owner.pid = t->tid;
	/* The samples are counted against the thread's CPU time (see
	   perf_weight in sampler.c).  */
	t->cpu0_ns = mc_thread_cpu_ns (t->tid);
	if (fcntl (fd, F_SETOWN_EX, &owner) < 0
	    || fcntl (fd, F_SETSIG, SIGPROF) < 0
	    || fcntl (fd, F_SETFL, O_ASYNC) < 0
	    || ioctl (fd, PERF_EVENT_IOC_ID, &t->perf_id) < 0
	    || ioctl (fd, PERF_EVENT_IOC_ENABLE, 0) < 0) {
		mc_fail_set (f, "fcntl", errno);
		close (fd);
		return -1;
	}
	t->samples = 0;
	t->perf_fd = fd;
	return 0;
}

bool
mc_perf_ours (const struct mc_thread *t)
{
	uint64_t id;

	return ioctl (t->perf_fd, PERF_EVENT_IOC_ID, &id) == 0
		&& id == t->perf_id;
}

/* The CPU-time clock of thread TID, as pthread_getcpuclockid makes it
   (the kernel's encoding: per-thread, scheduler time).  */
static clockid_t
thread_cpu_clock (int tid)
{
	return (clockid_t) ((~(unsigned int) tid << 3) | 6);
}

uint64_t
mc_thread_cpu_ns (int tid)
{
	struct timespec ts;

	if (clock_gettime (thread_cpu_clock (tid), &ts) < 0)
		return 0;
	return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}

int
mc_timer_start (struct mc_thread *t, struct mc_fail *f)
{
	struct sigevent ev;
	struct itimerspec its;
	uint64_t ns = mc_period_ns ();

	memset (&ev, 0, sizeof ev);
	ev.sigev_notify = SIGEV_THREAD_ID;
	ev.sigev_signo = SIGPROF;
	ev.sigev_value.sival_int = MC_TIMER_COOKIE;
	ev._sigev_un._tid = t->tid;
	if (timer_create (thread_cpu_clock (t->tid), &ev, &t->timer) < 0) {
		mc_fail_set (f, "timer_create", errno);
		return -1;
	}
	its.it_interval.tv_sec = (time_t) (ns / 1000000000u);
	its.it_interval.tv_nsec = (long) (ns % 1000000000u);
	its.it_value = its.it_interval;
	t->samples = 0;
	t->cpu0_ns = mc_thread_cpu_ns (t->tid);
	if (timer_settime (t->timer, 0, &its, NULL) < 0) {
		mc_fail_set (f, "timer_settime", errno);
		timer_delete (t->timer);
		return -1;
	}
	return 0;
}

uint64_t
mc_perf_read (const struct mc_thread *t)
{
	uint64_t v;

	if (mc_perf_ours (t)
	    && read (t->perf_fd, &v, sizeof v) == (ssize_t) sizeof v)
		return v;
	return 0;
}
