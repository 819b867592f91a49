/* gmonx_reader.h - what the parts of the gmonx reader share.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   Private to gmonx_read.c (the file, its header and the record loop),
   gmonx_objects.c, gmonx_contexts.c and gmonx_threads.c (the records
   of each kind): the body of the record being parsed, the depths of
   the context chains read so far, and each kind's parser.  Every
   parser takes the record's body, checks each length against the
   bytes there, and returns 0, or -1 with ERR naming the file and the
   record's offset.  */

#ifndef GMON_GMONX_READER_H
#define GMON_GMONX_READER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "gmon/bytes.h"
#include "gmon/gmonx.h"

/* A body being parsed: its bytes and where the record started.  */
struct gmonx_body {
	const unsigned char *p;		/* next byte */
	size_t left;			/* bytes of the body still unread */
	uint64_t at;			/* file offset of the record */
	const char *what;		/* its kind, for messages */
};

/* How deep the calling-context chains read so far are: libgmon
   writes none of more than the context record's depth + 1 nodes (the
   PC and that many return addresses), and takes no depth beyond
   GMONX_CONTEXT_MAX.  A chain deeper than that is no companion of
   libgmon's, and would cost its depth in frames on each of its nodes
   in a folded or flame-graph export.  */
struct gmonx_chains {
	uint32_t *depth;		/* of each node: 1 for a root */
	size_t cap;			/* room in depth */
	uint32_t deepest;		/* the most nodes of a chain */
	size_t deepest_node;		/* ... which ends at this node */
};

/* A little-endian field of SIZE bytes: gmonx files are little-endian
   whatever the target.  */
static inline uint64_t
gmonx_rd_le (const unsigned char *p, unsigned int size)
{
	return gmon_get_uint (p, size, false);
}

static inline bool
gmonx_rd_has_nul (const unsigned char *s, size_t n)
{
	return memchr (s, '\0', n) != NULL;
}

/* gmonx_read.c: the helpers of every kind.  */
int gmonx_rd_str (struct gmonx_body *b, const char *field,
		  const unsigned char **s, size_t *n,
		  const struct gmonx_file *f, struct gmon_error *err);
int gmonx_rd_grow (void **v, size_t n, size_t more, size_t *cap,
		   size_t size, const struct gmonx_file *f,
		   struct gmon_error *err);
int gmonx_rd_arcs (struct gmonx_file *f, struct gmonx_body *b,
		   struct gmonx_arc **v, size_t *nv, size_t *cap,
		   struct gmon_error *err);

/* gmonx_objects.c  */
int gmonx_rd_object (struct gmonx_file *f, struct gmonx_body *b,
		     size_t *cap, struct gmon_error *err);

/* gmonx_contexts.c  */
int gmonx_rd_context (struct gmonx_file *f, struct gmonx_body *b,
		      struct gmonx_chains *ch, struct gmon_error *err);
int gmonx_rd_contexts (struct gmonx_file *f, struct gmonx_body *b,
		       size_t *cap, struct gmonx_chains *ch,
		       struct gmon_error *err);

/* gmonx_threads.c  */
int gmonx_rd_threads (struct gmonx_file *f, struct gmonx_body *b,
		      struct gmon_error *err);
int gmonx_rd_thread (struct gmonx_file *f, struct gmonx_body *b,
		     size_t *cap, struct gmon_error *err);
int gmonx_rd_tsamples (struct gmonx_file *f, struct gmonx_body *b,
		       size_t *cap, struct gmon_error *err);
int gmonx_rd_tarcs (struct gmonx_file *f, struct gmonx_body *b,
		    size_t *cap, struct gmon_error *err);

#endif /* GMON_GMONX_READER_H */
