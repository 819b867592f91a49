/* control.c - configuration, the control API, and what libgmon says.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   The environment is read once, at start-up (constructor, __monstartup
   or the first call of mcount, whichever comes first), and never for a
   set-uid or set-gid program (AT_SECURE), as glibc does for
   GMON_OUT_PREFIX:

     GMON_OUT_PREFIX  write PREFIX.PID instead of gmon.out (glibc's)
     GMON_RATE        samples per CPU second, 1 to 100000 (1000)
     GMON_SAMPLER     auto, perf, timer, itimer or off (auto)
     GMON_BIN_SIZE    bytes per histogram bin, a power of two 1-64 (4)
     GMON_ARC_LIMIT   most bytes the arc tables of all threads may grow
                      by, K/M/G suffixes (none); each thread's first
                      table is not counted (arcs.c)
     GMON_NEAR        0: call the fast path where the library is
     GMON_OBJECTS     0: write the program's profile only, no files
                      of the shared libraries (1)
     GMON_CLOCK       cpu or wall: what a sample measures (cpu)
     GMON_DUMP_SIGNAL a signal (USR2, SIGUSR2, 12) that writes the
                      profile and goes on (none)
     GMON_DUMP_INTERVAL  seconds between such dumps (none)
     GMON_FATAL_SIGNALS  0: write nothing when a signal kills (1)
     GMON_CONTEXT     N, 1 to 1024: with each sample, the return
                      addresses of up to N frames above it (0, none)
     GMON_THREADS     N, 0 to 65536: the first N threads get records
                      of their own in the companion, the others one
                      together (256; 0: no per-thread records)
     GMON_MAX_OBJECTS N, 1 to 65536: objects (the program, libraries,
                      the vDSO) profiled each with its own histogram
                      and file (1024)
     GMON_DEBUG       1: say on stderr what libgmon does

   and GMON_IMAGE, which the exec wrappers set for the next program
   (exits.c).

   What libgmon says.  Nothing, when all went well.  Otherwise one line
   on stderr as the profile is written at exit, naming each problem and
   the knob that fixes it.  Messages are built without stdio (this runs
   at exit, maybe from a signal handler) and written with one write(2).  */

#define _GNU_SOURCE 1
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/resource.h>
#include <unistd.h>

#include "include/gmonkit.h"
#include "mcount/runtime.h"

struct mc_config mc_config = {
	.rate = MC_RATE_DEFAULT,
	.sampler = MC_SAMPLER_AUTO,
	.bin_shift = MC_BIN_SHIFT_DEFAULT,
	.near = true,
	.objects = true,
	.fatal = true,
	.threads = MC_THREADS_DEFAULT,
	.max_objects = MC_MODULES_DEFAULT,
};

static bool mc_config_done;
static char mc_problems[MC_PROB_COUNT][512];

/* ------------------------------------------------------------------ */
/* Lines */

void
mc_line_str (struct mc_line *l, const char *s)
{
	while (*s && l->len < sizeof l->buf - 1)
		l->buf[l->len++] = *s++;
}

char *
mc_put_str (char *p, char *end, const char *s)
{
	while (*s && p < end)
		*p++ = *s++;
	return p;
}

char *
mc_put_num (char *p, char *end, uint64_t v)
{
	char tmp[24];
	int n = 0;

	do
		tmp[n++] = (char) ('0' + v % 10);
	while ((v /= 10) != 0);
	while (n > 0 && p < end)
		*p++ = tmp[--n];
	return p;
}

void
mc_line_u64 (struct mc_line *l, uint64_t v)
{
	l->len = (size_t) (mc_put_num (l->buf + l->len,
				       l->buf + sizeof l->buf - 1, v)
			   - l->buf);
}

void
mc_line_hex (struct mc_line *l, uint64_t v)
{
	char tmp[24];
	int n = 0;

	do
		tmp[n++] = "0123456789abcdef"[v & 15];
	while ((v >>= 4) != 0);
	mc_line_str (l, "0x");
	while (n > 0 && l->len < sizeof l->buf - 1)
		l->buf[l->len++] = tmp[--n];
}

void
mc_line_errno (struct mc_line *l, int err)
{
	/* strerror may translate (locale) and allocate; this needs
	   neither.  */
	const char *s = strerrordesc_np (err);

	if (s)
		mc_line_str (l, s);
	else {
		mc_line_str (l, "error ");
		mc_line_u64 (l, (uint64_t) err);
	}
}

void
mc_line_write (struct mc_line *l)
{
	size_t done = 0;

	if (l->len == 0 || l->buf[l->len - 1] != '\n')
		l->buf[l->len++] = '\n';
	while (done < l->len) {
		ssize_t n = write (2, l->buf + done, l->len - done);

		if (n <= 0) {
			if (n < 0 && errno == EINTR)
				continue;
			break;
		}
		done += (size_t) n;
	}
	l->len = 0;
}

void
mc_debug (const char *area, const char *text)
{
	struct mc_line l = { .len = 0 };

	if (!mc_config.debug)
		return;
	mc_line_str (&l, "libgmon: ");
	mc_line_str (&l, area);
	mc_line_str (&l, ": ");
	mc_line_str (&l, text);
	mc_line_write (&l);
}

void
mc_problem (enum mc_problem p, const char *text)
{
	char *dst = mc_problems[p];
	size_t n = strnlen (text, sizeof mc_problems[p] - 1);

	if (dst[0])
		return;			/* the first cause is the one to fix */
	memcpy (dst, text, n);
	dst[n] = '\0';
}

static void
part (struct mc_line *l, bool *first)
{
	mc_line_str (l, *first ? "libgmon: " : "; ");
	*first = false;
}

/* CALL: ERR, or CALL alone when no errno goes with it (it then says
   what was missing).  */
static void
put_fail (struct mc_line *l, const char *call, int err)
{
	mc_line_str (l, call);
	if (err) {
		mc_line_str (l, ": ");
		mc_line_errno (l, err);
	}
}

/* "): " and the fix for an mmap that failed with ERR: more address
   space, or, where the address space has no limit, more mappings (a
   process holds vm.max_map_count of them at most: 65530 by default,
   which thousands of threads' records and stacks can reach).  */
static void
put_more_memory (struct mc_line *l, int err)
{
	struct rlimit as;

	if (err == ENOMEM && getrlimit (RLIMIT_AS, &as) == 0
	    && as.rlim_cur == RLIM_INFINITY)
		mc_line_str (l, "): allow more memory mappings (sysctl "
			     "vm.max_map_count) or lower GMON_THREADS");
	else
		mc_line_str (l, "): allow more memory (ulimit -v)");
}

/* Every call not counted is in exactly one of these, and the total
   is in the companion too (objdir.c).  */
static void
exit_line_arcs (struct mc_line *l, bool *first)
{
	struct mc_arc_stats st;
	uint64_t n;

	mc_arcs_stats (&st);
	if (st.lost_limit) {
		part (l, first);
		mc_line_u64 (l, st.lost_limit);
		mc_line_str (l, " calls were not counted: their arcs did not "
			     "fit in GMON_ARC_LIMIT=");
		mc_line_u64 (l, mc_config.arc_limit);
		mc_line_str (l, " bytes of arc tables (the arcs that fit "
			     "were counted in full): raise GMON_ARC_LIMIT "
			     "to at least ");
		mc_line_u64 (l, st.limit_want);
		mc_line_str (l, ", or unset it");
	}
	if ((n = st.lost_full - st.lost_limit) != 0) {
		part (l, first);
		mc_line_u64 (l, n);
		mc_line_str (l, " calls were not counted because the arc "
			     "tables could not grow (");
		put_fail (l, "mmap", st.grow_errno);
		put_more_memory (l, st.grow_errno);
	}
	if (st.lost_norecord) {
		part (l, first);
		mc_line_u64 (l, st.lost_norecord);
		mc_line_str (l, " calls were not counted, and their threads "
			     "not sampled, because a thread's record could "
			     "not be made (");
		put_fail (l, "mmap", st.record_errno);
		put_more_memory (l, st.record_errno);
	}
	if ((n = st.lost_nested - st.lost_norecord) != 0) {
		part (l, first);
		mc_line_u64 (l, n);
		mc_line_str (l, " calls were not counted because a signal "
			     "handler made them while libgmon was making "
			     "room for its thread's arcs: keep -pg code out "
			     "of signal handlers that may interrupt it");
	}
}

static void
exit_line_sampler (struct mc_line *l, bool *first)
{
	struct mc_sample_stats st;

	mc_sampler_stats (&st);
	/* A clock that was never chosen (the program turned profiling
	   off before it began) is no failure.  */
	if (mc_config.sampler != MC_SAMPLER_OFF && mc_hist_get ()->bins
	    && st.clock == MC_CLOCK_NONE && st.failed) {
		part (l, first);
		mc_line_str (l, "no time was sampled: ");
		put_fail (l, st.failed, st.error);
		mc_line_str (l, mc_config.sampler == MC_SAMPLER_AUTO
			     ? " (try GMON_SAMPLER=itimer)"
			     : " (unset GMON_SAMPLER)");
		return;
	}
	if (st.clock == MC_CLOCK_ITIMER && st.file_rate < st.rate
	    && mc_config.sampler == MC_SAMPLER_AUTO && st.failed) {
		part (l, first);
		mc_line_str (l, "sampled at ");
		mc_line_u64 (l, st.file_rate);
		mc_line_str (l, " Hz with ITIMER_PROF, not ");
		mc_line_u64 (l, st.rate);
		mc_line_str (l, " Hz: per-thread clocks failed (");
		put_fail (l, st.failed, st.error);
		mc_line_str (l, "); set GMON_RATE=");
		mc_line_u64 (l, st.file_rate);
		mc_line_str (l, " to silence this");
	} else if (st.clock == MC_CLOCK_PERF && st.clock_rate < st.rate) {
		part (l, first);
		mc_line_str (l, "GMON_RATE=");
		mc_line_u64 (l, st.rate);
		mc_line_str (l, " is faster than perf clocks are safe to "
			     "run: they sampled at ");
		mc_line_u64 (l, st.clock_rate);
		mc_line_str (l, " Hz, each sample weighted for the periods "
			     "it stands for (the times are right, the places "
			     "sampled at that rate): set GMON_RATE=");
		mc_line_u64 (l, st.clock_rate);
		mc_line_str (l, " or less to silence this");
	}
	if (st.throttled) {
		part (l, first);
		mc_line_str (l, "the sampling clock reached only ");
		mc_line_u64 (l, st.reached);
		mc_line_str (l, " of the ");
		mc_line_u64 (l, st.rate);
		mc_line_str (l, " samples a second asked (the program "
			     "closed the clocks' descriptors, or blocked, "
			     "ignored or took over SIGPROF), and gmon.out "
			     "says so: leave SIGPROF and descriptors from "
			     "512 up to libgmon, or set GMON_SAMPLER=timer");
	}
	if (st.unsampled && st.unsampled_failed) {
		part (l, first);
		mc_line_u64 (l, st.unsampled);
		mc_line_str (l, " threads were not sampled (");
		put_fail (l, st.unsampled_failed, st.unsampled_error);
		/* Each timer holds a pending signal, each perf clock a
		   descriptor: the limit that ran out.  */
		if (strcmp (st.unsampled_failed, "timer_create") == 0)
			mc_line_str (l, "): raise the limit on pending "
				     "signals (ulimit -i)");
		else
			mc_line_str (l, "): raise the limit on open files "
				     "(ulimit -n) or set GMON_SAMPLER=timer");
	}
}

static void
exit_line_contexts (struct mc_line *l, bool *first)
{
	struct mc_ctx_stats st;

	if (!mc_config.context)
		return;
	mc_ctx_stats (&st);
	if (st.lost) {
		part (l, first);
		mc_line_u64 (l, st.lost);
		mc_line_str (l, " samples have no calling context (no "
			     "memory for it): allow more memory (ulimit -v) "
			     "or lower GMON_CONTEXT");
	}
}

/* What the per-thread records could not keep apart.  */
static void
exit_line_threads (struct mc_line *l, bool *first)
{
	struct mc_threads_stats st;

	if (!mc_config.threads)
		return;
	mc_threads_stats (&st);
	if (st.merged) {
		part (l, first);
		mc_line_u64 (l, st.merged);
		mc_line_str (l, " threads beyond the first GMON_THREADS=");
		mc_line_u64 (l, mc_config.threads);
		if (mc_config.threads_asked) {
			mc_line_str (l, " share one record of the per-thread "
				     "profile (\"other threads\"): GMON_THREADS=");
			mc_line_u64 (l, mc_config.threads_asked);
			mc_line_str (l, " was lowered to a quarter of the "
				     "memory mappings a process may have "
				     "(sysctl vm.max_map_count)");
		} else
			mc_line_str (l, " share one record of the per-thread "
				     "profile (\"other threads\"): raise "
				     "GMON_THREADS to keep each apart");
	}
	if (st.unplaced) {
		part (l, first);
		mc_line_u64 (l, st.unplaced);
		mc_line_str (l, " samples of ");
		mc_line_u64 (l, st.unplaced_threads);
		mc_line_str (l, " threads are in their thread's total but "
			     "at no address of it (");
		if (st.capped)
			mc_line_str (l, "a thread was sampled in more "
				     "distinct bins than its table holds): "
				     "raise GMON_BIN_SIZE");
		else {
			put_fail (l, "mmap", st.map_errno);
			put_more_memory (l, st.map_errno);
		}
	}
}

/* Objects the table had no room for (modules.c).  */
static void
exit_line_objects (struct mc_line *l, bool *first)
{
	uint64_t n = mc_modules_untracked ();

	if (!n)
		return;
	part (l, first);
	mc_line_u64 (l, n);
	mc_line_str (l, " objects loaded beyond the first GMON_MAX_OBJECTS=");
	mc_line_u64 (l, mc_modules_max ());
	mc_line_str (l, " have no histogram and no file of their own (their "
		     "samples are in no known object, their calls in no "
		     "object): raise GMON_MAX_OBJECTS");
}

void
mc_report (void)
{
	struct mc_line l = { .len = 0 };
	bool first = true;
	int p;

	exit_line_objects (&l, &first);
	exit_line_arcs (&l, &first);
	exit_line_sampler (&l, &first);
	exit_line_contexts (&l, &first);
	exit_line_threads (&l, &first);
	for (p = 0; p < MC_PROB_COUNT; p++)
		if (mc_problems[p][0]) {
			part (&l, &first);
			mc_line_str (&l, mc_problems[p]);
		}
	if (!first)
		mc_line_write (&l);
}

/* ------------------------------------------------------------------ */
/* The environment */

/* The GMON_* entries of the environment, when environ is not set yet:
   on riscv64 glibc's gcrt1.o starts profiling from the program's
   .preinit_array, before libc has set environ, and getenv finds
   nothing.  Then they are read from /proc/self/environ, once, into
   env_copy (NUL-separated; an entry longer than ENV_ENTRY_MAX is left
   out, as one longer than any value the variables take).  */
#define ENV_ENTRY_MAX	4352		/* GMON_OUT_PREFIX=, a long path */
static char env_copy[2 * ENV_ENTRY_MAX];	/* GMON_* entries */
static size_t env_copy_len;		/* bytes of env_copy in use */
static bool env_from_proc;		/* env_get reads env_copy */

static void
env_keep (const char *e, size_t len)
{
	if (len < 5 || memcmp (e, "GMON_", 5) != 0
	    || len + 1 > sizeof env_copy - env_copy_len)
		return;
	memcpy (env_copy + env_copy_len, e, len);
	env_copy_len += len;
	env_copy[env_copy_len++] = '\0';
}

static void
env_capture (void)
{
	extern char **environ;
	static char entry[ENV_ENTRY_MAX];
	char buf[1024];
	size_t len = 0;
	bool skip = false;
	ssize_t got, i;
	int fd;

	if (environ)
		return;
	env_from_proc = true;
	fd = mc_open (AT_FDCWD, "/proc/self/environ", O_RDONLY, 0);
	if (fd < 0)
		return;
	while ((got = read (fd, buf, sizeof buf)) > 0)
		for (i = 0; i < got; i++) {
			if (buf[i] == '\0') {
				if (!skip)
					env_keep (entry, len);
				len = 0;
				skip = false;
			} else if (len < sizeof entry)
				entry[len++] = buf[i];
			else
				skip = true;
		}
	close (fd);
}

/* getenv, or the copy of the GMON_* entries (env_capture).  */
static const char *
env_get (const char *name)
{
	size_t n = strlen (name), i;

	if (!env_from_proc)
		return getenv (name);
	for (i = 0; i < env_copy_len; i += strlen (env_copy + i) + 1)
		if (strncmp (env_copy + i, name, n) == 0
		    && env_copy[i + n] == '=')
			return env_copy + i + n + 1;
	return NULL;
}

static void
bad_value (const char *name, const char *value, const char *why)
{
	char text[512];
	struct mc_line l = { .len = 0 };

	mc_line_str (&l, name);
	mc_line_str (&l, "=");
	mc_line_str (&l, value);
	mc_line_str (&l, " was ignored: ");
	mc_line_str (&l, why);
	mc_line_str (&l, " (fix or unset ");
	mc_line_str (&l, name);
	mc_line_str (&l, ")");
	l.buf[l.len] = '\0';
	memcpy (text, l.buf, l.len + 1);
	mc_problem (MC_PROB_ENV, text);
}

/* A decimal number with an optional K, M or G (powers of 1024).  */
static bool
parse_size (const char *s, uint64_t *out)
{
	uint64_t v = 0;
	const char *p = s;

	if (*p < '0' || *p > '9')
		return false;
	for (; *p >= '0' && *p <= '9'; p++) {
		if (v > (UINT64_MAX - 9) / 10)
			return false;
		v = v * 10 + (uint64_t) (*p - '0');
	}
	switch (*p) {
	case 'k': case 'K': v <<= 10; p++; break;
	case 'm': case 'M': v <<= 20; p++; break;
	case 'g': case 'G': v <<= 30; p++; break;
	default: break;
	}
	if (*p)
		return false;
	*out = v;
	return true;
}

static void
read_rate (void)
{
	const char *s = env_get ("GMON_RATE");
	uint64_t v;

	if (!s)
		return;
	if (!parse_size (s, &v) || v < 1 || v > MC_RATE_MAX
	    || s[strlen (s) - 1] > '9') {
		bad_value ("GMON_RATE", s, "not a rate in Hz from 1 to 100000");
		return;
	}
	mc_config.rate = (uint32_t) v;
	mc_config.rate_set = true;
}

static void
read_sampler (void)
{
	static const struct {
		const char *name;
		enum mc_sampler_choice c;
	} names[] = {
		{ "auto", MC_SAMPLER_AUTO }, { "perf", MC_SAMPLER_PERF },
		{ "timer", MC_SAMPLER_TIMER }, { "itimer", MC_SAMPLER_ITIMER },
		{ "off", MC_SAMPLER_OFF }
	};
	const char *s = env_get ("GMON_SAMPLER");
	size_t i;

	if (!s)
		return;
	for (i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strcmp (s, names[i].name) == 0) {
			mc_config.sampler = names[i].c;
			return;
		}
	bad_value ("GMON_SAMPLER", s, "not auto, perf, timer, itimer or off");
}

static void
read_bin_size (void)
{
	const char *s = env_get ("GMON_BIN_SIZE");
	uint64_t v;
	unsigned int shift;

	if (!s)
		return;
	if (parse_size (s, &v) && s[strlen (s) - 1] <= '9')
		for (shift = 0; shift <= 6; shift++)
			if (v == (uint64_t) 1 << shift) {
				mc_config.bin_shift = shift;
				return;
			}
	bad_value ("GMON_BIN_SIZE", s, "not 1, 2, 4, 8, 16, 32 or 64");
}

static void
read_arc_limit (void)
{
	const char *s = env_get ("GMON_ARC_LIMIT");
	uint64_t v;

	if (!s)
		return;
	if (!parse_size (s, &v))
		bad_value ("GMON_ARC_LIMIT", s, "not a size in bytes");
	else {
		mc_config.arc_limit = v;
		mc_config.arc_limit_set = true;
	}
}

/* A variable that is 0 or 1.  */
static void
read_bool (const char *name, bool *out)
{
	const char *s = env_get (name);

	if (!s)
		return;
	if (strcmp (s, "0") == 0 || strcmp (s, "1") == 0)
		*out = s[0] == '1';
	else
		bad_value (name, s, "not 0 or 1");
}

static void
read_context (void)
{
	const char *s = env_get ("GMON_CONTEXT");
	uint64_t v;

	if (!s || !*s)
		return;
	if (!parse_size (s, &v) || s[strlen (s) - 1] > '9'
	    || v > MC_CONTEXT_MAX)
		bad_value ("GMON_CONTEXT", s, "not a number of frames from 0 "
			   "to 1024");
	else
		mc_config.context = (unsigned int) v;
}

static void
read_threads (void)
{
	const char *s = env_get ("GMON_THREADS");
	uint64_t v;

	if (!s || !*s)
		return;
	if (!parse_size (s, &v) || s[strlen (s) - 1] > '9'
	    || v > MC_THREADS_MAX)
		bad_value ("GMON_THREADS", s, "not a number of threads from 0 "
			   "to 65536");
	else {
		mc_config.threads = (uint32_t) v;
		mc_config.threads_set = true;
	}
}

static void
read_max_objects (void)
{
	const char *s = env_get ("GMON_MAX_OBJECTS");
	uint64_t v;

	if (!s || !*s)
		return;
	if (!parse_size (s, &v) || s[strlen (s) - 1] > '9' || v < 1
	    || v > MC_MODULES_LIMIT)
		bad_value ("GMON_MAX_OBJECTS", s, "not a number of objects "
			   "from 1 to 65536");
	else
		mc_config.max_objects = (uint32_t) v;
}

/* Each thread kept apart holds two memory mappings or so (its record,
   its table of samples), to the end of the run, and the kernel allows
   a process vm.max_map_count of them (65530 by default): GMON_THREADS
   keeps apart at most a quarter of that, so that the program's own
   mappings (malloc's among them) never run out for libgmon.  Read at
   start, where open and read are safe.  */
static void
threads_fit (void)
{
	char buf[32];
	uint64_t max = 0;
	ssize_t n;
	int fd = mc_open (AT_FDCWD, "/proc/sys/vm/max_map_count", O_RDONLY,
			  0);

	if (fd < 0)
		return;
	n = read (fd, buf, sizeof buf - 1);
	close (fd);
	for (ssize_t i = 0; i < n && buf[i] >= '0' && buf[i] <= '9'; i++)
		max = max * 10 + (uint64_t) (buf[i] - '0');
	if (max >= 4 && mc_config.threads > max / 4) {
		mc_config.threads_asked = mc_config.threads;
		mc_config.threads = (uint32_t) (max / 4);
	}
}

static void
read_clock (void)
{
	const char *s = env_get ("GMON_CLOCK");

	if (!s)
		return;
	if (strcmp (s, "cpu") == 0 || strcmp (s, "wall") == 0)
		mc_config.wall = s[0] == 'w';
	else
		bad_value ("GMON_CLOCK", s, "not cpu or wall");
}

static const struct {
	const char *name;
	int sig;
} mc_signal_names[] = {
	{ "HUP", SIGHUP }, { "INT", SIGINT }, { "QUIT", SIGQUIT },
	{ "USR1", SIGUSR1 }, { "USR2", SIGUSR2 }, { "PIPE", SIGPIPE },
	{ "ALRM", SIGALRM }, { "TERM", SIGTERM }, { "CHLD", SIGCHLD },
	{ "CONT", SIGCONT }, { "TSTP", SIGTSTP }, { "TTIN", SIGTTIN },
	{ "TTOU", SIGTTOU }, { "URG", SIGURG }, { "XCPU", SIGXCPU },
	{ "XFSZ", SIGXFSZ }, { "VTALRM", SIGVTALRM }, { "WINCH", SIGWINCH },
	{ "IO", SIGIO }, { "PWR", SIGPWR }, { "SYS", SIGSYS }
};

/* A signal by name (USR2, SIGUSR2) or number; not one libgmon needs
   (PROF) or nobody may catch (KILL, STOP), nor one the CPU raises.  */
static void
read_dump_signal (void)
{
	const char *s = env_get ("GMON_DUMP_SIGNAL"), *n;
	uint64_t v;
	size_t i;

	if (!s || !*s)
		return;
	n = strncmp (s, "SIG", 3) == 0 ? s + 3 : s;
	for (i = 0; i < sizeof mc_signal_names / sizeof mc_signal_names[0];
	     i++)
		if (strcmp (n, mc_signal_names[i].name) == 0) {
			mc_config.dump_signal = mc_signal_names[i].sig;
			return;
		}
	if (parse_size (s, &v) && s[strlen (s) - 1] <= '9' && v >= 1
	    && v <= (uint64_t) SIGRTMAX && v != SIGPROF && v != SIGKILL
	    && v != SIGSTOP && v != SIGSEGV && v != SIGBUS && v != SIGFPE
	    && v != SIGILL && v != SIGTRAP && v != SIGABRT) {
		mc_config.dump_signal = (int) v;
		return;
	}
	bad_value ("GMON_DUMP_SIGNAL", s, "not a signal libgmon may take "
		   "(a name like USR2, or a number; not PROF, KILL, STOP "
		   "or a fault)");
}

static void
read_dump_interval (void)
{
	const char *s = env_get ("GMON_DUMP_INTERVAL");
	uint64_t v;

	if (!s)
		return;
	if (!parse_size (s, &v) || s[strlen (s) - 1] > '9' || v < 1
	    || v > 31536000)
		bad_value ("GMON_DUMP_INTERVAL", s, "not a number of seconds "
			   "from 1 to 31536000");
	else
		mc_config.dump_interval = (uint32_t) v;
}

/* GMON_IMAGE=PID.N, set by the exec wrappers of the program before us
   in this process: we are its image N.  */
static void
read_image (void)
{
	const char *s = env_get (MC_IMAGE_ENV), *dot;
	uint64_t pid = 0, n = 0;

	if (!s || !(dot = strchr (s, '.')))
		return;
	for (; s < dot && *s >= '0' && *s <= '9'; s++)
		pid = pid * 10 + (uint64_t) (*s - '0');
	if (s != dot || pid != (uint64_t) getpid ()
	    || !parse_size (dot + 1, &n) || n > UINT32_MAX)
		return;
	mc_config.image = (uint32_t) n;
}

/* DIR/NAME into DST (MC_PATH_MAX bytes); false if too long.  */
static bool
join_path (char *dst, const char *dir, const char *name)
{
	size_t d = strlen (dir), n = strlen (name);

	if (d + 1 + n + 1 > MC_PATH_MAX)
		return false;
	memcpy (dst, dir, d);
	dst[d] = '/';
	memcpy (dst + d + 1, name, n + 1);
	return true;
}

static void
read_prefix (void)
{
	const char *s = env_get ("GMON_OUT_PREFIX");

	if (!s || !*s)
		return;
	/* Resolved now, against the directory the program started in,
	   like the default gmon.out: a chdir later moves neither.  */
	if (s[0] == '/' || !mc_config.cwd[0]) {
		if (strlen (s) + 1 > MC_PATH_MAX) {
			bad_value ("GMON_OUT_PREFIX", s, "too long");
			return;
		}
		memcpy (mc_config.prefix, s, strlen (s) + 1);
	} else if (!join_path (mc_config.prefix, mc_config.cwd, s))
		bad_value ("GMON_OUT_PREFIX", s, "too long");
}

void
mc_config_init (void)
{
	const char *s;

	if (mc_config_done)
		return;
	mc_config_done = true;
	if (!getcwd (mc_config.cwd, sizeof mc_config.cwd))
		mc_config.cwd[0] = '\0';	/* relative to the cwd at exit */
	mc_config.secure = getauxval (AT_SECURE) != 0;
	if (mc_config.secure) {
		mc_config.threads = 0;	/* it writes no companion */
		return;
	}
	env_capture ();
	s = env_get ("GMON_DEBUG");
	mc_config.debug = s && *s && strcmp (s, "0") != 0;
	s = env_get ("GMON_NEAR");
	if (s && strcmp (s, "0") == 0)
		mc_config.near = false;
	read_rate ();
	read_sampler ();
	read_bin_size ();
	read_arc_limit ();
	read_prefix ();
	read_bool ("GMON_OBJECTS", &mc_config.objects);
	read_bool ("GMON_FATAL_SIGNALS", &mc_config.fatal);
	read_clock ();
	read_context ();
	read_threads ();
	/* The records go in the companion, which GMON_OBJECTS=0 leaves
	   out unless contexts or GMON_THREADS ask for it (dump.c).  */
	if (!mc_config.objects && !mc_config.context
	    && !mc_config.threads_set)
		mc_config.threads = 0;
	threads_fit ();
	read_max_objects ();
	read_dump_signal ();
	read_dump_interval ();
	read_image ();
}

/* ------------------------------------------------------------------ */
/* The public API (<gmonkit.h>) */

MC_EXPORT int
gmon_dump (void)
{
	int err = mc_dump_now (GMONX_END_DUMP, 0);

	if (err) {
		errno = err;
		return -1;
	}
	return 0;
}

MC_EXPORT int
gmon_dump_fd (int fd)
{
	int err = mc_dump_fd (fd);

	if (err) {
		errno = err;
		return -1;
	}
	return 0;
}

MC_EXPORT void
gmon_reset (void)
{
	mc_arcs_reset ();
	mc_hists_reset ();
	mc_ctx_reset ();
	mc_threads_reset ();
}

MC_EXPORT int
gmon_enabled (void)
{
	return mc_arcs_on != 0;
}

MC_EXPORT void
moncontrol (int mode)
{
	if (mode) {
		if (!mc_started ())
			mc_lazy_start ();
		if (!mc_started ())
			return;		/* already finished */
		mc_arcs_switch (true);
		mc_sampler_start ();
	} else {
		mc_arcs_switch (false);
		mc_sampler_stop ();
	}
}
