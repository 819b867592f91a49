/* gmon.h - read, merge and write gmon profile files.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   Three layers, one file each:

     read.c   a record-at-a-time reader of one file (new and BSD
              formats, any byte order and address size), which checks
              every field it reads and never trusts a count before the
              bytes behind it have arrived;
     merge.c  a profile: the sum of the records of any number of files,
              merged by the rules GNU gprof applies;
     write.c  a writer that needs no malloc and no stdio, only write(2)
              and a buffer the caller owns, so the runtime can call it
              at exit or from a signal handler.

   The on-disk layout is in gmon_out.h.  */

#ifndef GMON_GMON_H
#define GMON_GMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gmon/gmon_out.h"

/* What a file's fields look like: the target's, not the host's.  */
struct gmon_target {
	unsigned int addr_size;		/* bytes per address: 4 or 8 */
	bool big_endian;		/* byte order of multi-byte fields */
	bool sign_extend;		/* widen 32-bit addresses by sign */
};

/* The host as a target: what the runtime writes.  */
void gmon_target_native (struct gmon_target *t);

/* The file layouts gprof's -O option names.  */
enum gmon_format {
	GMON_FMT_AUTO,			/* by the cookie: new, else BSD */
	GMON_FMT_MAGIC,			/* new format only */
	GMON_FMT_BSD,			/* BSD; 4.4BSD header if present */
	GMON_FMT_BSD44			/* 4.4BSD only */
};

/* A message for the user: "FILE: what is wrong".  The caller puts its
   program name in front.  */
struct gmon_error {
	char msg[512];			/* NUL-terminated, no newline */
};

/* Fills ERR (if not NULL) with "NAME: " and the formatted message.  */
void gmon_error_set (struct gmon_error *err, const char *name,
		     const char *fmt, ...)
	__attribute__ ((format (printf, 3, 4)));

/* What kind of file a stat mode says, in words: "a FIFO", "a
   directory", "a character device" ...  */
const char *gmon_file_kind (unsigned int mode);

/* Opens PATH for reading if it is a regular file, without waiting on
   anything else (a FIFO without a writer).  Returns the descriptor, or
   -1: with errno set if open(2) failed, or with *KIND saying what PATH
   is (gmon_file_kind) if it is not a regular file.  For files that a
   companion, an executable or its line tables name, not the user.  */
int gmon_open_regular (const char *path, const char **kind);

/* The header of a histogram record.  */
struct gmon_hist_hdr {
	uint64_t low_pc;		/* first address covered */
	uint64_t high_pc;		/* one past the last address covered */
	uint32_t nbins;			/* number of bins */
	uint32_t rate;			/* clock rate, Hz; 0: not known (old BSD) */
	char dimen[GMON_DIMEN_LEN + 1];	/* dimension, NUL-terminated */
	char abbrev;			/* dimension abbreviation */
};

struct gmon_arc {
	uint64_t from_pc;		/* return address in the caller */
	uint64_t self_pc;		/* address inside the callee */
	uint64_t count;			/* calls */
};

struct gmon_bb {
	uint64_t addr;			/* address inside the block */
	uint64_t count;			/* executions */
};

/* ------------------------------------------------------------------ */
/* read.c */

enum gmon_rec_kind {
	GMON_REC_END,			/* no more records */
	GMON_REC_HIST,			/* hist and bins are set */
	GMON_REC_ARC,			/* arc is set */
	GMON_REC_BB			/* blocks and nblocks are set */
};

struct gmon_record {
	enum gmon_rec_kind kind;
	uint64_t offset;		/* where the record starts in the file */
	struct gmon_hist_hdr hist;	/* HIST: the header */
	const uint64_t *bins;		/* HIST: nbins counts (reader's memory),
					   NULL from a sparse reader */
	const uint32_t *nonzero;	/* HIST: indices of the non-zero bins,
					   ascending */
	const uint64_t *values;		/* HIST: their counts */
	size_t nnonzero;		/* HIST: how many */
	struct gmon_arc arc;		/* ARC */
	const struct gmon_bb *blocks;	/* BB: the blocks (reader's memory) */
	size_t nblocks;			/* BB: how many */
};

struct gmon_reader;

/* Opens PATH ("-" is standard input) for reading as FMT, with the
   fields of target T.  Returns NULL and fills ERR on failure (no such
   file, a directory, a file too short or with the wrong cookie).  */
struct gmon_reader *gmon_reader_open (const char *path,
				      const struct gmon_target *t,
				      enum gmon_format fmt,
				      struct gmon_error *err);

/* The same, but PATH must be a regular file: anything else is refused
   without waiting on it.  For the files a companion names.  */
struct gmon_reader *gmon_reader_open_regular (const char *path,
					      const struct gmon_target *t,
					      enum gmon_format fmt,
					      struct gmon_error *err);

/* The next record into REC: 1 when there is one, 0 at the end of the
   file, -1 with ERR filled when the file is damaged.  The memory REC
   points to stays valid until the next call.  */
int gmon_reader_next (struct gmon_reader *r, struct gmon_record *rec,
		      struct gmon_error *err);

/* The layout found: GMON_FMT_MAGIC, GMON_FMT_BSD or GMON_FMT_BSD44.  */
enum gmon_format gmon_reader_format (const struct gmon_reader *r);

/* The version field of a new-format file (0 for BSD files).  */
uint32_t gmon_reader_version (const struct gmon_reader *r);

/* How many bytes of a regular file are left to read; 0 if the size
   is not known (a pipe).  */
uint64_t gmon_reader_left (const struct gmon_reader *r);

/* The counts of the histogram record just read, handed over: the
   caller owns them (free() them), an array of at least its nbins.  The
   reader starts a new one for its next histogram.  Saves copying a
   histogram that becomes part of a profile whole.  */
uint64_t *gmon_reader_take_bins (struct gmon_reader *r);

/* The same for the indices of its non-zero bins, ascending (*N of
   them), and for their counts.  */
uint32_t *gmon_reader_take_nonzero (struct gmon_reader *r, size_t *n);
uint64_t *gmon_reader_take_values (struct gmon_reader *r);

/* From now on, histogram records come as their non-zero bins only
   (nonzero and values; bins is NULL): a big, mostly empty histogram is
   then read without touching memory for its empty bins.  */
void gmon_reader_sparse (struct gmon_reader *r);

void gmon_reader_close (struct gmon_reader *r);

/* ------------------------------------------------------------------ */
/* merge.c */

#define GMON_INPUT_HIST		0x1	/* histogram data was read */
#define GMON_INPUT_ARCS		0x2	/* call-graph data was read */
#define GMON_INPUT_BB		0x4	/* basic-block counts were read */

/* A histogram is dense (bins) or, read from one file and not yet asked
   for its bins, sparse (bins NULL; nz and vals).  */
struct gmon_hist {
	struct gmon_hist_hdr h;		/* range, bins, rate, dimension */
	uint64_t *bins;			/* h.nbins summed counts, or NULL */
	uint32_t *nz;			/* the non-zero bins, ascending, when
					   known (one file read); else NULL */
	uint64_t *vals;			/* without bins: their counts */
	size_t nnz;			/* how many */
};

/* Gives H its dense bins (from nz and vals if it has none yet).
   Returns -1 if memory runs out.  */
int gmon_hist_dense (struct gmon_hist *h);

/* NBINS dense bins made from the NNZ non-zero ones, bin NZ[i] holding
   VALS[i] (VALS may be NULL when NNZ is 0); malloc'd, NULL if memory
   runs out.  */
uint64_t *gmon_bins_from_sparse (uint32_t nbins, const uint32_t *nz,
				 const uint64_t *vals, size_t nnz);

struct gmon_index;			/* hash of arcs or blocks */

/* The disjoint ranges of a profile's histograms, node I histogram I's,
   in a balanced tree by address (ranges.c).  */
struct gmon_range_node;
struct gmon_ranges {
	struct gmon_range_node *v;	/* the nodes, in the order added */
	size_t n, cap;			/* nodes, and room for them */
	uint32_t root;			/* the tree's root (when n > 0) */
	uint64_t steps;			/* nodes visited so far: the work
					   done, for the tests */
};

/* 0 if no range overlaps [LO, HI); 1 with *AT the range equal to it;
   2 with *AT the first range added that overlaps it.  */
int gmon_ranges_find (const struct gmon_ranges *x, uint64_t lo, uint64_t hi,
		      size_t *at);
/* Adds [LO, HI), which overlaps none, as range number X->n.  Returns
   0, or -1 when memory runs out.  */
int gmon_ranges_add (struct gmon_ranges *x, uint64_t lo, uint64_t hi);
void gmon_ranges_free (struct gmon_ranges *x);

/* The sum of every file read into it.  Arcs and blocks are kept once
   per distinct address (pair), in the order first seen.  */
struct gmon_profile {
	struct gmon_target target;	/* layout of the files read */
	unsigned int input;		/* GMON_INPUT_* of all files */
	struct gmon_hist *hist;		/* histograms, disjoint ranges */
	size_t nhist;			/* how many */
	struct gmon_ranges hist_ranges;	/* their ranges, by address */
	uint32_t rate;			/* Hz of the first histogram; 0 if unknown */
	char dimen[GMON_DIMEN_LEN + 1];	/* dimension of all histograms */
	char abbrev;			/* its abbreviation */
	double hist_scale;		/* bin width in 2-byte units, as gprof
					   computes it from the first record */
	struct gmon_arc *arcs;		/* distinct (from_pc, self_pc) arcs */
	size_t narcs;			/* how many */
	struct gmon_bb *bbs;		/* distinct block addresses */
	size_t nbbs;			/* how many */
	int version;			/* version of the last new-format file */
	size_t arcs_cap, bbs_cap;	/* allocated sizes */
	struct gmon_index *arc_index;	/* (from_pc, self_pc) -> arcs[] */
	struct gmon_index *bb_index;	/* addr -> bbs[] */
	bool regular_only;		/* set before reading: files must be
					   regular (gmon_reader_open_regular) */
	bool sparse;			/* set before reading: a histogram
					   read from one file stays sparse
					   (struct gmon_hist) */
};

/* What one file held, as gprof -i reports it.  */
struct gmon_file_stats {
	int version;			/* what gprof -i prints */
	enum gmon_format format;	/* layout found */
	uint64_t nhist;			/* histogram records */
	uint64_t narcs;			/* arc records */
	uint64_t nbb;			/* basic-block records */
};

void gmon_profile_init (struct gmon_profile *p, const struct gmon_target *t);
void gmon_profile_free (struct gmon_profile *p);

/* Reads PATH and adds its records.  Returns 0, or -1 with ERR filled.
   STATS may be NULL.  On failure the profile holds what came before
   the damaged record.  */
int gmon_profile_read (struct gmon_profile *p, const char *path,
		       enum gmon_format fmt, struct gmon_file_stats *stats,
		       struct gmon_error *err);

/* Adds one histogram: summed into an existing one of the same range,
   or kept as a new one if it overlaps none.  BSD says it came from a
   BSD file, whose histogram must match the first one exactly.  NAME
   is for messages.  Returns 0, or -1 with ERR filled.  */
int gmon_profile_add_hist (struct gmon_profile *p, const char *name,
			   const struct gmon_hist_hdr *h,
			   const uint64_t *bins, bool bsd,
			   struct gmon_error *err);
/* Return 0, or -1 when memory runs out.  */
int gmon_profile_add_arc (struct gmon_profile *p, uint64_t from_pc,
			  uint64_t self_pc, uint64_t count);
int gmon_profile_add_bb (struct gmon_profile *p, uint64_t addr,
			 uint64_t count);

/* Writes the whole profile to FD in the new format.  Returns 0, or -1
   with errno set.  */
int gmon_profile_write (const struct gmon_profile *p, int fd);

/* ------------------------------------------------------------------ */
/* write.c */

#define GMON_WRITER_MIN_BUF	64	/* smallest buffer the writer takes */

struct gmon_writer {
	int fd;				/* where the bytes go */
	unsigned char *buf;		/* caller's buffer */
	size_t cap;			/* its size */
	size_t len;			/* bytes waiting in it */
	struct gmon_target target;	/* layout to write */
	int error;			/* errno of the first failure, or 0 */
	uint64_t nbytes;		/* bytes handed to write(2) so far */
};

/* Every function below returns 0, or -1 once any write has failed
   (W->error says why; later calls do nothing).  None allocates memory
   or touches stdio: all are async-signal-safe.  */

void gmon_writer_init (struct gmon_writer *w, int fd, void *buf,
		       size_t cap, const struct gmon_target *t);
int gmon_writer_flush (struct gmon_writer *w);
/* Room for N more bytes (N <= GMON_WRITER_MIN_BUF) in the buffer,
   flushed first if need be; NULL once any write failed.  For writers
   of other formats built on this one (gmonx_write.c).  */
unsigned char *gmon_writer_reserve (struct gmon_writer *w, size_t n);

/* New format.  */
int gmon_write_header (struct gmon_writer *w);
/* BINS holds H->nbins counts of BIN_SIZE bytes each (2, 4 or 8, host
   order).  A count above 65535 continues in further records of the
   same range, which readers add up.  */
int gmon_write_hist (struct gmon_writer *w, const struct gmon_hist_hdr *h,
		     const void *bins, unsigned int bin_size);
/* A count above 2^32-1 is written as several records.  */
int gmon_write_arc (struct gmon_writer *w, uint64_t from_pc,
		    uint64_t self_pc, uint64_t count);
/* One record per 2^32-1 blocks; on 32-bit targets a count above
   2^32-1 is written as several blocks of the same address.  */
int gmon_write_bb (struct gmon_writer *w, const struct gmon_bb *blocks,
		   size_t n);

/* BSD formats: one header, its bins, then raw arcs.  RATE is written
   only in the 4.4BSD header.  Bins cannot be repeated in a BSD file: a
   count above 65535 is written as 65535 and *CLAMPED is set.  */
int gmon_write_bsd_header (struct gmon_writer *w, uint64_t low_pc,
			   uint64_t high_pc, uint32_t nbins, uint32_t rate,
			   bool bsd44);
int gmon_write_bsd_bins (struct gmon_writer *w, const void *bins,
			 unsigned int bin_size, uint32_t nbins,
			 bool *clamped);
int gmon_write_bsd_arc (struct gmon_writer *w, uint64_t from_pc,
			uint64_t self_pc, uint64_t count);

#endif /* GMON_GMON_H */
