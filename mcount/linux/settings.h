/* settings.h - the configuration: the GMON_* variables as read once at
   start-up (settings.c).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   Part of runtime.h (the internals of libgmon), which includes it
   with what it needs first; the files include runtime.h.  */

#ifndef MCOUNT_LINUX_SETTINGS_H
#define MCOUNT_LINUX_SETTINGS_H

#ifndef MCOUNT_LINUX_RUNTIME_H
# error "include mcount/linux/runtime.h, which includes this file"
#endif

enum mc_sampler_choice {
	MC_SAMPLER_AUTO,		/* timer, else perf, else itimer */
	MC_SAMPLER_PERF,
	MC_SAMPLER_TIMER,
	MC_SAMPLER_ITIMER,
	MC_SAMPLER_OFF
};

#define MC_PATH_MAX	4096
#define MC_PATCH_MAX	1024		/* bytes of GMON_PATCH, with its NUL */

struct mc_config {
	bool secure;			/* set-uid: environment ignored */
	bool debug;			/* GMON_DEBUG: diagnostics on stderr */
	uint32_t rate;			/* GMON_RATE, Hz */
	bool rate_set;			/* GMON_RATE was given */
	enum mc_sampler_choice sampler;	/* GMON_SAMPLER */
	unsigned int bin_shift;		/* log2 GMON_BIN_SIZE */
	uint64_t arc_limit;		/* GMON_ARC_LIMIT: bytes of grown arc
					   tables, all threads */
	bool arc_limit_set;		/* ... was given (0 is a limit) */
	bool near;			/* GMON_NEAR: copy the fast path near */
	bool objects;			/* GMON_OBJECTS: other objects' files */
	bool wall;			/* GMON_CLOCK=wall: real time */
	unsigned int context;		/* GMON_CONTEXT: frames of calling
					   context per sample; 0: none */
	uint32_t threads;		/* GMON_THREADS: threads whose records
					   are kept apart; 0: no per-thread
					   records */
	bool threads_set;		/* ... was given */
	uint32_t threads_asked;		/* ... its value, when more than the
					   mappings allow (threads_fit) */
	uint32_t max_objects;		/* GMON_MAX_OBJECTS: entries of the
					   object table */
	bool fatal;			/* GMON_FATAL_SIGNALS: catch them */
	int dump_signal;		/* GMON_DUMP_SIGNAL, or 0 */
	uint32_t dump_interval;		/* GMON_DUMP_INTERVAL, seconds, or 0 */
	uint32_t image;			/* programs this pid exec'd before
					   this one (GMON_IMAGE) */
	char prefix[MC_PATH_MAX];	/* GMON_OUT_PREFIX made absolute, or "" */
	char cwd[MC_PATH_MAX];		/* working directory at start-up, or "" */
	char patch[MC_PATCH_MAX];	/* GMON_PATCH: the functions whose
					   patchable entries are patched (a
					   POSIX ERE), or "": all (sleds.c) */
	char bad_env[160];		/* "GMON_X=value" that was ignored */
};

#define MC_RATE_DEFAULT	1000		/* Hz */
#define MC_RATE_MAX	100000		/* perf clocks stop at 10 us */
#define MC_BIN_SHIFT_DEFAULT 2		/* 4-byte bins */
/* The histograms' dimension in wall-clock mode: GNU gprof prints it
   as is in "Each sample counts as 0.001 wall secs." and cut to 9 and
   8 characters over the columns of the flat profile ("wall secs",
   "wall sec"), so it must read well in both.  */
#define MC_DIMEN_WALL	"wall secs"
/* The environment variable that tells an exec'd program which image
   of its process it is: PID.N.  */
#define MC_IMAGE_ENV	"GMON_IMAGE"

extern struct mc_config mc_config MC_HIDDEN;

/* Reads the environment once (any later call returns at once).  */
void mc_config_init (void) MC_HIDDEN;

#endif /* MCOUNT_LINUX_SETTINGS_H */
