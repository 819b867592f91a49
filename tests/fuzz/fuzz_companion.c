/* fuzz_companion.c - fuzz target for what gprof does with a companion's
   threads, contexts and objects.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   The input is a companion (a gmonx file).  fuzz_gmonx.c fuzzes its
   reader; here each companion the reader takes is put beside a
   gmon.out of its run (the same run stamp, the program's samples as
   its main object counts them, so that gprof pairs them and uses its
   contexts) and a small program whose functions lie where the seeds'
   addresses fall (tests/tools/gmonxgen's defaults: 0x1010, 0x1020
   ...), a classic file of the run for each library that names one;
   then gprof itself runs on them, whole, several times: --threads with
   the exports that have a per-thread form, --threads=name with the
   flat profile and the call graph, --objects with the exports that
   walk the calling contexts (JSON, Callgrind, folded) and with
   --threads, and the plain report that counts what it leaves out.  So
   every consumer of those records runs on fuzzed input: the rows and
   their frames, each row's profile, the tables and headings, the
   context trees and their measured times, the object list and its
   names.

   gprof's main is compiled in (renamed); an error ends it with
   exit(1), which the link wraps (-Wl,--wrap=exit) into a jump back
   here: an error is an answer, not a finding.  Whatever it leaves
   allocated then is lost, so leaks are not looked for here (the
   replay runs with detect_leaks=0).  Built with clang
   -fsanitize=fuzzer by `make fuzz FUZZ_TARGET=companion', and linked
   with replay_main.c for `make check'; its seeds are gmonxgen's
   (tests/fuzz/run-fuzz.sh makes them).  */

#define main gprof_main
#include "gprof/main.c"
#undef main

#include <dirent.h>
#include <fcntl.h>
#include <getopt.h>
#include <setjmp.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gmon/gmonx.h"

int LLVMFuzzerTestOneInput (const unsigned char *data, size_t size);
void __real_exit (int status) __attribute__ ((noreturn));
void __wrap_exit (int status) __attribute__ ((noreturn));

static char dir[64];			/* the scratch directory */
static char objdir[96];			/* ... its gmon.out-objs */
static char prog[96], gmon[96];		/* ... the program, its profile */
static char x_folded[128], x_svg[128];	/* ... and the exports */
static char x_pprof[128], x_json[128], x_callgrind[128];
static jmp_buf back;			/* where an exit of gprof's lands */
static void clear_objdir (void);
static bool in_gprof;			/* gprof_main is running */
static int null_fd = -1;		/* /dev/null, gprof's stdout */

void
__wrap_exit (int status)
{
	if (in_gprof)
		longjmp (back, 1);
	__real_exit (status);
}

static void
die (const char *what)
{
	perror (what);
	abort ();
}

/* The program: eight functions of 16 bytes from 0x1000 on, as the
   seeds' addresses expect; never run.  */
static void
make_program (void)
{
	static const char src[] =
		"void f0 (void) {} void f1 (void) {} void f2 (void) {}\n"
		"void f3 (void) {} void f4 (void) {} void f5 (void) {}\n"
		"void f6 (void) {} void f7 (void) {}\n";
	const char *cc = getenv ("CC");
	char cmd[512];
	FILE *f;

	snprintf (cmd, sizeof cmd, "%s/prog.c", dir);
	if (!(f = fopen (cmd, "w")) || fputs (src, f) < 0 || fclose (f))
		die (cmd);
	snprintf (cmd, sizeof cmd, "%s -O1 -nostdlib -static -no-pie "
		  "-falign-functions=16 -fno-asynchronous-unwind-tables "
		  "-Wl,-Ttext=0x1000 -Wl,-e,f0 -o %s %s/prog.c",
		  cc && *cc ? cc : "cc", prog, dir);
	if (system (cmd) != 0)
		die ("cannot build the program");
}

/* Removes DIR and what is in it, at exit.  */
static void
remove_dir (void)
{
	static const char *const names[] = {
		"prog", "prog.c", "gmon.out", "x.folded", "x.svg", "x.pb.gz",
		"x.json", "x.callgrind" };
	char path[512];
	size_t i;

	clear_objdir ();
	rmdir (objdir);
	for (i = 0; i < sizeof names / sizeof names[0]; i++) {
		snprintf (path, sizeof path, "%s/%s", dir, names[i]);
		unlink (path);
	}
	rmdir (dir);
}

static void
init (void)
{
	strcpy (dir, "/tmp/fuzz-companion.XXXXXX");
	if (!mkdtemp (dir))
		die ("mkdtemp");
	snprintf (objdir, sizeof objdir, "%s/gmon.out%s", dir,
		  GMONX_OBJDIR_SUFFIX);
	snprintf (prog, sizeof prog, "%s/prog", dir);
	snprintf (gmon, sizeof gmon, "%s/gmon.out", dir);
	snprintf (x_folded, sizeof x_folded, "--export=folded:%s/x.folded",
		  dir);
	snprintf (x_svg, sizeof x_svg, "--export=flamegraph:%s/x.svg", dir);
	snprintf (x_pprof, sizeof x_pprof, "--export=pprof:%s/x.pb.gz", dir);
	snprintf (x_json, sizeof x_json, "--export=json:%s/x.json", dir);
	snprintf (x_callgrind, sizeof x_callgrind,
		  "--export=callgrind:%s/x.callgrind", dir);
	if (mkdir (objdir, 0700) < 0)
		die (objdir);
	atexit (remove_dir);
	make_program ();
	null_fd = open ("/dev/null", O_WRONLY);
	if (null_fd < 0)
		die ("/dev/null");
}

/* FILE: the bytes of N, written whole.  */
static void
put_file (const char *path, const void *p, size_t n)
{
	int fd = open (path, O_WRONLY | O_CREAT | O_TRUNC, 0600);

	if (fd < 0 || write (fd, p, n) != (ssize_t) n || close (fd) < 0)
		die (path);
}

/* A gmon file of F's run at PATH: with the samples of F's program
   (N of them, at most 2^20: more would be as many records), spread
   over the functions, or none.  */
static void
put_profile (const char *path, const struct gmonx_file *f, uint64_t n)
{
	unsigned char buf[4096];
	uint64_t bins[64] = { 0 };
	struct gmon_hist_hdr h;
	struct gmon_writer w;
	struct gmon_target t;
	int fd = open (path, O_WRONLY | O_CREAT | O_TRUNC, 0600), k;

	if (fd < 0)
		die (path);
	gmon_target_native (&t);
	gmon_writer_init (&w, fd, buf, sizeof buf, &t);
	gmon_write_header_run (&w, &f->process.run);
	if (n) {
		memset (&h, 0, sizeof h);
		h.low_pc = 0x1000;
		h.high_pc = 0x1080;
		h.nbins = 64;
		h.rate = 100;
		strcpy (h.dimen, "seconds");
		h.abbrev = 's';
		if (n > (uint64_t) 1 << 20)
			n = (uint64_t) 1 << 20;
		for (k = 0; k < 8; k++)
			bins[8 * k] = n / 8;
		bins[0] += n % 8;
		gmon_write_hist (&w, &h, bins, 8);
	}
	if (gmon_writer_flush (&w) < 0 || close (fd) < 0)
		die (path);
}

/* Empties the object directory.  */
static void
clear_objdir (void)
{
	DIR *d = opendir (objdir);
	struct dirent *e;
	char path[512];

	if (!d)
		die (objdir);
	while ((e = readdir (d)))
		if (strcmp (e->d_name, ".") && strcmp (e->d_name, "..")) {
			snprintf (path, sizeof path, "%s/%s", objdir,
				  e->d_name);
			unlink (path);
		}
	closedir (d);
}

/* gprof with ARGS (NULL-terminated, the program and its profile
   appended), its output thrown away; its messages go to standard
   error (libFuzzer's -close_fd_mask=2 hides them, and replay-corpus.sh
   keeps them apart), as a sanitizer's report would.  */
static void
gprof (const char *const *args)
{
	char *argv[16];
	int argc = 0, saved;

	argv[argc++] = (char *) "gprof";
	while (*args)
		argv[argc++] = (char *) *args++;
	argv[argc++] = prog;
	argv[argc++] = gmon;
	argv[argc] = NULL;
	fflush (stdout);
	saved = dup (STDOUT_FILENO);
	dup2 (null_fd, STDOUT_FILENO);
	optind = 0;			/* getopt from scratch */
	in_gprof = true;
	if (!setjmp (back))
		gprof_main (argc, argv);
	in_gprof = false;
	fflush (stdout);
	dup2 (saved, STDOUT_FILENO);
	close (saved);
}

int
LLVMFuzzerTestOneInput (const unsigned char *data, size_t size)
{
	const char *const threads[] = {
		"-b", "--threads", x_folded, x_svg, x_pprof, NULL };
	const char *const by_name[] = {
		"-b", "-p", "-q", "--threads=name", NULL };
	const char *const objects[] = {
		"-b", "--objects", x_json, x_callgrind, x_folded, x_svg, NULL };
	const char *const objects_threads[] = {
		"-b", "--objects", "--threads", "-q", NULL };
	const char *const plain[] = { "-b", "-p", NULL };
	const struct gmonx_object *m = NULL;
	struct gmonx_file f;
	struct gmon_error err;
	char path[512];
	size_t k;

	if (!*dir)
		init ();
	if (gmonx_parse (data, size, "in", &f, &err) != 0)
		return 0;	/* fuzz_gmonx.c's */
	clear_objdir ();
	snprintf (path, sizeof path, "%s/%s", objdir, GMONX_COMPANION_NAME);
	put_file (path, data, size);
	for (k = 0; k < f.nobjects; k++) {
		const struct gmonx_object *o = &f.objects[k];

		if (o->flags & GMONX_OBJ_MAIN) {
			if (!m)
				m = o;
			continue;
		}
		if (!*o->file || !strcmp (o->file, GMONX_COMPANION_NAME))
			continue;
		snprintf (path, sizeof path, "%s/%s", objdir, o->file);
		put_profile (path, &f, 0);
	}
	put_profile (gmon, &f, m ? m->samples : 0);
	if (f.have_threads || f.nthreads) {
		gprof (threads);
		gprof (by_name);
		gprof (objects_threads);
	}
	gprof (objects);
	gprof (plain);
	gmonx_free (&f);
	return 0;
}
