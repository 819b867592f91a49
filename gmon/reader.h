/* reader.h - the gmon file reader's state, shared by its parts.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   Private to read.c (the input, the header, the record loop) and
   read_records.c (each record's layout).  The buffer and the
   functions that fill it are here because every record is taken
   through them: no part of the reader calls read(2) but gmon_rd_fill.  */

#ifndef GMON_READER_H
#define GMON_READER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gmon/bytes.h"
#include "gmon/gmon.h"

#define GMON_RD_BUF_SIZE	65536
_Static_assert (GMON_RD_BUF_SIZE >= 2 * GMON_PAGE_BINS,
		"the buffer holds a page of bins");

enum gmon_rd_state {
	GMON_RD_RECORDS,		/* new format: next is a tag or EOF */
	GMON_RD_BSD_HIST,		/* BSD: the bins come next */
	GMON_RD_BSD_ARCS,		/* BSD: arcs until EOF */
	GMON_RD_DONE
};

/* The reader of one file (opaque in gmon.h).  */
struct gmon_reader {
	int fd;				/* input */
	bool close_fd;			/* fd is ours to close */
	char *name;			/* for messages */
	struct gmon_target t;		/* field layout */
	enum gmon_format format;	/* layout found */
	uint32_t version;		/* new-format version field */
	struct gmon_run run;		/* new format: the header's stamp */
	enum gmon_rd_state state;
	struct gmon_hist_hdr bsd_hist;	/* BSD: header, until yielded */
	unsigned char buf[GMON_RD_BUF_SIZE];
	size_t pos;			/* next unread byte of buf */
	size_t len;			/* bytes in buf */
	bool eof;			/* read(2) returned 0 */
	bool guessed_bsd;		/* no cookie: read as BSD by guess */
	uint64_t size;			/* size of a regular file, else 0 */
	int read_errno;			/* read(2) failed with this */
	uint64_t offset;		/* file offset of buf[pos] */
	struct gmon_bins hist;		/* the histogram record's counts */
	gmon_hist_sink_fn *sink;	/* where they may go instead */
	void *sink_ctx;			/* its argument */
	struct gmon_bb *blocks;		/* basic blocks */
	size_t blocks_cap;
};

/* A field of SIZE bytes in R's byte order.  */
static inline uint64_t
gmon_rd_get (const struct gmon_reader *r, const unsigned char *p,
	     unsigned int size)
{
	return gmon_get_uint (p, size, r->t.big_endian);
}

/* An address, sign-extended where the 32-bit target says so.  */
static inline uint64_t
gmon_rd_vma (const struct gmon_reader *r, const unsigned char *p)
{
	uint64_t v = gmon_rd_get (r, p, r->t.addr_size);

	if (r->t.addr_size == 4 && r->t.sign_extend && (v & 0x80000000u))
		v |= 0xffffffff00000000u;
	return v;
}

/* read.c: the buffer.  */
size_t gmon_rd_fill (struct gmon_reader *r, size_t n);
const unsigned char *gmon_rd_take (struct gmon_reader *r, size_t n);
void gmon_rd_short (struct gmon_reader *r, struct gmon_error *err,
		    uint64_t at, const char *what);

/* read_records.c: each returns 0 (a record in REC), or -1 after a
   message in ERR; gmon_rd_bsd_arc 1 for an arc, 0 at the end.  */
int gmon_rd_hist_counts (struct gmon_reader *r, struct gmon_record *rec,
			 struct gmon_error *err);
int gmon_rd_hist (struct gmon_reader *r, struct gmon_record *rec,
		  struct gmon_error *err);
int gmon_rd_arc (struct gmon_reader *r, struct gmon_record *rec,
		 struct gmon_error *err);
int gmon_rd_bb (struct gmon_reader *r, struct gmon_record *rec,
		struct gmon_error *err);
int gmon_rd_bsd_arc (struct gmon_reader *r, struct gmon_record *rec,
		     struct gmon_error *err);

#endif /* GMON_READER_H */
