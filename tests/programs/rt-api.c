/* rt-api.c - the control API of <gmonkit.h>, and a chdir.

   rt-api dump      tick x3, gmon_dump (), rename gmon.out to mid.out,
                    tick x2: mid.out has 3 ticks, gmon.out 5
   rt-api reset     tick x3, gmon_reset (), tick x2: gmon.out has 2
   rt-api control   tick x3, moncontrol (0), tick x4, moncontrol (1),
                    tick x2: gmon.out has 5, and gmon_enabled () said 0
                    in between
   rt-api chdir D   chdir to D, tick x3: gmon.out still lands where the
                    program started
   rt-api fd F      tick x3, gmon_dump_fd () into F, tick x1
   rt-api closefds  closes every descriptor above 2 (libgmon's clocks
                    with them, as daemons do), then burns 400 ms of CPU:
                    the samples stop, and the rate in the file must say
                    so

   Exits 99 when a call fails.  */

#define _GNU_SOURCE 1
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <gmonkit.h>

#define NOIPA __attribute__ ((noipa))

NOIPA int tick (int x) { return x + 1; }

NOIPA int
ticks (int n)
{
	int s = 0, i;

	for (i = 0; i < n; i++)
		s += tick (i);
	return s;
}

NOIPA void
burn_cpu (long ms)
{
	struct timespec ts;
	volatile long sink = 0;

	do {
		long i;

		for (i = 0; i < 100000; i++)
			sink += i;
		clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
	} while (ts.tv_sec * 1000 + ts.tv_nsec / 1000000 < ms);
}

int
main (int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";
	int fd;

	ticks (3);
	if (strcmp (mode, "dump") == 0) {
		if (gmon_dump () != 0 || rename ("gmon.out", "mid.out") != 0)
			return 99;
		ticks (2);
	} else if (strcmp (mode, "reset") == 0) {
		gmon_reset ();
		ticks (2);
	} else if (strcmp (mode, "control") == 0) {
		moncontrol (0);
		if (gmon_enabled ())
			return 99;
		ticks (4);
		moncontrol (1);
		if (!gmon_enabled ())
			return 99;
		ticks (2);
	} else if (strcmp (mode, "chdir") == 0 && argc > 2) {
		if (chdir (argv[2]) != 0)
			return 99;
	} else if (strcmp (mode, "fd") == 0 && argc > 2) {
		fd = open (argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd < 0 || gmon_dump_fd (fd) != 0 || close (fd) != 0)
			return 99;
		ticks (1);
	} else if (strcmp (mode, "closefds") == 0) {
		close_range (3, ~0u, 0);
		burn_cpu (400);
	} else
		return 99;
	return 0;
}
