/* replay_main.c - run a fuzz target over files, without libFuzzer.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   `make check` replays the seed corpus (and every crash found and
   fixed, kept in the corpus) under the normal and sanitizer builds.  */

#include <config.h>

#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput (const unsigned char *data, size_t size);

int
main (int argc, char **argv)
{
	int i;

	for (i = 1; i < argc; i++) {
		FILE *f = fopen (argv[i], "rb");
		unsigned char *buf;
		long n;

		if (!f || fseek (f, 0, SEEK_END) != 0 || (n = ftell (f)) < 0) {
			perror (argv[i]);
			return 99;
		}
		rewind (f);
		buf = malloc ((size_t) n + 1);
		if (!buf || fread (buf, 1, (size_t) n, f) != (size_t) n) {
			perror (argv[i]);
			return 99;
		}
		fclose (f);
		LLVMFuzzerTestOneInput (buf, (size_t) n);
		free (buf);
	}
	printf ("replayed %d inputs\n", argc - 1);
	return 0;
}
