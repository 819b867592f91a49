/* diagnose.c - a profile that does not belong to the executable.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   A profile taken of another build of the program charges its samples
   and calls to the wrong functions, or to none, and nothing in the
   reports says so.  Three signs give it away, and are put in words a
   user can act on: a histogram no function lies in, arcs none of which
   lie in the program, and arcs that do not return into the calls of
   mcount the program's functions make.  Only warnings: the reports
   are printed all the same, as GNU gprof prints them.

   A profile of libgmon says which build it was taken of (its build
   stamp: the build id, else the file's size and time): another build
   id is certain, and refused; another size or time is warned about.
   One of glibc's runtime says nothing, but its histogram covers
   exactly the program's text as the program's own symbols bound it
   (__executable_start to etext, rounded to 4 bytes): another range is
   another build, however small the profile.  */

#include <config.h>

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "gprof/arch/arch.h"
#include "gprof/diagnose.h"
#include "gprof/symbols/objfile.h"
#include "gprof/symbols/symtab.h"
#include "gprof/util/util.h"

/* Whether ADDR, an arc's self_pc, is a return address of a call to
   mcount (as ARCH decodes calls), or the start of a function, where
   gmon.sum files point.  */
static bool
after_call (const struct arch *arch, struct objfile *of,
	    const struct symtab *st, uint64_t addr)
{
	const struct sym *s = symtab_find (st, addr);
	unsigned char b[ARCH_CALL_MAX];
	unsigned int n;

	if (s && s->addr == addr)
		return true;
	/* Code outside .text (a firmware's functions in RAM, in .data):
	   its bytes are not read here.  */
	if (addr <= objfile_text_start (of) || addr > objfile_text_end (of))
		return true;	/* cannot tell */
	/* The call's mode on Arm: that of the code before ADDR.  */
	arch = arch_at (arch, of, addr ? addr - 1 : 0, NULL);
	if (!arch)
		return false;	/* data: no call there */
	n = arch->mcount_call_len;
	if (addr < n || !objfile_text_bytes (of, addr - n, b, n))
		return true;	/* cannot tell */
	return arch->ends_with_call (b);
}

/* Whether a function starts in H's range, or holds its start.  */
static bool
hist_holds_function (const struct gmon_hist *h, const struct symtab *st)
{
	size_t lo = 0, hi = st->len;

	if (symtab_find (st, h->h.low_pc))
		return true;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (st->base[mid].addr < h->h.low_pc)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < st->len && st->base[lo].addr < h->h.high_pc;
}

/* ------------------------------------------------------------------ */
/* Another build */

/* The stamp libgmon would have made of OF, as it stands now.  */
static void
image_stamp (struct objfile *of, struct gmon_build *b)
{
	unsigned char id[64];
	size_t n = objfile_build_id (of, id, sizeof id);
	struct stat st;

	memset (b, 0, sizeof *b);
	if (n > 0)
		gmon_build_make (b, id, n, 0, 0);
	else if (stat (objfile_path (of), &st) == 0)
		gmon_build_make (b, NULL, 0, (uint64_t) st.st_size,
				 (uint64_t) st.st_mtim.tv_sec * 1000000000u
				 + (uint64_t) st.st_mtim.tv_nsec);
}

/* B's first N bytes in hexadecimal (as many as the profile holds),
   into BUF.  */
/* --ignore-build-id: the user says the rebuild changed no code (only
   the debugging information, say, which changes the id too).  */
static bool any_build;

void
diagnose_any_build (void)
{
	any_build = true;
}

/* --diff-base: the profiles read now are the base's.  */
static bool base_side;

void
diagnose_base_side (bool on)
{
	base_side = on;
}

static const char *
stamp_hex (const struct gmon_build *b, unsigned int n,
	   char buf[2 * GMON_BUILD_DATA_MAX + 1])
{
	unsigned int i;

	for (i = 0; i < b->len && i < n && i < GMON_BUILD_DATA_MAX; i++)
		sprintf (buf + 2 * i, "%02x", b->data[i]);
	buf[2 * i] = '\0';
	return buf;
}

void
diagnose_build (struct objfile *of, const char *name,
		const struct gmon_build *b)
{
	const char *image = objfile_path (of);
	char h1[2 * GMON_BUILD_DATA_MAX + 1], h2[2 * GMON_BUILD_DATA_MAX + 1];
	struct gmon_build mine;

	if (!b->kind)
		return;
	image_stamp (of, &mine);
	switch (gmon_build_cmp (b, &mine)) {
	case GMON_BUILD_DIFFERS:
		/* One side with a build id and the other without: the
		   note may only have been taken out (objcopy, strip
		   --remove-section), so a warning.  */
		if (b->kind != GMON_BUILD_ID || mine.kind != GMON_BUILD_ID) {
			gp_warn (NULL, "%s may have been written by another "
				 "build of %s: the program that ran had %s "
				 "build id, %s has %s; its functions and times "
				 "may be wrong", name, image,
				 b->kind == GMON_BUILD_ID ? "a" : "no",
				 image, mine.kind == GMON_BUILD_ID ? "one"
				 : "none");
			break;
		}
		if (any_build) {
			gp_warn (NULL, "%s was written by another build of "
				 "%s: the program that ran had the build id "
				 "%s..., %s has %s...; read all the same "
				 "(--ignore-build-id): its functions and times "
				 "are wrong unless the code is the same", name,
				 image, stamp_hex (b, b->len, h1), image,
				 stamp_hex (&mine, b->len, h2));
			break;
		}
		gp_error (NULL, "%s was written by another build of %s: the "
			  "program that ran had the build id %s..., %s has "
			  "%s...", name, image, stamp_hex (b, b->len, h1),
			  image, stamp_hex (&mine, b->len, h2));
		if (base_side)
			gp_note (NULL, "a base profile (--diff-base) of another "
				 "build is read with that build's executable: "
				 "--diff-base-exe=EXE (the two builds' "
				 "functions are then matched by name)");
		else
			gp_note (NULL, "its addresses are that build's, and "
				 "would be charged to the wrong functions: run "
				 "%s again to profile this build, or name the "
				 "program the profile was taken of "
				 "(--ignore-build-id reads it all the same, if "
				 "the rebuild changed no code)", image);
		exit (1);
	case GMON_BUILD_SIZE:
		gp_warn (NULL, "%s was written by another build of %s: the "
			 "program that ran was a file of another size (it had "
			 "no build id); its functions and times may be "
			 "wrong: run %s again to profile this build", name,
			 image, image);
		break;
	case GMON_BUILD_TIME:
		gp_warn (NULL, "%s may have been written by another build of "
			 "%s: the program that ran had the same size but "
			 "another modification time (it had no build id; a "
			 "copy made without keeping the time looks the same)",
			 name, image);
		break;
	default:
		break;
	}
}

/* Whether the histograms of P are one record as glibc's runtime
   writes it: no build stamp, the bins as many as glibc makes for its
   range (a 16-bit counter per 4 bytes, rounded up to 8 bytes).  */
static bool
glibc_hist (const struct profile *p)
{
	const struct gmon_hist_hdr *h;
	uint64_t size;

	if (p->nhist != 1)
		return false;
	h = &p->hist[0].h;
	if (h->build.kind || h->low_pc % 4 || h->high_pc % 4
	    || h->high_pc <= h->low_pc)
		return false;
	size = h->high_pc - h->low_pc;
	return h->nbins == ((size / 2 + 7) & ~(uint64_t) 7) / 2;
}

/* Warns if P's one histogram, written by glibc's runtime, does not
   cover OF's text as glibc would cover it: __executable_start rounded
   down to 4 bytes, etext rounded up.  True if it warned.  */
static bool
glibc_range_differs (const char *pname, struct objfile *of,
		     const struct profile *p)
{
	const struct gmon_hist_hdr *h;
	uint64_t start, etext, lo, hi;

	if (!glibc_hist (p) || !objfile_symbol_value (of, "etext", &etext)
	    || !objfile_symbol_value (of, "__executable_start", &start))
		return false;
	h = &p->hist[0].h;
	lo = start & ~(uint64_t) 3;
	hi = (etext + 3) & ~(uint64_t) 3;
	if (h->low_pc == lo && h->high_pc == hi)
		return false;
	gp_warn (NULL, "%s was written by another build of %s (was it "
		 "rebuilt after it was profiled?): its histogram covers 0x%" PRIx64 "-0x%" PRIx64 ", the text of "
		 "%s is 0x%" PRIx64 "-0x%" PRIx64 ": the functions and times "
		 "below are wrong; run %s again to profile this build",
		 pname, objfile_path (of), h->low_pc, h->high_pc,
		 objfile_path (of), lo, hi, objfile_path (of));
	return true;
}

void
diagnose_mismatch (const struct options *opt, struct objfile *of,
		   const struct profile *p, const struct symtab *st,
		   uint64_t lost)
{
	const char *pname = opt->ngmon ? opt->gmon_files[0] : "gmon.out";
	const struct arch *arch = arch_of (of);
	uint64_t total = 0;
	size_t i, step, odd = 0, seen = 0;

	/* Some function must lie in the histograms.  A record that holds
	   none is no sign by itself: a profile may cover the headers or
	   the padding in a record of their own.  */
	for (i = 0; i < p->nhist; i++)
		if (hist_holds_function (&p->hist[i], st))
			break;
	if (p->nhist > 0 && i == p->nhist) {
		gp_warn (pname, "no function of %s lies in its histogram's "
			 "range 0x%" PRIx64 "-0x%" PRIx64 "%s: was the program "
			 "rebuilt after it was profiled, or are these the "
			 "addresses of a position-independent executable, not "
			 "relocated back to link time?", opt->image,
			 p->hist[0].h.low_pc, p->hist[p->nhist - 1].h.high_pc,
			 p->nhist > 1 ? " (all its records)" : "");
	} else if (!opt->symbol_file && glibc_range_differs (pname, of, p)) {
		return;
	}

	for (i = 0; i < p->narcs; i++)
		total += p->arcs[i].count;
	if (p->narcs && total && lost == total) {
		gp_warn (pname, "none of its %zu arcs lies in a function of %s: "
			 "was the program rebuilt after it was profiled, or "
			 "is this the profile of another program?", p->narcs,
			 opt->image);
		return;
	}
	/* Every call the profiling runtime saw returns to just after the
	   call of mcount at the start of the callee; look at a sample.  */
	if (!arch || opt->symbol_file)
		return;
	step = p->narcs / 64 + 1;
	for (i = 0; i < p->narcs; i += step) {
		seen++;
		if (!after_call (arch, of, st, p->arcs[i].self_pc))
			odd++;
	}
	if (seen >= 4 && odd * 2 > seen)
		gp_warn (pname, "%zu of the %zu arcs looked at do not return "
			 "into a call of mcount in %s: was the program "
			 "rebuilt after it was profiled?", odd, seen,
			 opt->image);
}

/* ------------------------------------------------------------------ */
/* A profile of glibc's runtime */

/* Whether libgmon runs where OF does: x86-64, aarch64 and riscv64,
   64-bit Linux (configure.ac's ports).  */
static bool
libgmon_runs (struct objfile *of)
{
	const char *arch = objfile_arch_name (of);
	unsigned int size;
	bool big, sext;

	objfile_target (of, &size, &big, &sext);
	return size == 8 && !big && (strcmp (arch, "i386:x86-64") == 0
				     || strcmp (arch, "aarch64") == 0
				     || strcmp (arch, "riscv:rv64") == 0);
}

void
diagnose_glibc_runtime (const struct options *opt, struct objfile *of,
			const struct profile *p)
{
	static bool said;	/* the base of --diff-base is read too */

	if (said || !p->glibc || opt->brief || !libgmon_runs (of))
		return;
	said = true;
	gp_note (opt->ngmon ? opt->gmon_files[0] : "gmon.out", "written by "
		 "glibc's runtime, which samples 100 times a second, only in "
		 "the program's own code (not in shared libraries, the kernel "
		 "or mcount), and loses calls when threads call at once; "
		 "linked with -lgmon, the program records every thread's "
		 "calls, 1000 samples a second, and the time in its libraries "
		 "for --objects (info gmonkit 'Profiling with libgmon')");
}

/* ------------------------------------------------------------------ */
/* No profile at all */

void
diagnose_no_image (const struct options *opt)
{
	struct stat st;

	if (opt->image_given || stat (opt->image, &st) == 0 || errno != ENOENT)
		return;
	gp_error (opt->image, "%s", strerror (ENOENT));
	gp_note (NULL, "usage: gprof [OPTION]... [PROGRAM [PROFILE]...]; "
		 "PROGRAM (a.out if not named) is compiled and linked with "
		 "-pg (gcc -pg -o prog prog.c) and run once: it writes its "
		 "profile, gmon.out, into its working directory as it exits");
	exit (1);
}

void
diagnose_no_profile (struct objfile *of, const char *name)
{
	const char *image = objfile_path (of);

	gp_error (name, "%s", strerror (ENOENT));
	if (objfile_calls_mcount (of) == 0)
		gp_note (NULL, "%s was not compiled with -pg (it never calls "
			 "mcount), so it writes no profile: compile and link "
			 "it with -pg (gcc -pg -o prog prog.c), then run it: "
			 "it writes gmon.out into its working directory as "
			 "it exits", image);
	else
		gp_note (NULL, "no profile: run %s to its end (exit, or return "
			 "from main); compiled and linked with -pg, it then "
			 "writes gmon.out into its working directory "
			 "(GMON_OUT_PREFIX=NAME: NAME.PID instead)", image);
	exit (1);
}
