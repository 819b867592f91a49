/* rt-manythreads.c - as many threads alive at once as the process's
   memory mappings allow.

   rt-manythreads LEFT MAX   takes memory mappings (pages of alternate
                             protections, which the kernel cannot
                             merge) until LEFT remain of the kernel's
                             vm.max_map_count (LEFT 0: none), then
                             starts threads of 64 KiB stacks, each of
                             which calls a -pg function before the
                             next is started, and waits, until
                             pthread_create fails or MAX are alive;
                             prints "threads N", how the last
                             pthread_create failed ("stopped at MAX"
                             if none did) and "mappings M", the
                             mappings the process made meanwhile; then
                             lets them all end.  Exits 0, or 99.  */

#define _GNU_SOURCE 1
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define NOIPA __attribute__ ((noipa))

static sem_t started;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t go = PTHREAD_COND_INITIALIZER;
static int released;
volatile long sink;

NOIPA long
work (long x)
{
	return x * 3 + 1;
}

static void *
thread_main (void *arg)
{
	sink += work ((long) (intptr_t) arg);
	sem_post (&started);
	pthread_mutex_lock (&lock);
	while (!released)
		pthread_cond_wait (&go, &lock);
	pthread_mutex_unlock (&lock);
	return NULL;
}

/* Lines of /proc/self/maps: the mappings the process has.  */
static long
mappings (void)
{
	FILE *f = fopen ("/proc/self/maps", "r");
	long n = 0;
	int c;

	if (!f)
		return -1;
	while ((c = getc (f)) != EOF)
		n += c == '\n';
	fclose (f);
	return n;
}

static long
max_map_count (void)
{
	FILE *f = fopen ("/proc/sys/vm/max_map_count", "r");
	long n = -1;

	if (f) {
		if (fscanf (f, "%ld", &n) != 1)
			n = -1;
		fclose (f);
	}
	return n;
}

int
main (int argc, char **argv)
{
	long left, max, take, i, end, n = 0, before;
	int rounds;
	pthread_t *thr;
	pthread_attr_t attr;
	int err = 0;

	if (argc != 3)
		return 99;
	left = atol (argv[1]);
	max = atol (argv[2]);
	sink += work (1);
	/* The kernel merges a page with a neighbour of like protections
	   and flags (the first one taken, with what happens to lie next
	   to it, be it the program's or libgmon's): counted again until
	   LEFT remain (a few rounds), so that the threads have as many
	   either way.  */
	for (i = 0, rounds = 0; left > 0 && rounds < 100; i = end, rounds++) {
		take = max_map_count () - mappings () - left;
		if (take <= 0)
			break;
		for (end = i + take; i < end; i++)
			if (mmap (NULL, 4096,
				  i & 1 ? PROT_READ : PROT_READ | PROT_WRITE,
				  MAP_PRIVATE | MAP_ANONYMOUS, -1,
				  0) == MAP_FAILED)
				break;
		if (i < end)
			break;
	}
	thr = calloc ((size_t) max, sizeof *thr);
	if (!thr || sem_init (&started, 0, 0) != 0)
		return 99;
	pthread_attr_init (&attr);
	pthread_attr_setstacksize (&attr, 64 * 1024);
	before = mappings ();
	while (n < max) {
		err = pthread_create (&thr[n], &attr, thread_main,
				      (void *) (intptr_t) n);
		if (err)
			break;
		n++;
		while (sem_wait (&started) != 0)
			;
	}
	printf ("threads %ld\n", n);
	if (n < max)
		printf ("pthread_create: %s\n", strerror (err));
	else
		printf ("stopped at %ld\n", max);
	printf ("mappings %ld\n", mappings () - before);
	fflush (stdout);
	pthread_mutex_lock (&lock);
	released = 1;
	pthread_cond_broadcast (&go);
	pthread_mutex_unlock (&lock);
	for (i = 0; i < n; i++)
		pthread_join (thr[i], NULL);
	return 0;
}
