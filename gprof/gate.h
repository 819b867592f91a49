/* gate.h - gprof --fail-if: a pass/fail verdict on a diff (gate.c).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Each --fail-if=[FUNCTION:]METRIC:+N% (or +Ns, +N) is a rule, judged
   against every row of the --diff-base table it names; gprof exits
   with GATE_STATUS when a rule is crossed.  */

#ifndef GPROF_GATE_H
#define GPROF_GATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "gprof/diff.h"
#include "gprof/options.h"

struct objfile;

/* gprof's exit status when a threshold is crossed (0: none is; 1
   stays the status of an error).  */
#define GATE_STATUS	3

/* How many standard deviations of the sampling error a time's excess
   over its threshold must pass to be a crossing.  */
#define GATE_SIGMAS	3.0

/* The slowest clock tick of the kernels libgmon runs on (and glibc's
   rate): its default clock samples the program's place at the tick,
   each signal counting for the periods that passed, so that a count
   of n samples at a faster rate HZ holds n * GATE_TICK_HZ / HZ
   independent ones; unless --fail-tick says otherwise.  */
#define GATE_TICK_HZ	100.0

/* The fewest samples (on the larger side) a time is judged on, unless
   --fail-floor says otherwise.  */
#define GATE_DEFAULT_FLOOR	50.0

enum gate_unit {
	GATE_PERCENT,			/* +N%: of the base */
	GATE_SECONDS,			/* +Ns: time only */
	GATE_COUNT			/* +N: calls only */
};

/* One --fail-if.  */
struct gate_rule {
	const char *text;		/* as typed */
	char *func;			/* the function it names; NULL: every
					   function */
	int metric;			/* DIFF_SELF, DIFF_TOTAL, DIFF_CALLS */
	enum gate_unit unit;		/* what AMOUNT is */
	double amount;			/* the N of +N%, +Ns, +N */
	size_t matched;			/* rows it was judged on */
};

enum gate_state {
	GATE_FAIL,			/* crossed */
	GATE_NOISE,			/* over the threshold, within the
					   sampling error */
	GATE_PASS,			/* within the threshold */
	GATE_FLOOR,			/* time on too few samples: not
					   judged */
	GATE_NSTATES
};

/* One rule on one function.  */
struct gate_verdict {
	const struct gate_rule *rule;	/* the threshold */
	const char *name;		/* the function (raw symbol name) */
	char *shown;			/* ... demangled (malloc'd), or NULL:
					   NAME as it is */
	enum gate_state state;		/* the verdict */
	double base, now;		/* seconds (the base's as the table
					   scales them) or calls */
	double allowed;			/* the largest increase that passes */
	double error;			/* time: the change's standard
					   deviation, seconds; calls: 0 */
	double samples[2];		/* time: the samples behind BASE and
					   NOW, not scaled; calls: 0 */
};

struct gate {
	struct gate_rule *rules;	/* the --fail-if options, in order */
	size_t nrules;
	double floor;			/* --fail-floor, samples */
	double tick;			/* --fail-tick, Hz (0: every sample
					   independent) */
	double k;			/* the table's scale of the base */
	bool normalized;		/* ... K scales the base */
	struct gate_verdict *v;		/* failures first, then by rule and
					   the table's order */
	size_t n, cap;
	size_t nfunctions;		/* functions with a verdict */
	size_t count[GATE_NSTATES];	/* verdicts per state */
};

/* The rules of OPT's --fail-if options, or NULL if it has none.
   Exits with a message (status 1) on a bad one.  */
struct gate *gate_parse (const struct options *opt);

/* Judges every rule of G on the rows of T, whose names OF demangles
   if DEMANGLE (a rule names a function by its symbol, its demangled
   name, or that name less its parameters).  */
void gate_judge (struct gate *g, const struct diff_table *t,
		 const struct objfile *of, bool demangle);

/* The name of V's function as the messages show it.  */
const char *gate_name (const struct gate_verdict *v);

/* Prints the crossings, those within sampling error and a summary to
   ERR; returns the exit status: GATE_STATUS if a rule was crossed,
   else 0.  */
int gate_report (const struct gate *g, FILE *err);

/* The verdicts as the members "gate" and "verdicts" of the JSON diff
   (after its "functions": each starts with a comma).  */
void gate_json (FILE *out, const struct gate *g);

/* "calls 1000 -> 1100 (+100, +10.0%)", or for a time "self 0.412 s
   -> 0.830 s (+0.418 s, +101.5%)", into BUF.  */
void gate_change (const struct gate_verdict *v, char *buf, size_t n);

/* Why V is what it is, in a sentence after gate_change ("over
   calls:+0% (at most +0)", ...), into BUF.  */
void gate_reason (const struct gate *g, const struct gate_verdict *v,
		  char *buf, size_t n);

/* "calls", "self", "total"; "fail", "within sampling error", "pass",
   "below the floor".  */
const char *gate_metric_name (int metric);
const char *gate_state_name (enum gate_state s);

void gate_free (struct gate *g);

#endif /* GPROF_GATE_H */
