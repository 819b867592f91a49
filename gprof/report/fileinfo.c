/* fileinfo.c - what each profile file holds (-i).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Printed while the files are read, one block per file, before any
   other output.  The version is that of the last new-format file read
   so far (a BSD file has none), as in GNU gprof.  */

#include <config.h>

#include "gprof/report/report.h"

void
report_file_info (struct report *r, const char *name, int version,
		  unsigned long long nhist, unsigned long long narcs,
		  unsigned long long nbb)
{
	printf ("File `%s' (version %d) contains:\n", name, version);
	printf (nhist == 1 ? "\t%llu histogram record\n"
		: "\t%llu histogram records\n", nhist);
	printf (narcs == 1 ? "\t%llu call-graph record\n"
		: "\t%llu call-graph records\n", narcs);
	printf (nbb == 1 ? "\t%llu basic-block count record\n"
		: "\t%llu basic-block count records\n", nbb);
	r->first_output = false;
}
