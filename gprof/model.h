/* model.h - what the analyser knows about a profiled program.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   The stages fill these structures in order -- objfile.c the symbols,
   profile/ the profile; then, on an analysis's own copy of the
   symbols (analysis.c), assign.c the self times, callgraph.c the arcs,
   cycles and propagated times -- and the reports only read them.

   Times are kept in clock ticks (histogram counts) as doubles, the way
   GNU gprof keeps them, and divided by the clock rate only when
   printed: every rounding then happens where it happens in GNU gprof,
   so the printed digits agree.  */

#ifndef GPROF_MODEL_H
#define GPROF_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gmon/gmon.h"

struct objfile;

/* A source file named by the debugging information.  */
struct source_file {
	char *name;			/* path as the line table gives it */
	unsigned int id;		/* creation number, from 0 */
	struct source_file *next;	/* next file created (creation order) */
};

#define NO_ARC		UINT32_MAX	/* end of an arc list */

/* A symbol: a function (or, later, a source line) the profile is
   charged to.  Cycle headers are symbols too, with no name, so that
   the call graph can sort and print both alike.  */
struct sym {
	uint64_t addr;			/* first address */
	uint64_t end_addr;		/* last address it covers (inclusive) */
	const char *name;		/* raw (mangled) name; NULL: a cycle */
	struct source_file *file;	/* where it is defined, if known */
	int line;			/* first line of it, 0 if unknown */
	unsigned int print_flag:1;	/* printed in the call graph */
	unsigned int is_func:1;		/* a function entry point */
	unsigned int is_static:1;	/* a local symbol */
	unsigned int mapped:1;		/* renamed to its object file (-R) */
	unsigned int src_known:1;	/* file and line were looked up */
	unsigned int flat_off:1;	/* left out of the flat profile */
	unsigned int overhead:1;	/* libgmon's code: profiling overhead
					   (overhead.c) */
	int index;			/* number in the graph, 1-based; 0: none */

	uint64_t ncalls;		/* calls received, self calls excluded */
	uint64_t self_calls;		/* recursive calls; for a cycle: calls
					   between its members */
	double time;			/* self time, ticks */
	double child_time;		/* time inherited from callees, ticks */

	/* Call-graph state, set by callgraph.c.  */
	double fract;			/* share of its time its callers see */
	double prop_self;		/* self time shown in the graph, ticks */
	double prop_child;		/* children's time shown, ticks */
	struct sym *cyc_head;		/* its cycle's entry, or itself */
	struct sym *cyc_next;		/* next member of the cycle */
	int top_order;			/* topological number, leaves first */
	int cyc_num;			/* cycle it belongs to, 0 if none */
	uint32_t parents;		/* first arc of its callers list */
	uint32_t children;		/* first arc of its callees list */
};

/* An empty symbol: no arcs, no time.  */
static inline void
sym_init (struct sym *s)
{
	*s = (struct sym) { .parents = NO_ARC, .children = NO_ARC };
}

/* A call-graph arc between two symbols.  Arcs live in one array in
   the order they were made; each symbol's lists run through them
   newest first, as GNU gprof's lists do, because the printed order of
   equal arcs depends on it.  */
struct arc {
	struct sym *parent;		/* caller */
	struct sym *child;		/* callee (a function entry) */
	uint64_t count;			/* calls along the arc */
	double time;			/* child's self time charged here */
	double child_time;		/* child's children's time charged here */
	uint32_t next_parent;		/* next arc into CHILD, or NO_ARC */
	uint32_t next_child;		/* next arc out of PARENT, or NO_ARC */
};

/* A cycle: strongly connected functions, shown as one entry.  */
struct cycle {
	struct sym entry;		/* the cycle as a graph entry: name is
					   NULL, cyc_num its number, cyc_next
					   its first member */
};


/* A node of the calling-context tree of the samples (libgmon's
   GMON_CONTEXT): it stands for the chain of addresses from it up to
   its root -- where its samples were taken, then the return addresses
   of the frames above, innermost first.  Parents come before their
   children in the array.  */
struct ctx_node {
	uint64_t addr;			/* model address: the PC of the samples
					   counted here, else a return address */
	uint64_t count;			/* samples whose chain ends here */
	uint32_t parent;		/* the caller's node, or CTX_ROOT or
					   CTX_CUT */
	bool known;			/* addr is in the model (its object is
					   the program, or --objects) */
};

#define CTX_ROOT	UINT32_MAX	/* the stack ended above the node */
#define CTX_CUT		(UINT32_MAX - 1)	/* ... went on, unrecorded */

/* A thread of a process libgmon profiled (its per-thread records,
   read for --threads), in the model's addresses: what the model holds
   no place for (another object without --objects, code of no object)
   is only counted.  */
struct thread_sample {
	uint64_t addr;			/* model address: its bin's first */
	uint64_t count;			/* samples */
};

#define THREAD_MAIN	0x1		/* the process's first thread */
#define THREAD_EXITED	0x2		/* it had exited at the dump */
#define THREAD_MERGED	0x4		/* the threads beyond GMON_THREADS */

struct prof_thread {
	char *name;			/* the kernel's name of it; "" */
	uint32_t pid;			/* its process */
	uint32_t tid;			/* kernel thread id; 0: merged */
	uint32_t order;			/* libgmon met it order-th, from 0 */
	unsigned int flags;		/* THREAD_* */
	uint32_t cap;			/* GMON_THREADS of its run */
	uint64_t nthreads;		/* threads it stands for */
	uint64_t cpu_ns;		/* CPU time */
	uint64_t samples;		/* samples libgmon counted on it */
	uint64_t calls;			/* calls libgmon counted of it */
	uint64_t start_ns, end_ns;	/* met, exited (0: alive), ns after
					   profiling started */
	size_t file;			/* the profile it came from (index) */
	struct thread_sample *s;	/* its samples the model can hold */
	size_t ns;
	uint64_t elsewhere;		/* ... and how many it cannot */
	struct gmon_arc *arcs;		/* its calls the model can hold */
	size_t narcs;
	struct ctx_node *ctx;		/* its calling contexts, numbered from
					   0, parents before children */
	size_t nctx;
};

#define INPUT_HIST	0x1		/* a histogram was read */
#define INPUT_ARCS	0x2		/* call-graph arcs were read */
#define INPUT_BB	0x4		/* basic-block counts were read */

/* The profile: every gmon file read, summed.  */
struct profile {
	unsigned int input;		/* INPUT_* */
	struct gmon_hist *hist;		/* histograms, disjoint ranges: the
					   format library's, taken over */
	size_t nhist;
	long hz;			/* clock rate; 0 if there is no histogram */
	double hist_scale;		/* bin width in 2-byte units, from the
					   first histogram */
	char dimen[16];			/* dimension, "seconds" */
	char abbrev;			/* its abbreviation, 's' */
	struct gmon_arc *arcs;		/* distinct arcs, in first-seen order,
					   their calls summed over the files
					   (gmon/'s array, taken over) */
	size_t narcs;
	struct gmon_bb *bbs;		/* distinct blocks, in first-seen order
					   (gmon/'s array, taken over) */
	size_t nbbs;
	struct ctx_node *ctx;		/* calling contexts of every profile
					   (trees side by side), or NULL */
	size_t nctx;
	unsigned int ctx_depth;		/* frames they hold at most */
	uint64_t ctx_lost;		/* samples without a context */
	struct prof_thread *threads;	/* --threads: every profile's, in
					   file order */
	size_t nthreads;
	uint64_t thread_norecord;	/* samples of threads without record */
	uint64_t cpu_ns;		/* CPU time of the processes, from the
					   companions (libgmon's PROCESS
					   records) of every file ... */
	bool cpu_known;			/* ... if every file had one */
	bool glibc;			/* every file looks written by glibc's
					   runtime: no companion, no run or
					   build stamp */
	uint64_t thread_missing;	/* samples of threads whose records a
					   companion cut short lacks */
	uint64_t thread_samples;	/* every sample of the processes: the
					   threads', those two (at most
					   2^64 - 1) */
};

/* An object of the process a libgmon profile was taken of (--objects):
   the program, a shared library, the vDSO.  Each has a place of its own
   in the model's addresses, far from the others, so that one symbol
   table and one call graph hold them all: model address = link-time
   address + offset (0 for the program).  */
struct proc_object {
	char *path;			/* the file as it was loaded */
	char *name;			/* its name in reports, unique */
	char *symbols;			/* the file to read its symbols from:
					   the saved copy of the vDSO, or NULL
					   for PATH */
	unsigned char build_id[64];	/* its NT_GNU_BUILD_ID */
	size_t build_id_len;		/* 0: none known */
	uint64_t offset;		/* added to its link-time addresses */
	bool main;			/* the program */
	bool has_data;			/* a classic file of it was written */
	bool stripped;			/* no symbol table but its dynamic one,
					   and no debugging file (objects.c) */
	struct objfile *code;		/* its file, open for its machine code
					   and lines (objects.c), or NULL */
};

struct proc_objects {
	struct proc_object *v;		/* v[0] is the program */
	size_t n;
	size_t cap;			/* entries v has room for */
	uint64_t lost_calls;		/* calls between objects, one end in
					   code of no known object */
	struct objects_index *index;	/* profile/companion.c's: V by path
					   and build id, the names V has, the
					   companions, read once */
};

/* The symbol table: sorted by address, one symbol per address.  */
struct symtab {
	struct sym *base;		/* symbols */
	size_t len;			/* how many */
	uint64_t text_end;		/* end of .text: the last symbol's limit */
	/* Lookup index (symtab_index()): bucket b holds the symbol that
	   covers address index_base + (b << index_shift).  */
	uint32_t *bucket;
	uint64_t *addrs;		/* each symbol's addr: what a lookup
					   steps over, without the symbols'
					   cache lines */
	size_t nbuckets;
	uint64_t index_base;
	unsigned int index_shift;
	/* symtab_rank_names(): name_rank[i] orders base[i].name among
	   all the names as strcmp() does (equal names, equal ranks), for
	   the sorts by name of a million symbols.  NULL until made, or
	   when made for another length.  */
	uint32_t *name_rank;
	size_t name_rank_len;
	/* ... and by_name[k] is the symbol of the k-th name in that
	   order (same length), for finding a name (symspec.c).  */
	uint32_t *by_name;
	/* overhead.c: libgmon's symbol, [profiling-overhead], found once
	   the table is final; NULL if it has none.  */
	const struct sym *overhead;
};

/* The call graph, built on a symbol table.  */
struct callgraph {
	struct arc *arcs;		/* every arc, in creation order */
	size_t narcs;
	size_t arcs_cap;
	struct cycle *cycles;		/* cycles[0] is cycle 1 */
	size_t ncycles;
	struct sym **by_index;		/* entries in index order (index-1) */
	size_t nentries;		/* symbols + cycles */
	double print_time;		/* total time shown in the graph, ticks */
	struct arc_hash *hash;		/* (parent, child) -> arc */
	struct arc_lists *lists;	/* each symbol's arcs side by side
					   (cg_assemble(), read through
					   cg_list_run()), or NULL */
};

#endif /* GPROF_MODEL_H */
