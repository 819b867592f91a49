/* arch.c - which implementation of arch.h decodes an executable's
   machine code.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include <config.h>

#include <string.h>

#include "gprof/arch/arch.h"
#include "gprof/symbols/objfile.h"
#include "gprof/util/util.h"

/* By libbfd's name of the architecture (objfile_arch_name, which names
   it the same way when libbfd reads the file only as plain ELF), which
   starts with the family's: "i386", "i386:x86-64", "riscv:rv64", ...
   Arm's names run on without a colon ("armv7", "armv8-m.main").  */
static const struct {
	const char *family;		/* libbfd's name, up to a ':' */
	bool prefix;			/* any name that starts so */
	const struct arch *arch;	/* its decoder */
} table[] = {
	{ "i386", false, &arch_x86 },
	{ "aarch64", false, &arch_aarch64 },
	{ "riscv:rv64", false, &arch_riscv64 },
	{ "riscv:rv32", false, &arch_riscv32 },
	{ "riscv", false, &arch_riscv64 },
	{ "arm", true, &arch_arm },
};

unsigned int
arch_next4 (const unsigned char *p, size_t avail)
{
	(void) p;
	(void) avail;
	return 4;
}

const struct arch *
arch_of (const struct objfile *of)
{
	const char *name = objfile_arch_name (of);
	size_t i, n;

	for (i = 0; i < sizeof table / sizeof table[0]; i++) {
		n = strlen (table[i].family);
		if (strncmp (name, table[i].family, n) == 0
		    && (table[i].prefix || name[n] == '\0' || name[n] == ':'))
			return table[i].arch;
	}
	return NULL;
}

const struct arch *
arch_at (const struct arch *arch, struct objfile *of, uint64_t addr,
	 uint64_t *until)
{
	uint64_t end = UINT64_MAX;

	if (arch && arch->thumb) {
		switch (objfile_code_kind (of, addr, &end)) {
		case 't':
			arch = arch->thumb;
			break;
		case 'd':
			arch = NULL;
			break;
		default:
			break;
		}
	}
	if (until)
		*until = end;
	return arch;
}

void
arch_missing (const struct objfile *of, const char *what)
{
	static bool said;

	if (said)
		return;
	said = true;
	gp_warn (objfile_path (of), "this gprof cannot decode the machine "
		 "code of %s: %s", objfile_arch_name (of), what);
}
