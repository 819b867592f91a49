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

#include "gmon/bytes.h"
#include "gprof/analysis.h"
#include "gprof/graph/assign.h"
#include "gprof/lines/blocks.h"
#include "gprof/graph/callgraph.h"
#include "gprof/measure.h"
#include "gprof/diagnose.h"
#include "gprof/diff.h"
#include "gprof/gate.h"
#include "gprof/export/export.h"
#include "gprof/lines/lines.h"
#include "gprof/lines/linesyms.h"
#include "gprof/symbols/objects.h"
#include "gprof/overhead.h"
#include "gprof/symbols/objfile.h"
#include "gprof/options.h"
#include "gprof/profile/profile.h"
#include "gprof/report/report.h"
#include "gprof/util/stage.h"
#include "gprof/arch/staticcalls.h"
#include "gprof/sumfile.h"
#include "gprof/symbols/symfile.h"
#include "gprof/symbols/symspec.h"
#include "gprof/symbols/symtab.h"
#include "gprof/threadrows.h"
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
   what an option turned off.  Per thread (--threads), the flat
   profile alone if there are samples.  */
static void
default_style (struct options *opt, const struct profile *p)
{
	if (opt->style != 0)
		return;
	if (opt->threads && (p->input & INPUT_HIST)
	    && !(opt->user_specified & STYLE_FLAT)) {
		opt->style = STYLE_FLAT;
		return;
	}
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

struct names {
	char **v;			/* names to free at the end */
	size_t n;
};

/* Appends the N symbols V to ST, their names to NAMES (to free).  */
static void
append_syms (struct symtab *st, struct names *names, const struct sym *v,
	     size_t n)
{
	size_t i;

	if (!n)
		return;
	st->base = xrealloc (st->base, (st->len + n) * sizeof *st->base);
	memcpy (st->base + st->len, v, n * sizeof *v);
	st->len += n;
	names->v = xrealloc (names->v, (names->n + n) * sizeof *names->v);
	for (i = 0; i < n; i++)
		names->v[names->n++] = (char *) v[i].name;
}

/* --objects: the symbols of every object but the program, each at
   its place, after the program's in ST; the lines of each, from its
   own debugging information, through LINES (if not NULL).  */
static void
add_object_syms (const struct options *opt, struct proc_objects *objs,
		 struct symtab *st, struct names *names, struct lines *lines)
{
	size_t k;

	for (k = 1; k < objs->n; k++) {
		uint64_t end = 0;
		size_t n;
		struct sym *v = objects_syms (&objs->v[k], opt, &end,
						     &n);

		/* libgmon's functions are one: the profiling overhead.  */
		if (overhead_object (&objs->v[k]))
			overhead_collapse (v, &n, end);

		if (lines && objs->v[k].code)
			lines_add_object (lines, objs->v[k].code,
					  objs->v[k].offset, end);

		append_syms (st, names, v, n);
		if (n && end > st->text_end)
			st->text_end = end;
		free (v);
	}
}

/* Everything the stages hand on, from the options to the reports.  */
struct run {
	struct options opt;		/* the command line */
	struct objfile *of;		/* the executable */
	struct lines *lines;		/* its source lines, or NULL (-S) */
	struct fmap map;		/* -R's map, or empty */
	char *sym_names;		/* -S: the memory of the names */
	struct proc_objects objs;	/* --objects: the other objects */
	struct names obj_names;		/* ... their symbols' names */
	struct symtab st;		/* the symbols the reports show */
	struct symspecs *ss;		/* the symspecs, on ST */
	struct profile prof;		/* every gmon file, summed */
	struct blocks *bb;		/* -l: basic-block counts, or NULL */
	struct analysis *an;		/* the whole profile's analysis */
	struct report rep;		/* what the text reports read */
	struct export_set *exports;	/* --export, or NULL */
	struct symtab fst;		/* -l with exports: the functions */
	struct gate *gate;		/* --fail-if, or NULL */
};

/* --objects on a stripped program: its functions found as a stripped
   library's are, named PROGRAM+0xADDRESS where no symbol names them.  */
static void
program_syms (struct run *r)
{
	size_t i;

	r->st.base = objects_program_syms (r->of, &r->opt,
					   lbasename (r->opt.image),
					   &r->st.len);
	r->objs.v[0].stripped = true;
	r->obj_names.v = xrealloc (r->obj_names.v, (r->obj_names.n
				   + r->st.len) * sizeof *r->obj_names.v);
	for (i = 0; i < r->st.len; i++)
		r->obj_names.v[r->obj_names.n++] = (char *) r->st.base[i].name;
}

/* The symbols of the executable (and, with --objects, of the other
   objects of the processes profiled, which their companions name),
   sorted and deduplicated.  */
static void
load_symbols (struct run *r)
{
	const struct options *opt = &r->opt;
	size_t i;

	diagnose_no_image (opt);
	r->of = objfile_open (opt->image);
	if (opt->objects)
		profile_objects (r->of, opt->gmon_files, opt->ngmon,
				 &r->objs);
	if (opt->map_file)
		symfile_read_map (opt->map_file, &r->map);
	if (opt->symbol_file) {
		r->st.base = symfile_read_syms (opt->symbol_file, &r->st.len,
						&r->sym_names);
	} else {
		/* Files and lines of every function first, in GNU gprof's
		   order, where the order of the source files shows (-A,
		   symspecs naming files); -l finds them on its way.  */
		r->lines = lines_open (r->of);
		if (opt->objects && objects_program_stripped (r->of, opt))
			program_syms (r);
		else
			r->st.base = objfile_function_syms (r->of, opt,
							    &r->map,
							    &r->st.len);
		if (symspec_needs_lines (opt) || (opt->style & STYLE_ANNOTATED))
			for (i = 0; i < r->st.len; i++)
				lines_resolve (r->lines, &r->st.base[i]);
	}
	r->st.text_end = objfile_text_end (r->of);
	if (opt->objects && !opt->symbol_file && !opt->no_static
	    && !r->objs.v[0].stripped) {
		/* The program's PLT entries, as a library's are: GNU's rule
		   charged them to _init.  */
		size_t n;
		struct sym *v = objects_program_plt (r->of, &n);

		append_syms (&r->st, &r->obj_names, v, n);
		free (v);
	}
	if (opt->objects) {
		add_object_syms (opt, &r->objs, &r->st, &r->obj_names,
				 r->lines);
		objects_note_stripped (&r->objs, r->of);
	}
	symtab_finalize (r->st.base, &r->st.len, r->st.text_end);
	stage_end ("symbols");
}

/* The profiles (-i tells about each as it is read), then what makes
   the symbol table final: -l's line symbols, the index, the names'
   ranks, the symspecs, the basic-block counts.  (The profiles come
   before the symspecs, unlike GNU gprof: -l puts the line symbols the
   profile touches into the table, which the symspecs match.)  */
static void
load_profiles (struct run *r)
{
	struct options *opt = &r->opt;
	struct symtab *st = &r->st;
	struct profile_request rq = {
		.of = r->of,
		.names = opt->gmon_files,
		.n = opt->ngmon,
		.format = opt->format,
		.cb = (opt->style & STYLE_INFO) ? on_file : NULL,
		.arg = &r->rep,
		.objs = opt->objects ? &r->objs : NULL,
		.contexts = opt->contexts,
		.threads = opt->threads != THREADS_NONE,
	};
	size_t i;

	report_init (&r->rep, opt, r->of, st, &r->prof, NULL, NULL, 0.0);
	profile_read (&r->prof, &rq);
	stage_end ("profiles");
	diagnose_glibc_runtime (opt, r->of, &r->prof);
	if (r->objs.lost_calls)
		gp_warn (profile_name (opt), "--objects: %" PRIu64 " calls "
			 "from or into code of no known object are left out",
			 r->objs.lost_calls);
	/* Exports or a comparison alone print no report.  */
	if (!r->exports && !opt->ndiff_base)
		default_style (opt, &r->prof);
	/* The exports describe functions (and, with -l, the lines inside
	   each, which they find themselves): they get a model of their
	   own, built from the function symbols before -l adds lines.  */
	if (r->exports && opt->line) {
		r->fst.base = XNEWVEC (struct sym, st->len ? st->len : 1);
		memcpy (r->fst.base, st->base, st->len * sizeof *st->base);
		r->fst.len = st->len;
		r->fst.text_end = st->text_end;
	}
	if (opt->line && r->lines)
		linesyms_add (r->lines, st, &r->prof, all_line_syms (opt));
	symtab_index (st);
	overhead_prepare (&r->prof, st);
	/* The table is final: its names ranked once, for the sorts by
	   name (flat profile, call-graph order, index) and for finding
	   the symbols the symspecs name.  */
	symtab_rank_names (st);
	r->ss = symspec_build (opt, st, r->lines, objfile_leading_char (r->of));
	r->rep.ss = r->ss;
	r->rep.lines = r->lines;
	/* The symbols come with flat_off clear: only those left out are
	   written (a pass over a million symbols to set a bit in each
	   reads and writes back more memory than the caches hold).  */
	for (i = 0; i < st->len; i++)
		if (!symspec_on (r->ss, st, &st->base[i], INCL_FLAT))
			st->base[i].flat_off = 1;
	if ((r->prof.input & INPUT_BB) && !opt->line && !r->exports)
		gp_warn (NULL, "ignoring basic-block execution counts (they "
			 "need -l)");
	if ((r->prof.input & INPUT_BB) && opt->line)
		r->rep.bb = r->bb = blocks_assign (&r->prof, st);
	stage_end ("symspecs");
}

/* -s: gmon.sum, before any time is assigned, as GNU gprof writes it.  */
static void
write_sum (struct run *r)
{
	struct sum_input in = {
		.p = &r->prof,
		.st = &r->st,
		.ss = r->ss,
		.lines = r->opt.symbol_file ? NULL : r->lines,
		.of = r->of,
		.format = r->opt.format,
	};

	sumfile_write (&in, "gmon.sum");
	if (r->prof.nctx)
		gp_warn ("gmon.sum", "the calling contexts of the profiles are "
			 "not in it (a gmon file has no room for them)");
	stage_end ("gmon.sum");
}

/* The input of an analysis of R's profile P (the whole, or a thread's
   row) on R's symbols.  */
static struct analysis_input
run_input (const struct run *r, const struct options *opt,
	   struct profile *p)
{
	return (struct analysis_input) {
		.opt = opt,
		.of = r->of,
		.lines = r->lines,
		.st = &r->st,
		.ss = r->ss,
		.prof = p,
		.whole = true,
		.static_calls = opt->static_calls,
		.reports = true,
		.exports = r->exports != NULL,
	};
}

/* REP reads the analysis A; without a call graph, CG's is none.  */
static void
report_on (struct report *rep, const struct analysis *a, bool cg)
{
	rep->st = &a->st;
	rep->cg = cg || a->have_cg ? &a->cg : NULL;
	rep->total_time = a->total_time;
	rep->overhead_out = a->overhead_out;
}

/* The analysis of the whole profile.  */
static void
analyse (struct run *r)
{
	struct analysis_input in = run_input (r, &r->opt, &r->prof);

	r->an = analysis_build (&in);
	report_on (&r->rep, r->an, true);
}

/* The text reports of the analysis A, in GNU gprof's order, through
   REP (which reads A).  */
static void
print_reports (const struct run *r, struct report *rep,
	       const struct analysis *a)
{
	const struct options *opt = rep->opt;
	bool graph = a->have_cg && (opt->style & STYLE_CALL_GRAPH);

	if (graph && opt->bsd)
		report_graph (rep);
	if (opt->style & STYLE_FLAT) {
		report_flat (rep);
		stage_end ("flat profile");
	}
	if (graph) {
		if (!opt->bsd)
			report_graph (rep);
		stage_end ("call graph report");
		report_index (rep);
		stage_end ("index");
	}
	if (opt->style & STYLE_EXEC_COUNTS)
		report_exec_counts (rep);
	if (opt->style & STYLE_ANNOTATED)
		report_annotated (rep);
	if (opt->style & STYLE_FUNC_ORDER)
		report_function_order (rep);
	if (opt->style & STYLE_FILE_ORDER)
		report_file_order (rep, &r->map);
	stage_end ("other reports");
}

/* What the exports read of R and its analysis A (run with OPT, on the
   profile P).  */
static struct export_input
export_input_of (const struct run *r, const struct options *opt,
		 const struct profile *p, const struct analysis *a)
{
	return (struct export_input) {
		.opt = opt,
		.of = r->of,
		.lines = r->lines,
		.st = a ? &a->st : &r->st,
		.p = p,
		.cg = a && a->have_cg ? &a->cg : NULL,
		.total_time = a ? a->total_time : 0.0,
		.objs = opt->objects ? &r->objs : NULL,
	};
}

/* -l with exports: the exports describe functions (and the lines
   inside each, which they find themselves), so they read an analysis
   of their own, on the function symbols as they were before -l added
   the lines (R's FST).  */
static void
write_line_exports (struct run *r)
{
	struct options fopt = r->opt;
	struct symtab *fst = &r->fst;
	struct symspecs *fss;
	struct analysis_input ain;
	struct analysis *fa;
	struct export_input in;
	size_t i;

	fopt.line = false;
	symtab_index (fst);
	symtab_rank_names (fst);
	fss = symspec_build (&fopt, fst, r->lines,
			     objfile_leading_char (r->of));
	for (i = 0; i < fst->len; i++)
		fst->base[i].flat_off = !symspec_on (fss, fst, &fst->base[i],
						     INCL_FLAT);
	ain = run_input (r, &fopt, &r->prof);
	ain.st = fst;
	ain.ss = fss;
	ain.whole = false;
	ain.static_calls = false;
	ain.reports = false;
	ain.exports = true;
	fa = analysis_build (&ain);
	in = export_input_of (r, &r->opt, &r->prof, fa);
	export_write (r->exports, &in);
	analysis_free (fa);
	symspec_free (fss);
	symtab_free_index (fst);
}

/* --export: after the reports, from the same analysis (with -l, the
   exports get an analysis of their own).  */
static void
write_exports (struct run *r)
{
	if (fflush (stdout) != 0)
		gp_fatal (NULL, "cannot write the output");
	if (r->opt.line) {
		write_line_exports (r);
	} else {
		struct export_input in = export_input_of (r, &r->opt,
							  &r->prof, r->an);

		export_write (r->exports, &in);
	}
	stage_end ("exports");
}

static void free_run (struct run *r);

/* Whether a thread's row, its profile P analysed into A, has anything
   to show.  */
static bool
thread_shows (const struct options *opt, const struct profile *p,
	      const struct analysis *a)
{
	size_t i;

	if (!opt->ignore_zeros)
		return true;
	for (i = 0; i < p->narcs; i++)
		if (p->arcs[i].count)
			return true;
	return a->total_time != 0.0;
}

/* --threads: what is said once for every row.  */
struct rows {
	struct report names;		/* the names as printed, worked out
					   once for every row */
	struct export_threads *xt;	/* the exports' files, or NULL */
	struct ctx_gaps gaps;		/* what the rows' contexts miss */
	uint64_t lost;			/* calls of arcs in no symbol */
	bool shown;			/* a row was printed */
};

/* The row G of --threads: its own profile (profile_thread) analysed
   as the whole is, its reports and its part of the exports.  A row
   with nothing in it (no sample, call or context) that neither prints
   nor exports is not analysed at all: the cost is in the rows that
   have something.  */
static void
thread_row (struct run *r, struct rows *w, const struct thread_group *g)
{
	const struct options *wopt = &r->opt;
	struct options opt = r->opt;
	bool print = (wopt->style & (STYLE_FLAT | STYLE_CALL_GRAPH)) != 0;
	struct analysis_input ain;
	struct analysis *a;
	struct profile prof;
	struct report rep;

	if (threads_group_empty (&r->prof, g) && !w->xt
	    && (!print || wopt->ignore_zeros)) {
		analysis_check (wopt, &r->prof);
		return;
	}
	opt.brief |= w->shown;
	profile_thread (&r->prof, g->members, g->n, &prof);
	ain = run_input (r, &opt, &prof);
	ain.gaps = &w->gaps;
	ain.whole = false;
	report_init (&rep, &opt, r->of, &r->st, &prof, NULL, r->ss, 0.0);
	rep.lines = r->lines;
	rep.shown = w->names.shown;
	rep.shown_done = w->names.shown_done;
	rep.nshown = w->names.nshown;
	a = analysis_build (&ain);
	report_on (&rep, a, false);
	if (print && thread_shows (&opt, &prof, a)) {
		rep.first_output = false;
		report_thread_header (&rep, &r->prof, g);
		print_reports (r, &rep, a);
		w->shown = true;
	}
	if (w->xt) {
		struct export_input in = export_input_of (r, &opt, &prof, a);

		if (fflush (stdout) != 0)
			gp_fatal (NULL, "cannot write the output");
		export_threads_write (w->xt, &in, &(struct export_thread) {
			.frame = g->frame,
			.name = g->merged ? "[other threads]" : g->name,
			.tid = g->n == 1 && !g->merged
				? r->prof.threads[g->members[0]].tid : 0,
			.nthreads = g->nthreads,
		});
	}
	w->lost = gmon_add_sat (w->lost, a->lost);
	w->names.shown = rep.shown;
	w->names.shown_done = rep.shown_done;
	w->names.nshown = rep.nshown;
	rep.shown = NULL;
	rep.shown_done = NULL;
	report_free (&rep);
	analysis_free (a);
	profile_free (&prof);
}

/* --threads: the table of the threads, then each row (a thread, or
   the threads of one name) through the stages of the whole, with an
   analysis of its own.  */
static void
run_threads (struct run *r)
{
	const struct options *opt = &r->opt;
	struct thread_group *g;
	struct rows w;
	size_t ng, i;

	/* The exports describe functions, which -l splits into lines:
	   without --threads they get an analysis of functions of their
	   own (write_line_exports), which no thread has.  */
	if (r->exports && opt->line)
		gp_fatal (NULL, "--threads: the exports by thread describe "
			  "functions, not the lines of -l: write them in a run "
			  "without -l");
	memset (&w, 0, sizeof w);
	g = threads_groups (&r->prof, opt->threads == THREADS_BY_NAME, &ng);
	if (opt->style & (STYLE_FLAT | STYLE_CALL_GRAPH))
		report_threads (&r->rep, g, ng);
	report_init (&w.names, opt, r->of, &r->st, &r->prof, NULL, r->ss, 0.0);
	if (r->exports) {
		struct export_input whole = export_input_of (r, opt, &r->prof,
							     NULL);

		if (fflush (stdout) != 0)
			gp_fatal (NULL, "cannot write the output");
		w.xt = export_threads_begin (r->exports, &whole);
	}
	for (i = 0; i < ng; i++)
		thread_row (r, &w, &g[i]);
	if (w.xt)
		export_threads_end (w.xt);
	report_free (&w.names);
	threads_groups_free (g, ng);
	if (w.gaps.total > 0)
		ctx_gaps_warn (&w.gaps, profile_name (opt));
	diagnose_mismatch (opt, r->of, &r->prof, &r->st, w.lost);
	stage_end ("threads");
}

/* The CPU seconds of R's processes, or -1 if they are not known;
   with --no-overhead, less the time of libgmon's own samples, which
   the comparison leaves out (else the side that spent more of it in
   libgmon was scaled down for it).  */
static double
run_cpu (const struct run *r)
{
	double cpu;

	if (!r->prof.cpu_known)
		return -1.0;
	cpu = (double) r->prof.cpu_ns / 1e9;
	if (r->opt.no_overhead && r->prof.hz)
		cpu -= r->rep.overhead_out / (double) r->prof.hz;
	return cpu > 0.0 ? cpu : -1.0;
}

/* --diff-base: the base's model, built the same way from its files
   (and executable), then the comparison, and --fail-if's verdicts on
   it; with --export=pprof, the base in that format too, for pprof's
   -diff_base.  Returns the exit status: the gate's.  */
static int
compare_base (struct run *r)
{
	static struct run b;		/* zeros: nothing loaded yet */
	struct diff_side base, now;
	struct diff_table t;
	int status = 0;

	b.opt = r->opt;
	b.opt.image = r->opt.diff_base_exe ? r->opt.diff_base_exe
		: r->opt.image;
	b.opt.gmon_files = r->opt.diff_base;
	b.opt.ngmon = r->opt.ndiff_base;
	b.opt.style = 0;
	/* Exports keep the histograms for themselves.  */
	b.exports = r->exports;
	load_symbols (&b);
	diagnose_base_side (true);
	load_profiles (&b);
	diagnose_base_side (false);
	analyse (&b);
	base = (struct diff_side) { &b.an->st, b.prof.hz, b.opt.image,
				    b.opt.gmon_files, b.opt.ngmon,
				    run_cpu (&b), b.opt.objects,
				    b.opt.no_overhead };
	now = (struct diff_side) { &r->an->st, r->prof.hz, r->opt.image,
				   r->opt.gmon_files, r->opt.ngmon,
				   run_cpu (r), r->opt.objects,
				   r->opt.no_overhead };
	if (fflush (stdout) != 0)
		gp_fatal (NULL, "cannot write the output");
	diff_build (&t, &base, &now, !r->opt.diff_raw);
	if (r->gate)
		gate_judge (r->gate, &t, r->of,
			    r->opt.demangle && !r->opt.bsd);
	diff_print (stdout, &t, &base, &now, r->opt.diff_json, r->gate);
	stage_end ("diff");
	if (r->exports) {
		struct export_input in = export_input_of (&b, &b.opt, &b.prof,
							  b.an);

		export_write_diff_base (r->exports, &in);
		if (r->gate)
			export_write_verdicts (r->exports, r->gate);
	}
	/* The verdicts name B's functions too: said before B goes.  */
	if (r->gate) {
		if (fflush (stdout) != 0)
			gp_fatal (NULL, "cannot write the output");
		status = gate_report (r->gate, stderr);
	}
	diff_free (&t);
	b.exports = NULL;
	/* The options are R's: not B's to free.  */
	memset (&b.opt, 0, sizeof b.opt);
	free_run (&b);
	return status;
}

static void
free_run (struct run *r)
{
	size_t i;

	export_free (r->exports);
	gate_free (r->gate);
	free (r->fst.base);
	report_free (&r->rep);
	analysis_free (r->an);
	profile_free (&r->prof);
	blocks_free (r->bb);
	symspec_free (r->ss);
	lines_close (r->lines);
	symfile_free_map (&r->map);
	free (r->sym_names);
	symtab_free_index (&r->st);
	free (r->st.base);
	for (i = 0; i < r->obj_names.n; i++)
		free (r->obj_names.v[i]);
	free (r->obj_names.v);
	for (i = 1; i < r->objs.n; i++)
		objfile_close (r->objs.v[i].code);
	profile_objects_free (&r->objs);
	objfile_close (r->of);
	options_free (&r->opt);
}

int
main (int argc, char **argv)
{
	static struct run r;		/* zeros: nothing loaded yet */
	const struct options *opt = &r.opt;
	int status = 0;

	/* (Again zeros if main runs again: tests/fuzz/fuzz_companion.c.)  */
	memset (&r, 0, sizeof r);

	options_parse (argc, argv, &r.opt);
	xmalloc_set_program_name (program_name);
	gp_debug = opt->debug;
	r.gate = gate_parse (opt);
	if (opt->any_build)
		diagnose_any_build ();
	stage_init ();
	setvbuf (stdout, NULL, _IOFBF, 1 << 16);
	DBG (DBG_ANY, "[main] debug-level=0x%x\n", opt->debug);
	if (opt->nexports)
		r.exports = export_parse (opt);

	load_symbols (&r);
	load_profiles (&r);
	if (export_to_stdout (r.exports)
	    && ((opt->style & ~STYLE_SUMMARY) || opt->ndiff_base))
		gp_fatal (NULL, "an export to standard output (-) cannot go "
			  "with a report, which is printed there too");
	if (opt->style & STYLE_SUMMARY)
		write_sum (&r);
	/* With nothing more to print (-s, -i), the rest is not needed.  */
	if (opt->threads && ((opt->style & ~STYLE_INFO) || r.exports)) {
		run_threads (&r);
	} else if ((opt->style & ~(STYLE_SUMMARY | STYLE_INFO)) || r.exports
		   || opt->ndiff_base) {
		analyse (&r);
		print_reports (&r, &r.rep, r.an);
		if (r.exports)
			write_exports (&r);
		if (opt->ndiff_base)
			status = compare_base (&r);
	}
	if (fflush (stdout) != 0 || ferror (stdout))
		gp_fatal (NULL, "cannot write the output");
	free_run (&r);
	stage_end ("end");
	return status;
}
