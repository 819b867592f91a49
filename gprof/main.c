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
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gprof/assign.h"
#include "gprof/blocks.h"
#include "gprof/callgraph.h"
#include "gprof/diagnose.h"
#include "gprof/lines.h"
#include "gprof/linesyms.h"
#include "gprof/objfile.h"
#include "gprof/options.h"
#include "gprof/profile.h"
#include "gprof/report/report.h"
#include "gprof/staticcalls.h"
#include "gprof/symspec.h"
#include "gprof/symtab.h"
#include "gprof/util.h"

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

/* File names are looked up only for what will be printed.  */
static void
resolve_lines (const struct options *opt, struct lines *lines,
	       struct symtab *st, bool graph)
{
	size_t i;

	if (!lines)
		return;
	for (i = 0; i < st->len; i++) {
		struct sym *s = &st->base[i];
		bool zero = s->ncalls == 0 && s->time == 0;

		if (opt->inline_file_names || (opt->style & STYLE_EXEC_COUNTS)
		    || (graph && !opt->bsd && s->is_static
			&& !(opt->ignore_zeros && zero)))
			lines_resolve (lines, s);
	}
}

int
main (int argc, char **argv)
{
	struct options opt;
	struct objfile *of;
	struct lines *lines = NULL;
	struct blocks *bb = NULL;
	struct fmap map = { NULL, 0 };
	struct symtab st = { NULL, 0, 0, NULL, 0, 0, 0 };
	struct symspecs *ss;
	struct profile prof;
	struct callgraph cg;
	struct report rep;
	char *names = NULL;
	bool have_cg = false;
	uint64_t lost = 0;
	size_t i;

	/* Big blocks (histogram bins, mostly never touched) straight from
	   the kernel, zeroed for free: glibc's moving threshold would
	   serve the second file's bins from the heap and clear them.  */
	mallopt (M_MMAP_THRESHOLD, 1 << 20);
	options_parse (argc, argv, &opt);
	xmalloc_set_program_name (program_name);
	gp_debug = opt.debug;
	setvbuf (stdout, NULL, _IOFBF, 1 << 16);
	DBG (DBG_ANY, "[main] debug-level=0x%x\n", opt.debug);

	/* Symbols of the executable.  */
	of = objfile_open (opt.image);
	if (opt.map_file)
		objfile_read_map (opt.map_file, &map);
	if (opt.symbol_file) {
		st.base = objfile_read_symbol_file (opt.symbol_file, &st.len,
						    &names);
	} else {
		/* Files and lines of every function first, in GNU gprof's
		   order, where the order of the source files shows (-A,
		   symspecs naming files); -l finds them on its way.  */
		lines = lines_open (of);
		st.base = objfile_function_syms (of, &opt, &map,
			symspec_needs_lines (&opt)
			|| (opt.style & STYLE_ANNOTATED) ? lines : NULL,
			&st.len);
	}
	st.text_end = objfile_text_end (of);
	symtab_finalize (st.base, &st.len, st.text_end);

	/* The profiles; -i tells about each as it is read.  (Before the
	   symspecs, unlike GNU gprof: -l puts the line symbols the
	   profile touches into the table, which the symspecs match.)  */
	cg_init (&cg);
	report_init (&rep, &opt, of, &st, &prof, &cg, NULL, 0.0);
	profile_read (&prof, of, opt.gmon_files, opt.ngmon, opt.format,
		      (opt.style & STYLE_INFO) ? on_file : NULL, &rep);
	default_style (&opt, &prof);
	if (opt.line && lines)
		linesyms_add (lines, &st, &prof, all_line_syms (&opt));
	symtab_index (&st);
	ss = symspec_build (&opt, &st, lines, objfile_leading_char (of));
	rep.ss = ss;
	rep.lines = lines;
	for (i = 0; i < st.len; i++)
		st.base[i].flat_on = symspec_on (ss, &st, &st.base[i],
						 INCL_FLAT);
	if ((prof.input & INPUT_BB) && !opt.line)
		gp_warn (NULL, "ignoring basic-block execution counts (they "
			 "need -l)");
	if ((prof.input & INPUT_BB) && opt.line)
		rep.bb = bb = blocks_assign (&prof, &st);

	if (opt.style & STYLE_SUMMARY)
		report_sum (&rep, opt.symbol_file ? NULL : lines, of,
			    "gmon.sum");

	/* With nothing more to print (-s, -i), the rest is not needed.  */
	if (!(opt.style & ~(STYLE_SUMMARY | STYLE_INFO)))
		goto done;

	if (prof.input & INPUT_HIST)
		rep.total_time = assign_samples (&prof, &st);
	profile_drop_bins (&prof);
	if (prof.input & INPUT_ARCS) {
		struct static_scan scan;

		memset (&scan, 0, sizeof scan);
		lost = cg_tally (&cg, &st, &prof, ss);
		if (opt.static_calls)
			static_scan_init (&scan, of, &st, &cg, &prof);
		cg_assemble (&cg, &st, ss,
			     opt.static_calls ? static_scan_sym : NULL, &scan);
		if (opt.line && lines)
			linesyms_renumber (lines, &cg);
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
		       have_cg && (opt.style & STYLE_CALL_GRAPH));

	if (have_cg && (opt.style & STYLE_CALL_GRAPH) && opt.bsd)
		report_graph (&rep);
	if (opt.style & STYLE_FLAT)
		report_flat (&rep);
	if (have_cg && (opt.style & STYLE_CALL_GRAPH)) {
		if (!opt.bsd)
			report_graph (&rep);
		report_index (&rep);
	}
	if (opt.style & STYLE_EXEC_COUNTS)
		report_exec_counts (&rep);
	if (opt.style & STYLE_ANNOTATED)
		report_annotated (&rep);
	if (opt.style & STYLE_FUNC_ORDER)
		report_function_order (&rep);
	if (opt.style & STYLE_FILE_ORDER)
		report_file_order (&rep, &map);

done:
	if (fflush (stdout) != 0 || ferror (stdout))
		gp_fatal (NULL, "cannot write the output");

	report_free (&rep);
	cg_free (&cg);
	profile_free (&prof);
	blocks_free (bb);
	symspec_free (ss);
	lines_close (lines);
	objfile_free_map (&map);
	free (names);
	symtab_free_index (&st);
	free (st.base);
	objfile_close (of);
	options_free (&opt);
	return 0;
}
