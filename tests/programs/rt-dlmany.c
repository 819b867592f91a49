/* rt-dlmany.c - a program that dlopens many -pg libraries.

   rt-dlmany [-k] N LIB...
                        dlopens each LIB (rt-dso-s.c, under any name)
                        and calls its s_work (N, cb), with -k s_work
                        (K * N, cb) for the K-th: s_inner that many
                        times, cb once; keeps them all loaded.  Exits
                        0, or 99.  */

#define _GNU_SOURCE 1
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NOIPA __attribute__ ((noipa))

NOIPA int
cb (int x)
{
	return x + 1;
}

int
main (int argc, char **argv)
{
	long (*work) (int, int (*) (int));
	volatile long sink = 0;
	int i, n, k = 0;

	if (argc > 1 && strcmp (argv[1], "-k") == 0) {
		k = 1;
		argv++;
		argc--;
	}
	if (argc < 3 || (n = atoi (argv[1])) < 0)
		return 99;
	for (i = 2; i < argc; i++) {
		void *h = dlopen (argv[i], RTLD_NOW | RTLD_LOCAL);

		if (!h || !(work = (long (*) (int, int (*) (int)))
			    dlsym (h, "s_work"))) {
			fprintf (stderr, "%s: %s\n", argv[i], dlerror ());
			return 99;
		}
		sink += work (k ? (i - 1) * n : n, cb);
	}
	return 0;
}
