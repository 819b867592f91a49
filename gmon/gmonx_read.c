/* gmonx_read.c - read gmonx files, the companions of gmon.out.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   A gmonx file is small next to the classic files it describes, so it
   is read whole and then parsed from memory.  The memory grows with
   the bytes that really arrive, never with a size the file claims; a
   record's size is believed only when the bytes behind it are there;
   every string must end inside its record.  Each message names the
   file and the offset of the record at fault.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gmon/bytes.h"
#include "gmon/gmonx.h"

/* Larger than any file a run writes; a bound for damaged input.  */
#define GMONX_FILE_MAX	((size_t) 1 << 32)

bool
gmonx_is_magic (const void *head, size_t n)
{
	return n >= GMONX_MAGIC_LEN
		&& memcmp (head, GMONX_MAGIC, GMONX_MAGIC_LEN) == 0;
}

static uint64_t
le (const unsigned char *p, unsigned int size)
{
	return gmon_get_uint (p, size, false);
}

/* A body being parsed: its bytes and where the record started.  */
struct body {
	const unsigned char *p;		/* next byte */
	size_t left;			/* bytes of the body still unread */
	uint64_t at;			/* file offset of the record */
	const char *what;		/* its kind, for messages */
};

static const char *
tag_name (uint32_t tag)
{
	switch (tag) {
	case GMONX_TAG_PROCESS:
		return "process";
	case GMONX_TAG_OBJECT:
		return "object";
	case GMONX_TAG_ARCS:
		return "arcs";
	case GMONX_TAG_CONTEXT:
		return "context";
	case GMONX_TAG_CONTEXTS:
		return "contexts";
	case GMONX_TAG_THREAD:
		return "thread";
	case GMONX_TAG_THREAD_SAMPLES:
		return "thread samples";
	case GMONX_TAG_THREAD_ARCS:
		return "thread arcs";
	case GMONX_TAG_THREADS:
		return "threads";
	default:
		return "unknown";
	}
}

/* A u16-counted string of body B into *S (N bytes).  */
static int
take_str (struct body *b, const char *field, const unsigned char **s,
	  size_t *n, const struct gmonx_file *f, struct gmon_error *err)
{
	size_t len;

	if (b->left < 2) {
		gmon_error_set (err, f->name, "%s record at offset %llu ends "
				"before its %s", b->what,
				(unsigned long long) b->at, field);
		return -1;
	}
	len = (size_t) le (b->p, 2);
	if (b->left - 2 < len) {
		gmon_error_set (err, f->name, "%s record at offset %llu: its "
				"%s of %zu bytes runs past the end of the "
				"record", b->what, (unsigned long long) b->at,
				field, len);
		return -1;
	}
	*s = b->p + 2;
	*n = len;
	b->p += 2 + len;
	b->left -= 2 + len;
	return 0;
}

static int
parse_process (struct gmonx_file *f, struct body *b, struct gmon_error *err)
{
	struct gmonx_process *p = &f->process;
	const unsigned char *d = b->p;

	if (f->have_process) {
		gmon_error_set (err, f->name, "a second process record at "
				"offset %llu", (unsigned long long) b->at);
		return -1;
	}
	if (b->left < GMONX_PROCESS_SIZE) {
		gmon_error_set (err, f->name, "process record at offset %llu "
				"has %zu bytes, fewer than the %d it needs",
				(unsigned long long) b->at, b->left,
				GMONX_PROCESS_SIZE);
		return -1;
	}
	p->pid = (uint32_t) le (d, 4);
	p->ppid = (uint32_t) le (d + 4, 4);
	p->image = (uint32_t) le (d + 8, 4);
	p->end = (uint32_t) le (d + 12, 4);
	p->signal = (uint32_t) le (d + 16, 4);
	p->rate = (uint32_t) le (d + 20, 4);
	p->clock = (uint32_t) le (d + 24, 4);
	p->dump = (uint32_t) le (d + 28, 4);
	p->cpu_ns = le (d + 32, 8);
	p->wall_ns = le (d + 40, 8);
	p->samples = le (d + 48, 8);
	p->unknown = le (d + 56, 8);
	p->outside = le (d + 64, 8);
	p->lost_calls = le (d + 72, 8);
	memset (&p->run, 0, sizeof p->run);
	p->start_ns = 0;
	if (b->left >= GMONX_PROCESS_RUN_SIZE) {
		p->run.start = (uint32_t) le (d + 80, 4);
		p->run.id = (uint32_t) le (d + 84, 4);
		/* A stamp of zeros says nothing, whatever the pid.  */
		if (p->run.start || p->run.id)
			p->run.pid = p->pid;
		p->start_ns = le (d + 88, 8);
	}
	f->have_process = true;
	return 0;
}

static bool
has_nul (const unsigned char *s, size_t n)
{
	return memchr (s, '\0', n) != NULL;
}

static size_t
id_hash (uint32_t id)
{
	uint64_t h = (uint64_t) id * 0x9e3779b97f4a7c15u;

	return (size_t) (h ^ h >> 29);
}

/* The object index's slot for ID: the one that holds it, or the free
   one where it goes.  */
static size_t
id_slot (const struct gmonx_file *f, uint32_t id)
{
	size_t s;

	for (s = id_hash (id) & f->id_mask; f->id_slot[s];
	     s = (s + 1) & f->id_mask)
		if (f->objects[f->id_slot[s] - 1].id == id)
			break;
	return s;
}

/* Object F->objects[N - 1] into the index by id, which stays at most
   half full: a file of sparse ids (a crafted one) costs no more than
   one of ids 0, 1, 2 ...  */
static int
index_object (struct gmonx_file *f, size_t n, struct gmon_error *err)
{
	if (2 * n > f->id_mask) {
		size_t cap = f->id_mask ? 2 * (f->id_mask + 1) : 64, i, s;
		uint32_t *v = calloc (cap, sizeof *v);

		if (!v) {
			gmon_error_set (err, f->name, "out of memory");
			return -1;
		}
		free (f->id_slot);
		f->id_slot = v;
		f->id_mask = cap - 1;
		for (i = 0; i + 1 < n; i++) {
			s = id_slot (f, f->objects[i].id);
			f->id_slot[s] = (uint32_t) i + 1;
		}
	}
	f->id_slot[id_slot (f, f->objects[n - 1].id)] = (uint32_t) n;
	return 0;
}

static int
parse_object (struct gmonx_file *f, struct body *b, size_t *cap,
	      struct gmon_error *err)
{
	struct gmonx_object o;
	const unsigned char *d = b->p, *path, *file, *bid, *image;
	size_t np, nf, nb, ni;
	char *block;

	if (b->left < GMONX_OBJECT_SIZE + 8) {
		gmon_error_set (err, f->name, "object record at offset %llu "
				"has %zu bytes, fewer than the %d it needs",
				(unsigned long long) b->at, b->left,
				GMONX_OBJECT_SIZE + 8);
		return -1;
	}
	memset (&o, 0, sizeof o);
	o.id = (uint32_t) le (d, 4);
	o.flags = (uint32_t) le (d + 4, 4);
	o.base = le (d + 8, 8);
	o.text_lo = le (d + 16, 8);
	o.text_hi = le (d + 24, 8);
	o.samples = le (d + 32, 8);
	o.calls = le (d + 40, 8);
	o.blocks = le (d + 48, 8);
	b->p += GMONX_OBJECT_SIZE;
	b->left -= GMONX_OBJECT_SIZE;
	if (take_str (b, "path", &path, &np, f, err) < 0
	    || take_str (b, "file name", &file, &nf, f, err) < 0
	    || take_str (b, "build id", &bid, &nb, f, err) < 0
	    || take_str (b, "image name", &image, &ni, f, err) < 0)
		return -1;
	if (o.id == GMONX_NO_OBJECT || gmonx_object (f, o.id)) {
		gmon_error_set (err, f->name, "object record at offset %llu: "
				"%s object id %u", (unsigned long long) b->at,
				o.id == GMONX_NO_OBJECT ? "reserved"
				: "duplicate", o.id);
		return -1;
	}
	if (o.text_lo > o.text_hi) {
		gmon_error_set (err, f->name, "object record at offset %llu: "
				"text_lo 0x%llx is above text_hi 0x%llx",
				(unsigned long long) b->at,
				(unsigned long long) o.text_lo,
				(unsigned long long) o.text_hi);
		return -1;
	}
	if (nb > GMONX_BUILD_ID_MAX) {
		gmon_error_set (err, f->name, "object record at offset %llu: "
				"a build id of %zu bytes (at most %d)",
				(unsigned long long) b->at, nb,
				GMONX_BUILD_ID_MAX);
		return -1;
	}
	if (has_nul (path, np)
	    || !gmonx_plain_name (file, nf, o.flags & GMONX_OBJ_MAIN)
	    || !gmonx_plain_name (image, ni, false)) {
		gmon_error_set (err, f->name, "object record at offset %llu: "
				"%s", (unsigned long long) b->at,
				has_nul (path, np) ? "a NUL byte in its path"
				: "a file name that is not a plain name in "
				"the companion's directory");
		return -1;
	}
	/* One block for the strings: path, file, image, build id.  */
	block = malloc (np + nf + ni + nb + 3);
	if (!block) {
		gmon_error_set (err, f->name, "out of memory");
		return -1;
	}
	memcpy (block, path, np);
	block[np] = '\0';
	memcpy (block + np + 1, file, nf);
	block[np + 1 + nf] = '\0';
	memcpy (block + np + nf + 2, image, ni);
	block[np + nf + 2 + ni] = '\0';
	memcpy (block + np + nf + ni + 3, bid, nb);
	o.path = block;
	o.file = block + np + 1;
	o.image = block + np + nf + 2;
	o.build_id = (const unsigned char *) block + np + nf + ni + 3;
	o.build_id_len = nb;
	if (f->nobjects == *cap) {
		size_t n = *cap ? *cap * 2 : 16;
		struct gmonx_object *v = realloc (f->objects, n * sizeof *v);

		if (!v) {
			free (block);
			gmon_error_set (err, f->name, "out of memory");
			return -1;
		}
		f->objects = v;
		*cap = n;
	}
	if (f->nobjects >= GMONX_NO_OBJECT - 1) {
		free (block);
		gmon_error_set (err, f->name, "object record at offset %llu: "
				"more objects than can be numbered",
				(unsigned long long) b->at);
		return -1;
	}
	f->objects[f->nobjects++] = o;
	return index_object (f, f->nobjects, err);
}

/* Grows the array *V of *N elements of SIZE bytes (room for *CAP) to
   hold N + MORE, MORE being backed by bytes read.  */
static int
grow (void **v, size_t n, size_t more, size_t *cap, size_t size,
      const struct gmonx_file *f, struct gmon_error *err)
{
	size_t want = *cap ? *cap : 64;
	void *p;

	if (n + more <= *cap)
		return 0;
	while (want < n + more)
		want *= 2;
	p = realloc (*v, want * size);
	if (!p) {
		gmon_error_set (err, f->name, "out of memory");
		return -1;
	}
	*v = p;
	*cap = want;
	return 0;
}

/* The entries of an ARCS or THREAD_ARCS body B, appended to *V (*N of
   them, room for *CAP).  */
static int
parse_arcs (struct gmonx_file *f, struct body *b, struct gmonx_arc **v,
	    size_t *nv, size_t *cap, struct gmon_error *err)
{
	size_t n = b->left / GMONX_ARC_SIZE, i;

	if (b->left % GMONX_ARC_SIZE != 0) {
		gmon_error_set (err, f->name, "%s record at offset %llu has "
				"%zu bytes, not a multiple of %d", b->what,
				(unsigned long long) b->at, b->left,
				GMONX_ARC_SIZE);
		return -1;
	}
	if (grow ((void **) v, *nv, n, cap, sizeof **v, f, err) < 0)
		return -1;
	for (i = 0; i < n; i++) {
		const unsigned char *d = b->p + i * GMONX_ARC_SIZE;
		struct gmonx_arc *a = &(*v)[*nv];

		a->from_obj = (uint32_t) le (d, 4);
		a->self_obj = (uint32_t) le (d + 4, 4);
		a->from_pc = le (d + 8, 8);
		a->self_pc = le (d + 16, 8);
		a->count = le (d + 24, 8);
		if ((a->from_obj != GMONX_NO_OBJECT
		     && !gmonx_object (f, a->from_obj))
		    || (a->self_obj != GMONX_NO_OBJECT
			&& !gmonx_object (f, a->self_obj))) {
			gmon_error_set (err, f->name, "%s record at offset "
					"%llu: arc %zu names object %u, which "
					"no object record before it defines",
					b->what, (unsigned long long) b->at, i,
					gmonx_object (f, a->from_obj)
					|| a->from_obj == GMONX_NO_OBJECT
					? a->self_obj : a->from_obj);
			return -1;
		}
		(*nv)++;
	}
	return 0;
}

/* How deep the calling-context chains read so far are: libgmon
   writes none of more than the context record's depth + 1 nodes (the
   PC and that many return addresses), and takes no depth beyond
   GMONX_CONTEXT_MAX.  A chain deeper than that is no companion of
   libgmon's, and would cost its depth in frames on each of its nodes
   in a folded or flame-graph export.  */
struct chains {
	uint32_t *depth;		/* of each node: 1 for a root */
	size_t cap;			/* room in depth */
	uint32_t deepest;		/* the most nodes of a chain */
	size_t deepest_node;		/* ... which ends at this node */
};

/* The most nodes a chain of F may have.  */
static uint32_t
chain_max (const struct gmonx_file *f)
{
	return (f->have_context ? f->context.depth : GMONX_CONTEXT_MAX) + 1;
}

static int
parse_context (struct gmonx_file *f, struct body *b, struct chains *ch,
	       struct gmon_error *err)
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
	f->context.depth = (uint32_t) le (d, 4);
	f->context.lost = le (d + 8, 8);
	f->context.unwalked = le (d + 16, 8);
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
chain_depth (struct gmonx_file *f, const struct body *b,
	     const struct gmonx_ctx_node *c, size_t n, struct chains *ch,
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
static int
parse_contexts (struct gmonx_file *f, struct body *b, size_t *cap,
		struct chains *ch, struct gmon_error *err)
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
	if (grow ((void **) &f->nodes, f->nnodes, n, cap, sizeof *f->nodes, f,
		  err) < 0
	    || grow ((void **) &ch->depth, f->nnodes, n, &ch->cap,
		     sizeof *ch->depth, f, err) < 0)
		return -1;
	for (i = 0; i < n; i++) {
		const unsigned char *d = b->p + i * GMONX_CTX_NODE_SIZE;
		struct gmonx_ctx_node *c = &f->nodes[f->nnodes];

		c->parent = (uint32_t) le (d, 4);
		c->obj = (uint32_t) le (d + 4, 4);
		c->addr = le (d + 8, 8);
		c->count = le (d + 16, 8);
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

static int
parse_threads (struct gmonx_file *f, struct body *b, struct gmon_error *err)
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
	f->threads_info.cap = (uint32_t) le (d, 4);
	f->threads_info.kept = (uint32_t) le (d + 4, 4);
	f->threads_info.merged = le (d + 8, 8);
	f->threads_info.norecord = le (d + 16, 8);
	f->have_threads = true;
	return 0;
}

static int
parse_thread (struct gmonx_file *f, struct body *b, size_t *cap,
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
	t.tid = (uint32_t) le (d, 4);
	t.flags = (uint32_t) le (d + 4, 4);
	t.order = (uint32_t) le (d + 8, 4);
	t.threads = le (d + 16, 8);
	t.cpu_ns = le (d + 24, 8);
	t.samples = le (d + 32, 8);
	t.unplaced = le (d + 40, 8);
	t.calls = le (d + 48, 8);
	t.lost_calls = le (d + 56, 8);
	t.start_ns = le (d + 64, 8);
	t.end_ns = le (d + 72, 8);
	b->p += GMONX_THREAD_SIZE;
	b->left -= GMONX_THREAD_SIZE;
	if (take_str (b, "name", &name, &nn, f, err) < 0)
		return -1;
	if (has_nul (name, nn)) {
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
	if (!copy || grow ((void **) &f->threads, f->nthreads, 1, cap,
			   sizeof *f->threads, f, err) < 0) {
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
owner (struct gmonx_file *f, const struct body *b, struct gmon_error *err)
{
	if (!f->nthreads) {
		gmon_error_set (err, f->name, "%s record at offset %llu comes "
				"before any thread record", b->what,
				(unsigned long long) b->at);
		return NULL;
	}
	return &f->threads[f->nthreads - 1];
}

static int
parse_tsamples (struct gmonx_file *f, struct body *b, size_t *cap,
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
	if (grow ((void **) &f->tsamples, f->ntsamples, n, cap,
		  sizeof *f->tsamples, f, err) < 0)
		return -1;
	for (i = 0; i < n; i++) {
		const unsigned char *d = b->p + i * GMONX_TSAMPLE_SIZE;
		struct gmonx_tsample *e = &f->tsamples[f->ntsamples];

		/* Its padding too: copies compare whole (fuzz_gmonx.c).  */
		memset (e, 0, sizeof *e);
		e->obj = (uint32_t) le (d, 4);
		e->addr = le (d + 8, 8);
		e->count = le (d + 16, 8);
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

static int
parse_tarcs (struct gmonx_file *f, struct body *b, size_t *cap,
	     struct gmon_error *err)
{
	struct gmonx_thread *th = owner (f, b, err);
	size_t before = f->ntarcs;

	if (!th || parse_arcs (f, b, &f->tarcs, &f->ntarcs, cap, err) < 0)
		return -1;
	th->narcs += f->ntarcs - before;
	return 0;
}

static char *
dir_of (const char *name)
{
	const char *slash = strrchr (name, '/');
	char *d;

	if (!slash)
		return strdup (".");
	if (slash == name)
		return strdup ("/");
	d = malloc ((size_t) (slash - name) + 1);
	if (d) {
		memcpy (d, name, (size_t) (slash - name));
		d[slash - name] = '\0';
	}
	return d;
}

/* The records of F->data, from offset OFF on (CH: the depths of its
   contexts).  */
static int
parse_records (struct gmonx_file *f, size_t off, struct chains *ch,
	       struct gmon_error *err)
{
	const unsigned char *d = f->data;
	size_t ocap = 0, acap = 0, ncap = 0, tcap = 0, scap = 0, tacap = 0;

	while (off < f->size) {
		struct body b;
		uint32_t tag;
		uint64_t size;
		int rc = 0;

		if (f->size - off < GMONX_REC_HDR_SIZE) {
			gmon_error_set (err, f->name, "unexpected end of file "
					"in the record header at offset %zu",
					off);
			return -1;
		}
		tag = (uint32_t) le (d + off, 4);
		size = le (d + off + 4, 4);
		if (size > f->size - off - GMONX_REC_HDR_SIZE) {
			gmon_error_set (err, f->name, "%s record (tag %u) at "
					"offset %zu claims %llu bytes, the file "
					"has %zu more", tag_name (tag), tag,
					off, (unsigned long long) size,
					f->size - off - GMONX_REC_HDR_SIZE);
			return -1;
		}
		b.p = d + off + GMONX_REC_HDR_SIZE;
		b.left = (size_t) size;
		b.at = off;
		b.what = tag_name (tag);
		switch (tag) {
		case GMONX_TAG_PROCESS:
			rc = parse_process (f, &b, err);
			break;
		case GMONX_TAG_OBJECT:
			rc = parse_object (f, &b, &ocap, err);
			break;
		case GMONX_TAG_ARCS:
			rc = parse_arcs (f, &b, &f->arcs, &f->narcs, &acap,
					 err);
			break;
		case GMONX_TAG_CONTEXT:
			rc = parse_context (f, &b, ch, err);
			break;
		case GMONX_TAG_CONTEXTS:
			rc = parse_contexts (f, &b, &ncap, ch, err);
			break;
		case GMONX_TAG_THREADS:
			rc = parse_threads (f, &b, err);
			break;
		case GMONX_TAG_THREAD:
			rc = parse_thread (f, &b, &tcap, err);
			break;
		case GMONX_TAG_THREAD_SAMPLES:
			rc = parse_tsamples (f, &b, &scap, err);
			break;
		case GMONX_TAG_THREAD_ARCS:
			rc = parse_tarcs (f, &b, &tacap, err);
			break;
		default:
			f->skipped++;
			break;
		}
		if (rc < 0)
			return -1;
		off += GMONX_REC_HDR_SIZE + (size_t) size;
	}
	return 0;
}

/* Parses F->data.  */
static int
parse (struct gmonx_file *f, struct gmon_error *err)
{
	const unsigned char *d = f->data;
	struct chains ch = { NULL, 0, 0, 0 };
	int rc;

	if (f->size < GMONX_HDR_SIZE) {
		gmon_error_set (err, f->name, "file too short to be a gmonx "
				"file (%zu bytes)", f->size);
		return -1;
	}
	if (!gmonx_is_magic (d, f->size)) {
		gmon_error_set (err, f->name, "not a gmonx file (bad magic)");
		return -1;
	}
	f->version = (uint32_t) le (d + 8, 4);
	if (f->version != GMONX_VERSION) {
		gmon_error_set (err, f->name, "unsupported gmonx version %u "
				"(version %d is known)", f->version,
				GMONX_VERSION);
		return -1;
	}
	rc = parse_records (f, GMONX_HDR_SIZE, &ch, err);
	free (ch.depth);
	return rc;
}

static int
start (struct gmonx_file *f, const char *name, struct gmon_error *err)
{
	memset (f, 0, sizeof *f);
	f->name = strdup (name);
	f->dir = f->name ? dir_of (name) : NULL;
	if (!f->dir) {
		gmon_error_set (err, name, "out of memory");
		gmonx_free (f);
		return -1;
	}
	return 0;
}

static int
finish (struct gmonx_file *f, struct gmon_error *err)
{
	if (parse (f, err) < 0) {
		gmonx_free (f);
		return -1;
	}
	return 0;
}

int
gmonx_parse (const void *data, size_t size, const char *name,
	     struct gmonx_file *f, struct gmon_error *err)
{
	if (start (f, name, err) < 0)
		return -1;
	f->data = malloc (size ? size : 1);
	if (!f->data) {
		gmon_error_set (err, name, "out of memory");
		gmonx_free (f);
		return -1;
	}
	memcpy (f->data, data, size);
	f->size = size;
	return finish (f, err);
}

int
gmonx_read (const char *path, struct gmonx_file *f, struct gmon_error *err)
{
	const char *kind;
	size_t cap = 0;
	int fd;

	if (start (f, path, err) < 0)
		return -1;
	/* Found beside a profile, not named by the user: a FIFO there
	   would block gprof --objects forever.  */
	fd = gmon_open_regular (path, &kind);
	if (fd < 0) {
		if (kind)
			gmon_error_set (err, path, "%s, not a gmonx file",
					kind);
		else
			gmon_error_set (err, path, "%s", strerror (errno));
		gmonx_free (f);
		return -1;
	}
	for (;;) {
		ssize_t n;

		if (f->size == cap) {
			size_t want = cap ? cap * 2 : 65536;
			unsigned char *p;

			if (cap >= GMONX_FILE_MAX) {
				gmon_error_set (err, path, "larger than %zu "
						"bytes: not a gmonx file",
						GMONX_FILE_MAX);
				goto fail;
			}
			p = realloc (f->data, want);
			if (!p) {
				gmon_error_set (err, path, "out of memory");
				goto fail;
			}
			f->data = p;
			cap = want;
		}
		n = read (fd, f->data + f->size, cap - f->size);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			gmon_error_set (err, path, "read error at offset %zu: "
					"%s", f->size, strerror (errno));
			goto fail;
		}
		if (n == 0)
			break;
		f->size += (size_t) n;
	}
	close (fd);
	return finish (f, err);
fail:
	close (fd);
	gmonx_free (f);
	return -1;
}

void
gmonx_free (struct gmonx_file *f)
{
	size_t i;

	for (i = 0; i < f->nobjects; i++)
		free ((char *) f->objects[i].path);
	for (i = 0; i < f->nthreads; i++)
		free ((char *) f->threads[i].name);
	free (f->objects);
	free (f->arcs);
	free (f->nodes);
	free (f->threads);
	free (f->tsamples);
	free (f->tarcs);
	free (f->id_slot);
	free (f->data);
	free (f->dir);
	free (f->name);
	memset (f, 0, sizeof *f);
}

const struct gmonx_object *
gmonx_object (const struct gmonx_file *f, uint32_t id)
{
	size_t s;

	/* Ids are dense and in order when libgmon writes them.  */
	if (id < f->nobjects && f->objects[id].id == id)
		return &f->objects[id];
	if (!f->id_mask)
		return NULL;
	s = id_slot (f, id);
	return f->id_slot[s] ? &f->objects[f->id_slot[s] - 1] : NULL;
}

/* Whether S[0..N) is ".DIGITS".  */
static bool
dot_number (const char *s, size_t n)
{
	size_t i;

	if (n < 2 || s[0] != '.')
		return false;
	for (i = 1; i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			return false;
	return true;
}

int
gmonx_find_companion (const char *profile, char *buf, size_t size)
{
	const char *base = strrchr (profile, '/');
	size_t len = strlen (profile), cut = len, dirlen;
	int k, found = -1;

	base = base ? base + 1 : profile;
	dirlen = (size_t) (base - profile);
	/* K trailing .DIGITS taken for the PID (and image number).  */
	for (k = 0; k <= 2; k++) {
		struct stat st;
		char tmp[4096];
		int n;

		if (k > 0) {
			size_t j = cut;

			while (j > dirlen && profile[j - 1] != '.')
				j--;
			if (j <= dirlen + 1
			    || !dot_number (profile + j - 1, cut - j + 1))
				break;
			cut = j - 1;
		}
		n = snprintf (tmp, sizeof tmp, "%.*s%s%s/%s", (int) cut,
			      profile, GMONX_OBJDIR_SUFFIX, profile + cut,
			      GMONX_COMPANION_NAME);
		if (n < 0 || (size_t) n >= sizeof tmp)
			break;
		if (k == 0 || stat (tmp, &st) == 0) {
			if ((size_t) n >= size)
				return -1;
			memcpy (buf, tmp, (size_t) n + 1);
		}
		if (stat (tmp, &st) == 0) {
			found = 0;
			break;
		}
	}
	return found;
}
