/* dwarf-container.h - the container of debugging sections that the
   DWARF fuzz targets (fuzz_dwarf.c, fuzz_linemap.c) read.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   As tests/fuzz/mkseed-dwarf.sh cuts it out of a real executable:

     byte 0          flags: bit 0 set for a big-endian target
     bytes 1..36     the sizes of the DWS_COUNT (9) sections, 32-bit
                     little-endian, in the order of enum dwarf_sect
     then            the sections' contents, one after the other

   A size beyond what is left is cut to what is left, so that every
   mutation of a size still gives sections.  */

#ifndef TESTS_FUZZ_DWARF_CONTAINER_H
#define TESTS_FUZZ_DWARF_CONTAINER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gprof/dwarf/dwarf.h"

#define DWARF_CONTAINER_HEADER	(1 + 4 * DWS_COUNT)

/* A 32-bit little-endian field.  */
static inline size_t
container_u32 (const unsigned char *q)
{
	return (size_t) q[0] | (size_t) q[1] << 8 | (size_t) q[2] << 16
		| (size_t) q[3] << 24;
}

/* The sections of the container DATA[0, SIZE) in SECS, pointing into
   DATA; false if it is shorter than its header.  */
static inline bool
container_sections (const unsigned char *data, size_t size,
		    struct dwarf_section secs[DWS_COUNT], bool *big_endian)
{
	const unsigned char *p = data + DWARF_CONTAINER_HEADER;
	size_t left, i;

	if (size < DWARF_CONTAINER_HEADER)
		return false;
	*big_endian = (data[0] & 1) != 0;
	left = size - DWARF_CONTAINER_HEADER;
	for (i = 0; i < DWS_COUNT; i++) {
		size_t len = container_u32 (data + 1 + 4 * i);

		if (len > left)
			len = left;
		secs[i].data = len ? p : NULL;
		secs[i].size = len;
		p += len;
		left -= len;
	}
	return true;
}

#endif /* TESTS_FUZZ_DWARF_CONTAINER_H */
