/* settings.c - the configuration: the GMON_* variables.

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
     GMON_PATCH       a POSIX extended regular expression: patch the
                      patchable entries of the functions it names
                      only (all of them)
     GMON_DEBUG       1: say on stderr what libgmon does

   and GMON_IMAGE, which the exec wrappers set for the next program
   (exits.c).  */

#define _GNU_SOURCE 1
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <unistd.h>

#include "mcount/linux/runtime.h"

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

static void
read_patch (void)
{
	const char *s = env_get ("GMON_PATCH");

	if (!s || !*s)
		return;
	if (strlen (s) + 1 > sizeof mc_config.patch) {
		/* Patching all would profile what was not asked for:
		   sleds.c patches nothing when it sees this mark, and
		   says why.  */
		mc_config.patch[0] = '\n';
		return;
	}
	memcpy (mc_config.patch, s, strlen (s) + 1);
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
	read_patch ();
}
