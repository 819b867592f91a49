/* gmon_out.h - the on-disk layout of gmon.out profile files.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   Every multi-byte field is stored in the byte order of the target the
   profile was taken on, and every address ("vma") has the target's
   address size: 4 bytes on 32-bit targets, 8 on 64-bit ones.  Nothing
   in the file says which: the reader learns both from the executable
   (or is told them).  No field is aligned; records follow each other
   byte after byte.

   New ("magic") format, written by glibc and by libgmon:

     header   20 bytes
       0   char cookie[4]      "gmon"
       4   u32  version        1 (0 is read too: the pre-1998 layout
                               of basic-block records, see below)
       8   char spare[12]      zeros, or the run stamp (below)

     then any number of records, each a one-byte tag and a body:

     tag 0: histogram of PC samples (GMON_TAG_TIME_HIST)
       vma  low_pc             first address the histogram covers
       vma  high_pc            one past the last address
       u32  nbins              number of bins that follow
       u32  prof_rate          samples per second (Hz) of the clock
       char dimen[15]          what a scaled bin counts: "seconds",
                               NUL-padded
       char dimen_abbrev       one-letter abbreviation: 's'
       u16  bins[nbins]        bin i counts samples whose PC lies in
                               [low_pc + i*w, low_pc + (i+1)*w),
                               w = (high_pc - low_pc) / nbins

     tag 1: call-graph arc (GMON_TAG_CG_ARC)
       vma  from_pc            return address in the caller
       vma  self_pc            an address inside the callee
       u32  count              calls of that arc

     tag 2: basic-block execution counts (GMON_TAG_BB_COUNT)
       u32  nblocks
       nblocks x { vma addr; vma count }

   Readers sum records: histogram records with the same range add their
   bins, arcs with the same (from_pc, self_pc) add their counts, and
   blocks with the same address add theirs.  That is how a writer keeps
   values that do not fit the 16-bit bins and 32-bit arc counts: it
   writes the overflow in further records.

   The run stamp.  libgmon puts in the spare bytes of every file it
   writes which run of which process, and which dump of that run,
   wrote it, so that files written by two runs in one directory, or
   by two dumps of one run (a reader racing GMON_DUMP_INTERVAL), are
   never taken for one profile:
       8   u32  pid            the process
       12  u32  start          when profiling started, seconds since
                               1970 (unsigned: good until 2106)
       16  u32  id             bits 31-16: a random number drawn at
                               that start; bits 15-0: the number of
                               the dump that wrote the file, from 1
                               (modulo 65536: GMON_RUN_DUMP_MASK)
   in the file's byte order.  Every file of one dump has the same
   stamp; files of two dumps of one run differ in the dump's number
   only.  All zeros (glibc, early builds of
   libgmon) means the file does not say, and so does a pid or start of
   0 (libgmon writes neither): GNU gprof -s leaves whatever its stack
   held in these bytes.  GNU gprof ignores them.

   The build stamp.  libgmon puts in the bytes of a histogram's
   dimen[] after the dimension's terminating NUL which build of its
   object the samples were taken of, so that gprof can tell a profile
   of another build of the program (GNU gprof reads dimen[] as a
   string, compares it with strncmp and prints it with %s: these
   bytes are invisible to it; its -s copies them on).  With the
   dimension D of n bytes (n + 1 <= 13):
       n + 1      kind: 'B' or 'F', or 0: no stamp
       n + 2 ...  (to the end of dimen[]) its data:
         'B'  the first bytes of the object's NT_GNU_BUILD_ID note
         'F'  no build id: its file's size and modification time,
              s0 s1 h0 h1 s2 s3 h2 h3, where s is the size and h the
              FNV-1a hash of the modification time (u64 nanoseconds
              since 1970) in 32 bits, each little-endian
   "seconds" leaves 6 bytes of data, "wall secs" 4: readers compare
   the bytes both sides have.

   Loss notes.  A runtime that had to leave data out (libgmon on bare
   metal, within its RAM budget) says how much in arc records that no
   reader takes for a call: from_pc is the all-ones address (odd, so no
   return address is ever it: libgmon clears the Thumb bit, RISC-V's
   are even) and self_pc is all-ones minus the kind of loss, 1 to 15:
       1  calls not counted: the arc table was full
       2  calls not counted: they came while another call was being
          counted (a non-maskable interrupt, a fault handler)
       3  calls not counted: the arc's count had reached 2^32-1
       4  samples outside every histogram's range
       5  samples not kept: a bin passed 65535 with no room left for
          its excess
       6  timer periods that passed without a sample (interrupts off
          for longer than a period)
       7  samples timed by a clock the runtime assumed (no
          SystemCoreClock, no calibration): times may be off
   The count is how many; more than 2^32-1 go on in further records of
   the same kind, and readers add them up like any arc (the notes of
   several files add up too).  GNU gprof finds no symbol at either end
   and drops them unseen; gmonkit's gprof and gmondump say them in
   words.  A file has them only for losses that happened.

   Old BSD formats (no cookie), read for compatibility:

     vma  low_pc;  vma high_pc;  u32 ncnt      ncnt = header + bin bytes
     4.4BSD only:  u32 version (0x00051879);  u32 profrate;  char spare[12]
     u16  bins[(ncnt - header size) / 2]
     then arcs until the end of the file:
       vma from_pc;  vma self_pc;  count       (count is vma-sized)

   Header sizes: old BSD 12 (32-bit) or 20 (64-bit) bytes; 4.4BSD 32 or
   40 bytes.  Old BSD files carry no clock rate.

   Version 0 basic-block records (host layout of the gcc -a era, a
   64-bit little-endian host assumed): u32 nblocks, a NUL-terminated
   file name, then per block: u64 count, u64 addr, two NUL-terminated
   strings, i32 line.  */

#ifndef GMON_GMON_OUT_H
#define GMON_GMON_OUT_H

#define GMON_MAGIC		"gmon"	/* cookie of the new format */
#define GMON_MAGIC_LEN		4
#define GMON_VERSION		1	/* version this project writes */
#define GMON_HDR_SIZE		20	/* cookie + version + spare */
#define GMON_HDR_SPARE		12
/* The bits of the run stamp's id that number the dump.  */
#define GMON_RUN_DUMP_MASK	0xffffu

enum gmon_tag {
	GMON_TAG_TIME_HIST = 0,		/* PC-sample histogram */
	GMON_TAG_CG_ARC = 1,		/* call-graph arc */
	GMON_TAG_BB_COUNT = 2		/* basic-block execution counts */
};

#define GMON_DIMEN_LEN		15	/* bytes of dimen[] on disk */

/* Body sizes, tag byte excluded; ASZ is the address size (4 or 8).  */
#define GMON_HIST_HDR_SIZE(asz)	(2 * (asz) + 4 + 4 + GMON_DIMEN_LEN + 1)
#define GMON_ARC_SIZE(asz)	(2 * (asz) + 4)
#define GMON_BB_HDR_SIZE	4
#define GMON_BB_ENTRY_SIZE(asz)	(2 * (asz))

/* Largest values the fixed-width fields hold.  */
#define GMON_BIN_MAX		0xffffu
#define GMON_ARC_COUNT_MAX	0xffffffffu
#define GMON_BB_NBLOCKS_MAX	0xffffffffu

/* Loss notes: arc records from GMON_NOTE_FROM to GMON_NOTE_FROM -
   kind (all ones in the file's address size).  */
#define GMON_NOTE_FIRST		1
#define GMON_NOTE_CALLS_FULL	1	/* the arc table was full */
#define GMON_NOTE_CALLS_NESTED	2	/* came while another was counted */
#define GMON_NOTE_CALLS_MAX	3	/* the arc's count was at 2^32-1 */
#define GMON_NOTE_OUTSIDE	4	/* samples outside every histogram */
#define GMON_NOTE_BIN_FULL	5	/* samples beyond a full bin */
#define GMON_NOTE_TICKS_MISSED	6	/* periods without a sample */
#define GMON_NOTE_CLOCK_GUESS	7	/* samples of an assumed clock */
#define GMON_NOTE_LAST		7
#define GMON_NOTE_KINDS_MAX	15	/* kinds set aside (1 to 15) */

/* BSD formats.  */
#define GMON_BSD44_VERSION	0x00051879u
#define GMON_BSD_OLD_HDR_SIZE(asz)	(2 * (asz) + 4)
#define GMON_BSD44_HDR_SIZE(asz)	(2 * (asz) + 4 + 4 + 4 + 12)
#define GMON_BSD_ARC_SIZE(asz)	(3 * (asz))

#endif /* GMON_GMON_OUT_H */
