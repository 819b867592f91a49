/* machsyms.c - the symbol rules of each machine.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   What objfile.c's symbols mean depends on the machine of the file,
   and a libbfd built for this host alone reads another machine's ELF
   file as plain ELF, without its back end's rules: so the rules are
   kept here, by ELF machine (e_machine, read from the file's header
   by objfile.c).  The machine's name for messages; Arm's Thumb bit,
   taken off a function's address; Arm's mapping symbols, which say
   where Arm code, Thumb code and data lie; and the mapping and tag
   symbols that the back end of aarch64, Arm and RISC-V never takes
   for functions.  */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gprof/symbols/objfile-bfd.h"

/* The ELF machines (e_machine) whose names objfile_arch_name knows
   when libbfd does not.  */
#define ELF_EM_386	3
#define ELF_EM_ARM	40
#define ELF_EM_X86_64	62
#define ELF_EM_AARCH64	183
#define ELF_EM_RISCV	243

const char *
objfile_arch_name (const struct objfile *of)
{
	if (bfd_get_arch (of->abfd) != bfd_arch_unknown || !of->elf_machine)
		return bfd_printable_name (of->abfd);
	switch (of->elf_machine) {
	case ELF_EM_386:
		return "i386";
	case ELF_EM_X86_64:
		return "i386:x86-64";
	case ELF_EM_ARM:
		return "arm";
	case ELF_EM_AARCH64:
		return "aarch64";
	case ELF_EM_RISCV:
		return of->elf64 ? "riscv:rv64" : "riscv:rv32";
	default:
		return of->arch_name;
	}
}

uint64_t
objfile_sym_addr (const struct objfile *of, const asymbol *s)
{
	uint64_t addr = s->value + bfd_section_vma (s->section);

	/* Bit 0 of an Arm function symbol says its code is Thumb; libbfd's
	   Arm back end takes it off (GNU gprof's addresses are even), its
	   plain ELF reader does not.  */
	if (of->elf_machine == ELF_EM_ARM && (s->flags & BSF_FUNCTION))
		addr &= ~(uint64_t) 1;
	return addr;
}

static int
cmp_mark (const void *a, const void *b)
{
	const struct code_mark *l = a, *r = b;

	if (l->addr != r->addr)
		return l->addr < r->addr ? -1 : 1;
	return (l->kind > r->kind) - (l->kind < r->kind);
}

/* The kind a mapping symbol NAME marks ("$a", "$t", "$d", perhaps
   with a dotted tail), or 0.  */
static char
mark_kind (const char *name)
{
	if (!name || name[0] != '$' || !name[1] || !strchr ("atd", name[1])
	    || (name[2] != '\0' && name[2] != '.'))
		return 0;
	return name[1];
}

/* Arm's marks of .text: its mapping symbols, or without any the
   functions' Thumb bits (which a plain ELF reader leaves on).  */
static void
build_marks (struct objfile *of)
{
	uint64_t vma = bfd_section_vma (of->text);
	size_t n = 0;
	long i;
	int pass;

	of->marks_built = true;
	if (of->elf_machine != ELF_EM_ARM)
		return;
	of->marks = XNEWVEC (struct code_mark, (size_t) of->nsyms + 1);
	for (pass = 0; pass < 2 && n == 0; pass++)
		for (i = 0; i < of->nsyms; i++) {
			const asymbol *s = of->syms[i];
			char k = mark_kind (s->name);

			if (s->section != of->sym_text)
				continue;
			if (pass == 1 && (s->flags & BSF_FUNCTION))
				k = s->value & 1 ? 't' : 'a';
			else if (pass == 1 || !(s->flags & BSF_LOCAL))
				k = 0;
			if (!k)
				continue;
			of->marks[n].addr = vma + (pass == 1 ? s->value
						& ~(uint64_t) 1 : s->value);
			of->marks[n++].kind = k;
		}
	qsort (of->marks, n, sizeof *of->marks, cmp_mark);
	of->nmarks = n;
}

char
objfile_code_kind (struct objfile *of, uint64_t addr, uint64_t *until)
{
	size_t lo = 0, hi;

	if (!of->marks_built)
		build_marks (of);
	hi = of->nmarks;
	/* The first mark above ADDR.  */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (of->marks[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	*until = lo < of->nmarks ? of->marks[lo].addr : UINT64_MAX;
	return lo > 0 ? of->marks[lo - 1].kind : 0;
}

/* Whether libbfd's back end of OF's machine would never take S for a
   function's (its maybe_function_sym): the local mapping and tag
   symbols of aarch64 ($x, $d, $m, $f, $p), Arm ($ and a lower-case
   letter) and RISC-V ($x..., $d...), and on Arm and aarch64 indirect
   functions.  A libbfd for the host alone does not know them.  */
bool
objfile_not_a_function (const struct objfile *of, const asymbol *s)
{
	const char *n = s->name;
	bool local = (s->flags & BSF_LOCAL) != 0;
	bool tail = n[0] == '$' && n[1] && (n[2] == '\0' || n[2] == '.');

	switch (of->elf_machine) {
	case ELF_EM_AARCH64:
		return (s->flags & BSF_GNU_INDIRECT_FUNCTION)
			|| (local && tail && strchr ("xdmfp", n[1]));
	case ELF_EM_ARM:
		return (s->flags & BSF_GNU_INDIRECT_FUNCTION)
			|| (local && tail && n[1] >= 'a' && n[1] <= 'z');
	case ELF_EM_RISCV:
		return local && n[0] == '$' && (n[1] == 'x' || n[1] == 'd');
	default:
		return false;
	}
}
