/* gprof-inlined-tie.c - a static function that starts with inlined
   code, after a global one that ends with the same (tests/e2e/
   gprof-diff-inline.sh).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Built -O2 -g without -pg, as start-up code is, with
   -fno-toplevel-reorder -falign-functions=1: tie_spin, global, ends
   with the loop of tie_mix, and tie_static, static, follows it at
   once and starts with that loop.  GNU gprof -l makes a symbol for
   each line, static or not as the function it was first met in
   (tie_spin: global), so the line of tie_mix at tie_static's address
   wins it over the static function symbol, and names that code.  The
   same happens in the Cortex-M fixture (tests/programs/cortexm/start.c:
   cm_exit inlined at the end of cm_reset and as all of cm_fault).  */

volatile unsigned tie_sink;

static inline void
tie_mix (unsigned s, int forever)
{
	unsigned i;

	do {
		for (i = 0; i < 64; i++) s = s * 2654435761u + (s >> 13) + i;
		tie_sink = s;
	} while (forever);
}

void
tie_spin (unsigned x)
{
	tie_mix (x, 1);
}

static void __attribute__ ((noinline))
tie_static (unsigned x)
{
	tie_mix (x, 0);
}

void
tie_call (unsigned x)
{
	tie_static (x + 1);
}
