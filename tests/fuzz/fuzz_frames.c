/* fuzz_frames.c - fuzz target for the call frame information reader
   (gprof/dwarf/frames.c) and the function boundaries made of it
   (gprof/symbols/bounds.c), which --objects uses on stripped libraries.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   The input, as tests/fuzz/mkseed-dwarf.sh OUTDIR frames cuts it out
   of real objects:

     byte 0          flags: bit 0 big-endian, bit 1 .debug_frame (else
                     .eh_frame), bit 2 4-byte addresses (else 8)
     bytes 1..8      the section's address, 64-bit little-endian
     then            the section's contents

   The reader must stay inside the section, end, and give non-empty
   ranges (fewer than one per 8 bytes of it).  Then the ranges are the
   FDEs of an object whose code is one section around them and whose
   symbols start at every third FDE, every other one with a size: the
   functions bounds_apply() gives must cover the section exactly, one
   after the other.  Built with clang -fsanitize=fuzzer by `make fuzz
   FUZZ_TARGET=frames', and linked with replay_main.c for `make
   check'.  */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "gprof/symbols/bounds.h"
#include "gprof/dwarf/dwarf.h"

int LLVMFuzzerTestOneInput (const unsigned char *data, size_t size);

#define HEADER	9

static int
cmp_sym (const void *a, const void *b)
{
	const struct sym *l = a, *r = b;

	return l->addr < r->addr ? -1 : l->addr > r->addr;
}

/* The boundaries of an object whose FDEs are F[0..N): see above.  */
static void
check_bounds (const struct dwarf_range *f, size_t n)
{
	struct dwarf_range code = { UINT64_MAX, 0 };
	struct dwarf_range *sorted = malloc ((n + 1) * sizeof *sorted);
	struct sym *v = malloc ((n / 3 + 1) * sizeof *v);
	struct bounds_input in;
	size_t i, k = 0;
	uint64_t pos;

	memcpy (sorted, f, n * sizeof *f);
	bounds_sort_ranges (sorted, n);
	for (i = 0; i < n; i++) {
		if (f[i].lo < code.lo)
			code.lo = f[i].lo;
		if (f[i].hi > code.hi)
			code.hi = f[i].hi;
		if (i % 3)
			continue;
		sym_init (&v[k]);
		v[k].addr = f[i].lo;
		v[k].end_addr = i % 2 ? f[i].lo + (f[i].hi - f[i].lo) / 2 : 0;
		v[k].name = "s";
		k++;
	}
	in = (struct bounds_input) { .code = &code, .ncode = 1,
		.fdes = sorted, .nfdes = n, .object = "o" };
	v = bounds_apply (v, &k, &in);
	qsort (v, k, sizeof *v, cmp_sym);
	/* Symbols at one address are aliases: the same range.  */
	for (i = 0, pos = code.lo; i < k; i++) {
		if (i > 0 && v[i].addr == v[i - 1].addr) {
			if (v[i].end_addr != v[i - 1].end_addr)
				abort ();
			continue;
		}
		if (v[i].addr != pos || v[i].end_addr < v[i].addr
		    || v[i].end_addr >= code.hi)
			abort ();
		pos = v[i].end_addr + 1;
	}
	if (pos != code.hi)
		abort ();
	for (i = 0; i < k; i++)
		if (strcmp (v[i].name, "s") != 0)
			free ((char *) v[i].name);
	free (v);
	free (sorted);
}

int
LLVMFuzzerTestOneInput (const unsigned char *data, size_t size)
{
	struct dwarf_frame_input in;
	struct dwarf_range *v;
	size_t n, i;
	bool damaged;

	if (size < HEADER)
		return 0;
	in.big_endian = (data[0] & 1) != 0;
	in.eh = !(data[0] & 2);
	in.addr_size = data[0] & 4 ? 4 : 8;
	for (in.addr = 0, i = 8; i >= 1; i--)
		in.addr = in.addr << 8 | data[i];
	in.data = data + HEADER;
	in.size = size - HEADER;
	n = dwarf_frame_ranges (&in, &v, &damaged);
	if (n > in.size / 8)
		abort ();
	for (i = 0; i < n; i++)
		if (v[i].lo >= v[i].hi)
			abort ();
	if (n)
		check_bounds (v, n);
	free (v);
	return 0;
}
