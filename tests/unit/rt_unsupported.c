/* rt_unsupported.c - test_rt_arcs where libgmon is not built.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   The runtime is x86-64 Linux only (configure's BUILD_RUNTIME): on any
   other host its unit test is this program, which says so and skips,
   so that make check shows the test as skipped instead of dropping it.  */

#include <stdio.h>

int
main (void)
{
	puts ("SKIP: libgmon, the runtime, is built for x86-64 Linux only");
	return 77;
}
