/* gmonx_out.h - the on-disk layout of gmonx, the companion of gmon.out.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   A classic gmon file describes one object (the program, or one shared
   library) in that object's link-time addresses, and GNU gprof reads
   nothing else.  What a profile of a whole process needs beyond that
   goes into a gmonx file, which GNU gprof never opens: which objects
   were loaded where, which classic file holds the data of which
   object, the calls that cross from one object into another, and how
   the run ended.  libgmon writes one per profile, in the profile's
   object directory (see doc/runtime.texi, "Shared libraries"):

     gmon.out                 the program, classic
     gmon.out-objs/
       objects.gmonx          this format
       libfoo.so.gmon         libfoo.so, classic, its own addresses
       libc.so.6.gmon         ...

   Unlike a classic file, a gmonx file says how to read it: every
   integer is little-endian and every address 64 bits wide, whatever
   the target.  Nothing is aligned.

     header   16 bytes
       0   char magic[8]     "gmonx\0\0\0" (GNU gprof, taking it for a
                             gmon file by its first four bytes, stops
                             at the version that follows: it is not 1)
       8   u32  version      1
       12  u32  flags        0

     then records until the end of the file, each
       0   u32  tag          GMONX_TAG_*
       4   u32  size         bytes of the body that follows
       8   body

   Extending the format.  A reader skips a record whose tag it does
   not know, and ignores the bytes of a body beyond the fields it
   knows: new kinds of data get new tags, and a record may grow new
   fields at the end of its fixed part (GMONX_*_SIZE is the size a
   version-1 reader needs).  A change that old readers would misread
   takes a new version number, which they refuse.

   A writer puts the PROCESS and OBJECT records before any ARCS,
   CONTEXT, CONTEXTS or per-thread record (which can be long): libgmon,
   replacing a companion, reads the names of its files up to the first
   of those.

   Records (tag: body):

   GMONX_TAG_PROCESS (1): the run, once per file.
       0   u32  pid
       4   u32  ppid
       8   u32  image        how many program images this pid ran
                             before this one (exec); 0 usually
       12  u32  end          GMONX_END_*: what wrote the file
       16  u32  signal       the fatal or dump signal, or 0
       20  u32  rate         samples per second of the histograms
       24  u32  clock        GMONX_CLOCK_*: what a sample measures
       28  u32  dump         the number of the dump that wrote the
                             file, from 1, whole (the run stamp below
                             has it modulo 65536); 0: not said (an
                             earlier libgmon)
       32  u64  cpu_ns       CPU time of the process at the dump
       40  u64  wall_ns      real time since profiling started
       48  u64  samples      samples taken, all of them: the sum of
                             every object's histogram, plus the two
                             counts below
       56  u64  unknown      samples in code of no known object
       64  u64  outside      samples in an object but outside its
                             histogram (monstartup narrowed it)
       72  u64  lost_calls   calls not counted (arc tables full)
     then, since the run stamp (readers of 80 bytes skip it):
       80  u32  run_start    the run stamp of every file of this
       84  u32  run_id       dump, with pid above (gmon_out.h): gprof
                             pairs no file whose stamp differs (of
                             another run, or of another dump of
                             this one)
       88  u64  start_ns     when profiling started, ns since 1970

   GMONX_TAG_OBJECT (2): one object of the load map.  Object ids are
   small numbers, unique in the file; the program is the object with
   GMONX_OBJ_MAIN.  A runtime address A of the object is the link-time
   address A - base, the address its symbol table and its classic file
   use.
       0   u32  id
       4   u32  flags        GMONX_OBJ_*
       8   u64  base         load address (0: not relocated)
       16  u64  text_lo      its executable segments, runtime addresses
       24  u64  text_hi      (one past the end)
       32  u64  samples      samples in its histogram
       40  u64  calls        calls counted into it, from anywhere
       48  u64  blocks       basic-block executions counted in it
       56  then four strings, each a u16 length and that many bytes
           (no NUL):
             path            the file as it was loaded (absolute for
                             the program); "linux-vdso.so.1" for the
                             vDSO
             file            its classic gmon file, relative to the
                             directory of this gmonx file; "" if none
                             was written.  A plain name, or for the
                             program "../" and a plain name.
             build_id        the raw bytes of its NT_GNU_BUILD_ID note,
                             at most 64; empty if it has none
             image           a copy of the object saved beside this
                             file (the vDSO, which exists only in
                             memory), relative like file; "" if none

   GMONX_TAG_ARCS (3): calls from one object into another, which no
   classic file can hold; body size is a multiple of 32.  Calls within
   one object are in its classic file, never here.  Each entry:
       0   u32  from_obj     object id of the caller, or
                             GMONX_NO_OBJECT: from_pc is a runtime
                             address in no known object
       4   u32  self_obj     object id of the callee (idem)
       8   u64  from_pc      return address in the caller (link-time)
       16  u64  self_pc      address in the callee, as in a classic arc
       24  u64  count        calls
   The same pair may come more than once: readers add the counts.

   GMONX_TAG_CONTEXT (4): how the calling contexts of the samples were
   recorded (GMON_CONTEXT); at most once per file, before its CONTEXTS
   records.
       0   u32  depth        return addresses a context holds at most
                             (GMONX_CONTEXT_MAX at most): a chain has
                             depth + 1 nodes at most, its PC's and
                             theirs
       4   u32  reserved     0
       8   u64  lost         samples of the histograms that have no
                             context (no memory for it, or taken on a
                             thread libgmon did not know yet)
       16  u64  unwalked     samples whose stack could not be walked
                             (not the thread's own stack): their context
                             is their PC alone

   GMONX_TAG_CONTEXTS (5): calling contexts, as a tree of nodes.  The
   nodes of all the CONTEXTS records of a file are numbered together,
   from 0, in file order.  A node stands for a chain of addresses: its
   own, then its parent's, and so on up to a node without a parent.
   The first address of a chain is where the samples it counts were
   taken (a PC); the others are return addresses, innermost first.
   Body size is a multiple of 24; each entry:
       0   u32  parent       number of the parent node, smaller than
                             this node's own; or GMONX_CTX_ROOT: the
                             stack ended here (its outermost frame, or
                             one that could not be followed further); or
                             GMONX_CTX_CUT: the stack went on beyond
                             `depth' frames
       4   u32  obj          object id of addr, or GMONX_NO_OBJECT
       8   u64  addr         link-time address in obj (runtime if none)
       16  u64  count        samples whose chain is exactly this one: 0
                             for a node that is only a frame of others
   The same chain may come more than once (libgmon keeps a tree per
   thread): readers add the counts.  In a file with THREAD records,
   the CONTEXTS records that follow a THREAD record (up to the next
   one) hold that thread's contexts, and every parent of its nodes is
   a node of its own; readers that know no THREAD record add them all,
   as before.

   Per-thread records (libgmon's GMON_THREADS).  Each thread that ran
   -pg code has its own samples, calls and calling contexts, and the
   sums of those over the threads are the process's: every sample of
   PROCESS's `samples' is in exactly one THREAD record's `samples', or
   in THREADS' `norecord'; every call counted in the classic files and
   the ARCS records is in exactly one THREAD record's `calls' (at a
   dump while the program runs, the counts are read at slightly
   different moments).  The threads beyond the first GMON_THREADS are
   one record together, flagged GMONX_THREAD_MERGED.  The records come
   after every PROCESS, OBJECT and ARCS record, in this order: THREADS,
   then for each thread its THREAD record followed by its
   THREAD_SAMPLES, THREAD_ARCS and CONTEXTS records.

   GMONX_TAG_THREADS (9): how the threads were recorded; once, before
   the first THREAD record.
       0   u32  cap          GMON_THREADS: threads kept apart at most
       4   u32  kept         THREAD records of one thread each
       8   u64  merged       threads in the GMONX_THREAD_MERGED record
                             (0: there is none)
       16  u64  norecord     samples taken on threads libgmon had no
                             record of (ITIMER_PROF on a thread that
                             never ran -pg code): in no THREAD record

   GMONX_TAG_THREAD (6): a thread, or the threads beyond the cap.
       0   u32  tid          kernel thread id; 0 for the merged record
       4   u32  flags        GMONX_THREAD_*
       8   u32  order        the order libgmon met the thread in, from
                             0 (the process's first thread); the merged
                             record: cap
       12  u32  reserved     0
       16  u64  threads      threads it stands for: 1, or how many
                             were merged
       24  u64  cpu_ns       CPU time of the thread(s): at its exit, or
                             at the dump for a live one (since the last
                             gmon_reset)
       32  u64  samples      samples taken on it: its THREAD_SAMPLES
                             entries' counts, plus unplaced
       40  u64  unplaced     samples of it in no THREAD_SAMPLES entry
                             (its table of addresses could not grow)
       48  u64  calls        calls it made: its THREAD_ARCS entries'
                             counts
       56  u64  lost_calls   calls it made that were not counted (its
                             arc table was full)
       64  u64  start_ns     when libgmon met the thread, ns after
                             profiling started (0: before)
       72  u64  end_ns       when it exited, ns after profiling started;
                             0: alive at the dump
       80  then a string (u16 length, bytes, no NUL): its name as the
           kernel had it at its exit or at the dump (pthread_setname_np;
           at most 15 bytes from Linux); "" if not known, and for the
           merged record

   GMONX_TAG_THREAD_SAMPLES (7): samples of the thread of the THREAD
   record before it.  Body size is a multiple of 24; each entry:
       0   u32  obj          object id, or GMONX_NO_OBJECT
       4   u32  reserved     0
       8   u64  addr         link-time address in obj (runtime if none):
                             the first address of the histogram bin the
                             samples are in (GMON_BIN_SIZE)
       16  u64  count        samples
   The same address may come more than once: readers add the counts.

   GMONX_TAG_THREAD_ARCS (8): calls of the thread of the THREAD record
   before it, within one object and between objects alike; entries as
   in ARCS (32 bytes: from_obj, self_obj, from_pc, self_pc, count).
   The same pair may come more than once: readers add the counts.

   Tags 10 and up are free.  */

#ifndef GMON_GMONX_OUT_H
#define GMON_GMONX_OUT_H

#define GMONX_MAGIC		"gmonx\0\0\0"
#define GMONX_MAGIC_LEN		8
#define GMONX_VERSION		1
#define GMONX_HDR_SIZE		16
#define GMONX_REC_HDR_SIZE	8	/* tag + size */

enum gmonx_tag {
	GMONX_TAG_PROCESS = 1,
	GMONX_TAG_OBJECT = 2,
	GMONX_TAG_ARCS = 3,
	GMONX_TAG_CONTEXT = 4,
	GMONX_TAG_CONTEXTS = 5,
	GMONX_TAG_THREAD = 6,
	GMONX_TAG_THREAD_SAMPLES = 7,
	GMONX_TAG_THREAD_ARCS = 8,
	GMONX_TAG_THREADS = 9
};

/* Fixed parts of the bodies, as version 1 writes them.  */
#define GMONX_PROCESS_SIZE	80
#define GMONX_PROCESS_RUN_SIZE	96	/* with the run stamp */
#define GMONX_OBJECT_SIZE	56	/* then the four strings */
#define GMONX_ARC_SIZE		32
#define GMONX_CONTEXT_SIZE	24
#define GMONX_CTX_NODE_SIZE	24
#define GMONX_THREADS_SIZE	24
#define GMONX_THREAD_SIZE	80	/* then the name */
#define GMONX_TSAMPLE_SIZE	24

/* What wrote the file (PROCESS end).  */
enum gmonx_end {
	GMONX_END_EXIT = 0,		/* exit, return from main, _mcleanup */
	GMONX_END__EXIT = 1,		/* _exit or _Exit */
	GMONX_END_SIGNAL = 2,		/* a fatal signal; the process died */
	GMONX_END_EXEC = 3,		/* exec replaced the program */
	GMONX_END_DUMP = 4,		/* gmon_dump (); the process went on */
	GMONX_END_DUMP_SIGNAL = 5,	/* GMON_DUMP_SIGNAL; it went on */
	GMONX_END_INTERVAL = 6		/* GMON_DUMP_INTERVAL; it went on */
};

/* What a sample measures (PROCESS clock).  */
enum gmonx_clock {
	GMONX_CLOCK_CPU = 0,		/* CPU time of the threads */
	GMONX_CLOCK_WALL = 1		/* real time of the threads */
};

/* OBJECT flags.  */
#define GMONX_OBJ_MAIN		0x1	/* the program */
#define GMONX_OBJ_VDSO		0x2	/* the kernel's vDSO */
#define GMONX_OBJ_UNLOADED	0x4	/* dlclose'd before the dump */

/* THREAD flags.  */
#define GMONX_THREAD_MAIN	0x1	/* the process's first thread */
#define GMONX_THREAD_EXITED	0x2	/* it had exited at the dump */
#define GMONX_THREAD_MERGED	0x4	/* the threads beyond the cap */

#define GMONX_NO_OBJECT		0xffffffffu
/* CONTEXTS parents that are not nodes.  */
#define GMONX_CTX_ROOT		0xffffffffu	/* the stack ended here */
#define GMONX_CTX_CUT		0xfffffffeu	/* it went on past depth */
#define GMONX_CONTEXT_MAX	1024	/* the largest GMON_CONTEXT */
#define GMONX_BUILD_ID_MAX	64
#define GMONX_STRING_MAX	0xffffu

#endif /* GMON_GMONX_OUT_H */
