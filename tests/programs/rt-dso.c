/* rt-dso.c - a program with -pg shared libraries, linked and
   dlopen'ed, and time spent in libraries that are not -pg.

   rt-dso [MODE]   always: a_outer (1000) in libpga.so, which calls
                   a_inner 1000 times; a_callback (prog_cb, 300), which
                   calls the program's prog_cb 300 times.  Then by MODE:

     (none)   dlopen d1/libsame.so and d2/libsame.so (RTLD_LOCAL) and
              call s_work (111, prog_cb) in the first, s_work (222,
              prog_cb) in the second: s_inner 111 and 222 times, and
              prog_cb once from each; then dlclose the second
     nodl     no dlopen
     libs     also burns about MS (second argument, default 600) ms of
              CPU in libm (sin, exp) and libc (memcpy), from burn (),
              and prints "cpu_us N", the process's CPU time from
              main () on (before main, under qemu-user, the
              emulator's start-up takes 60 to 110 ms, which no clock
              sees)
     dump     gmon_dump () after a_outer, then everything as (none)

   Exits 99 when something fails.  */

#define _GNU_SOURCE 1
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <gmonkit.h>

#define NOIPA __attribute__ ((noipa))

long a_outer (int n);
long a_callback (int (*fn) (int), int n);

volatile double dsink;

NOIPA int prog_cb (int x) { return x + 11; }

static double
cpu_ms (void)
{
	struct timespec ts;

	clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Time in libm and libc, not in -pg code: one call of burn, no call
   of any other -pg function while it runs.  */
NOIPA void
burn (long ms)
{
	static char a[1 << 16], b[1 << 16];
	double end = cpu_ms () + ms, s = 0;
	int i;

	while (cpu_ms () < end) {
		for (i = 0; i < 2000; i++)
			s += sin (i * 0.001) + exp (-i * 0.001);
		for (i = 0; i < 20; i++)
			memcpy (i & 1 ? a : b, i & 1 ? b : a, sizeof a);
	}
	dsink = s + a[5];
}

static int
call_same (const char *path, int n)
{
	long (*work) (int, int (*) (int));
	void *h = dlopen (path, RTLD_NOW | RTLD_LOCAL);

	if (!h || !(work = (long (*) (int, int (*) (int))) dlsym (h, "s_work")))
		return -1;
	dsink += (double) work (n, prog_cb);
	return 0;
}

int
main (int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";
	struct timespec c0, c1;	/* (no call of cpu_ms: no arc of main's) */
	void *h2;

	clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &c0);

	dsink += (double) a_outer (1000);
	if (strcmp (mode, "dump") == 0 && gmon_dump () != 0)
		return 99;
	dsink += (double) a_callback (prog_cb, 300);
	if (strcmp (mode, "libs") == 0) {
		burn (argc > 2 ? atol (argv[2]) : 600);
		clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &c1);
		printf ("cpu_us %ld\n", (long) (c1.tv_sec - c0.tv_sec) * 1000000
			+ (c1.tv_nsec - c0.tv_nsec) / 1000);
		return 0;
	}
	if (strcmp (mode, "nodl") == 0)
		return 0;
	if (call_same ("d1/libsame.so", 111) != 0
	    || call_same ("d2/libsame.so", 222) != 0)
		return 99;
	h2 = dlopen ("d2/libsame.so", RTLD_NOW | RTLD_NOLOAD);
	if (!h2)
		return 99;
	dlclose (h2);		/* the test's reference */
	dlclose (h2);		/* call_same's: unloaded now */
	return 0;
}
