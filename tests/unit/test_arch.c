/* test_arch.c - unit tests of the machine-code decoders (gprof/arch/):
   each instruction as GNU as assembled it, linked at 0x10000, with the
   target objdump gives it.  The differential tests check the decoders
   on real programs; these cover the encodings gcc's code seldom has
   (RV32's C.JAL, Thumb's 16-bit B, A32's BLX with its H bit, the
   indirect calls of mcount).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include <config.h>

#include <stdio.h>

#include "gprof/arch/arch.h"
#include "tests/unit/cunit_main.h"

struct insn {
	const struct arch *arch;	/* the decoder */
	uint64_t pc;			/* where the bytes are */
	unsigned char b[8];		/* the bytes, as in the file */
	unsigned int n;			/* how many */
	unsigned int next;		/* arch->next on them */
	bool call;			/* direct_call's answer */
	uint64_t target;		/* and its target */
	unsigned int len;		/* and length */
};

static const struct insn insns[] = {
	/* aarch64: bl f1; b f1; blr x16; bl _start (backward).  */
	{ &arch_aarch64, 0x10000, { 0x04, 0, 0, 0x94 }, 4, 4, true, 0x10010, 4 },
	{ &arch_aarch64, 0x10004, { 0x03, 0, 0, 0x14 }, 4, 4, true, 0x10010, 4 },
	{ &arch_aarch64, 0x10008, { 0x00, 0x02, 0x3f, 0xd6 }, 4, 4, false, 0, 0 },
	{ &arch_aarch64, 0x10010, { 0xfc, 0xff, 0xff, 0x97 }, 4, 4, true, 0x10000, 4 },
	/* RV64: jal ra; auipc ra + jalr ra (call); auipc t1 + jalr zero
	   (tail); c.j; c.jalr a5; jalr ra, 0(a5); jal ra backward.  */
	{ &arch_riscv64, 0x10000, { 0xef, 0x00, 0x00, 0x02 }, 4, 4, true, 0x10020, 4 },
	{ &arch_riscv64, 0x10004, { 0x97, 0x00, 0x00, 0x00, 0xe7, 0x80, 0xc0, 0x01 },
	  8, 4, true, 0x10020, 8 },
	{ &arch_riscv64, 0x1000c, { 0x17, 0x03, 0x00, 0x00, 0x67, 0x00, 0x43, 0x01 },
	  8, 4, true, 0x10020, 8 },
	{ &arch_riscv64, 0x10014, { 0x31, 0xa0 }, 2, 2, true, 0x10020, 2 },
	{ &arch_riscv64, 0x10016, { 0x82, 0x97 }, 2, 2, false, 0, 0 },
	{ &arch_riscv64, 0x10018, { 0xe7, 0x80, 0x07, 0x00 }, 4, 4, false, 0, 0 },
	{ &arch_riscv64, 0x10020, { 0xef, 0xf0, 0x1f, 0xfe }, 4, 4, true, 0x10000, 4 },
	/* RV32: c.jal forward and backward; on RV64 the same bits are
	   C.ADDIW.  */
	{ &arch_riscv32, 0x10000, { 0x11, 0x20 }, 2, 2, true, 0x10004, 2 },
	{ &arch_riscv32, 0x10004, { 0xf5, 0x3f }, 2, 2, true, 0x10000, 2 },
	{ &arch_riscv64, 0x10000, { 0x11, 0x20 }, 2, 2, false, 0, 0 },
	/* Thumb: bl; blx to Arm code (from pc + 4 rounded to a word);
	   b.w; b.n; blx r3; bl backward.  */
	{ &arch_thumb, 0x10000, { 0x00, 0xf0, 0x07, 0xf8 }, 4, 4, true, 0x10012, 4 },
	{ &arch_thumb, 0x10004, { 0x00, 0xf0, 0x08, 0xe8 }, 4, 4, true, 0x10018, 4 },
	{ &arch_thumb, 0x10008, { 0x00, 0xf0, 0x03, 0xb8 }, 4, 4, true, 0x10012, 4 },
	{ &arch_thumb, 0x1000c, { 0x01, 0xe0 }, 2, 2, true, 0x10012, 2 },
	{ &arch_thumb, 0x1000e, { 0x98, 0x47 }, 2, 2, false, 0, 0 },
	{ &arch_thumb, 0x10012, { 0xff, 0xf7, 0xf5, 0xff }, 4, 4, true, 0x10000, 4 },
	/* A32: bl; blx to Thumb code with H set; bleq and b backward;
	   blx r3.  */
	{ &arch_arm, 0x10018, { 0x04, 0x00, 0x00, 0xeb }, 4, 4, true, 0x10030, 4 },
	{ &arch_arm, 0x1001c, { 0x04, 0x00, 0x00, 0xfb }, 4, 4, true, 0x10036, 4 },
	{ &arch_arm, 0x10020, { 0xfc, 0xff, 0xff, 0x0b }, 4, 4, true, 0x10018, 4 },
	{ &arch_arm, 0x10024, { 0xfb, 0xff, 0xff, 0xea }, 4, 4, true, 0x10018, 4 },
	{ &arch_arm, 0x10028, { 0x33, 0xff, 0x2f, 0xe1 }, 4, 4, false, 0, 0 },
	/* x86: call backward (e8, signed); call *mcount@GOT(%ebx).  */
	{ &arch_x86, 0x14b5, { 0xe8, 0x77, 0xfd, 0xff, 0xff }, 5, 1, true, 0x1231, 5 },
	{ &arch_x86, 0x14c0, { 0xff, 0x93, 0xf0, 0xff, 0xff, 0xff }, 6, 1, false, 0, 0 },
};

static void
test_direct_calls (void)
{
	size_t i;

	for (i = 0; i < sizeof insns / sizeof insns[0]; i++) {
		const struct insn *t = &insns[i];
		struct arch_call c = { 0, 0 };
		bool got = t->arch->direct_call (t->b, t->n, t->pc, &c);
		unsigned int next = t->arch->next (t->b, t->n);

		if (got != t->call || next != t->next
		    || (got && (c.target != t->target || c.len != t->len)))
			printf ("\n%s at 0x%llx: call %d to 0x%llx (%u bytes), "
				"next %u", t->arch->name,
				(unsigned long long) t->pc, got,
				(unsigned long long) c.target, c.len, next);
		CU_ASSERT_EQUAL (got, t->call);
		CU_ASSERT_EQUAL (next, t->next);
		if (got && t->call) {
			CU_ASSERT_EQUAL (c.target, t->target);
			CU_ASSERT_EQUAL (c.len, t->len);
		}
		/* A call cut short is no call.  */
		if (t->call)
			CU_ASSERT_FALSE (t->arch->direct_call (t->b, t->len - 1,
							       t->pc, &c));
	}
}

/* The bytes before a return address, as each architecture's call of
   mcount leaves them.  */
struct before {
	const struct arch *arch;	/* the decoder */
	unsigned char b[8];		/* mcount_call_len bytes */
	bool call;			/* ends_with_call's answer */
};

static const struct before befores[] = {
	/* aarch64: the 8 bytes before: "mov x0, x30" then bl, blr x16,
	   b (no call), nop (no call); two nops, a patchable entry (a call
	   once libgmon patched it); "mov x0, x30; nop" (no call).  */
	{ &arch_aarch64, { 0xe0, 0x03, 0x1e, 0xaa, 0x04, 0, 0, 0x94 }, true },
	{ &arch_aarch64, { 0xe0, 0x03, 0x1e, 0xaa, 0x00, 0x02, 0x3f, 0xd6 },
	  true },
	{ &arch_aarch64, { 0xe0, 0x03, 0x1e, 0xaa, 0x03, 0, 0, 0x14 }, false },
	{ &arch_aarch64, { 0xe0, 0x03, 0x1e, 0xaa, 0x1f, 0x20, 0x03, 0xd5 },
	  false },
	{ &arch_aarch64, { 0x1f, 0x20, 0x03, 0xd5, 0x1f, 0x20, 0x03, 0xd5 },
	  true },
	/* RV64: "mv a0, ra; jal ra", an AUIPC+JALR pair, "nop; c.nop;
	   c.jalr a5"; the sleds of a patchable entry, two nops (no C
	   extension) or four c.nops (a call once libgmon patched them);
	   "mv a0, ra; nop" and "nop; c.nop; c.nop" (no call).  */
	{ &arch_riscv64, { 0x13, 0x85, 0x00, 0x00, 0xef, 0x00, 0x00, 0x02 }, true },
	{ &arch_riscv64, { 0x97, 0x00, 0x00, 0x00, 0xe7, 0x80, 0xc0, 0x01 }, true },
	{ &arch_riscv64, { 0x13, 0, 0, 0, 0x01, 0x00, 0x82, 0x97 }, true },
	{ &arch_riscv64, { 0x13, 0, 0, 0, 0x13, 0, 0, 0 }, true },
	{ &arch_riscv64, { 0x01, 0, 0x01, 0, 0x01, 0, 0x01, 0 }, true },
	{ &arch_riscv64, { 0x13, 0x85, 0x00, 0x00, 0x13, 0, 0, 0 }, false },
	{ &arch_riscv64, { 0x13, 0, 0, 0, 0x01, 0, 0x01, 0 }, false },
	/* A tail (jalr zero) links nothing.  */
	{ &arch_riscv64, { 0x17, 0x03, 0, 0, 0x67, 0x00, 0x43, 0x01 }, false },
	/* RV32: "nop; c.nop; c.jal", the call relaxed to two bytes (a
	   bare-metal -pg program); RV64 reads it as c.addiw.  */
	{ &arch_riscv32, { 0x13, 0, 0, 0, 0x01, 0x00, 0x21, 0x20 }, true },
	{ &arch_riscv64, { 0x13, 0, 0, 0, 0x01, 0x00, 0x21, 0x20 }, false },
	/* RV32 (bare metal: libgmon patches no sleds): two nops.  */
	{ &arch_riscv32, { 0x13, 0, 0, 0, 0x13, 0, 0, 0 }, false },
	{ &arch_thumb, { 0x00, 0xf0, 0x07, 0xf8 }, true },	/* bl */
	{ &arch_thumb, { 0x00, 0xf0, 0x08, 0xe8 }, true },	/* blx imm */
	{ &arch_thumb, { 0x00, 0xbf, 0x98, 0x47 }, true },	/* nop; blx r3 */
	{ &arch_thumb, { 0x00, 0xf0, 0x03, 0xb8 }, false },	/* b.w */
	{ &arch_arm, { 0x04, 0x00, 0x00, 0xeb }, true },	/* bl */
	{ &arch_arm, { 0x33, 0xff, 0x2f, 0xe1 }, true },	/* blx r3 */
	{ &arch_arm, { 0xfb, 0xff, 0xff, 0xea }, false },	/* b */
	/* x86: "call mcount" (the last five), call *mcount@GOT(%ebx),
	   call *mcount@GOTPCREL(%rip), no call, the five NOPs of a
	   patchable entry (a call once libgmon patched it), and four
	   NOPs after a mov (no call).  */
	{ &arch_x86, { 0x90, 0xe8, 0x77, 0xfd, 0xff, 0xff }, true },
	{ &arch_x86, { 0xff, 0x93, 0xf0, 0xff, 0xff, 0xff }, true },
	{ &arch_x86, { 0xff, 0x15, 0xf0, 0xff, 0xff, 0xff }, true },
	{ &arch_x86, { 0xff, 0x94, 0x24, 0x10, 0x00, 0x00 }, false },
	{ &arch_x86, { 0x90, 0x90, 0x90, 0x90, 0x90, 0x90 }, true },
	{ &arch_x86, { 0x89, 0xe5, 0x90, 0x90, 0x90, 0x90 }, false },
};

static void
test_ends_with_call (void)
{
	size_t i;

	for (i = 0; i < sizeof befores / sizeof befores[0]; i++) {
		const struct before *t = &befores[i];
		bool got = t->arch->ends_with_call (t->b);

		if (got != t->call)
			printf ("\n%s case %zu: %d", t->arch->name, i, got);
		CU_ASSERT_EQUAL (got, t->call);
		CU_ASSERT_TRUE (t->arch->mcount_call_len <= ARCH_CALL_MAX);
		CU_ASSERT_TRUE (t->arch->max_call_len <= ARCH_CALL_MAX);
	}
}

static const struct unit_test unit_tests[] = {
	{ "direct calls of every architecture", test_direct_calls },
	{ "calls of mcount before a return address", test_ends_with_call },
	{ NULL, NULL }
};

int
main (void)
{
	return unit_run ("arch", unit_tests);
}
