/* rt-wall.c - time on the CPU and off it, for GMON_CLOCK=wall.

   rt-wall [ROUNDS [MS]]   ROUNDS (3) times: compute () burns 100 ms
                      of CPU, snooze () sleeps MS (200) ms in nanosleep;
                      then a worker thread computes 150 ms holding a
                      mutex while the main thread waits for it in
                      wait_lock () (pthread_mutex_lock).

   CPU time is about ROUNDS x 100 + 150 ms; real time about ROUNDS x
   (100 + MS) + 150 ms, and the threads' real time 150 ms more (both
   wait or work while the lock is held).  On a busy machine the real
   times grow; so the program measures what a wall-clock profile must
   match:

     eintr N        how many times nanosleep was cut short by a signal
                    (a wall-clock sampler must not do that);
     cpu_ms N       the process's CPU time from main () on (before
                    main, under qemu-user, the emulator's start-up
                    takes 60 to 110 ms of CPU, which no clock sees);
     main_ms N      the main thread's real time from main () on;
     worker_ms N    how long the worker thread lived;
     compute_ms N   real time spent in compute (), both threads;
     snooze_ms N    real time the main thread spent in snooze ();
     blocked_ms N   ... waiting for the worker to start, in
                    wait_lock () and in pthread_join ();
     main_off_ms N  the main thread's real time minus its CPU time,
                    from main () to the end of the join: the most time
                    off the CPU a profile can charge to its places;
     late_ms N      how long the threads were off the CPU, not
                    waiting for each other or asleep: the sleeps'
                    overrun (the main thread waiting for a CPU once
                    awake), from the worker's unlocking of started to
                    the main thread's return from that lock, and from
                    the worker's return from compute () to the main
                    thread's from the join (the worker's end, the
                    main thread's wait for a CPU after the lock and
                    the join).  Ready, not running, a thread is
                    charged where it was last sampled, in compute.  */

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
/* When the worker unlocked started, and returned from compute ().  */
static struct timespec freed_started, freed_lock;

static void *
worker (void *arg)
{
	struct timespec t0;

	(void) arg;
	clock_gettime (CLOCK_MONOTONIC, &t0);
	pthread_mutex_lock (&lock);
	clock_gettime (CLOCK_MONOTONIC, &freed_started);
	pthread_mutex_unlock (&started);
	compute (150);
	clock_gettime (CLOCK_MONOTONIC, &freed_lock);
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
	long nap_ms = argc > 2 ? atol (argv[2]) : 200;
	struct timespec m0, c0, p0, r0;
	long snooze_ns = 0, blocked_ns, main_ns, main_cpu_ns, late_ns;
	pthread_t t;

	clock_gettime (CLOCK_MONOTONIC, &m0);
	clock_gettime (CLOCK_THREAD_CPUTIME_ID, &c0);
	clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &p0);
	for (i = 0; i < rounds; i++) {
		compute (100);
		clock_gettime (CLOCK_MONOTONIC, &r0);
		snooze (nap_ms);
		snooze_ns += ns_since (&r0);
	}
	pthread_mutex_lock (&started);
	if (pthread_create (&t, NULL, worker, NULL) != 0)
		return 99;
	clock_gettime (CLOCK_MONOTONIC, &r0);
	pthread_mutex_lock (&started);	/* the worker holds the lock */
	late_ns = snooze_ns - rounds * nap_ms * 1000000L
		+ ns_since (&freed_started);
	wait_lock ();
	pthread_join (t, NULL);
	late_ns += ns_since (&freed_lock);
	blocked_ns = ns_since (&r0);
	main_ns = ns_since (&m0);
	main_cpu_ns = ms_since (&c0, CLOCK_THREAD_CPUTIME_ID) * 1000000L;
	printf ("eintr %d\ncpu_ms %ld\nmain_ms %ld\nworker_ms %ld\n"
		"compute_ms %ld\nsnooze_ms %ld\nblocked_ms %ld\n"
		"main_off_ms %ld\nlate_ms %ld\n", eintr,
		ms_since (&p0, CLOCK_PROCESS_CPUTIME_ID), main_ns / 1000000,
		worker_ms, compute_ns / 1000000, snooze_ns / 1000000,
		blocked_ns / 1000000, (main_ns - main_cpu_ns) / 1000000,
		late_ns / 1000000);
	return 0;
}
