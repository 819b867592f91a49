/* profile.c - the gmon files, read and summed.

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

   With --objects, each profile's companion (gmon/gmonx_out.h, written
   by libgmon in PROFILE-objs/) adds the other objects of the process:
   each object's classic file, its addresses moved to the object's
   place in the model (struct proc_object), and the calls between
   objects.  The same object in several profiles (the children of a
   fork) has one place, so its files add up as the program's do.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <libiberty/libiberty.h>

#include "gmon/bytes.h"
#include "gmon/gmon.h"
#include "gmon/gmonx.h"
#include "gprof/diagnose.h"
#include "gprof/leftout.h"
#include "gprof/lossnotes.h"
#include "gprof/objfile.h"
#include "gprof/profile.h"
#include "gprof/util/hindex.h"
#include "gprof/util/replace.h"
#include "gprof/util/uniqname.h"
#include "gprof/util/utf8.h"
#include "gprof/util/util.h"

/* The clock rate GNU gprof assumes when a profile gives none.  */
static long
profile_default_hz (void)
{
	long hz = sysconf (_SC_CLK_TCK);

	return hz > 0 ? hz : 1;
}

static void
target_of (struct objfile *of, struct gmon_target *t)
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

/* ------------------------------------------------------------------ */
/* --objects: the companions libgmon writes beside its profiles */

/* NAME's companion into F: 0; -1 if there is none (PATH, SIZE bytes,
   says where it was looked for; "" for standard input, which has
   none); -2 if it is damaged (ERR says how).  */
static int
companion_read (const char *name, struct gmonx_file *f, char *path,
		size_t size, struct gmon_error *err)
{
	if (strcmp (name, "-") == 0) {
		path[0] = '\0';	/* standard input has no companion */
		return -1;
	}
	if (gmonx_find_companion (name, path, size) < 0)
		return -1;
	return gmonx_read (path, f, err) < 0 ? -2 : 0;
}

/* Why a profile (run stamp RUN; NULL: not read yet) has no companion
   at PATH, and what to do, in words (malloc'd).  What libgmon leaves
   tells the cases apart: it makes the object directory before it
   writes the profile (and leaves it if the companion cannot be
   written), and stamps every file with its run.  */
static char *
why_no_companion (const char *path, const struct gmon_run *run)
{
	const char *slash = strrchr (path, '/');
	char *dir = xstrndup (path, slash ? (size_t) (slash - path) : 0);
	struct stat st;
	char *why;

	if (*dir && stat (dir, &st) == 0 && S_ISDIR (st.st_mode))
		why = xasprintf ("its object directory %s is there without "
				 "it: libgmon could not write the companion "
				 "(it said why when the program exited: a full "
				 "disk?), or it was removed since; run the "
				 "program again", dir);
	else if (!run)
		why = xstrdup ("was it written by libgmon, with "
			       "GMON_OBJECTS=0, or renamed?");
	else if (gmon_run_known (run))
		why = xstrdup ("libgmon wrote no object directory for it: the "
			       "program ran with GMON_OBJECTS=0 (set "
			       "GMON_THREADS too, which keeps the companion), "
			       "or libgmon could not make the directory (it "
			       "said why when the program exited)");
	else
		why = xstrdup ("profile the program with libgmon (-lgmon, or "
			       "LD_PRELOAD=$(pkg-config --variable=libdir "
			       "gmonkit)/libgmon.so.0): the profile has no run "
			       "stamp, libgmon did not write it");
	free (dir);
	return why;
}

/* NAME's companion, read; exits if there is none or it is damaged.  */
static void
companion_of (const char *name, struct gmonx_file *f)
{
	char path[4096];
	struct gmon_error err;

	switch (companion_read (name, f, path, sizeof path, &err)) {
	case -1:
		if (!*path)
			gp_fatal (name, "--objects: standard input has no "
				  "companion");
		gp_fatal (name, "--objects: no %s beside it (%s)", path,
			  why_no_companion (path, NULL));
	case -2:
		gp_fatal (NULL, "%s", err.msg);
	default:
		break;
	}
}

/* NULL if the gmon file NAME (run stamp RUN) and companion F are of
   one dump of one run, else why not (malloc'd).  libgmon stamps every
   file it writes, so a file without a stamp (glibc, GNU gprof -s, an
   early libgmon) pairs only with a companion without one.  Files of
   two dumps of one run are refused too, not only warned about: a
   program that dumps as it runs (GMON_DUMP_INTERVAL) replaces
   gmon.out, then the companion, and a reader between the two has one
   of each (2811 of 7407 reads racing a dump a second); paired, their
   samples, calls and threads add up to neither dump, with nothing to
   tell, and reading them again gives a pair.  */
static char *
run_mismatch (const char *name, const struct gmon_run *run,
	      const struct gmonx_file *f, bool object_file)
{
	char a[GMON_RUN_TEXT], b[GMON_RUN_TEXT], *why;
	bool known = gmon_run_known (run);

	if (known == gmon_run_known (&f->process.run)
	    && !gmon_run_differs (run, &f->process.run))
		return NULL;
	if (gmon_run_other_dump (run, &f->process.run))
		return xasprintf ("%s and %s are of two different dumps of "
				  "one run (%s: %s; %s: %s): the program "
				  "wrote a new dump while they were read",
				  name, f->name, name, gmon_run_text (run, a),
				  f->name,
				  gmon_run_text (&f->process.run, b));
	if (object_file)
		why = xstrdup ("a file of another run was put in the object "
			       "directory");
	else
		why = xasprintf ("the object directory is not %s's: it was "
				 "left by an earlier run (%s), or two runs "
				 "wrote at once", name, known ? "this one did "
				 "not write its own: GMON_OBJECTS=0, or it "
				 "could not" : "this file is of glibc's "
				 "runtime, or a copy");
	return reconcat (why, name, " and ", f->name, " are of different runs (",
			 name, ": ", gmon_run_text (run, a), "; ", f->name,
			 ": ", gmon_run_text (&f->process.run, b), "): ", why,
			 NULL);
}

/* What to do about files of stamp RUN and companion F that
   run_mismatch refused.  */
static const char *
mismatch_fix (const struct gmon_run *run, const struct gmonx_file *f)
{
	return gmon_run_other_dump (run, &f->process.run)
		? "read them again (each dump replaces gmon.out first and the "
		  "companion last), or copy gmon.out and its object "
		  "directory between two dumps"
		: "run the program again (with GMON_OUT_PREFIX to keep runs "
		  "apart)";
}

/* Refuses to go on with files of two runs, or of two dumps: see
   run_mismatch.  */
static void
same_run (const char *name, const struct gmon_run *run,
	  const struct gmonx_file *f, bool object_file)
{
	char *why = run_mismatch (name, run, f, object_file);

	if (why)
		gp_fatal (NULL, "--objects: %s; %s", why,
			  mismatch_fix (run, f));
}

/* A companion profile_objects read, kept for profile_read.  */
struct companion_kept {
	struct gmonx_file f;		/* the companion */
	uint64_t *shift;		/* its objects' places (objects_shift) */
	bool taken;			/* companion_take moved it out */
};

/* The index of struct proc_objects: its entries by path and build
   id, and the names they were given; and the companions read.  */
struct objects_index {
	struct hindex by_key;		/* the entries but the program's */
	struct uniq_names names;	/* every entry's name */
	struct companion_kept *kept;	/* each profile's companion, in the
					   order of the profiles */
	size_t nkept;			/* how many KEPT holds */
};

static bool
same_object (const struct proc_object *o, const struct gmonx_object *x)
{
	if (strcmp (o->path, x->path) != 0)
		return false;
	return o->build_id_len == x->build_id_len
		&& memcmp (o->build_id, x->build_id, x->build_id_len) == 0;
}

static size_t
object_hash (const char *path, const unsigned char *id, size_t n)
{
	size_t h = hindex_hash_str (path), i;

	for (i = 0; i < n; i++)
		h = h * 31 + id[i];
	return hindex_hash (h);
}

static size_t
entry_hash (const void *arg, size_t i)
{
	const struct proc_object *o = &((const struct proc_objects *) arg)
		->v[i];

	return object_hash (o->path, o->build_id, o->build_id_len);
}

/* "libfoo.so" numbered K: "libfoo.so~K".  */
static char *
number_object (const char *name, size_t k)
{
	return xasprintf ("%s~%zu", name, k);
}

/* The name reports give object X: its classic file's without ".gmon"
   (the runtime keeps those unique), else its file name; with ~N added
   if another object of OBJS has it already.  */
static char *
object_report_name (struct proc_objects *objs, const struct gmonx_object *x)
{
	const char *b = strrchr (x->path, '/');
	char *name, *unique;
	size_t len;

	if (*x->file) {
		len = strlen (x->file);
		name = xstrndup (x->file, len > 5 && strcmp (x->file + len - 5,
							   ".gmon") == 0
				 ? len - 5 : len);
	} else {
		name = xstrdup (b ? b + 1 : x->path);
	}
	unique = uniq_take (&objs->index->names, name, number_object);
	free (name);
	return unique;
}

/* The entry of OBJS for object X of companion F, added if new.  */
static size_t
object_index (struct proc_objects *objs, const struct gmonx_file *f,
	      const struct gmonx_object *x)
{
	struct hindex *ix = &objs->index->by_key;
	struct proc_object *o;
	size_t s;

	if (x->flags & GMONX_OBJ_MAIN)
		return 0;
	for (s = hindex_first (ix, object_hash (x->path, x->build_id,
						x->build_id_len));
	     ix->slot[s]; s = hindex_next (ix, s)) {
		o = &objs->v[ix->slot[s] - 1];
		if (same_object (o, x)) {
			o->has_data |= *x->file != '\0';
			return ix->slot[s] - 1;
		}
	}
	/* Link-time addresses of shared objects are small: 2^40 apart
	   they never meet, and 2^24 of them fill the 64 bits.  */
	if (objs->n >= (size_t) 1 << 24)
		gp_fatal (f->name, "--objects: more objects than gprof can "
			  "place (%zu)", objs->n);
	if (objs->n == objs->cap) {
		/* Doubled: one more at a time copied the whole array at
		   each new object (5 000 of them took the sanitizer build
		   14 s of CPU).  */
		objs->cap = objs->cap ? 2 * objs->cap : 16;
		objs->v = xrealloc (objs->v, objs->cap * sizeof *objs->v);
	}
	o = &objs->v[objs->n];
	memset (o, 0, sizeof *o);
	o->path = xstrdup (x->path);
	o->name = object_report_name (objs, x);
	if (*x->image)
		o->symbols = concat (f->dir, "/", x->image, NULL);
	memcpy (o->build_id, x->build_id, x->build_id_len);
	o->build_id_len = x->build_id_len;
	o->has_data = *x->file != '\0';
	o->offset = (uint64_t) objs->n << 40;
	hindex_put (ix, s, objs->n, objs->n + 1, entry_hash, objs);
	return objs->n++;
}

/* Where each object of companion F is in the model, by its place in
   F->objects: the offset of its entry of OBJS (malloc'd; NULL without
   --objects), found once, so that the many records that name an
   object cost a lookup by id each, not a hash of its path.  */
static uint64_t *
objects_shift (struct proc_objects *objs, const struct gmonx_file *f)
{
	uint64_t *shift;
	size_t k;

	if (!objs)
		return NULL;
	shift = XNEWVEC (uint64_t, f->nobjects + 1);
	for (k = 0; k < f->nobjects; k++) {
		/* (object_index may move objs->v: not in one expression.)  */
		size_t i = object_index (objs, f, &f->objects[k]);

		shift[k] = objs->v[i].offset;
	}
	return shift;
}

/* Exits with a note on how to make one if profile NAME of OF does not
   exist.  */
static void
profile_exists (struct objfile *of, const char *name)
{
	struct stat sb;

	if (strcmp (name, "-") != 0 && stat (name, &sb) != 0
	    && errno == ENOENT)
		diagnose_no_profile (of, name);
}

/* With --objects the symbols are loaded before the profiles are
   read, and need the objects: the companions are read here, and kept
   for profile_read (companion_take), so that each is read once.  */
void
profile_objects (struct objfile *of, char *const *names, size_t n,
		 struct proc_objects *objs)
{
	static char *const default_name[] = { (char *) "gmon.out" };
	struct objects_index *ix;
	size_t i;

	if (n == 0) {
		names = default_name;
		n = 1;
	}
	memset (objs, 0, sizeof *objs);
	objs->v = XCNEW (struct proc_object);
	objs->n = 1;
	objs->cap = 1;
	objs->v[0].path = xstrdup ("");
	objs->v[0].main = true;
	objs->index = ix = XCNEW (struct objects_index);
	hindex_init (&ix->by_key, 16);
	uniq_init (&ix->names);
	objs->v[0].name = uniq_take (&ix->names, "", number_object);
	ix->kept = XCNEWVEC (struct companion_kept, n);
	for (i = 0; i < n; i++) {
		struct companion_kept *k = &ix->kept[i];

		profile_exists (of, names[i]);
		companion_of (names[i], &k->f);
		ix->nkept++;
		k->shift = objects_shift (objs, &k->f);
	}
}

/* The companion of the I-th profile, which profile_objects read, moved
   into F (free with gmonx_free), and where its objects are in the
   model, by their place in F->objects (*SHIFT, malloc'd).  */
static void
companion_take (struct proc_objects *objs, size_t i, struct gmonx_file *f,
		uint64_t **shift)
{
	struct companion_kept *k;

	/* profile_read reads the files profile_objects was given.  */
	if (!objs->index || i >= objs->index->nkept
	    || objs->index->kept[i].taken)
		gp_fatal (NULL, "internal error: companion %zu read twice", i);
	k = &objs->index->kept[i];
	*f = k->f;
	*shift = k->shift;
	k->shift = NULL;
	k->taken = true;
}

void
profile_objects_free (struct proc_objects *objs)
{
	struct objects_index *ix = objs->index;
	size_t i;

	for (i = 0; i < objs->n; i++) {
		free (objs->v[i].path);
		free (objs->v[i].name);
		free (objs->v[i].symbols);
	}
	free (objs->v);
	if (ix) {
		for (i = 0; i < ix->nkept; i++)
			if (!ix->kept[i].taken) {
				gmonx_free (&ix->kept[i].f);
				free (ix->kept[i].shift);
			}
		free (ix->kept);
		hindex_free (&ix->by_key);
		uniq_free (&ix->names);
		free (ix);
	}
	memset (objs, 0, sizeof *objs);
}

/* Adds the classic file PATH of an object of companion F, its
   addresses moved by OFFSET, to GP.  */
static void
add_object_file (struct gmon_profile *gp, const char *path,
		 const struct gmonx_file *f, uint64_t offset)
{
	struct gmon_file_stats st;
	struct gmon_profile one;
	struct gmon_error err;
	size_t i;

	gmon_profile_init (&one, &gp->target);
	/* Named by a companion: a FIFO there must not block the run.  */
	one.regular_only = true;
	if (gmon_profile_read (&one, path, GMON_FMT_MAGIC, &st, &err) < 0)
		gp_fatal (NULL, "%s", err.msg);
	same_run (path, &st.run, f, true);
	for (i = 0; i < one.nhist; i++) {
		struct gmon_hist_hdr h = one.hist[i].h;

		h.low_pc += offset;
		h.high_pc += offset;
		if (gmon_profile_add_bins (gp, path, &h, &one.hist[i].bins,
					   &err) < 0)
			gp_fatal (NULL, "%s", err.msg);
	}
	for (i = 0; i < one.narcs; i++)
		if (gmon_profile_add_arc (gp, one.arcs[i].from_pc + offset,
					  one.arcs[i].self_pc + offset,
					  one.arcs[i].count) < 0)
			gp_fatal (NULL, "out of memory");
	for (i = 0; i < one.nbbs; i++)
		if (gmon_profile_add_bb (gp, one.bbs[i].addr + offset,
					 one.bbs[i].count) < 0)
			gp_fatal (NULL, "out of memory");
	gp->input |= one.input;
	gmon_profile_free (&one);
}

/* The other objects of the process of companion F into GP: their
   classic files, and the calls between objects (SHIFT: their places,
   objects_shift).  */
static void
add_objects (struct gmon_profile *gp, const struct gmonx_file *f,
	     struct proc_objects *objs, const uint64_t *shift)
{
	size_t k;

	for (k = 0; k < f->nobjects; k++) {
		const struct gmonx_object *x = &f->objects[k];
		char *path;

		if ((x->flags & GMONX_OBJ_MAIN) || !*x->file)
			continue;
		path = concat (f->dir, "/", x->file, NULL);
		add_object_file (gp, path, f, shift[k]);
		free (path);
	}
	for (k = 0; k < f->narcs; k++) {
		const struct gmonx_arc *a = &f->arcs[k];
		const struct gmonx_object *fo = gmonx_object (f, a->from_obj);
		const struct gmonx_object *so = gmonx_object (f, a->self_obj);

		if (!fo || !so) {
			objs->lost_calls = gmon_add_sat (objs->lost_calls,
							 a->count);
			continue;
		}
		if (gmon_profile_add_arc (gp, a->from_pc
					  + shift[fo - f->objects],
					  a->self_pc + shift[so - f->objects],
					  a->count) < 0)
			gp_fatal (NULL, "out of memory");
		gp->input |= GMON_INPUT_ARCS;
	}
}

/* ------------------------------------------------------------------ */
/* Calling contexts (libgmon's GMON_CONTEXT), from the companions */

/* The contexts of the profiles read so far.  */
struct ctx_load {
	enum ctx_use use;		/* --contexts, --no-contexts */
	struct ctx_node *v;		/* every profile's nodes, side by side */
	size_t n, cap;
	unsigned int depth;		/* the deepest GMON_CONTEXT */
	uint64_t lost;			/* samples without a context */
	size_t with, without;		/* profiles with and without them */
	char *first_without;		/* the first without: its name */
	char *why;			/* ... and why */
	bool warned;			/* a warning said they are not used */
};

/* The samples of GP's histograms.  */
static uint64_t
hist_total (const struct gmon_profile *gp)
{
	uint64_t t = 0, count;
	size_t i;
	uint32_t b;

	for (i = 0; i < gp->nhist; i++) {
		struct gmon_bins_iter it;

		gmon_bins_iter_init (&it, &gp->hist[i].bins);
		while (gmon_bins_next (&it, &b, &count))
			t = gmon_add_sat (t, count);
	}
	return t;
}

static const struct gmonx_object *
main_object (const struct gmonx_file *f)
{
	size_t k;

	for (k = 0; k < f->nobjects; k++)
		if (f->objects[k].flags & GMONX_OBJ_MAIN)
			return &f->objects[k];
	return NULL;
}

/* Profile NAME has no contexts, for reason WHY (malloc'd).  LOUD: it
   looks as if it should have (a damaged or stale companion), which is
   worth a warning even when no other profile has any.  */
static void
no_contexts (struct ctx_load *cl, const char *name, char *why, bool loud)
{
	if (cl->use == CTX_REQUIRE)
		gp_fatal (name, "--contexts: %s", why);
	if (loud && !cl->warned) {
		gp_warn (name, "%s: the children times are estimated", why);
		cl->warned = true;
	}
	if (!cl->without++) {
		cl->first_without = xstrdup (name);
		cl->why = why;
	} else {
		free (why);
	}
}

/* The contexts of profile NAME (SAMPLES in its histograms) from its
   companion F (NULL if it has none: PATH says where it was looked
   for, ERR why it could not be read), in the model's addresses (SHIFT:
   where its objects are, objects_shift).  */
static void
add_contexts (struct ctx_load *cl, const char *name, uint64_t samples,
	      const struct gmon_run *run, const struct gmonx_file *f,
	      const char *path, const struct gmon_error *err,
	      const uint64_t *shift)
{
	const struct gmonx_object *m = f ? main_object (f) : NULL;
	size_t base = cl->n, k;
	char *why;

	if (!f) {
		no_contexts (cl, name, err ? xstrdup (err->msg)
			     : !*path ? xstrdup ("standard input has no "
						 "companion")
			     : xasprintf ("no %s beside it", path), err != NULL);
		return;
	}
	if (!f->have_context && !f->nnodes) {
		no_contexts (cl, name, xasprintf ("%s holds no calling "
						  "contexts (set GMON_CONTEXT "
						  "when the program runs)",
						  f->name), false);
		return;
	}
	if ((why = run_mismatch (name, run, f, false)) != NULL) {
		no_contexts (cl, name, why, true);
		return;
	}
	if (!m || m->samples != samples) {
		no_contexts (cl, name, xasprintf ("%s is not the companion of "
						  "this profile (it counts %llu "
						  "samples, the profile %llu)",
						  f->name, m ? (unsigned long long)
						  m->samples : 0ULL,
						  (unsigned long long) samples),
			     true);
		return;
	}
	cl->with++;
	if (cl->n + f->nnodes >= CTX_CUT)
		gp_fatal (name, "more calling contexts than this gprof can "
			  "number");
	if (cl->n + f->nnodes > cl->cap) {
		cl->cap = (cl->n + f->nnodes) * 2;
		cl->v = xrealloc (cl->v, cl->cap * sizeof *cl->v);
	}
	for (k = 0; k < f->nnodes; k++) {
		const struct gmonx_ctx_node *x = &f->nodes[k];
		const struct gmonx_object *o = gmonx_object (f, x->obj);
		struct ctx_node *c = &cl->v[cl->n++];

		if (x->parent == GMONX_CTX_CUT)
			c->parent = CTX_CUT;
		else if (x->parent == GMONX_CTX_ROOT)
			c->parent = CTX_ROOT;
		else
			c->parent = (uint32_t) (base + x->parent);
		c->count = x->count;
		c->addr = x->addr;
		c->known = o && (o->flags & GMONX_OBJ_MAIN);
		if (o && !c->known && shift) {
			c->addr += shift[o - f->objects];
			c->known = true;
		}
	}
	if (f->context.depth > cl->depth)
		cl->depth = f->context.depth;
	cl->lost = gmon_add_sat (cl->lost, f->context.lost);
}

/* Moves the contexts into P, if every profile had them.  */
static void
take_contexts (struct ctx_load *cl, struct profile *p)
{
	if (cl->with && cl->without && !cl->warned)
		gp_warn (cl->first_without, "%s: the children times are "
			 "estimated, for every profile", cl->why);
	if (cl->with && !cl->without) {
		p->ctx = cl->v;
		p->nctx = cl->n;
		p->ctx_depth = cl->depth;
		p->ctx_lost = cl->lost;
	} else {
		free (cl->v);
	}
	free (cl->first_without);
	free (cl->why);
}

/* ------------------------------------------------------------------ */
/* Per-thread records (libgmon's GMON_THREADS), for --threads */

/* The model address of ADDR in object OBJ of companion F, or false
   if the model holds no place for it: the program's addresses are
   its own; another object's are moved to its place with --objects
   (SHIFT, objects_shift), and have none without.  */
static bool
model_addr (const struct gmonx_file *f, uint32_t obj, uint64_t *addr,
	    const uint64_t *shift)
{
	const struct gmonx_object *o = gmonx_object (f, obj);

	if (!o)
		return false;
	if (o->flags & GMONX_OBJ_MAIN)
		return true;
	if (!shift)
		return false;
	*addr += shift[o - f->objects];
	return true;
}

/* Thread X of companion F (of profile FILE), in the model's
   addresses, into T.  */
static void
take_thread (struct prof_thread *t, const struct gmonx_file *f,
	     const struct gmonx_thread *x, size_t file, const uint64_t *shift)
{
	size_t k;

	memset (t, 0, sizeof *t);
	/* Any bytes but NUL: printed, drawn and written as text, it must
	   be text.  */
	t->name = utf8_clean (x->name);
	t->pid = f->process.pid;
	t->tid = x->tid;
	t->order = x->order;
	t->flags = (x->flags & GMONX_THREAD_MAIN ? THREAD_MAIN : 0)
		| (x->flags & GMONX_THREAD_EXITED ? THREAD_EXITED : 0)
		| (x->flags & GMONX_THREAD_MERGED ? THREAD_MERGED : 0);
	t->cap = f->threads_info.cap;
	t->nthreads = x->threads;
	t->cpu_ns = x->cpu_ns;
	t->samples = x->samples;
	t->calls = x->calls;
	t->start_ns = x->start_ns;
	t->end_ns = x->end_ns;
	t->file = file;
	t->s = XNEWVEC (struct thread_sample, x->nsamples + 1);
	for (k = 0; k < x->nsamples; k++) {
		const struct gmonx_tsample *e = &f->tsamples[x->first_sample
							     + k];
		uint64_t a = e->addr;

		if (model_addr (f, e->obj, &a, shift))
			t->s[t->ns++] = (struct thread_sample) { a, e->count };
		else
			t->elsewhere = gmon_add_sat (t->elsewhere, e->count);
	}
	t->arcs = XNEWVEC (struct gmon_arc, x->narcs + 1);
	for (k = 0; k < x->narcs; k++) {
		const struct gmonx_arc *a = &f->tarcs[x->first_arc + k];
		uint64_t from = a->from_pc, self = a->self_pc;

		if (model_addr (f, a->from_obj, &from, shift)
		    && model_addr (f, a->self_obj, &self, shift))
			t->arcs[t->narcs++] = (struct gmon_arc) { from, self,
								  a->count };
	}
	/* The reader saw to it that the nodes' parents are the thread's
	   own, before them.  */
	t->ctx = XNEWVEC (struct ctx_node, x->nnodes + 1);
	for (k = 0; k < x->nnodes; k++) {
		const struct gmonx_ctx_node *n = &f->nodes[x->first_node + k];
		struct ctx_node *c = &t->ctx[t->nctx++];

		c->parent = n->parent == GMONX_CTX_CUT ? CTX_CUT
			: n->parent == GMONX_CTX_ROOT ? CTX_ROOT
			: (uint32_t) (n->parent - x->first_node);
		c->count = n->count;
		c->addr = n->addr;
		c->known = model_addr (f, n->obj, &c->addr, shift);
	}
}

/* The threads of companion F are all in it: a file cut at a record's
   boundary reads well, but holds fewer thread records than its
   THREADS record counts (one per thread kept, and one for the merged
   ones).  If some are missing, says so once, and counts what the
   process sampled beyond the threads read as missing, so that no
   share is of the threads read alone.  */
static void
threads_missing (struct profile *p, const char *name,
		 const struct gmonx_file *f, uint64_t read)
{
	uint64_t want = (uint64_t) f->threads_info.kept
		+ (f->threads_info.merged ? 1 : 0);
	uint64_t lost = 0;

	if (!f->have_threads || (uint64_t) f->nthreads == want)
		return;
	if (f->have_process && f->process.samples > read)
		lost = f->process.samples - read;
	gp_warn (name, "--threads: %s has %zu thread records, its threads "
		 "record counts %llu (the file was cut short?): %llu samples "
		 "of the process are in no thread read, and the shares are "
		 "of all its samples", f->name, f->nthreads,
		 (unsigned long long) want, (unsigned long long) lost);
	p->thread_missing = gmon_add_sat (p->thread_missing, lost);
	p->thread_samples = gmon_add_sat (p->thread_samples, lost);
}

/* The threads of profile NAME (the FILE-th, run stamp RUN) from its
   companion F (GOT: companion_read's answer; PATH where it was looked
   for, ERR why it could not be read), into P (SHIFT: where its objects
   are, objects_shift).  */
static void
add_threads (struct profile *p, const char *name, size_t file,
	     const struct gmon_run *run, int got, const struct gmonx_file *f,
	     const char *path, const struct gmon_error *err,
	     const uint64_t *shift)
{
	uint64_t read;
	char *why;
	size_t k;

	if (got == -2)
		gp_fatal (NULL, "%s", err->msg);
	if (got < 0 && !*path)
		gp_fatal (name, "--threads: standard input has no companion, "
			  "which would hold the threads");
	if (got < 0)
		gp_fatal (name, "--threads: no %s beside it, which would hold "
			  "the threads: %s", path,
			  why_no_companion (path, run));
	if ((why = run_mismatch (name, run, f, false)) != NULL)
		gp_fatal (NULL, "--threads: %s; %s", why,
			  mismatch_fix (run, f));
	if (!f->have_threads && !f->nthreads)
		gp_fatal (name, "--threads: %s holds no per-thread records "
			  "(the program ran with GMON_THREADS=0, or with a "
			  "libgmon that did not write them): run it again "
			  "without GMON_THREADS=0", f->name);
	p->threads = xrealloc (p->threads, (p->nthreads + f->nthreads + 1)
			       * sizeof *p->threads);
	read = f->threads_info.norecord;
	for (k = 0; k < f->nthreads; k++) {
		take_thread (&p->threads[p->nthreads++], f, &f->threads[k],
			     file, shift);
		read = gmon_add_sat (read, f->threads[k].samples);
	}
	p->thread_norecord = gmon_add_sat (p->thread_norecord,
					   f->threads_info.norecord);
	p->thread_samples = gmon_add_sat (p->thread_samples, read);
	threads_missing (p, name, f, read);
}

/* A sample of a thread, placed: histogram H, bin B.  */
struct placed {
	uint32_t h, b;
	uint64_t count;
};

static int
cmp_placed (const void *lp, const void *rp)
{
	const struct placed *l = lp, *r = rp;

	if (l->h != r->h)
		return l->h < r->h ? -1 : 1;
	return l->b < r->b ? -1 : l->b > r->b;
}

/* A histogram by its first address.  */
struct hist_at {
	uint64_t low;			/* its low_pc */
	uint32_t i;			/* its index */
};

static int
cmp_hist_at (const void *lp, const void *rp)
{
	const struct hist_at *l = lp, *r = rp;

	return l->low < r->low ? -1 : l->low > r->low;
}

/* Bin of histogram H (of WHOLE's scale) holding ADDR, which it
   covers: assign.c's bins, [low + (uint64) (scale * i), low + (uint64)
   (scale * (i + 1))) in 2-byte units.  */
static uint32_t
bin_of (const struct gmon_hist *h, double scale, uint64_t addr)
{
	uint64_t low = h->h.low_pc / 2, u = addr / 2, i;

	i = scale > 0.0 ? (uint64_t) ((double) (u - low) / scale) : 0;
	if (i >= h->h.nbins)
		i = h->h.nbins ? h->h.nbins - 1 : 0;
	while (i > 0 && low + (uint64_t) (scale * (double) i) > u)
		i--;
	while (i + 1 < h->h.nbins
	       && low + (uint64_t) (scale * (double) (i + 1)) <= u)
		i++;
	return (uint32_t) i;
}

/* The samples of threads M[0..N) of WHOLE into OUT's histograms (of
   WHOLE's ranges): what lies in none is left out, as the whole profile
   has no bins for it either.  */
static void
thread_bins (const struct profile *whole, const size_t *m, size_t n,
	     struct profile *out)
{
	struct hist_at *order = XNEWVEC (struct hist_at, whole->nhist + 1);
	struct placed *v;
	uint64_t *page;
	size_t total = 0, nv = 0, i, k;

	for (i = 0; i < whole->nhist; i++)
		order[i] = (struct hist_at) { whole->hist[i].h.low_pc,
					      (uint32_t) i };
	qsort (order, whole->nhist, sizeof *order, cmp_hist_at);
	for (k = 0; k < n; k++)
		total += whole->threads[m[k]].ns;
	v = XNEWVEC (struct placed, total + 1);
	for (k = 0; k < n; k++) {
		const struct prof_thread *t = &whole->threads[m[k]];

		for (i = 0; i < t->ns; i++) {
			uint64_t a = t->s[i].addr;
			size_t lo = 0, hi = whole->nhist;
			const struct gmon_hist *h;

			/* The last histogram starting at or below A.  */
			while (lo < hi) {
				size_t mid = lo + (hi - lo) / 2;

				if (order[mid].low <= a)
					lo = mid + 1;
				else
					hi = mid;
			}
			if (lo == 0)
				continue;
			h = &whole->hist[order[lo - 1].i];
			if (a >= h->h.high_pc || !h->h.nbins)
				continue;
			v[nv++] = (struct placed) {
				order[lo - 1].i,
				bin_of (h, whole->hist_scale, a),
				t->s[i].count };
		}
	}
	qsort (v, nv, sizeof *v, cmp_placed);
	/* Page by page: the counts of one page of one histogram.  */
	page = XCNEWVEC (uint64_t, GMON_PAGE_BINS);
	for (i = 0; i < nv;) {
		uint32_t h = v[i].h, first = v[i].b & ~(GMON_PAGE_BINS - 1);

		for (k = i; k < nv && v[k].h == h
			     && (v[k].b & ~(GMON_PAGE_BINS - 1)) == first; k++)
			page[v[k].b - first] = gmon_add_sat
				(page[v[k].b - first], v[k].count);
		if (gmon_bins_add_page (&out->hist[h].bins, first, page,
					GMON_PAGE_BINS) < 0)
			gp_fatal (NULL, "out of memory");
		for (; i < k; i++)
			page[v[i].b - first] = 0;
	}
	free (page);
	free (v);
	free (order);
}

/* The arcs of index I of OUT, for hindex.  */
static size_t
arc_hash (const void *arg, size_t i)
{
	const struct gmon_arc *a = &((const struct profile *) arg)->arcs[i];

	return hindex_hash2 (a->from_pc, a->self_pc);
}

void
profile_thread (const struct profile *whole, const size_t *m, size_t n,
		struct profile *out)
{
	struct hindex ix;
	size_t i, k, narcs = 0, nctx = 0;

	memset (out, 0, sizeof *out);
	out->input = whole->input & (INPUT_HIST | INPUT_ARCS);
	out->hz = whole->hz;
	out->hist_scale = whole->hist_scale;
	memcpy (out->dimen, whole->dimen, sizeof out->dimen);
	out->abbrev = whole->abbrev;
	out->nhist = whole->nhist;
	out->hist = XCNEWVEC (struct gmon_hist, whole->nhist + 1);
	for (i = 0; i < whole->nhist; i++) {
		out->hist[i].h = whole->hist[i].h;
		gmon_bins_init (&out->hist[i].bins, whole->hist[i].h.nbins);
	}
	thread_bins (whole, m, n, out);

	/* The calls, the same pair summed, in the order first seen.  */
	for (k = 0; k < n; k++) {
		narcs += whole->threads[m[k]].narcs;
		nctx += whole->threads[m[k]].nctx;
	}
	out->arcs = XNEWVEC (struct gmon_arc, narcs + 1);
	out->bbs = XNEWVEC (struct gmon_bb, 1);
	hindex_init (&ix, narcs + 1);
	for (k = 0; k < n; k++) {
		const struct prof_thread *t = &whole->threads[m[k]];

		for (i = 0; i < t->narcs; i++) {
			const struct gmon_arc *a = &t->arcs[i];
			size_t s;

			for (s = hindex_first (&ix, hindex_hash2 (a->from_pc,
								  a->self_pc));
			     ix.slot[s]; s = hindex_next (&ix, s)) {
				struct gmon_arc *b = &out->arcs[ix.slot[s] - 1];

				if (b->from_pc == a->from_pc
				    && b->self_pc == a->self_pc)
					break;
			}
			if (ix.slot[s]) {
				struct gmon_arc *b = &out->arcs[ix.slot[s] - 1];

				b->count = gmon_add_sat (b->count, a->count);
				continue;
			}
			out->arcs[out->narcs] = *a;
			hindex_put (&ix, s, out->narcs, out->narcs + 1,
				    arc_hash, out);
			out->narcs++;
		}
	}
	hindex_free (&ix);

	/* The contexts, if the whole profile's are used: each thread's
	   tree side by side.  */
	if (whole->nctx) {
		out->ctx = XNEWVEC (struct ctx_node, nctx + 1);
		for (k = 0; k < n; k++) {
			const struct prof_thread *t = &whole->threads[m[k]];
			size_t base = out->nctx;

			for (i = 0; i < t->nctx; i++) {
				struct ctx_node c = t->ctx[i];

				if (c.parent != CTX_ROOT && c.parent != CTX_CUT)
					c.parent += (uint32_t) base;
				out->ctx[out->nctx++] = c;
			}
		}
		out->ctx_depth = whole->ctx_depth;
	}
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

void
profile_read (struct profile *p, const struct profile_request *rq)
{
	static char *const default_name[] = { (char *) "gmon.out" };
	struct objfile *of = rq->of;
	char *const *names = rq->names;
	size_t n = rq->n;
	enum file_format format = rq->format;
	struct proc_objects *objs = rq->objs;
	enum ctx_use contexts = rq->contexts;
	bool threads = rq->threads;
	struct ctx_load cl = { .use = contexts };
	struct left_out lo = { 0 };
	struct loss_notes notes = { 0 };
	struct gmon_profile gp;
	struct gmon_target t;
	bool bsd = false;
	size_t i;

	memset (p, 0, sizeof *p);
	if (format == FF_PROF)
		gp_fatal (NULL, "the `prof' file format (-Op) is not supported: "
			  "only gmon files (new format and BSD) are");
	if (n == 0) {
		names = default_name;
		n = 1;
	}
	target_of (of, &t);
	gmon_profile_init (&gp, &t);
	for (i = 0; i < n; i++) {
		struct gmon_file_stats gs;
		struct gmon_error err, xerr;
		struct file_stats st;
		struct gmonx_file f;
		char path[4096];
		uint64_t before = 0, *shift;
		char *why = NULL;
		int got = -1;
		bool own;	/* F is the companion of this file's run */

		profile_exists (of, names[i]);
		/* The companion first: only a profile that has one needs
		   its samples counted (to know it is the companion's).  */
		path[0] = '\0';
		shift = NULL;
		if (objs) {
			/* Read by profile_objects, with its objects.  */
			companion_take (objs, i, &f, &shift);
			got = 0;
		} else if (contexts != CTX_IGNORE || threads) {
			got = companion_read (names[i], &f, path, sizeof path,
					      &xerr);
		}
		if (got == 0 && contexts != CTX_IGNORE)
			before = hist_total (&gp);
		if (gmon_profile_read (&gp, names[i], gmon_format_of (format),
				       &gs, &err) < 0)
			gp_fatal (NULL, "%s", err.msg);
		if (gs.format != GMON_FMT_MAGIC)
			bsd = true;
		loss_notes_say (&notes, &gp, names[i]);
		diagnose_build (of, names[i], &gs.build);
		st.version = gs.version;
		st.nhist = gs.nhist;
		st.narcs = gs.narcs;
		st.nbb = gs.nbb;
		if (rq->cb)
			rq->cb (names[i], &st, rq->arg);
		if (objs)
			same_run (names[i], &gs.run, &f, false);
		if (contexts != CTX_IGNORE)
			add_contexts (&cl, names[i], got == 0 ? hist_total (&gp)
				      - before : 0, &gs.run,
				      got == 0 ? &f : NULL, path,
				      got == -2 ? &xerr : NULL, shift);
		if (threads)
			add_threads (p, names[i], i, &gs.run, got, &f, path,
				     &xerr, shift);
		if (objs) {
			add_objects (&gp, &f, objs, shift);
			own = true;	/* same_run said so */
		} else {
			/* Read for its objects' samples only.  */
			if (contexts == CTX_IGNORE && !threads)
				got = companion_read (names[i], &f, path,
						      sizeof path, &xerr);
			own = got == 0 && !(why = run_mismatch (names[i],
								&gs.run, &f,
								false));
			if (own)
				left_out_add (&lo, names[i], &f);
			free (why);
		}
		take_process (p, i == 0, own ? &f : NULL, &gs);
		free (shift);
		if (got == 0)
			gmonx_free (&f);
	}
	take_contexts (&cl, p);
	left_out_say (&lo);
	loss_notes_drop (&notes, &gp);

	p->input = ((gp.input & GMON_INPUT_HIST) ? INPUT_HIST : 0)
		| ((gp.input & GMON_INPUT_ARCS) ? INPUT_ARCS : 0)
		| ((gp.input & GMON_INPUT_BB) ? INPUT_BB : 0);
	/* The histograms are taken over, not copied: a profile summed
	   from many runs has tens of thousands.  */
	p->nhist = gp.nhist;
	p->hist = gp.hist;
	gp.hist = NULL;
	gp.nhist = 0;
	p->hist_scale = gp.hist_scale;
	memcpy (p->dimen, gp.dimen, sizeof p->dimen - 1);
	p->dimen[sizeof p->dimen - 1] = '\0';
	p->abbrev = gp.abbrev;
	p->hz = gp.rate;
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

	/* The arcs taken over, not copied.  */
	p->narcs = gp.narcs;
	p->arcs = gp.narcs ? gp.arcs : XNEWVEC (struct gmon_arc, 1);
	if (gp.narcs)
		gp.arcs = NULL;
	p->nbbs = gp.nbbs;
	p->bbs = gp.nbbs ? gp.bbs : XNEWVEC (struct gmon_bb, 1);
	if (gp.nbbs)
		gp.bbs = NULL;
	gmon_profile_free (&gp);
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

void
profile_write_sum (const char *path, const struct profile *p,
		   struct objfile *of, enum file_format format,
		   const struct sum_arc *arcs, size_t narcs,
		   const struct gmon_bb *bbs, size_t nbbs)
{
	unsigned char buf[65536];
	struct gp_replace out;
	struct gmon_writer w;
	struct gmon_target t;
	size_t i;

	target_of (of, &t);
	if ((format == FF_BSD || format == FF_BSD44) && p->nhist > 1)
		gp_fatal (path, "the BSD format holds one histogram, the "
			  "profile has %zu (write the new format, without -O)",
			  p->nhist);
	gp_replace_open (&out, path);
	gmon_writer_init (&w, out.fd, buf, sizeof buf, &t);

	if (format == FF_BSD || format == FF_BSD44) {
		/* One histogram, a header that has a rate only if it is
		   not the clock tick (or -O4 asks for it), raw arcs.  */
		const struct gmon_hist *h = p->nhist ? &p->hist[0] : NULL;
		bool bsd44 = format == FF_BSD44
			|| p->hz != profile_default_hz ();
		bool clamped = false;

		gmon_write_bsd_header (&w, h ? h->h.low_pc : 0,
				       h ? h->h.high_pc : 0, h ? h->h.nbins : 0,
				       (uint32_t) p->hz, bsd44);
		if (h)
			gmon_write_bsd_bins_fill (&w, gmon_bins_fill, &h->bins,
						  h->h.nbins, &clamped);
		for (i = 0; i < narcs; i++)
			gmon_write_bsd_arc (&w, arcs[i].from_pc,
					    arcs[i].self_pc, arcs[i].count);
		if (clamped)
			gp_warn (path, "histogram bins above 65535 samples were "
				 "clamped: the BSD format has 16-bit bins");
	} else {
		gmon_write_header (&w);
		if (p->input & INPUT_HIST)
			for (i = 0; i < p->nhist; i++) {
				struct gmon_hist_hdr hh;

				memset (&hh, 0, sizeof hh);
				hh.low_pc = p->hist[i].h.low_pc;
				hh.high_pc = p->hist[i].h.high_pc;
				hh.nbins = p->hist[i].h.nbins;
				hh.rate = (uint32_t) p->hz;
				memcpy (hh.dimen, p->dimen, GMON_DIMEN_LEN);
				hh.abbrev = p->abbrev;
				/* Which build it was taken of, as GNU's
				   -s copies it on.  */
				hh.build = p->hist[i].h.build;
				gmon_write_hist_bins (&w, &hh,
						      &p->hist[i].bins);
			}
		if (p->input & INPUT_ARCS)
			for (i = 0; i < narcs; i++)
				gmon_write_arc (&w, arcs[i].from_pc,
						arcs[i].self_pc,
						arcs[i].count);
		if ((p->input & INPUT_BB) && nbbs > 0) {
			struct gmon_bb *b = XNEWVEC (struct gmon_bb, nbbs);

			for (i = 0; i < nbbs; i++) {
				b[i].addr = bbs[i].addr;
				b[i].count = bbs[i].count;
			}
			gmon_write_bb (&w, b, nbbs);
			free (b);
		}
	}
	gmon_writer_flush (&w);
	gp_replace_commit (&out, w.error);
}
