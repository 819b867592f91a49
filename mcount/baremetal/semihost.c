/* semihost.c - the profile to the host's file, through semihosting.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   Semihosting's file calls (SYS_OPEN, SYS_WRITE, SYS_CLOSE) are made
   by the debugger on the host, in its working directory: OpenOCD
   (`arm semihosting enable'), pyOCD, J-Link, or QEMU with
   `-semihosting-config enable=on,target=native'.  The first call of a
   profile is guarded where the core can tell that no debugger would
   take it (the port's mc_port_semihost): then nothing is written, the
   program goes on, and the next dump asks again (a debugger may have
   come).  */

#include <config.h>

#include "mcount/baremetal/bm.h"

#define SYS_OPEN	0x01
#define SYS_CLOSE	0x02
#define SYS_WRITE0	0x04
#define SYS_WRITE	0x05
#define MODE_WB		5		/* fopen's "wb" */

static long
call (long op, uintptr_t *args)
{
	bool absent;
	long r;

	if (mc_bm.semihost > 0)
		return mc_port_semihost (op, args, NULL, 0, &absent);
	r = mc_port_semihost (op, args, mc_bm.buf, mc_bm.buf_size, &absent);
	if (absent) {
		mc_bm.semihost = -1;
		mc_bm.out_why = MC_BM_OUT_NO_DEBUGGER;
		return -1;
	}
	mc_bm.semihost = 1;
	return r;
}

static int
sh_open (const char *name)
{
	uintptr_t args[3];
	long fd;

	mc_bm.semihost = 0;
	args[0] = (uintptr_t) name;
	args[1] = MODE_WB;
	args[2] = mc_strnlen (name, 4096);
	fd = call (SYS_OPEN, args);
	if (fd < 0)
		return -1;
	mc_bm.handle = fd;
	return 0;
}

static int
sh_write (const void *buf, unsigned long len)
{
	uintptr_t args[3];

	args[0] = (uintptr_t) mc_bm.handle;
	args[1] = (uintptr_t) buf;
	args[2] = len;
	/* The bytes not written: 0 when all were.  */
	return call (SYS_WRITE, args) == 0 ? 0 : -1;
}

static int
sh_close (void)
{
	uintptr_t args[1];

	args[0] = (uintptr_t) mc_bm.handle;
	return call (SYS_CLOSE, args) == 0 ? 0 : -1;
}

const struct gmon_output gmon_output_semihost = {
	.open = sh_open,
	.write = sh_write,
	.close = sh_close,
	.buffer = NULL,
};
