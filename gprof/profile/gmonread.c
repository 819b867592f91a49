/* gmonread.c - the gmon files, read and summed into struct profile.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   The files are read and merged by the format library (gmon/), with
   GNU gprof's rules; this file only moves the sum into the model and
   decides the clock rate:

   - the first histogram's rate, as GNU gprof takes it;
   - for an old BSD file (it has none), or a histogram that says 0, the
     system clock tick.  GNU gprof does the same for BSD files, but
     divides by the 0 of a new-format file and prints "-nan" and "inf".

   Standard input ("-") is read like any file, BSD formats included
   (GNU gprof has to seek in those and fails on a pipe).

   What each file's companion adds (its objects, its calling contexts,
   its threads, its process's CPU time) the other pieces of
   gprof/profile/ take from it; here each companion is looked for and
   read at most once per file, or taken from profile_objects, which
   read it first.  */

#include <config.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <libiberty/libiberty.h>

#include "gmon/gmon.h"
#include "gmon/gmonx.h"
#include "gprof/diagnose.h"
#include "gprof/leftout.h"
#include "gprof/lossnotes.h"
#include "gprof/symbols/objfile.h"
#include "gprof/profile/profile.h"
#include "gprof/profile/profpriv.h"
#include "gprof/util/util.h"

long
profile_default_hz (void)
{
	long hz = sysconf (_SC_CLK_TCK);

	return hz > 0 ? hz : 1;
}

void
profile_target (struct objfile *of, struct gmon_target *t)
{
	objfile_target (of, &t->addr_size, &t->big_endian, &t->sign_extend);
	if (t->addr_size != 4 && t->addr_size != 8)
		gp_fatal (objfile_path (of), "addresses of %u bytes: gmon files "
			  "exist only for 4- and 8-byte addresses",
			  t->addr_size);
}

static enum gmon_format
gmon_format_of (enum file_format f)
{
	switch (f) {
	case FF_MAGIC:
		return GMON_FMT_MAGIC;
	case FF_BSD:
		return GMON_FMT_BSD;
	case FF_BSD44:
		return GMON_FMT_BSD44;
	default:
		return GMON_FMT_AUTO;
	}
}

void
profile_exists (struct objfile *of, const char *name)
{
	struct stat sb;

	if (strcmp (name, "-") != 0 && stat (name, &sb) != 0
	    && errno == ENOENT)
		diagnose_no_profile (of, name);
}

/* What the companion of a profile (F, of the profile's run, or NULL)
   and the profile's header and first histogram (GS) say of the process
   that wrote it: its CPU time, or that glibc's runtime wrote it.
   FIRST: it is the first file.  */
static void
take_process (struct profile *p, bool first, const struct gmonx_file *f,
	      const struct gmon_file_stats *gs)
{
	bool cpu = f && f->have_process && f->process.cpu_ns > 0;

	if (first) {
		p->cpu_known = true;
		p->glibc = true;
	}
	p->cpu_known = p->cpu_known && cpu;
	if (cpu)
		p->cpu_ns += f->process.cpu_ns;
	/* libgmon stamps every file it writes with the run and every
	   histogram with the build, and writes a companion beside it
	   (unless GMON_OBJECTS=0); glibc does none of these (a companion
	   of another run may be left beside its file).  */
	p->glibc = p->glibc && !f && gs->format == GMON_FMT_MAGIC
		&& gs->nhist > 0 && !gmon_run_known (&gs->run)
		&& !gs->build.kind;
}

/* The reading of the files of one profile_read.  */
struct profile_reading {
	const struct profile_request *rq; /* what is read */
	struct profile *p;		/* what it is read into */
	struct gmon_profile gp;		/* the files summed so far */
	struct ctx_load cl;		/* their calling contexts */
	struct left_out lo;		/* the samples -p leaves out */
	struct loss_notes notes;	/* what the runtimes said they lost */
	bool bsd;			/* a file was of a BSD format */
};

/* What -i prints of a file (GS), through RQ's callback.  */
static void
tell_file (const struct profile_request *rq, const char *name,
	   const struct gmon_file_stats *gs)
{
	struct file_stats st;

	st.version = gs->version;
	st.nhist = gs->nhist;
	st.narcs = gs->narcs;
	st.nbb = gs->nbb;
	if (rq->cb)
		rq->cb (name, &st, rq->arg);
}

/* The I-th file, NAME, and its companion, into R.  */
static void
read_file (struct profile_reading *r, size_t i, const char *name)
{
	const struct profile_request *rq = r->rq;
	struct companion_got c = { .got = -1 };
	struct gmon_file_stats gs;
	struct gmon_error err, xerr;
	struct gmonx_file f;
	char path[4096];
	uint64_t before = 0, *shift = NULL;
	char *why = NULL;
	bool own;	/* F is the companion of this file's run */

	profile_exists (rq->of, name);
	/* The companion first: only a profile that has one needs its
	   samples counted (to know it is the companion's).  */
	path[0] = '\0';
	if (rq->objs) {
		companion_take (rq->objs, i, &f, &shift);
		c.got = 0;
	} else if (rq->contexts != CTX_IGNORE || rq->threads) {
		c.got = companion_read (name, &f, path, sizeof path, &xerr);
	}
	c.f = &f;
	c.path = path;
	c.err = &xerr;
	c.shift = shift;
	if (c.got == 0 && rq->contexts != CTX_IGNORE)
		before = ctxload_samples (&r->gp);
	if (gmon_profile_read (&r->gp, name, gmon_format_of (rq->format),
			       &gs, &err) < 0)
		gp_fatal (NULL, "%s", err.msg);
	if (gs.format != GMON_FMT_MAGIC)
		r->bsd = true;
	loss_notes_say (&r->notes, &r->gp, name);
	diagnose_build (rq->of, name, &gs.build);
	tell_file (rq, name, &gs);
	if (rq->objs)
		companion_same_run (name, &gs.run, &f, false);
	if (rq->contexts != CTX_IGNORE)
		ctxload_add (&r->cl, name, c.got == 0
			     ? ctxload_samples (&r->gp) - before : 0,
			     &gs.run, &c);
	if (rq->threads)
		threadprof_add (r->p, name, i, &gs.run, &c);
	if (rq->objs) {
		companion_add_objects (&r->gp, &f, rq->objs, shift);
		own = true;	/* companion_same_run said so */
	} else {
		/* Read for its objects' samples only.  */
		if (rq->contexts == CTX_IGNORE && !rq->threads)
			c.got = companion_read (name, &f, path, sizeof path,
						&xerr);
		own = c.got == 0 && !(why = companion_mismatch (name, &gs.run,
								&f, false));
		if (own)
			left_out_add (&r->lo, name, &f);
		free (why);
	}
	take_process (r->p, i == 0, own ? &f : NULL, &gs);
	free (shift);
	if (c.got == 0)
		gmonx_free (&f);
}

/* The sum GP of the files (BSD: one was of a BSD format) into P, taken
   over, not copied: a profile summed from many runs has tens of
   thousands of histograms, and as many arcs.  */
static void
take_sum (struct profile *p, struct gmon_profile *gp, bool bsd)
{
	p->input = ((gp->input & GMON_INPUT_HIST) ? INPUT_HIST : 0)
		| ((gp->input & GMON_INPUT_ARCS) ? INPUT_ARCS : 0)
		| ((gp->input & GMON_INPUT_BB) ? INPUT_BB : 0);
	p->nhist = gp->nhist;
	p->hist = gp->hist;
	gp->hist = NULL;
	gp->nhist = 0;
	p->hist_scale = gp->hist_scale;
	memcpy (p->dimen, gp->dimen, sizeof p->dimen - 1);
	p->dimen[sizeof p->dimen - 1] = '\0';
	p->abbrev = gp->abbrev;
	p->hz = gp->rate;
	/* glibc's runtime samples at the clock tick it is told, 100 Hz
	   on Linux (AT_CLKTCK).  */
	p->glibc = p->glibc && p->hz == 100;
	if (p->nhist > 0 && p->hz == 0) {
		p->hz = profile_default_hz ();
		if (!bsd)
			gp_warn (NULL, "the profile does not say how often it "
				 "sampled; assuming the clock tick, %ld Hz",
				 p->hz);
	}
	p->narcs = gp->narcs;
	p->arcs = gp->narcs ? gp->arcs : XNEWVEC (struct gmon_arc, 1);
	if (gp->narcs)
		gp->arcs = NULL;
	p->nbbs = gp->nbbs;
	p->bbs = gp->nbbs ? gp->bbs : XNEWVEC (struct gmon_bb, 1);
	if (gp->nbbs)
		gp->bbs = NULL;
}

void
profile_read (struct profile *p, const struct profile_request *rq)
{
	static char *const default_name[] = { (char *) "gmon.out" };
	struct profile_reading r = { .rq = rq, .p = p };
	char *const *names = rq->names;
	size_t n = rq->n, i;
	struct gmon_target t;

	memset (p, 0, sizeof *p);
	r.cl.use = rq->contexts;
	if (rq->format == FF_PROF)
		gp_fatal (NULL, "the `prof' file format (-Op) is not supported: "
			  "only gmon files (new format and BSD) are");
	if (n == 0) {
		names = default_name;
		n = 1;
	}
	profile_target (rq->of, &t);
	gmon_profile_init (&r.gp, &t);
	for (i = 0; i < n; i++)
		read_file (&r, i, names[i]);
	ctxload_take (&r.cl, p);
	left_out_say (&r.lo);
	loss_notes_drop (&r.notes, &r.gp);
	take_sum (p, &r.gp, r.bsd);
	gmon_profile_free (&r.gp);
}

void
profile_free (struct profile *p)
{
	size_t i;

	for (i = 0; i < p->nthreads; i++) {
		free (p->threads[i].name);
		free (p->threads[i].s);
		free (p->threads[i].arcs);
		free (p->threads[i].ctx);
	}
	free (p->threads);
	for (i = 0; i < p->nhist; i++)
		gmon_bins_free (&p->hist[i].bins);
	free (p->hist);
	free (p->arcs);
	free (p->bbs);
	free (p->ctx);
	memset (p, 0, sizeof *p);
}

void
profile_drop_bins (struct profile *p)
{
	size_t i;

	for (i = 0; i < p->nhist; i++)
		gmon_bins_free (&p->hist[i].bins);
}
