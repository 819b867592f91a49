/* fuzz_dwarf.c - fuzz target for the DWARF decoder of gprof -l/-A/-C.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   The input is a little container of debugging sections, as
   tests/fuzz/mkseed-dwarf.sh cuts them out of real executables (its
   layout: dwarf-container.h).  Every unit's
   ranges, line table and functions are decoded, every row looked up
   again and every file and function name read, then the unit is
   released and decoded a second time, which must give the same
   answers.  The decoder must stay inside the sections, end, and keep
   its own invariants: rows ascend within a sequence and end below its
   end, each row from the sequence's start on is found again, a
   function's ranges lie in the unit's range vector.
   Built with clang -fsanitize=fuzzer by `make fuzz FUZZ_TARGET=dwarf',
   and linked with replay_main.c for `make check'.  */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "gprof/dwarf/dwarf.h"
#include "tests/fuzz/dwarf-container.h"

int LLVMFuzzerTestOneInput (const unsigned char *data, size_t size);

static size_t
touch (const char *s)
{
	return s ? strlen (s) : 0;
}

/* A digest of what unit U decodes to, checking the invariants on the
   way.  */
static unsigned long
decode_unit (struct dwarf *d, size_t u)
{
	const struct dwarf_lines *l;
	const struct dwarf_funcs *fs;
	struct dwarf_range *rv;
	unsigned long sum = 0;
	size_t i, j, n;

	n = dwarf_unit_ranges (d, u, &rv);
	for (i = 0; i < n; i++)
		sum += (unsigned long) (rv[i].lo ^ rv[i].hi);
	free (rv);

	l = dwarf_unit_lines (d, u);
	if (l) {
		for (i = 0; i < l->nfiles; i++)
			sum += touch (l->files[i]);
		for (i = 0; i < l->nseqs; i++) {
			const struct dwarf_seq *s = &l->seqs[i];

			if (s->first > l->nrows || s->nrows > l->nrows - s->first)
				abort ();
			if (s->low > s->high)
				abort ();
			for (j = s->first; j < s->first + s->nrows; j++) {
				const struct dwarf_row *r = &l->rows[j];
				const struct dwarf_row *found;

				if (r->addr >= s->high)
					abort ();
				if (j > s->first && r->addr <= l->rows[j - 1].addr)
					abort ();
				sum += touch (dwarf_file_name (l, r->file));
				/* Rows below the start belong to a sequence
				   that overlapped an earlier one, which now
				   starts where that one ends, as in libbfd.  */
				if (r->addr < s->low)
					continue;
				found = dwarf_find_row (l, r->addr);
				if (!found || found->addr > r->addr)
					abort ();
				sum += found->line;
			}
		}
		sum += l->nrows;
	}

	fs = dwarf_unit_funcs (d, u);
	if (fs) {
		for (i = 0; i < fs->n; i++) {
			const struct dwarf_func *f = &fs->v[i];

			if (f->first > fs->nranges
			    || f->nranges > fs->nranges - f->first)
				abort ();
			sum += touch (f->name) + f->nranges;
			for (j = 0; j < f->nranges; j++)
				sum += (unsigned long) fs->ranges[f->first + j].lo;
		}
	}
	return sum;
}

int
LLVMFuzzerTestOneInput (const unsigned char *data, size_t size)
{
	struct dwarf_section secs[DWS_COUNT];
	size_t i, n;
	struct dwarf *d;
	bool be;

	if (!container_sections (data, size, secs, &be))
		return 0;
	d = dwarf_open (secs, be);
	if (!d)
		return 0;
	n = dwarf_units (d);
	for (i = 0; i < n; i++) {
		unsigned long first = decode_unit (d, i);

		dwarf_unit_release (d, i);
		/* Unless the budget ran out on the way, which may cut the
		   second decoding shorter.  */
		if (decode_unit (d, i) != first && !dwarf_exhausted (d))
			abort ();
	}
	dwarf_close (d);
	return 0;
}
