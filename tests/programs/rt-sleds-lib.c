/* rt-sleds-lib.c - a library rt-sleds.c dlopens: lib_work (N) calls
   lib_leaf N times and returns 0 + 1 + ... + N.  */

#include "noipa.h"

NOIPA long lib_leaf (long x) { return x + 1; }

NOIPA long
lib_work (long n)
{
	long i, s = 0;

	for (i = 0; i < n; i++)
		s += lib_leaf (i);
	return s;
}
