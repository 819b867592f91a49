/* rt-lowfds.c - a program whose standard input, output and error are
   closed, one thread writing to descriptor 2 and one reading
   descriptor 0 all the time, while the main thread dumps its profile.

   rt-lowfds N KEEP [FDS]
                      closes 0, 1 and 2 (or the digits of FDS), starts
                      the two threads, then N times: some calls,
                      gmon_dump (), and hard links of gmon.out and
                      gmon.out-objs/objects.gmonx (if there is one) as
                      KEEP/gmon.out.I and KEEP/objects.gmonx.I (links:
                      no descriptor of its own).  Exits 0; 3 if the
                      reader ever read a byte (a file of libgmon's was
                      its descriptor 0), 4 if a dump failed, 99 if
                      anything else did.

   Every byte the writer sends is MARK: none may be found in any file
   libgmon wrote.  */

#define _GNU_SOURCE 1
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <gmonkit.h>

#define NOIPA __attribute__ ((noipa))
#define MARK "PROGRAM-BYTES-ON-FD-2\n"

static volatile int stop;
static volatile int got_bytes;
volatile long sink;

NOIPA long
leaf (long x)
{
	return x * 3 + 1;
}

NOIPA void
calls (int n)
{
	for (int i = 0; i < n; i++)
		sink += leaf (i);
}

static void *
writer (void *arg)
{
	(void) arg;
	while (!stop) {
		ssize_t n = write (2, MARK, sizeof MARK - 1);

		(void) n;
	}
	return NULL;
}

static void *
reader (void *arg)
{
	char buf[256];

	(void) arg;
	while (!stop)
		if (read (0, buf, sizeof buf) > 0)
			got_bytes = 1;
	return NULL;
}

int
main (int argc, char **argv)
{
	pthread_t w, r;
	int n, i, failed = 0;
	char a[4096], b[4096];

	const char *fds = argc > 3 ? argv[3] : "012";

	if (argc < 3 || (n = atoi (argv[1])) <= 0)
		return 99;
	calls (100);
	for (; *fds; fds++)
		close (*fds - '0');
	if (pthread_create (&w, NULL, writer, NULL) != 0
	    || pthread_create (&r, NULL, reader, NULL) != 0)
		return 99;
	for (i = 0; i < n; i++) {
		calls (1000);
		if (gmon_dump () != 0)
			failed = 1;
		snprintf (a, sizeof a, "%s/gmon.out.%d", argv[2], i);
		snprintf (b, sizeof b, "%s/objects.gmonx.%d", argv[2], i);
		if (link ("gmon.out", a) != 0
		    || (link ("gmon.out-objs/objects.gmonx", b) != 0
			&& access ("gmon.out-objs", F_OK) == 0))
			failed = 1;
	}
	stop = 1;
	pthread_join (w, NULL);
	pthread_join (r, NULL);
	return got_bytes ? 3 : failed ? 4 : 0;
}
