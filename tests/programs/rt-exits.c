/* rt-exits.c - every way a profiled program ends, and dumps on demand.

   rt-exits MODE [ARGS]   calls tick () 1000 times, then:

     exit          exit (0)
     _exit         _exit (3)
     _Exit         _Exit (4)
     segv          writes through a null pointer (SIGSEGV)
     abort         abort () (SIGABRT)
     fpe           divides by zero (SIGFPE)
     ill           __builtin_trap () (SIGILL)
     bus           reads a mapped page past the end of its file (SIGBUS)
     overflow      recurses until the stack overflows (SIGSEGV)
     term, int     raise (SIGTERM), raise (SIGINT)
     handled       raise (SIGTERM) under the program's own handler,
                   which calls in_handler (); then exit (0)
     ignored       SIGTERM ignored by the program, raised; exit (0)
     exec PROG..   execv (PROG, ...): tick's profile must be written
     execvp, execl, execlp, execle PROG..   the same through those
     badexec       execv of a file that does not exist, then tick ()
                   500 more times and exit (0): profiling goes on
     chain N       tick () 10 + N times; if N > 0, fork, the child
                   calls in_child () once and execs "rt-exits chain
                   N-1", the parent waits; prints "pid PID" per process
     self N        tick () 10 + N times, then execs itself with N-1
                   (no fork: one process, N + 1 programs)
     dumpsig       raise (SIGUSR2) (run with GMON_DUMP_SIGNAL=USR2),
                   rename gmon.out to mid.out, tick () 500 more times
     interval MS   spins, calling tick (), until gmon.out appears or
                   MS ms have passed (run with GMON_DUMP_INTERVAL=1);
                   prints "seen N" if it appeared, N ms after main ()
                   began
     mcount-kill   a thread sends SIGSEGV to the main thread while it
                   calls tick () as fast as it can, once it has made
                   2000 calls (whatever the load): the signal
                   lands in mcount more often than not
     dump-kill     a thread sends SIGTERM to the main thread while it
                   calls gmon_dump () in a loop, once it has made
                   three: the signal lands in the dumper
     exit-abort    returns from main, and its atexit handler, which
                   runs just before the profile is written, starts a
                   SIGALRM every 200 us whose handler calls abort ():
                   the abort lands in the dump at exit, in its thread

   Exits 99 when something it needs fails.  */

#define _GNU_SOURCE 1
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/time.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <gmonkit.h>

#define NOIPA __attribute__ ((noipa))

volatile int sink;

NOIPA int tick (int x) { return x + 1; }
NOIPA int in_handler (int x) { return x + 2; }
NOIPA int in_child (int x) { return x + 3; }
NOIPA int divide (int a, int b) { return a / b; }

NOIPA int
deep (int n)
{
	volatile char pad[256];

	pad[0] = (char) n;
	return deep (n + 1) + pad[0];
}

NOIPA void
ticks (int n)
{
	int i;

	for (i = 0; i < n; i++)
		sink += tick (i);
}

static void
on_term (int sig)
{
	sink += in_handler (sig);
}

static char *self_path;

static double
now (void)
{
	struct timespec ts;

	clock_gettime (CLOCK_MONOTONIC, &ts);
	return (double) ts.tv_sec + (double) ts.tv_nsec / 1e9;
}

static pid_t main_tid;

/* The main thread's progress (calls of tick (), dumps): the killer
   waits for kill_after of it, so the profile it kills has a known
   least count whatever the load.  */
static volatile int progress;
static int kill_after;

static void *
killer (void *arg)
{
	struct timespec ts = { 0, 1000000 };

	do
		nanosleep (&ts, NULL);
	while (__atomic_load_n (&progress, __ATOMIC_RELAXED) < kill_after);
	nanosleep (&ts, NULL);
	syscall (SYS_tgkill, getpid (), main_tid, (int) (intptr_t) arg);
	return NULL;
}

static void
start_killer (int sig, int after)
{
	pthread_t t;

	kill_after = after;
	main_tid = (pid_t) syscall (SYS_gettid);
	if (pthread_create (&t, NULL, killer, (void *) (intptr_t) sig) != 0)
		exit (99);
}

static int
chain (int n)
{
	char arg[16];
	pid_t pid;
	int status;

	ticks (10 + n);
	printf ("pid %d\n", (int) getpid ());
	fflush (stdout);
	if (n == 0)
		return 0;
	pid = fork ();
	if (pid < 0)
		return 99;
	if (pid == 0) {
		sink += in_child (n);
		snprintf (arg, sizeof arg, "%d", n - 1);
		execl (self_path, self_path, "chain", arg, (char *) NULL);
		_exit (99);
	}
	if (waitpid (pid, &status, 0) != pid || !WIFEXITED (status))
		return 99;
	return WEXITSTATUS (status);
}

static void
on_alarm (int sig)
{
	(void) sig;
	abort ();
}

/* Registered after gcrt1.o's _mcleanup: runs before it.  */
static void
arm_alarm (void)
{
	struct itimerval it = { { 0, 200 }, { 0, 200 } };

	setitimer (ITIMER_REAL, &it, NULL);
}

static int
exit_abort (void)
{
	signal (SIGALRM, on_alarm);
	atexit (arm_alarm);
	return 0;
}

/* Reads a mapped page past the end of its file: SIGBUS; 99 if it
   cannot.  */
static int
bus_error (void)
{
	char name[] = "/tmp/rt-exits.XXXXXX";
	int fd = mkstemp (name);
	char *p;

	if (fd < 0 || ftruncate (fd, 4096) != 0)
		return 99;
	p = mmap (NULL, 8192, PROT_READ, MAP_SHARED, fd, 0);
	unlink (name);
	if (p == MAP_FAILED)
		return 99;
	sink = p[4096];
	return 99;
}

int
main (int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";
	volatile int zero = 0;

	self_path = argv[0];
	if (strcmp (mode, "chain") == 0 && argc > 2)
		return chain (atoi (argv[2]));
	if (strcmp (mode, "self") == 0 && argc > 2) {
		char arg[16];
		int n = atoi (argv[2]);

		ticks (10 + n);
		printf ("pid %d\n", (int) getpid ());
		fflush (stdout);
		if (n == 0)
			return 0;
		snprintf (arg, sizeof arg, "%d", n - 1);
		execl (argv[0], argv[0], "self", arg, (char *) NULL);
		return 99;
	}
	ticks (1000);
	if (strcmp (mode, "exit") == 0)
		exit (0);
	if (strcmp (mode, "_exit") == 0)
		_exit (3);
	if (strcmp (mode, "_Exit") == 0)
		_Exit (4);
	if (strcmp (mode, "segv") == 0)
		*(volatile int *) (intptr_t) zero = 1;
	if (strcmp (mode, "abort") == 0)
		abort ();
	if (strcmp (mode, "fpe") == 0)
		sink = divide (1, zero);
	if (strcmp (mode, "ill") == 0)
		__builtin_trap ();
	if (strcmp (mode, "bus") == 0)
		return bus_error ();
	if (strcmp (mode, "overflow") == 0)
		sink = deep (0);
	if (strcmp (mode, "term") == 0)
		raise (SIGTERM);
	if (strcmp (mode, "int") == 0)
		raise (SIGINT);
	if (strcmp (mode, "handled") == 0) {
		signal (SIGTERM, on_term);
		raise (SIGTERM);
		exit (0);
	}
	if (strcmp (mode, "ignored") == 0) {
		signal (SIGTERM, SIG_IGN);
		raise (SIGTERM);
		exit (0);
	}
	if (strncmp (mode, "exec", 4) == 0 && argc > 2) {
		char *const env[] = { (char *) "RT_EXITS=1", NULL };

		if (strcmp (mode, "exec") == 0)
			execv (argv[2], argv + 2);
		else if (strcmp (mode, "execvp") == 0)
			execvp (argv[2], argv + 2);
		else if (strcmp (mode, "execl") == 0)
			execl (argv[2], argv[2], argv[3], (char *) NULL);
		else if (strcmp (mode, "execlp") == 0)
			execlp (argv[2], argv[2], argv[3], (char *) NULL);
		else if (strcmp (mode, "execle") == 0)
			execle (argv[2], argv[2], argv[3], (char *) NULL, env);
		return 99;
	}
	if (strcmp (mode, "badexec") == 0) {
		char *const args[] = { (char *) "nothing", NULL };

		if (execv ("/nonexistent/rt-exits", args) != -1
		    || errno != ENOENT)
			return 99;
		ticks (500);
		return 0;
	}
	if (strcmp (mode, "dumpsig") == 0) {
		raise (SIGUSR2);
		if (rename ("gmon.out", "mid.out") != 0)
			return 99;
		ticks (500);
		return 0;
	}
	if (strcmp (mode, "interval") == 0 && argc > 2) {
		double start = now (), end = start + atoi (argv[2]) / 1000.0;

		while (now () < end) {
			ticks (1000);
			if (access ("gmon.out", F_OK) == 0) {
				printf ("seen %d\n",
					(int) ((now () - start) * 1000));
				break;
			}
		}
		return 0;
	}
	if (strcmp (mode, "mcount-kill") == 0) {
		int i;

		start_killer (SIGSEGV, 2000);
		for (;;)
			for (i = 0; i < 1000; i++) {
				sink += tick (i);
				__atomic_store_n (&progress, progress + 1,
						  __ATOMIC_RELAXED);
			}
	}
	if (strcmp (mode, "exit-abort") == 0)
		return exit_abort ();
	if (strcmp (mode, "dump-kill") == 0) {
		start_killer (SIGTERM, 3);
		for (;;) {
			if (gmon_dump () != 0 && errno != EBUSY)
				return 99;
			__atomic_store_n (&progress, progress + 1,
					  __ATOMIC_RELAXED);
		}
	}
	return 99;
}
