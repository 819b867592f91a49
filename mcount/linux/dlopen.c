/* dlopen.c - where libgmon.so's dlopen goes on.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   libgmon.so's dlopen (the port's stub, mcount/arch/ARCH/dlopen.S; in
   the shared library only) asks where to go on.  The C library's
   dlopen looks at its caller (its return address): for a name without
   a slash, the caller's object's RUNPATH and RPATH say where to
   search; for $ORIGIN, its directory; and the new object goes into
   the caller's namespace.  A path without '$' from an object of the
   base namespace needs none of that, and is loaded by
   mc_dlopen_wrapped, which then patches the new objects' sleds before
   the program can call them (when no other thread runs: see the top
   of sleds.c).  Every other call goes on to the C library's as it was
   made, and its objects are patched at the next dlopen or gmon_dump
   (never in the slow path, which may run in a signal handler: see
   the top of sleds.c), which the line at exit reports.  Compiled into the
   shared library only (PIC).  */

#define _GNU_SOURCE 1
#include <config.h>

#include <dlfcn.h>
#include <link.h>
#include <string.h>

#include "mcount/linux/runtime.h"

#ifdef PIC

typedef void *(*dlopen_fn) (const char *, int);

static dlopen_fn sled_real_dlopen;	/* the C library's */

/* Stands for a dlopen that could not be found (never seen).  */
static void *
no_dlopen (const char *file, int mode)
{
	(void) file;
	(void) mode;
	return NULL;
}

/* Whether the object of the code at CALLER is in the base namespace
   (code in no object: the dynamic linker takes the program's).  */
static bool
base_namespace (uintptr_t caller)
{
	Dl_info info;
	void *map = NULL;
	Lmid_t id = LM_ID_BASE;

	if (!dladdr1 ((void *) caller, &info, &map, RTLD_DL_LINKMAP) || !map)
		return true;
	return dlinfo (map, RTLD_DI_LMID, &id) == 0 && id == LM_ID_BASE;
}

void *mc_dlopen_wrapped (const char *file, int mode) MC_HIDDEN;
uintptr_t mc_dlopen_choose (const char *file, int mode, uintptr_t caller)
	MC_HIDDEN;

void *
mc_dlopen_wrapped (const char *file, int mode)
{
	void *h = sled_real_dlopen (file, mode);

	if (h)
		mc_sleds_loaded ();	/* sleds.c patches the new ones */
	return h;
}

uintptr_t
mc_dlopen_choose (const char *file, int mode, uintptr_t caller)
{
	dlopen_fn real = __atomic_load_n (&sled_real_dlopen,
					  __ATOMIC_ACQUIRE);

	(void) mode;
	if (!real) {
		*(void **) &real = dlsym (RTLD_NEXT, "dlopen");
		if (!real)
			real = no_dlopen;
		__atomic_store_n (&sled_real_dlopen, real, __ATOMIC_RELEASE);
	}
	if (!__atomic_load_n (&mc_sleds_on, __ATOMIC_RELAXED))
		return (uintptr_t) real;
	mc_sleds_look ();		/* what other dlopens loaded */
	if (!file || !strchr (file, '/') || strchr (file, '$')
	    || !base_namespace (caller))
		return (uintptr_t) real;
	return (uintptr_t) mc_dlopen_wrapped;
}

#endif /* PIC */
