/* sleds.c - AArch64's part of the patching of patchable function
   entries (mcount/linux/sleds.c).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   gcc -fpatchable-function-entry=N,M leaves N NOPs (d503201f) per
   function, M of them before its symbol and N - M after it: after its
   `bti c' when -mbranch-protection gives it one, so that indirect
   branches still land on the landing pad.  Two after the symbol hold

       mov x9, x30      the caller's return address (FROM), unsigned:
                        the function's paciasp comes after the sled
       bl <jump>        x30 = the entry + 8 (SELF), + 12 after bti c

   and the jump, near the object (a bl reaches 128 MiB, libgmon may be
   mapped anywhere), loads mc_sled_entry's address into x16, the
   intra-procedure-call register the linker's veneers use too, and
   branches there; x9, x30 and the arguments stay as they are.  The
   copy of the fast paths near the object is x86-64's alone (arch.h).

   A program or library marked for BTI (its GNU property note) has
   its code mapped PROT_BTI by the kernel or the dynamic linker where
   the processor has BTI: indirect branches must land on a `bti' (or a
   paciasp).  The patched copy of its pages gets PROT_BTI too, or
   patching would turn that guard off (mc_arch_sled_prot).

   The instructions are stored little-endian, as the processor reads
   them in every Linux process (big-endian AArch64 Linux aside, which
   has no port here).  */

#define _GNU_SOURCE 1
#include <config.h>

#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>

#include "mcount/linux/runtime.h"
#include "mcount/linux/sleds.h"

#define A64_NOP		0xd503201fu
#define A64_BTI_C	0xd503245fu	/* hint 34 */
#define A64_BTI_JC	0xd50324dfu	/* hint 38 */
#define A64_MOV_X9_X30	0xaa1e03e9u	/* orr x9, xzr, x30 */
#define A64_BL		0x94000000u	/* imm26: words from the bl */
#define A64_LDR_X16_8	0x58000050u	/* ldr x16, .+8 */
#define A64_BR_X16	0xd61f0200u
#define A64_B_XRAY	0x14000008u	/* b .+32: XRay's entry sled */
#define A64_XRAY_SLED	32		/* its bytes: the b, 7 NOPs */

static uint32_t
a64_insn (const unsigned char *p)
{
	return (uint32_t) p[0] | (uint32_t) p[1] << 8
		| (uint32_t) p[2] << 16 | (uint32_t) p[3] << 24;
}

static void
a64_put (unsigned char *p, uint32_t insn)
{
	p[0] = (unsigned char) insn;
	p[1] = (unsigned char) (insn >> 8);
	p[2] = (unsigned char) (insn >> 16);
	p[3] = (unsigned char) (insn >> 24);
}

size_t
mc_arch_sled_skip (const unsigned char *entry, size_t avail)
{
	uint32_t insn;

	if (avail < 4)
		return 0;
	insn = a64_insn (entry);
	return insn == A64_BTI_C || insn == A64_BTI_JC ? 4 : 0;
}

bool
mc_arch_sled_nops (const unsigned char *p, size_t n)
{
	size_t i;

	if (n % 4)
		return false;
	for (i = 0; i < n; i += 4)
		if (a64_insn (p + i) != A64_NOP)
			return false;
	return true;
}

size_t
mc_arch_sled_len (enum mc_sled_form form)
{
	switch (form) {
	case MC_SLED_NOPS:
		return MC_ARCH_SLED_SIZE;
	case MC_SLED_XRAY:
		return A64_XRAY_SLED;
	default:			/* gcc -mnop-mcount is x86's */
		return 0;
	}
}

bool
mc_arch_sled_free (enum mc_sled_form form, const unsigned char *p)
{
	if (((uintptr_t) p & 3) != 0)
		return false;
	if (form == MC_SLED_XRAY)
		return a64_insn (p) == A64_B_XRAY
			&& mc_arch_sled_nops (p + 4, A64_XRAY_SLED - 4);
	return form == MC_SLED_NOPS
		&& mc_arch_sled_nops (p, MC_ARCH_SLED_SIZE);
}

/* Either sled becomes the same two instructions: XRay's branch over
   its NOPs is the first, replaced by the mov; the other six NOPs
   stay.  */
void
mc_arch_sled_call (enum mc_sled_form form, unsigned char *p, uintptr_t at,
		   uintptr_t to)
{
	/* The bl is the second instruction; make_tramp (sleds.c) placed
	   TO within MC_ARCH_SLED_REACH of the whole object.  */
	intptr_t words = ((intptr_t) to - (intptr_t) (at + 4)) / 4;

	(void) form;

	a64_put (p, A64_MOV_X9_X30);
	a64_put (p + 4, A64_BL | ((uint32_t) words & 0x03ffffffu));
}

void
mc_arch_sled_tramp (unsigned char *p, uintptr_t to)
{
	uint64_t v = to;

	a64_put (p, A64_LDR_X16_8);
	a64_put (p + 4, A64_BR_X16);
	memcpy (p + 8, &v, sizeof v);
}

uintptr_t
mc_arch_sled_entry (bool body)
{
	(void) body;			/* never: no __mcount_loc here */
	return (uintptr_t) mc_sled_entry;
}

#define A64_PROT_BTI		0x10	/* <asm/mman.h>'s PROT_BTI */
#define A64_HWCAP2_BTI		(1ul << 17)
#define A64_PROPERTY_AND	0xc0000000u	/* GNU_PROPERTY_AARCH64_
						   FEATURE_1_AND */
#define A64_PROPERTY_BTI	1u	/* its BTI bit */

/* Whether the GNU property note at P (N bytes, in memory) marks the
   object for BTI.  A property's data is padded to 8 bytes, which may
   take D past a descriptor whose size is not a multiple of 8 (a
   malformed note): the loop's test must not wrap there.  */
static bool
a64_note_bti (const unsigned char *p, size_t n)
{
	size_t off = 0;

	while (n - off >= sizeof (ElfW (Nhdr))) {
		const ElfW (Nhdr) *nh = (const ElfW (Nhdr) *) (p + off);
		size_t name = (nh->n_namesz + 3) & ~(size_t) 3;
		size_t desc = (nh->n_descsz + 7) & ~(size_t) 7, d;
		const unsigned char *q = p + off + sizeof *nh + name;

		if (name > n - off - sizeof *nh
		    || nh->n_descsz > n - off - sizeof *nh - name)
			return false;
		if (nh->n_type == NT_GNU_PROPERTY_TYPE_0 && nh->n_namesz == 4
		    && memcmp (p + off + sizeof *nh, "GNU", 4) == 0)
			for (d = 0; d + 8 <= nh->n_descsz;) {
				uint32_t type, size, v;

				memcpy (&type, q + d, 4);
				memcpy (&size, q + d + 4, 4);
				if (size > nh->n_descsz - d - 8)
					return false;
				if (type == A64_PROPERTY_AND && size >= 4) {
					memcpy (&v, q + d + 8, 4);
					return (v & A64_PROPERTY_BTI) != 0;
				}
				d += 8 + ((size + 7) & ~(uint32_t) 7);
			}
		if (desc > n - off - sizeof *nh - name)
			return false;
		off += sizeof *nh + name + desc;
	}
	return false;
}

int
mc_arch_sled_prot (const struct dl_phdr_info *info)
{
	int i;

	if (!(getauxval (AT_HWCAP2) & A64_HWCAP2_BTI))
		return 0;
	for (i = 0; i < info->dlpi_phnum; i++) {
		const ElfW (Phdr) *ph = &info->dlpi_phdr[i];

		if (ph->p_type == PT_GNU_PROPERTY)
			return a64_note_bti ((const unsigned char *)
					     (info->dlpi_addr + ph->p_vaddr),
					     ph->p_memsz)
				? A64_PROT_BTI : 0;
	}
	return 0;
}

/* mc_sled_entry's places (mcount.S).  */
extern const char mc_sled_entry_ret[], mc_sled_entry_slow[];
extern const char mc_sled_entry_tail[];
extern const char mc_sled_entry_end[];

bool
mc_arch_sled_regs (const ucontext_t *uc, uintptr_t pc, uintptr_t *self,
		   uintptr_t *from)
{
	const __u64 *x = uc->uc_mcontext.regs;

	if (pc == (uintptr_t) mc_sled_entry_ret) {	/* ret x16 */
		*self = (uintptr_t) x[16];
		*from = (uintptr_t) x[30];
		return true;
	}
	/* The jump, the fast path, and the slow path before its stp and
	   after its ldp: x30 SELF, x9 FROM.  */
	if ((pc >= (uintptr_t) mc_sled_entry
	     && pc <= (uintptr_t) mc_sled_entry_slow)
	    || (pc >= (uintptr_t) mc_sled_entry_tail
		&& pc < (uintptr_t) mc_sled_entry_end)
	    || mc_sled_in_page (pc)) {
		*self = (uintptr_t) x[30];
		*from = (uintptr_t) x[9];
		return true;
	}
	return false;
}

/* Whether the instruction at P is a bl into a jump page.  */
static bool
a64_bl_to_page (const unsigned char *p)
{
	uint32_t insn = a64_insn (p);
	int64_t off;

	if ((insn & 0xfc000000u) != A64_BL)
		return false;
	off = (int64_t) ((insn & 0x03ffffffu) ^ 0x02000000u) - 0x02000000;
	return mc_sled_in_page ((uintptr_t) p + (uintptr_t) (off * 4));
}

uintptr_t
mc_arch_sled_past (uintptr_t pc)
{
	const unsigned char *p = (const unsigned char *) pc;

	if (pc & 3)
		return 0;
	/* The bl first: a match makes the mov before it the sled's.  */
	if (a64_bl_to_page (p))
		return a64_insn (p - 4) == A64_MOV_X9_X30 ? pc + 4 : 0;
	if (a64_insn (p) == A64_MOV_X9_X30 && (pc & 4095) <= 4092
	    && a64_bl_to_page (p + 4))
		return pc + 8;
	return 0;
}
