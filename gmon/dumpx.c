/* dumpx.c - gmondump's text of a gmonx file, the companion of a
   profile.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   One line per record: the process, each object, each call between
   objects, the calling contexts' nodes, each thread with its samples
   and arcs, then the sums.  With -e, each address is named after its
   function, in the program (-e's symbols) or in the object's own file,
   read on first use.  Apart from gmondump.c (options and the classic
   files) because a companion's records have nothing of a classic
   file's but the way names are printed (gmondump.h).  */

#include <config.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "gmon/bytes.h"
#include "gmon/gmondump.h"
#include "gmon/gmonx.h"

static const char *
end_name (uint32_t end)
{
	static const char *const names[] = {
		"exit", "_exit", "signal", "exec", "dump", "dump-signal",
		"interval"
	};

	return end < sizeof names / sizeof names[0] ? names[end] : "?";
}

/* With -e, the functions of a companion's objects: the program's from
   -e, every other's read from its path on first use.  */
struct obj_names {
	const struct gmonx_file *f;
	struct elfsyms *syms;		/* one per object, in file order */
	bool *tried;			/* ... loaded, or tried to be */
};

/* The functions of OB from its separate debugging file, found by its
   build id under /usr/lib/debug/.build-id; false if there is none.  */
static bool
debug_names (const struct gmonx_object *ob, struct elfsyms *s)
{
	char path[64 + 2 * GMONX_BUILD_ID_MAX], err[256];
	size_t i;
	int n;

	if (ob->build_id_len < 2)
		return false;
	n = snprintf (path, sizeof path, "/usr/lib/debug/.build-id/%02x/",
		      ob->build_id[0]);
	for (i = 1; i < ob->build_id_len; i++)
		n += snprintf (path + n, sizeof path - (size_t) n, "%02x",
			       ob->build_id[i]);
	snprintf (path + n, sizeof path - (size_t) n, ".debug");
	return elfsyms_load (path, s, err, sizeof err) == 0;
}

/* "  # NAME" of ADDR in object ID, or nothing without -e.  */
static void
name_in_object (const struct gdump_opts *o, struct obj_names *on, uint32_t id,
		uint64_t addr)
{
	const struct gmonx_object *ob = gmonx_object (on->f, id);
	size_t k;
	char err[256];

	if (!o->syms.n)
		return;
	if (!ob) {
		printf (" ?");
		return;
	}
	if (ob->flags & GMONX_OBJ_MAIN) {
		gdump_name (&o->syms, addr);
		return;
	}
	k = (size_t) (ob - on->f->objects);
	if (!on->tried[k]) {
		on->tried[k] = true;
		/* A distribution's library is stripped: its debugging
		   file, if installed, has the full symbol table.  */
		if (!debug_names (ob, &on->syms[k]))
			elfsyms_load (ob->path, &on->syms[k], err, sizeof err);
	}
	gdump_name (&on->syms[k], addr);
}

/* "OBJ:ADDR" of an address of object OBJ.  */
static void
print_obj_addr (uint32_t obj, uint64_t addr)
{
	if (obj == GMONX_NO_OBJECT)
		printf ("-:0x%llx", (unsigned long long) addr);
	else
		printf ("%u:0x%llx", obj, (unsigned long long) addr);
}

/* "  # FROM -> SELF" of arc A, or nothing without -e.  */
static void
name_arc (const struct gdump_opts *o, struct obj_names *on,
	  const struct gmonx_arc *a)
{
	if (o->syms.n) {
		printf ("  #");
		name_in_object (o, on, a->from_obj, a->from_pc);
		printf (" ->");
		name_in_object (o, on, a->self_obj, a->self_pc);
	}
}

/* LEAD then "FROM_ID:ADDR SELF_ID:ADDR COUNT" of arc A: a call
   between objects, or one of a thread's.  */
static void
print_xarc (const char *lead, const struct gdump_opts *o,
	    struct obj_names *on, const struct gmonx_arc *a)
{
	printf ("%s", lead);
	print_obj_addr (a->from_obj, a->from_pc);
	putchar (' ');
	print_obj_addr (a->self_obj, a->self_pc);
	printf (" %llu", (unsigned long long) a->count);
	name_arc (o, on, a);
	putchar ('\n');
}

/* The thread line of T, then (without -s) its samples and arcs.  */
static void
dump_thread (const struct gmonx_file *f, const struct gmonx_thread *t,
	     const struct gdump_opts *o, struct obj_names *on)
{
	size_t k;

	printf ("thread %u%s%s%s order=%u threads=%llu cpu_ns=%llu "
		"samples=%llu unplaced=%llu calls=%llu lost_calls=%llu "
		"start_ns=%llu end_ns=%llu", t->tid,
		t->flags & GMONX_THREAD_MAIN ? " main" : "",
		t->flags & GMONX_THREAD_EXITED ? " exited" : "",
		t->flags & GMONX_THREAD_MERGED ? " merged" : "",
		t->order, (unsigned long long) t->threads,
		(unsigned long long) t->cpu_ns,
		(unsigned long long) t->samples,
		(unsigned long long) t->unplaced,
		(unsigned long long) t->calls,
		(unsigned long long) t->lost_calls,
		(unsigned long long) t->start_ns,
		(unsigned long long) t->end_ns);
	if (t->nnodes)
		printf (" nodes=%zu-%zu", t->first_node,
			t->first_node + t->nnodes - 1);
	printf (" name=");
	gdump_text (t->name);
	putchar ('\n');
	if (o->summary)
		return;
	for (k = 0; k < t->nsamples; k++) {
		const struct gmonx_tsample *e =
			&f->tsamples[t->first_sample + k];

		printf ("  sample ");
		print_obj_addr (e->obj, e->addr);
		printf (" %llu", (unsigned long long) e->count);
		if (o->syms.n) {
			printf ("  #");
			name_in_object (o, on, e->obj, e->addr);
		}
		putchar ('\n');
	}
	for (k = 0; k < t->narcs; k++)
		print_xarc ("  arc ", o, on, &f->tarcs[t->first_arc + k]);
}

/* The per-thread records: each thread, its samples and arcs (its
   contexts are the nodes it names, printed above), and the sums.  */
static void
dump_threads (const struct gmonx_file *f, const struct gdump_opts *o,
	      struct obj_names *on)
{
	unsigned long long samples = 0, calls = 0, threads = 0;
	size_t i;

	if (f->have_threads)
		printf ("threads cap=%u kept=%u merged=%llu norecord=%llu\n",
			f->threads_info.cap, f->threads_info.kept,
			(unsigned long long) f->threads_info.merged,
			(unsigned long long) f->threads_info.norecord);
	for (i = 0; i < f->nthreads; i++) {
		const struct gmonx_thread *t = &f->threads[i];

		samples = gmon_add_sat (samples, t->samples);
		calls = gmon_add_sat (calls, t->calls);
		threads = gmon_add_sat (threads, t->threads);
		dump_thread (f, t, o, on);
	}
	if (f->nthreads)
		printf ("threads: %zu records for %llu threads, %llu samples, "
			"%llu calls\n", f->nthreads, threads, samples, calls);
}

/* The process line and its run stamp's, if F has them.  */
static void
dump_process (const struct gmonx_file *f)
{
	const struct gmonx_process *p = &f->process;

	if (!f->have_process)
		return;
	printf ("process pid=%u ppid=%u image=%u end=%s signal=%u "
		"rate=%u clock=%s cpu_ns=%llu wall_ns=%llu "
		"samples=%llu unknown=%llu outside=%llu "
		"lost_calls=%llu\n", p->pid, p->ppid, p->image,
		end_name (p->end), p->signal, p->rate,
		p->clock == GMONX_CLOCK_WALL ? "wall" : "cpu",
		(unsigned long long) p->cpu_ns,
		(unsigned long long) p->wall_ns,
		(unsigned long long) p->samples,
		(unsigned long long) p->unknown,
		(unsigned long long) p->outside,
		(unsigned long long) p->lost_calls);
	if (gmon_run_known (&p->run))
		printf ("run pid=%" PRIu32 " start=%" PRIu32
			" id=%08" PRIx32 " start_ns=%llu dump=%" PRIu32
			"\n", p->run.pid, p->run.start, p->run.id,
			(unsigned long long) p->start_ns, p->dump);
}

/* The line of object OB.  */
static void
dump_object (const struct gmonx_object *ob)
{
	size_t k;

	printf ("object %u%s%s%s base=0x%llx text=0x%llx-0x%llx "
		"samples=%llu calls=%llu blocks=%llu file=%s",
		ob->id, ob->flags & GMONX_OBJ_MAIN ? " main" : "",
		ob->flags & GMONX_OBJ_VDSO ? " vdso" : "",
		ob->flags & GMONX_OBJ_UNLOADED ? " unloaded" : "",
		(unsigned long long) ob->base,
		(unsigned long long) ob->text_lo,
		(unsigned long long) ob->text_hi,
		(unsigned long long) ob->samples,
		(unsigned long long) ob->calls,
		(unsigned long long) ob->blocks,
		*ob->file ? "" : "-");
	gdump_text (ob->file);
	if (*ob->image) {
		printf (" image=");
		gdump_text (ob->image);
	}
	if (ob->build_id_len) {
		printf (" build-id=");
		for (k = 0; k < ob->build_id_len; k++)
			printf ("%02x", ob->build_id[k]);
	}
	printf (" path=");
	gdump_text (ob->path);
	putchar ('\n');
}

/* The calling contexts: the CONTEXT record, a line per node (without
   -s), and their sum.  */
static void
dump_contexts (const struct gmonx_file *f, const struct gdump_opts *o,
	       struct obj_names *on)
{
	unsigned long long samples = 0;
	size_t i;

	if (f->have_context)
		printf ("context depth=%u lost=%llu unwalked=%llu\n",
			f->context.depth, (unsigned long long) f->context.lost,
			(unsigned long long) f->context.unwalked);
	for (i = 0; i < f->nnodes; i++) {
		const struct gmonx_ctx_node *c = &f->nodes[i];

		samples = gmon_add_sat (samples, c->count);
		if (o->summary)
			continue;
		printf ("node %zu ", i);
		if (c->parent == GMONX_CTX_ROOT)
			printf ("root");
		else if (c->parent == GMONX_CTX_CUT)
			printf ("cut");
		else
			printf ("%u", c->parent);
		putchar (' ');
		print_obj_addr (c->obj, c->addr);
		printf (" %llu", (unsigned long long) c->count);
		if (o->syms.n) {
			printf ("  #");
			name_in_object (o, on, c->obj, c->addr);
		}
		putchar ('\n');
	}
	if (f->nnodes)
		printf ("contexts: %zu nodes, %llu samples\n", f->nnodes,
			samples);
}

int
gdump_gmonx (const char *path, const struct gdump_opts *o)
{
	struct gmonx_file f;
	struct gmon_error err;
	struct obj_names on;
	unsigned long long calls = 0;
	size_t i;

	if (gmonx_read (path, &f, &err) < 0) {
		fprintf (stderr, "%s: %s\n", gdump_prog, err.msg);
		return -1;
	}
	on.f = &f;
	on.syms = calloc (f.nobjects + 1, sizeof *on.syms);
	on.tried = calloc (f.nobjects + 1, sizeof *on.tried);
	if (!on.syms || !on.tried) {
		fprintf (stderr, "%s: out of memory\n", gdump_prog);
		exit (1);
	}
	gdump_text (path);
	printf (": gmonx, version %u\n", f.version);
	dump_process (&f);
	for (i = 0; i < f.nobjects; i++)
		dump_object (&f.objects[i]);
	for (i = 0; i < f.narcs; i++) {
		calls = gmon_add_sat (calls, f.arcs[i].count);
		if (!o->summary)
			print_xarc ("arc ", o, &on, &f.arcs[i]);
	}
	dump_contexts (&f, o, &on);
	dump_threads (&f, o, &on);
	printf ("total: %zu objects, %zu arcs between them (%llu calls), "
		"%llu records skipped\n", f.nobjects, f.narcs, calls,
		(unsigned long long) f.skipped);
	for (i = 0; i < f.nobjects; i++)
		elfsyms_free (&on.syms[i]);
	free (on.syms);
	free (on.tried);
	gmonx_free (&f);
	return 0;
}
