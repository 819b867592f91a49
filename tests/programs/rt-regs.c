/* rt-regs.c - mcount changes no register the program relies on.

   Each instrumented function below is called first (mcount's slow
   path: a new arc, maybe a new table or the very first one) and then
   again (the fast path), with every integer and vector argument
   register in use, a variadic call (al holds the vector count), a
   nested function (the static chain in r10), and errno set before the
   call.  A wrong register shows up as a wrong sum.  Exits 0 if all
   came back right, 1 otherwise.  */

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>

#define NOIPA __attribute__ ((noipa))

NOIPA long
ints (long a, long b, long c, long d, long e, long f, long g)
{
	return a + 2 * b + 3 * c + 4 * d + 5 * e + 6 * f + 7 * g;
}

NOIPA double
floats (double a, double b, double c, double d, double e, double f,
	double g, double h, long i)
{
	return a + 2 * b + 3 * c + 4 * d + 5 * e + 6 * f + 7 * g + 8 * h + i;
}

NOIPA double
varargs (int n, ...)
{
	va_list ap;
	double s = 0;
	int i;

	va_start (ap, n);
	for (i = 0; i < n; i++)
		s += (i + 1) * va_arg (ap, double);
	va_end (ap);
	return s;
}

NOIPA int
keep_errno (void)
{
	return errno;
}

NOIPA int
with_chain (int base)
{
	/* A nested function reads base through the static chain.  */
	NOIPA int inner (int x) { return x + base; }

	return inner (1) + inner (2);
}

static int failures;

static void
expect (const char *what, double got, double want)
{
	if (got != want) {
		printf ("%s: got %g, expected %g\n", what, got, want);
		failures++;
	}
}

int
main (void)
{
	int round;

	for (round = 0; round < 3; round++) {
		expect ("ints", ints (1, 2, 3, 4, 5, 6, 7), 140);
		expect ("floats", floats (1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5,
					  8.5, 100), 322);
		expect ("varargs", varargs (8, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0,
					    7.0, 8.0), 204);
		errno = 4242;
		expect ("errno", keep_errno (), 4242);
		expect ("static chain", with_chain (10), 23);
	}
	return failures ? 1 : 0;
}
