/* rt-threads-named.c - named threads with known calls and a known
   split of the work, for libgmon's per-thread records (GMON_THREADS)
   and gprof --threads:

     alpha      fa 1000 times, each call N additions:       1000 N
     beta       gb 3000 times (no work), then spin 500
                times, each call N additions:                500 N
     worker x4  (four threads of one name) work 200 times,
                each call N additions:                   4 x 200 N
     main       main, which starts and joins the others, and tiny

   so that alpha does twice beta's work, and each worker a fifth of
   alpha's: the same loop runs in all of them (burn), a number of
   times fixed by the program, not by a clock.  Their CPU times are in
   that ratio as far as the machine runs the loop as fast for each:
   alpha and beta run in step (two calls of fa, one of spin, then both
   wait for the other at a barrier, 500 times), so that whatever else
   the machine does weighs on both alike.  Then the workers run, at
   once, then SHORT threads "short", one after another, that call tiny
   once each (the threads beyond a small GMON_THREADS).

   rt-threads-named [N [SHORT [fork]]]: N defaults to 100000.  With
   SHORT threads, prints "maps M", the process's memory mappings after
   they ended.  With
   "fork", the process then forks, and the child runs a thread "child"
   that calls fc 500 times (and burns 200 N); the child writes its own
   profile.  Prints "child PID" and "parent PID".  */

#define _GNU_SOURCE 1
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define NOIPA __attribute__ ((noipa))

static long n = 100000;
static volatile long sink;
static pthread_barrier_t step;

/* The work: N additions, the same code in every thread.  */
NOIPA void
burn (long k)
{
	long i;

	for (i = 0; i < k; i++)
		sink += i;
}

NOIPA void fa (void) { burn (n); }
NOIPA void gb (void) { sink++; }
NOIPA void spin (long k) { burn (k); }
NOIPA void work (void) { burn (n); }
NOIPA void tiny (void) { sink++; }
NOIPA void fc (void) { sink++; }

static void
name_me (const char *name)
{
	pthread_setname_np (pthread_self (), name);
}

NOIPA void *
alpha (void *arg)
{
	int i;

	name_me ("alpha");
	for (i = 0; i < 1000; i++) {
		fa ();
		if (i % 2)
			pthread_barrier_wait (&step);
	}
	return arg;
}

NOIPA void *
beta (void *arg)
{
	int i;

	name_me ("beta");
	for (i = 0; i < 3000; i++)
		gb ();
	for (i = 0; i < 500; i++) {
		spin (n);
		pthread_barrier_wait (&step);
	}
	return arg;
}

NOIPA void *
worker (void *arg)
{
	int i;

	name_me ("worker");
	for (i = 0; i < 200; i++)
		work ();
	return arg;
}

NOIPA void *
short_one (void *arg)
{
	name_me ("short");
	tiny ();
	return arg;
}

NOIPA void *
child (void *arg)
{
	int i;

	name_me ("child");
	for (i = 0; i < 500; i++)
		fc ();
	spin (200 * n);
	return arg;
}

static void
run (void *(*fn) (void *))
{
	pthread_t t;

	if (pthread_create (&t, NULL, fn, NULL) != 0) {
		perror ("pthread_create");
		exit (2);
	}
	pthread_join (t, NULL);
}

/* The process's memory mappings now: what libgmon still holds of the
   short threads that are gone.  */
static int
count_maps (void)
{
	FILE *f = fopen ("/proc/self/maps", "r");
	int c, lines = 0;

	if (!f)
		return -1;
	while ((c = getc (f)) != EOF)
		lines += c == '\n';
	fclose (f);
	return lines;
}

int
main (int argc, char **argv)
{
	long nshort = argc > 2 ? atol (argv[2]) : 0, i;
	pthread_t w[4];

	if (argc > 1)
		n = atol (argv[1]);
	pthread_barrier_init (&step, NULL, 2);
	tiny ();
	if (pthread_create (&w[0], NULL, alpha, NULL) != 0
	    || pthread_create (&w[1], NULL, beta, NULL) != 0) {
		perror ("pthread_create");
		return 2;
	}
	pthread_join (w[0], NULL);
	pthread_join (w[1], NULL);
	for (i = 0; i < 4; i++)
		if (pthread_create (&w[i], NULL, worker, NULL) != 0) {
			perror ("pthread_create");
			return 2;
		}
	for (i = 0; i < 4; i++)
		pthread_join (w[i], NULL);
	for (i = 0; i < nshort; i++)
		run (short_one);
	if (nshort > 0)
		printf ("maps %d\n", count_maps ());
	if (argc > 3 && strcmp (argv[3], "fork") == 0) {
		pid_t pid = fork ();
		int status;

		if (pid < 0) {
			perror ("fork");
			return 2;
		}
		if (pid == 0) {
			run (child);
			printf ("child %ld\n", (long) getpid ());
			return 0;
		}
		waitpid (pid, &status, 0);
		printf ("parent %ld\n", (long) getpid ());
		fflush (stdout);
		return WIFEXITED (status) && WEXITSTATUS (status) == 0 ? 0 : 3;
	}
	return 0;
}
