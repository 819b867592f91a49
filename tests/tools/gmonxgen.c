/* gmonxgen.c - write crafted companions (gmonx files), and the gmon.out
   they go with, for the tests of what gprof does with them.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

     gmonxgen [-o PROFILE] [-x COMPANION] [-t LOW:HIGH] [-f ADDR,...]
              CASE [N [M]]

   writes PROFILE (default gmon.out: a histogram of LOW..HIGH, the
   program's code, holding the samples the case puts in the program,
   stamped with the companion's run) and its companion
   PROFILE-objs/objects.gmonx, through the format library's own
   writers; with -x, the companion alone, to COMPANION (the seeds of
   the fuzz targets).  ADDR are functions of the program (link-time
   addresses): the samples, calls and contexts of the case fall on
   them in turn.  Cases, each a file libgmon could have written but
   for what the case says:

     plain              two threads with samples, calls and contexts
     chain N [DEPTH]    one calling context N frames deep (one sample
                        on each of its nodes), the context record
                        saying DEPTH (default N - 1: the leaf's PC and
                        N - 1 return addresses)
     tid N              N thread records of one thread id
     merged N           N records of the threads beyond the cap
     threads N [M]      N threads of M names (default 1)
     libs N             N libraries of one file name in N directories
     sparse N           N libraries of ids far apart, an arc from each
     wrap               two threads "w" of 2^63 samples and 2^64 - 1
                        calls each
     names              threads and libraries whose names hold what
                        no text output may show raw: U+FFFE, U+FFFF,
                        C0 and C1 controls, ESC, a newline, bidi
                        overrides, bytes of no UTF-8 character
     cut N M            the threads record says N threads, M follow
     seeds DIR          a small file of each case into DIR (-x aside)

   Run by tests/e2e/gprof-crafted.sh, and by tests/fuzz/run-fuzz.sh for
   the seeds.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gmon/bytes.h"
#include "gmon/gmon.h"
#include "gmon/gmonx.h"

#define MAX_FUNCS	64
#define RUN_PID		4242
#define RUN_START	1700000000u
#define RUN_ID		0x5eed1234u

static uint64_t text_lo = 0x1000, text_hi = 0x2000;
static uint64_t funcs[MAX_FUNCS];
static size_t nfuncs;

/* What the case puts in the program's histogram, by function, and
   its calls from each function to the next.  */
static uint64_t hist_at[MAX_FUNCS], calls_at[MAX_FUNCS];

static void
die (const char *what)
{
	fprintf (stderr, "gmonxgen: %s%s%s\n", what, errno ? ": " : "",
		 errno ? strerror (errno) : "");
	exit (99);
}

static uint64_t
fn (size_t i)
{
	return funcs[i % nfuncs];
}

static void
sample (size_t i, uint64_t n)
{
	hist_at[i % nfuncs] += n;
}

/* ------------------------------------------------------------------ */
/* The companion, record by record */

struct gen {
	struct gmon_writer w;
	unsigned char buf[65536];
	uint32_t nnodes;		/* context nodes written so far */
};

static void
gen_open (struct gen *g, const char *path)
{
	struct gmon_target t;
	int fd = open (path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	if (fd < 0)
		die (path);
	gmon_target_native (&t);
	gmon_writer_init (&g->w, fd, g->buf, sizeof g->buf, &t);
	g->nnodes = 0;
	gmonx_write_header (&g->w);
}

static void
gen_close (struct gen *g)
{
	if (gmon_writer_flush (&g->w) < 0 || close (g->w.fd) < 0)
		die ("cannot write the companion");
}

/* The process record and the program's object.  */
static void
gen_process (struct gen *g, uint64_t samples)
{
	struct gmonx_process p;
	struct gmonx_object o;

	memset (&p, 0, sizeof p);
	p.pid = RUN_PID;
	p.ppid = 1;
	p.rate = 100;
	p.cpu_ns = 1000000000;
	p.wall_ns = 1000000000;
	p.samples = samples;
	p.run.pid = RUN_PID;
	p.run.start = RUN_START;
	p.run.id = RUN_ID;
	p.start_ns = (uint64_t) RUN_START * 1000000000u;
	gmonx_write_process (&g->w, &p);
	memset (&o, 0, sizeof o);
	o.id = 0;
	o.flags = GMONX_OBJ_MAIN;
	o.text_lo = text_lo;
	o.text_hi = text_hi;
	o.samples = samples;
	o.path = "/gmonxgen/prog";
	o.file = "../gmon.out";
	o.image = "";
	gmonx_write_object (&g->w, &o);
}

static void
gen_object (struct gen *g, uint32_t id, const char *path, uint32_t tag)
{
	struct gmonx_object o;
	unsigned char bid[4] = { (unsigned char) tag,
		(unsigned char) (tag >> 8), (unsigned char) (tag >> 16),
		(unsigned char) (tag >> 24) };

	memset (&o, 0, sizeof o);
	o.id = id;
	o.base = 0x7f0000000000u + ((uint64_t) id << 24);
	o.text_lo = o.base + 0x1000;
	o.text_hi = o.base + 0x2000;
	o.path = path;
	o.file = "";
	o.image = "";
	o.build_id = bid;
	o.build_id_len = sizeof bid;
	gmonx_write_object (&g->w, &o);
}

static void
gen_threads (struct gen *g, uint32_t cap, uint32_t kept, uint64_t merged)
{
	struct gmonx_threads t = { cap, kept, merged, 0 };

	gmonx_write_threads (&g->w, &t);
}

/* A thread of SAMPLES samples on function I and CALLS calls from
   function I to the next.  */
static void
gen_thread (struct gen *g, uint32_t tid, uint32_t flags, uint32_t order,
	    uint64_t threads, const char *name, size_t i, uint64_t samples,
	    uint64_t calls)
{
	struct gmonx_thread t;
	struct gmonx_tsample s = { 0, fn (i), samples };
	struct gmonx_arc a = { 0, 0, fn (i) + 4, fn (i + 1), calls };

	memset (&t, 0, sizeof t);
	t.tid = tid;
	t.flags = flags;
	t.order = order;
	t.threads = threads;
	t.cpu_ns = 1000000;
	t.samples = samples;
	t.calls = calls;
	t.start_ns = order;
	t.name = name;
	gmonx_write_thread (&g->w, &t);
	if (samples)
		gmonx_write_tsamples (&g->w, &s, 1);
	if (calls)
		gmonx_write_tarcs (&g->w, &a, 1);
	calls_at[i % nfuncs] = gmon_add_sat (calls_at[i % nfuncs], calls);
}

/* A chain of N context nodes, one sample each, from the outermost
   frame (function I) in: the nodes number from G's count on.  */
static void
gen_chain (struct gen *g, size_t i, size_t n)
{
	struct gmonx_ctx_node v[256];
	size_t k, nv = 0;

	for (k = 0; k < n; k++) {
		v[nv].parent = k ? g->nnodes - 1 : GMONX_CTX_ROOT;
		v[nv].obj = 0;
		v[nv].addr = fn (i + k) + (k + 1 < n ? 4 : 0);
		v[nv].count = 1;
		sample (i + k, 1);
		g->nnodes++;
		if (++nv == sizeof v / sizeof v[0]) {
			gmonx_write_ctx_nodes (&g->w, v, nv);
			nv = 0;
		}
	}
	if (nv)
		gmonx_write_ctx_nodes (&g->w, v, nv);
}

/* ------------------------------------------------------------------ */
/* The cases */

static void
case_plain (struct gen *g)
{
	struct gmonx_context c = { 8, 0, 0 };

	gen_process (g, 6);
	gmonx_write_context (&g->w, &c);
	gen_threads (g, 256, 2, 0);
	gen_thread (g, 101, GMONX_THREAD_MAIN, 0, 1, "prog", 0, 3, 5);
	gen_chain (g, 0, 3);
	gen_thread (g, 102, GMONX_THREAD_EXITED, 1, 1, "worker", 1, 3, 7);
	gen_chain (g, 1, 3);
}

static void
case_chain (struct gen *g, size_t n, size_t depth)
{
	struct gmonx_context c = { (uint32_t) depth, 0, 0 };

	gen_process (g, n);
	gmonx_write_context (&g->w, &c);
	gen_chain (g, 0, n);
}

/* N records of one tid (MERGED: of the threads beyond the cap).  */
static void
case_tid (struct gen *g, size_t n, bool merged)
{
	size_t i;

	gen_process (g, n);
	gen_threads (g, merged ? 1 : (uint32_t) n, merged ? 0 : (uint32_t) n,
		     merged ? 2 * n : 0);
	for (i = 0; i < n; i++) {
		gen_thread (g, merged ? 0 : 4321, merged ? GMONX_THREAD_MERGED
			    : GMONX_THREAD_EXITED, merged ? 1 : (uint32_t) i,
			    merged ? 2 : 1, merged ? "" : "w", i, 1, 1);
		sample (i, 1);
	}
}

static void
case_threads (struct gen *g, size_t n, size_t names)
{
	char name[32];
	size_t i;

	gen_process (g, n);
	gen_threads (g, (uint32_t) n, (uint32_t) n, 0);
	for (i = 0; i < n; i++) {
		snprintf (name, sizeof name, "w%zu", i % (names ? names : 1));
		gen_thread (g, (uint32_t) (1000 + i), i ? GMONX_THREAD_EXITED
			    : GMONX_THREAD_MAIN, (uint32_t) i, 1, name, i, 1,
			    1);
		sample (i, 1);
	}
}

static void
case_libs (struct gen *g, size_t n, bool sparse)
{
	char path[64];
	size_t i;

	gen_process (g, 1);
	sample (0, 1);
	for (i = 0; i < n; i++) {
		uint32_t id = sparse ? (uint32_t) (1 + i * 65599) : (uint32_t) i
			+ 1;

		if (sparse)
			snprintf (path, sizeof path, "/nonexistent/gmonxgen/"
				  "lib%zu.so", i);
		else
			snprintf (path, sizeof path, "/nonexistent/gmonxgen/"
				  "%zu/libsame.so", i);
		gen_object (g, id, path, (uint32_t) i);
	}
	if (sparse)
		for (i = 0; i < n; i++) {
			struct gmonx_arc a = {
				(uint32_t) (1 + i * 65599), 0, 0x1100, fn (i),
				1 };

			gmonx_write_arcs (&g->w, &a, 1);
		}
}

static void
case_wrap (struct gen *g)
{
	gen_process (g, UINT64_MAX);
	sample (0, 2);
	gen_threads (g, 2, 2, 0);
	gen_thread (g, 101, GMONX_THREAD_MAIN, 0, 1, "w", 0,
		    (uint64_t) 1 << 63, UINT64_MAX);
	gen_thread (g, 102, 0, 1, 1, "w", 0, (uint64_t) 1 << 63, UINT64_MAX);
	/* The program's file with a few: 2^64 calls would be 2^32 arc
	   records of it.  */
	memset (calls_at, 0, sizeof calls_at);
	calls_at[0] = 2;
}

static const char *const odd_names[] = {
	"job\xef\xbf\xbe",		/* U+FFFE */
	"job\xef\xbf\xbf",		/* U+FFFF */
	"c0\x01\x02\x7f",		/* C0 controls, DEL */
	"esc\x1b[31mred",		/* ESC: a terminal's colours */
	"nl\nline",			/* a newline */
	"c1\xc2\x85\xc2\x9b" "2J",	/* C1 controls: NEL, CSI */
	"bidi\xe2\x80\xaegnp.exe",	/* U+202E, right-to-left override */
	"iso\xe2\x81\xa6x\xe2\x81\xa9",	/* U+2066, U+2069: isolates */
	"bad\xff\xfe\xc3",		/* no UTF-8 character */
};
#define NODD	(sizeof odd_names / sizeof odd_names[0])

static void
case_names (struct gen *g)
{
	char path[64];
	size_t i;

	gen_process (g, NODD);
	for (i = 0; i < NODD; i++) {
		snprintf (path, sizeof path, "/nonexistent/%s.so",
			  odd_names[i]);
		gen_object (g, (uint32_t) i + 1, path, (uint32_t) i);
	}
	gen_threads (g, NODD, NODD, 0);
	for (i = 0; i < NODD; i++) {
		gen_thread (g, (uint32_t) (200 + i), i ? 0 : GMONX_THREAD_MAIN,
			    (uint32_t) i, 1, odd_names[i], i, 1, 1);
		sample (i, 1);
	}
}

/* The threads record says N; the file ends after M thread records,
   at a record's boundary.  */
static void
case_cut (struct gen *g, size_t n, size_t m)
{
	char name[32];
	size_t i;

	gen_process (g, n);
	gen_threads (g, (uint32_t) n, (uint32_t) n, 0);
	for (i = 0; i < n; i++) {
		if (i < m) {
			snprintf (name, sizeof name, "t%zu", i);
			gen_thread (g, (uint32_t) (300 + i), i ? 0
				    : GMONX_THREAD_MAIN, (uint32_t) i, 1,
				    name, i, 1, 1);
		}
		sample (i, 1);
	}
}

/* ------------------------------------------------------------------ */

/* The program's file: its histogram, the run's stamp.  */
static void
write_profile (const char *path)
{
	struct gmon_run run = { RUN_PID, RUN_START, RUN_ID };
	unsigned char buf[4096];
	struct gmon_hist_hdr h;
	struct gmon_writer w;
	struct gmon_target t;
	uint64_t *bins;
	size_t i;
	int fd = open (path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	if (fd < 0)
		die (path);
	memset (&h, 0, sizeof h);
	h.low_pc = text_lo;
	h.high_pc = text_hi;
	h.nbins = (uint32_t) ((text_hi - text_lo) / 4);
	h.rate = 100;
	strcpy (h.dimen, "seconds");
	h.abbrev = 's';
	bins = calloc (h.nbins ? h.nbins : 1, sizeof *bins);
	if (!bins)
		die ("out of memory");
	for (i = 0; i < nfuncs; i++)
		if (funcs[i] >= text_lo && funcs[i] < text_hi)
			bins[(funcs[i] - text_lo) / 4] += hist_at[i];
	gmon_target_native (&t);
	gmon_writer_init (&w, fd, buf, sizeof buf, &t);
	gmon_write_header_run (&w, &run);
	gmon_write_hist (&w, &h, bins, 8);
	for (i = 0; i < nfuncs; i++)
		if (calls_at[i])
			gmon_write_arc (&w, fn (i) + 4, fn (i + 1),
					calls_at[i]);
	if (gmon_writer_flush (&w) < 0 || close (fd) < 0)
		die (path);
	free (bins);
}

static size_t
number (const char *s, size_t dflt)
{
	char *end;
	unsigned long long v;

	if (!s)
		return dflt;
	v = strtoull (s, &end, 0);
	if (*end || end == s)
		die ("a count is not a number");
	return (size_t) v;
}

/* Case NAME with arguments A, B into the companion PATH.  */
static void
one_case (const char *name, const char *a, const char *b, const char *path)
{
	struct gen *g = malloc (sizeof *g);

	if (!g)
		die ("out of memory");
	memset (hist_at, 0, sizeof hist_at);
	memset (calls_at, 0, sizeof calls_at);
	gen_open (g, path);
	if (strcmp (name, "plain") == 0)
		case_plain (g);
	else if (strcmp (name, "chain") == 0)
		case_chain (g, number (a, 16), number (b, number (a, 16) - 1));
	else if (strcmp (name, "tid") == 0)
		case_tid (g, number (a, 16), false);
	else if (strcmp (name, "merged") == 0)
		case_tid (g, number (a, 16), true);
	else if (strcmp (name, "threads") == 0)
		case_threads (g, number (a, 16), number (b, 1));
	else if (strcmp (name, "libs") == 0)
		case_libs (g, number (a, 16), false);
	else if (strcmp (name, "sparse") == 0)
		case_libs (g, number (a, 16), true);
	else if (strcmp (name, "wrap") == 0)
		case_wrap (g);
	else if (strcmp (name, "names") == 0)
		case_names (g);
	else if (strcmp (name, "cut") == 0)
		case_cut (g, number (a, 4), number (b, 3));
	else
		die ("unknown case (plain, chain, tid, merged, threads, libs, "
		     "sparse, wrap, names, cut, seeds)");
	gen_close (g);
	free (g);
}

/* A small file of each case into DIR.  */
static void
seeds (const char *dir)
{
	static const char *const v[][3] = {
		{ "plain", NULL, NULL }, { "chain", "40", NULL },
		{ "chain", "40", "8" }, { "tid", "5", NULL },
		{ "merged", "4", NULL }, { "threads", "12", "3" },
		{ "libs", "6", NULL }, { "sparse", "6", NULL },
		{ "wrap", NULL, NULL }, { "names", NULL, NULL },
		{ "cut", "4", "3" },
	};
	char path[4096];
	size_t i;

	for (i = 0; i < sizeof v / sizeof v[0]; i++) {
		snprintf (path, sizeof path, "%s/gen-%s%s%s%s%s", dir, v[i][0],
			  v[i][1] ? "-" : "", v[i][1] ? v[i][1] : "",
			  v[i][2] ? "-" : "", v[i][2] ? v[i][2] : "");
		one_case (v[i][0], v[i][1], v[i][2], path);
	}
}

static void
parse_funcs (const char *s)
{
	char *end;

	while (*s && nfuncs < MAX_FUNCS) {
		funcs[nfuncs++] = strtoull (s, &end, 0);
		if (end == s || (*end && *end != ','))
			die ("-f wants addresses separated by commas");
		s = *end ? end + 1 : end;
	}
}

int
main (int argc, char **argv)
{
	const char *profile = "gmon.out", *companion = NULL, *a, *b;
	char dir[4096], path[4200], *end;
	int c;

	while ((c = getopt (argc, argv, "o:x:t:f:")) != -1) {
		switch (c) {
		case 'o':
			profile = optarg;
			break;
		case 'x':
			companion = optarg;
			break;
		case 't':
			text_lo = strtoull (optarg, &end, 0);
			if (*end != ':')
				die ("-t wants LOW:HIGH");
			text_hi = strtoull (end + 1, &end, 0);
			if (*end || text_hi <= text_lo)
				die ("-t wants LOW:HIGH");
			break;
		case 'f':
			parse_funcs (optarg);
			break;
		default:
			return 99;
		}
	}
	if (optind >= argc)
		die ("usage: gmonxgen [-o PROFILE] [-x COMPANION] "
		     "[-t LOW:HIGH] [-f ADDR,...] CASE [N [M]]");
	for (; nfuncs < 4; nfuncs++)
		funcs[nfuncs] = text_lo + 0x10 * (nfuncs + 1);
	if (strcmp (argv[optind], "seeds") == 0) {
		if (optind + 1 >= argc)
			die ("seeds wants a directory");
		seeds (argv[optind + 1]);
		return 0;
	}
	a = optind + 1 < argc ? argv[optind + 1] : NULL;
	b = optind + 2 < argc ? argv[optind + 2] : NULL;
	if (companion) {
		one_case (argv[optind], a, b, companion);
		return 0;
	}
	if ((size_t) snprintf (dir, sizeof dir, "%s-objs", profile)
	    >= sizeof dir
	    || (size_t) snprintf (path, sizeof path, "%s/objects.gmonx", dir)
	    >= sizeof path)
		die ("the profile's name is too long");
	if (mkdir (dir, 0755) < 0 && errno != EEXIST)
		die (dir);
	errno = 0;
	one_case (argv[optind], a, b, path);
	write_profile (profile);
	return 0;
}
