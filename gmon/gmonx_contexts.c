/* gmonx_contexts.c - a gmonx file's calling contexts: CONTEXT and
   CONTEXTS records.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   The calling-context tree (GMON_CONTEXT) is checked here as it is
   read: each parent a node before it, a thread's nodes its own, and no
   chain deeper than the CONTEXT record (or libgmon) allows.  Apart from
   the record loop (gmonx_read.c) because the depth bookkeeping is the
   contexts' alone.  */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "gmon/gmonx_reader.h"

/* The most nodes a chain of F may have.  */
static uint32_t
chain_max (const struct gmonx_file *f)
{
	return (f->have_context ? f->context.depth : GMONX_CONTEXT_MAX) + 1;
}

int
gmonx_rd_context (struct gmonx_file *f, struct gmonx_body *b,
		  struct gmonx_chains *ch, struct gmon_error *err)
{
	const unsigned char *d = b->p;

	if (f->have_context) {
		gmon_error_set (err, f->name, "a second context record at "
				"offset %llu", (unsigned long long) b->at);
		return -1;
	}
	if (b->left < GMONX_CONTEXT_SIZE) {
		gmon_error_set (err, f->name, "context record at offset %llu "
				"has %zu bytes, fewer than the %d it needs",
				(unsigned long long) b->at, b->left,
				GMONX_CONTEXT_SIZE);
		return -1;
	}
	f->context.depth = (uint32_t) gmonx_rd_le (d, 4);
	f->context.lost = gmonx_rd_le (d + 8, 8);
	f->context.unwalked = gmonx_rd_le (d + 16, 8);
	if (f->context.depth > GMONX_CONTEXT_MAX) {
		gmon_error_set (err, f->name, "context record at offset %llu: "
				"contexts of %u frames (libgmon records %d at "
				"most)", (unsigned long long) b->at,
				f->context.depth, GMONX_CONTEXT_MAX);
		return -1;
	}
	f->have_context = true;
	if (ch->deepest > chain_max (f)) {
		gmon_error_set (err, f->name, "context record at offset %llu: "
				"contexts of %u frames, but node %zu before "
				"it ends a chain of %u", (unsigned long long)
				b->at, f->context.depth, ch->deepest_node,
				ch->deepest);
		return -1;
	}
	return 0;
}

/* The depth of node C, the N-th, into CH; -1 if it is deeper than F
   allows (B: its record).  */
static int
chain_depth (struct gmonx_file *f, const struct gmonx_body *b,
	     const struct gmonx_ctx_node *c, size_t n, struct gmonx_chains *ch,
	     struct gmon_error *err)
{
	uint32_t d = c->parent == GMONX_CTX_ROOT || c->parent == GMONX_CTX_CUT
		? 1 : ch->depth[c->parent] + 1;

	if (d > chain_max (f)) {
		gmon_error_set (err, f->name, "contexts record at offset %llu: "
				"node %zu ends a chain of %u nodes, deeper "
				"than %s (a PC and %u return addresses)",
				(unsigned long long) b->at, n, d,
				f->have_context ? "the context record allows"
				: "libgmon records", chain_max (f) - 1);
		return -1;
	}
	ch->depth[n] = d;
	if (d > ch->deepest) {
		ch->deepest = d;
		ch->deepest_node = n;
	}
	return 0;
}

/* A tree by construction: each parent is a node read before.  */
int
gmonx_rd_contexts (struct gmonx_file *f, struct gmonx_body *b, size_t *cap,
		   struct gmonx_chains *ch, struct gmon_error *err)
{
	size_t n = b->left / GMONX_CTX_NODE_SIZE, i;
	struct gmonx_thread *th = f->nthreads ? &f->threads[f->nthreads - 1]
		: NULL;

	if (b->left % GMONX_CTX_NODE_SIZE != 0) {
		gmon_error_set (err, f->name, "contexts record at offset %llu "
				"has %zu bytes, not a multiple of %d",
				(unsigned long long) b->at, b->left,
				GMONX_CTX_NODE_SIZE);
		return -1;
	}
	if (gmonx_rd_grow ((void **) &f->nodes, f->nnodes, n, cap,
			   sizeof *f->nodes, f, err) < 0
	    || gmonx_rd_grow ((void **) &ch->depth, f->nnodes, n, &ch->cap,
			      sizeof *ch->depth, f, err) < 0)
		return -1;
	for (i = 0; i < n; i++) {
		const unsigned char *d = b->p + i * GMONX_CTX_NODE_SIZE;
		struct gmonx_ctx_node *c = &f->nodes[f->nnodes];

		c->parent = (uint32_t) gmonx_rd_le (d, 4);
		c->obj = (uint32_t) gmonx_rd_le (d + 4, 4);
		c->addr = gmonx_rd_le (d + 8, 8);
		c->count = gmonx_rd_le (d + 16, 8);
		if (c->parent != GMONX_CTX_ROOT && c->parent != GMONX_CTX_CUT
		    && c->parent >= f->nnodes) {
			gmon_error_set (err, f->name, "contexts record at "
					"offset %llu: node %zu has parent %u, "
					"which is not a node before it",
					(unsigned long long) b->at, f->nnodes,
					c->parent);
			return -1;
		}
		if (c->obj != GMONX_NO_OBJECT && !gmonx_object (f, c->obj)) {
			gmon_error_set (err, f->name, "contexts record at "
					"offset %llu: node %zu names object %u, "
					"which no object record before it "
					"defines", (unsigned long long) b->at,
					f->nnodes, c->obj);
			return -1;
		}
		if (f->nnodes >= GMONX_CTX_CUT) {
			gmon_error_set (err, f->name, "contexts record at "
					"offset %llu: more nodes than can be "
					"numbered", (unsigned long long) b->at);
			return -1;
		}
		/* A thread's tree is its own.  */
		if (th && c->parent != GMONX_CTX_ROOT
		    && c->parent != GMONX_CTX_CUT
		    && c->parent < th->first_node) {
			gmon_error_set (err, f->name, "contexts record at "
					"offset %llu: node %zu has parent %u, "
					"a node of another thread than the "
					"thread record at offset %llu",
					(unsigned long long) b->at, f->nnodes,
					c->parent,
					(unsigned long long) th->at);
			return -1;
		}
		if (chain_depth (f, b, c, f->nnodes, ch, err) < 0)
			return -1;
		f->nnodes++;
		if (th)
			th->nnodes++;
	}
	return 0;
}
