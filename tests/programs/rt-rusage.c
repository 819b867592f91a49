/* rt-rusage.c - run a command, print the page faults it took.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   usage: rt-rusage COMMAND [ARG]...
   prints "minflt N majflt N" on stdout, from wait4 (the command's own
   usage, its exit included: that is where libgmon writes the profile);
   exits with the command's status.  */

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

	if (argc < 2)
		return 2;
	pid = fork ();
	if (pid < 0)
		return 99;
	if (pid == 0) {
		execvp (argv[1], argv + 1);
		_exit (127);
	}
	if (wait4 (pid, &status, 0, &ru) != pid)
		return 99;
	printf ("minflt %ld majflt %ld\n", ru.ru_minflt, ru.ru_majflt);
	return WIFEXITED (status) ? WEXITSTATUS (status) : 99;
}
