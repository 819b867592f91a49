/* rt-wall.c - time on the CPU and off it, for GMON_CLOCK=wall.

   rt-wall [ROUNDS]   ROUNDS (3) times: compute () burns 100 ms of
                      CPU, snooze () sleeps 200 ms in nanosleep; then
                      a worker thread computes 150 ms holding a mutex
                      while the main thread waits for it in wait_lock ()
                      (pthread_mutex_lock).

   CPU time is about ROUNDS x 100 + 150 ms; real time about ROUNDS x
   300 + 150 ms, and the threads' real time 150 ms more (both wait or
   work while the lock is held).  On a busy machine the real times
   grow; so the program measures what a wall-clock profile must match:

     eintr N        how many times nanosleep was cut short by a signal
                    (a wall-clock sampler must not do that);
     worker_ms N    how long the worker thread lived;
     compute_ms N   real time spent in compute (), both threads;
     snooze_ms N    real time the main thread spent in snooze ();
     blocked_ms N   ... in wait_lock () and pthread_join ();
     main_off_ms N  the main thread's real time minus its CPU time,
                    from main () to the end of the join: the most time
                    off the CPU a profile can charge to its places.  */

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define NOIPA __attribute__ ((noipa))

volatile double sink;
static int eintr;
static long compute_ns;			/* both threads: atomic */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t started = PTHREAD_MUTEX_INITIALIZER;

static long
ms_since (const struct timespec *t0, clockid_t c)
{
	struct timespec t;

	clock_gettime (c, &t);
	return (t.tv_sec - t0->tv_sec) * 1000
		+ (t.tv_nsec - t0->tv_nsec) / 1000000;
}

static long
ns_since (const struct timespec *t0)
{
	struct timespec t;

	clock_gettime (CLOCK_MONOTONIC, &t);
	return (t.tv_sec - t0->tv_sec) * 1000000000L
		+ (t.tv_nsec - t0->tv_nsec);
}

/* The CPU clock is read every million additions (about a ms): a
   sample whose period ends in that system call lands in the vDSO, and
   more of them do on a busy machine; read rarely, the time stays
   here.  */
NOIPA void
compute (long ms)
{
	struct timespec t0, r0;
	int i;

	clock_gettime (CLOCK_MONOTONIC, &r0);
	clock_gettime (CLOCK_THREAD_CPUTIME_ID, &t0);
	do
		for (i = 0; i < 1000000; i++)
			sink += i * 0.5;
	while (ms_since (&t0, CLOCK_THREAD_CPUTIME_ID) < ms);
	__atomic_fetch_add (&compute_ns, ns_since (&r0), __ATOMIC_RELAXED);
}

NOIPA void
snooze (long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000 };

	while (nanosleep (&ts, &ts) != 0 && errno == EINTR)
		eintr++;
}

static long worker_ms;

static void *
worker (void *arg)
{
	struct timespec t0;

	(void) arg;
	clock_gettime (CLOCK_MONOTONIC, &t0);
	pthread_mutex_lock (&lock);
	pthread_mutex_unlock (&started);
	compute (150);
	pthread_mutex_unlock (&lock);
	worker_ms = ms_since (&t0, CLOCK_MONOTONIC);
	return NULL;
}

NOIPA void
wait_lock (void)
{
	pthread_mutex_lock (&lock);
	pthread_mutex_unlock (&lock);
}

int
main (int argc, char **argv)
{
	int rounds = argc > 1 ? atoi (argv[1]) : 3, i;
	struct timespec m0, c0, r0;
	long snooze_ns = 0, blocked_ns, main_ns, main_cpu_ns;
	pthread_t t;

	clock_gettime (CLOCK_MONOTONIC, &m0);
	clock_gettime (CLOCK_THREAD_CPUTIME_ID, &c0);
	for (i = 0; i < rounds; i++) {
		compute (100);
		clock_gettime (CLOCK_MONOTONIC, &r0);
		snooze (200);
		snooze_ns += ns_since (&r0);
	}
	pthread_mutex_lock (&started);
	if (pthread_create (&t, NULL, worker, NULL) != 0)
		return 99;
	pthread_mutex_lock (&started);	/* the worker holds the lock */
	clock_gettime (CLOCK_MONOTONIC, &r0);
	wait_lock ();
	pthread_join (t, NULL);
	blocked_ns = ns_since (&r0);
	main_ns = ns_since (&m0);
	main_cpu_ns = ms_since (&c0, CLOCK_THREAD_CPUTIME_ID) * 1000000L;
	printf ("eintr %d\nworker_ms %ld\ncompute_ms %ld\nsnooze_ms %ld\n"
		"blocked_ms %ld\nmain_off_ms %ld\n", eintr, worker_ms,
		compute_ns / 1000000, snooze_ns / 1000000,
		blocked_ns / 1000000, (main_ns - main_cpu_ns) / 1000000);
	return 0;
}
