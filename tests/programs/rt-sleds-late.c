/* rt-sleds-late.c - a program built with -fpatchable-function-entry
   that loads a library built so (rt-sleds-lib.c) after start, for
   rt-sleds-late.sh.

   rt-sleds-late LIB MODE: dlopens LIB (by the name given: a bare name
   is searched by the dynamic linker, and libgmon.so's dlopen leaves it
   to the C library) and calls its lib_work (100), with no call of a
   function of its own in between (the first new arc after the dlopen
   is the handler's); then raises SIGUSR1, whose handler makes new arcs
   (on_signal, in_handler, called only there); exits 5 if the
   library's lib_leaf changed meanwhile (its sleds were patched inside
   the handler: the code it interrupted could have been in one).  Then
   by MODE:

     none   nothing more
     dlopen dlopen (NULL): a look libgmon may patch at
     dump   gmon_dump (found with dlsym: libgmon is preloaded)
     swap   rename the file NEW (the third argument) over LIB, then
            dlopen (NULL): the file at LIB's path is not the one loaded

   and calls lib_work (100) again.  Prints "ok".  */

#define _GNU_SOURCE 1
#include <dlfcn.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NOIPA __attribute__ ((noipa))

static const volatile unsigned char *lib_leaf;
static unsigned char before[16];	/* its bytes before the signal */
static volatile sig_atomic_t changed;

NOIPA int in_handler (int x) { return x + 1; }

NOIPA void
on_signal (int sig)
{
	unsigned char after[sizeof before];

	in_handler (sig);
	memcpy (after, (const void *) lib_leaf, sizeof after);
	changed = memcmp (before, after, sizeof before) != 0;
}

/* lib_work (100) of H; inlined: no call, no arc.  */
static inline __attribute__ ((always_inline)) void
work (void *h)
{
	long (*f) (long);

	*(void **) &f = dlsym (h, "lib_work");
	if (!f || f (100) != 5050)
		exit (99);
}

int
main (int argc, char **argv)
{
	void *h;

	if (argc < 3)
		return 99;
	h = dlopen (argv[1], RTLD_NOW);
	if (!h) {
		fprintf (stderr, "%s\n", dlerror ());
		return 99;
	}
	lib_leaf = dlsym (h, "lib_leaf");
	if (!lib_leaf)
		return 99;
	work (h);
	signal (SIGUSR1, on_signal);
	memcpy (before, (const void *) lib_leaf, sizeof before);
	raise (SIGUSR1);
	if (changed) {
		fprintf (stderr, "patched inside a signal handler\n");
		return 5;
	}
	if (strcmp (argv[2], "dlopen") == 0)
		dlopen (NULL, RTLD_NOW);
	else if (strcmp (argv[2], "swap") == 0) {
		if (argc < 4 || rename (argv[3], argv[1]) != 0)
			return 99;
		dlopen (NULL, RTLD_NOW);
	} else if (strcmp (argv[2], "dump") == 0) {
		int (*dump) (void);

		*(void **) &dump = dlsym (RTLD_DEFAULT, "gmon_dump");
		if (!dump || dump () != 0)
			return 99;
	}
	work (h);
	puts ("ok");
	return 0;
}
