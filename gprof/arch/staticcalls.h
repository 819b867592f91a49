/* staticcalls.h - calls found in the machine code (-c).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef GPROF_STATICCALLS_H
#define GPROF_STATICCALLS_H

#include "gprof/model.h"

struct objfile;
struct arch;

struct static_scan {
	struct objfile *of;
	struct symtab *st;
	struct callgraph *cg;
	const struct profile *p;
	const struct arch *arch;	/* its decoder, or NULL */
	const unsigned char *text;	/* .text bytes, or NULL */
	uint64_t text_vma, text_size;
};

/* Prepares a scan of OF's machine code; reads .text.  */
void static_scan_init (struct static_scan *sc, struct objfile *of,
		       struct symtab *st, struct callgraph *cg,
		       const struct profile *p);

/* Adds an arc of count 0 from SYM to every function it calls directly
   (cg_assemble's per-symbol hook; ARG is the struct static_scan).  */
void static_scan_sym (struct sym *sym, void *arg);

#endif /* GPROF_STATICCALLS_H */
