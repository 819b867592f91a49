/* folded.c - the profile as folded stacks (flamegraph.pl, inferno,
   speedscope).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Brendan Gregg's folded format is one line per stack: its frames,
   outermost first, joined by `;', a space, and a whole number, the
   cost of the stack's innermost frame itself:

       main;b;foo 3961

   The stacks are stacks.c's.  Sampled ones (GMON_CONTEXT) are written
   as they are, from the outermost frame recorded.  Made-up ones, by
   gprof's estimate, all start with the frame
   [estimated-from-call-counts]: the format has no comments (a line
   that is not a stack is skipped by speedscope, and counted as
   invalid by flamegraph.pl, which warns), so the one place every
   reader keeps is a frame, and that one shows as the bottom bar of
   the picture.  Frames in no function are [unknown] (perf's name),
   the frames beyond the recorded depth [deeper-than-recorded], what
   prune= and nodes= leave out [pruned], a cycle <cycle N>.

   The numbers are samples, or with unit= milliseconds, microseconds
   or nanoseconds of CPU time: each frame's share of the whole, split
   by round.c, so that they still add up to the run.

   With --threads, each row of the threads (a thread, the threads of
   one name, the threads beyond GMON_THREADS) has its own stacks, from
   its own samples and calls (or contexts), each starting with the
   row's frame: [thread 1234 worker], [threads worker x4], [other
   threads x9744]; speedscope and flamegraph.pl then show the threads
   side by side at the root.  speedscope takes
   only whole numbers, hence no fractions.  A `;' inside a name (never
   in C, rarely in a demangled C++ one) would split the frame, so it
   is written as `:'.  */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gmon/bytes.h"
#include "gprof/export/private.h"

#define EST_FRAME	"[estimated-from-call-counts]"

/* Units per second of unit=NAME, 0 for samples.  */
uint64_t
folded_per_second (const char *unit)
{
	if (!unit || strcmp (unit, "samples") == 0)
		return 0;
	if (strcmp (unit, "ms") == 0)
		return 1000;
	if (strcmp (unit, "us") == 0)
		return 1000000;
	return 1000000000;		/* "ns": export.c took no other */
}

/* The name of frame ND (malloc'd), without `;' or newlines.  */
char *
folded_frame_name (struct export_ctx *c, const struct stacks_node *nd)
{
	char buf[64], *s, *p;

	switch (nd->kind) {
	case STACKS_LABEL:
		s = xstrdup (EST_FRAME);
		break;
	case STACKS_CUT:
		s = xstrdup ("[deeper-than-recorded]");
		break;
	case STACKS_PRUNED:
		s = xstrdup ("[pruned]");
		break;
	case STACKS_NOSYM:
		s = xstrdup ("[unknown]");
		break;
	case STACKS_THREAD:
		s = xstrdup (c->thread ? c->thread->frame : "[thread]");
		break;
	case STACKS_CYCLE:
		snprintf (buf, sizeof buf, "<cycle %d>",
			  c->in->cg->cycles[nd->what].entry.cyc_num);
		s = xstrdup (buf);
		break;
	default:
		s = xstrdup (export_name (c, nd->what));
		break;
	}
	for (p = s; *p; p++)
		if (*p == ';')
			*p = ':';
		else if (*p == '\n' || *p == '\r')
			*p = '?';
	return s;
}

/* The cost of each frame of T in the unit asked for, adding up.  */
uint64_t *
folded_costs (struct export_ctx *c, const struct stacks *t)
{
	uint64_t *out = XNEWVEC (uint64_t, t->n ? t->n : 1);
	uint64_t per_sec = folded_per_second (c->req->unit), *w, sum = 0;
	size_t i;

	if (!per_sec || c->in->p->hz <= 0) {
		for (i = 0; i < t->n; i++)
			out[i] = t->v[i].ticks;
		return out;
	}
	w = XNEWVEC (uint64_t, t->n ? t->n : 1);
	for (i = 0; i < t->n; i++) {
		w[i] = t->v[i].ticks;
		sum = gmon_add_sat (sum, w[i]);
	}
	/* The whole in the unit, to the nearest, then split.  */
	round_split (round_u64 ((double) sum * (double) per_sec
				/ (double) c->in->p->hz),
		     w, t->n, out);
	free (w);
	return out;
}

static void
folded_write (struct export_ctx *c, struct out *o)
{
	struct stacks t;
	char **path, *thread_frame = NULL;
	uint64_t *cost;
	size_t i, d, maxd = 1;
	/* Sampled stacks start below the label; so do flat ones (which
	   have none).  */
	uint32_t first;

	stacks_build (&t, c);
	first = t.sampled ? 2 : 1;
	for (i = 0; i < t.n; i++)
		if (t.v[i].depth > maxd)
			maxd = t.v[i].depth;
	path = XCNEWVEC (char *, maxd + 1);
	cost = folded_costs (c, &t);
	if (c->thread) {
		struct stacks_node th = { .kind = STACKS_THREAD };

		thread_frame = folded_frame_name (c, &th);
	}
	for (i = 0; i < t.n; i++) {
		const struct stacks_node *nd = &t.v[i];

		if (nd->subtree == 0 || nd->depth < first)
			continue;
		free (path[nd->depth]);
		path[nd->depth] = folded_frame_name (c, nd);
		if (!cost[i])
			continue;
		if (thread_frame) {
			out_puts (o, thread_frame);
			out_puts (o, ";");
		}
		for (d = first; d <= nd->depth; d++) {
			if (d > first)
				out_puts (o, ";");
			out_puts (o, path[d]);
		}
		out_printf (o, " %llu\n", (unsigned long long) cost[i]);
	}
	for (d = 0; d <= maxd; d++)
		free (path[d]);
	free (path);
	free (cost);
	free (thread_frame);
	stacks_free (&t);
}

/* --threads: each row's stacks, under its frame, one after another.  */
static void
folded_thread (struct export_ctx *c, struct out *o, void **state)
{
	(void) state;
	folded_write (c, o);
}

const struct export_format export_folded = {
	.name = "folded",
	.options = "unit=samples|ms|us|ns, flat, prune=TICKS, nodes=N",
	.allows = EXPORT_OPT_UNIT | EXPORT_OPT_FLAT | EXPORT_OPT_PRUNE
		| EXPORT_OPT_NODES,
	.path_prefix = "",
	.path_suffix = ".folded",
	.check = NULL,
	.write = folded_write,
	.write_thread = folded_thread,
};
