/* execcount.c - execution counts (-C), per function.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   One line per function: where it is defined, its address and how
   often it was called, ordered by file name, line and address.  With
   -l, one per line symbol, each followed by a line per basic block in
   it (a function's first line thus shows twice: its calls, then the
   count of its first block).  GNU gprof lists at most ten blocks of a
   line; here all of them.  The name is the raw (mangled) one, and the
   count the third field, so that `sort -k 3 -n -r' orders the lines
   by executions.  */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gprof/lines/blocks.h"
#include "gprof/util/msort.h"
#include "gprof/report/report.h"
#include "gprof/symbols/symspec.h"

/* GNU gprof's order: file and line when both symbols have a file,
   then the address.  (Not transitive when symbols with and without a
   file mix; the merge sort gives the order GNU gprof gives even so.)  */
static int
cmp_bb (const void *lp, const void *rp, void *arg)
{
	const struct sym *l = lp, *r = rp;

	(void) arg;
	if (l->file && r->file) {
		int c = strcmp (l->file->name, r->file->name);

		if (c)
			return c;
		if (l->line != r->line)
			return l->line - r->line;
	}
	if (l->addr != r->addr)
		return l->addr < r->addr ? -1 : 1;
	return 0;
}

void
report_exec_counts (struct report *r)
{
	const struct symtab *st = r->st;
	struct sym **v;
	size_t n = 0, i;

	report_section (r);
	v = XNEWVEC (struct sym *, st->len ? st->len : 1);
	for (i = 0; i < st->len; i++)
		if (symspec_on (r->ss, st, &st->base[i], INCL_EXEC))
			v[n++] = &st->base[i];
	msort_ptrs ((void **) v, n, cmp_bb, NULL);
	for (i = 0; i < n; i++) {
		const struct sym *s = v[i];
		const char *file = s->file ? s->file->name : "<unknown>";
		const struct gmon_bb *bb;
		size_t nbb = blocks_of (r->bb, r->st, s, &bb), k;

		if (s->ncalls > 0 || !r->opt->ignore_zeros)
			printf ("%s:%d: (%s:0x%lx) %lu executions\n", file,
				s->line, s->name, (unsigned long) s->addr,
				(unsigned long) s->ncalls);
		for (k = 0; k < nbb; k++)
			if (bb[k].count > 0 || !r->opt->ignore_zeros)
				printf ("%s:%d: (%s:0x%lx) %lu executions\n",
					file, s->line, s->name,
					(unsigned long) bb[k].addr,
					(unsigned long) bb[k].count);
	}
	free (v);
}
