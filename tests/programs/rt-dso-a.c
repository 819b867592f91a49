/* rt-dso-a.c - a -pg shared library the test program links
   (libpga.so): calls inside it, and calls back into the program.  */

#define NOIPA __attribute__ ((noipa))

NOIPA int a_inner (int x) { return x * 3 + 1; }

NOIPA long
a_outer (int n)
{
	long s = 0;
	int i;

	for (i = 0; i < n; i++)
		s += a_inner (i);
	return s;
}

NOIPA long
a_callback (int (*fn) (int), int n)
{
	long s = 0;
	int i;

	for (i = 0; i < n; i++)
		s += fn (i);
	return s;
}
