/* objects-zlib.c - a -pg program that spends its time in the system's
   zlib (gprof-objects-zlib.sh): compress2 and crc32 in a loop.  It
   declares the two functions itself (their ABI is zlib's since 1.0),
   so that it builds with libz.so.1 alone, without zlib's headers.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include <stdio.h>
#include <stdlib.h>

int compress2 (unsigned char *dest, unsigned long *dest_len,
	       const unsigned char *source, unsigned long source_len,
	       int level);
unsigned long crc32 (unsigned long crc, const unsigned char *buf,
		     unsigned int len);

static unsigned char in[1 << 16], out[1 << 17];

/* Text of eight letters: compressible, never the same twice.  */
static void
fill (unsigned int seed)
{
	size_t i;

	for (i = 0; i < sizeof in; i++) {
		seed = seed * 1103515245u + 12345u;
		in[i] = (unsigned char) "abcdefgh"[(seed >> 16) & 7];
	}
}

static unsigned long
round_trip (void)
{
	unsigned long n = sizeof out;

	if (compress2 (out, &n, in, sizeof in, 6) != 0)
		exit (1);
	return crc32 (0, out, (unsigned int) n);
}

int
main (int argc, char **argv)
{
	int i, rounds = argc > 1 ? atoi (argv[1]) : 100;
	unsigned long sum = 0;

	for (i = 0; i < rounds; i++) {
		fill ((unsigned int) i);
		sum += round_trip ();
		sum += crc32 (0, in, sizeof in);
	}
	printf ("%lu\n", sum);
	return 0;
}
