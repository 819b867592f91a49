/* runstat.c - run a command, print its CPU time and peak RSS.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   usage: runstat COMMAND [ARG]...
   prints on stderr: "runstat: user SECONDS sys SECONDS maxrss KIB",
   from wait4 (the child's own usage, its exit included: that is where
   the profile is written), followed by " signal N" if a signal killed
   the command; exits with the command's status, or 128 + N.  */

#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

int
main (int argc, char **argv)
{
	struct rusage ru;
	int status;
	pid_t pid;

	if (argc < 2) {
		fprintf (stderr, "usage: runstat COMMAND [ARG]...\n");
		return 2;
	}
	pid = fork ();
	if (pid < 0) {
		perror ("runstat: fork");
		return 99;
	}
	if (pid == 0) {
		execvp (argv[1], argv + 1);
		perror (argv[1]);
		_exit (127);
	}
	if (wait4 (pid, &status, 0, &ru) != pid) {
		perror ("runstat: wait4");
		return 99;
	}
	fprintf (stderr, "runstat: user %ld.%06ld sys %ld.%06ld maxrss %ld",
		 (long) ru.ru_utime.tv_sec, (long) ru.ru_utime.tv_usec,
		 (long) ru.ru_stime.tv_sec, (long) ru.ru_stime.tv_usec,
		 ru.ru_maxrss);
	if (WIFSIGNALED (status)) {
		fprintf (stderr, " signal %d\n", WTERMSIG (status));
		return 128 + WTERMSIG (status);
	}
	fprintf (stderr, "\n");
	return WIFEXITED (status) ? WEXITSTATUS (status) : 99;
}
