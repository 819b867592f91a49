/* objfile.h - the profiled executable: its symbols and machine code.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   objfile.c, debuglink.c (its debugging file), arch/machsyms.c (each
   machine's symbol rules) and objects.c (the other objects of
   --objects) talk to libbfd, through objfile-bfd.h; the rest of the
   analyser sees plain symbols (struct sym) and bytes.  */

#ifndef GPROF_OBJFILE_H
#define GPROF_OBJFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gprof/model.h"
#include "gprof/options.h"

struct fmap;

struct objfile;

/* Opens PATH; exits with a message if it is not an executable with a
   .text section and a symbol table.  */
struct objfile *objfile_open (const char *path);
void objfile_close (struct objfile *of);

/* The separate debugging file of OF, opened for its sections only (for
   objfile_section), when OF has no .debug_info of its own: found as
   libbfd (and so GNU gprof) finds it, by build id under
   /usr/lib/debug/.build-id, then by .gnu_debuglink (beside the file,
   in its .debug directory, under /usr/lib/debug), the checksum
   checked.  NULL if there is none.  */
struct objfile *objfile_open_debug (struct objfile *of);

const char *objfile_path (const struct objfile *of);

/* How the target lays out gmon files: address size in bytes, byte
   order, whether 32-bit addresses widen by sign.  */
void objfile_target (const struct objfile *of, unsigned int *addr_size,
		     bool *big_endian, bool *sign_extend);

/* One past the last byte of .text.  */
uint64_t objfile_text_end (const struct objfile *of);

/* The character the target puts in front of C names ('_' on some
   systems), or 0.  */
char objfile_leading_char (const struct objfile *of);

/* The symbols GNU gprof would keep, in symbol-table order, not yet
   sorted: functions (global and static, by GNU gprof's rules, with
   -a and -D applied), renamed to their object file for -R.  Exits if
   there are none.  */
struct sym *objfile_function_syms (struct objfile *of,
				   const struct options *opt,
				   const struct fmap *map, size_t *n);

/* The machine code of .text, for -c; NULL (with a message) if it
   cannot be read.  *VMA gets its address, *SIZE its length.  */
const unsigned char *objfile_text (struct objfile *of, uint64_t *vma,
				   uint64_t *size);

/* Reads N bytes of .text at ADDR into BUF; false if they are not all
   in .text.  */
bool objfile_text_bytes (struct objfile *of, uint64_t addr,
			 unsigned char *buf, size_t n);

/* Where ADDR, an address of .text, lies in the executable's file
   (IgProf names code by file offset).  */
uint64_t objfile_file_offset (const struct objfile *of, uint64_t addr);

/* libbfd's name of OF's architecture: "i386:x86-64", "aarch64" ...
   (arch/arch.c chooses the decoder of its machine code by it).  A
   libbfd built for this host alone reads another target's ELF file as
   plain ELF, of no architecture: then the name is made from the ELF
   header's machine, as libbfd of that target would print it, or
   "ELF machine N".  */
const char *objfile_arch_name (const struct objfile *of);

/* The kind of code at ADDR in an Arm file: 'a' (Arm), 't' (Thumb),
   'd' (data), by the mapping symbols (or without them the Thumb bits
   of the functions); 0 if nothing says, or the file is not Arm's.
   *UNTIL is the first address above ADDR where the kind may change
   (UINT64_MAX if none).  */
char objfile_code_kind (struct objfile *of, uint64_t addr, uint64_t *until);

/* The contents of section NAME, decompressed, *SIZE its length; NULL
   if there is no such section or it cannot be read.  The bytes of an
   uncompressed section are those of the file, mapped (they last as
   long as OF); a compressed one is decompressed into memory that
   *OWNED gets and the caller frees (*OWNED is NULL otherwise).  */
const unsigned char *objfile_section (struct objfile *of, const char *name,
				      size_t *size, unsigned char **owned);

/* The code section of OF that holds ADDR, else the first above it:
   its contents, malloc'd (the caller frees them), *VMA and *SIZE its
   place; NULL if there is none or it cannot be read.  A function's range may run from .init through the PLT, whose
   instructions the exports place samples at too.  */
unsigned char *objfile_code_at (struct objfile *of, uint64_t addr,
				uint64_t *vma, uint64_t *size);

/* A symbol libbfd names code by when the debugging information names
   no function there.  */
struct text_sym {
	uint64_t addr;			/* its address */
	const char *name;		/* its name (owned by the objfile) */
};

/* The symbols of .text libbfd would take for functions (any but
   section, file, object and thread-local symbols), sorted by address,
   the first of the symbol table kept at each address; *N gets their
   number.  Malloc'ed.  */
struct text_sym *objfile_text_syms (struct objfile *of, size_t *n);

/* Whether OF calls the entry point of gcc's -pg (mcount, _mcount,
   __fentry__): 1 yes, 0 no, -1 cannot tell (no symbols at all).  */
int objfile_calls_mcount (struct objfile *of);

/* The value of the symbol NAME of OF's symbol table (etext,
   __executable_start ...) in *VALUE; false if there is none.  */
bool objfile_symbol_value (const struct objfile *of, const char *name,
			   uint64_t *value);

/* OF's build id (its NT_GNU_BUILD_ID note's bytes, at most MAX of
   them) in ID; its length, 0 if it has none.  */
size_t objfile_build_id (struct objfile *of, unsigned char *id, size_t max);

/* What libopcodes needs to decode OF's machine code: libbfd's
   architecture and machine numbers (enum bfd_architecture, mach) and
   byte order.  False if libbfd does not know them.  */
bool objfile_disasm_target (const struct objfile *of, int *arch,
			    unsigned long *mach, bool *big);

/* The first byte of .text.  */
uint64_t objfile_text_start (const struct objfile *of);

/* Whether a static function's NAME passes GNU gprof's test: no '$',
   and dots only in the clone suffixes ".N", ".clone.N", ".constprop.N".  */
bool objfile_static_name_ok (const char *name);

/* The demangled form of NAME (malloc'ed), or NULL if it is not a
   mangled name.  */
char *objfile_demangle (const struct objfile *of, const char *name);

#endif /* GPROF_OBJFILE_H */
