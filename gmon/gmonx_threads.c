/* gmonx_threads.c - a gmonx file's per-thread records: THREADS,
   THREAD, THREAD_SAMPLES and THREAD_ARCS.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   Each THREAD record opens a thread; the samples, arcs and context
   nodes after it are its own (first_* and n* of struct gmonx_thread).
   Apart from the record loop (gmonx_read.c) because the per-thread
   records (GMON_THREADS) are a layer of their own over the process's.  */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "gmon/gmonx_reader.h"

int
gmonx_rd_threads (struct gmonx_file *f, struct gmonx_body *b,
		  struct gmon_error *err)
{
	const unsigned char *d = b->p;

	if (f->have_threads) {
		gmon_error_set (err, f->name, "a second threads record at "
				"offset %llu", (unsigned long long) b->at);
		return -1;
	}
	if (b->left < GMONX_THREADS_SIZE) {
		gmon_error_set (err, f->name, "threads record at offset %llu "
				"has %zu bytes, fewer than the %d it needs",
				(unsigned long long) b->at, b->left,
				GMONX_THREADS_SIZE);
		return -1;
	}
	f->threads_info.cap = (uint32_t) gmonx_rd_le (d, 4);
	f->threads_info.kept = (uint32_t) gmonx_rd_le (d + 4, 4);
	f->threads_info.merged = gmonx_rd_le (d + 8, 8);
	f->threads_info.norecord = gmonx_rd_le (d + 16, 8);
	f->have_threads = true;
	return 0;
}

int
gmonx_rd_thread (struct gmonx_file *f, struct gmonx_body *b, size_t *cap,
		 struct gmon_error *err)
{
	const unsigned char *d = b->p, *name;
	struct gmonx_thread t;
	size_t nn;
	char *copy;

	if (b->left < GMONX_THREAD_SIZE + 2) {
		gmon_error_set (err, f->name, "thread record at offset %llu "
				"has %zu bytes, fewer than the %d it needs",
				(unsigned long long) b->at, b->left,
				GMONX_THREAD_SIZE + 2);
		return -1;
	}
	memset (&t, 0, sizeof t);
	t.tid = (uint32_t) gmonx_rd_le (d, 4);
	t.flags = (uint32_t) gmonx_rd_le (d + 4, 4);
	t.order = (uint32_t) gmonx_rd_le (d + 8, 4);
	t.threads = gmonx_rd_le (d + 16, 8);
	t.cpu_ns = gmonx_rd_le (d + 24, 8);
	t.samples = gmonx_rd_le (d + 32, 8);
	t.unplaced = gmonx_rd_le (d + 40, 8);
	t.calls = gmonx_rd_le (d + 48, 8);
	t.lost_calls = gmonx_rd_le (d + 56, 8);
	t.start_ns = gmonx_rd_le (d + 64, 8);
	t.end_ns = gmonx_rd_le (d + 72, 8);
	b->p += GMONX_THREAD_SIZE;
	b->left -= GMONX_THREAD_SIZE;
	if (gmonx_rd_str (b, "name", &name, &nn, f, err) < 0)
		return -1;
	if (gmonx_rd_has_nul (name, nn)) {
		gmon_error_set (err, f->name, "thread record at offset %llu: "
				"a NUL byte in its name",
				(unsigned long long) b->at);
		return -1;
	}
	if (t.unplaced > t.samples) {
		gmon_error_set (err, f->name, "thread record at offset %llu: "
				"%llu samples unplaced of %llu",
				(unsigned long long) b->at,
				(unsigned long long) t.unplaced,
				(unsigned long long) t.samples);
		return -1;
	}
	copy = malloc (nn + 1);
	if (!copy || gmonx_rd_grow ((void **) &f->threads, f->nthreads, 1,
				    cap, sizeof *f->threads, f, err) < 0) {
		free (copy);
		gmon_error_set (err, f->name, "out of memory");
		return -1;
	}
	memcpy (copy, name, nn);
	copy[nn] = '\0';
	t.name = copy;
	t.at = b->at;
	t.first_sample = f->ntsamples;
	t.first_arc = f->ntarcs;
	t.first_node = f->nnodes;
	f->threads[f->nthreads++] = t;
	return 0;
}

/* The thread the per-thread records at B belong to: the last THREAD
   record.  */
static struct gmonx_thread *
owner (struct gmonx_file *f, const struct gmonx_body *b,
       struct gmon_error *err)
{
	if (!f->nthreads) {
		gmon_error_set (err, f->name, "%s record at offset %llu comes "
				"before any thread record", b->what,
				(unsigned long long) b->at);
		return NULL;
	}
	return &f->threads[f->nthreads - 1];
}

int
gmonx_rd_tsamples (struct gmonx_file *f, struct gmonx_body *b, size_t *cap,
		   struct gmon_error *err)
{
	size_t n = b->left / GMONX_TSAMPLE_SIZE, i;
	struct gmonx_thread *th = owner (f, b, err);

	if (!th)
		return -1;
	if (b->left % GMONX_TSAMPLE_SIZE != 0) {
		gmon_error_set (err, f->name, "thread samples record at "
				"offset %llu has %zu bytes, not a multiple of "
				"%d", (unsigned long long) b->at, b->left,
				GMONX_TSAMPLE_SIZE);
		return -1;
	}
	if (gmonx_rd_grow ((void **) &f->tsamples, f->ntsamples, n, cap,
			   sizeof *f->tsamples, f, err) < 0)
		return -1;
	for (i = 0; i < n; i++) {
		const unsigned char *d = b->p + i * GMONX_TSAMPLE_SIZE;
		struct gmonx_tsample *e = &f->tsamples[f->ntsamples];

		/* Its padding too: copies compare whole (fuzz_gmonx.c).  */
		memset (e, 0, sizeof *e);
		e->obj = (uint32_t) gmonx_rd_le (d, 4);
		e->addr = gmonx_rd_le (d + 8, 8);
		e->count = gmonx_rd_le (d + 16, 8);
		if (e->obj != GMONX_NO_OBJECT && !gmonx_object (f, e->obj)) {
			gmon_error_set (err, f->name, "thread samples record "
					"at offset %llu: entry %zu names object "
					"%u, which no object record before it "
					"defines", (unsigned long long) b->at,
					i, e->obj);
			return -1;
		}
		f->ntsamples++;
		th->nsamples++;
	}
	return 0;
}

int
gmonx_rd_tarcs (struct gmonx_file *f, struct gmonx_body *b, size_t *cap,
		struct gmon_error *err)
{
	struct gmonx_thread *th = owner (f, b, err);
	size_t before = f->ntarcs;

	if (!th || gmonx_rd_arcs (f, b, &f->tarcs, &f->ntarcs, cap, err) < 0)
		return -1;
	th->narcs += f->ntarcs - before;
	return 0;
}
