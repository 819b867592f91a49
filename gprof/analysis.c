/* analysis.c - the stages after loading, on a copy of the symbols.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gprof/analysis.h"
#include "gprof/graph/assign.h"
#include "gprof/graph/callgraph.h"
#include "gprof/diagnose.h"
#include "gprof/lines/lines.h"
#include "gprof/lines/linesyms.h"
#include "gprof/measure.h"
#include "gprof/arch/staticcalls.h"
#include "gprof/profile/profile.h"
#include "gprof/util/stage.h"
#include "gprof/util/util.h"

static const char *
analysis_profile_name (const struct options *opt)
{
	return opt->ngmon ? opt->gmon_files[0] : "gmon.out";
}

/* A's own copy of the symbols of ST.  The lookup index and the names'
   ranks hold numbers of symbols, not addresses: they serve the copy
   as they are.  */
static void
copy_symbols (struct analysis *a, const struct symtab *st)
{
	a->st = *st;
	a->st.base = XNEWVEC (struct sym, st->len + 1);
	if (st->len)
		memcpy (a->st.base, st->base, st->len * sizeof *st->base);
	if (st->overhead)
		a->st.overhead = a->st.base + (st->overhead - st->base);
}

/* The arcs onto the symbols, the cycles, the propagated or measured
   times.  */
static void
build_graph (struct analysis *a, const struct analysis_input *in)
{
	const struct options *opt = in->opt;
	struct profile *p = in->prof;
	struct static_scan scan;

	memset (&scan, 0, sizeof scan);
	if (p->nctx && !opt->line)
		ctx_add_calls (p, &a->st);
	a->lost = cg_tally (&a->cg, &a->st, p, in->ss);
	if (in->static_calls)
		static_scan_init (&scan, in->of, &a->st, &a->cg, p);
	cg_assemble (&a->cg, &a->st, in->ss,
		     in->static_calls ? static_scan_sym : NULL, &scan);
	/* Line symbols split a function, and the calling contexts measure
	   functions: -l keeps GNU gprof's estimates (its exports are
	   measured, on the function model).  */
	if (p->nctx && !opt->line)
		ctx_measure (&a->cg, &a->st, p, in->ss,
			     analysis_profile_name (opt), in->gaps);
	else if (p->nctx && (opt->style & STYLE_CALL_GRAPH))
		gp_warn (analysis_profile_name (opt), "-l: the call graph of "
			 "lines estimates its children times as GNU gprof "
			 "does; the calling contexts measure functions (use "
			 "it without -l)");
	if (opt->line && in->lines)
		linesyms_renumber (in->lines, &a->cg);
	stage_end ("call graph");
	a->have_cg = true;
}

/* File names are looked up only for what will be printed (or, for
   the exports, every function that has time or calls).  */
static void
resolve_lines (struct analysis *a, const struct analysis_input *in)
{
	const struct options *opt = in->opt;
	bool graph = in->reports && a->have_cg
		&& (opt->style & STYLE_CALL_GRAPH);
	size_t i;

	if (!in->lines)
		return;
	for (i = 0; i < a->st.len; i++) {
		struct sym *s = &a->st.base[i];
		bool zero = s->ncalls == 0 && s->time == 0;

		if (opt->inline_file_names || (opt->style & STYLE_EXEC_COUNTS)
		    || (graph && !opt->bsd && s->is_static
			&& !(opt->ignore_zeros && zero))
		    || (in->exports && !(opt->ignore_zeros && zero
					 && s->parents == NO_ARC
					 && s->children == NO_ARC)))
			lines_resolve (in->lines, s);
	}
}

void
analysis_check (const struct options *opt, const struct profile *p)
{
	if ((opt->style & STYLE_FLAT) && !(p->input & INPUT_HIST))
		gp_fatal (analysis_profile_name (opt), "the profile has no "
			  "histogram (no time samples), so there is no flat "
			  "profile");
	if ((opt->style & STYLE_CALL_GRAPH) && !(p->input & INPUT_ARCS))
		gp_fatal (analysis_profile_name (opt), "the profile has no "
			  "call-graph data (was the program compiled with "
			  "-pg?)");
}

struct analysis *
analysis_build (const struct analysis_input *in)
{
	const struct options *opt = in->opt;
	struct profile *p = in->prof;
	struct analysis *a = XCNEW (struct analysis);

	copy_symbols (a, in->st);
	cg_init (&a->cg);
	if (p->input & INPUT_HIST)
		a->total_time = assign_samples (p, &a->st, &a->overhead_out);
	if (!in->exports)
		profile_drop_bins (p);
	stage_end ("time");
	if (p->input & INPUT_ARCS)
		build_graph (a, in);

	analysis_check (opt, p);
	/* A thread's profile is part of the whole: the whole is checked
	   once, after them (main.c's run_threads).  */
	if (in->whole)
		diagnose_mismatch (opt, in->of, p, &a->st, a->lost);
	resolve_lines (a, in);
	return a;
}

void
analysis_free (struct analysis *a)
{
	if (!a)
		return;
	cg_free (&a->cg);
	free (a->st.base);
	free (a);
}
