/* ram.c - the RAM budget of a program that defines none.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   An archive member of its own, which the linker takes only when the
   program has no gmon_ram (GMON_RAM in <gmonkit.h>): GMON_RAM_DEFAULT
   bytes, room beside a small program on a part of 16 KiB.  Zeros from
   the start (.bss): a profile that never started reads as one.  */

#include <config.h>

#include "mcount/baremetal/bm.h"

unsigned char gmon_ram[GMON_RAM_DEFAULT] __attribute__ ((aligned (8)));
const unsigned long gmon_ram_size = GMON_RAM_DEFAULT;
