/* options.h - the command line of gprof.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef GPROF_OPTIONS_H
#define GPROF_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

/* Output styles, as bits (GNU gprof's values, for -d dumps).  */
#define STYLE_FLAT		0x01	/* flat profile */
#define STYLE_CALL_GRAPH	0x02	/* call graph and index */
#define STYLE_SUMMARY		0x04	/* -s: write gmon.sum */
#define STYLE_EXEC_COUNTS	0x08	/* -C */
#define STYLE_ANNOTATED		0x10	/* -A */
#define STYLE_INFO		0x20	/* -i */
#define STYLE_FUNC_ORDER	0x40	/* -r */
#define STYLE_FILE_ORDER	0x80	/* -R */

/* -d areas (GNU gprof's bits).  */
#define DBG_ANY		0x0001
#define DBG_DFN		0x0002
#define DBG_CYCLE	0x0004
#define DBG_ARC		0x0008
#define DBG_TALLY	0x0010
#define DBG_TIME	0x0020
#define DBG_SAMPLE	0x0040
#define DBG_AOUT	0x0080
#define DBG_CALL	0x0100
#define DBG_LOOKUP	0x0200
#define DBG_PROP	0x0400
#define DBG_BB		0x0800
#define DBG_ID		0x1000
#define DBG_SRC		0x2000
#define DBG_STAGES	0x4000		/* ours: CPU time and memory per stage */

/* The symbol tables a symspec option fills.  */
enum spec_table {
	INCL_GRAPH, EXCL_GRAPH,		/* -f, -q / -e, -Q */
	INCL_ARCS, EXCL_ARCS,		/* -q a/b / -k, -Q a/b */
	INCL_FLAT, EXCL_FLAT,		/* -p / -P */
	INCL_TIME, EXCL_TIME,		/* -F, -n / -E, -N */
	INCL_ANNO, EXCL_ANNO,		/* -A / -J */
	INCL_EXEC, EXCL_EXEC,		/* -C / -Z */
	NUM_TABLES
};

enum file_format {
	FF_AUTO, FF_MAGIC, FF_BSD, FF_BSD44, FF_PROF
};

/* Whether the calling contexts of a libgmon profile are used.  */
enum ctx_use {
	CTX_AUTO,			/* if every profile has them */
	CTX_REQUIRE,			/* --contexts: every profile must */
	CTX_IGNORE			/* --no-contexts */
};

/* --threads: how the threads of a libgmon profile are shown.  */
enum thread_view {
	THREADS_NONE,			/* not: the whole process */
	THREADS_EACH,			/* --threads: each thread */
	THREADS_BY_NAME			/* --threads=name: threads of one name
					   together */
};

struct spec_option {
	const char *spec;		/* as typed */
	enum spec_table table;		/* where it goes */
};

struct options {
	unsigned int style;		/* STYLE_* asked for */
	unsigned int user_specified;	/* STYLE_* named by an option */
	bool brief;			/* -b: no explanations */
	bool bsd;			/* -T: traditional BSD layout */
	bool demangle;			/* demangle C++ names */
	bool no_static;			/* -a */
	bool only_functions;		/* -D */
	bool static_calls;		/* -c */
	bool line;			/* -l (set by -s too) */
	bool print_path;		/* -L */
	bool inline_file_names;		/* --inline-file-names */
	bool objects;			/* --objects: the whole process */
	bool no_overhead;		/* --no-overhead: libgmon's own time
					   left out */
	enum ctx_use contexts;		/* --contexts, --no-contexts */
	bool any_build;			/* --ignore-build-id: a profile of
					   another build id is read, with a
					   warning */
	enum thread_view threads;	/* --threads[=name] */
	bool all_lines;			/* -x */
	bool separate_files;		/* -y */
	bool ignore_zeros;		/* unless -z */
	unsigned long min_count;	/* -m */
	int table_length;		/* -t */
	int width;			/* -w */
	unsigned int debug;		/* -d bits */
	enum file_format format;	/* -O */
	const char *image;		/* the executable */
	bool image_given;		/* named on the command line, not
					   the default a.out */
	char **gmon_files;		/* profiles to read */
	size_t ngmon;
	const char *symbol_file;	/* -S */
	const char *map_file;		/* -R */
	char **search_dirs;		/* -I, then GPROF_PATH */
	size_t nsearch;
	struct spec_option *specs;	/* symspec options, in order given */
	size_t nspecs;
	char **exports;			/* --export arguments, in order given */
	size_t nexports;
	char **diff_base;		/* --diff-base files: the base profile */
	size_t ndiff_base;
	const char *diff_base_exe;	/* --diff-base-exe, or NULL: IMAGE */
	bool diff_json;			/* --diff-format=json */
	bool diff_raw;			/* --diff-normalize=none, or --fail-if
					   without --diff-normalize */
	bool diff_norm_given;		/* --diff-normalize was given */
	char **fail_if;			/* --fail-if rules, in order given */
	size_t nfail_if;
	double fail_floor;		/* --fail-floor samples; < 0: the
					   default */
	double fail_tick;		/* --fail-tick Hz; < 0: the default */
	char **argv;			/* @FILEs expanded, if any */
};

/* Parses ARGC/ARGV (after @FILE expansion) into OPT.  Prints usage and
   exits on errors, --help and --version.  */
void options_parse (int argc, char **argv, struct options *opt);

void options_free (struct options *opt);

/* The names GNU gprof always leaves out of the time, graph and flat
   profile (the profiling runtime's own entry points).  */
extern const char *const options_default_excluded[];

extern const char *program_name;

#endif /* GPROF_OPTIONS_H */
