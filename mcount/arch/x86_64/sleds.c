/* sleds.c - x86-64's part of the patching of patchable function entries
   (mcount/linux/sleds.c).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   gcc -fpatchable-function-entry=N,M leaves N one-byte NOPs (0x90) per
   function, M of them before its symbol and N - M after it: after its
   endbr64 when -fcf-protection gives it one, so that indirect branches
   still land on the endbr64.  Five after the symbol (N - M >= 5) hold
   a `call rel32' (e8 + a 32-bit displacement from the end of the call),
   which pushes the address after it, the entry + 5 (+ 4 after an
   endbr64), above the caller's return address: what __fentry__ finds
   when -pg -mfentry calls it from the same place.  The call goes to
   __fentry__'s copy in the copy of the fast paths near the object
   (mcount/linux/near.c), or, without one (GMON_NEAR=0), to a jump
   near the object (mc_arch_sled_tramp), which goes on to libgmon's
   __fentry__ wherever the library is mapped: 1.1 ns a call more, on
   the machine measured (bench/rt-sleds-bench.sh).  */

#define _GNU_SOURCE 1
#include <config.h>

#include <string.h>

#include "mcount/linux/runtime.h"
#include "mcount/linux/sleds.h"

#define X86_NOP		0x90
#define X86_CALL_REL32	0xe8

static const unsigned char endbr64[4] = { 0xf3, 0x0f, 0x1e, 0xfa };
/* nopl 0(%rax,%rax): where -pg -mnop-mcount's call would be.  */
static const unsigned char nop5[5] = { 0x0f, 0x1f, 0x44, 0x00, 0x00 };
/* XRay's entry sled: jmp .+11, over a nopw 0x200(%rax,%rax).  */
static const unsigned char xray_sled[11] = {
	0xeb, 0x09, 0x66, 0x0f, 0x1f, 0x84, 0x00, 0x00, 0x02, 0x00, 0x00
};
/* nopw 0(%rax,%rax): after the call written over XRay's sled.  */
static const unsigned char nop6[6] = { 0x66, 0x0f, 0x1f, 0x44, 0x00, 0x00 };

size_t
mc_arch_sled_skip (const unsigned char *entry, size_t avail)
{
	if (avail >= sizeof endbr64
	    && memcmp (entry, endbr64, sizeof endbr64) == 0)
		return sizeof endbr64;
	return 0;
}

bool
mc_arch_sled_nops (const unsigned char *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (p[i] != X86_NOP)
			return false;
	return true;
}

size_t
mc_arch_sled_len (enum mc_sled_form form)
{
	switch (form) {
	case MC_SLED_XRAY:
		return sizeof xray_sled;
	default:
		return MC_ARCH_SLED_SIZE;
	}
}

bool
mc_arch_sled_free (enum mc_sled_form form, const unsigned char *p)
{
	switch (form) {
	case MC_SLED_NOPS:
		return mc_arch_sled_nops (p, MC_ARCH_SLED_SIZE);
	case MC_SLED_MCOUNT:
		return memcmp (p, nop5, sizeof nop5) == 0;
	case MC_SLED_XRAY:		/* the nopw's displacement aside */
		return memcmp (p, xray_sled, 7) == 0;
	}
	return false;
}

void
mc_arch_sled_call (enum mc_sled_form form, unsigned char *p, uintptr_t at,
		   uintptr_t to)
{
	int32_t rel = (int32_t) (to - (at + MC_ARCH_SLED_SIZE));

	p[0] = X86_CALL_REL32;
	memcpy (p + 1, &rel, sizeof rel);
	if (form == MC_SLED_XRAY)	/* the rest of XRay's 11 bytes */
		memcpy (p + MC_ARCH_SLED_SIZE, nop6, sizeof nop6);
}

void
mc_arch_sled_tramp (unsigned char *p, uintptr_t to)
{
	/* jmp *0(%rip): ff 25 and a zero displacement, then the target:
	   no register changes (the arguments are live), and the
	   return address stays where the sled's call put it.  */
	static const unsigned char jmp[6] = { 0xff, 0x25, 0, 0, 0, 0 };
	uint64_t v = to;

	memcpy (p, jmp, sizeof jmp);
	memcpy (p + sizeof jmp, &v, sizeof v);
	memset (p + sizeof jmp + sizeof v, 0xcc,	/* int3: never run */
		MC_ARCH_TRAMP_SIZE - sizeof jmp - sizeof v);
}

uintptr_t
mc_arch_sled_entry (bool body)
{
	return body ? (uintptr_t) mc_mcount_local : (uintptr_t) mc_fentry_local;
}

/* The copy of __fentry__ or of mcount (BODY), from the start of the
   copy of the fast paths.  */
uintptr_t
mc_arch_sled_copy_entry (bool body)
{
	return (uintptr_t) ((body ? mc_near_mcount : mc_near_fentry)
			    - mc_near_start);
}

int
mc_arch_sled_prot (const struct dl_phdr_info *info)
{
	(void) info;
	return 0;			/* no protection bits of its own */
}
