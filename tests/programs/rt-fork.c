/* rt-fork.c - a profile on each side of a fork.

     parent: before     3   (before the fork: the parent's only)
             after      5   (after it, in the parent)
             parent_burn 1  (about BURN_MS of CPU)
     child:  in_child   7
             child_burn 1   (about BURN_MS of CPU: the child's clock)

   The child exits with exit(), so it writes its own profile.  */

#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#define NOIPA __attribute__ ((noipa))
#define BURN_MS 200

volatile double sink;

NOIPA int before (int x) { return x + 1; }
NOIPA int after (int x) { return x + 2; }
NOIPA int in_child (int x) { return x + 3; }

NOIPA void
child_burn (void)
{
	double s = 0;
	long i;

	for (i = 0; i < BURN_MS * 1000000L; i++)
		s += (double) i * 0.5;
	sink = s;
}

NOIPA void
parent_burn (void)
{
	double s = 0;
	long i;

	for (i = 0; i < BURN_MS * 1000000L; i++)
		s += (double) i * 0.25;
	sink = s;
}

int
main (void)
{
	int s = 0, i, status;
	pid_t pid;

	for (i = 0; i < 3; i++)
		s += before (i);
	fflush (stdout);
	pid = fork ();
	if (pid < 0)
		return 99;
	if (pid == 0) {
		for (i = 0; i < 7; i++)
			s += in_child (i);
		child_burn ();
		printf ("child %d\n", (int) getpid ());
		exit (0);
	}
	for (i = 0; i < 5; i++)
		s += after (i);
	parent_burn ();
	if (waitpid (pid, &status, 0) != pid || !WIFEXITED (status)
	    || WEXITSTATUS (status) != 0)
		return 99;
	printf ("parent %d %d\n", (int) getpid (), s);
	return 0;
}
