/* options.c - the command line of gprof.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   The same options as GNU gprof 2.40, parsed by the same getopt_long
   string, so that every command line a user has for GNU gprof means the
   same here, down to the quirks: an optional argument must be attached
   (-pfoo), and an option given later undoes an earlier one (-p -P).  */

#include <config.h>

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libiberty/demangle.h>
#include <libiberty/libiberty.h>

#include "gprof/options.h"

const char *program_name = "gprof";

const char *const options_default_excluded[] = {
	"_gprof_mcount", "mcount", "_mcount", "__mcount", "__mcount_internal",
	"__mcleanup", NULL
};

#define SHORT_OPTIONS \
	"aA::bBcC::d::De:E:f:F:hiI:J::k:lLm:n:N:O:p::P::q::Q::rR:sS:t:Tvw:xyzZ::"

enum {
	OPT_DEMANGLE = 150,
	OPT_NO_DEMANGLE,
	OPT_INLINE_FILE_NAMES,
	OPT_OBJECTS,
	OPT_EXPORT,
	OPT_CONTEXTS,
	OPT_NO_CONTEXTS,
	OPT_DIFF_BASE,
	OPT_DIFF_BASE_EXE,
	OPT_DIFF_FORMAT,
	OPT_DIFF_NORMALIZE,
	OPT_FAIL_IF,
	OPT_FAIL_FLOOR,
	OPT_FAIL_TICK,
	OPT_IGNORE_BUILD_ID,
	OPT_THREADS,
	OPT_NO_OVERHEAD
};

/* GNU gprof's table, entry for entry: getopt_long's abbreviations
   depend on which names exist, and -e -E -f -F -k have an empty long
   name there, which getopt matches as "--=ARG".  */
static const struct option long_options[] = {
	{ "line", no_argument, NULL, 'l' },
	{ "no-static", no_argument, NULL, 'a' },
	{ "ignore-non-functions", no_argument, NULL, 'D' },
	{ "external-symbol-table", required_argument, NULL, 'S' },
	{ "annotated-source", optional_argument, NULL, 'A' },
	{ "no-annotated-source", optional_argument, NULL, 'J' },
	{ "flat-profile", optional_argument, NULL, 'p' },
	{ "no-flat-profile", optional_argument, NULL, 'P' },
	{ "graph", optional_argument, NULL, 'q' },
	{ "no-graph", optional_argument, NULL, 'Q' },
	{ "exec-counts", optional_argument, NULL, 'C' },
	{ "no-exec-counts", optional_argument, NULL, 'Z' },
	{ "function-ordering", no_argument, NULL, 'r' },
	{ "file-ordering", required_argument, NULL, 'R' },
	{ "file-info", no_argument, NULL, 'i' },
	{ "sum", no_argument, NULL, 's' },
	{ "all-lines", no_argument, NULL, 'x' },
	{ "demangle", optional_argument, NULL, OPT_DEMANGLE },
	{ "no-demangle", no_argument, NULL, OPT_NO_DEMANGLE },
	{ "directory-path", required_argument, NULL, 'I' },
	{ "display-unused-functions", no_argument, NULL, 'z' },
	{ "inline-file-names", no_argument, NULL, OPT_INLINE_FILE_NAMES },
	{ "min-count", required_argument, NULL, 'm' },
	{ "print-path", no_argument, NULL, 'L' },
	{ "separate-files", no_argument, NULL, 'y' },
	{ "static-call-graph", no_argument, NULL, 'c' },
	{ "table-length", required_argument, NULL, 't' },
	{ "time", required_argument, NULL, 'n' },
	{ "no-time", required_argument, NULL, 'N' },
	{ "width", required_argument, NULL, 'w' },
	{ "", required_argument, NULL, 'e' },
	{ "", required_argument, NULL, 'E' },
	{ "", required_argument, NULL, 'f' },
	{ "", required_argument, NULL, 'F' },
	{ "", required_argument, NULL, 'k' },
	{ "brief", no_argument, NULL, 'b' },
	{ "debug", optional_argument, NULL, 'd' },
	{ "help", no_argument, NULL, 'h' },
	{ "file-format", required_argument, NULL, 'O' },
	{ "traditional", no_argument, NULL, 'T' },
	{ "version", no_argument, NULL, 'v' },
	/* Ours: not in GNU gprof.  */
	{ "objects", no_argument, NULL, OPT_OBJECTS },
	/* No GNU gprof option starts with "exp", so no
	   abbreviation of theirs changes meaning.  */
	{ "export", required_argument, NULL, OPT_EXPORT },
	/* Nor with "c" or "no-c".  */
	{ "contexts", no_argument, NULL, OPT_CONTEXTS },
	{ "no-contexts", no_argument, NULL, OPT_NO_CONTEXTS },
	{ "threads", optional_argument, NULL, OPT_THREADS },
	/* Nor with "dif".  */
	{ "diff-base", required_argument, NULL, OPT_DIFF_BASE },
	{ "diff-base-exe", required_argument, NULL, OPT_DIFF_BASE_EXE },
	{ "diff-format", required_argument, NULL, OPT_DIFF_FORMAT },
	{ "diff-normalize", required_argument, NULL, OPT_DIFF_NORMALIZE },
	/* Nor with "fa".  */
	{ "fail-if", required_argument, NULL, OPT_FAIL_IF },
	{ "fail-floor", required_argument, NULL, OPT_FAIL_FLOOR },
	{ "fail-tick", required_argument, NULL, OPT_FAIL_TICK },
	{ "ignore-build-id", no_argument, NULL, OPT_IGNORE_BUILD_ID },
	/* Nor with "no-o".  */
	{ "no-overhead", no_argument, NULL, OPT_NO_OVERHEAD },
	{ NULL, 0, NULL, 0 }
};

static void
usage (FILE *f, int status)
{
	fprintf (f, "Usage: %s [OPTION]... [IMAGE-FILE [PROFILE-FILE]...]\n",
		 program_name);
	fputs (
"Print the profile of IMAGE-FILE (default a.out) recorded in the\n"
"PROFILE-FILEs (default gmon.out; - is standard input), summed.\n"
"\n"
"Outputs (the default is the flat profile and the call graph):\n"
"  -p[SPEC], --flat-profile[=SPEC]    flat profile [of SPEC only]\n"
"  -P[SPEC], --no-flat-profile[=SPEC] no flat profile [leave out SPEC]\n"
"  -q[SPEC], --graph[=SPEC]           call graph [of SPEC only; a/b: arcs]\n"
"  -Q[SPEC], --no-graph[=SPEC]        no call graph [leave out SPEC]\n"
"  -B                                 call graph\n"
"  -C[SPEC], --exec-counts[=SPEC]     execution counts\n"
"  -Z[SPEC], --no-exec-counts[=SPEC]  no execution counts\n"
"  -A[SPEC], --annotated-source[=SPEC]    annotated source\n"
"  -J[SPEC], --no-annotated-source[=SPEC] no annotated source\n"
"  -i, --file-info                    what each profile file holds\n"
"  -r, --function-ordering            suggested function order\n"
"  -R MAP, --file-ordering=MAP        suggested object file order (nm map)\n"
"  -s, --sum                          write the sum of the profiles to gmon.sum\n"
"\n"
"Exports to other tools (repeatable; without another output option, only\n"
"the exports are written):\n"
"      --export=FORMAT[,OPTION...][:FILE]  FORMAT callgrind, igprof, aprof,\n"
"                                     dot, json, folded, flamegraph or pprof;\n"
"                                     FILE - is standard output\n"
"        callgrind,gzip   igprof,gzip,flat,prune=TICKS,nodes=N   aprof,bb\n"
"        dot,node=PERCENT,edge=PERCENT\n"
"        folded,unit=samples|ms|us|ns,flat,prune=TICKS,nodes=N (flame graphs;\n"
"        flamegraph: the same, drawn as an interactive SVG)\n"
"        pprof,flat,prune=TICKS,nodes=N (go tool pprof; always gzipped)\n"
"        (see `info gmonkit Viewers')\n"
"\n"
"Comparing with a base profile (see `info gmonkit Diffs'):\n"
"      --diff-base=FILE               the base profile (repeatable: summed);\n"
"                                     prints per function self, total and\n"
"                                     calls: base, new, delta, %\n"
"      --diff-base-exe=EXE            the base's executable (default: PROG)\n"
"      --diff-format=text|json        the table, or JSON\n"
"      --diff-normalize=total|none    scale the base to the new run's CPU\n"
"                                     time (default; without libgmon's\n"
"                                     companion, its seconds sampled), or not\n"
"                                     (the default with --fail-if)\n"
"      --fail-if=[FUNCTION:]METRIC:+N%  (repeatable) exit with status 3 if\n"
"                                     METRIC (calls, self, total) rose more\n"
"                                     than N% over the base (+Ns: seconds of\n"
"                                     a time; +N: calls), else 0; a line per\n"
"                                     crossing on standard error; a time\n"
"                                     within 3 sigma of its sampling error\n"
"                                     is said, not failed\n"
"      --fail-floor=N                 judge a time only on N samples or more\n"
"                                     on one side (default 50)\n"
"      --fail-tick=HZ                 independent samples a second (default\n"
"                                     100, the slowest kernel tick; 0: each\n"
"                                     sample, as a firmware's or -icount's)\n"
"      --export=junit:FILE, --export=markdown:FILE  the verdicts, for CI\n"
"                                     (see `info gmonkit Gate')\n"
"\n"
"Choosing symbols (SPEC is FILE:FUNCTION, FILE:LINE, FILE, FUNCTION, LINE):\n"
"  -e SPEC / -E SPEC                  leave SPEC out of the graph / and its time\n"
"  -f SPEC / -F SPEC                  graph only SPEC / and only its time\n"
"  -k FROM/TO                         drop the arcs FROM -> TO\n"
"  -n SPEC, --time=SPEC               propagate only SPEC's time\n"
"  -N SPEC, --no-time=SPEC            do not propagate SPEC's time\n"
"  -a, --no-static                    leave out static functions\n"
"  -D, --ignore-non-functions         leave out static symbols that are not functions\n"
"  -S FILE, --external-symbol-table=FILE  symbols from an nm-style FILE\n"
"      --objects                      the whole process: the shared libraries\n"
"                                     and the vDSO too, from the files libgmon\n"
"                                     writes in PROFILE-objs/ (their functions\n"
"                                     are named FUNCTION@LIBRARY, those no\n"
"                                     symbol names LIBRARY+0xADDRESS;\n"
"                                     libgmon's own time is\n"
"                                     [profiling-overhead])\n"
"      --no-overhead                  leave libgmon's own time out, as\n"
"                                     glibc's runtime does: the percentages\n"
"                                     are of the rest\n"
"      --contexts                     children times measured from the calling\n"
"                                     contexts libgmon records with\n"
"                                     GMON_CONTEXT (the default when every\n"
"                                     profile has them): fail if one has not\n"
"      --no-contexts                  children times estimated from the call\n"
"                                     counts, as GNU gprof does, always\n"
"      --ignore-build-id              read a profile of another build id\n"
"                                     (a warning, not a refusal): for a\n"
"                                     rebuild that changed no code, e.g. -g\n"
"      --threads[=tid|name]           a table of the threads libgmon recorded\n"
"                                     (GMON_THREADS), then each thread's flat\n"
"                                     profile (-q: call graph; -p -q: both);\n"
"                                     =name: the threads of one name together;\n"
"                                     --export=folded, flamegraph and pprof\n"
"                                     by thread\n"
"\n"
"Presentation:\n"
"  -b, --brief                        no explanations of the columns\n"
"  -T, --traditional                  BSD layout\n"
"  -z, --display-unused-functions     show functions never called nor sampled\n"
"  -c, --static-call-graph            add calls found in the machine code\n"
"  -w N, --width=N                    width of the index (default 80)\n"
"  -L, --print-path                   full paths of source files\n"
"      --inline-file-names            file and line after each name\n"
"      --demangle[=STYLE], --no-demangle  C++ names (default: demangled)\n"
"  -l, --line                         line-by-line profile\n"
"  -m N, --min-count=N                counts below N are marked in -A\n"
"  -t N, --table-length=N             lines in the top-lines table of -A\n"
"  -x, --all-lines                    annotate every line of a block\n"
"  -y, --separate-files               write each -A listing to BASENAME-ann\n"
"  -I DIRS, --directory-path=DIRS     where to find sources (':'-separated)\n"
"\n"
"Other:\n"
"  -O FMT, --file-format=FMT          profile format: auto, magic, bsd, 4.4bsd\n"
"  -d[N], --debug[=N]                 debugging output (N: bit mask; 16384:\n"
"                                     CPU time and memory of each stage)\n"
"  -h, --help                         this help\n"
"  -v, --version                      version\n"
"  @FILE                              read options from FILE\n"
"\n"
"The output is that of GNU gprof 2.40 (see `info gmonkit' for the few\n"
"places where it deliberately differs).\n", f);
	exit (status);
}

/* OPTION=ARG: WHAT, a number >= 0.  */
static double
number_arg (const char *option, const char *arg, const char *what)
{
	char *end;
	double d = strtod (arg, &end);

	if (end == arg || *end || !(d >= 0.0) || d > 1e15) {
		fprintf (stderr, "%s: %s=%s: not %s >= 0\n", program_name,
			 option, arg, what);
		exit (1);
	}
	return d;
}

static void
add_spec (struct options *opt, const char *spec, enum spec_table table)
{
	opt->specs = xrealloc (opt->specs,
			       (opt->nspecs + 1) * sizeof *opt->specs);
	opt->specs[opt->nspecs].spec = spec;
	opt->specs[opt->nspecs].table = table;
	opt->nspecs++;
}

/* -I and GPROF_PATH: a ':'-separated list, appended in order.  */
static void
add_dirs (struct options *opt, const char *list)
{
	const char *p = list;

	while (*p) {
		const char *colon = strchr (p, ':');
		size_t n = colon ? (size_t) (colon - p) : strlen (p);

		if (n > 0) {
			opt->search_dirs = xrealloc (opt->search_dirs,
				(opt->nsearch + 1) * sizeof *opt->search_dirs);
			opt->search_dirs[opt->nsearch++] = xstrndup (p, n);
		}
		p += n;
		if (*p == ':')
			p++;
	}
}

/* -X[SPEC] for the styles that have a "no" form: -P, -Q, -J, -Z.
   With a spec the style stays on and leaves the spec out; without one
   the style goes off.  */
static void
style_off (struct options *opt, unsigned int style, const char *arg,
	   enum spec_table table)
{
	if (arg) {
		add_spec (opt, arg, table);
		opt->style |= style;
	} else {
		opt->style &= ~style;
	}
	opt->user_specified |= style;
}

static void
style_on (struct options *opt, unsigned int style, const char *arg,
	  enum spec_table table)
{
	if (arg)
		add_spec (opt, arg, table);
	opt->style |= style;
	opt->user_specified |= style;
}

void
options_parse (int argc, char **argv, struct options *opt)
{
	const char *slash, *env;
	int ch;

	memset (opt, 0, sizeof *opt);
	opt->demangle = true;
	opt->ignore_zeros = true;
	opt->min_count = 1;
	opt->table_length = 10;
	opt->width = 80;
	opt->format = FF_AUTO;
	opt->image = "a.out";
	opt->fail_floor = -1.0;
	opt->fail_tick = -1.0;

	if (argc > 0 && argv[0] && *argv[0]) {
		slash = strrchr (argv[0], '/');
		program_name = slash ? slash + 1 : argv[0];
	}

	{
		char **given = argv;

		expandargv (&argc, &argv);
		if (argv != given)
			opt->argv = argv;	/* the options point into it */
	}

	while ((ch = getopt_long (argc, argv, SHORT_OPTIONS, long_options,
				  NULL)) != -1) {
		switch (ch) {
		case 'a':
			opt->no_static = true;
			break;
		case 'A':
			style_on (opt, STYLE_ANNOTATED, optarg, INCL_ANNO);
			break;
		case 'b':
			opt->brief = true;
			break;
		case 'B':
			style_on (opt, STYLE_CALL_GRAPH, NULL, INCL_GRAPH);
			break;
		case 'c':
			opt->static_calls = true;
			break;
		case 'C':
			style_on (opt, STYLE_EXEC_COUNTS, optarg, INCL_EXEC);
			break;
		case 'd':
			if (optarg)
				opt->debug |= (unsigned int) atoi (optarg)
					| DBG_ANY;
			else
				opt->debug = ~0u;
			break;
		case 'D':
			opt->only_functions = true;
			break;
		case 'E':
			add_spec (opt, optarg, EXCL_TIME);
			/* fall through */
		case 'e':
			add_spec (opt, optarg, EXCL_GRAPH);
			break;
		case 'F':
			add_spec (opt, optarg, INCL_TIME);
			/* fall through */
		case 'f':
			add_spec (opt, optarg, INCL_GRAPH);
			break;
		case 'h':
			usage (stdout, 0);
			break;
		case 'i':
			style_on (opt, STYLE_INFO, NULL, INCL_GRAPH);
			break;
		case 'I':
			add_dirs (opt, optarg);
			break;
		case 'J':
			style_off (opt, STYLE_ANNOTATED, optarg, EXCL_ANNO);
			break;
		case 'k':
			add_spec (opt, optarg, EXCL_ARCS);
			break;
		case 'l':
			opt->line = true;
			break;
		case 'L':
			opt->print_path = true;
			break;
		case 'm':
			opt->min_count = strtoul (optarg, NULL, 10);
			break;
		case 'n':
			add_spec (opt, optarg, INCL_TIME);
			break;
		case 'N':
			add_spec (opt, optarg, EXCL_TIME);
			break;
		case 'O':
			switch (optarg[0]) {
			case 'a':
				opt->format = FF_AUTO;
				break;
			case 'm':
				opt->format = FF_MAGIC;
				break;
			case 'b':
				opt->format = FF_BSD;
				break;
			case '4':
				opt->format = FF_BSD44;
				break;
			case 'p':
				opt->format = FF_PROF;
				break;
			default:
				fprintf (stderr, "%s: unknown file format %s "
					 "(known: auto, magic, bsd, 4.4bsd)\n",
					 program_name, optarg);
				exit (1);
			}
			break;
		case 'p':
			style_on (opt, STYLE_FLAT, optarg, INCL_FLAT);
			break;
		case 'P':
			style_off (opt, STYLE_FLAT, optarg, EXCL_FLAT);
			break;
		case 'q':
			style_on (opt, STYLE_CALL_GRAPH, optarg,
				  optarg && strchr (optarg, '/')
				  ? INCL_ARCS : INCL_GRAPH);
			break;
		case 'Q':
			style_off (opt, STYLE_CALL_GRAPH, optarg,
				   optarg && strchr (optarg, '/')
				   ? EXCL_ARCS : EXCL_GRAPH);
			break;
		case 'r':
			style_on (opt, STYLE_FUNC_ORDER, NULL, INCL_GRAPH);
			break;
		case 'R':
			style_on (opt, STYLE_FILE_ORDER, NULL, INCL_GRAPH);
			opt->map_file = optarg;
			break;
		case 's':
			style_on (opt, STYLE_SUMMARY, NULL, INCL_GRAPH);
			break;
		case 'S':
			opt->symbol_file = optarg;
			break;
		case 't':
			opt->table_length = atoi (optarg);
			if (opt->table_length < 0)
				opt->table_length = 0;
			break;
		case 'T':
			opt->bsd = true;
			break;
		case 'v':
			printf ("gprof (%s) %s\n", PACKAGE_NAME,
				PACKAGE_VERSION);
			printf ("Output compatible with GNU gprof 2.40; based on "
				"the design of BSD gprof.\n");
			printf ("This is free software; there is NO warranty.\n");
			exit (0);
		case 'w':
			opt->width = atoi (optarg);
			if (opt->width < 1)
				opt->width = 1;
			break;
		case 'x':
			opt->all_lines = true;
			break;
		case 'y':
			opt->separate_files = true;
			break;
		case 'z':
			opt->ignore_zeros = false;
			break;
		case 'Z':
			style_off (opt, STYLE_EXEC_COUNTS, optarg, EXCL_EXEC);
			break;
		case OPT_DEMANGLE:
			opt->demangle = true;
			if (optarg) {
				enum demangling_styles style =
					cplus_demangle_name_to_style (optarg);

				if (style == unknown_demangling) {
					fprintf (stderr, "%s: unknown demangling "
						 "style `%s'\n", program_name,
						 optarg);
					exit (1);
				}
				cplus_demangle_set_style (style);
			}
			break;
		case OPT_NO_DEMANGLE:
			opt->demangle = false;
			break;
		case OPT_INLINE_FILE_NAMES:
			opt->inline_file_names = true;
			break;
		case OPT_OBJECTS:
			opt->objects = true;
			break;
		case OPT_EXPORT:
			opt->exports = xrealloc (opt->exports,
				(opt->nexports + 1) * sizeof *opt->exports);
			opt->exports[opt->nexports++] = optarg;
			break;
		case OPT_CONTEXTS:
			opt->contexts = CTX_REQUIRE;
			break;
		case OPT_NO_CONTEXTS:
			opt->contexts = CTX_IGNORE;
			break;
		case OPT_IGNORE_BUILD_ID:
			opt->any_build = true;
			break;
		case OPT_NO_OVERHEAD:
			opt->no_overhead = true;
			break;
		case OPT_THREADS:
			if (optarg && strcmp (optarg, "name")
			    && strcmp (optarg, "tid")) {
				fprintf (stderr, "%s: --threads=%s: not tid or "
					 "name\n", program_name, optarg);
				exit (1);
			}
			opt->threads = optarg && strcmp (optarg, "name") == 0
				? THREADS_BY_NAME : THREADS_EACH;
			break;
		case OPT_DIFF_BASE:
			opt->diff_base = xrealloc (opt->diff_base,
				(opt->ndiff_base + 1) * sizeof *opt->diff_base);
			opt->diff_base[opt->ndiff_base++] = optarg;
			break;
		case OPT_DIFF_BASE_EXE:
			opt->diff_base_exe = optarg;
			break;
		case OPT_DIFF_FORMAT:
			if (strcmp (optarg, "json") && strcmp (optarg, "text")) {
				fprintf (stderr, "%s: --diff-format=%s: not text "
					 "or json\n", program_name, optarg);
				exit (1);
			}
			opt->diff_json = strcmp (optarg, "json") == 0;
			break;
		case OPT_FAIL_IF:
			opt->fail_if = xrealloc (opt->fail_if,
				(opt->nfail_if + 1) * sizeof *opt->fail_if);
			opt->fail_if[opt->nfail_if++] = optarg;
			break;
		case OPT_FAIL_FLOOR:
			opt->fail_floor = number_arg ("--fail-floor", optarg,
						      "a number of samples");
			break;
		case OPT_FAIL_TICK:
			opt->fail_tick = number_arg ("--fail-tick", optarg,
						     "a rate in Hz");
			break;
		case OPT_DIFF_NORMALIZE:
			if (strcmp (optarg, "none") && strcmp (optarg, "total")) {
				fprintf (stderr, "%s: --diff-normalize=%s: not "
					 "total or none\n", program_name,
					 optarg);
				exit (1);
			}
			opt->diff_raw = strcmp (optarg, "none") == 0;
			opt->diff_norm_given = true;
			break;
		default:
			usage (stderr, 1);
		}
	}

	if ((opt->user_specified & STYLE_FUNC_ORDER)
	    && (opt->user_specified & STYLE_FILE_ORDER)) {
		fprintf (stderr, "%s: only one of --function-ordering (-r) and "
			 "--file-ordering (-R) may be given\n", program_name);
		exit (1);
	}

	/* The places --objects gives the libraries mean nothing to
	   another reader of gmon.sum; and an external symbol table has
	   the program's symbols only.  */
	if (opt->objects && (opt->style & STYLE_SUMMARY)) {
		fprintf (stderr, "%s: --objects cannot be summed into gmon.sum "
			 "(-s): sum each object's files instead\n",
			 program_name);
		exit (1);
	}
	if (opt->objects && opt->symbol_file) {
		fprintf (stderr, "%s: --objects reads the symbols of every "
			 "object itself: it does not go with -S\n",
			 program_name);
		exit (1);
	}

	/* --threads shows flat profiles and call graphs, per thread.  */
	if (opt->threads && (opt->style & (STYLE_SUMMARY | STYLE_EXEC_COUNTS
					   | STYLE_ANNOTATED
					   | STYLE_FUNC_ORDER
					   | STYLE_FILE_ORDER))) {
		fprintf (stderr, "%s: --threads prints a flat profile and a "
			 "call graph per thread: it does not go with -s, -C, "
			 "-A, -r or -R\n", program_name);
		exit (1);
	}
	if (opt->threads && opt->ndiff_base) {
		fprintf (stderr, "%s: --threads does not go with --diff-base "
			 "(compare the whole profiles)\n", program_name);
		exit (1);
	}

	if (opt->nfail_if && !opt->ndiff_base) {
		fprintf (stderr, "%s: --fail-if judges a comparison: it needs "
			 "--diff-base=FILE, the base profile\n", program_name);
		exit (1);
	}
	/* A gate judges seconds as measured unless told: scaled by the
	   runs' CPU times, a function that takes most of the run hides
	   its own slowdown in the factor (twice the time showed +23%).  */
	if (opt->nfail_if && !opt->diff_norm_given)
		opt->diff_raw = true;

	/* gmon.sum keeps basic-block counts per line, so -s works at line
	   level, as in GNU gprof.  */
	if (opt->style & STYLE_SUMMARY)
		opt->line = true;

	env = getenv ("GPROF_PATH");
	if (env)
		add_dirs (opt, env);

	if (optind < argc) {
		opt->image = argv[optind++];
		opt->image_given = true;
	}
	opt->gmon_files = argv + optind;
	opt->ngmon = (size_t) (argc - optind);
}

void
options_free (struct options *opt)
{
	size_t i;

	for (i = 0; i < opt->nsearch; i++)
		free (opt->search_dirs[i]);
	free (opt->search_dirs);
	free (opt->specs);
	free (opt->exports);
	free (opt->diff_base);
	free (opt->fail_if);
	if (opt->argv)
		freeargv (opt->argv);
}
