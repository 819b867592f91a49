/* gmonx_write.c - write gmonx files with nothing but write(2).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   The runtime writes the companion of its profile at exit and from
   fatal-signal handlers, through the same struct gmon_writer as the
   classic file (gmon/write.c): the caller's buffer, write(2), a sticky
   error; no malloc, no stdio.  Every field is little-endian, whatever
   the host.  */

#include <config.h>

#include <errno.h>
#include <string.h>

#include "gmon/bytes.h"
#include "gmon/gmonx.h"

static int
put_le (struct gmon_writer *w, uint64_t v, unsigned int size)
{
	unsigned char *p = gmon_writer_reserve (w, size);

	if (!p)
		return -1;
	gmon_put_uint (p, v, size, false);
	return 0;
}

/* N bytes from SRC, in pieces the buffer can take.  */
static int
put_bytes (struct gmon_writer *w, const void *src, size_t n)
{
	const unsigned char *s = src;

	while (n > 0) {
		size_t k = n < GMON_WRITER_MIN_BUF ? n : GMON_WRITER_MIN_BUF;
		unsigned char *p = gmon_writer_reserve (w, k);

		if (!p)
			return -1;
		memcpy (p, s, k);
		s += k;
		n -= k;
	}
	return 0;
}

static int
put_rec (struct gmon_writer *w, uint32_t tag, uint64_t size)
{
	if (size > UINT32_MAX) {
		if (!w->error)
			w->error = EFBIG;
		return -1;
	}
	if (put_le (w, tag, 4) < 0 || put_le (w, size, 4) < 0)
		return -1;
	return 0;
}

int
gmonx_write_header (struct gmon_writer *w)
{
	if (put_bytes (w, GMONX_MAGIC, GMONX_MAGIC_LEN) < 0
	    || put_le (w, GMONX_VERSION, 4) < 0 || put_le (w, 0, 4) < 0)
		return -1;
	return 0;
}

int
gmonx_write_process (struct gmon_writer *w, const struct gmonx_process *p)
{
	if (put_rec (w, GMONX_TAG_PROCESS, GMONX_PROCESS_RUN_SIZE) < 0
	    || put_le (w, p->pid, 4) < 0 || put_le (w, p->ppid, 4) < 0
	    || put_le (w, p->image, 4) < 0 || put_le (w, p->end, 4) < 0
	    || put_le (w, p->signal, 4) < 0 || put_le (w, p->rate, 4) < 0
	    || put_le (w, p->clock, 4) < 0 || put_le (w, p->dump, 4) < 0
	    || put_le (w, p->cpu_ns, 8) < 0 || put_le (w, p->wall_ns, 8) < 0
	    || put_le (w, p->samples, 8) < 0
	    || put_le (w, p->unknown, 8) < 0
	    || put_le (w, p->outside, 8) < 0
	    || put_le (w, p->lost_calls, 8) < 0
	    || put_le (w, p->run.start, 4) < 0 || put_le (w, p->run.id, 4) < 0
	    || put_le (w, p->start_ns, 8) < 0)
		return -1;
	return 0;
}

static size_t
str_len (const char *s)
{
	size_t n = s ? strlen (s) : 0;

	return n > GMONX_STRING_MAX ? GMONX_STRING_MAX : n;
}

static int
put_str (struct gmon_writer *w, const void *s, size_t n)
{
	if (put_le (w, n, 2) < 0 || put_bytes (w, s, n) < 0)
		return -1;
	return 0;
}

int
gmonx_write_object (struct gmon_writer *w, const struct gmonx_object *o)
{
	size_t np = str_len (o->path), nf = str_len (o->file);
	size_t ni = str_len (o->image);
	size_t nb = o->build_id ? o->build_id_len : 0;

	if (nb > GMONX_BUILD_ID_MAX)
		nb = GMONX_BUILD_ID_MAX;
	if (put_rec (w, GMONX_TAG_OBJECT,
		     GMONX_OBJECT_SIZE + 8 + np + nf + nb + ni) < 0
	    || put_le (w, o->id, 4) < 0 || put_le (w, o->flags, 4) < 0
	    || put_le (w, o->base, 8) < 0 || put_le (w, o->text_lo, 8) < 0
	    || put_le (w, o->text_hi, 8) < 0
	    || put_le (w, o->samples, 8) < 0 || put_le (w, o->calls, 8) < 0
	    || put_le (w, o->blocks, 8) < 0
	    || put_str (w, o->path, np) < 0 || put_str (w, o->file, nf) < 0
	    || put_str (w, o->build_id, nb) < 0
	    || put_str (w, o->image, ni) < 0)
		return -1;
	return 0;
}

/* Records of at most this many arcs (32 MiB) or context nodes.  */
#define ARCS_PER_RECORD	(1u << 20)

static int put_arcs (struct gmon_writer *w, uint32_t tag,
		     const struct gmonx_arc *a, size_t n);

int
gmonx_write_arcs (struct gmon_writer *w, const struct gmonx_arc *a, size_t n)
{
	return put_arcs (w, GMONX_TAG_ARCS, a, n);
}

int
gmonx_write_context (struct gmon_writer *w, const struct gmonx_context *c)
{
	if (put_rec (w, GMONX_TAG_CONTEXT, GMONX_CONTEXT_SIZE) < 0
	    || put_le (w, c->depth, 4) < 0 || put_le (w, 0, 4) < 0
	    || put_le (w, c->lost, 8) < 0 || put_le (w, c->unwalked, 8) < 0)
		return -1;
	return 0;
}

int
gmonx_write_ctx_nodes (struct gmon_writer *w,
		       const struct gmonx_ctx_node *nodes, size_t n)
{
	while (n > 0) {
		size_t k = n < ARCS_PER_RECORD ? n : ARCS_PER_RECORD;
		size_t i;

		if (put_rec (w, GMONX_TAG_CONTEXTS,
			     (uint64_t) k * GMONX_CTX_NODE_SIZE) < 0)
			return -1;
		for (i = 0; i < k; i++)
			if (put_le (w, nodes[i].parent, 4) < 0
			    || put_le (w, nodes[i].obj, 4) < 0
			    || put_le (w, nodes[i].addr, 8) < 0
			    || put_le (w, nodes[i].count, 8) < 0)
				return -1;
		nodes += k;
		n -= k;
	}
	return 0;
}

int
gmonx_write_threads (struct gmon_writer *w, const struct gmonx_threads *t)
{
	if (put_rec (w, GMONX_TAG_THREADS, GMONX_THREADS_SIZE) < 0
	    || put_le (w, t->cap, 4) < 0 || put_le (w, t->kept, 4) < 0
	    || put_le (w, t->merged, 8) < 0 || put_le (w, t->norecord, 8) < 0)
		return -1;
	return 0;
}

int
gmonx_write_thread (struct gmon_writer *w, const struct gmonx_thread *t)
{
	size_t nn = str_len (t->name);

	if (put_rec (w, GMONX_TAG_THREAD, GMONX_THREAD_SIZE + 2 + nn) < 0
	    || put_le (w, t->tid, 4) < 0 || put_le (w, t->flags, 4) < 0
	    || put_le (w, t->order, 4) < 0 || put_le (w, 0, 4) < 0
	    || put_le (w, t->threads, 8) < 0 || put_le (w, t->cpu_ns, 8) < 0
	    || put_le (w, t->samples, 8) < 0
	    || put_le (w, t->unplaced, 8) < 0
	    || put_le (w, t->calls, 8) < 0
	    || put_le (w, t->lost_calls, 8) < 0
	    || put_le (w, t->start_ns, 8) < 0
	    || put_le (w, t->end_ns, 8) < 0
	    || put_str (w, t->name, nn) < 0)
		return -1;
	return 0;
}

int
gmonx_write_tsamples (struct gmon_writer *w, const struct gmonx_tsample *s,
		      size_t n)
{
	while (n > 0) {
		size_t k = n < ARCS_PER_RECORD ? n : ARCS_PER_RECORD;
		size_t i;

		if (put_rec (w, GMONX_TAG_THREAD_SAMPLES,
			     (uint64_t) k * GMONX_TSAMPLE_SIZE) < 0)
			return -1;
		for (i = 0; i < k; i++)
			if (put_le (w, s[i].obj, 4) < 0 || put_le (w, 0, 4) < 0
			    || put_le (w, s[i].addr, 8) < 0
			    || put_le (w, s[i].count, 8) < 0)
				return -1;
		s += k;
		n -= k;
	}
	return 0;
}

/* ARCS or THREAD_ARCS (TAG): N arcs, a record per ARCS_PER_RECORD.  */
static int
put_arcs (struct gmon_writer *w, uint32_t tag, const struct gmonx_arc *a,
	  size_t n)
{
	while (n > 0) {
		size_t k = n < ARCS_PER_RECORD ? n : ARCS_PER_RECORD;
		size_t i;

		if (put_rec (w, tag, (uint64_t) k * GMONX_ARC_SIZE) < 0)
			return -1;
		for (i = 0; i < k; i++)
			if (put_le (w, a[i].from_obj, 4) < 0
			    || put_le (w, a[i].self_obj, 4) < 0
			    || put_le (w, a[i].from_pc, 8) < 0
			    || put_le (w, a[i].self_pc, 8) < 0
			    || put_le (w, a[i].count, 8) < 0)
				return -1;
		a += k;
		n -= k;
	}
	return 0;
}

int
gmonx_write_tarcs (struct gmon_writer *w, const struct gmonx_arc *a, size_t n)
{
	return put_arcs (w, GMONX_TAG_THREAD_ARCS, a, n);
}
