/* arch.h - what the analyser knows of a target's machine code: one
   implementation per architecture, behind this interface.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Three things read machine code: -c, which adds the calls it finds in
   each function (staticcalls.c); the Callgrind export, which names the
   call instruction of each arc (export/estimate.c); and the check that
   a profile's arcs return into the program's calls of mcount
   (diagnose.c).  Each asks arch_of() for the executable's
   architecture and decodes through it; an architecture without an
   implementation gets NULL, and each of them says so or does without.
   A port adds a file here and a row to arch.c's table: nothing else
   changes.  */

#ifndef GPROF_ARCH_ARCH_H
#define GPROF_ARCH_ARCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct objfile;

#define ARCH_CALL_MAX	16	/* longest call instruction of any arch */

struct arch {
	const char *name;		/* for messages: "x86" */
	unsigned int step;		/* a call may start every STEP bytes
					   (1: at any byte, as GNU gprof scans
					   x86 code) */
	unsigned int call_len;		/* bytes of a direct call */
	unsigned int mcount_call_len;	/* bytes before a return address
					   that ends_with_call looks at, at
					   most ARCH_CALL_MAX */
	/* Whether the bytes at P (AVAIL of them, at address PC) are a
	   direct call; then *TARGET is where it goes.  */
	bool (*direct_call) (const unsigned char *p, size_t avail,
			     uint64_t pc, uint64_t *target);
	/* Whether the mcount_call_len bytes at BEFORE, just before a
	   return address, end with a call: the return address of a call
	   of mcount, as an arc's self_pc is.  */
	bool (*ends_with_call) (const unsigned char *before);
};

/* The machine code of OF's architecture, or NULL if this gprof cannot
   decode it.  */
const struct arch *arch_of (const struct objfile *of);

/* The implementations, one per file.  */
extern const struct arch arch_x86;

#endif /* GPROF_ARCH_ARCH_H */
