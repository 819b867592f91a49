/* private.h - what the exporters share.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Private to gprof/export/.  The writers (callgrind.c, igprof.c,
   aprof.c, dot.c, json.c) get a struct export_ctx: the model, the
   options of their --export, and two things computed once for all of
   them --

   - samples.c: the histogram split into integer costs per address
     piece, per symbol and (with -l) per line, adding up exactly to the
     samples taken;
   - estimate.c: those costs carried up the call graph by gprof's rule,
     in integers that add up, and the calls per call site --

   with round.c's largest-remainder split underneath, and out.c to
   write plain or gzip'ed files.  Each format registers itself with a
   row, struct export_format, that export.c's table lists.  */

#ifndef GPROF_EXPORT_PRIVATE_H
#define GPROF_EXPORT_PRIVATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <zlib.h>

#include "gprof/export/export.h"
#include "gprof/gate.h"
#include "gprof/model.h"
#include "gprof/util/hindex.h"
#include "gprof/util/replace.h"

/* ------------------------------------------------------------------ */
/* One --export option (export.c).  */

struct export_format;

struct export_req {
	const struct export_format *fmt;	/* its format */
	const char *spec;		/* the option's argument, as typed */
	char *path;			/* output file; "-" is standard output */
	bool gzip;			/* compress (igprof, callgrind) */
	bool flat;			/* igprof: one-frame stacks only */
	bool bb;			/* aprof: basic-block counts as cost */
	double prune;			/* igprof: smallest subtree kept, ticks */
	size_t max_nodes;		/* igprof: most stack nodes written */
	double node_thres;		/* dot: smallest node drawn, % of total */
	double edge_thres;		/* dot: smallest edge drawn, % of total */
	const char *unit;		/* folded, flamegraph: unit=, NULL:
					   samples */
};

/* ------------------------------------------------------------------ */
/* out.c: a file, standard output, or a gzip stream.  */

struct out {
	const char *path;		/* as named; "-" is standard output */
	FILE *f;			/* plain output */
	gzFile gz;			/* compressed output */
	struct gp_replace file;		/* a file's temporary, renamed
					   over it at out_close */
	char *buf;			/* out_printf()'s line buffer */
	size_t cap;
	bool failed;			/* a write failed */
	int err;			/* ... with this errno (0: unknown) */
};

/* Opens PATH ("-": standard output) for writing, compressed if GZIP
   (zlib's fastest level if FAST, else its best): a file is written as
   a temporary beside it, renamed over it by out_close (a full disk
   leaves the old file whole; a link there is replaced, not followed;
   a FIFO, a device or a directory there is refused).  Exits with a
   message if it cannot.  */
void out_open (struct out *o, const char *path, bool gzip, bool fast);
void out_write (struct out *o, const char *s, size_t n);
/* out_write for the writers of util/utf8.c: O is a struct out.  */
void out_put (void *o, const char *s, size_t n);
void out_puts (struct out *o, const char *s);
void out_printf (struct out *o, const char *fmt, ...)
	__attribute__ ((format (printf, 2, 3)));
/* Closes O; exits with a message if anything could not be written.  */
void out_close (struct out *o);

/* ------------------------------------------------------------------ */
/* protobuf.c: protobuf's wire format (the pprof export).  */

/* A message being put together.  */
struct pb {
	unsigned char *v;		/* the bytes */
	size_t n, cap;			/* used, room for */
};

void pb_varint (struct pb *b, uint64_t x);
/* A varint field; proto3 leaves out zeros.  */
void pb_uint (struct pb *b, unsigned int field, uint64_t x);
/* A length-delimited field: a string, a message, packed numbers.  */
void pb_bytes (struct pb *b, unsigned int field, const void *p, size_t n);
/* Packed repeated varints V[0..N) as field FIELD.  */
void pb_packed (struct pb *b, unsigned int field, const uint64_t *v,
		size_t n);
/* Message M as field FIELD of the outermost message, straight to O;
   M is emptied for the next.  */
void pb_put_field (struct out *o, unsigned int field, struct pb *m);

/* ------------------------------------------------------------------ */
/* round.c: integers that add up.  */

/* Splits TOTAL into OUT[0..N) in proportion to the weights W[0..N),
   exactly: each gets the floor of its share, and what the floors leave
   goes one by one to the largest remainders (the first of equal
   ones).  All weights 0: OUT is all 0 (TOTAL cannot be split).  */
void round_split (uint64_t total, const uint64_t *w, size_t n, uint64_t *out);

/* The same with real weights (>= 0).  */
void round_split_real (uint64_t total, const double *w, size_t n,
		       uint64_t *out);

/* V rounded to the nearest integer, from 0 to 2^64 - 1: a count times
   a rate (2^63 samples in nanoseconds) passes the top, where a plain
   conversion is undefined.  */
uint64_t round_u64 (double v);

/* ------------------------------------------------------------------ */
/* samples.c: the histogram, as integer costs.  */

#define SAMPLES_NOSYM	UINT32_MAX	/* a piece outside any symbol */

/* Where some of the cost lies: an address range's share of one bin.  */
struct piece {
	uint64_t addr;			/* first address of the piece */
	uint64_t line_addr;		/* start of its line (-l), else of its
					   symbol */
	uint32_t sym;			/* symbol, or SAMPLES_NOSYM */
	uint64_t cost;			/* units */
};

struct samples {
	const char *unit;		/* "usec", "nsec", "psec", "samples" */
	const char *unit_long;		/* for a reader's legend */
	uint64_t per_sample;		/* units per sample */
	uint64_t samples;		/* samples kept: all, less those of
					   symbols the flat profile leaves out */
	uint64_t total;			/* units kept: samples * per_sample */
	uint64_t *self;			/* per symbol: its samples, in units */
	uint64_t unknown;		/* units outside every symbol */
	uint64_t excluded;		/* units of the symbols left out */
	uint64_t overhead_out;		/* ... of them, libgmon's own
					   (--no-overhead) */
	struct piece *v;		/* pieces, ascending by address */
	size_t n;
	bool by_line;			/* pieces split at line starts (-l) */

	bool have_bb;			/* the profile has block counts */
	uint64_t *bb_self;		/* per symbol: block executions */
	uint64_t bb_unknown;		/* executions outside every symbol */
	uint64_t bb_total;
	struct piece *bbv;		/* one piece per block, ascending */
	size_t nbb;

	struct lines *lines;		/* for samples_line() */
	struct line_memo *lmemo;	/* line lookups, remembered */
	size_t nlmemo, lmemo_cap;	/* how many, room for */
	struct hindex lmemo_index;	/* LMEMO by address */
};

/* Splits the histograms of IN (and its block counts) into pieces; at
   line starts too if BY_LINE.  */
void samples_build (struct samples *xs, const struct export_input *in,
		    bool by_line);
void samples_free (struct samples *xs);

/* The source file (NULL if unknown) and line (0) of ADDR.  */
void samples_line (struct samples *xs, uint64_t addr,
		   const struct source_file **file, int *line);

/* ------------------------------------------------------------------ */
/* estimate.c: the call graph, in integer costs.  */

#define EST_TIME	0		/* sampled time, samples.c's units */
#define EST_BB		1		/* basic-block executions */
#define EST_NEV		2

/* The calls of one arc from one place in the caller.  */
struct site {
	uint32_t arc;			/* index in the call graph's arcs */
	uint32_t caller, callee;	/* its symbols' indices */
	uint64_t from_pc;		/* caller address the profile holds */
	uint64_t call_pc;		/* the call instruction; 0: not found */
	uint64_t count;			/* calls */
	uint64_t cost[EST_NEV];		/* its share of the arc's cost */
};

struct estimate {
	size_t nev;			/* events: 1, or 2 with block counts */
	uint64_t *arc_cost[EST_NEV];	/* per arc: cost of the callee (and
					   its callees) on behalf of the
					   caller, gprof's estimate; 0 for
					   calls within a cycle */
	uint64_t *incl[EST_NEV];	/* per symbol: self + what its calls
					   out of its cycle cost */
	uint64_t *cyc_incl[EST_NEV];	/* per cycle: the same, whole */
	struct site *sites;		/* by caller (symbol index), then
					   call address */
	size_t nsites;
	size_t *first_site;		/* per symbol + 1: its sites are
					   sites[first_site[i] ..
					   first_site[i+1]) */
	size_t nfound;			/* sites whose call was found */
};

/* Carries XS's costs up IN's call graph (which may be NULL: then every
   inclusive cost is the self cost).  */
void estimate_build (struct estimate *g, const struct export_input *in,
		     const struct samples *xs);
void estimate_free (struct estimate *g);

/* ------------------------------------------------------------------ */
/* ctxtree.c: the measured calling contexts (GMON_CONTEXT), per
   function.  */

#define CT_NONE		UINT32_MAX	/* no node: a root's parent */
#define CT_NOSYM	(UINT32_MAX - 1)	/* what: a frame in no symbol */
#define CT_CUT		(UINT32_MAX - 2)	/* what: the frames beyond
						   GMON_CONTEXT's depth */

struct ctxnode {
	uint32_t parent;		/* node, or CT_NONE */
	uint32_t what;			/* symbol, CT_NOSYM or CT_CUT */
	uint32_t depth;			/* 1 for a root */
	uint32_t first, next;		/* children, biggest total first */
	double self;			/* samples.c's units sampled in it */
	double total;			/* ... in it and below it */
};

struct ctxtree {
	struct ctxnode *v;		/* parents before their children */
	size_t n, cap;
	uint32_t roots;			/* first root; the others by next */
};

/* The tree of IN's contexts, in XS's units.  KEEP_FRAMES: frames in no
   symbol, and the cut of deep stacks, are nodes; else they are left
   out (their callees hang on the frame above, or are roots).  */
void ctxtree_build (struct ctxtree *t, const struct export_input *in,
		    const struct samples *xs, bool keep_frames);
void ctxtree_free (struct ctxtree *t);

/* ------------------------------------------------------------------ */
/* stacks.c: whole stacks, sampled (GMON_CONTEXT) or by gprof's
   estimate, for the writers of stacks.  */

enum stacks_kind {
	STACKS_LABEL,			/* the root: sampled or estimated */
	STACKS_FUNC,			/* a function (what: symbol) */
	STACKS_CYCLE,			/* a cycle (what: its index) */
	STACKS_PRUNED,			/* what prune and nodes left out */
	STACKS_NOSYM,			/* a frame in no function */
	STACKS_CUT,			/* frames beyond GMON_CONTEXT's depth */
	STACKS_THREAD			/* --threads: a row of the threads, at
					   the root (the writers' own) */
};

/* A frame, in the order written: depth first, the biggest callee
   first.  */
struct stacks_node {
	enum stacks_kind kind;
	uint32_t depth;			/* 1-based */
	uint32_t what;			/* symbol index, or cycle index */
	double value;			/* self ticks held, real */
	uint64_t ticks;			/* the same, rounded */
	uint64_t subtree;		/* ticks of it and below */
};

struct stacks_kid;

struct stacks {
	struct export_ctx *c;
	size_t nsym, ncyc;		/* units: symbols, then cycles */
	double *self;			/* per unit: self ticks, real */
	double *total;			/* per unit: self + callees */
	double *ncalls;			/* per unit: calls from outside */
	struct stacks_kid **kids;	/* per unit: its callee units */
	size_t *nkids;			/* per unit: how many */
	struct stacks_node *v;		/* the frames */
	size_t n, cap;			/* frames made, room for */
	size_t max_nodes;		/* nodes=N */
	double prune;			/* prune=TICKS */
	uint64_t *ticks;		/* per symbol: self ticks, adding up
					   to the samples; [nsym]: outside
					   every symbol */
	bool sampled;			/* the stacks are GMON_CONTEXT's */
};

/* The frames of C's profile: one per function with flat, the sampled
   stacks if the profile has contexts, else gprof's estimate; each
   frame's ticks and subtree ticks set, adding up to the samples.  */
void stacks_build (struct stacks *t, struct export_ctx *c);
struct stacks_node *stacks_push (struct stacks *t, enum stacks_kind kind,
				 uint32_t depth, uint32_t what, double value);
void stacks_free (struct stacks *t);

/* ------------------------------------------------------------------ */
/* export.c: what a writer gets.  */

struct export_ctx {
	const struct export_input *in;
	const struct export_req *req;
	const struct export_thread *thread;	/* --threads: the row IN is
						   the model of; NULL */
	struct samples *samples;	/* samples.c's costs, built once */
	struct estimate *est;		/* estimate.c's, built once */
	char **names;			/* demangled names, per symbol */
	unsigned char *named;
	char *image_abs;		/* the executable's absolute path */
};

/* The name of symbol I as the reports show it: demangled unless -T or
   --no-demangle.  */
const char *export_name (struct export_ctx *c, size_t i);
/* The symbol's file name, or "???".  */
const char *export_file (const struct sym *s);
/* The index of symbol S.  */
size_t export_index (const struct export_ctx *c, const struct sym *s);
/* --objects: the index of the object whose code holds model address
   ADDR (0: the program, and always without --objects).  */
size_t export_object (const struct export_input *in, uint64_t addr);
/* The file of the object whose code holds ADDR, open for its machine
   code, and in *OFFSET what ADDR less gives that file's own addresses:
   the executable (0), or another object's (NULL if it could not be
   read).  */
struct objfile *export_code (const struct export_input *in, uint64_t addr,
			     uint64_t *offset);
/* Seconds of TICKS (0 without a clock rate).  */
double export_secs (const struct export_ctx *c, double ticks);

/* ------------------------------------------------------------------ */
/* The formats: each file of a format defines its row, and export.c's
   table lists the rows.  */

/* The ,OPTIONS an --export may take (struct export_format allows).  */
#define EXPORT_OPT_GZIP		0x01	/* gzip: compress the file */
#define EXPORT_OPT_FLAT		0x02	/* flat: one-frame stacks */
#define EXPORT_OPT_PRUNE	0x04	/* prune=TICKS */
#define EXPORT_OPT_NODES	0x08	/* nodes=N */
#define EXPORT_OPT_BB		0x10	/* bb: block counts as the cost */
#define EXPORT_OPT_NODE		0x20	/* node=PERCENT */
#define EXPORT_OPT_EDGE		0x40	/* edge=PERCENT */
#define EXPORT_OPT_UNIT		0x80	/* unit=samples|ms|us|ns */

struct export_format {
	const char *name;		/* as --export=NAME names it */
	const char *options;		/* its options, for a message */
	unsigned int allows;		/* EXPORT_OPT_* it takes */
	const char *path_prefix;	/* the default file: PREFIX PROGRAM */
	const char *path_suffix;	/* SUFFIX */
	/* Refuses (exits with a message) what it cannot write, before
	   any file is written; NULL: it takes every profile.  */
	void (*check) (struct export_ctx *c);
	void (*write) (struct export_ctx *c, struct out *o);
	/* --threads: the part of C's row (C->thread), called once per row
	   into the same file, *STATE the format's own between the calls
	   (NULL at the first); then END, with C's model the whole
	   profile's (no samples nor estimate).  NULL: no per-thread
	   form.  */
	void (*write_thread) (struct export_ctx *c, struct out *o,
			      void **state);
	void (*end_threads) (struct export_ctx *c, struct out *o,
			     void *state);
	bool always_gzip;		/* compressed, whatever the name, and
					   at zlib's fastest level (as Go's
					   runtime writes its profiles) */
	/* --fail-if's verdicts (gate.h), for a format of verdicts, not
	   of the profile (its WRITE is NULL).  */
	void (*write_verdicts) (const struct gate *g, struct out *o);
};

extern const struct export_format export_callgrind;
extern const struct export_format export_igprof;
extern const struct export_format export_aprof;
extern const struct export_format export_dot;
extern const struct export_format export_json;
extern const struct export_format export_folded;
extern const struct export_format export_flamegraph;
extern const struct export_format export_pprof;
extern const struct export_format export_junit;
extern const struct export_format export_markdown;

/* folded.c, for the writers of its stacks: units per second of UNIT
   (unit=), 0 for samples; the name of a frame (malloc'd, no `;');
   the cost of each frame of T in C's unit, adding up (malloc'd).  */
uint64_t folded_per_second (const char *unit);
char *folded_frame_name (struct export_ctx *c, const struct stacks_node *nd);
uint64_t *folded_costs (struct export_ctx *c, const struct stacks *t);

#endif /* GPROF_EXPORT_PRIVATE_H */
