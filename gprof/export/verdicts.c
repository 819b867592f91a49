/* verdicts.c - --fail-if's verdicts for a CI system: JUnit XML and a
   Markdown summary.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   JUnit, as CI systems read it (Jenkins, GitLab, GitHub's reporters):
   <testsuites> holding one <testsuite>, one <testcase> per function
   and rule; a crossing is a <failure>, a time below the floor a
   <skipped>, a time over its threshold within the sampling error a
   pass that says so in its <system-out>.  Markdown: a table for a pull
   request's comment, failures first, then those within sampling
   error, then the passes (the first MD_MAX_PASSES of them); the times
   not judged are counted, not listed.  */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "gprof/export/private.h"
#include "gprof/gate.h"
#include "gprof/util/utf8.h"

/* The passing rows a Markdown summary lists (a comment stays short:
   GitHub takes 65536 characters).  */
#define MD_MAX_PASSES	50

static void
put_xml (struct out *o, const char *s)
{
	utf8_xml (s, out_put, o);
}

/* The change and the reason of V, as one sentence (for a message).  */
static void
sentence (const struct gate *g, const struct gate_verdict *v, char *buf,
	  size_t n)
{
	char change[160], reason[320];

	gate_change (v, change, sizeof change);
	gate_reason (g, v, reason, sizeof reason);
	snprintf (buf, n, "%s %s", change, reason);
}

static void
junit_write (const struct gate *g, struct out *o)
{
	char text[512];
	size_t i;

	out_printf (o, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		    "<testsuites name=\"gprof --fail-if\" tests=\"%zu\" "
		    "failures=\"%zu\" errors=\"0\" skipped=\"%zu\">\n"
		    "  <testsuite name=\"gprof --fail-if\" tests=\"%zu\" "
		    "failures=\"%zu\" errors=\"0\" skipped=\"%zu\" "
		    "time=\"0\">\n", g->n, g->count[GATE_FAIL],
		    g->count[GATE_FLOOR], g->n, g->count[GATE_FAIL],
		    g->count[GATE_FLOOR]);
	for (i = 0; i < g->n; i++) {
		const struct gate_verdict *v = &g->v[i];

		sentence (g, v, text, sizeof text);
		out_printf (o, "    <testcase classname=\"gprof.fail-if.%s\" "
			    "name=\"", gate_metric_name (v->rule->metric));
		put_xml (o, gate_name (v));
		out_puts (o, " (");
		put_xml (o, v->rule->text);
		out_puts (o, ")\" time=\"0\">");
		if (v->state == GATE_FAIL) {
			out_puts (o, "\n      <failure type=\"threshold\" "
				  "message=\"");
			put_xml (o, text);
			out_puts (o, "\">");
			put_xml (o, gate_name (v));
			out_puts (o, ": ");
			put_xml (o, text);
			out_puts (o, "</failure>\n    ");
		} else if (v->state == GATE_FLOOR) {
			out_puts (o, "\n      <skipped message=\"");
			put_xml (o, text);
			out_puts (o, "\"/>\n    ");
		} else if (v->state == GATE_NOISE) {
			out_puts (o, "\n      <system-out>within sampling "
				  "error: ");
			put_xml (o, text);
			out_puts (o, "</system-out>\n    ");
		}
		out_puts (o, "</testcase>\n");
	}
	out_puts (o, "  </testsuite>\n</testsuites>\n");
}

/* S in a Markdown table's cell, as code: `|' escaped (GitHub's tables
   split at it even in code), a backquote made a quote.  */
static void
md_code (struct out *o, const char *s)
{
	char *clean = utf8_clean (s), *p;

	out_puts (o, "`");
	for (p = clean; *p; p++)
		if (*p == '|')
			out_puts (o, "\\|");
		else
			out_write (o, *p == '`' ? "'" : p, 1);
	out_puts (o, "`");
	free (clean);
}

static void
md_row (const struct gate *g, const struct gate_verdict *v, struct out *o)
{
	static const char *const verdict[GATE_NSTATES] = { "**FAIL**",
		"noise", "pass", "not judged" };
	bool time = v->rule->metric != DIFF_CALLS;
	const char *unit = time ? " s" : "";
	int prec = time ? 3 : 0;

	(void) g;
	out_printf (o, "| %s | ", verdict[v->state]);
	md_code (o, gate_name (v));
	out_printf (o, " | %s | ", gate_metric_name (v->rule->metric));
	md_code (o, v->rule->text);
	out_printf (o, " | %.*f%s | %.*f%s | %+.*f%s | ", prec, v->base, unit,
		    prec, v->now, unit, prec, v->now - v->base, unit);
	if (v->base != 0.0)
		out_printf (o, "%+.1f%%", 100.0 * (v->now - v->base) / v->base);
	else
		out_puts (o, v->now != 0.0 ? "new" : "+0.0%");
	out_printf (o, " | %+.*f%s | ", prec, v->allowed, unit);
	if (time)
		out_printf (o, "%.0f / %.0f, error %.3f s |\n", v->samples[0],
			    v->samples[1], v->error);
	else
		out_puts (o, "exact |\n");
}

static void
markdown_write (const struct gate *g, struct out *o)
{
	size_t i, passes = 0;

	out_printf (o, "## gprof --fail-if: %s\n\n", g->count[GATE_FAIL]
		    ? "threshold crossed" : "no threshold crossed");
	out_printf (o, "%zu threshold%s on %zu function%s, %zu verdict%s: "
		    "**%zu crossed**, %zu within sampling error (%g sigma), "
		    "%zu passed, %zu not judged (a time on fewer than %.0f "
		    "samples on both sides).  ", g->nrules, g->nrules == 1
		    ? "" : "s", g->nfunctions, g->nfunctions == 1 ? "" : "s",
		    g->n, g->n == 1 ? "" : "s", g->count[GATE_FAIL],
		    g->count[GATE_NOISE], GATE_SIGMAS, g->count[GATE_PASS],
		    g->count[GATE_FLOOR], g->floor);
	if (g->normalized)
		out_printf (o, "The base's times are scaled by %.4f to the new "
			    "run's length.\n\n", g->k);
	else
		out_puts (o, "Times are as measured.\n\n");
	out_puts (o, "| Verdict | Function | Metric | Threshold | Base | New "
		  "| Change | % | Allowed | Samples (base / new) |\n"
		  "|---|---|---|---|--:|--:|--:|--:|--:|---|\n");
	for (i = 0; i < g->n; i++) {
		const struct gate_verdict *v = &g->v[i];

		if (v->state == GATE_FLOOR)
			continue;
		if (v->state == GATE_PASS && passes++ >= MD_MAX_PASSES)
			continue;
		md_row (g, v, o);
	}
	if (passes > MD_MAX_PASSES)
		out_printf (o, "\n%zu more passed (not listed).\n",
			    passes - MD_MAX_PASSES);
}

const struct export_format export_junit = {
	.name = "junit",
	.options = "none",
	.allows = 0,
	.path_prefix = "",
	.path_suffix = ".junit.xml",
	.write_verdicts = junit_write,
};

const struct export_format export_markdown = {
	.name = "markdown",
	.options = "none",
	.allows = 0,
	.path_prefix = "",
	.path_suffix = ".gate.md",
	.write_verdicts = markdown_write,
};
