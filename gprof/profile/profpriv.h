/* profpriv.h - what the pieces of gprof/profile/ share.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   gmonread.c reads the gmon files and, for each, asks the other pieces
   for what the file's companion adds: its objects (companion.c), its
   calling contexts (contexts.c), its threads (threadprof.c).  They all
   judge a companion by the same rules (is it there, is it of this
   run), which companion.c keeps.  Nothing outside gprof/profile/
   includes this header.  */

#ifndef GPROF_PROFPRIV_H
#define GPROF_PROFPRIV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gmon/gmon.h"
#include "gmon/gmonx.h"
#include "gprof/model.h"
#include "gprof/options.h"

struct objfile;

/* gmonread.c */

/* Exits with a note on how to make one if profile NAME of OF does not
   exist.  */
void profile_exists (struct objfile *of, const char *name);

/* companion.c */

/* NAME's companion into F: 0; -1 if there is none (PATH, SIZE bytes,
   says where it was looked for; "" for standard input, which has
   none); -2 if it is damaged (ERR says how).  */
int companion_read (const char *name, struct gmonx_file *f, char *path,
		    size_t size, struct gmon_error *err);

/* Why a profile (run stamp RUN; NULL: not read yet) has no companion
   at PATH, and what to do, in words (malloc'd).  */
char *companion_why_none (const char *path, const struct gmon_run *run);

/* NULL if the gmon file NAME (run stamp RUN) and companion F are of
   one dump of one run, else why not (malloc'd).  OBJECT_FILE: NAME is
   a file of the object directory.  */
char *companion_mismatch (const char *name, const struct gmon_run *run,
			  const struct gmonx_file *f, bool object_file);

/* What to do about files companion_mismatch refused.  */
const char *companion_mismatch_fix (const struct gmon_run *run,
				    const struct gmonx_file *f);

/* Exits if companion_mismatch refuses the pair (--objects).  */
void companion_same_run (const char *name, const struct gmon_run *run,
			 const struct gmonx_file *f, bool object_file);

/* The companion of the I-th profile, which profile_objects read, moved
   into F (free with gmonx_free), and where its objects are in the
   model, by their place in F->objects (*SHIFT, malloc'd).  */
void companion_take (struct proc_objects *objs, size_t i,
		     struct gmonx_file *f, uint64_t **shift);

/* The other objects of the process of companion F into GP: their
   classic files, and the calls between objects (SHIFT: their places,
   from companion_take).  */
void companion_add_objects (struct gmon_profile *gp,
			    const struct gmonx_file *f,
			    struct proc_objects *objs, const uint64_t *shift);

/* What a companion was, for ctxload_add and threadprof_add.  */
struct companion_got {
	int got;			/* companion_read's answer */
	const struct gmonx_file *f;	/* the companion, if GOT is 0 */
	const char *path;		/* where it was looked for */
	const struct gmon_error *err;	/* why it could not be read (-2) */
	const uint64_t *shift;		/* where its objects are, or NULL */
};

/* contexts.c */

/* The contexts of the profiles read so far.  */
struct ctx_load {
	enum ctx_use use;		/* --contexts, --no-contexts */
	struct ctx_node *v;		/* every profile's nodes, side by side */
	size_t n;			/* nodes in V */
	size_t cap;			/* nodes V has room for */
	unsigned int depth;		/* the deepest GMON_CONTEXT */
	uint64_t lost;			/* samples without a context */
	size_t with, without;		/* profiles with and without them */
	char *first_without;		/* the first without: its name */
	char *why;			/* ... and why */
	bool warned;			/* a warning said they are not used */
};

/* The samples of GP's histograms: a profile's are those it added.  */
uint64_t ctxload_samples (const struct gmon_profile *gp);

/* The contexts of profile NAME (SAMPLES in its histograms, run stamp
   RUN) from its companion C, in the model's addresses.  */
void ctxload_add (struct ctx_load *cl, const char *name, uint64_t samples,
		  const struct gmon_run *run,
		  const struct companion_got *c);

/* Moves the contexts into P, if every profile had them.  */
void ctxload_take (struct ctx_load *cl, struct profile *p);

/* threadprof.c */

/* The threads of profile NAME (the FILE-th, run stamp RUN) from its
   companion C, into P; exits if it has none.  */
void threadprof_add (struct profile *p, const char *name, size_t file,
		     const struct gmon_run *run,
		     const struct companion_got *c);

#endif /* GPROF_PROFPRIV_H */
