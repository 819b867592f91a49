/* gprof-bbcount.c - basic-block counts for the line-level tests.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Linked into a test program whose other files are compiled with
   -fsanitize-coverage=trace-pc: gcc then calls __sanitizer_cov_trace_pc
   at the start of every basic block, and this counts the calls by
   their return address (an address inside the block, at link-time
   addresses: the load bias is taken off).  At exit the counts are
   written to the file named by GPROF_BB_OUT, as a `bb' record in the
   text tests/tools/gmonmake reads, so that a test can add them to the
   program's gmon.out.  This file itself is compiled without the
   coverage flag (and without -pg).  */

#define _GNU_SOURCE
#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define SLOTS 4096			/* distinct blocks, at most */

static struct {
	uintptr_t pc;
	unsigned long count;
} slot[SLOTS];

void __sanitizer_cov_trace_pc (void);

void
__sanitizer_cov_trace_pc (void)
{
	uintptr_t pc = (uintptr_t) __builtin_return_address (0);
	size_t h = (pc * 0x9e3779b97f4a7c15u) >> 52, i;

	for (i = 0; i < SLOTS; i++) {
		size_t k = (h + i) % SLOTS;

		if (slot[k].pc == pc || slot[k].pc == 0) {
			slot[k].pc = pc;
			slot[k].count++;
			return;
		}
	}
	abort ();			/* more blocks than slots */
}

static int
first_object (struct dl_phdr_info *info, size_t size, void *data)
{
	(void) size;
	*(uintptr_t *) data = info->dlpi_addr;
	return 1;			/* the program is the first */
}

static void __attribute__ ((destructor))
bb_write (void)
{
	const char *path = getenv ("GPROF_BB_OUT");
	uintptr_t bias = 0;
	size_t i, n = 0;
	FILE *f;

	if (!path || !(f = fopen (path, "w")))
		return;
	dl_iterate_phdr (first_object, &bias);
	for (i = 0; i < SLOTS; i++)
		n += slot[i].pc != 0;
	fprintf (f, "bb %zu\n", n);
	for (i = 0; i < SLOTS; i++)
		if (slot[i].pc)
			fprintf (f, "  0x%lx %lu\n",
				 (unsigned long) (slot[i].pc - bias),
				 slot[i].count);
	fclose (f);
}
