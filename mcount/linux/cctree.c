/* cctree.c - the calling-context tree of each thread (GMON_CONTEXT).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   The histogram says where the time went, the arcs who called whom how
   often; neither says on whose behalf a function was running when it
   was sampled, so gprof has always estimated the children times from
   the call counts (the gprof manual, "Estimating children times").
   With GMON_CONTEXT=N each sample also records the return addresses of
   up to N frames above it (unwind.c), and gprof can measure the time
   under each call instead.

   Storage: per thread, a calling-context tree.  A node stands for a
   chain of addresses -- its own, then its parent's, up to the node of
   the outermost frame -- and counts the samples whose chain ends there.
   Chains share their outer frames, so the tree grows with the number of
   distinct (chain, PC) pairs, not with the number of samples.

   Who touches a thread's tree:

     its SIGPROF handler    finds or adds the nodes of a sample's chain,
                            adds to the count of the last;
     a clock that stops     adds the samples it owes to the node of the
     (sampler.c)            thread's last sample, from any thread;
     the dumper, reset      read the nodes, zero the counts (any thread).

   The nodes are appended to chunks of mmap'd memory and never move or
   go away, so the dumper may read them while the thread runs on: a
   node is filled before the node count that publishes it is raised.
   The hash index that finds a node by (parent, address) is the
   handler's alone (the handler blocks every signal, so it never runs
   twice at once on a thread), and is replaced when it fills.  Memory
   comes from mmap, in the handler when needed, as the arc tables grow
   inside mcount; never from malloc.  */

#define _GNU_SOURCE 1
#include <config.h>

#include <sys/mman.h>

#include "mcount/linux/runtime.h"
#include "mcount/linux/unwind.h"

struct mc_ctx_node {
	uintptr_t addr;			/* the PC, where the chain ends; else
					   a return address */
	uint32_t parent;		/* node number, or MC_CTX_ROOT/CUT */
	uint32_t spare;
	uint64_t count;			/* samples whose chain ends here */
};

#define CHUNK_NODES	4096u		/* nodes per chunk: 96 KiB */
#define MAX_CHUNKS	4096u		/* 16 M nodes per thread */
#define FIRST_SLOTS	8192u		/* slots of the first index */
#define NO_NODE		0xfffffffdu	/* no room */

struct mc_ctx {
	uint32_t nnodes;		/* nodes published; atomic */
	uint32_t mask;			/* index slots - 1 */
	uint32_t *index;		/* per slot: node number + 1; 0 free */
	uint64_t *last;			/* count of the last sample's node */
	uint64_t lost;			/* samples whose chain found no room */
	uint64_t unwalked;		/* samples recorded with their PC only */
	struct mc_ctx_node *chunks[MAX_CHUNKS];
	struct mc_unwind uw;		/* the thread's stack walker */
	uintptr_t frames[MC_CONTEXT_MAX];	/* a sample's return
						   addresses, innermost
						   first */
};

static uint64_t mc_ctx_norecord;	/* samples of threads without a
					   record */
static uint64_t mc_ctx_nomem;		/* ... of threads that got no tree */

static void *
map (size_t n)
{
	void *p = mmap (NULL, n, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	return p == MAP_FAILED ? NULL : p;
}

static struct mc_ctx_node *
node_at (const struct mc_ctx *c, uint32_t i)
{
	return &c->chunks[i / CHUNK_NODES][i % CHUNK_NODES];
}

static uint64_t
key_hash (uint32_t parent, uintptr_t addr)
{
	return mc_arc_hash (addr, (uintptr_t) parent * MC_HASH_MUL);
}

#define PAGES(n)	(((n) + 4095) / 4096)

/* The tree of thread T, made at its first sample: the tree, its first
   index and its first chunk of nodes in one piece from pages.c (a few
   mappings for any number of threads: mappings of their own, thousands
   of sampled threads took the kernel's vm.max_map_count from the
   program's).  */
static struct mc_ctx *
tree_of (struct mc_thread *t)
{
	struct mc_ctx *c = __atomic_load_n (&t->ctx, __ATOMIC_ACQUIRE);
	size_t tree = PAGES (sizeof *c);
	size_t index = PAGES (FIRST_SLOTS * sizeof *c->index);
	int err = 0;

	if (c)
		return c;
	c = mc_pages (tree + index
		      + PAGES (CHUNK_NODES * sizeof (struct mc_ctx_node)),
		      &err);
	if (!c)
		return NULL;
	c->index = (uint32_t *) ((char *) c + tree * 4096);
	c->chunks[0] = (struct mc_ctx_node *) ((char *) c
					       + (tree + index) * 4096);
	c->mask = FIRST_SLOTS - 1;
	__atomic_store_n (&t->ctx, c, __ATOMIC_RELEASE);
	return c;
}

/* An index twice the size, with every node in it.  */
static bool
grow_index (struct mc_ctx *c)
{
	uint64_t slots = ((uint64_t) c->mask + 1) * 2, i;
	uint32_t *index, n = c->nnodes, k;

	if (slots > (uint64_t) MAX_CHUNKS * CHUNK_NODES * 2)
		return false;
	index = map (slots * sizeof *index);
	if (!index)
		return false;
	for (k = 0; k < n; k++) {
		const struct mc_ctx_node *nd = node_at (c, k);

		for (i = key_hash (nd->parent, nd->addr) & (slots - 1);
		     index[i]; i = (i + 1) & (slots - 1))
			;
		index[i] = k + 1;
	}
	/* (the first, in the tree's pieces, gives back its pages) */
	if (c->mask + 1 == FIRST_SLOTS)
		madvise (c->index, FIRST_SLOTS * sizeof *c->index,
			 MADV_DONTNEED);
	else
		munmap (c->index, ((size_t) c->mask + 1) * sizeof *c->index);
	c->index = index;
	c->mask = (uint32_t) (slots - 1);
	return true;
}

/* The node of ADDR under PARENT, made if new; NO_NODE if no room.  */
static uint32_t
node_get (struct mc_ctx *c, uint32_t parent, uintptr_t addr)
{
	uint64_t h = key_hash (parent, addr), i;
	struct mc_ctx_node *nd;
	uint32_t k = c->nnodes, v;

	for (i = h & c->mask; (v = c->index[i]) != 0; i = (i + 1) & c->mask) {
		nd = node_at (c, v - 1);
		if (nd->addr == addr && nd->parent == parent)
			return v - 1;
	}
	if (k >= MAX_CHUNKS * CHUNK_NODES)
		return NO_NODE;
	if (((uint64_t) k + 1) * 2 > (uint64_t) c->mask + 1) {
		if (!grow_index (c))
			return NO_NODE;
		for (i = h & c->mask; c->index[i]; i = (i + 1) & c->mask)
			;
	}
	if (!c->chunks[k / CHUNK_NODES]) {
		nd = map (CHUNK_NODES * sizeof *nd);
		if (!nd)
			return NO_NODE;
		c->chunks[k / CHUNK_NODES] = nd;
	}
	nd = node_at (c, k);
	nd->addr = addr;
	nd->parent = parent;
	nd->count = 0;
	c->index[i] = k + 1;
	__atomic_store_n (&c->nnodes, k + 1, __ATOMIC_RELEASE);
	return k;
}

void
mc_ctx_sample (struct mc_thread *t, const ucontext_t *uc, uintptr_t pc,
	       uint64_t n)
{
	struct mc_ctx *c;
	uint32_t node;
	uintptr_t leaf = pc, orig;
	bool cut;
	int k;

	if (!t) {
		__atomic_fetch_add (&mc_ctx_norecord, n, __ATOMIC_RELAXED);
		return;
	}
	c = tree_of (t);
	if (!c) {
		__atomic_fetch_add (&mc_ctx_nomem, n, __ATOMIC_RELAXED);
		return;
	}
	k = mc_unwind (&c->uw, t->tid, t->samples, uc, mc_arch_pc (uc),
		       c->frames, mc_config.context, &cut);
	if (k < 0) {
		__atomic_fetch_add (&c->unwalked, n, __ATOMIC_RELAXED);
		k = 0;
	}
	/* The histogram charges the copy of mcount near the program to
	   the original (modules.c): so does the tree, under the function
	   that called it (the walk follows the copy's own rules:
	   ehframe.c).  */
	if ((orig = mc_near_origin (pc)) != 0)
		leaf = orig;
	node = cut ? MC_CTX_CUT : MC_CTX_ROOT;
	while (k-- > 0 && node != NO_NODE)
		node = node_get (c, node, c->frames[k]);
	if (node != NO_NODE)
		node = node_get (c, node, leaf);
	if (node == NO_NODE) {
		__atomic_store_n (&c->last, NULL, __ATOMIC_RELEASE);
		__atomic_fetch_add (&c->lost, n, __ATOMIC_RELAXED);
		return;
	}
	__atomic_fetch_add (&node_at (c, node)->count, n, __ATOMIC_RELAXED);
	__atomic_store_n (&c->last, &node_at (c, node)->count,
			  __ATOMIC_RELEASE);
}

void
mc_ctx_credit (struct mc_thread *t, uint64_t n)
{
	struct mc_ctx *c;
	uint64_t *last;

	if (!mc_config.context)
		return;
	c = __atomic_load_n (&t->ctx, __ATOMIC_ACQUIRE);
	last = c ? __atomic_load_n (&c->last, __ATOMIC_ACQUIRE) : NULL;
	if (last)
		__atomic_fetch_add (last, n, __ATOMIC_RELAXED);
	else
		__atomic_fetch_add (&mc_ctx_norecord, n, __ATOMIC_RELAXED);
}

void
mc_ctx_reset (void)
{
	struct mc_thread *r;

	for (r = mc_threads (); r; r = r->next) {
		struct mc_ctx *c = __atomic_load_n (&r->ctx, __ATOMIC_ACQUIRE);
		uint32_t n, i;

		if (!c)
			continue;
		n = __atomic_load_n (&c->nnodes, __ATOMIC_ACQUIRE);
		for (i = 0; i < n; i++)
			__atomic_store_n (&node_at (c, i)->count, 0,
					  __ATOMIC_RELAXED);
		__atomic_store_n (&c->lost, 0, __ATOMIC_RELAXED);
		__atomic_store_n (&c->unwalked, 0, __ATOMIC_RELAXED);
	}
	__atomic_store_n (&mc_ctx_norecord, 0, __ATOMIC_RELAXED);
	__atomic_store_n (&mc_ctx_nomem, 0, __ATOMIC_RELAXED);
}

void
mc_ctx_forget (void)
{
	/* A fork child: the parent's trees went with its registry.  */
	mc_ctx_norecord = 0;
	mc_ctx_nomem = 0;
}

int
mc_ctx_each_of (struct mc_thread *r, uint32_t *base, mc_ctx_fn *fn,
		void *arg)
{
	struct mc_ctx *c = __atomic_load_n (&r->ctx, __ATOMIC_ACQUIRE);
	uint32_t n, i;
	int rc;

	if (!c)
		return 0;
	n = __atomic_load_n (&c->nnodes, __ATOMIC_ACQUIRE);
	/* Numbers stay below the markers.  */
	if (n > MC_CTX_CUT - 1 - *base)
		n = MC_CTX_CUT - 1 - *base;
	for (i = 0; i < n; i++) {
		const struct mc_ctx_node *nd = node_at (c, i);
		uint32_t p = nd->parent;

		rc = fn (arg, p < MC_CTX_CUT ? *base + p : p, nd->addr,
			 __atomic_load_n (&nd->count, __ATOMIC_RELAXED));
		if (rc)
			return rc;
	}
	*base += n;
	return 0;
}

int
mc_ctx_each (mc_ctx_fn *fn, void *arg)
{
	struct mc_thread *r;
	uint32_t base = 0;
	int rc;

	for (r = mc_threads (); r; r = r->next)
		if ((rc = mc_ctx_each_of (r, &base, fn, arg)) != 0)
			return rc;
	return 0;
}

void
mc_ctx_stats (struct mc_ctx_stats *st)
{
	struct mc_thread *r;

	st->nodes = st->unwalked = 0;
	st->lost = __atomic_load_n (&mc_ctx_nomem, __ATOMIC_RELAXED);
	st->norecord = __atomic_load_n (&mc_ctx_norecord, __ATOMIC_RELAXED);
	for (r = mc_threads (); r; r = r->next) {
		struct mc_ctx *c = __atomic_load_n (&r->ctx, __ATOMIC_ACQUIRE);

		if (!c)
			continue;
		st->nodes += __atomic_load_n (&c->nnodes, __ATOMIC_ACQUIRE);
		st->lost += __atomic_load_n (&c->lost, __ATOMIC_RELAXED);
		st->unwalked += __atomic_load_n (&c->unwalked,
						 __ATOMIC_RELAXED);
	}
}

/* Fewer functions than this in the program's tables are its start-up
   files' (_start, a crt label or two): none of its own code.  */
#define FEW_FDES	4

void
mc_ctx_check_tables (void)
{
	struct mc_line l = { .len = 0 };
	uint64_t n;

	if (!mc_config.context || mc_modules_count () == 0)
		return;
	n = mc_uw_fde_count (&mc_main);
	if (n >= FEW_FDES)
		return;
	mc_line_str (&l, "libgmon: GMON_CONTEXT: the program has unwind "
		     "tables for ");
	mc_line_u64 (&l, n);
	mc_line_str (&l, " functions only, so its calling contexts stop at "
		     "the function sampled: build it with "
		     "-fasynchronous-unwind-tables (riscv64's gcc makes "
		     "none by default)");
	mc_line_write (&l);
}
