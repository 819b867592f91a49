/* rt-wall.c - time on the CPU and off it, for GMON_CLOCK=wall.

   rt-wall [ROUNDS]   ROUNDS (3) times: compute () burns 100 ms of
                      CPU, snooze () sleeps 200 ms in nanosleep; then
                      a worker thread computes 150 ms holding a mutex
                      while the main thread waits for it in wait_lock ()
                      (pthread_mutex_lock).

   CPU time is about ROUNDS x 100 + 150 ms; real time about ROUNDS x
   300 + 150 ms, and the threads' real time 150 ms more (both wait or
   work while the lock is held).  Prints "eintr N": how many times
   nanosleep was cut short by a signal (a wall-clock sampler must not
   do that), and "worker_ms N": how long the worker thread lived.  */

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define NOIPA __attribute__ ((noipa))

volatile double sink;
static int eintr;
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

NOIPA void
compute (long ms)
{
	struct timespec t0;
	int i;

	clock_gettime (CLOCK_THREAD_CPUTIME_ID, &t0);
	do
		for (i = 0; i < 100000; i++)
			sink += i * 0.5;
	while (ms_since (&t0, CLOCK_THREAD_CPUTIME_ID) < ms);
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
	pthread_t t;

	for (i = 0; i < rounds; i++) {
		compute (100);
		snooze (200);
	}
	pthread_mutex_lock (&started);
	if (pthread_create (&t, NULL, worker, NULL) != 0)
		return 99;
	pthread_mutex_lock (&started);	/* the worker holds the lock */
	wait_lock ();
	pthread_join (t, NULL);
	printf ("eintr %d\nworker_ms %ld\n", eintr, worker_ms);
	return 0;
}
