/* callgrind.c - the profile as a Callgrind file (callgrind_annotate,
   KCachegrind).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   The layout both readers accept (see the project's notes on them):

       # callgrind format                   first line: KCachegrind's cue
       version: 1
       creator: ... / cmd: ... / desc: ...
       positions: instr line                before events:
       event: usec : Sampled CPU time ...
       events: usec [Bb]                    ends the header
       summary: TOTAL                       after events:
       ob=(1) /abs/exe
       fl=(1) file.c
       fn=(1) f
       0x401204 12 860000                   self cost: address, line
       cfi=(1)                              before every cfn=, always
       cfn=(2) leaf
       calls=20000 0x4011c6 7               count, callee's address, line
       0x40123c 18 1289678                  call site, inclusive cost
       ...
       totals: TOTAL

   Self costs are samples.c's pieces: one line per share of a bin, at
   the start of the instruction the bin starts in (arch/insn.c: where
   KCachegrind's objdump shows it), with the function's first line
   (or, with -l, the line of that address).  Inclusive costs of calls are
   estimate.c's, per call site (measured when the profile has calling
   contexts, estimated by gprof's rule otherwise); calls within a cycle
   cost 0, as in GNU gprof, so that both readers' inclusive times are
   gprof's self + children (KCachegrind adds the calls into a function,
   callgrind_annotate does too).  Samples outside every function go to
   a function `???' of file `???', so that the total is every sample.
   Names are compressed: `(id) name' once, `(id)' after.  */

#include <config.h>

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gprof/arch/insn.h"
#include "gprof/export/private.h"
#include "gprof/util/hindex.h"
#include "gprof/util/util.h"

/* Compressed names: an id per file and per function, 0 if not yet
   written.  */
struct names {
	const struct source_file **file;	/* files named, in order */
	size_t *file_id;		/* ... and their ids */
	size_t nnamed, cap;		/* how many, room for */
	struct hindex file_index;	/* FILE by pointer */
	size_t nfiles;			/* ids given (files and ???) */
	size_t unknown_file;		/* id of "???" */
	size_t *fn_id;			/* per symbol */
	size_t nfns;
	bool *ob_named;			/* per object: its ob id defined */
	size_t ob;			/* the current ob= (object index) */
};

/* --objects: the index of the object symbol address ADDR is in (0:
   the program).  */
static size_t
obj_of (const struct export_ctx *c, uint64_t addr)
{
	return export_object (c->in, addr);
}

/* ADDR as its object's own (link-time) address: what objdump of the
   ob= file shows, where KCachegrind looks for it.  */
static uint64_t
obj_addr (const struct export_ctx *c, uint64_t addr)
{
	size_t k = obj_of (c, addr);

	return k ? addr - c->in->objs->v[k].offset : addr;
}

/* Writes "KEY=(id) path" or "KEY=(id)" for object K: its file, or for
   the vDSO the copy saved of it.  */
static void
put_ob (struct out *o, struct names *nm, const struct export_ctx *c,
	const char *key, size_t k)
{
	const struct proc_object *ob = k ? &c->in->objs->v[k] : NULL;

	if (nm->ob_named[k]) {
		out_printf (o, "%s=(%zu)\n", key, k + 1);
		return;
	}
	nm->ob_named[k] = true;
	out_printf (o, "%s=(%zu) %s\n", key, k + 1, !ob ? c->image_abs
		    : ob->symbols ? ob->symbols : ob->path);
}

static size_t
file_hash (const void *arg, size_t i)
{
	return hindex_hash ((uintptr_t) ((const struct names *) arg)->file[i]);
}

/* Writes "KEY=(id) name" or "KEY=(id)" for file F (NULL: ???).  */
static void
put_file (struct out *o, struct names *nm, const char *key,
	  const struct source_file *f)
{
	size_t s;

	if (!f) {
		if (!nm->unknown_file) {
			nm->unknown_file = ++nm->nfiles;
			out_printf (o, "%s=(%zu) ???\n", key, nm->nfiles);
		} else {
			out_printf (o, "%s=(%zu)\n", key, nm->unknown_file);
		}
		return;
	}
	for (s = hindex_first (&nm->file_index, hindex_hash ((uintptr_t) f));
	     nm->file_index.slot[s]; s = hindex_next (&nm->file_index, s)) {
		size_t k = nm->file_index.slot[s] - 1;

		if (nm->file[k] == f) {
			out_printf (o, "%s=(%zu)\n", key, nm->file_id[k]);
			return;
		}
	}
	if (nm->nnamed == nm->cap) {
		nm->cap = nm->cap ? nm->cap * 2 : 64;
		nm->file = xrealloc (nm->file, nm->cap * sizeof *nm->file);
		nm->file_id = xrealloc (nm->file_id,
					nm->cap * sizeof *nm->file_id);
	}
	nm->file[nm->nnamed] = f;
	nm->file_id[nm->nnamed] = ++nm->nfiles;
	nm->nnamed++;
	hindex_put (&nm->file_index, s, nm->nnamed - 1, nm->nnamed, file_hash,
		    nm);
	out_printf (o, "%s=(%zu) %s\n", key, nm->nfiles, f->name);
}

static void
put_fn (struct out *o, struct names *nm, struct export_ctx *c, const char *key,
	size_t i)
{
	if (nm->fn_id[i]) {
		out_printf (o, "%s=(%zu)\n", key, nm->fn_id[i]);
		return;
	}
	nm->fn_id[i] = ++nm->nfns;
	/* A name is one line; a newline in a symbol would end it.  */
	if (strchr (export_name (c, i), '\n')) {
		char *n = xstrdup (export_name (c, i)), *p;

		for (p = n; *p; p++)
			if (*p == '\n')
				*p = '?';
		out_printf (o, "%s=(%zu) %s\n", key, nm->fn_id[i], n);
		free (n);
		return;
	}
	out_printf (o, "%s=(%zu) %s\n", key, nm->fn_id[i], export_name (c, i));
}

/* The file and line a piece of symbol S at LINE_ADDR is charged to:
   with -l the line's (where the debugging information has one), else
   the function's first line.  */
static void
piece_line (struct export_ctx *c, const struct sym *s, uint64_t line_addr,
	    const struct source_file **file, int *line)
{
	if (c->samples->by_line) {
		samples_line (c->samples, line_addr, file, line);
		if (*file)
			return;
	}
	*file = s->file;
	*line = s->line;
}

static void
put_cost_line (struct out *o, const struct export_ctx *c, uint64_t addr,
	       int line, uint64_t time, uint64_t bb)
{
	if (c->est->nev > 1)
		out_printf (o, "0x%llx %d %llu %llu\n",
			    (unsigned long long) addr, line,
			    (unsigned long long) time, (unsigned long long) bb);
	else
		out_printf (o, "0x%llx %d %llu\n", (unsigned long long) addr,
			    line, (unsigned long long) time);
}

/* Where the instructions of symbol SYM start, as objdump decodes it
   (insn.c), into IS, at the model's addresses: from its object's own
   code (that of the program, or with --objects of a library).  */
static bool
sym_insn_starts (struct export_ctx *c, uint32_t sym, struct insn_starts *is)
{
	const struct symtab *st = c->in->st;
	const struct sym *s = &st->base[sym];
	uint64_t end = sym + 1 < st->len ? st->base[sym + 1].addr
		: st->text_end, off;
	struct objfile *of = export_code (c->in, s->addr, &off);
	size_t i;

	/* (insn.c stops at the end of the object's .text.)  */
	if (!of || !insn_starts (of, s->addr - off, end - off, is))
		return false;
	for (i = 0; i < is->n; i++)
		is->v[i] += off;
	return true;
}

/* The self cost lines of symbol SYM from pieces V[*PI..] and blocks
   B[*BI..] (both ascending, a symbol's together); lines of another
   file than the function's (inlined code, with -l) go under fi= and
   back.  */
static void
self_lines (struct out *o, struct export_ctx *c, struct names *nm, uint32_t sym,
	    size_t *pi, size_t *bi)
{
	const struct samples *xs = c->samples;
	const struct symtab *st = c->in->st;
	const struct sym *s = &st->base[sym];
	const struct source_file *fl = s->file, *cur = fl;
	struct insn_starts is;
	bool decoded;

	/* Each piece at the start of the instruction it falls in.  */
	decoded = sym_insn_starts (c, sym, &is);

	while ((*pi < xs->n && xs->v[*pi].sym == sym)
	       || (*bi < xs->nbb && xs->bbv[*bi].sym == sym)) {
		const struct piece *p = NULL;
		const struct source_file *file = NULL;
		uint64_t time = 0, bb = 0, addr, line_addr;
		int line = 0;

		/* The next address of either list; both at one address
		   make one line.  */
		if (*pi < xs->n && xs->v[*pi].sym == sym)
			p = &xs->v[*pi];
		if (*bi < xs->nbb && xs->bbv[*bi].sym == sym
		    && (!p || xs->bbv[*bi].addr < p->addr))
			p = &xs->bbv[*bi];
		addr = p->addr;
		line_addr = p->line_addr;
		if (*pi < xs->n && xs->v[*pi].sym == sym
		    && xs->v[*pi].addr == addr)
			time = xs->v[(*pi)++].cost;
		if (*bi < xs->nbb && xs->bbv[*bi].sym == sym
		    && xs->bbv[*bi].addr == addr)
			bb = xs->bbv[(*bi)++].cost;
		piece_line (c, s, line_addr, &file, &line);
		if (file != cur) {
			put_file (o, nm, "fi", file);
			cur = file;
		}
		put_cost_line (o, c, obj_addr (c, decoded
						 ? insn_start_of (&is, addr)
						 : addr), line, time, bb);
	}
	if (decoded)
		insn_starts_free (&is);
	if (cur != fl)
		put_file (o, nm, "fi", fl);
}

/* The calls of symbol I, one block per call site.  */
static void
call_lines (struct out *o, struct export_ctx *c, struct names *nm, size_t i)
{
	const struct estimate *g = c->est;
	const struct sym *caller = &c->in->st->base[i];
	struct insn_starts is;
	bool decoded = false, tried = false;
	size_t k;

	for (k = g->first_site[i]; k < g->first_site[i + 1]; k++) {
		const struct site *site = &g->sites[k];
		const struct sym *callee = &c->in->st->base[site->callee];
		uint64_t at = site->call_pc;
		int line;

		/* A call not found in the machine code goes at the return
		   address the profile holds, at the start of the
		   instruction it falls in: glibc's runtime keeps it to 16
		   bytes on some targets (RISC-V, i386).  */
		if (!at) {
			if (!tried)
				decoded = sym_insn_starts (c, (uint32_t) i, &is);
			tried = true;
			at = decoded ? insn_start_of (&is, site->from_pc)
				: site->from_pc;
		}

		/* The call's line, if it is in the caller's file (calls
		   from inlined code stay on the caller's first line, so
		   that both readers see one caller).  */
		line = caller->line;
		if (c->samples->by_line) {
			const struct source_file *f;
			int l;

			samples_line (c->samples, site->call_pc
				      ? site->call_pc : site->from_pc - 1,
				      &f, &l);
			if (f && f == caller->file)
				line = l;
		}
		/* The callee's object, if not the caller's: cob= holds
		   for the next call only, as cfi= does.  */
		if (obj_of (c, callee->addr) != nm->ob)
			put_ob (o, nm, c, "cob", obj_of (c, callee->addr));
		put_file (o, nm, "cfi", callee->file);
		put_fn (o, nm, c, "cfn", site->callee);
		out_printf (o, "calls=%llu 0x%llx %d\n",
			    (unsigned long long) site->count,
			    (unsigned long long) obj_addr (c, callee->addr),
			    callee->line);
		put_cost_line (o, c, obj_addr (c, at), line,
			       site->cost[EST_TIME],
			       g->nev > 1 ? site->cost[EST_BB] : 0);
	}
	if (decoded)
		insn_starts_free (&is);
}

static void
header (struct out *o, struct export_ctx *c)
{
	const struct export_input *in = c->in;
	const struct samples *xs = c->samples;
	const struct options *opt = in->opt;
	size_t i;

	out_puts (o, "# callgrind format\n");
	out_puts (o, "version: 1\n");
	out_printf (o, "creator: gprof (%s) %s\n", PACKAGE_NAME,
		    PACKAGE_VERSION);
	out_printf (o, "cmd: %s\n", c->image_abs);
	out_puts (o, "desc: Trigger: gprof --export of");
	if (opt->ngmon == 0)
		out_puts (o, " gmon.out");
	for (i = 0; i < opt->ngmon; i++)
		out_printf (o, " %s", opt->gmon_files[i]);
	out_puts (o, "\n");
	if (in->p->input & INPUT_HIST)
		out_printf (o, "desc: Histogram: %llu samples at %ld Hz, 1 "
			    "sample = %llu %s\n",
			    (unsigned long long) xs->samples, in->p->hz,
			    (unsigned long long) xs->per_sample, xs->unit);
	else
		out_puts (o, "desc: Histogram: none (no time was sampled)\n");
	if (xs->excluded)
		out_printf (o, "desc: Excluded: %llu %s sampled in functions "
			    "the flat profile leaves out (-P, --no-overhead, "
			    "mcount) are not in this file\n",
			    (unsigned long long) xs->excluded, xs->unit);
	out_puts (o, "desc: Calls: exact counts, per call site\n");
	if (in->p->nctx)
		out_printf (o, "desc: Measured: the time of calls (inclusive "
			    "costs) is measured, from the calling contexts of "
			    "the samples (GMON_CONTEXT=%u): the time spent "
			    "under each call; calls within a cycle cost 0%s\n",
			    in->p->ctx_depth, c->est->nev > 1 ? "; their basic-"
			    "block costs are gprof's estimates, which assume "
			    "every call of a function costs the same" : "");
	else
		out_puts (o, "desc: Estimates: the costs of calls (inclusive "
			  "costs) are gprof's estimates, which assume every "
			  "call of a function takes the same time; calls "
			  "within a cycle cost 0\n");
	if (c->est->nsites)
		out_printf (o, "desc: Sites: %zu of %zu call sites found in "
			    "the machine code, the others at the return "
			    "address the profile holds\n", c->est->nfound,
			    c->est->nsites);
	out_printf (o, "positions: instr line\n");
	out_printf (o, "event: %s : %s\n", xs->unit, xs->unit_long);
	if (c->est->nev > 1) {
		out_puts (o, "event: Bb : Basic-block executions\n");
		out_printf (o, "events: %s Bb\n", xs->unit);
		out_printf (o, "summary: %llu %llu\n",
			    (unsigned long long) xs->total,
			    (unsigned long long) xs->bb_total);
	} else {
		out_printf (o, "events: %s\n", xs->unit);
		out_printf (o, "summary: %llu\n",
			    (unsigned long long) xs->total);
	}
}

static void
callgrind_write (struct export_ctx *c, struct out *o)
{
	const struct symtab *st = c->in->st;
	const struct samples *xs = c->samples;
	const struct estimate *g = c->est;
	struct names nm;
	size_t i, pi = 0, bi = 0, pu, bu;

	memset (&nm, 0, sizeof nm);
	hindex_init (&nm.file_index, 100);
	nm.fn_id = XCNEWVEC (size_t, st->len ? st->len : 1);
	nm.ob_named = XCNEWVEC (bool, c->in->objs ? c->in->objs->n : 1);

	header (o, c);
	/* One ob= per object (with --objects, the libraries' after the
	   program's: their symbols lie above it).  */
	out_puts (o, "\n");
	put_ob (o, &nm, c, "ob", 0);

	/* Pieces are ascending by address, so are symbols: one walk.
	   Pieces outside every symbol are set aside for the end.  */
	for (i = 0; i < st->len; i++) {
		const struct sym *s = &st->base[i];
		bool has_self, has_calls = g->first_site[i + 1]
			> g->first_site[i];

		while (pi < xs->n && xs->v[pi].sym != (uint32_t) i
		       && (xs->v[pi].sym == SAMPLES_NOSYM || xs->v[pi].sym < i))
			pi++;
		while (bi < xs->nbb && xs->bbv[bi].sym != (uint32_t) i
		       && (xs->bbv[bi].sym == SAMPLES_NOSYM
			   || xs->bbv[bi].sym < i))
			bi++;
		has_self = (pi < xs->n && xs->v[pi].sym == i)
			|| (bi < xs->nbb && xs->bbv[bi].sym == i);
		if (!has_self && !has_calls)
			continue;
		out_puts (o, "\n");
		if (obj_of (c, s->addr) != nm.ob) {
			nm.ob = obj_of (c, s->addr);
			put_ob (o, &nm, c, "ob", nm.ob);
		}
		put_file (o, &nm, "fl", s->file);
		put_fn (o, &nm, c, "fn", i);
		self_lines (o, c, &nm, (uint32_t) i, &pi, &bi);
		/* A function with calls but no samples gets a cost line of
		   0 at its start all the same: callgrind_annotate annotates
		   the source files of the functions, and one with no cost
		   line at all makes it warn (its lines list is empty).  */
		if (!has_self)
			put_cost_line (o, c, obj_addr (c, s->addr), s->line,
				       0, 0);
		call_lines (o, c, &nm, i);
	}

	if (xs->unknown || xs->bb_unknown) {
		out_puts (o, "\n# samples outside every function symbol\n");
		if (nm.ob) {
			nm.ob = 0;
			put_ob (o, &nm, c, "ob", 0);
		}
		put_file (o, &nm, "fl", NULL);
		out_printf (o, "fn=(%zu) ???\n", ++nm.nfns);
		for (pu = 0; pu < xs->n; pu++)
			if (xs->v[pu].sym == SAMPLES_NOSYM)
				put_cost_line (o, c, xs->v[pu].addr, 0,
					       xs->v[pu].cost, 0);
		for (bu = 0; bu < xs->nbb; bu++)
			if (xs->bbv[bu].sym == SAMPLES_NOSYM)
				put_cost_line (o, c, xs->bbv[bu].addr, 0, 0,
					       xs->bbv[bu].cost);
	}

	if (g->nev > 1)
		out_printf (o, "\ntotals: %llu %llu\n",
			    (unsigned long long) xs->total,
			    (unsigned long long) xs->bb_total);
	else
		out_printf (o, "\ntotals: %llu\n",
			    (unsigned long long) xs->total);
	free (nm.file);
	free (nm.file_id);
	hindex_free (&nm.file_index);
	free (nm.fn_id);
	free (nm.ob_named);
}

/* ------------------------------------------------------------------ */
/* File names */

/* Whether PATH is a Callgrind file by KCachegrind's tests: the first
   line, or an events: or creator: line in the first 2047 bytes (read
   through zlib, which reads plain files too, since KCachegrind opens
   compressed ones).  */
static bool
is_callgrind (const char *path)
{
	char buf[2048];
	gzFile gz = gzopen (path, "rb");
	int n;

	if (!gz)
		return false;
	n = gzread (gz, buf, sizeof buf - 1);
	gzclose (gz);
	if (n <= 0)
		return false;
	buf[n] = '\0';
	return strncmp (buf, "# callgrind format", 18) == 0
		|| strstr (buf, "\nevents:") || strstr (buf, "\ncreator:");
}

static bool
starts_with (const char *s, const char *prefix)
{
	return strncmp (s, prefix, strlen (prefix)) == 0;
}

/* KCachegrind opens every file of the directory whose name starts
   with the name it was given, as further parts of one profile: a file
   callgrind.out.x next to callgrind.out.x2 would add the two.  */
static void
callgrind_check_path (const char *path)
{
	const char *slash = strrchr (path, '/');
	const char *base = slash ? slash + 1 : path;
	char *dir = slash ? xstrndup (path, (size_t) (slash - path + 1))
		: xstrdup ("./");
	struct dirent *e;
	DIR *d = opendir (dir);

	if (!d) {
		free (dir);
		return;		/* opening the file will say why */
	}
	while ((e = readdir (d))) {
		char *other;

		if (strcmp (e->d_name, base) == 0
		    || !(starts_with (e->d_name, base)
			 || starts_with (base, e->d_name)))
			continue;
		other = concat (dir, e->d_name, NULL);
		if (is_callgrind (other)) {
			closedir (d);
			gp_fatal (path, "KCachegrind would load it together "
				  "with %s as one profile (it reads every "
				  "file whose name starts with the one it "
				  "opens): choose a name that neither "
				  "starts nor is the start of the other's",
				  other);
		}
		free (other);
	}
	closedir (d);
	free (dir);
}

/* Another callgrind file of its directory would be loaded with it.  */
static void
callgrind_check (struct export_ctx *c)
{
	if (strcmp (c->req->path, "-") != 0)
		callgrind_check_path (c->req->path);
}

const struct export_format export_callgrind = {
	.name = "callgrind",
	.options = "gzip",
	.allows = EXPORT_OPT_GZIP,
	.path_prefix = "callgrind.out.",
	.path_suffix = "",
	.check = callgrind_check,
	.write = callgrind_write,
};
