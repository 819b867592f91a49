/* rt-dso-s.c - a -pg shared library the test program dlopens, twice:
   two files of the same name (libsame.so) in two directories.  */

#define NOIPA __attribute__ ((noipa))

NOIPA int s_inner (int x) { return x ^ 5; }

NOIPA long
s_work (int n, int (*fn) (int))
{
	long s = 0;
	int i;

	for (i = 0; i < n; i++)
		s += s_inner (i);
	return s + fn (n);
}
