/* objects-stripped-lib.c - a shared library whose hot function is
   static, right after a tiny exported one (gprof-objects-stripped.sh):
   stripped, the library keeps only hid_tiny and hid_work.  Built
   with -fno-toplevel-reorder, so the functions stay in this order.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

typedef void (*hid_cb) (int);

int hid_tiny (int x) __attribute__ ((noinline));
unsigned long hid_work (unsigned long n, hid_cb cb);

int
hid_tiny (int x)
{
	return x + 1;
}

/* The hot code: no symbol once stripped.  It calls back into the
   program once every 2^20 rounds.  */
static __attribute__ ((noinline)) unsigned long
hid_hot (unsigned long n, hid_cb cb)
{
	unsigned long s = 0, i;

	for (i = 0; i < n; i++) {
		s = s * 31 + (i ^ (s >> 7));
		if ((i & 0xfffff) == 0)
			cb ((int) i);
	}
	return s;
}

unsigned long
hid_work (unsigned long n, hid_cb cb)
{
	return hid_hot (n, cb) + (unsigned long) hid_tiny (1);
}
