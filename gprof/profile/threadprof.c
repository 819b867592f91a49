/* threadprof.c - --threads: the threads of the profiles, and the
   profile of a row of threads.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   libgmon's companions hold a record per thread (GMON_THREADS): its
   samples, calls and calling contexts.  They are read here into
   struct profile's threads, in the model's addresses; threadrows.c
   groups them into rows, and profile_thread makes a row a profile of
   its own, in the whole profile's histograms, so that every stage and
   report runs on it as on the whole.  */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gmon/bytes.h"
#include "gmon/gmon.h"
#include "gmon/gmonx.h"
#include "gprof/profile/profile.h"
#include "gprof/profile/profpriv.h"
#include "gprof/util/hindex.h"
#include "gprof/util/utf8.h"
#include "gprof/util/util.h"

/* The model address of ADDR in object OBJ of companion F, or false
   if the model holds no place for it: the program's addresses are
   its own; another object's are moved to its place with --objects
   (SHIFT, companion_take), and have none without.  */
static bool
model_addr (const struct gmonx_file *f, uint32_t obj, uint64_t *addr,
	    const uint64_t *shift)
{
	const struct gmonx_object *o = gmonx_object (f, obj);

	if (!o)
		return false;
	if (o->flags & GMONX_OBJ_MAIN)
		return true;
	if (!shift)
		return false;
	*addr += shift[o - f->objects];
	return true;
}

/* Thread X of companion F (of profile FILE), in the model's
   addresses, into T.  */
static void
take_thread (struct prof_thread *t, const struct gmonx_file *f,
	     const struct gmonx_thread *x, size_t file, const uint64_t *shift)
{
	size_t k;

	memset (t, 0, sizeof *t);
	/* Any bytes but NUL: printed, drawn and written as text, it must
	   be text.  */
	t->name = utf8_clean (x->name);
	t->pid = f->process.pid;
	t->tid = x->tid;
	t->order = x->order;
	t->flags = (x->flags & GMONX_THREAD_MAIN ? THREAD_MAIN : 0)
		| (x->flags & GMONX_THREAD_EXITED ? THREAD_EXITED : 0)
		| (x->flags & GMONX_THREAD_MERGED ? THREAD_MERGED : 0);
	t->cap = f->threads_info.cap;
	t->nthreads = x->threads;
	t->cpu_ns = x->cpu_ns;
	t->samples = x->samples;
	t->calls = x->calls;
	t->start_ns = x->start_ns;
	t->end_ns = x->end_ns;
	t->file = file;
	t->s = XNEWVEC (struct thread_sample, x->nsamples + 1);
	for (k = 0; k < x->nsamples; k++) {
		const struct gmonx_tsample *e = &f->tsamples[x->first_sample
							     + k];
		uint64_t a = e->addr;

		if (model_addr (f, e->obj, &a, shift))
			t->s[t->ns++] = (struct thread_sample) { a, e->count };
		else
			t->elsewhere = gmon_add_sat (t->elsewhere, e->count);
	}
	t->arcs = XNEWVEC (struct gmon_arc, x->narcs + 1);
	for (k = 0; k < x->narcs; k++) {
		const struct gmonx_arc *a = &f->tarcs[x->first_arc + k];
		uint64_t from = a->from_pc, self = a->self_pc;

		if (model_addr (f, a->from_obj, &from, shift)
		    && model_addr (f, a->self_obj, &self, shift))
			t->arcs[t->narcs++] = (struct gmon_arc) { from, self,
								  a->count };
	}
	/* The reader saw to it that the nodes' parents are the thread's
	   own, before them.  */
	t->ctx = XNEWVEC (struct ctx_node, x->nnodes + 1);
	for (k = 0; k < x->nnodes; k++) {
		const struct gmonx_ctx_node *n = &f->nodes[x->first_node + k];
		struct ctx_node *c = &t->ctx[t->nctx++];

		c->parent = n->parent == GMONX_CTX_CUT ? CTX_CUT
			: n->parent == GMONX_CTX_ROOT ? CTX_ROOT
			: (uint32_t) (n->parent - x->first_node);
		c->count = n->count;
		c->addr = n->addr;
		c->known = model_addr (f, n->obj, &c->addr, shift);
	}
}

/* The threads of companion F are all in it: a file cut at a record's
   boundary reads well, but holds fewer thread records than its
   THREADS record counts (one per thread kept, and one for the merged
   ones).  If some are missing, says so once, and counts what the
   process sampled beyond the threads read as missing, so that no
   share is of the threads read alone.  */
static void
threads_missing (struct profile *p, const char *name,
		 const struct gmonx_file *f, uint64_t read)
{
	uint64_t want = (uint64_t) f->threads_info.kept
		+ (f->threads_info.merged ? 1 : 0);
	uint64_t lost = 0;

	if (!f->have_threads || (uint64_t) f->nthreads == want)
		return;
	if (f->have_process && f->process.samples > read)
		lost = f->process.samples - read;
	gp_warn (name, "--threads: %s has %zu thread records, its threads "
		 "record counts %llu (the file was cut short?): %llu samples "
		 "of the process are in no thread read, and the shares are "
		 "of all its samples", f->name, f->nthreads,
		 (unsigned long long) want, (unsigned long long) lost);
	p->thread_missing = gmon_add_sat (p->thread_missing, lost);
	p->thread_samples = gmon_add_sat (p->thread_samples, lost);
}

void
threadprof_add (struct profile *p, const char *name, size_t file,
		const struct gmon_run *run, const struct companion_got *c)
{
	const struct gmonx_file *f = c->f;
	const char *path = c->path;
	int got = c->got;
	uint64_t read;
	char *why;
	size_t k;

	if (got == -2)
		gp_fatal (NULL, "%s", c->err->msg);
	if (got < 0 && !*path)
		gp_fatal (name, "--threads: standard input has no companion, "
			  "which would hold the threads");
	if (got < 0)
		gp_fatal (name, "--threads: no %s beside it, which would hold "
			  "the threads: %s", path,
			  companion_why_none (path, run));
	if ((why = companion_mismatch (name, run, f, false)) != NULL)
		gp_fatal (NULL, "--threads: %s; %s", why,
			  companion_mismatch_fix (run, f));
	if (!f->have_threads && !f->nthreads)
		gp_fatal (name, "--threads: %s holds no per-thread records "
			  "(the program ran with GMON_THREADS=0, or with a "
			  "libgmon that did not write them): run it again "
			  "without GMON_THREADS=0", f->name);
	p->threads = xrealloc (p->threads, (p->nthreads + f->nthreads + 1)
			       * sizeof *p->threads);
	read = f->threads_info.norecord;
	for (k = 0; k < f->nthreads; k++) {
		take_thread (&p->threads[p->nthreads++], f, &f->threads[k],
			     file, c->shift);
		read = gmon_add_sat (read, f->threads[k].samples);
	}
	p->thread_norecord = gmon_add_sat (p->thread_norecord,
					   f->threads_info.norecord);
	p->thread_samples = gmon_add_sat (p->thread_samples, read);
	threads_missing (p, name, f, read);
}

/* A sample of a thread, placed.  */
struct placed {
	uint32_t h;			/* the index of its histogram */
	uint32_t b;			/* its bin there */
	uint64_t count;			/* its samples */
};

static int
cmp_placed (const void *lp, const void *rp)
{
	const struct placed *l = lp, *r = rp;

	if (l->h != r->h)
		return l->h < r->h ? -1 : 1;
	return l->b < r->b ? -1 : l->b > r->b;
}

/* A histogram by its first address.  */
struct hist_at {
	uint64_t low;			/* its low_pc */
	uint32_t i;			/* its index */
};

static int
cmp_hist_at (const void *lp, const void *rp)
{
	const struct hist_at *l = lp, *r = rp;

	return l->low < r->low ? -1 : l->low > r->low;
}

/* Bin of histogram H (of WHOLE's scale) holding ADDR, which it
   covers: assign.c's bins, [low + (uint64) (scale * i), low + (uint64)
   (scale * (i + 1))) in 2-byte units.  */
static uint32_t
bin_of (const struct gmon_hist *h, double scale, uint64_t addr)
{
	uint64_t low = h->h.low_pc / 2, u = addr / 2, i;

	i = scale > 0.0 ? (uint64_t) ((double) (u - low) / scale) : 0;
	if (i >= h->h.nbins)
		i = h->h.nbins ? h->h.nbins - 1 : 0;
	while (i > 0 && low + (uint64_t) (scale * (double) i) > u)
		i--;
	while (i + 1 < h->h.nbins
	       && low + (uint64_t) (scale * (double) (i + 1)) <= u)
		i++;
	return (uint32_t) i;
}

/* The samples of threads M[0..N) of WHOLE into OUT's histograms (of
   WHOLE's ranges): what lies in none is left out, as the whole profile
   has no bins for it either.  */
static void
thread_bins (const struct profile *whole, const size_t *m, size_t n,
	     struct profile *out)
{
	struct hist_at *order = XNEWVEC (struct hist_at, whole->nhist + 1);
	struct placed *v;
	uint64_t *page;
	size_t total = 0, nv = 0, i, k;

	for (i = 0; i < whole->nhist; i++)
		order[i] = (struct hist_at) { whole->hist[i].h.low_pc,
					      (uint32_t) i };
	qsort (order, whole->nhist, sizeof *order, cmp_hist_at);
	for (k = 0; k < n; k++)
		total += whole->threads[m[k]].ns;
	v = XNEWVEC (struct placed, total + 1);
	for (k = 0; k < n; k++) {
		const struct prof_thread *t = &whole->threads[m[k]];

		for (i = 0; i < t->ns; i++) {
			uint64_t a = t->s[i].addr;
			size_t lo = 0, hi = whole->nhist;
			const struct gmon_hist *h;

			/* The last histogram starting at or below A.  */
			while (lo < hi) {
				size_t mid = lo + (hi - lo) / 2;

				if (order[mid].low <= a)
					lo = mid + 1;
				else
					hi = mid;
			}
			if (lo == 0)
				continue;
			h = &whole->hist[order[lo - 1].i];
			if (a >= h->h.high_pc || !h->h.nbins)
				continue;
			v[nv++] = (struct placed) {
				order[lo - 1].i,
				bin_of (h, whole->hist_scale, a),
				t->s[i].count };
		}
	}
	qsort (v, nv, sizeof *v, cmp_placed);
	/* Page by page: the counts of one page of one histogram.  */
	page = XCNEWVEC (uint64_t, GMON_PAGE_BINS);
	for (i = 0; i < nv;) {
		uint32_t h = v[i].h, first = v[i].b & ~(GMON_PAGE_BINS - 1);

		for (k = i; k < nv && v[k].h == h
			     && (v[k].b & ~(GMON_PAGE_BINS - 1)) == first; k++)
			page[v[k].b - first] = gmon_add_sat
				(page[v[k].b - first], v[k].count);
		if (gmon_bins_add_page (&out->hist[h].bins, first, page,
					GMON_PAGE_BINS) < 0)
			gp_fatal (NULL, "out of memory");
		for (; i < k; i++)
			page[v[i].b - first] = 0;
	}
	free (page);
	free (v);
	free (order);
}

/* The arcs of index I of OUT, for hindex.  */
static size_t
arc_hash (const void *arg, size_t i)
{
	const struct gmon_arc *a = &((const struct profile *) arg)->arcs[i];

	return hindex_hash2 (a->from_pc, a->self_pc);
}

void
profile_thread (const struct profile *whole, const size_t *m, size_t n,
		struct profile *out)
{
	struct hindex ix;
	size_t i, k, narcs = 0, nctx = 0;

	memset (out, 0, sizeof *out);
	out->input = whole->input & (INPUT_HIST | INPUT_ARCS);
	out->hz = whole->hz;
	out->hist_scale = whole->hist_scale;
	memcpy (out->dimen, whole->dimen, sizeof out->dimen);
	out->abbrev = whole->abbrev;
	out->nhist = whole->nhist;
	out->hist = XCNEWVEC (struct gmon_hist, whole->nhist + 1);
	for (i = 0; i < whole->nhist; i++) {
		out->hist[i].h = whole->hist[i].h;
		gmon_bins_init (&out->hist[i].bins, whole->hist[i].h.nbins);
	}
	thread_bins (whole, m, n, out);

	/* The calls, the same pair summed, in the order first seen.  */
	for (k = 0; k < n; k++) {
		narcs += whole->threads[m[k]].narcs;
		nctx += whole->threads[m[k]].nctx;
	}
	out->arcs = XNEWVEC (struct gmon_arc, narcs + 1);
	out->bbs = XNEWVEC (struct gmon_bb, 1);
	hindex_init (&ix, narcs + 1);
	for (k = 0; k < n; k++) {
		const struct prof_thread *t = &whole->threads[m[k]];

		for (i = 0; i < t->narcs; i++) {
			const struct gmon_arc *a = &t->arcs[i];
			size_t s;

			for (s = hindex_first (&ix, hindex_hash2 (a->from_pc,
								  a->self_pc));
			     ix.slot[s]; s = hindex_next (&ix, s)) {
				struct gmon_arc *b = &out->arcs[ix.slot[s] - 1];

				if (b->from_pc == a->from_pc
				    && b->self_pc == a->self_pc)
					break;
			}
			if (ix.slot[s]) {
				struct gmon_arc *b = &out->arcs[ix.slot[s] - 1];

				b->count = gmon_add_sat (b->count, a->count);
				continue;
			}
			out->arcs[out->narcs] = *a;
			hindex_put (&ix, s, out->narcs, out->narcs + 1,
				    arc_hash, out);
			out->narcs++;
		}
	}
	hindex_free (&ix);

	/* The contexts, if the whole profile's are used: each thread's
	   tree side by side.  */
	if (whole->nctx) {
		out->ctx = XNEWVEC (struct ctx_node, nctx + 1);
		for (k = 0; k < n; k++) {
			const struct prof_thread *t = &whole->threads[m[k]];
			size_t base = out->nctx;

			for (i = 0; i < t->nctx; i++) {
				struct ctx_node c = t->ctx[i];

				if (c.parent != CTX_ROOT && c.parent != CTX_CUT)
					c.parent += (uint32_t) base;
				out->ctx[out->nctx++] = c;
			}
		}
		out->ctx_depth = whole->ctx_depth;
	}
}
