/* rt-syscalls.c - blocking system calls that must take their full time
   under libgmon: no signal of libgmon's may cut them short.

   rt-syscalls [SPINS]   forks; parent and child each, at once: in the
                         main thread sleep (2), nanosleep, poll, select,
                         epoll_wait (1.2 s each) and a read of a pipe
                         that a thread fills after 1.2 s; in a second
                         thread SPINS rounds (default 150) of 2 ms of
                         CPU time in -pg code, then a 1 ms poll,
                         nanosleep or select.  Each prints one line per
                         call: "PID NAME ok", or "PID NAME FAIL ..."
                         with what came back and when; the spinner its
                         count of EINTR.  Exits 0, or 1 if any call
                         failed.  */

#define _GNU_SOURCE 1
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/select.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define NOIPA __attribute__ ((noipa))

static int failures;
static int pipefd[2];
volatile long sink;

static double
now (clockid_t c)
{
	struct timespec ts;

	clock_gettime (c, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

NOIPA long
step (long x)
{
	return x * 7 + 3;
}

/* About MS milliseconds of this thread's CPU time, in -pg code.  */
NOIPA void
spin (double ms)
{
	double end = now (CLOCK_THREAD_CPUTIME_ID) + ms / 1e3;
	long i;

	while (now (CLOCK_THREAD_CPUTIME_ID) < end)
		for (i = 0; i < 200; i++)
			sink += step (i);
}

/* One call: RC (what it returned, ERR its errno) after T0, which must
   have taken WANT seconds and returned OK_RC.  */
static void
report (const char *name, long rc, long ok_rc, int err, double t0,
	double want)
{
	double took = now (CLOCK_MONOTONIC) - t0;

	if (rc == ok_rc && took >= want - 0.001) {
		printf ("%d %s ok\n", (int) getpid (), name);
	} else {
		printf ("%d %s FAIL returned %ld (%s) after %.3f s of %.3f\n",
			(int) getpid (), name, rc,
			rc < 0 ? strerror (err) : "-", took, want);
		failures++;
	}
	fflush (stdout);
}

static void *
fill_pipe (void *arg)
{
	struct timespec ts = { 1, 200000000 };

	(void) arg;
	while (nanosleep (&ts, &ts) != 0 && errno == EINTR)
		;
	if (write (pipefd[1], "x", 1) != 1)
		abort ();
	return NULL;
}

static void
blocking (void)
{
	struct timespec ts = { 1, 200000000 };
	struct timeval tv = { 1, 200000 };
	struct epoll_event ev;
	pthread_t thr;
	double t0;
	long rc;
	char c;
	int ep;

	t0 = now (CLOCK_MONOTONIC);
	rc = sleep (2);
	report ("sleep", rc, 0, errno, t0, 2.0);
	t0 = now (CLOCK_MONOTONIC);
	rc = nanosleep (&ts, NULL);
	report ("nanosleep", rc, 0, errno, t0, 1.2);
	t0 = now (CLOCK_MONOTONIC);
	rc = poll (NULL, 0, 1200);
	report ("poll", rc, 0, errno, t0, 1.2);
	t0 = now (CLOCK_MONOTONIC);
	rc = select (0, NULL, NULL, NULL, &tv);
	report ("select", rc, 0, errno, t0, 1.2);
	ep = epoll_create1 (EPOLL_CLOEXEC);
	t0 = now (CLOCK_MONOTONIC);
	rc = epoll_wait (ep, &ev, 1, 1200);
	report ("epoll_wait", rc, 0, errno, t0, 1.2);
	close (ep);
	/* (t0 before the thread starts its 1.2 s)  */
	t0 = now (CLOCK_MONOTONIC);
	if (pipe (pipefd) != 0
	    || pthread_create (&thr, NULL, fill_pipe, NULL) != 0)
		abort ();
	rc = read (pipefd[0], &c, 1);
	report ("read", rc, 1, errno, t0, 1.2);
	pthread_join (thr, NULL);
	close (pipefd[0]);
	close (pipefd[1]);
}

static long spins = 150;

/* CPU time, then a short blocking call: a CPU-time clock's signal that
   the kernel sends as the thread enters the call would cut it.  */
static void *
spinner (void *arg)
{
	struct timespec ts = { 0, 1000000 };
	struct timeval tv;
	long i, eintr = 0;

	(void) arg;
	for (i = 0; i < spins; i++) {
		long rc;

		spin (2);
		switch (i % 3) {
		case 0:
			rc = poll (NULL, 0, 1);
			break;
		case 1:
			rc = nanosleep (&ts, NULL);
			break;
		default:
			tv.tv_sec = 0;
			tv.tv_usec = 1000;
			rc = select (0, NULL, NULL, NULL, &tv);
			break;
		}
		if (rc < 0 && errno == EINTR)
			eintr++;
	}
	printf ("%d spinner %s %ld EINTR in %ld calls\n", (int) getpid (),
		eintr ? "FAIL" : "ok", eintr, spins);
	fflush (stdout);
	if (eintr)
		failures++;
	return NULL;
}

static void
both (void)
{
	pthread_t thr;

	if (pthread_create (&thr, NULL, spinner, NULL) != 0)
		abort ();
	blocking ();
	pthread_join (thr, NULL);
}

int
main (int argc, char **argv)
{
	pid_t pid;
	int status;

	if (argc > 1)
		spins = atol (argv[1]);
	spin (1);
	pid = fork ();
	if (pid < 0)
		return 99;
	both ();
	if (pid == 0)
		exit (failures ? 1 : 0);
	if (waitpid (pid, &status, 0) != pid || !WIFEXITED (status)
	    || WEXITSTATUS (status) != 0)
		failures++;
	return failures ? 1 : 0;
}
