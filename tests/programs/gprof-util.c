/* gprof-util.c - the second file of the C fixture (see gprof-main.c):
   a static `helper' whose name is also used in gprof-main.c, and calls
   back into the other file.  */

#include "gprof-fixture.h"

NOINL static unsigned long
helper (unsigned long x)
{
	SPIN (2000);
	return leaf (x);
}

NOINL unsigned long
util_twice (unsigned long n)
{
	SPIN (500);
	return helper (n) + helper (n + 1);
}

NOINL unsigned long
util_entry (unsigned long n)
{
	return n % 2 ? util_twice (n) : helper (n);
}
