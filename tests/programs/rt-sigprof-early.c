/* rt-sigprof-early.c - a SIGPROF handler the program installs before
   profiling starts (a constructor of an object built without -pg, in
   a program linked without -pg, which libgmon starts at its first
   call of mcount): it counts the SIGPROFs it gets.  */

#include <signal.h>
#include <string.h>

volatile long rt_early_count;

static void
on_prof (int sig)
{
	(void) sig;
	rt_early_count++;
}

__attribute__ ((constructor (101))) static void
install (void)
{
	struct sigaction sa;

	memset (&sa, 0, sizeof sa);
	sa.sa_handler = on_prof;
	sa.sa_flags = SA_RESTART;
	sigaction (SIGPROF, &sa, NULL);
}
