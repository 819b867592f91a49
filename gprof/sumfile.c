/* sumfile.c - gmon.sum (-s): the sum of the profiles, as one profile.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   GNU gprof writes the histograms as read, then each arc once per
   (caller line, callee function) -- it reads -s profiles at line
   level -- at the start addresses of those two symbols, callers in
   address order and each caller's arcs newest first, then the basic
   blocks per line.  The same file comes out here, but whole: counts
   too wide for their field go into further records (which every
   reader adds up) instead of wrapping, every block is kept (GNU gprof
   keeps ten per line), and the header's spare bytes are zero.  */

#include <config.h>

#include <stdlib.h>

#include <libiberty/libiberty.h>

#include "gmon/bytes.h"
#include "gprof/graph/callgraph.h"
#include "gprof/lines/linesyms.h"
#include "gprof/util/msort.h"
#include "gprof/profile.h"
#include "gprof/sumfile.h"
#include "gprof/util/rsort.h"
#include "gprof/symbols/symspec.h"
#include "gprof/symbols/symtab.h"

/* The start of the symbol of the (line-level) table ADDR is in.  */
static uint64_t
line_sym_start (struct lines *lines, const struct sym *f, uint64_t addr)
{
	return lines ? linesyms_line_start (lines, addr, f->addr) : f->addr;
}

/* The arcs of gmon.sum: each (caller line, callee) once, callers in
   address order, each caller's arcs newest first.  A profile summed
   from many files has hundreds of thousands of arcs, so every order
   here is a radix sort.  */
static struct sum_arc *
sum_arcs (const struct sum_input *in, size_t *n)
{
	const struct profile *p = in->p;
	struct symtab *st = in->st;
	struct lines *lines = in->lines;
	struct rkey *a = XNEWVEC (struct rkey, p->narcs + 1);
	struct rkey *tmp = XNEWVEC (struct rkey, p->narcs + 1);
	struct sym **parents = XNEWVEC (struct sym *, p->narcs + 1);
	uint64_t *child = XNEWVEC (uint64_t, p->narcs + 1);
	uint64_t *from = XNEWVEC (uint64_t, p->narcs + 1);
	struct sum_arc *grp;
	size_t m = 0, ng = 0, i, k;

	for (i = 0; i < p->narcs; i++) {
		const struct gmon_arc *ra = &p->arcs[i];
		struct sym *ps = symtab_find (st, ra->from_pc);
		struct sym *cs = symtab_find (st, ra->self_pc);

		if (ps && cs)
			cs = cg_callee (st, cs);
		if (!ps || !cs || !symspec_arc_ok (in->ss, st, ps, cs)) {
			parents[i] = NULL;
			continue;
		}
		parents[i] = ps;
		child[i] = cs->addr;
		a[m].key = ra->from_pc;
		a[m++].val = i;
	}

	/* Caller lines, asked in address order: one pass over .text.  */
	rsort (a, m, tmp);
	for (k = 0; k < m; k++) {
		i = (size_t) a[k].val;
		from[i] = line_sym_start (lines, parents[i], p->arcs[i].from_pc);
	}

	/* The arcs in read order, sorted stably by callee then by caller
	   line: equal pairs end up together, first-read first.  */
	for (i = 0, m = 0; i < p->narcs; i++)
		if (parents[i]) {
			a[m].key = child[i];
			a[m++].val = i;
		}
	free (parents);
	rsort (a, m, tmp);
	for (k = 0; k < m; k++)
		a[k].key = from[a[k].val];
	rsort (a, m, tmp);
	/* TMP is free again: it takes the callees, so that the arrays
	   indexed by arc go before the groups are made.  */
	for (k = 0; k < m; k++)
		tmp[k].key = child[a[k].val];
	free (child);
	free (from);
	/* Each group's first arc goes into TMP[group].val, beside the
	   callees still to be read (a group is never after its first
	   arc): a summed profile has hundreds of thousands of arcs, and
	   one more array of them would raise the peak of -s.  */
	grp = XNEWVEC (struct sum_arc, m + 1);
	for (k = 0; k < m; k++) {
		i = (size_t) a[k].val;
		if (ng == 0 || grp[ng - 1].from_pc != a[k].key
		    || grp[ng - 1].self_pc != tmp[k].key) {
			grp[ng].from_pc = a[k].key;
			grp[ng].self_pc = tmp[k].key;
			grp[ng].count = 0;
			tmp[ng++].val = i;
		}
		grp[ng - 1].count = gmon_add_sat (grp[ng - 1].count,
						  p->arcs[i].count);
	}

	/* Callers in address order, each one's arcs newest first.  */
	for (k = 0; k < ng; k++) {
		a[k].key = ~tmp[k].val;
		a[k].val = k;
	}
	rsort (a, ng, tmp);
	for (k = 0; k < ng; k++)
		a[k].key = grp[a[k].val].from_pc;
	rsort (a, ng, tmp);
	/* Into that order in place (TMP[g].key now says where group g
	   goes): a second copy of the groups is not needed either.  */
	for (k = 0; k < ng; k++)
		tmp[a[k].val].key = k;
	free (a);
	for (k = 0; k < ng; k++)
		while (tmp[k].key != k) {
			size_t j = (size_t) tmp[k].key;
			struct sum_arc t = grp[j];

			grp[j] = grp[k];
			grp[k] = t;
			tmp[k].key = tmp[j].key;
			tmp[j].key = j;
		}
	free (tmp);
	*n = ng;
	return grp;
}

struct bb_key {
	uint64_t start;			/* its line symbol */
	size_t seq;
	struct gmon_bb bb;
};

static int
cmp_bb_key (const void *a, const void *b, void *arg)
{
	const struct bb_key *l = a, *r = b;

	(void) arg;
	if (l->start != r->start)
		return l->start < r->start ? -1 : 1;
	return l->seq < r->seq ? -1 : l->seq > r->seq;
}

static struct gmon_bb *
sum_bbs (const struct sum_input *in, size_t *n)
{
	const struct profile *p = in->p;
	struct symtab *st = in->st;
	struct lines *lines = in->lines;
	struct bb_key *keys = XNEWVEC (struct bb_key, p->nbbs + 1);
	struct gmon_bb *out;
	size_t nkeys = 0, i;
	void **v;

	/* The profile has each address once already.  */
	for (i = 0; i < p->nbbs; i++) {
		struct sym *s = symtab_find (st, p->bbs[i].addr);

		if (!s)
			continue;
		keys[nkeys].start = line_sym_start (lines, s, p->bbs[i].addr);
		keys[nkeys].seq = nkeys;
		keys[nkeys].bb = p->bbs[i];
		nkeys++;
	}
	v = XNEWVEC (void *, nkeys + 1);
	for (i = 0; i < nkeys; i++)
		v[i] = &keys[i];
	msort_ptrs (v, nkeys, cmp_bb_key, NULL);
	out = XNEWVEC (struct gmon_bb, nkeys + 1);
	for (i = 0; i < nkeys; i++)
		out[i] = ((struct bb_key *) v[i])->bb;
	free (v);
	free (keys);
	*n = nkeys;
	return out;
}

void
sumfile_write (const struct sum_input *in, const char *path)
{
	struct sum_arc *arcs;
	struct gmon_bb *bbs;
	size_t narcs, nbbs;

	arcs = sum_arcs (in, &narcs);
	bbs = sum_bbs (in, &nbbs);
	profile_write_sum (path, in->p, in->of, in->format, arcs, narcs, bbs,
			   nbbs);
	free (arcs);
	free (bbs);
}
