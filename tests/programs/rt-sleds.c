/* rt-sleds.c - a threaded program built with -fpatchable-function-entry
   (or -pg, to compare), for rt-sleds.sh.

   rt-sleds NTHREADS [MODE LIB]: first reads /proc/self/maps and exits
   3 if any mapping is writable and executable at once; raises SIGUSR1
   and exits 4 unless its own handler ran (and called on_signal once);
   then by MODE:

     dl     dlopen LIB (one thread yet) and call its lib_work (100):
            lib_leaf 100 times
     late   the same, while a second thread waits, and a call of
            noted () (a new arc, which patches nothing) before it is let
            go

   then NTHREADS threads, each: worker 1 (<spontaneous>), leaf 1000
   (from worker), fib (12): 1 + 464 calls; and main calls leaf 7
   times.  Prints "ok".  */

#define _GNU_SOURCE 1
#include <dlfcn.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "noipa.h"

static volatile sig_atomic_t handled;

NOIPA int fib (int n) { return n < 2 ? n : fib (n - 1) + fib (n - 2); }
NOIPA long leaf (long x) { return x + 1; }
NOIPA void on_signal (int sig) { handled += sig > 0; }
NOIPA void noted (void) { }

NOIPA void *
worker (void *arg)
{
	long i, s = 0;

	(void) arg;
	for (i = 0; i < 1000; i++)
		s += leaf (i);
	s += fib (12);
	return (void *) s;
}

/* Exits 3 if a mapping is writable and executable.  */
NOIPA void
check_maps (void)
{
	FILE *f = fopen ("/proc/self/maps", "r");
	char line[4096];

	if (!f) {
		perror ("/proc/self/maps");
		exit (99);
	}
	while (fgets (line, sizeof line, f)) {
		char perms[8];

		if (sscanf (line, "%*s %7s", perms) == 1
		    && strchr (perms, 'w') && strchr (perms, 'x')) {
			fprintf (stderr, "writable and executable: %s", line);
			exit (3);
		}
	}
	fclose (f);
}

static pthread_mutex_t hold = PTHREAD_MUTEX_INITIALIZER;

static void *
waiter (void *arg)
{
	(void) arg;
	pthread_mutex_lock (&hold);
	pthread_mutex_unlock (&hold);
	return NULL;
}

static void
call_lib (const char *path)
{
	void *h = dlopen (path, RTLD_NOW);
	long (*work) (long);

	if (!h) {
		fprintf (stderr, "%s\n", dlerror ());
		exit (99);
	}
	*(void **) &work = dlsym (h, "lib_work");
	if (!work || work (100) != 5050) {
		fprintf (stderr, "lib_work failed\n");
		exit (99);
	}
}

int
main (int argc, char **argv)
{
	int n = argc > 1 ? atoi (argv[1]) : 4, i;
	pthread_t *t, w;

	check_maps ();
	signal (SIGUSR1, on_signal);
	raise (SIGUSR1);
	if (handled != 1)
		return 4;
	if (argc > 3 && strcmp (argv[2], "dl") == 0)
		call_lib (argv[3]);
	else if (argc > 3 && strcmp (argv[2], "late") == 0) {
		pthread_mutex_lock (&hold);
		if (pthread_create (&w, NULL, waiter, NULL) != 0)
			return 99;
		call_lib (argv[3]);
		noted ();
		pthread_mutex_unlock (&hold);
		pthread_join (w, NULL);
	}
	for (i = 0; i < 7; i++)
		leaf (i);
	t = calloc ((size_t) n, sizeof *t);
	for (i = 0; t && i < n; i++)
		if (pthread_create (&t[i], NULL, worker, NULL) != 0)
			return 99;
	for (i = 0; t && i < n; i++)
		pthread_join (t[i], NULL);
	puts ("ok");
	return 0;
}
