/* companion.c - --objects: the companions libgmon writes beside its
   profiles, and the objects of the processes they list.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Each profile libgmon writes has a companion (gmon/gmonx_out.h, in
   PROFILE-objs/), which adds the other objects of the process: each
   object's classic file, its addresses moved to the object's place in
   the model (struct proc_object), and the calls between objects.  The
   same object in several profiles (the children of a fork) has one
   place, so its files add up as the program's do.

   Here too the rules every piece judges a companion by: where it is,
   why it is missing, whether it is of the profile's run.

   With --objects the symbols are loaded before the profiles are read,
   and need the objects: profile_objects reads each companion then, and
   keeps it for profile_read (companion_take), so that each is read
   once.  */

#include <config.h>

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <libiberty/libiberty.h>

#include "gmon/bytes.h"
#include "gmon/gmon.h"
#include "gmon/gmonx.h"
#include "gprof/profile/profile.h"
#include "gprof/profile/profpriv.h"
#include "gprof/util/hindex.h"
#include "gprof/util/uniqname.h"
#include "gprof/util/util.h"

/* --objects: the companions libgmon writes beside its profiles */

int
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
char *
companion_why_none (const char *path, const struct gmon_run *run)
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
			  companion_why_none (path, NULL));
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
char *
companion_mismatch (const char *name, const struct gmon_run *run,
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
   companion_mismatch refused.  */
const char *
companion_mismatch_fix (const struct gmon_run *run,
			const struct gmonx_file *f)
{
	return gmon_run_other_dump (run, &f->process.run)
		? "read them again (each dump replaces gmon.out first and the "
		  "companion last), or copy gmon.out and its object "
		  "directory between two dumps"
		: "run the program again (with GMON_OUT_PREFIX to keep runs "
		  "apart)";
}

/* Refuses to go on with files of two runs, or of two dumps: see
   companion_mismatch.  */
void
companion_same_run (const char *name, const struct gmon_run *run,
		    const struct gmonx_file *f, bool object_file)
{
	char *why = companion_mismatch (name, run, f, object_file);

	if (why)
		gp_fatal (NULL, "--objects: %s; %s", why,
			  companion_mismatch_fix (run, f));
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

void
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
	companion_same_run (path, &st.run, f, true);
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

void
companion_add_objects (struct gmon_profile *gp, const struct gmonx_file *f,
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
