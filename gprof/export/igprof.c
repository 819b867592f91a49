/* igprof.c - the profile as an IgProf dump (igprof-analyse).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   IgProf records whole call stacks: they are stacks.c's, sampled
   (GMON_CONTEXT) or made up by gprof's estimate.  All the stacks hang
   from one frame, <stacks-estimated-from-gmon-arcs> or
   <stacks-sampled-by-libgmon>, since the format has no comments to
   say it in; frames in no function are <outside-any-function>, the
   frames beyond the recorded depth <deeper-than-recorded>, what prune
   and nodes leave out <pruned>.

   Counter PERF_TICKS (igprof-analyse multiplies by T = 1/rate and
   prints seconds) holds integer ticks: each function's self ticks are
   split among its frames (and its part in <pruned>) by round.c, and
   the functions' ticks add up to the samples.

   The grammar igprof-analyse reads is strict: "P=(ID=.. N=(..) T=..)",
   then one frame per line, "C<depth> FN<id>=(F<id>=(<file>)+<offset>
   N=(<name>))+0 V0=(PERF_TICKS):(n,n,n)"; ids defined in order before
   use, no blank lines, depth at most one more than the line before,
   and no ')' inside a name, so names are the mangled ones.  */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gprof/export/private.h"
#include "gprof/symbols/objfile.h"

#define LABEL		"<stacks-estimated-from-gmon-arcs>"
#define LABEL_REAL	"<stacks-sampled-by-libgmon>"
#define CUT		"<deeper-than-recorded>"
#define PRUNED		"<pruned>"
#define NOSYM		"<outside-any-function>"

/* ------------------------------------------------------------------ */
/* Writing */

struct ids {
	size_t *fn;			/* per symbol, 1 + id; 0: none yet */
	size_t *cyc;			/* per cycle */
	size_t label, pruned, nosym, cut;
	bool real;			/* sampled stacks, not estimated */
	size_t next;			/* the next FN id */
	bool file_done;			/* F0 defined */
	bool counter_done;		/* V0 defined */
};

/* A name or path inside N=(...) or F0=(...): no ')' (it would end
   the name), no newline.  */
static void
put_text (struct out *o, const char *s)
{
	for (; *s; s++)
		out_write (o, *s == ')' ? "]" : *s == '\n' ? "?" : s, 1);
}

static void
put_frame (struct out *o, struct export_ctx *c, struct ids *ids, size_t *slot,
	   uint64_t offset, const char *name)
{
	if (*slot) {
		out_printf (o, "FN%zu+0", *slot - 1);
		return;
	}
	*slot = ++ids->next;
	out_printf (o, "FN%zu=(F0", *slot - 1);
	if (!ids->file_done) {
		out_puts (o, "=(");
		put_text (o, c->image_abs);
		out_puts (o, ")");
		ids->file_done = true;
	}
	out_printf (o, "+%llu N=(", (unsigned long long) offset);
	put_text (o, name);
	out_puts (o, "))+0");
}

static void
put_node (struct out *o, struct export_ctx *c, struct ids *ids,
	  const struct stacks_node *nd)
{
	char buf[64];

	out_printf (o, "C%u ", nd->depth);
	switch (nd->kind) {
	case STACKS_LABEL:
		put_frame (o, c, ids, &ids->label, 0, ids->real ? LABEL_REAL
			   : LABEL);
		break;
	case STACKS_CUT:
		put_frame (o, c, ids, &ids->cut, 0, CUT);
		break;
	case STACKS_PRUNED:
		put_frame (o, c, ids, &ids->pruned, 0, PRUNED);
		break;
	case STACKS_NOSYM:
	case STACKS_THREAD:		/* (only folded and flamegraph) */
		put_frame (o, c, ids, &ids->nosym, 0, NOSYM);
		break;
	case STACKS_CYCLE:
		snprintf (buf, sizeof buf, "<cycle %d>",
			  c->in->cg->cycles[nd->what].entry.cyc_num);
		put_frame (o, c, ids, &ids->cyc[nd->what], 0, buf);
		break;
	case STACKS_FUNC:
		put_frame (o, c, ids, &ids->fn[nd->what],
			   objfile_file_offset (c->in->of,
					c->in->st->base[nd->what].addr),
			   c->in->st->base[nd->what].name);
		break;
	}
	if (nd->ticks) {
		out_printf (o, " V0%s:(%llu,%llu,%llu)",
			    ids->counter_done ? "" : "=(PERF_TICKS)",
			    (unsigned long long) nd->ticks,
			    (unsigned long long) nd->ticks,
			    (unsigned long long) nd->ticks);
		ids->counter_done = true;
	}
	out_puts (o, "\n");
}

/* The process id, from a profile named gmon.out.PID or PREFIX.PID.  */
static unsigned long
profile_pid (const struct options *opt)
{
	const char *name = opt->ngmon ? opt->gmon_files[0] : "gmon.out";
	const char *dot = strrchr (name, '.');
	char *end;
	unsigned long pid;

	if (!dot || !dot[1])
		return 0;
	pid = strtoul (dot + 1, &end, 10);
	return *end ? 0 : pid;
}


/* The header, then the frames whose subtree holds ticks.  */
static void
write_tree (struct out *o, struct export_ctx *c, const struct stacks *t)
{
	const struct export_input *in = c->in;
	struct ids ids;
	size_t i;

	memset (&ids, 0, sizeof ids);
	ids.real = t->sampled;
	ids.fn = XCNEWVEC (size_t, t->nsym ? t->nsym : 1);
	ids.cyc = XCNEWVEC (size_t, t->ncyc ? t->ncyc : 1);
	out_printf (o, "P=(ID=%lu N=(", profile_pid (in->opt));
	put_text (o, c->image_abs);
	out_printf (o, ") T=%.9g)\n", in->p->hz > 0 ? 1.0 / (double) in->p->hz
		    : 0.01);
	for (i = 0; i < t->n; i++) {
		if (t->v[i].subtree == 0)
			continue;
		put_node (o, c, &ids, &t->v[i]);
	}
	if (!ids.counter_done) {
		/* No tick at all: igprof-analyse refuses a profile without
		   a counter, so the label carries a zero one.  */
		out_puts (o, "C1 ");
		put_frame (o, c, &ids, &ids.label, 0, ids.real ? LABEL_REAL
			   : LABEL);
		out_puts (o, " V0=(PERF_TICKS):(0,0,0)\n");
	}
	free (ids.fn);
	free (ids.cyc);
}


static void
igprof_write (struct export_ctx *c, struct out *o)
{
	struct stacks t;

	stacks_build (&t, c);
	write_tree (o, c, &t);
	stacks_free (&t);
}

const struct export_format export_igprof = {
	.name = "igprof",
	.options = "gzip, flat, prune=TICKS, nodes=N",
	.allows = EXPORT_OPT_GZIP | EXPORT_OPT_FLAT | EXPORT_OPT_PRUNE
		| EXPORT_OPT_NODES,
	/* igprof names its own dumps igprof.PROGRAM....gz.  */
	.path_prefix = "igprof.",
	.path_suffix = ".gz",
	.check = NULL,
	.write = igprof_write,
};