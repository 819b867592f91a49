/* gprof-clones.c - compiled with -O2, gcc makes clones of two static
   functions: work.constprop.0 (K is always 3) and pick.isra.0 (only
   one field of the structure is read, so the pointer is replaced by
   that field).  GNU gprof 2.40 drops such symbols (reference §5, item
   1: the .constprop pattern test reads past the name's NUL, and .isra
   is refused outright), charging their time and calls to whatever
   symbol precedes them.  Call counts: work.constprop.0 1000,
   pick.isra.0 2000.  */

#include <stdio.h>
#include <stdlib.h>

struct big {
	long a;
	long pad[64];
	long b;
};

static volatile unsigned long sink;

static __attribute__ ((noinline)) unsigned long
work (unsigned long n, int k)
{
	unsigned long s = 0, i;

	for (i = 0; i < n; i++)
		s += (i * (unsigned long) k) ^ (i >> 2);
	sink = s;
	return s;
}

static __attribute__ ((noinline)) long
pick (const struct big *p)
{
	long s = 0, i;

	for (i = 0; i < p->a; i++)
		s += i ^ (i >> 3);
	sink = (unsigned long) s;
	return s;
}

int
main (int argc, char **argv)
{
	struct big b = { .a = 100000, .b = 7 }, c = { .a = argc * 1000 };
	unsigned long n = argc > 1 ? strtoul (argv[1], NULL, 0) : 100000;
	unsigned long t = 0;
	int i;

	b.a += argc;
	for (i = 0; i < 1000; i++) {
		t += work (n, 3);
		t += (unsigned long) pick (&b);
		t += (unsigned long) pick (&c);
	}
	printf ("%lu\n", t & 0xff);
	return 0;
}
