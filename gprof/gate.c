/* gate.c - gprof --fail-if: a pass/fail verdict on a diff.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   A CI job compares the profile of a change with a base profile
   (--diff-base) and wants a verdict it can act on: an exit status, a
   line per function that regressed, and nothing from noise.

   Calls are exact counts: a rule on calls is judged exactly, increase
   against allowance.  Times are samples, and a count of n samples has
   a standard deviation of about sqrt(n) (the manual's "Statistical
   Sampling Error"): the change between the runs, new - k * base (k
   the table's scale of the base), has a variance of w_new * n_new /
   hz_new^2 + k^2 * w_base * n_base / hz_base^2 seconds^2, where w is
   the samples one independent sample stands for: libgmon's default
   clock samples at the kernel's tick and counts each signal for the
   periods that passed, so that at 1000 Hz a sample found at one place
   comes with up to 9 more there (GATE_TICK_HZ).  A time over its threshold by
   no more than GATE_SIGMAS of those deviations is "within sampling
   error", said, and not a failure; and a time on fewer than the floor
   of samples on both sides is not judged at all (few samples are
   noise, and sqrt(n) is a poor error for them).

   Rows are the diff's: functions matched by name between the two
   builds.  A function new in the profile has a base of 0: any calls
   or time it has cross a relative threshold (a new call is an
   increase); a function gone has a new value of 0 and passes.  */

#include <config.h>

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gprof/gate.h"
#include "gprof/symbols/objfile.h"
#include "gprof/util/utf8.h"
#include "gprof/util/util.h"

const char *
gate_metric_name (int metric)
{
	static const char *const names[3] = { "self", "total", "calls" };

	return names[metric];
}

const char *
gate_state_name (enum gate_state s)
{
	static const char *const names[GATE_NSTATES] = { "fail",
		"within sampling error", "pass", "below the floor" };

	return names[s];
}

/* Exits with the usage error WHY about --fail-if=TEXT.  */
static void
bad_rule (const char *text, const char *why)
{
	gp_fatal (NULL, "--fail-if=%s: %s (the form is [FUNCTION:]METRIC:"
		  "+N%%, METRIC calls, self or total; +Ns for a time in "
		  "seconds, +N for calls)", text, why);
}

/* The threshold "+N%", "+Ns" or "+N" of R (TEXT), into R.  */
static void
parse_amount (struct gate_rule *r, const char *text, const char *s)
{
	char *end;

	if (*s != '+')
		bad_rule (text, "the threshold must be an increase, +N");
	if (!isdigit ((unsigned char) s[1]) && s[1] != '.')
		bad_rule (text, "no number after the +");
	r->amount = strtod (s + 1, &end);
	if (!isfinite (r->amount) || r->amount < 0.0)
		bad_rule (text, "the number is not finite");
	if (strcmp (end, "%") == 0)
		r->unit = GATE_PERCENT;
	else if (strcmp (end, "s") == 0)
		r->unit = GATE_SECONDS;
	else if (*end == '\0')
		r->unit = GATE_COUNT;
	else
		bad_rule (text, "the threshold ends in neither %, s nor the "
			  "number");
	if (r->unit == GATE_SECONDS && r->metric == DIFF_CALLS)
		bad_rule (text, "calls are counts: +N or +N%, not seconds");
	if (r->unit == GATE_COUNT && r->metric != DIFF_CALLS)
		bad_rule (text, "a time needs a unit: +N% or +Ns");
}

/* One --fail-if=TEXT into R.  The last two fields are the metric and
   the threshold; what is before them names the function.  */
static void
parse_rule (struct gate_rule *r, const char *text)
{
	const char *last = strrchr (text, ':'), *mid;
	char *metric;
	int m;

	memset (r, 0, sizeof *r);
	r->text = text;
	if (!last)
		bad_rule (text, "no METRIC:");
	for (mid = last; mid > text && mid[-1] != ':'; mid--)
		continue;
	metric = xstrndup (mid, (size_t) (last - mid));
	for (m = 0; m < 3; m++)
		if (strcmp (metric, gate_metric_name (m)) == 0)
			break;
	if (m == 3) {
		char *why = xasprintf ("unknown metric `%s' (calls, self or "
				       "total)", metric);

		bad_rule (text, why);
	}
	free (metric);
	r->metric = m;
	parse_amount (r, text, last + 1);
	if (mid == text)
		return;
	r->func = xstrndup (text, (size_t) (mid - 1 - text));
	if (!*r->func)
		bad_rule (text, "an empty function name");
	if (strchr (r->func, ':'))
		bad_rule (text, "a file or a line names no row: the diff "
			  "matches functions by name between the builds, "
			  "so name the function alone");
	if (isdigit ((unsigned char) *r->func))
		bad_rule (text, "a line number is not a function");
}

struct gate *
gate_parse (const struct options *opt)
{
	struct gate *g;
	size_t i;

	if (!opt->nfail_if)
		return NULL;
	g = XCNEW (struct gate);
	g->rules = XCNEWVEC (struct gate_rule, opt->nfail_if);
	g->nrules = opt->nfail_if;
	for (i = 0; i < g->nrules; i++)
		parse_rule (&g->rules[i], opt->fail_if[i]);
	g->floor = opt->fail_floor >= 0.0 ? opt->fail_floor
		: GATE_DEFAULT_FLOOR;
	g->tick = opt->fail_tick >= 0.0 ? opt->fail_tick : GATE_TICK_HZ;
	return g;
}

static struct gate_verdict *
new_verdict (struct gate *g)
{
	if (g->n == g->cap) {
		g->cap = g->cap ? 2 * g->cap : 64;
		g->v = xrealloc (g->v, g->cap * sizeof *g->v);
	}
	memset (&g->v[g->n], 0, sizeof g->v[g->n]);
	return &g->v[g->n++];
}

/* The samples one independent sample stands for at rate HZ, when the
   independent ones come at TICK Hz (0: every one).  */
static double
weight (double hz, double tick)
{
	return tick > 0.0 && hz > tick ? hz / tick : 1.0;
}

/* The verdict of rule R on row W of T, into V.  */
static void
judge_one (const struct gate *g, const struct diff_table *t,
	   const struct gate_rule *r, const struct diff_row *w,
	   struct gate_verdict *v)
{
	int m = r->metric;
	double d;

	v->rule = r;
	v->name = w->name;
	v->base = w->v[0][m];
	v->now = w->v[1][m];
	d = v->now - v->base;
	v->allowed = r->unit == GATE_PERCENT ? v->base * r->amount / 100.0
		: r->amount;
	if (m == DIFF_CALLS) {
		v->state = d > v->allowed ? GATE_FAIL : GATE_PASS;
		return;
	}
	v->samples[0] = w->samples[0][m];
	v->samples[1] = w->samples[1][m];
	v->error = sqrt (weight (t->hz[1], g->tick) * v->samples[1]
			 / (t->hz[1] * t->hz[1])
			 + t->k * t->k * weight (t->hz[0], g->tick)
			 * v->samples[0] / (t->hz[0] * t->hz[0]));
	if (fmax (v->samples[0], v->samples[1]) < g->floor)
		v->state = GATE_FLOOR;
	else if (d <= v->allowed)
		v->state = GATE_PASS;
	else if (d - v->allowed <= GATE_SIGMAS * v->error)
		v->state = GATE_NOISE;
	else
		v->state = GATE_FAIL;
}

/* Whether rule R looks at row W, whose demangled name is SHOWN (or
   NULL): the function it names, or any with something of its metric
   on either side.  */
static bool
rule_on (const struct gate_rule *r, const struct diff_row *w,
	 const char *shown)
{
	size_t n;

	if (!r->func)
		return w->v[0][r->metric] != 0.0 || w->v[1][r->metric] != 0.0;
	if (strcmp (r->func, w->name) == 0)
		return true;
	n = strlen (r->func);
	return shown && strncmp (r->func, shown, n) == 0
		&& (shown[n] == '\0' || shown[n] == '(');
}

static int
cmp_verdicts (const void *lp, const void *rp)
{
	const struct gate_verdict *l = lp, *r = rp;

	if (l->state != r->state)
		return l->state < r->state ? -1 : 1;
	if (l->rule != r->rule)
		return l->rule < r->rule ? -1 : 1;
	return l < r ? -1 : l > r;
}

const char *
gate_name (const struct gate_verdict *v)
{
	return v->shown ? v->shown : v->name;
}

void
gate_judge (struct gate *g, const struct diff_table *t,
	    const struct objfile *of, bool demangle)
{
	unsigned char *seen = XCNEWVEC (unsigned char, t->n ? t->n : 1);
	char **shown = XCNEWVEC (char *, t->n ? t->n : 1);
	size_t i, j;

	g->k = t->k;
	g->normalized = t->normalized;
	for (j = 0; j < t->n && demangle && of; j++)
		shown[j] = objfile_demangle (of, t->v[j].name);
	for (i = 0; i < g->nrules; i++) {
		struct gate_rule *r = &g->rules[i];

		for (j = 0; j < t->n; j++) {
			struct gate_verdict *v;

			if (!rule_on (r, &t->v[j], shown[j]))
				continue;
			v = new_verdict (g);
			judge_one (g, t, r, &t->v[j], v);
			v->shown = shown[j] ? xstrdup (shown[j]) : NULL;
			r->matched++;
			g->nfunctions += !seen[j];
			seen[j] = 1;
		}
		if (r->func && !r->matched)
			gp_warn (NULL, "--fail-if=%s: no function `%s' in "
				 "either profile: nothing checked", r->text,
				 r->func);
	}
	for (i = 0; i < g->n; i++)
		g->count[g->v[i].state]++;
	/* (No verdict at all: V is NULL, which qsort may not be given.)  */
	if (g->n)
		qsort (g->v, g->n, sizeof *g->v, cmp_verdicts);
	for (j = 0; j < t->n; j++)
		free (shown[j]);
	free (shown);
	free (seen);
}

/* "+12.3%" of BASE, or "new" (no base).  */
static void
percent (char *buf, size_t n, double base, double now)
{
	if (base != 0.0)
		snprintf (buf, n, "%+.1f%%", 100.0 * (now - base) / base);
	else
		snprintf (buf, n, "%s", now != 0.0 ? "new" : "+0.0%");
}

void
gate_change (const struct gate_verdict *v, char *buf, size_t n)
{
	const char *what = gate_metric_name (v->rule->metric);
	char pc[32];

	percent (pc, sizeof pc, v->base, v->now);
	if (v->rule->metric == DIFF_CALLS)
		snprintf (buf, n, "%s %.0f -> %.0f (%+.0f, %s)", what,
			  v->base, v->now, v->now - v->base, pc);
	else
		snprintf (buf, n, "%s %.3f s -> %.3f s (%+.3f s, %s)", what,
			  v->base, v->now, v->now - v->base, pc);
}

void
gate_reason (const struct gate *g, const struct gate_verdict *v, char *buf,
	     size_t n)
{
	const char *over = v->state == GATE_PASS ? "within" : "over";

	if (v->rule->metric == DIFF_CALLS) {
		snprintf (buf, n, "%s %s (at most %+.0f)", over,
			  v->rule->text, v->allowed);
		return;
	}
	if (v->state == GATE_FLOOR) {
		snprintf (buf, n, "not judged: %.0f and %.0f samples, fewer "
			  "than the floor of %.0f (--fail-floor)",
			  v->samples[0], v->samples[1], g->floor);
		return;
	}
	snprintf (buf, n, "%s %s (at most %+.3f s); on %.0f and %.0f "
		  "samples, sampling error %.3f s%s", over, v->rule->text,
		  v->allowed, v->samples[0], v->samples[1], v->error,
		  v->state == GATE_NOISE ? ": the excess is within "
		  "3 sigma" : v->state == GATE_FAIL ? ": the excess is "
		  "beyond 3 sigma" : "");
}

int
gate_report (const struct gate *g, FILE *err)
{
	char change[160], reason[320];
	size_t i;

	for (i = 0; i < g->n; i++) {
		const struct gate_verdict *v = &g->v[i];

		if (v->state != GATE_FAIL && v->state != GATE_NOISE)
			continue;
		gate_change (v, change, sizeof change);
		gate_reason (g, v, reason, sizeof reason);
		fprintf (err, "%s: %s: %s: %s %s\n", program_name,
			 v->state == GATE_FAIL ? "fail"
			 : "within sampling error", gate_name (v), change,
			 reason);
	}
	fprintf (err, "%s: gate: %zu threshold%s on %zu function%s, %zu "
		 "verdict%s: %zu crossed, %zu within sampling error (%g "
		 "sigma), %zu passed, %zu not judged (a time on fewer than "
		 "%.0f samples on both sides: --fail-floor); ", program_name,
		 g->nrules, g->nrules == 1 ? "" : "s", g->nfunctions,
		 g->nfunctions == 1 ? "" : "s", g->n, g->n == 1 ? "" : "s",
		 g->count[GATE_FAIL], g->count[GATE_NOISE], GATE_SIGMAS,
		 g->count[GATE_PASS], g->count[GATE_FLOOR], g->floor);
	if (g->normalized)
		fprintf (err, "the base's times scaled by %.4f; ", g->k);
	else
		fprintf (err, "times as measured; ");
	fprintf (err, "exit status %d\n", g->count[GATE_FAIL] ? GATE_STATUS
		 : 0);
	return g->count[GATE_FAIL] ? GATE_STATUS : 0;
}

static void
put_file (void *f, const char *s, size_t n)
{
	fwrite (s, 1, n, f);
}

static void
json_str (FILE *out, const char *s)
{
	utf8_json (s, put_file, out);
}

/* A number, or null for none (NaN).  */
static void
json_num (FILE *out, double x)
{
	if (isnan (x))
		fprintf (out, "null");
	else
		fprintf (out, "%.9g", x);
}

static void
json_verdict (FILE *out, const struct gate_verdict *v)
{
	bool time = v->rule->metric != DIFF_CALLS;

	fprintf (out, "    {\"function\": ");
	json_str (out, gate_name (v));
	fprintf (out, ", \"symbol\": ");
	json_str (out, v->name);
	fprintf (out, ", \"metric\": \"%s\", \"threshold\": ",
		 gate_metric_name (v->rule->metric));
	json_str (out, v->rule->text);
	fprintf (out, ", \"verdict\": \"%s\", \"base\": %.9g, \"new\": "
		 "%.9g, \"delta\": %.9g, \"percent\": ",
		 v->state == GATE_FAIL ? "fail" : v->state == GATE_NOISE
		 ? "noise" : v->state == GATE_PASS ? "pass" : "floor",
		 v->base, v->now, v->now - v->base);
	json_num (out, v->base != 0.0 ? 100.0 * (v->now - v->base)
		  / v->base : NAN);
	fprintf (out, ", \"allowed\": %.9g, \"samples\": ", v->allowed);
	if (time)
		fprintf (out, "{\"base\": %.9g, \"new\": %.9g}",
			 v->samples[0], v->samples[1]);
	else
		fprintf (out, "null");
	fprintf (out, ", \"sampling_error\": ");
	json_num (out, time ? v->error : NAN);
	fprintf (out, "}");
}

void
gate_json (FILE *out, const struct gate *g)
{
	size_t i;

	fprintf (out, ",\n  \"gate\": {\"status\": %d, \"rules\": [",
		 g->count[GATE_FAIL] ? GATE_STATUS : 0);
	for (i = 0; i < g->nrules; i++) {
		fprintf (out, "%s", i ? ", " : "");
		json_str (out, g->rules[i].text);
	}
	fprintf (out, "], \"functions\": %zu, \"crossed\": %zu, "
		 "\"within_sampling_error\": %zu, \"passed\": %zu, "
		 "\"below_floor\": %zu, \"floor_samples\": %g, "
		 "\"sigmas\": %g},\n", g->nfunctions, g->count[GATE_FAIL],
		 g->count[GATE_NOISE], g->count[GATE_PASS],
		 g->count[GATE_FLOOR], g->floor, GATE_SIGMAS);
	fprintf (out, "  \"verdicts\": [");
	for (i = 0; i < g->n; i++) {
		fprintf (out, "%s\n", i ? "," : "");
		json_verdict (out, &g->v[i]);
	}
	fprintf (out, "\n  ]");
}

void
gate_free (struct gate *g)
{
	size_t i;

	if (!g)
		return;
	for (i = 0; i < g->nrules; i++)
		free (g->rules[i].func);
	for (i = 0; i < g->n; i++)
		free (g->v[i].shown);
	free (g->rules);
	free (g->v);
	free (g);
}
