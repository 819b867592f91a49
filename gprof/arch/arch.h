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
   implementation gets NULL, and each of them does without (the first
   that needs one says so, once: arch_missing).  A port adds a file
   here and a row to arch.c's table: nothing else changes.

   Instructions are read little-endian on every architecture here:
   aarch64, RISC-V and Arm (BE8, the big-endian Arm of today) keep
   their code little-endian whatever the byte order of their data.  */

#ifndef GPROF_ARCH_ARCH_H
#define GPROF_ARCH_ARCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct objfile;

#define ARCH_CALL_MAX	16	/* longest call instruction of any arch */

/* A direct call, decoded.  */
struct arch_call {
	uint64_t target;		/* where it goes */
	unsigned int len;		/* its bytes: the return address is
					   this far after its start */
};

struct arch {
	const char *name;		/* for messages: "x86", "aarch64" */
	unsigned int align;		/* instructions start at multiples
					   of ALIGN bytes (1: any byte) */
	unsigned int max_call_len;	/* bytes of the longest direct call
					   (a pair of instructions counts as
					   one), at most ARCH_CALL_MAX */
	unsigned int mcount_call_len;	/* bytes before a return address
					   that ends_with_call looks at, at
					   most ARCH_CALL_MAX */
	/* Bytes from P (AVAIL >= 1 of them) to the next place -c looks
	   for a call: 1 on x86, where GNU gprof tries every byte; the
	   length of the instruction at P elsewhere, so that code is
	   decoded from a function's start as the processor runs it.  */
	unsigned int (*next) (const unsigned char *p, size_t avail);
	/* Whether the bytes at P (AVAIL of them, at address PC) are a
	   direct call, or a jump to a function's start where the
	   architecture's rule counts one (see each file); then *CALL
	   says where to and how long it is.  */
	bool (*direct_call) (const unsigned char *p, size_t avail,
			     uint64_t pc, struct arch_call *call);
	/* Whether the mcount_call_len bytes at BEFORE, just before a
	   return address, end with a call: the return address of a call
	   of mcount, as an arc's self_pc is.  */
	bool (*ends_with_call) (const unsigned char *before);
	const struct arch *thumb;	/* Arm: the decoder of Thumb code,
					   which the mapping symbols choose
					   (arch_at); NULL elsewhere */
};

/* Instruction fields: little-endian halfwords and words, and V's low
   BITS bits as a signed number.  */
static inline uint32_t
arch_le16 (const unsigned char *p)
{
	return (uint32_t) p[0] | (uint32_t) p[1] << 8;
}

static inline uint32_t
arch_le32 (const unsigned char *p)
{
	return arch_le16 (p) | arch_le16 (p + 2) << 16;
}

static inline int64_t
arch_sext (uint32_t v, unsigned int bits)
{
	uint64_t sign = (uint64_t) 1 << (bits - 1);
	uint64_t x = v & ((sign << 1) - 1);

	return (int64_t) (x ^ sign) - (int64_t) sign;
}

/* The next of an instruction set whose instructions are all four
   bytes.  */
unsigned int arch_next4 (const unsigned char *p, size_t avail);

/* The machine code of OF's architecture, or NULL if this gprof cannot
   decode it.  */
const struct arch *arch_of (const struct objfile *of);

/* The decoder of the code at ADDR of OF: ARCH, or its Thumb twin where
   the Arm mapping symbols say Thumb, or NULL where they say data.
   *UNTIL (if UNTIL is not NULL) is the first address above ADDR where
   the answer may change.  */
const struct arch *arch_at (const struct arch *arch, struct objfile *of,
			    uint64_t addr, uint64_t *until);

/* Says once in a run, on standard error, that OF's machine code
   cannot be decoded, and so WHAT ("-c finds no calls").  */
void arch_missing (const struct objfile *of, const char *what);

/* The implementations, one per file.  */
extern const struct arch arch_x86;
extern const struct arch arch_aarch64;
extern const struct arch arch_riscv64;
extern const struct arch arch_riscv32;
extern const struct arch arch_arm;
extern const struct arch arch_thumb;

#endif /* GPROF_ARCH_ARCH_H */
