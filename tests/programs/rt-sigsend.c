/* rt-sigsend.c - sends SIGPROF to a program from another process.

   rt-sigsend N PROG ARGS...   runs PROG with its standard input and
                               output on pipes; once it printed a line
                               ("ready"), sends it N SIGPROFs, in turn
                               by kill, sigqueue and tgkill to its main
                               thread (si_code SI_USER, SI_QUEUE,
                               SI_TKILL), 200 us apart; then writes a
                               byte to its standard input, copies the
                               rest of its output, and exits with its
                               status (128 + the signal that killed
                               it).  Not profiled.  */

#define _GNU_SOURCE 1
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int
main (int argc, char **argv)
{
	int in[2], out[2], status, i, n;
	char buf[4096];
	ssize_t got;
	pid_t pid;
	FILE *f;

	if (argc < 3 || pipe (in) != 0 || pipe (out) != 0)
		return 99;
	n = atoi (argv[1]);
	pid = fork ();
	if (pid < 0)
		return 99;
	if (pid == 0) {
		dup2 (in[0], 0);
		dup2 (out[1], 1);
		close (in[0]);
		close (in[1]);
		close (out[0]);
		close (out[1]);
		execv (argv[2], argv + 2);
		_exit (98);
	}
	close (in[0]);
	close (out[1]);
	f = fdopen (out[0], "r");
	if (!f || !fgets (buf, sizeof buf, f))
		return 99;
	fputs (buf, stdout);
	for (i = 0; i < n; i++) {
		struct timespec ts = { 0, 200000 };
		union sigval v = { .sival_int = i };

		switch (i % 3) {
		case 0:
			kill (pid, SIGPROF);
			break;
		case 1:
			sigqueue (pid, SIGPROF, v);
			break;
		default:
			syscall (SYS_tgkill, pid, pid, SIGPROF);
			break;
		}
		nanosleep (&ts, NULL);
	}
	if (write (in[1], "x", 1) != 1)
		return 99;
	while ((got = (ssize_t) fread (buf, 1, sizeof buf, f)) > 0)
		fwrite (buf, 1, (size_t) got, stdout);
	if (waitpid (pid, &status, 0) != pid)
		return 99;
	return WIFEXITED (status) ? WEXITSTATUS (status)
		: 128 + WTERMSIG (status);
}
