/* gmon.h - read, merge and write gmon profile files.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   Three layers, a file each (the reader two):

     read.c   a record-at-a-time reader of one file (new and BSD
              formats, any byte order and address size), which checks
              every field it reads and never trusts a count before the
              bytes behind it have arrived (each record's layout in
              read_records.c; the run and build stamps in stamps.c);
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

/* The run stamp of a new-format file (gmon_out.h): which run of which
   process wrote it.  A pid or start of 0: not known.  Compared and
   shown by stamps.c.  */
struct gmon_run {
	uint32_t pid;			/* process id */
	uint32_t start;			/* profiling started, s since 1970 */
	uint32_t id;			/* random, drawn at that start */
};

/* Whether RUN is a stamp: its pid and start are not 0 (zeros: no
   stamp; a 0 among other bytes: not libgmon's, e.g. the stack bytes
   GNU gprof -s leaves there).  */
bool gmon_run_known (const struct gmon_run *run);

/* Whether A and B are stamps of different runs, or dumps: both known,
   and not equal.  */
bool gmon_run_differs (const struct gmon_run *a, const struct gmon_run *b);

/* The number of the dump that wrote a file of stamp RUN, modulo 65536
   (the low bits of its id: gmon_out.h).  */
uint32_t gmon_run_dump (const struct gmon_run *run);

/* Whether A and B are stamps of two different dumps of one run: both
   known, of one run (pid, start and the id's random bits), and of two
   dump numbers.  */
bool gmon_run_other_dump (const struct gmon_run *a,
			  const struct gmon_run *b);

/* "pid P, started YYYY-MM-DD HH:MM:SS UTC, run R, dump D" (R the
   id's random bits in hex, D its dump number) into BUF (at least
   GMON_RUN_TEXT bytes), or "no run stamp".  */
#define GMON_RUN_TEXT	80
char *gmon_run_text (const struct gmon_run *run, char *buf);

/* What kind of file a stat mode says, in words: "a FIFO", "a
   directory", "a character device" ...  */
const char *gmon_file_kind (unsigned int mode);

/* Opens PATH for reading if it is a regular file, without waiting on
   anything else (a FIFO without a writer).  Returns the descriptor, or
   -1: with errno set if open(2) failed, or with *KIND saying what PATH
   is (gmon_file_kind) if it is not a regular file.  For files that a
   companion, an executable or its line tables name, not the user.  */
int gmon_open_regular (const char *path, const char **kind);

/* ------------------------------------------------------------------ */
/* text.c: names of any bytes, shown as text */

/* The UTF-8 character at S: its length (1 to 4), its code point in
   *CP; or 0 if the bytes there are no well-formed UTF-8 sequence (RFC
   3629: a stray continuation byte, a sequence cut short, by the NUL
   too, an overlong form, a surrogate, a code point past U+10FFFF).  */
size_t gmon_utf8_char (const unsigned char *s, uint32_t *cp);

/* Whether code point CP may be shown as it is, in a line of text and
   in XML and JSON: not a control character (C0, DEL, C1), not a
   bidirectional formatting character (U+061C, U+200E, U+200F,
   U+202A-U+202E, U+2066-U+2069), not a noncharacter (U+FDD0-U+FDEF,
   U+nFFFE, U+nFFFF: XML forbids U+FFFE and U+FFFF).  */
bool gmon_text_shown (uint32_t cp);

/* ------------------------------------------------------------------ */
/* Build stamps: made by write.c (gmon_build_make), compared by
   stamps.c (gmon_build_cmp) */

/* The build stamp of a histogram (gmon_out.h): which build of its
   object the samples were taken of.  */
#define GMON_BUILD_ID		'B'	/* the build id's first bytes */
#define GMON_BUILD_FILE		'F'	/* the file's size and time */
#define GMON_BUILD_DATA_MAX	13	/* the most dimen[] leaves room for */
struct gmon_build {
	char kind;			/* GMON_BUILD_*, or 0: no stamp */
	unsigned char len;		/* bytes of DATA */
	unsigned char data[GMON_BUILD_DATA_MAX];	/* see gmon_out.h */
};

/* The stamp of an object whose build id is ID (N bytes), or, if N is
   0, whose file has SIZE bytes and was modified at MTIME_NS
   (nanoseconds since 1970); no stamp if both are unknown (0).  */
void gmon_build_make (struct gmon_build *b, const unsigned char *id,
		      size_t n, uint64_t size, uint64_t mtime_ns);

/* How the stamps A and B compare, in the bytes both hold: 0 the same
   build, else which part differs (GMON_BUILD_DIFFERS: the build id,
   or the kind; GMON_BUILD_SIZE: the file's size;
   GMON_BUILD_TIME: only its time), or -1 if either has none.  */
#define GMON_BUILD_DIFFERS	1
#define GMON_BUILD_SIZE		2
#define GMON_BUILD_TIME		3
int gmon_build_cmp (const struct gmon_build *a, const struct gmon_build *b);

/* The header of a histogram record.  */
struct gmon_hist_hdr {
	uint64_t low_pc;		/* first address covered */
	uint64_t high_pc;		/* one past the last address covered */
	uint32_t nbins;			/* number of bins */
	uint32_t rate;			/* clock rate, Hz; 0: not known (old BSD) */
	char dimen[GMON_DIMEN_LEN + 1];	/* dimension, NUL-terminated (the
					   bytes after the NUL: 0) */
	char abbrev;			/* dimension abbreviation */
	struct gmon_build build;	/* its build stamp (in dimen[]'s
					   bytes after the NUL on disk) */
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
/* bins.c */

/* A histogram's counts, in pages of GMON_PAGE_BINS bins, each page
   empty (all zero: nothing stored), sparse (its non-zero bins: 16-bit
   offsets and counts) or dense (every count), its counts 2, 4 or 8
   bytes wide as its largest needs: one file's bins never take more
   memory than the file, a mostly empty histogram little more than its
   samples, and a sum 4 bytes a bin only where it passes 65535.  */
#define GMON_PAGE_SHIFT	15
#define GMON_PAGE_BINS	(1u << GMON_PAGE_SHIFT)

#define GMON_PAGE_DENSE	0x1	/* the page holds every bin's count */
#define GMON_PAGE_INLINE	0x2	/* its data is in the page itself */

struct gmon_page {
	union {
		void *ptr;		/* the page's data, malloc'd */
		unsigned char in[8];	/* or (GMON_PAGE_INLINE) itself */
	} u;				/* dense: the count of every bin;
					   sparse: n counts, then their n
					   uint16_t offsets, ascending */
	uint16_t n;			/* sparse: how many (0: the page is
					   empty, every bin 0) */
	uint8_t width;			/* bytes per count: 2, 4 or 8 */
	uint8_t flags;			/* GMON_PAGE_* */
};

struct gmon_bins {
	uint32_t nbins;			/* bins of the histogram */
	uint32_t npages;		/* entries of the table: at least the
					   pages that received counts so far
					   (later ones are empty) */
	struct gmon_page *pages;	/* the table, when npages > 1: page P
					   holds bins P * GMON_PAGE_BINS on */
	struct gmon_page page0;		/* the table, when npages is 1: a
					   small histogram takes no more */
	size_t bytes;			/* memory held: table and pages */
};

/* Page P of B (NULL beyond the table), and where its data is.  */
const struct gmon_page *gmon_bins_page (const struct gmon_bins *b,
					uint32_t p);
const void *gmon_page_data (const struct gmon_page *pg);

void gmon_bins_init (struct gmon_bins *b, uint32_t nbins);
void gmon_bins_free (struct gmon_bins *b);

/* Adds N counts in a file's 16-bit layout (RAW, byte order BIG_ENDIAN)
   to bins FIRST .. FIRST + N - 1: FIRST a multiple of GMON_PAGE_BINS,
   N at most GMON_PAGE_BINS (one page).  Returns 0, or -1 when memory
   runs out.  */
int gmon_bins_add_raw16 (struct gmon_bins *b, uint32_t first, const void *raw,
			 uint32_t n, bool big_endian);
/* Adds the B->nbins counts of V.  Returns 0 or -1.  */
int gmon_bins_add_array (struct gmon_bins *b, const uint64_t *v);
/* Adds N counts V to bins FIRST .. FIRST + N - 1: FIRST a multiple of
   GMON_PAGE_BINS, N at most GMON_PAGE_BINS (one page; bins beyond the
   histogram are left out).  Returns 0 or -1.  */
int gmon_bins_add_page (struct gmon_bins *b, uint32_t first,
			const uint64_t *v, uint32_t n);
/* Adds SRC (as many bins as DST) to DST; with TAKE, SRC's pages become
   DST's where DST has none, and SRC is left empty.  Returns 0 or -1.  */
int gmon_bins_add (struct gmon_bins *dst, struct gmon_bins *src, bool take);

/* Bin I's count.  */
uint64_t gmon_bins_get (const struct gmon_bins *b, uint32_t i);

/* The non-zero bins in order: gmon_bins_next gives the next one's index
   and count, false at the end.  */
struct gmon_bins_iter {
	const struct gmon_bins *b;	/* the bins walked */
	uint32_t page;			/* the page walked */
	uint32_t k;			/* next position in it */
};
void gmon_bins_iter_init (struct gmon_bins_iter *it,
			  const struct gmon_bins *b);
bool gmon_bins_next (struct gmon_bins_iter *it, uint32_t *bin,
		     uint64_t *count);

/* The counts of bins FIRST .. FIRST + N - 1 of the struct gmon_bins CTX
   into OUT, zeros included: a gmon_fill_fn, for the writer.  */
void gmon_bins_fill (const void *ctx, uint32_t first, uint32_t n,
		     uint64_t *out);

struct gmon_writer;

/* gmon_write_hist for a histogram's bins B.  */
int gmon_write_hist_bins (struct gmon_writer *w,
			  const struct gmon_hist_hdr *h,
			  const struct gmon_bins *b);

/* ------------------------------------------------------------------ */
/* notes.c */

/* The kind of loss note (GMON_NOTE_*, gmon_out.h) the arc FROM -> SELF
   of a file with ADDR_SIZE-byte addresses is, or 0: a call.  */
unsigned int gmon_note_kind (unsigned int addr_size, uint64_t from,
			     uint64_t self);
/* What a note of KIND counts, in words that follow its count ("calls
   not counted: the arc table was full"); and what to do to lose less,
   or NULL.  */
const char *gmon_note_what (unsigned int kind);
const char *gmon_note_fix (unsigned int kind);

/* ------------------------------------------------------------------ */
/* read.c, read_records.c */

/* A file without the "gmon" cookie, read from a pipe, is a BSD
   profile only by guess until its end proves it: its histogram may
   hold at most this many bins (64 MiB of input).  A bigger one needs
   -O (the format named, not guessed) or the file by its name (whose
   size bounds the header's claim).  */
#define GMON_GUESS_BINS_MAX	((uint32_t) 1 << 25)

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
	const struct gmon_bins *bins;	/* HIST: the record's counts (the
					   reader's, gmon_reader_take_bins),
					   or, when added, what they were
					   added to */
	bool added;			/* HIST: the counts went into the
					   bins the sink named */
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

/* The run stamp of a new-format file (zeros for BSD files).  */
void gmon_reader_run (const struct gmon_reader *r, struct gmon_run *run);

/* How many bytes of a regular file are left to read; 0 if the size
   is not known (a pipe).  */
uint64_t gmon_reader_left (const struct gmon_reader *r);

/* The counts of the histogram record just read, handed over into B
   (the caller frees them with gmon_bins_free): a histogram that
   becomes part of a profile whole is not copied.  */
void gmon_reader_take_bins (struct gmon_reader *r, struct gmon_bins *b);

/* Where a histogram record's counts go: called with its header once
   it is read and checked, it returns the bins to add them to as they
   are read (the record is then never held whole), or NULL to have
   them read into the record.  */
typedef struct gmon_bins *gmon_hist_sink_fn (void *ctx,
					     const struct gmon_hist_hdr *h);
void gmon_reader_hist_sink (struct gmon_reader *r, gmon_hist_sink_fn *fn,
			    void *ctx);

void gmon_reader_close (struct gmon_reader *r);

/* ------------------------------------------------------------------ */
/* merge.c */

#define GMON_INPUT_HIST		0x1	/* histogram data was read */
#define GMON_INPUT_ARCS		0x2	/* call-graph data was read */
#define GMON_INPUT_BB		0x4	/* basic-block counts were read */

/* A histogram of the profile.  */
struct gmon_hist {
	struct gmon_hist_hdr h;		/* range, bins, rate, dimension */
	struct gmon_bins bins;		/* h.nbins summed counts */
	uint32_t left, right;		/* ranges.c: the histograms of lower
					   and higher ranges in the tree */
	int32_t height;			/* ranges.c: of this one's subtree */
};

struct gmon_index;			/* hash of arcs or blocks */

/* The disjoint ranges of a profile's histograms in a balanced tree by
   address, whose nodes are the histograms themselves (ranges.c).  */
struct gmon_ranges {
	size_t n;			/* histograms in the tree: the first n */
	uint32_t root;			/* the tree's root (when n > 0) */
	uint64_t steps;			/* nodes visited so far: the work
					   done, for the tests */
};

/* H holds the histograms, where they are now.  0 if no range of the
   tree overlaps [LO, HI); 1 with *AT the histogram of that range; 2
   with *AT the first added that overlaps it.  */
int gmon_ranges_find (struct gmon_ranges *x, const struct gmon_hist *h,
		      uint64_t lo, uint64_t hi, size_t *at);
/* Adds H[X->n], which overlaps none in the tree.  */
void gmon_ranges_add (struct gmon_ranges *x, struct gmon_hist *h);

/* The sum of every file read into it.  Arcs and blocks are kept once
   per distinct address (pair), in the order first seen.  */
struct gmon_profile {
	struct gmon_target target;	/* layout of the files read */
	unsigned int input;		/* GMON_INPUT_* of all files */
	struct gmon_hist *hist;		/* histograms, disjoint ranges */
	size_t nhist, hist_cap;		/* how many, and room for them */
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
};

/* What one file held, as gprof -i reports it.  */
struct gmon_file_stats {
	int version;			/* what gprof -i prints */
	enum gmon_format format;	/* layout found */
	uint64_t nhist;			/* histogram records */
	uint64_t narcs;			/* arc records */
	uint64_t nbb;			/* basic-block records */
	struct gmon_run run;		/* its run stamp (zeros: none) */
	struct gmon_build build;	/* its first histogram's build stamp
					   (kind 0: none) */
};

void gmon_profile_init (struct gmon_profile *p, const struct gmon_target *t);
void gmon_profile_free (struct gmon_profile *p);

/* Reads PATH and adds its records.  Returns 0, or -1 with ERR filled.
   STATS may be NULL.  On failure the profile holds what came before
   the damaged record, and, if that was a histogram record of the range
   of an earlier one, the part of its counts read before the damage
   (they are added as they are read, so that a second file is never
   held whole).  */
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
/* The same for a histogram whose counts are B: B's pages are taken
   (B is left empty) where the histogram is new.  */
int gmon_profile_add_bins (struct gmon_profile *p, const char *name,
			   const struct gmon_hist_hdr *h,
			   struct gmon_bins *b, struct gmon_error *err);
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

/* Where a writer's bytes go, if not to a descriptor: LEN bytes at
   BUF, all of them; returns 0, or an errno.  */
typedef int gmon_sink_fn (void *ctx, const void *buf, size_t len);

struct gmon_writer {
	int fd;				/* where the bytes go */
	gmon_sink_fn *sink;		/* ... or this, if not NULL */
	void *sink_ctx;			/* its argument */
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
/* The same, the bytes handed to SINK (a platform without write(2):
   bare metal's transports).  */
void gmon_writer_init_sink (struct gmon_writer *w, gmon_sink_fn *sink,
			    void *ctx, void *buf, size_t cap,
			    const struct gmon_target *t);
int gmon_writer_flush (struct gmon_writer *w);
/* Room for N more bytes (N <= GMON_WRITER_MIN_BUF) in the buffer,
   flushed first if need be; NULL once any write failed.  For writers
   of other formats built on this one (gmonx_write.c).  */
unsigned char *gmon_writer_reserve (struct gmon_writer *w, size_t n);

/* New format.  The header's spare bytes are zeros, or with RUN the
   run stamp.  */
int gmon_write_header (struct gmon_writer *w);
int gmon_write_header_run (struct gmon_writer *w, const struct gmon_run *run);
/* BINS holds H->nbins counts of BIN_SIZE bytes each (2, 4 or 8, host
   order).  A count above 65535 continues in further records of the
   same range, which readers add up.  */
int gmon_write_hist (struct gmon_writer *w, const struct gmon_hist_hdr *h,
		     const void *bins, unsigned int bin_size);
/* Counts FIRST .. FIRST + N - 1 (N at most 64) of what CTX holds, into
   OUT.  */
typedef void gmon_fill_fn (const void *ctx, uint32_t first, uint32_t n,
			   uint64_t *out);
/* The same, the counts asked of FILL.  */
int gmon_write_hist_fill (struct gmon_writer *w,
			  const struct gmon_hist_hdr *h, gmon_fill_fn *fill,
			  const void *ctx);
/* A count above 2^32-1 is written as several records.  */
int gmon_write_arc (struct gmon_writer *w, uint64_t from_pc,
		    uint64_t self_pc, uint64_t count);
/* A loss note (gmon_out.h) of KIND, COUNT of them; nothing if COUNT
   is 0.  */
int gmon_write_note (struct gmon_writer *w, unsigned int kind,
		     uint64_t count);
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
int gmon_write_bsd_bins_fill (struct gmon_writer *w, gmon_fill_fn *fill,
			      const void *ctx, uint32_t nbins,
			      bool *clamped);
int gmon_write_bsd_arc (struct gmon_writer *w, uint64_t from_pc,
			uint64_t self_pc, uint64_t count);

#endif /* GMON_GMON_H */
