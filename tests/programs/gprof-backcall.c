/* gprof-backcall.c - calls that never run, for `gprof -c'.

   late() calls early() (a backward call: early lies below it) and
   fwd_target() (a forward call) only when given more than 100
   arguments, so neither call runs and only the static call graph can
   show them.  GNU gprof 2.40 on x86-64 finds the forward call but not
   the backward one: it does not sign-extend the call's displacement
   (reference §5, item 7).  */

#include <stdio.h>

static volatile unsigned long sink;

__attribute__ ((noinline)) void
early (void)
{
	sink += 1;
}

__attribute__ ((noinline)) void fwd_target (void);

__attribute__ ((noinline)) void
late (int n)
{
	sink += (unsigned long) n;
	if (n > 100)
		early ();
	if (n > 200)
		fwd_target ();
}

__attribute__ ((noinline)) void
fwd_target (void)
{
	sink += 2;
}

int
main (int argc, char **argv)
{
	(void) argv;
	late (argc);
	early ();
	printf ("%lu\n", sink);
	return 0;
}
