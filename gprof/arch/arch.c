/* arch.c - which implementation of arch.h decodes an executable's
   machine code.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include <config.h>

#include <string.h>

#include "gprof/arch/arch.h"
#include "gprof/objfile.h"

/* By libbfd's name of the architecture (objfile_arch_name), which
   starts with the family's: "i386", "i386:x86-64", ...  */
static const struct {
	const char *family;		/* libbfd's name, up to a ':' */
	const struct arch *arch;
} table[] = {
	{ "i386", &arch_x86 },
};

const struct arch *
arch_of (const struct objfile *of)
{
	const char *name = objfile_arch_name (of);
	size_t i, n;

	for (i = 0; i < sizeof table / sizeof table[0]; i++) {
		n = strlen (table[i].family);
		if (strncmp (name, table[i].family, n) == 0
		    && (name[n] == '\0' || name[n] == ':'))
			return table[i].arch;
	}
	return NULL;
}
