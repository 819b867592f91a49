/* runtime.h - the internals of libgmon on Linux, shared by its files.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   Every name here is internal (prefix mc_) and hidden: the library is
   compiled with -fvisibility=hidden and only the entry points gcc,
   gcrt1.o and <gmonkit.h> know leave it (MC_EXPORT, libgmon.map).

   The rooms (in mcount/linux/, but the processor's in mcount/arch/ and
   the arc table and histogram in mcount/core/):

     arch/arch.h           what the rest asks of the processor, which
                           a port in arch/ARCH/ defines; its mcount.S
                           has the entry points (mcount, _mcount, and
                           for x86-64 __fentry__): the fast path that
                           counts a known arc in the calling thread's
                           table, and the call into the slow path for
                           everything else;
     arcs.c                per-thread arc tables: the slow path, growth,
                           thread records, exit and fork of threads;
     threads.c             per-thread records (GMON_THREADS): which
                           threads are kept apart, each one's samples,
                           name and CPU time, and their records in the
                           companion;
     sampler.c             the clocks that fill the PC histograms, and
     clocks.c              ... the system calls of the per-thread ones
                           (sampler.h between the two);
     settings.c            configuration (GMON_* variables);
     control.c             the public control API;
     msgline.c             lines to stderr without stdio (GMON_DEBUG's),
     exitline.c            ... and the one line at exit;
     fds.c                 the descriptors libgmon opens: never 0, 1
                           or 2;
     pages.c               memory never freed (thread records, their
                           stacks for fatal signals), cut from a few
                           mappings;
     modules.c             the objects of the process and their
                           histograms;
     wall.c                the time threads spend off the CPU
                           (GMON_CLOCK=wall);
     cctree.c              the calling context of each sample
                           (GMON_CONTEXT): a tree per thread;
     unwind.c              ... found by walking the stack
     ehframe.c             ... with the objects' unwind tables
                           (unwind.h between the two);
     bbcount.c             basic-block counts (-fsanitize-coverage);
     dump.c                writing the profile, one dump at a time:
     snapshot.c            ... every thread's arcs merged,
     classic.c             ... a classic gmon file per object,
     outfile.c             ... its name, a temporary renamed over it,
     objdir.c              ... the object directory: the files of the
                           other objects and the companion (dump.h
                           between the five);
     exits.c               fatal signals, _exit, exec, dump triggers;
     near.c                copies of the fast path placed next to the
                           program and the objects with sleds, when
                           libgmon is a shared library (with the
                           port's arch/ARCH/near.c);
     sleds.c               patchable function entries patched into
                           calls (with the port's arch/ARCH/sleds.c),
     dlopen.c              ... and libgmon.so's dlopen, which patches
                           what it loads;
     start.c               __monstartup, _mcleanup, the constructor and
                           destructor, the main program's address range.

   Their declarations are in a header per group of rooms, which this
   file includes (the files include this one): records.h (arcs.c,
   threads.c, bbcount.c), modules.h (modules.c, objdir.c's names),
   samples.h (sampler.c, unwind.c, cctree.c, wall.c), settings.h,
   msgline.h (msgline.c, exitline.c), process.h (pages.c, fds.c,
   dump.c, near.c, sleds.c, start.c, exits.c).  Between the few files of one
   room, a private header: dump.h, sampler.h, unwind.h.

   The part of this file above the C-only section is read by the
   assembler too: the offsets the fast path uses.  */

#ifndef MCOUNT_LINUX_RUNTIME_H
#define MCOUNT_LINUX_RUNTIME_H

/* The arc table and the histogram are the portable core's (struct
   mc_arctab, struct mc_arc, struct mc_hist, mc_arc_hash, MC_TAB_MASK,
   MC_HASH_MUL): mcount/core/, the same code as bare metal's.  */
#include "mcount/core/core.h"

/* Layout of struct mc_arctab as the fast path sees it (LP64).  */
#define MC_TAB_SLOTS	64		/* offset of slots[0] */
#define MC_SLOT_SIZE	24		/* bytes per slot: from, self, count */
/* The self of a basic-block count in an arc table (bbcount.c): no
   code lives at address 1.  */
#define MC_BB_SELF	1

/* Layout of struct mc_tls as the block-count fast path sees it.  */
#define MC_TLS_BB	24		/* offset of bb */
#define MC_TLS_BB_LO	32		/* offset of bb_lo */
#define MC_TLS_BB_SPAN	40		/* offset of bb_span */

#ifndef __ASSEMBLER__

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>
#include <ucontext.h>

#define MC_EXPORT	__attribute__ ((visibility ("default")))
#define MC_HIDDEN	__attribute__ ((visibility ("hidden")))

/* What knows the processor: mc_arch_*, MC_ARCH_*.  */
#include "mcount/arch/arch.h"

/* The rooms, each in its own header.  */
#include "mcount/linux/records.h"
#include "mcount/linux/modules.h"
#include "mcount/linux/samples.h"
#include "mcount/linux/settings.h"
#include "mcount/linux/msgline.h"
#include "mcount/linux/process.h"

#endif /* !__ASSEMBLER__ */

#endif /* MCOUNT_LINUX_RUNTIME_H */
