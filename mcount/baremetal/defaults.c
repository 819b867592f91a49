/* defaults.c - the configuration of a program that defines none.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   An archive member of its own, which the linker takes only when the
   program has no gmon_config (GMON_CONFIG in <gmonkit.h>): the core's
   own timer, 1000 Hz, gmon.out through semihosting, the text from the
   linker's symbols.  Naming the timer here is what pulls its member
   (and, for SysTick, the handler) into the program: a program with a
   configuration of its own gets only the timer it names.  */

#include <config.h>

#include "mcount/baremetal/bm.h"

const struct gmon_config gmon_config = {
	.timer = GMON_TIMER_DEFAULT,
	.output = &gmon_output_semihost,
};
