/* diff.c - gprof --diff-base: the profile against a base profile.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Two models, each built by the whole pipeline from its own files
   (and, with --diff-base-exe, its own executable), under the same
   symspecs; their functions are matched by name, since addresses move
   between builds (two static functions of one name are one row, their
   numbers summed).  Per function: self time, total time (self and
   children, the call graph's: estimated, or measured with calling
   contexts) and calls, in the base, in the new profile, and the
   change, absolute and relative; sorted by the largest change of time.

   Times are seconds, samples over each profile's own rate, so profiles
   sampled at different rates compare.  Runs of different lengths are
   normalised by default: the base's times are scaled by the ratio of
   the two runs' CPU time, so a function that kept its share of the
   run shows no change (--diff-normalize=none compares the seconds as
   they are).  A run's CPU time is its process's, which libgmon's
   companion records; the seconds sampled are not it: without
   --objects they are the program's alone (a run that spent 3 s in
   libraries may have 0.1 s of them), and glibc's runtime samples
   nothing outside the program.  Where a side's CPU time is not known
   (no companion of its run: glibc's runtime, GMON_OBJECTS=0), the
   ratio is of the seconds sampled, and the header says so.  Calls are
   exact counts and are never scaled.  The header says all of this,
   with the totals and the factor.  */

#include <config.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gprof/diff.h"
#include "gprof/gate.h"
#include "gprof/overhead.h"
#include "gprof/util/hindex.h"
#include "gprof/util/utf8.h"
#include "gprof/util/util.h"

static size_t
row_hash (const void *arg, size_t i)
{
	return hindex_hash_str (((const struct diff_table *) arg)->v[i].name);
}

static struct diff_row *
row_of (struct diff_table *t, const char *name)
{
	size_t k;

	for (k = hindex_first (&t->index, hindex_hash_str (name));
	     t->index.slot[k]; k = hindex_next (&t->index, k))
		if (strcmp (t->v[t->index.slot[k] - 1].name, name) == 0)
			return &t->v[t->index.slot[k] - 1];
	if (t->n == t->cap) {
		t->cap = t->cap ? t->cap * 2 : 256;
		t->v = xrealloc (t->v, t->cap * sizeof *t->v);
	}
	memset (&t->v[t->n], 0, sizeof t->v[t->n]);
	t->v[t->n].name = name;
	t->n++;
	hindex_put (&t->index, k, t->n - 1, t->n, row_hash, t);
	return &t->v[t->n - 1];
}

/* Side SIDE's functions into T: those the flat profile keeps, with
   time or calls.  Returns the side's total seconds.  */
static double
add_side (struct diff_table *t, const struct diff_side *d, int side)
{
	double hz = d->hz > 0 ? (double) d->hz : 1.0, sum = 0.0;
	size_t i;

	for (i = 0; i < d->st->len; i++) {
		const struct sym *s = &d->st->base[i];
		struct diff_row *r;

		if (s->flat_off || !s->name
		    || (s->time == 0.0 && s->ncalls == 0
			&& s->child_time == 0.0))
			continue;
		r = row_of (t, s->name);
		r->v[side][DIFF_SELF] += s->time / hz;
		r->v[side][DIFF_TOTAL] += (s->time + s->child_time) / hz;
		r->v[side][DIFF_CALLS] += (double) s->ncalls;
		r->samples[side][DIFF_SELF] += s->time;
		r->samples[side][DIFF_TOTAL] += s->time + s->child_time;
		sum += s->time / hz;
	}
	return sum;
}

static double
change (const struct diff_row *r, int k)
{
	return fabs (r->v[1][k] - r->v[0][k]);
}

/* The largest change of time first, then of calls, then by name.  */
static int
cmp_rows (const void *lp, const void *rp)
{
	const struct diff_row *l = lp, *r = rp;
	double lt = fmax (change (l, DIFF_TOTAL), change (l, DIFF_SELF));
	double rt = fmax (change (r, DIFF_TOTAL), change (r, DIFF_SELF));

	if (lt != rt)
		return lt > rt ? -1 : 1;
	if (change (l, DIFF_CALLS) != change (r, DIFF_CALLS))
		return change (l, DIFF_CALLS) > change (r, DIFF_CALLS) ? -1 : 1;
	return strcmp (l->name, r->name);
}

static void
print_files (FILE *out, const struct diff_side *d)
{
	size_t i;

	for (i = 0; i < d->nfiles; i++)
		fprintf (out, "%s%s", i ? ", " : "", d->files[i]);
}

/* "+12.3" percent of BASE, or "new" (no base), or "." (neither).  */
static void
percent (char *buf, size_t n, double base, double now)
{
	if (base != 0.0)
		snprintf (buf, n, "%+.1f", 100.0 * (now - base) / base);
	else
		snprintf (buf, n, "%s", now != 0.0 ? "new" : ".");
}

/* Whether the base is scaled by the runs' CPU times: both known.  */
static bool
by_cpu (const struct diff_side *base, const struct diff_side *now)
{
	return base->cpu > 0.0 && now->cpu > 0.0;
}

/* Where D's samples were taken.  */
static const char *
sampled_in (const struct diff_side *d)
{
	return d->whole ? "the process" : "the program";
}

/* "base: 3.04 seconds of CPU (0.09 sampled in the program), 1000 Hz",
   or without a CPU time "0.09 seconds sampled in the program".  */
static void
print_side (FILE *out, const char *key, const struct diff_side *d,
	    double secs)
{
	if (d->cpu > 0.0)
		fprintf (out, "%s: %.2f seconds of CPU%s (%.2f sampled in "
			 "%s), %ld Hz", key, d->cpu, d->no_overhead
			 ? " less libgmon's own" : "", secs, sampled_in (d),
			 d->hz);
	else
		fprintf (out, "%s: %.2f seconds sampled in %s, %ld Hz (CPU "
			 "time not known: no companion of its run)", key, secs,
			 sampled_in (d), d->hz);
}

/* What the table holds: the files, the totals and the scaling.  */
static void
print_header (FILE *out, const struct diff_side *base,
	      const struct diff_side *now, double tb, double tn, double k,
	      bool normalized)
{
	fprintf (out, "Differential profile: ");
	print_files (out, now);
	fprintf (out, " (%s) against the base ", now->image);
	print_files (out, base);
	fprintf (out, " (%s)\n\n", base->image);
	print_side (out, "base", base, tb);
	fprintf (out, ";\n");
	print_side (out, "new", now, tn);
	fprintf (out, ".\n");
	if (!by_cpu (base, now))
		fprintf (out, "A run's CPU time is known from libgmon's "
			 "companion (PROFILE-objs/objects.gmonx) alone.\n");
	if (normalized && by_cpu (base, now))
		fprintf (out, "Times are seconds (samples / rate).  The base's "
			 "times are scaled by %.4f (new CPU time / base CPU "
			 "time),\nso that runs of different lengths compare "
			 "(--diff-normalize=none: as measured).  Calls are "
			 "counts,\nnever scaled.  ", k);
	else if (normalized)
		fprintf (out, "Times are seconds (samples / rate).  The base's "
			 "times are scaled by %.4f (new seconds sampled /\n"
			 "base seconds sampled, in %s), so that runs of "
			 "different lengths compare (--diff-normalize=none:\n"
			 "as measured).  Calls are counts, never scaled.\n", k,
			 sampled_in (now));
	else
		fprintf (out, "Times are seconds (samples / rate).  They are as "
			 "measured (not normalised).  Calls are counts,\nnever "
			 "scaled.  ");
	fprintf (out, "Sorted by the largest change of time.  %% is the change "
		 "over the base.\n\n");
}

static void
print_text (FILE *out, const struct diff_table *t,
	    const struct diff_side *base,
	    const struct diff_side *now, double tb, double tn, double k,
	    bool normalized)
{
	static const char *const what[3] = { "self seconds",
		"total seconds", "calls" };
	char pc[32];
	size_t i;
	int j;

	print_header (out, base, now, tb, tn, k, normalized);
	if (overhead_left_out (base->st) || overhead_left_out (now->st))
		fprintf (out, "Both sides without libgmon's own time, "
			 OVERHEAD_NAME " (--no-overhead).\n\n");
	for (j = 0; j < 3; j++)
		fprintf (out, "%-38s", what[j]);
	fprintf (out, "\n");
	for (j = 0; j < 3; j++)
		fprintf (out, "%9s %9s %9s %7s ", "base", "new", "delta", "%");
	fprintf (out, "name\n");
	for (i = 0; i < t->n; i++) {
		const struct diff_row *r = &t->v[i];

		for (j = 0; j < 3; j++) {
			percent (pc, sizeof pc, r->v[0][j], r->v[1][j]);
			if (j == DIFF_CALLS)
				fprintf (out, "%9.0f %9.0f %+9.0f %7s ",
					 r->v[0][j], r->v[1][j],
					 r->v[1][j] - r->v[0][j], pc);
			else
				fprintf (out, "%9.3f %9.3f %+9.3f %7s ",
					 r->v[0][j], r->v[1][j],
					 r->v[1][j] - r->v[0][j], pc);
		}
		fprintf (out, "%s\n", r->name);
	}
}

static void
put_file (void *f, const char *s, size_t n)
{
	fwrite (s, 1, n, f);
}

/* S as a JSON string, as the JSON export writes one (util/utf8.c):
   valid UTF-8 whatever the names.  */
static void
json_str (FILE *out, const char *s)
{
	utf8_json (s, put_file, out);
}

static void
json_side (FILE *out, const char *key, const struct diff_side *d, double secs)
{
	size_t i;

	fprintf (out, "  \"%s\": {\"executable\": ", key);
	json_str (out, d->image);
	fprintf (out, ", \"files\": [");
	for (i = 0; i < d->nfiles; i++) {
		fprintf (out, "%s", i ? ", " : "");
		json_str (out, d->files[i]);
	}
	fprintf (out, "], \"seconds\": %.6f, \"cpu_seconds\": ", secs);
	if (d->cpu > 0.0)
		fprintf (out, "%.9f", d->cpu);
	else
		fprintf (out, "null");
	fprintf (out, ", \"cpu_less_overhead\": %s, \"hz\": %ld},\n",
		 d->no_overhead ? "true" : "false", d->hz);
}

static void
print_json (FILE *out, const struct diff_table *t,
	    const struct diff_side *base,
	    const struct diff_side *now, double tb, double tn, double k,
	    bool normalized, const struct gate *gate)
{
	static const char *const key[3] = { "self_seconds", "total_seconds",
		"calls" };
	size_t i;
	int j;

	fprintf (out, "{\n");
	json_side (out, "base", base, tb);
	json_side (out, "new", now, tn);
	fprintf (out, "  \"normalized\": %s, \"base_scale\": %.9g, "
		 "\"scaled_by\": \"%s\",\n", normalized ? "true" : "false", k,
		 !normalized ? "none" : by_cpu (base, now) ? "cpu_seconds"
		 : "seconds");
	fprintf (out, "  \"functions\": [");
	for (i = 0; i < t->n; i++) {
		const struct diff_row *r = &t->v[i];

		fprintf (out, "%s\n    {\"name\": ", i ? "," : "");
		json_str (out, r->name);
		for (j = 0; j < 3; j++) {
			fprintf (out, ", \"%s\": {\"base\": %.9g, \"new\": %.9g, "
				 "\"delta\": %.9g, \"percent\": ", key[j],
				 r->v[0][j], r->v[1][j],
				 r->v[1][j] - r->v[0][j]);
			if (r->v[0][j] != 0.0)
				fprintf (out, "%.6g}", 100.0 * (r->v[1][j]
					 - r->v[0][j]) / r->v[0][j]);
			else
				fprintf (out, "null}");
		}
		fprintf (out, "}");
	}
	fprintf (out, "\n  ]");
	if (gate)
		gate_json (out, gate);
	fprintf (out, "\n}\n");
}

void
diff_build (struct diff_table *t, const struct diff_side *base,
	    const struct diff_side *now, bool normalize)
{
	double tb, tn, k = 1.0;
	size_t i;

	memset (t, 0, sizeof *t);
	hindex_init (&t->index, 256);
	tb = add_side (t, base, 0);
	tn = add_side (t, now, 1);
	/* The lengths of the runs: their CPU time where both are known
	   (the seconds sampled may be a small part of it, and a change
	   in that part is what the comparison is for), else the seconds
	   sampled.  */
	if (normalize && by_cpu (base, now))
		k = now->cpu / base->cpu;
	else if (normalize && tb > 0.0 && tn > 0.0)
		k = tn / tb;
	for (i = 0; i < t->n; i++) {
		t->v[i].v[0][DIFF_SELF] *= k;
		t->v[i].v[0][DIFF_TOTAL] *= k;
	}
	/* The index points into V, which the sort reorders.  */
	hindex_free (&t->index);
	if (t->n)
		qsort (t->v, t->n, sizeof *t->v, cmp_rows);
	t->secs[0] = tb;
	t->secs[1] = tn;
	t->hz[0] = base->hz > 0 ? (double) base->hz : 1.0;
	t->hz[1] = now->hz > 0 ? (double) now->hz : 1.0;
	t->k = k;
	t->normalized = normalize;
}

void
diff_free (struct diff_table *t)
{
	free (t->v);
	memset (t, 0, sizeof *t);
}

void
diff_print (FILE *out, const struct diff_table *t,
	    const struct diff_side *base, const struct diff_side *now,
	    bool json, const struct gate *gate)
{
	if (json)
		print_json (out, t, base, now, t->secs[0], t->secs[1], t->k,
			    t->normalized, gate);
	else
		print_text (out, t, base, now, t->secs[0], t->secs[1], t->k,
			    t->normalized);
}
