/* gmonx.h - read and write gmonx files, the companions of gmon.out.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   The layout is in gmonx_out.h.  The writer works like gmon/write.c
   (no malloc, no stdio, a struct gmon_writer over the caller's
   buffer: async-signal-safe); the reader takes a whole file, checks
   every length against the bytes really there, and names the file and
   the offset of whatever is wrong.  */

#ifndef GMON_GMONX_H
#define GMON_GMONX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gmon/gmon.h"
#include "gmon/gmonx_out.h"

struct gmonx_process {
	uint32_t pid;			/* process id */
	uint32_t ppid;			/* its parent's */
	uint32_t image;			/* images of this pid before (exec) */
	uint32_t end;			/* enum gmonx_end */
	uint32_t signal;		/* fatal or dump signal, or 0 */
	uint32_t rate;			/* samples per second */
	uint32_t clock;			/* enum gmonx_clock */
	uint32_t dump;			/* the dump's number, from 1; 0: not
					   said */
	uint64_t cpu_ns;		/* process CPU time at the dump */
	uint64_t wall_ns;		/* real time since profiling started */
	uint64_t samples;		/* every sample taken */
	uint64_t unknown;		/* ... in no known object */
	uint64_t outside;		/* ... outside an object's histogram */
	uint64_t lost_calls;		/* calls not counted */
	struct gmon_run run;		/* the run stamp (pid included);
					   zeros: the file has none */
	uint64_t start_ns;		/* profiling started, ns since 1970;
					   0: not known */
};

struct gmonx_object {
	uint32_t id;			/* unique in the file */
	uint32_t flags;			/* GMONX_OBJ_* */
	uint64_t base;			/* load address */
	uint64_t text_lo;		/* executable segments, runtime */
	uint64_t text_hi;		/* ... one past the end */
	uint64_t samples;		/* samples in its histogram */
	uint64_t calls;			/* calls counted into it */
	uint64_t blocks;		/* basic-block executions in it */
	const char *path;		/* as loaded, NUL-terminated */
	const char *file;		/* its classic file, relative; "" */
	const unsigned char *build_id;	/* raw note bytes */
	size_t build_id_len;		/* 0: none */
	const char *image;		/* saved copy, relative; "" */
};

struct gmonx_arc {
	uint32_t from_obj;		/* caller's object id, or GMONX_NO_OBJECT */
	uint32_t self_obj;		/* callee's object id, or GMONX_NO_OBJECT */
	uint64_t from_pc;		/* link-time address in from_obj */
	uint64_t self_pc;		/* link-time address in self_obj */
	uint64_t count;			/* calls */
};

struct gmonx_context {
	uint32_t depth;			/* frames a context holds at most */
	uint64_t lost;			/* samples without a context */
	uint64_t unwalked;		/* samples with their PC only */
};

/* A node of the calling-context tree (CONTEXTS records).  */
struct gmonx_ctx_node {
	uint32_t parent;		/* node number, or GMONX_CTX_ROOT/CUT */
	uint32_t obj;			/* object id, or GMONX_NO_OBJECT */
	uint64_t addr;			/* link-time address in obj */
	uint64_t count;			/* samples whose chain ends here */
};

/* How the threads were recorded (THREADS record).  */
struct gmonx_threads {
	uint32_t cap;			/* GMON_THREADS: kept apart at most */
	uint32_t kept;			/* THREAD records of one thread each */
	uint64_t merged;		/* threads in the merged record */
	uint64_t norecord;		/* samples of threads without record */
};

/* A thread (THREAD record), and where its entries are.  */
struct gmonx_thread {
	uint32_t tid;			/* kernel thread id; 0: merged */
	uint32_t flags;			/* GMONX_THREAD_* */
	uint32_t order;			/* libgmon met it order-th, from 0 */
	uint64_t threads;		/* threads it stands for */
	uint64_t cpu_ns;		/* CPU time */
	uint64_t samples;		/* samples, unplaced included */
	uint64_t unplaced;		/* ... in no THREAD_SAMPLES entry */
	uint64_t calls;			/* calls, its THREAD_ARCS' sum */
	uint64_t lost_calls;		/* calls not counted */
	uint64_t start_ns;		/* met, ns after profiling started */
	uint64_t end_ns;		/* exited then; 0: alive */
	const char *name;		/* NUL-terminated; "" if unknown */
	/* What the reader found after it (the writer ignores these).  */
	uint64_t at;			/* file offset of the record */
	size_t first_sample, nsamples;	/* in the file's tsamples */
	size_t first_arc, narcs;	/* in the file's tarcs */
	size_t first_node, nnodes;	/* in the file's nodes */
};

/* Samples of a thread at one address (THREAD_SAMPLES entry).  */
struct gmonx_tsample {
	uint32_t obj;			/* object id, or GMONX_NO_OBJECT */
	uint64_t addr;			/* link-time address in obj: its bin's
					   first */
	uint64_t count;			/* samples */
};

/* ------------------------------------------------------------------ */
/* gmonx_write.c: async-signal-safe, as gmon/write.c.  Each returns 0,
   or -1 once any write failed (W->error says why).  W's target is
   ignored: gmonx has one layout.  */

int gmonx_write_header (struct gmon_writer *w);
int gmonx_write_process (struct gmon_writer *w,
			 const struct gmonx_process *p);
/* Strings longer than GMONX_STRING_MAX bytes are cut; a build id
   longer than GMONX_BUILD_ID_MAX too.  NULL strings are empty.  */
int gmonx_write_object (struct gmon_writer *w,
			const struct gmonx_object *o);
/* One record of N arcs (more records if N is very large).  */
int gmonx_write_arcs (struct gmon_writer *w, const struct gmonx_arc *a,
		      size_t n);
int gmonx_write_context (struct gmon_writer *w,
			 const struct gmonx_context *c);
/* One record of N context nodes (more if N is very large).  The
   parents are numbers among all the nodes the file holds.  */
int gmonx_write_ctx_nodes (struct gmon_writer *w,
			   const struct gmonx_ctx_node *nodes, size_t n);
int gmonx_write_threads (struct gmon_writer *w,
			 const struct gmonx_threads *t);
/* A name longer than GMONX_STRING_MAX bytes is cut.  */
int gmonx_write_thread (struct gmon_writer *w, const struct gmonx_thread *t);
/* One record of N entries (more if N is very large), for the thread
   of the last THREAD record.  */
int gmonx_write_tsamples (struct gmon_writer *w,
			  const struct gmonx_tsample *s, size_t n);
int gmonx_write_tarcs (struct gmon_writer *w, const struct gmonx_arc *a,
		       size_t n);

/* ------------------------------------------------------------------ */
/* gmonx_read.c (the records of each kind: gmonx_objects.c,
   gmonx_contexts.c, gmonx_threads.c) */

/* A gmonx file, whole.  Strings point into its own memory.  */
struct gmonx_file {
	char *name;			/* the path it was read from */
	char *dir;			/* its directory: where the relative
					   names in it start ("." if none) */
	uint32_t version;		/* of the file */
	bool have_process;		/* a PROCESS record was read */
	struct gmonx_process process;
	struct gmonx_object *objects;	/* in file order */
	size_t nobjects;
	struct gmonx_arc *arcs;		/* every ARCS entry, in file order */
	size_t narcs;
	bool have_context;		/* a CONTEXT record was read */
	struct gmonx_context context;
	struct gmonx_ctx_node *nodes;	/* every CONTEXTS node, in file order
					   (a parent before its children) */
	size_t nnodes;
	bool have_threads;		/* a THREADS record was read */
	struct gmonx_threads threads_info;
	struct gmonx_thread *threads;	/* THREAD records, in file order */
	size_t nthreads;
	struct gmonx_tsample *tsamples;	/* every THREAD_SAMPLES entry */
	size_t ntsamples;
	struct gmonx_arc *tarcs;	/* every THREAD_ARCS entry */
	size_t ntarcs;
	uint64_t skipped;		/* records of tags not known here */
	uint32_t *id_slot;		/* objects by id: 1 + index in
					   objects, or 0; open addressing */
	size_t id_mask;			/* slots - 1 (0: no index) */
	unsigned char *data;		/* the bytes of the file */
	size_t size;
};

/* Whether the first bytes of a file (N of them) are a gmonx magic.  */
bool gmonx_is_magic (const void *head, size_t n);

/* Reads PATH into F.  Returns 0, or -1 with ERR filled ("PATH: what
   is wrong at offset N"); F is then empty.  */
int gmonx_read (const char *path, struct gmonx_file *f,
		struct gmon_error *err);

/* The same from memory (copied), NAME naming it in messages and
   giving the directory.  */
int gmonx_parse (const void *data, size_t size, const char *name,
		 struct gmonx_file *f, struct gmon_error *err);

void gmonx_free (struct gmonx_file *f);

/* The object of F with id ID, or NULL.  */
const struct gmonx_object *gmonx_object (const struct gmonx_file *f,
					 uint32_t id);

/* The companion libgmon wrote with the profile PROFILE, into BUF
   (SIZE bytes): for DIR/STEM[.PID[.N]] it is
   DIR/STEM-objs[.PID[.N]]/objects.gmonx.  A stem may end in digits of
   its own, so the names that PROFILE could have been split into are
   tried, the fewest numbers taken as PID and N first.  Returns 0 with
   the first that exists, or -1 with BUF holding the first tried (for
   a message).  */
int gmonx_find_companion (const char *profile, char *buf, size_t size);

/* ------------------------------------------------------------------ */
/* gmonx_names.c */

/* Whether NAME (N bytes) is a name libgmon writes for a classic file
   or a saved image: a plain file name in the companion's directory,
   or, for the program (MAIN), one in the directory above.  Anything
   else (absolute, nested, "..") would send a reader elsewhere.  */
bool gmonx_plain_name (const unsigned char *name, size_t n, bool main);

/* Longest name gmonx_each_name passes on, NUL included.  */
#define GMONX_NAME_MAX	256

typedef void gmonx_name_fn (void *arg, const char *name);

/* Calls FN (ARG, NAME) for each file of the companion's directory
   that the companion open on FD (a regular file) names, in file
   order, up to its first ARCS, CONTEXT, CONTEXTS or per-thread record:
   the classic file and the saved image of each object but the program,
   if they are plain names of fewer than GMONX_NAME_MAX bytes.  Reads from
   FD's offset, with read(2) and lseek(2) and a buffer on the stack: no
   malloc, no stdio (the runtime calls it at exit).  Returns 0 at the
   end of the file or at such a record, -1 if it is not a gmonx file
   or ends inside a record (the names before were passed on).  */
int gmonx_each_name (int fd, gmonx_name_fn *fn, void *arg);

#define GMONX_OBJDIR_SUFFIX	"-objs"
#define GMONX_COMPANION_NAME	"objects.gmonx"

#endif /* GMON_GMONX_H */
