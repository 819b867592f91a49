/* gprof-updcrc-main.c - drives updcrc (gprof-updcrc.c, the example of
   the gprof manual's annotated listing) as the manual's gzip run did:
   once with no buffer, once over 26312 bytes.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include <stdio.h>

#include "gprof-updcrc.h"

ulg crc_32_tab[256];

static uch buf[26312];

int
main (void)
{
	unsigned i;

	for (i = 0; i < 256; i++)
		crc_32_tab[i] = i * 0x01000193u;
	for (i = 0; i < sizeof buf; i++)
		buf[i] = (uch) (i * 31);
	updcrc (NULL, 0);
	printf ("%lx\n", updcrc (buf, sizeof buf));
	return 0;
}
