/* rt-dumps.c - a program that dumps its profile as it runs.

   rt-dumps keep N KEEP   N times: 50 ms of CPU time in -pg code,
                          gmon_dump (), and hard links of gmon.out and
                          of every file of gmon.out-objs in KEEP/I/
                          (I from 1): the files of each dump, kept.
   rt-dumps burn MS       MS ms of CPU time in -pg code (run it with
                          GMON_DUMP_INTERVAL=1: a dump a second).
   rt-dumps many N        N times: 0.2 ms of CPU time in -pg code and
                          gmon_dump (): most of its time is the dumps'
                          system calls, libgmon's own time.

   Exits 0, or 99.  */

#define _GNU_SOURCE 1
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <gmonkit.h>

#define NOIPA __attribute__ ((noipa))

volatile long sink;

static double
cpu_ms (void)
{
	struct timespec ts;

	clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

NOIPA long
step (long x)
{
	return x * 3 + 7;
}

NOIPA void
burn (double ms)
{
	double end = cpu_ms () + ms;
	long i;

	while (cpu_ms () < end)
		for (i = 0; i < 1000; i++)
			sink += step (i);
}

/* Hard links of the files of the dump just written, in KEEP/I.  */
static int
keep (const char *dir, int i)
{
	char to[4096], from[4096];
	struct dirent *e;
	DIR *d;

	snprintf (to, sizeof to, "%s/%d", dir, i);
	if (mkdir (to, 0755) != 0)
		return -1;
	snprintf (to, sizeof to, "%s/%d/gmon.out", dir, i);
	if (link ("gmon.out", to) != 0)
		return -1;
	snprintf (to, sizeof to, "%s/%d/gmon.out-objs", dir, i);
	if (mkdir (to, 0755) != 0 || !(d = opendir ("gmon.out-objs")))
		return -1;
	while ((e = readdir (d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		snprintf (from, sizeof from, "gmon.out-objs/%s", e->d_name);
		snprintf (to, sizeof to, "%s/%d/gmon.out-objs/%s", dir, i,
			  e->d_name);
		if (link (from, to) != 0) {
			closedir (d);
			return -1;
		}
	}
	closedir (d);
	return 0;
}

int
main (int argc, char **argv)
{
	int i, n;

	if (argc == 4 && strcmp (argv[1], "keep") == 0) {
		n = atoi (argv[2]);
		for (i = 1; i <= n; i++) {
			burn (50);
			if (gmon_dump () != 0 || keep (argv[3], i) != 0)
				return 99;
		}
		return 0;
	}
	if (argc == 3 && strcmp (argv[1], "many") == 0) {
		n = atoi (argv[2]);
		for (i = 0; i < n; i++) {
			burn (0.2);
			if (gmon_dump () != 0)
				return 99;
		}
		return 0;
	}
	if (argc == 3 && strcmp (argv[1], "burn") == 0) {
		burn (atof (argv[2]));
		return 0;
	}
	return 99;
}
