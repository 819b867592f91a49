/* main.c - gprof: the pipeline, top to bottom.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

     options -> symbols of the executable -> symspecs -> profiles
       -> [-s: gmon.sum] -> samples to symbols -> call graph -> reports

   in the order GNU gprof runs them, since some of its outputs depend
   on what ran before (the -i lines come while the profiles are read,
   gmon.sum is written before any time is assigned).  */

#include <config.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gprof/assign.h"
#include "gprof/lines/blocks.h"
#include "gprof/callgraph.h"
#include "gprof/measure.h"
#include "gprof/diagnose.h"
#include "gprof/export/export.h"
#include "gprof/lines/lines.h"
#include "gprof/lines/linesyms.h"
#include "gprof/objects.h"
#include "gprof/objfile.h"
#include "gprof/options.h"
#include "gprof/profile.h"
#include "gprof/report/report.h"
#include "gprof/util/stage.h"
#include "gprof/arch/staticcalls.h"
#include "gprof/symfile.h"
#include "gprof/symspec.h"
#include "gprof/symtab.h"
#include "gprof/util/util.h"

#ifdef __SANITIZE_ADDRESS__
/* libbfd 2.40 loses a few bytes in its DWARF reader for C++ programs
   (not ours to free); the sanitizer build must not count them.  */
const char *__lsan_default_suppressions (void);
const char *__lsan_default_options (void);

const char *
__lsan_default_suppressions (void)
{
	return "leak:libbfd\n";
}

const char *
__lsan_default_options (void)
{
	return "print_suppressions=0";
}
#endif

static void
on_file (const char *name, const struct file_stats *st, void *arg)
{
	report_file_info (arg, name, st->version,
			  (unsigned long long) st->nhist,
			  (unsigned long long) st->narcs,
			  (unsigned long long) st->nbb);
}

/* Whether -l needs every line symbol in the table, not only those
   the profile touches: outputs that list symbols without time or
   calls (-z, -A, -r, -R), -c (which looks for calls in each of them),
   symspecs (which select among them), and -C (whose order, by GNU
   gprof's comparison that is not transitive, depends on every
   symbol sorted).  */
static bool
all_line_syms (const struct options *opt)
{
	return !opt->ignore_zeros || opt->static_calls || opt->nspecs > 0
		|| (opt->style & (STYLE_ANNOTATED | STYLE_FUNC_ORDER
				  | STYLE_FILE_ORDER | STYLE_EXEC_COUNTS));
}

/* Without an output option: the flat profile if there are samples,
   the call graph if there are arcs, else the execution counts; less
   what an option turned off.  */
static void
default_style (struct options *opt, const struct profile *p)
{
	if (opt->style != 0)
		return;
	if (p->input & (INPUT_HIST | INPUT_ARCS)) {
		if (p->input & INPUT_HIST)
			opt->style |= STYLE_FLAT;
		if (p->input & INPUT_ARCS)
			opt->style |= STYLE_CALL_GRAPH;
	} else {
		opt->style = STYLE_EXEC_COUNTS;
	}
	opt->style &= ~opt->user_specified;
}

static const char *
profile_name (const struct options *opt)
{
	return opt->ngmon ? opt->gmon_files[0] : "gmon.out";
}

/* File names are looked up only for what will be printed (or, for
   the exports, every function that has time or calls).  */
static void
resolve_lines (const struct options *opt, struct lines *lines,
	       struct symtab *st, bool graph, bool exports)
{
	size_t i;

	if (!lines)
		return;
	for (i = 0; i < st->len; i++) {
		struct sym *s = &st->base[i];
		bool zero = s->ncalls == 0 && s->time == 0;

		if (opt->inline_file_names || (opt->style & STYLE_EXEC_COUNTS)
		    || (graph && !opt->bsd && s->is_static
			&& !(opt->ignore_zeros && zero))
		    || (exports && !(opt->ignore_zeros && zero
				     && s->parents == NO_ARC
				     && s->children == NO_ARC)))
			lines_resolve (lines, s);
	}
}

struct names {
	char **v;			/* names to free at the end */
	size_t n;
};

/* --objects: the symbols of every object but the program, each at
   its place, after the program's in ST.  */
static void
add_object_syms (const struct options *opt, const struct proc_objects *objs,
		 struct symtab *st, struct names *names)
{
	size_t k, i;

	for (k = 1; k < objs->n; k++) {
		uint64_t end = 0;
		size_t n;
		struct sym *v = objects_syms (&objs->v[k], opt, &end,
						     &n);

		if (n) {
			st->base = xrealloc (st->base, (st->len + n)
					     * sizeof *st->base);
			memcpy (st->base + st->len, v, n * sizeof *v);
			st->len += n;
			names->v = xrealloc (names->v, (names->n + n)
					     * sizeof *names->v);
			for (i = 0; i < n; i++)
				names->v[names->n++] = (char *) v[i].name;
			if (end > st->text_end)
				st->text_end = end;
		}
		free (v);
	}
}

/* The function-level model the exports of a -l run describe: FST
   holds the function symbols; their time, arcs and cycles are found as
   without -l, into IN.  Returns the symspecs made for them.  */
static struct symspecs *
function_model (const struct options *opt, struct objfile *of,
		struct lines *lines, struct symtab *fst,
		const struct profile *prof, struct callgraph *fcg,
		struct export_input *in)
{
	struct options fopt = *opt;
	struct symspecs *fss;
	size_t i;

	fopt.line = false;
	symtab_index (fst);
	symtab_rank_names (fst);
	fss = symspec_build (&fopt, fst, lines, objfile_leading_char (of));
	for (i = 0; i < fst->len; i++)
		fst->base[i].flat_off = !symspec_on (fss, fst, &fst->base[i],
						     INCL_FLAT);
	cg_init (fcg);
	in->total_time = 0.0;
	if (prof->input & INPUT_HIST)
		in->total_time = assign_samples (prof, fst);
	in->cg = NULL;
	if (prof->input & INPUT_ARCS) {
		cg_tally (fcg, fst, prof, fss);
		cg_assemble (fcg, fst, fss, NULL, NULL);
		if (prof->nctx)
			ctx_measure (fcg, fst, prof, fss, profile_name (opt));
		in->cg = fcg;
	}
	resolve_lines (&fopt, lines, fst, false, true);
	in->st = fst;
	return fss;
}

int
main (int argc, char **argv)
{
	struct options opt;
	struct objfile *of;
	struct lines *lines = NULL;
	struct blocks *bb = NULL;
	struct fmap map = { NULL, 0 };
	struct symtab st = { NULL, 0, 0, NULL, NULL, 0, 0, 0, NULL, 0, NULL };
	struct symspecs *ss;
	struct profile prof;
	struct proc_objects objs = { NULL, 0, 0 };
	struct names obj_names = { NULL, 0 };
	struct callgraph cg;
	struct report rep;
	struct export_set *xs = NULL;
	struct symtab fst = { NULL, 0, 0, NULL, NULL, 0, 0, 0, NULL, 0, NULL };
	struct symspecs *fss = NULL;
	struct callgraph fcg;
	char *names = NULL;
	bool have_cg = false;
	uint64_t lost = 0;
	size_t i;

	options_parse (argc, argv, &opt);
	xmalloc_set_program_name (program_name);
	gp_debug = opt.debug;
	stage_init ();
	setvbuf (stdout, NULL, _IOFBF, 1 << 16);
	DBG (DBG_ANY, "[main] debug-level=0x%x\n", opt.debug);
	if (opt.nexports)
		xs = export_parse (&opt);

	/* Symbols of the executable (and, with --objects, of the other
	   objects of the processes profiled, which their companions
	   name).  */
	of = objfile_open (opt.image);
	if (opt.objects)
		profile_objects (opt.gmon_files, opt.ngmon, &objs);
	if (opt.map_file)
		symfile_read_map (opt.map_file, &map);
	if (opt.symbol_file) {
		st.base = symfile_read_syms (opt.symbol_file, &st.len,
						    &names);
	} else {
		/* Files and lines of every function first, in GNU gprof's
		   order, where the order of the source files shows (-A,
		   symspecs naming files); -l finds them on its way.  */
		lines = lines_open (of);
		st.base = objfile_function_syms (of, &opt, &map, &st.len);
		if (symspec_needs_lines (&opt) || (opt.style & STYLE_ANNOTATED))
			for (i = 0; i < st.len; i++)
				lines_resolve (lines, &st.base[i]);
	}
	st.text_end = objfile_text_end (of);
	if (opt.objects)
		add_object_syms (&opt, &objs, &st, &obj_names);
	symtab_finalize (st.base, &st.len, st.text_end);
	stage_end ("symbols");

	/* The profiles; -i tells about each as it is read.  (Before the
	   symspecs, unlike GNU gprof: -l puts the line symbols the
	   profile touches into the table, which the symspecs match.)  */
	cg_init (&cg);
	report_init (&rep, &opt, of, &st, &prof, &cg, NULL, 0.0);
	profile_read (&prof, of, opt.gmon_files, opt.ngmon, opt.format,
		      (opt.style & STYLE_INFO) ? on_file : NULL, &rep,
		      opt.objects ? &objs : NULL, opt.contexts);
	stage_end ("profiles");
	if (objs.lost_calls)
		gp_warn (profile_name (&opt), "--objects: %" PRIu64 " calls from "
			 "or into code of no known object are left out",
			 objs.lost_calls);
	/* Exports alone print no report.  */
	if (!xs)
		default_style (&opt, &prof);
	/* The exports describe functions (and, with -l, the lines inside
	   each, which they find themselves): they get a model of their
	   own, built from the function symbols before -l adds lines.  */
	if (xs && opt.line) {
		fst.base = XNEWVEC (struct sym, st.len ? st.len : 1);
		memcpy (fst.base, st.base, st.len * sizeof *st.base);
		fst.len = st.len;
		fst.text_end = st.text_end;
	}
	if (opt.line && lines)
		linesyms_add (lines, &st, &prof, all_line_syms (&opt));
	symtab_index (&st);
	/* The table is final: its names ranked once, for the sorts by
	   name (flat profile, call-graph order, index) and for finding
	   the symbols the symspecs name.  */
	symtab_rank_names (&st);
	ss = symspec_build (&opt, &st, lines, objfile_leading_char (of));
	rep.ss = ss;
	rep.lines = lines;
	/* The symbols come with flat_off clear: only those left out are
	   written (a pass over a million symbols to set a bit in each
	   reads and writes back more memory than the caches hold).  */
	for (i = 0; i < st.len; i++)
		if (!symspec_on (ss, &st, &st.base[i], INCL_FLAT))
			st.base[i].flat_off = 1;
	if ((prof.input & INPUT_BB) && !opt.line && !xs)
		gp_warn (NULL, "ignoring basic-block execution counts (they "
			 "need -l)");
	if ((prof.input & INPUT_BB) && opt.line)
		rep.bb = bb = blocks_assign (&prof, &st);
	stage_end ("symspecs");

	if (export_to_stdout (xs) && (opt.style & ~STYLE_SUMMARY))
		gp_fatal (NULL, "an export to standard output (-) cannot go "
			  "with a report, which is printed there too");

	if (opt.style & STYLE_SUMMARY) {
		report_sum (&rep, opt.symbol_file ? NULL : lines, of,
			    "gmon.sum");
		if (prof.nctx)
			gp_warn ("gmon.sum", "the calling contexts of the "
				 "profiles are not in it (a gmon file has no "
				 "room for them)");
		stage_end ("gmon.sum");
	}

	/* With nothing more to print (-s, -i), the rest is not needed.  */
	if (!(opt.style & ~(STYLE_SUMMARY | STYLE_INFO)) && !xs)
		goto done;

	if (prof.input & INPUT_HIST)
		rep.total_time = assign_samples (&prof, &st);
	if (!xs)
		profile_drop_bins (&prof);
	stage_end ("time");
	if (prof.input & INPUT_ARCS) {
		struct static_scan scan;

		memset (&scan, 0, sizeof scan);
		lost = cg_tally (&cg, &st, &prof, ss);
		if (opt.static_calls)
			static_scan_init (&scan, of, &st, &cg, &prof);
		cg_assemble (&cg, &st, ss,
			     opt.static_calls ? static_scan_sym : NULL, &scan);
		/* Line symbols split a function, and the calling contexts
		   measure functions: -l keeps GNU gprof's estimates (its
		   exports are measured, on the function model).  */
		if (prof.nctx && !opt.line)
			ctx_measure (&cg, &st, &prof, ss,
				     profile_name (&opt));
		else if (prof.nctx && (opt.style & STYLE_CALL_GRAPH))
			gp_warn (profile_name (&opt), "-l: the call graph of "
				 "lines estimates its children times as GNU "
				 "gprof does; the calling contexts measure "
				 "functions (use it without -l)");
		if (opt.line && lines)
			linesyms_renumber (lines, &cg);
		stage_end ("call graph");
		have_cg = true;
	}

	if ((opt.style & STYLE_FLAT) && !(prof.input & INPUT_HIST))
		gp_fatal (profile_name (&opt), "the profile has no histogram "
			  "(no time samples), so there is no flat profile");
	if ((opt.style & STYLE_CALL_GRAPH) && !(prof.input & INPUT_ARCS))
		gp_fatal (profile_name (&opt), "the profile has no call-graph "
			  "data (was the program compiled with -pg?)");
	diagnose_mismatch (&opt, of, &prof, &st, lost);
	resolve_lines (&opt, lines, &st,
		       have_cg && (opt.style & STYLE_CALL_GRAPH), xs != NULL);

	if (have_cg && (opt.style & STYLE_CALL_GRAPH) && opt.bsd)
		report_graph (&rep);
	if (opt.style & STYLE_FLAT) {
		report_flat (&rep);
		stage_end ("flat profile");
	}
	if (have_cg && (opt.style & STYLE_CALL_GRAPH)) {
		if (!opt.bsd)
			report_graph (&rep);
		stage_end ("call graph report");
		report_index (&rep);
		stage_end ("index");
	}
	if (opt.style & STYLE_EXEC_COUNTS)
		report_exec_counts (&rep);
	if (opt.style & STYLE_ANNOTATED)
		report_annotated (&rep);
	if (opt.style & STYLE_FUNC_ORDER)
		report_function_order (&rep);
	if (opt.style & STYLE_FILE_ORDER)
		report_file_order (&rep, &map);
	stage_end ("other reports");
	if (xs) {
		struct export_input in = {
			&opt, of, lines, &st, &prof, have_cg ? &cg : NULL,
			rep.total_time
		};

		if (fflush (stdout) != 0)
			gp_fatal (NULL, "cannot write the output");
		if (opt.line)
			fss = function_model (&opt, of, lines, &fst, &prof,
					      &fcg, &in);
		export_write (xs, &in);
		stage_end ("exports");
	}

done:
	if (fflush (stdout) != 0 || ferror (stdout))
		gp_fatal (NULL, "cannot write the output");

	export_free (xs);
	if (fss) {
		cg_free (&fcg);
		symspec_free (fss);
		symtab_free_index (&fst);
	}
	free (fst.base);
	report_free (&rep);
	cg_free (&cg);
	profile_free (&prof);
	blocks_free (bb);
	symspec_free (ss);
	lines_close (lines);
	symfile_free_map (&map);
	free (names);
	symtab_free_index (&st);
	free (st.base);
	for (i = 0; i < obj_names.n; i++)
		free (obj_names.v[i]);
	free (obj_names.v);
	profile_objects_free (&objs);
	objfile_close (of);
	options_free (&opt);
	stage_end ("end");
	return 0;
}
