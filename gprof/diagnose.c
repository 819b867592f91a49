/* diagnose.c - a profile that does not belong to the executable.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   A profile taken of another build of the program charges its samples
   and calls to the wrong functions, or to none, and nothing in the
   reports says so.  Three signs give it away, and are put in words a
   user can act on: a histogram no function lies in, arcs none of which
   lie in the program, and arcs that do not return into the calls of
   mcount the program's functions make.  Only warnings: the reports
   are printed all the same, as GNU gprof prints them.  */

#include <config.h>

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "gprof/arch/arch.h"
#include "gprof/diagnose.h"
#include "gprof/objfile.h"
#include "gprof/symtab.h"
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
	unsigned int n = arch->mcount_call_len;

	if (s && s->addr == addr)
		return true;
	if (!objfile_text_bytes (of, addr - n, b, n))
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
	if (p->nhist > 0 && i == p->nhist)
		gp_warn (pname, "no function of %s lies in its histogram's "
			 "range 0x%" PRIx64 "-0x%" PRIx64 "%s: was the program "
			 "rebuilt after it was profiled, or are these the "
			 "addresses of a position-independent executable, not "
			 "relocated back to link time?", opt->image,
			 p->hist[0].h.low_pc, p->hist[p->nhist - 1].h.high_pc,
			 p->nhist > 1 ? " (all its records)" : "");

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
