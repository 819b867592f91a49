/* rt-clone.c - children made by clone, not by fork or pthread_create.

   rt-clone MODE   parent_work () 10 times, then a child by MODE that
                   calls child_work () 1000 times, waits for it, and
                   prints "child PID":

     fork      clone (3) without CLONE_VM (a copy of the memory, no
               fork handler): the child's function returns
     exit      the same, the child calls exit (0)
     raw       the clone system call itself, fork-like: the child
               calls child_work and _exit (0)
     vm        clone (3) with CLONE_VM: the child shares the memory
     thread    clone (3) with CLONE_VM, CLONE_THREAD and the rest of
               what makes a thread, not through pthread_create

   Exits 0, or 99.  */

#define _GNU_SOURCE 1
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define NOIPA __attribute__ ((noipa))
#define STACK	(256 * 1024)

volatile long sink;
static volatile pid_t child_tid = 1;

NOIPA long parent_work (long x) { return x + 1; }
NOIPA long child_work (long x) { return x + 2; }

static void
child_calls (void)
{
	for (int i = 0; i < 1000; i++)
		sink += child_work (i);
}

static int
child_fn (void *arg)
{
	child_calls ();
	if (arg)
		exit (0);
	return 0;
}

int
main (int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";
	char *stack = malloc (STACK);
	int status, flags = SIGCHLD;
	void *arg = NULL;
	pid_t pid;

	for (int i = 0; i < 10; i++)
		sink += parent_work (i);
	if (!stack)
		return 99;
	if (strcmp (mode, "raw") == 0) {
		pid = (pid_t) syscall (SYS_clone, SIGCHLD, 0, 0, 0, 0);
		if (pid == 0) {
			child_calls ();
			_exit (0);
		}
	} else {
		if (strcmp (mode, "exit") == 0)
			arg = (void *) 1;
		else if (strcmp (mode, "vm") == 0)
			flags |= CLONE_VM;
		else if (strcmp (mode, "thread") == 0)
			flags = CLONE_VM | CLONE_FS | CLONE_FILES
				| CLONE_SIGHAND | CLONE_THREAD | CLONE_SYSVSEM
				| CLONE_CHILD_CLEARTID;
		else if (strcmp (mode, "fork") != 0)
			return 99;
		pid = clone (child_fn, stack + STACK, flags, arg, NULL, NULL,
			     &child_tid);
	}
	if (pid < 0)
		return 99;
	if (flags & CLONE_THREAD) {
		/* The kernel clears child_tid when the thread ends.  */
		while (__atomic_load_n (&child_tid, __ATOMIC_ACQUIRE))
			usleep (1000);
	} else if (waitpid (pid, &status, 0) != pid || !WIFEXITED (status)
		   || WEXITSTATUS (status) != 0) {
		return 99;
	}
	printf ("child %d\n", (int) pid);
	return 0;
}
