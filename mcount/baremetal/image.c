/* image.c - the profile as a memory image, for a debugger to copy.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   No semihosting, no channel of the program's: the file's bytes are
   left in the target's memory a part at a time, described at the
   start of gmon_ram (struct gmon_image: where the part is, its length,
   its place in the file, whether it is the last), and after each part
   libgmon calls gmon_image_ready (), which does nothing: a debugger
   stops there and copies the part (the GDB script libgmon installs,
   gmon.gdb: `gmon-image FILE').  With GMON_IMAGE (BYTES) the parts are
   written in the program's buffer of that size, so a file that fits
   is one part, which stays there after the dump for a debugger that
   comes later (post mortem: `gmon-image-saved FILE').  Otherwise they
   are written in libgmon's own 256 bytes.  */

#include <config.h>

#include "mcount/baremetal/bm.h"

extern unsigned char gmon_image_buf[] __attribute__ ((weak));
extern const unsigned long gmon_image_size __attribute__ ((weak));

/* Where a debugger stops: kept, never inlined, never merged.  */
__attribute__ ((noinline, used)) void
gmon_image_ready (void)
{
	__asm__ volatile ("" : : : "memory");
}

static int
image_open (const char *name)
{
	(void) name;
	mc_bm.image.data = NULL;
	mc_bm.image.len = 0;
	mc_bm.image.offset = 0;
	mc_bm.image.done = 0;
	return 0;
}

static int
image_write (const void *buf, unsigned long len)
{
	mc_bm.image.offset += mc_bm.image.len;
	mc_bm.image.data = buf;
	mc_bm.image.len = len;
	gmon_image_ready ();
	return 0;
}

/* The end: the last part announced again, done.  */
static int
image_close (void)
{
	mc_bm.image.done = 1;
	gmon_image_ready ();
	return 0;
}

static void *
image_buffer (unsigned long *size)
{
	if (!gmon_image_buf || !&gmon_image_size)
		return NULL;
	*size = gmon_image_size;
	return gmon_image_buf;
}

const struct gmon_output gmon_output_image = {
	.open = image_open,
	.write = image_write,
	.close = image_close,
	.buffer = image_buffer,
};
