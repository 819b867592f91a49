/* fuzz_gmonx.c - fuzz target for the gmonx reader.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   The input is a gmonx file.  What the reader accepts is written out
   again with the writer and read back: it must come back the same
   (unknown records aside, which the writer does not know either).
   The runtime's reader of a companion's names (gmonx_names.c) must
   find on it exactly the names the full reader found, and survive
   anything else.
   Every refusal must say why, with the file's name in front.  Built
   with clang -fsanitize=fuzzer by `make fuzz FUZZ_TARGET=gmonx', and
   linked with replay_main.c for `make check'.  */

#include <config.h>

#define _GNU_SOURCE 1
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "gmon/gmonx.h"

int LLVMFuzzerTestOneInput (const unsigned char *data, size_t size);

static void
same_object (const struct gmonx_object *a, const struct gmonx_object *b)
{
	if (a->id != b->id || a->flags != b->flags || a->base != b->base
	    || a->text_lo != b->text_lo || a->text_hi != b->text_hi
	    || a->samples != b->samples || a->calls != b->calls
	    || a->blocks != b->blocks || strcmp (a->path, b->path) != 0
	    || strcmp (a->file, b->file) != 0
	    || strcmp (a->image, b->image) != 0
	    || a->build_id_len != b->build_id_len
	    || memcmp (a->build_id, b->build_id, a->build_id_len) != 0)
		abort ();
}

/* The per-thread records of A and B are the same.  */
static void
same_threads (const struct gmonx_file *a, const struct gmonx_file *b)
{
	size_t i;

	if (a->have_threads != b->have_threads
	    || (a->have_threads && memcmp (&a->threads_info, &b->threads_info,
					   sizeof a->threads_info) != 0)
	    || a->nthreads != b->nthreads || a->ntsamples != b->ntsamples
	    || a->ntarcs != b->ntarcs
	    || (a->ntsamples && memcmp (a->tsamples, b->tsamples,
					a->ntsamples * sizeof *a->tsamples))
	    || (a->ntarcs && memcmp (a->tarcs, b->tarcs,
				     a->ntarcs * sizeof *a->tarcs)))
		abort ();
	for (i = 0; i < a->nthreads; i++) {
		const struct gmonx_thread *x = &a->threads[i];
		const struct gmonx_thread *y = &b->threads[i];

		if (x->tid != y->tid || x->flags != y->flags
		    || x->order != y->order || x->threads != y->threads
		    || x->cpu_ns != y->cpu_ns || x->samples != y->samples
		    || x->unplaced != y->unplaced || x->calls != y->calls
		    || x->lost_calls != y->lost_calls
		    || x->start_ns != y->start_ns || x->end_ns != y->end_ns
		    || strcmp (x->name, y->name) != 0
		    || x->first_sample != y->first_sample
		    || x->nsamples != y->nsamples
		    || x->first_arc != y->first_arc || x->narcs != y->narcs
		    || x->first_node != y->first_node
		    || x->nnodes != y->nnodes)
			abort ();
	}
}

/* F written out and read back.  */
static void
round_trip (const struct gmonx_file *f)
{
	unsigned char buf[128], *out;
	struct gmon_writer w;
	struct gmon_target t;
	struct gmonx_file g;
	struct gmon_error err;
	int fd = memfd_create ("gmonx", 0);
	off_t n;
	size_t i;

	if (fd < 0)
		abort ();
	gmon_target_native (&t);
	gmon_writer_init (&w, fd, buf, sizeof buf, &t);
	gmonx_write_header (&w);
	if (f->have_process)
		gmonx_write_process (&w, &f->process);
	for (i = 0; i < f->nobjects; i++)
		gmonx_write_object (&w, &f->objects[i]);
	gmonx_write_arcs (&w, f->arcs, f->narcs);
	if (f->have_context)
		gmonx_write_context (&w, &f->context);
	/* The nodes of no thread, then each thread with its entries.  */
	gmonx_write_ctx_nodes (&w, f->nodes, f->nthreads
			       ? f->threads[0].first_node : f->nnodes);
	if (f->have_threads)
		gmonx_write_threads (&w, &f->threads_info);
	for (i = 0; i < f->nthreads; i++) {
		const struct gmonx_thread *th = &f->threads[i];

		/* (No pointer arithmetic on the NULL of an empty array.)  */
		gmonx_write_thread (&w, th);
		if (th->nsamples)
			gmonx_write_tsamples (&w, f->tsamples
					      + th->first_sample,
					      th->nsamples);
		if (th->narcs)
			gmonx_write_tarcs (&w, f->tarcs + th->first_arc,
					   th->narcs);
		if (th->nnodes)
			gmonx_write_ctx_nodes (&w, f->nodes + th->first_node,
					       th->nnodes);
	}
	if (gmon_writer_flush (&w) < 0)
		abort ();
	n = lseek (fd, 0, SEEK_END);
	out = malloc ((size_t) n);
	if (!out || pread (fd, out, (size_t) n, 0) != n)
		abort ();
	close (fd);
	if (gmonx_parse (out, (size_t) n, "again", &g, &err) != 0)
		abort ();
	if (g.have_process != f->have_process
	    || (f->have_process
		&& memcmp (&g.process, &f->process, sizeof g.process) != 0)
	    || g.nobjects != f->nobjects || g.narcs != f->narcs
	    || (f->narcs && memcmp (g.arcs, f->arcs,
				    f->narcs * sizeof *f->arcs) != 0)
	    || g.have_context != f->have_context
	    || (f->have_context
		&& memcmp (&g.context, &f->context, sizeof g.context) != 0)
	    || g.nnodes != f->nnodes
	    || (f->nnodes && memcmp (g.nodes, f->nodes,
				     f->nnodes * sizeof *f->nodes) != 0))
		abort ();
	for (i = 0; i < f->nobjects; i++)
		same_object (&f->objects[i], &g.objects[i]);
	same_threads (f, &g);
	gmonx_free (&g);
	free (out);
}

/* The names gmonx_each_name passes on, in order.  */
struct names {
	char v[64][GMONX_NAME_MAX];
	size_t n;			/* how many passed on */
};

static void
take_name (void *arg, const char *name)
{
	struct names *nm = arg;

	if (strlen (name) >= GMONX_NAME_MAX || !*name)
		abort ();
	if (nm->n < sizeof nm->v / sizeof nm->v[0])
		strcpy (nm->v[nm->n], name);
	nm->n++;
}

/* How many OBJECT records DATA (a file the reader took) has before its
   first ARCS, CONTEXT, CONTEXTS or per-thread record, where the scan
   stops.  */
static size_t
objects_before_calls (const unsigned char *data, size_t size)
{
	size_t at = GMONX_HDR_SIZE, n = 0;

	while (at + GMONX_REC_HDR_SIZE <= size) {
		uint32_t tag, len;

		memcpy (&tag, data + at, 4);	/* little-endian hosts */
		memcpy (&len, data + at + 4, 4);
		if (tag == GMONX_TAG_ARCS || tag == GMONX_TAG_CONTEXT
		    || tag == GMONX_TAG_CONTEXTS
		    || (tag >= GMONX_TAG_THREAD && tag <= GMONX_TAG_THREADS))
			break;
		n += tag == GMONX_TAG_OBJECT;
		at += GMONX_REC_HDR_SIZE + (size_t) len;
	}
	return n;
}

/* The runtime's scan of DATA: never a fault on any input, and on a
   file the reader took (F not NULL), exactly the names of its objects'
   files (the program's aside) and images, in order, up to its first
   record of calls or contexts.  */
static void
scan_names (const unsigned char *data, size_t size,
	    const struct gmonx_file *f)
{
	static struct names nm;
	int fd = memfd_create ("names", 0), rc;
	size_t i, k = 0, nobj;

	if (fd < 0 || write (fd, data, size) != (ssize_t) size
	    || lseek (fd, 0, SEEK_SET) != 0)
		abort ();
	nm.n = 0;
	rc = gmonx_each_name (fd, take_name, &nm);
	close (fd);
	if (!f)
		return;
	if (rc != 0)
		abort ();
	nobj = objects_before_calls (data, size);
	if (nobj > f->nobjects)
		abort ();
	for (i = 0; i < nobj; i++) {
		const struct gmonx_object *o = &f->objects[i];
		const char *want[2] = {
			o->flags & GMONX_OBJ_MAIN ? "" : o->file, o->image
		};
		int j;

		for (j = 0; j < 2; j++) {
			if (!*want[j] || strlen (want[j]) >= GMONX_NAME_MAX)
				continue;
			if (k >= nm.n || (k < 64 && strcmp (nm.v[k], want[j])))
				abort ();
			k++;
		}
	}
	if (k != nm.n)
		abort ();
}

int
LLVMFuzzerTestOneInput (const unsigned char *data, size_t size)
{
	struct gmonx_file f;
	struct gmon_error err;

	memset (&err, 0, sizeof err);
	if (gmonx_parse (data, size, "in", &f, &err) == 0) {
		round_trip (&f);
		scan_names (data, size, &f);
		gmonx_free (&f);
	} else if (strncmp (err.msg, "in: ", 4) != 0 || !err.msg[4]) {
		abort ();	/* every failure says why */
	} else {
		scan_names (data, size, NULL);
	}
	return 0;
}
