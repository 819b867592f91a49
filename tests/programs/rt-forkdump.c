/* rt-forkdump.c - forks while another thread writes the profile.

   A thread calls gmon_dump () DUMPS times; meanwhile the main thread
   forks FORKS children.  Each child looks at its own descriptors
   (/proc/self/fd) and prints "leak FD PATH" for any that points into
   the directory the program runs in (its object directory, a
   temporary file, the directory itself): a dump under way in the
   parent must leave nothing open in the child, or the child would hold
   the object directory's lock for as long as it lives.  The children
   leave with exit_group, writing no profile of their own.  Prints
   "children N" at the end.  */

#define _GNU_SOURCE 1
#include <dirent.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gmonkit.h>

#define NOIPA __attribute__ ((noipa))
#define DUMPS 300
#define FORKS 100

static char cwd[PATH_MAX];
static volatile int dumping = 1;

NOIPA int tick (int x) { return x + 1; }

static void *
dumper (void *arg)
{
	int i;

	(void) arg;
	for (i = 0; i < DUMPS; i++) {
		tick (i);
		gmon_dump ();
	}
	dumping = 0;
	return NULL;
}

/* In the child: any descriptor into the working directory.  */
static void
look (void)
{
	DIR *d = opendir ("/proc/self/fd");
	struct dirent *e;
	char link[64], target[PATH_MAX];
	size_t n = strlen (cwd);

	if (!d)
		return;
	while ((e = readdir (d)) != NULL) {
		ssize_t len;

		/* Standard input, output and error are the test's.  */
		if (e->d_name[0] == '.' || atoi (e->d_name) <= 2
		    || atoi (e->d_name) == dirfd (d))
			continue;
		snprintf (link, sizeof link, "/proc/self/fd/%s", e->d_name);
		len = readlink (link, target, sizeof target - 1);
		if (len < 0)
			continue;
		target[len] = '\0';
		if (strncmp (target, cwd, n) == 0
		    && (target[n] == '\0' || target[n] == '/'))
			printf ("leak %s %s\n", e->d_name, target);
	}
	closedir (d);
	fflush (stdout);
}

int
main (void)
{
	pthread_t t;
	int i, children = 0;

	if (!getcwd (cwd, sizeof cwd))
		return 99;
	pthread_create (&t, NULL, dumper, NULL);
	for (i = 0; i < FORKS && dumping; i++) {
		pid_t pid = fork ();

		if (pid == 0) {
			look ();
			syscall (SYS_exit_group, 0);
		}
		if (pid > 0) {
			waitpid (pid, NULL, 0);
			children++;
		}
		tick (i);
	}
	pthread_join (t, NULL);
	printf ("children %d\n", children);
	return 0;
}
