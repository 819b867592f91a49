/* profile.h - the gmon files, read and summed.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   With sumfile.c (gmon.sum), the only part of the analyser that reads
   the file format (gmon/): it reads every profile, and the companions
   libgmon writes beside them, into struct profile.  The pieces, one
   concept a file (profpriv.h holds what they share):

     gmonread.c    the gmon files read and summed into struct profile
     companion.c   --objects: the companions (PROFILE-objs/), each read
                   once, and the objects of the processes they list
     contexts.c    the calling contexts (GMON_CONTEXT) of the companions
     threadprof.c  --threads: the companions' thread records, and the
                   profile of a row of threads  */

#ifndef GPROF_PROFILE_H
#define GPROF_PROFILE_H

#include <stdbool.h>
#include <stdint.h>

#include "gmon/gmon.h"
#include "gprof/model.h"
#include "gprof/options.h"

struct objfile;

/* What one file held, for -i.  */
struct file_stats {
	int version;			/* of the last new-format file read */
	uint64_t nhist;			/* histogram records */
	uint64_t narcs;			/* arc records */
	uint64_t nbb;			/* basic-block records */
};

typedef void (*profile_file_cb) (const char *name,
				 const struct file_stats *st, void *arg);

/* What profile_read reads, and how.  */
struct profile_request {
	struct objfile *of;		/* the executable: the files are laid
					   out for its target (address size,
					   byte order) */
	char *const *names;		/* the gmon files, in order */
	size_t n;			/* how many: 0 reads gmon.out */
	enum file_format format;	/* -O: how to read them */
	profile_file_cb cb;		/* called after each file, as GNU gprof
					   prints -i while it reads; or NULL */
	void *arg;			/* CB's last argument */
	struct proc_objects *objs;	/* --objects: filled by profile_objects
					   from these NAMES (its companions
					   are reused, not read again); NULL
					   without */
	enum ctx_use contexts;		/* the calling contexts from the
					   companions: CTX_IGNORE, or used if
					   every profile has them (CTX_REQUIRE:
					   exits if one has not) */
	bool threads;			/* --threads: every companion's
					   per-thread records into the
					   profile's threads (exits if a
					   profile has none) */
};

/* Reads the files RQ names into P, as RQ says.  With RQ->objs the other
   objects of each profile's process too, at their places.  Exits with
   a message on the first damaged file.  */
void profile_read (struct profile *p, const struct profile_request *rq);

/* --objects: the objects of the processes NAMES[0..N) profiled, from
   their companions, each given its place; exits if a profile has no
   companion.  The companions are kept in OBJS for profile_read, which
   must be given the same NAMES: all of them at once, threads and
   contexts too, until profile_read takes each (memory in the sum of
   the companions, where reading each twice held one at a time).  They
   are read before the symbols are loaded, so a program dumping as it
   runs has longer to replace gmon.out meanwhile: companion_mismatch
   refuses such a pair, and reading again gives one.  */
void profile_objects (struct objfile *of, char *const *names, size_t n,
		      struct proc_objects *objs);
void profile_objects_free (struct proc_objects *objs);

void profile_free (struct profile *p);

/* The profile of threads M[0..N) of WHOLE (read with threads): WHOLE's
   histograms (ranges, rate, dimension) holding their samples, their
   calls, and their calling contexts if WHOLE has contexts, into OUT
   (free with profile_free).  */
void profile_thread (const struct profile *whole, const size_t *m, size_t n,
		     struct profile *out);

/* Frees the bins of the histograms (their ranges stay), once the
   samples are assigned: big programs have big histograms.  */
void profile_drop_bins (struct profile *p);

/* The target OF's files are laid out for (gmon.sum's too); exits if
   gmon files cannot hold its addresses.  */
void profile_target (struct objfile *of, struct gmon_target *t);

/* The clock rate GNU gprof assumes when a profile gives none.  */
long profile_default_hz (void);

#endif /* GPROF_PROFILE_H */
