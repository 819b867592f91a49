/* index.c - the index of the call graph by function name.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Three columns, filled top to bottom, functions sorted by their raw
   (mangled) names, cycles last.  The column arithmetic is GNU gprof's
   to the character, including its habit of counting a cell two
   characters short, which decides where the next cell starts.  */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gprof/util/msort.h"
#include "gprof/report/report.h"
#include "gprof/util/rsort.h"
#include "gprof/symbols/symtab.h"

static int
cmp_name (const void *a, const void *b, void *arg)
{
	const char *l = ((const struct sym *) a)->name;
	const char *r = ((const struct sym *) b)->name;

	(void) arg;
	/* Line symbols of one function share one name.  */
	return l == r ? 0 : strcmp (l, r);
}

/* cmp_name()'s order by a radix sort of the name ranks, if the table
   has them; false (V untouched) if not.  */
static bool
sort_by_name (const struct symtab *st, struct sym **v, size_t n)
{
	uint64_t *ranks;
	size_t i;

	if (!symtab_ranked (st))
		return false;
	ranks = XNEWVEC (uint64_t, n ? n : 1);
	for (i = 0; i < n; i++)
		ranks[i] = st->name_rank[v[i] - st->base];
	rsort_ptrs ((void **) v, n, (const uint64_t *const[]) { ranks }, 1);
	free (ranks);
	return true;
}

/* A row of the index, put together before it is written: a row is
   three cells of several pieces each, and printf() per piece cost
   more than the rest of the index.  */
struct row {
	char buf[2048];
	size_t len;
};

static void
row_flush (struct row *w)
{
	fwrite (w->buf, 1, w->len, stdout);
	w->len = 0;
}

static void
row_put (struct row *w, const char *p, size_t n)
{
	if (w->len + n > sizeof w->buf) {
		row_flush (w);
		if (n > sizeof w->buf) {
			fwrite (p, 1, n, stdout);
			return;
		}
	}
	memcpy (w->buf + w->len, p, n);
	w->len += n;
}

/* The name of S as report_name_only() prints it; its length.  */
static int
row_name (struct report *r, struct row *w, const struct sym *s)
{
	size_t n;

	if (w->len + 1024 > sizeof w->buf)
		row_flush (w);
	n = report_name_only_format (r, s, w->buf + w->len,
				     sizeof w->buf - w->len);
	if (n == (size_t) -1) {
		row_flush (w);
		return report_name_only (r, s);
	}
	w->len += n;
	return (int) n;
}

void
report_index (struct report *r)
{
	const struct symtab *st = r->st;
	const struct callgraph *cg = r->cg;
	int column_width = (r->opt->width - 1) / 3;
	size_t nnames = 0, todo, rows, i, j;
	struct sym **v;

	v = XNEWVEC (struct sym *, st->len + cg->ncycles + 1);
	for (i = 0; i < st->len; i++) {
		struct sym *s = &st->base[i];

		if (r->opt->ignore_zeros && s->ncalls == 0 && s->time == 0)
			continue;
		v[nnames++] = s;
	}
	if (!sort_by_name (st, v, nnames))
		msort_ptrs ((void **) v, nnames, cmp_name, NULL);
	todo = nnames;
	for (i = 0; i < cg->ncycles; i++)
		v[todo++] = &cg->cycles[i].entry;

	printf ("\f\n");
	printf ("Index by function name\n\n");
	rows = (todo + 2) / 3;
	for (i = 0; i < rows; i++) {
		int col = 0, starting_col = 0;
		struct row w;

		w.len = 0;
		/* In name order the symbols lie all over memory: ask for
		   those of the rows a few on, then for their names.  */
		for (j = i + PREFETCH_SYM_AHEAD;
		     j < todo && i + PREFETCH_SYM_AHEAD < rows; j += rows)
			report_prefetch_sym (v[j]);
		for (j = i + PREFETCH_NAME_AHEAD;
		     j < todo && i + PREFETCH_NAME_AHEAD < rows; j += rows)
			report_prefetch_name (r, v[j]);

		for (j = i; j < todo; j += rows) {
			const struct sym *s = v[j];
			char buf[32];

			report_index_tag (s, buf, sizeof buf);
			if (r->opt->bsd) {
				printf ("%6s ", buf);
				if (j < nnames) {
					printf ("%-19.19s", s->name);
				} else {
					char cyc[32];

					snprintf (cyc, sizeof cyc, "<cycle %d>",
						  s->cyc_num);
					printf ("%-19.19s", cyc);
				}
			} else {
				size_t tl = strlen (buf);

				col += (int) tl;
				for (; col < starting_col + 5; col++)
					row_put (&w, " ", 1);
				row_put (&w, " ", 1);
				row_put (&w, buf, tl);
				row_put (&w, " ", 1);
				if (j < nnames) {
					col += row_name (r, &w, s);
					if (!r->opt->line && s->is_static
					    && s->file) {
						const char *fn =
							report_file_name (r,
								s->file);
						size_t fl = strlen (fn);

						row_put (&w, " (", 2);
						row_put (&w, fn, fl);
						row_put (&w, ")", 1);
						col += (int) fl + 3;
					}
				} else {
					char cyc[32];
					int cl = snprintf (cyc, sizeof cyc,
							   "<cycle %d>",
							   s->cyc_num);

					row_put (&w, cyc, (size_t) cl);
					col += cl;
				}
			}
			starting_col += column_width;
		}
		if (r->opt->bsd) {
			printf ("\n");
		} else {
			row_put (&w, "\n", 1);
			row_flush (&w);
		}
	}
	free (v);
}
