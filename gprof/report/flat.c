/* flat.c - the flat profile.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   One line per function that was called or sampled, by self time.
   The per-call columns take the unit (s, ms, us, ...) that shows the
   largest per-call time with 1 to 3 digits before the point; when no
   function has a per-call time at all GNU gprof's search ends on its
   first entry, "T" (tera), and so does this: all those columns are
   0.00 then.  A thread's flat profile (--threads), which GNU gprof
   does not print, says "s" then: many threads have no function with
   both samples and calls.  Where no unit fits at all (GNU gprof reads
   past its table), the nearest end of the table is taken.  */

#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gprof/util/msort.h"
#include "gprof/util/rsort.h"
#include "gprof/symbols/symtab.h"
#include "gprof/report/fmt.h"
#include "gprof/report/report.h"

static const struct {
	char prefix;
	double scale;
} si_units[] = {
	{ 'T', 1e-12 }, { 'G', 1e-09 }, { 'M', 1e-06 }, { 'K', 1e-03 },
	{ ' ', 1e-00 }, { 'm', 1e+03 }, { 'u', 1e+06 }, { 'n', 1e+09 },
	{ 'p', 1e+12 }, { 'f', 1e+15 }, { 'a', 1e+18 }
};

#define NUNITS	(sizeof si_units / sizeof si_units[0])
#define UNIT_S	4			/* seconds */
#define UNIT_MS	5			/* milliseconds, BSD's only unit */

/* Self time down, calls down, name up.  */
static int
cmp_time (const void *lp, const void *rp, void *arg)
{
	const struct sym *l = lp, *r = rp;
	double diff = r->time - l->time;

	(void) arg;
	if (diff > 0.0)
		return 1;
	if (diff < 0.0)
		return -1;
	if (r->ncalls > l->ncalls)
		return 1;
	if (r->ncalls < l->ncalls)
		return -1;
	/* Line symbols of one function share one name.  */
	return l->name == r->name ? 0 : strcmp (l->name, r->name);
}

/* A key that orders non-negative and negative times as the numbers
   order (0.0 and -0.0 alike).  */
static uint64_t
time_key (double t)
{
	uint64_t b;

	if (t == 0.0)
		t = 0.0;
	memcpy (&b, &t, sizeof b);
	return b >> 63 ? ~b : b | (uint64_t) 1 << 63;
}

/* The unit for the per-call columns, given the largest time per call
   (TOP_TIME, ticks; 0 if no function has one).  */
static size_t
pick_unit (struct report *r, double top_time)
{
	size_t u;

	if (r->opt->bsd)
		return UNIT_MS;
	if (top_time <= 0.0)
		return r->opt->threads != THREADS_NONE ? UNIT_S : 0;
	top_time = report_secs (r, top_time);
	for (u = 0; u < NUNITS; u++) {
		double v = si_units[u].scale * top_time;

		if (v >= 1.0 && v < 1000.0)
			return u;
	}
	return si_units[0].scale * top_time >= 1000.0 ? 0 : NUNITS - 1;
}

static void
print_header (struct report *r, double *total, char prefix)
{
	const struct profile *p = r->p;
	char unit[64];

	snprintf (unit, sizeof unit, "%c%c/call", prefix, p->abbrev);
	if (r->opt->bsd) {
		report_granularity (r);
		if (*total > 0.0)
			printf (" for %.2f%% of %.2f %s\n\n", 100.0 / *total,
				report_secs (r, *total), p->dimen);
	} else {
		printf ("\nEach sample counts as %g %s.\n",
			p->hz ? 1.0 / p->hz : 0.0, p->dimen);
	}
	blurb_overhead (r);
	if (*total <= 0.0) {
		printf (" no time accumulated\n\n");
		/* Every numerator is 0 then.  */
		*total = 1.0;
	}
	printf ("%5.5s %10.10s %8.8s %8.8s %8.8s %8.8s  %-8.8s\n", "%  ",
		"cumulative", "self  ", "", "self  ", "total ", "");
	printf ("%5.5s %9.9s  %8.8s %8.8s %8.8s %8.8s  %-8.8s\n", "time",
		p->dimen, p->dimen, "calls", unit, unit, "name");
}

/* The rows of the flat profile, sorted: every symbol but those -z
   leaves out, in GNU gprof's order (its comparison cmp_time()).  *N
   gets how many, *TOP_TIME the largest time per call (the unit
   depends on nothing else).  One pass over the symbols, in the order
   they lie in memory, for the rows, that time and the sort keys.  */
static struct sym **
flat_sorted (const struct report *r, size_t *n, double *top_time)
{
	const struct symtab *st = r->st;
	size_t len = st->len ? st->len : 1, i, k = 0;
	struct sym **sorted = XNEWVEC (struct sym *, len);
	uint64_t *ranks = XNEWVEC (uint64_t, len);
	uint64_t *calls = XNEWVEC (uint64_t, len);
	uint64_t *times = XNEWVEC (uint64_t, len);
	bool keyed = symtab_ranked (st);

	*top_time = 0.0;
	for (i = 0; i < st->len; i++) {
		const struct sym *s = &st->base[i];

		if (r->opt->ignore_zeros && s->ncalls == 0 && s->time == 0)
			continue;
		if (s->ncalls != 0) {
			double t = (s->time + s->child_time) / s->ncalls;

			if (t > *top_time)
				*top_time = t;
		}
		/* cmp_time() does not order a NaN.  */
		if (isnan (s->time))
			keyed = false;
		if (keyed) {
			ranks[k] = st->name_rank[i];
			calls[k] = ~s->ncalls;
			times[k] = ~time_key (s->time);
		}
		sorted[k++] = &st->base[i];
	}
	if (keyed) {
		/* cmp_time()'s order, linear: name up, calls down, time
		   down, by stable radix sorts from the least significant
		   key (a comparison sort of a million symbols spends most
		   of its time in strcmp()).  */
		const uint64_t *const keys[] = { ranks, calls, times };

		rsort_ptrs ((void **) sorted, k, keys, 3);
	} else {
		msort_ptrs ((void **) sorted, k, cmp_time, NULL);
	}
	free (ranks);
	free (calls);
	free (times);
	*n = k;
	return sorted;
}

/* The numbers of S's row into LINE (CAP bytes), as GNU gprof prints
   them with "%6.2f %9.2f %8.2f" (or "%5.1f %10.2f %8.2f" with -T) and
   " %8lu %8.2f %8.2f  " (blanks without calls); its length.  Built by
   fmt.c, which writes what printf would at a fraction of its cost (a
   million rows).  ACCUM is the cumulative time so far, TOTAL what the
   percentages are of, SCALE the per-call columns' unit.  */
static size_t
flat_row (const struct report *r, const struct sym *s, double accum,
	  double total, double scale, char *line, size_t cap)
{
	bool bsd = r->opt->bsd;
	size_t n;

	n = fmt_fixed (line, cap, total > 0.0 ? 100 * s->time / total : 0.0,
		       bsd ? 5 : 6, bsd ? 1 : 2);
	line[n++] = ' ';
	n += fmt_fixed (line + n, cap - n, report_secs (r, accum),
			bsd ? 10 : 9, 2);
	line[n++] = ' ';
	n += fmt_fixed (line + n, cap - n, report_secs (r, s->time), 8, 2);
	if (s->ncalls == 0) {
		memset (line + n, ' ', 29);	/* " %8.8s" x 3, "  " */
		return n + 29;
	}
	line[n++] = ' ';
	n += fmt_uint (line + n, s->ncalls, 8, false);
	line[n++] = ' ';
	n += fmt_fixed (line + n, cap - n, report_secs (r, scale * s->time)
			/ (double) s->ncalls, 8, 2);
	line[n++] = ' ';
	n += fmt_fixed (line + n, cap - n, report_secs (r, scale * (s->time
			+ s->child_time)) / (double) s->ncalls, 8, 2);
	line[n++] = ' ';
	line[n++] = ' ';
	return n;
}

/* S's row: its numbers and its name, in one write when the name fits
   the line.  */
static void
flat_print_row (struct report *r, const struct sym *s, double accum,
		double total, double scale)
{
	char line[1024];
	size_t n = flat_row (r, s, accum, total, scale, line, sizeof line), m;

	m = r->opt->bsd
		? report_name_format (r, s, line + n, sizeof line - n - 1)
		: report_name_only_format (r, s, line + n, sizeof line - n - 1);
	if (m != (size_t) -1) {
		n += m;
		line[n++] = '\n';
		fwrite (line, 1, n, stdout);
		return;
	}
	fwrite (line, 1, n, stdout);
	if (r->opt->bsd)
		report_name (r, s);
	else
		report_name_only (r, s);
	putchar ('\n');
}

void
report_flat (struct report *r)
{
	double total = r->total_time, accum = 0.0, top_time;
	struct sym **sorted;
	size_t i, u, n;

	report_section (r);
	if (r->opt->bsd) {
		if (!r->opt->brief) {
			printf ("\n\n\nflat profile:\n");
			blurb_flat (stdout);
		}
	} else {
		printf ("Flat profile:\n");
	}

	/* Only the rows that can be printed are sorted (a stable sort
	   keeps their order): a -l profile has many symbols without
	   time or calls.  */
	sorted = flat_sorted (r, &n, &top_time);
	u = pick_unit (r, top_time);
	print_header (r, &total, si_units[u].prefix);
	for (i = 0; i < n; i++) {
		report_prefetch_ahead (r, sorted, i, n);
		if (sorted[i]->flat_off)
			continue;
		accum += sorted[i]->time;
		flat_print_row (r, sorted[i], accum, total, si_units[u].scale);
	}
	free (sorted);

	if (!r->opt->brief && !r->opt->bsd)
		blurb_flat (stdout);
}
