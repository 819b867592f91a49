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
#include "gprof/assign.h"
#include "gprof/lines/blocks.h"
#include "gprof/callgraph.h"
#include "gprof/measure.h"
#include "gprof/diagnose.h"
#include "gprof/diff.h"
#include "gprof/export/export.h"
#include "gprof/lines/lines.h"
#include "gprof/lines/linesyms.h"
#include "gprof/objects.h"
#include "gprof/overhead.h"
#include "gprof/objfile.h"
#include "gprof/options.h"
#include "gprof/profile.h"
#include "gprof/report/report.h"
#include "gprof/util/stage.h"
#include "gprof/arch/staticcalls.h"
#include "gprof/sumfile.h"
#include "gprof/symfile.h"
#include "gprof/symspec.h"
#include "gprof/symtab.h"
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

/* The function-level model the exports of a -l run describe: FST
   holds the function symbols; their time, arcs and cycles are found as
   without -l, into IN.  Returns the symspecs made for them.  */
static struct symspecs *
function_model (const struct options *opt, struct objfile *of,
		struct lines *lines, struct symtab *fst,
		struct profile *prof, struct callgraph *fcg,
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
		in->total_time = assign_samples (prof, fst, NULL);
	in->cg = NULL;
	if (prof->input & INPUT_ARCS) {
		/* The -l graph has none of them (see build_graph).  */
		if (prof->nctx)
			ctx_add_calls (prof, fst);
		cg_tally (fcg, fst, prof, fss);
		cg_assemble (fcg, fst, fss, NULL, NULL);
		if (prof->nctx)
			ctx_measure (fcg, fst, prof, fss, profile_name (opt),
				     NULL);
		in->cg = fcg;
	}
	resolve_lines (&fopt, lines, fst, false, true);
	in->st = fst;
	return fss;
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
	struct callgraph cg;		/* arcs, cycles, propagated time */
	bool have_cg;			/* CG was built */
	uint64_t lost;			/* calls of arcs in no symbol */
	struct report rep;		/* what the text reports read */
	struct export_set *exports;	/* --export, or NULL */
	struct symtab fst;		/* -l with exports: the functions */
	struct symspecs *fss;		/* ... their symspecs */
	struct callgraph fcg;		/* ... and their call graph */
	bool thread;			/* the profile of a thread (--threads),
					   not of the whole */
	struct ctx_gaps *gaps;		/* --threads: what the contexts of all
					   the threads miss, said once */
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
	size_t i;

	cg_init (&r->cg);
	report_init (&r->rep, opt, r->of, st, &r->prof, &r->cg, NULL, 0.0);
	profile_read (&r->prof, r->of, opt->gmon_files, opt->ngmon,
		      opt->format, (opt->style & STYLE_INFO) ? on_file : NULL,
		      &r->rep, opt->objects ? &r->objs : NULL, opt->contexts,
		      opt->threads != THREADS_NONE);
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

/* The samples onto the symbols, the arcs onto them, the cycles and the
   propagated (or, with calling contexts, measured) times; then the
   checks of a profile of another build, and the file names of what
   will be printed.  */
static void
build_graph (struct run *r)
{
	const struct options *opt = &r->opt;

	if (r->prof.input & INPUT_HIST)
		r->rep.total_time = assign_samples (&r->prof, &r->st,
						    &r->rep.overhead_out);
	if (!r->exports)
		profile_drop_bins (&r->prof);
	stage_end ("time");
	if (r->prof.input & INPUT_ARCS) {
		struct static_scan scan;

		memset (&scan, 0, sizeof scan);
		if (r->prof.nctx && !opt->line)
			ctx_add_calls (&r->prof, &r->st);
		r->lost = cg_tally (&r->cg, &r->st, &r->prof, r->ss);
		if (opt->static_calls)
			static_scan_init (&scan, r->of, &r->st, &r->cg,
					  &r->prof);
		cg_assemble (&r->cg, &r->st, r->ss,
			     opt->static_calls ? static_scan_sym : NULL, &scan);
		/* Line symbols split a function, and the calling contexts
		   measure functions: -l keeps GNU gprof's estimates (its
		   exports are measured, on the function model).  */
		if (r->prof.nctx && !opt->line)
			ctx_measure (&r->cg, &r->st, &r->prof, r->ss,
				     profile_name (opt), r->gaps);
		else if (r->prof.nctx && (opt->style & STYLE_CALL_GRAPH))
			gp_warn (profile_name (opt), "-l: the call graph of "
				 "lines estimates its children times as GNU "
				 "gprof does; the calling contexts measure "
				 "functions (use it without -l)");
		if (opt->line && r->lines)
			linesyms_renumber (r->lines, &r->cg);
		stage_end ("call graph");
		r->have_cg = true;
	}

	if ((opt->style & STYLE_FLAT) && !(r->prof.input & INPUT_HIST))
		gp_fatal (profile_name (opt), "the profile has no histogram "
			  "(no time samples), so there is no flat profile");
	if ((opt->style & STYLE_CALL_GRAPH) && !(r->prof.input & INPUT_ARCS))
		gp_fatal (profile_name (opt), "the profile has no call-graph "
			  "data (was the program compiled with -pg?)");
	/* A thread's profile is part of the whole: the whole is checked
	   once, after them (run_threads).  */
	if (!r->thread)
		diagnose_mismatch (opt, r->of, &r->prof, &r->st, r->lost);
	resolve_lines (opt, r->lines, &r->st,
		       r->have_cg && (opt->style & STYLE_CALL_GRAPH),
		       r->exports != NULL);
}

/* The text reports, in GNU gprof's order.  */
static void
print_reports (struct run *r)
{
	const struct options *opt = &r->opt;
	bool graph = r->have_cg && (opt->style & STYLE_CALL_GRAPH);

	if (graph && opt->bsd)
		report_graph (&r->rep);
	if (opt->style & STYLE_FLAT) {
		report_flat (&r->rep);
		stage_end ("flat profile");
	}
	if (graph) {
		if (!opt->bsd)
			report_graph (&r->rep);
		stage_end ("call graph report");
		report_index (&r->rep);
		stage_end ("index");
	}
	if (opt->style & STYLE_EXEC_COUNTS)
		report_exec_counts (&r->rep);
	if (opt->style & STYLE_ANNOTATED)
		report_annotated (&r->rep);
	if (opt->style & STYLE_FUNC_ORDER)
		report_function_order (&r->rep);
	if (opt->style & STYLE_FILE_ORDER)
		report_file_order (&r->rep, &r->map);
	stage_end ("other reports");
}

/* --export: after the reports, from the same model (with -l, the
   exports get the function model of their own).  */
static void
write_exports (struct run *r)
{
	struct export_input in = {
		.opt = &r->opt,
		.of = r->of,
		.lines = r->lines,
		.st = &r->st,
		.p = &r->prof,
		.cg = r->have_cg ? &r->cg : NULL,
		.total_time = r->rep.total_time,
		.objs = r->opt.objects ? &r->objs : NULL,
	};

	if (fflush (stdout) != 0)
		gp_fatal (NULL, "cannot write the output");
	if (r->opt.line)
		r->fss = function_model (&r->opt, r->of, r->lines, &r->fst,
					 &r->prof, &r->fcg, &in);
	export_write (r->exports, &in);
	stage_end ("exports");
}

static void free_run (struct run *r);

/* Whether the profile of a thread has anything to show.  */
static bool
thread_shows (const struct run *t)
{
	size_t i;

	if (!t->opt.ignore_zeros)
		return true;
	for (i = 0; i < t->prof.narcs; i++)
		if (t->prof.arcs[i].count)
			return true;
	return t->rep.total_time != 0.0;
}

/* --threads: the table of the threads, then, for each row (a thread,
   or the threads of one name), its own profile (profile_thread) through
   the stages of the whole, its reports, and its part of the exports.
   The stages write into the symbols (their time, calls, cycles): each
   row starts from the symbols as they were before any.  */
static void
run_threads (struct run *r)
{
	const struct options *opt = &r->opt;
	struct thread_group *g;
	struct sym *pristine;
	struct report names;
	struct export_input win = {
		.opt = opt,
		.of = r->of,
		.lines = r->lines,
		.st = &r->st,
		.p = &r->prof,
		.total_time = 0.0,
		.objs = opt->objects ? &r->objs : NULL,
	};
	struct export_threads *xt = NULL;
	struct ctx_gaps gaps = { 0, 0, 0, 0 };
	size_t ng, i, bytes = r->st.len * sizeof *r->st.base;
	bool shown = false;
	uint64_t lost = 0;

	/* The exports describe functions, which -l splits into lines:
	   without --threads they get a model of functions of their own
	   (function_model), which no thread has.  */
	if (r->exports && opt->line)
		gp_fatal (NULL, "--threads: the exports by thread describe "
			  "functions, not the lines of -l: write them in a run "
			  "without -l");
	g = threads_groups (&r->prof, opt->threads == THREADS_BY_NAME, &ng);
	if (opt->style & (STYLE_FLAT | STYLE_CALL_GRAPH))
		report_threads (&r->rep, g, ng);
	pristine = XNEWVEC (struct sym, r->st.len + 1);
	if (bytes)
		memcpy (pristine, r->st.base, bytes);
	/* The names as printed, worked out once for every row.  */
	report_init (&names, opt, r->of, &r->st, &r->prof, NULL, r->ss, 0.0);
	if (r->exports) {
		if (fflush (stdout) != 0)
			gp_fatal (NULL, "cannot write the output");
		xt = export_threads_begin (r->exports, &win);
	}
	for (i = 0; i < ng; i++) {
		struct run t = *r;

		t.thread = true;
		t.gaps = &gaps;
		t.opt.brief |= shown;
		profile_thread (&r->prof, g[i].members, g[i].n, &t.prof);
		if (bytes)
			memcpy (r->st.base, pristine, bytes);
		cg_init (&t.cg);
		t.have_cg = false;
		t.lost = 0;
		report_init (&t.rep, &t.opt, r->of, &r->st, &t.prof, &t.cg,
			     r->ss, 0.0);
		t.rep.lines = r->lines;
		t.rep.shown = names.shown;
		t.rep.shown_done = names.shown_done;
		t.rep.nshown = names.nshown;
		build_graph (&t);
		if (!t.have_cg)
			t.rep.cg = NULL;
		if ((opt->style & (STYLE_FLAT | STYLE_CALL_GRAPH))
		    && thread_shows (&t)) {
			t.rep.first_output = false;
			report_thread_header (&t.rep, &r->prof, &g[i]);
			print_reports (&t);
			shown = true;
		}
		if (xt) {
			struct export_input in = win;

			in.opt = &t.opt;
			in.p = &t.prof;
			in.cg = t.have_cg ? &t.cg : NULL;
			in.total_time = t.rep.total_time;
			if (fflush (stdout) != 0)
				gp_fatal (NULL, "cannot write the output");
			export_threads_write (xt, &in, &(struct export_thread) {
				.frame = g[i].frame,
				.name = g[i].merged ? "[other threads]"
					: g[i].name,
				.tid = g[i].n == 1 && !g[i].merged
					? r->prof.threads[g[i].members[0]].tid
					: 0,
				.nthreads = g[i].nthreads,
			});
		}
		lost = gmon_add_sat (lost, t.lost);
		names.shown = t.rep.shown;
		names.shown_done = t.rep.shown_done;
		names.nshown = t.rep.nshown;
		t.rep.shown = NULL;
		t.rep.shown_done = NULL;
		report_free (&t.rep);
		cg_free (&t.cg);
		profile_free (&t.prof);
	}
	if (xt)
		export_threads_end (xt);
	if (bytes)
		memcpy (r->st.base, pristine, bytes);
	free (pristine);
	report_free (&names);
	threads_groups_free (g, ng);
	if (gaps.total > 0)
		ctx_gaps_warn (&gaps, profile_name (opt));
	diagnose_mismatch (opt, r->of, &r->prof, &r->st, lost);
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
   (and executable), then the comparison; with --export=pprof, the
   base in that format too, for pprof's -diff_base.  */
static void
compare_base (struct run *r)
{
	static struct run b;		/* zeros: nothing loaded yet */
	struct diff_side base, now;

	b.opt = r->opt;
	b.opt.image = r->opt.diff_base_exe ? r->opt.diff_base_exe
		: r->opt.image;
	b.opt.gmon_files = r->opt.diff_base;
	b.opt.ngmon = r->opt.ndiff_base;
	b.opt.style = 0;
	/* Exports keep the histograms for themselves.  */
	b.exports = r->exports;
	load_symbols (&b);
	load_profiles (&b);
	build_graph (&b);
	base = (struct diff_side) { &b.st, b.prof.hz, b.opt.image,
				    b.opt.gmon_files, b.opt.ngmon,
				    run_cpu (&b), b.opt.objects,
				    b.opt.no_overhead };
	now = (struct diff_side) { &r->st, r->prof.hz, r->opt.image,
				   r->opt.gmon_files, r->opt.ngmon,
				   run_cpu (r), r->opt.objects,
				   r->opt.no_overhead };
	if (fflush (stdout) != 0)
		gp_fatal (NULL, "cannot write the output");
	diff_print (stdout, &base, &now, r->opt.diff_json, !r->opt.diff_raw);
	stage_end ("diff");
	if (r->exports) {
		struct export_input in = {
			.opt = &b.opt,
			.of = b.of,
			.lines = b.lines,
			.st = &b.st,
			.p = &b.prof,
			.cg = b.have_cg ? &b.cg : NULL,
			.total_time = b.rep.total_time,
			.objs = b.opt.objects ? &b.objs : NULL,
		};

		export_write_diff_base (r->exports, &in);
	}
	b.exports = NULL;
	/* The options are R's: not B's to free.  */
	memset (&b.opt, 0, sizeof b.opt);
	free_run (&b);
}

static void
free_run (struct run *r)
{
	size_t i;

	export_free (r->exports);
	if (r->fss) {
		cg_free (&r->fcg);
		symspec_free (r->fss);
		symtab_free_index (&r->fst);
	}
	free (r->fst.base);
	report_free (&r->rep);
	cg_free (&r->cg);
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

	/* (Again zeros if main runs again: tests/fuzz/fuzz_companion.c.)  */
	memset (&r, 0, sizeof r);

	options_parse (argc, argv, &r.opt);
	xmalloc_set_program_name (program_name);
	gp_debug = opt->debug;
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
		build_graph (&r);
		print_reports (&r);
		if (r.exports)
			write_exports (&r);
		if (opt->ndiff_base)
			compare_base (&r);
	}
	if (fflush (stdout) != 0 || ferror (stdout))
		gp_fatal (NULL, "cannot write the output");
	free_run (&r);
	stage_end ("end");
	return 0;
}
