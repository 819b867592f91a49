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
   keeps ten per line), and the header's spare bytes are zero.

   The file is made and written here, through the format library's
   writer (gmon/): with gprof/profile/, which reads, the only code of
   the analyser that knows the format.  */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gmon/bytes.h"
#include "gmon/gmon.h"
#include "gprof/graph/callgraph.h"
#include "gprof/lines/linesyms.h"
#include "gprof/profile/profile.h"
#include "gprof/sumfile.h"
#include "gprof/symbols/symspec.h"
#include "gprof/symbols/symtab.h"
#include "gprof/util/msort.h"
#include "gprof/util/replace.h"
#include "gprof/util/rsort.h"
#include "gprof/util/util.h"

/* An arc of gmon.sum: addresses as they go into the file.  */
struct sum_arc {
	uint64_t from_pc;		/* the caller's (line's) start */
	uint64_t self_pc;		/* the callee's start */
	uint64_t count;			/* its calls */
};

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

/* Writes P's histograms, the arcs ARCS[0..NARCS) and the blocks
   BBS[0..NBBS) to PATH in FORMAT (auto and magic: the new format), for
   OF's target.  Exits with a message if it cannot.  */
static void
sum_write (const char *path, const struct profile *p, struct objfile *of,
	   enum file_format format, const struct sum_arc *arcs, size_t narcs,
	   const struct gmon_bb *bbs, size_t nbbs)
{
	unsigned char buf[65536];
	struct gp_replace out;
	struct gmon_writer w;
	struct gmon_target t;
	size_t i;

	profile_target (of, &t);
	if ((format == FF_BSD || format == FF_BSD44) && p->nhist > 1)
		gp_fatal (path, "the BSD format holds one histogram, the "
			  "profile has %zu (write the new format, without -O)",
			  p->nhist);
	gp_replace_open (&out, path);
	gmon_writer_init (&w, out.fd, buf, sizeof buf, &t);

	if (format == FF_BSD || format == FF_BSD44) {
		/* One histogram, a header that has a rate only if it is
		   not the clock tick (or -O4 asks for it), raw arcs.  */
		const struct gmon_hist *h = p->nhist ? &p->hist[0] : NULL;
		bool bsd44 = format == FF_BSD44
			|| p->hz != profile_default_hz ();
		bool clamped = false;

		gmon_write_bsd_header (&w, h ? h->h.low_pc : 0,
				       h ? h->h.high_pc : 0, h ? h->h.nbins : 0,
				       (uint32_t) p->hz, bsd44);
		if (h)
			gmon_write_bsd_bins_fill (&w, gmon_bins_fill, &h->bins,
						  h->h.nbins, &clamped);
		for (i = 0; i < narcs; i++)
			gmon_write_bsd_arc (&w, arcs[i].from_pc,
					    arcs[i].self_pc, arcs[i].count);
		if (clamped)
			gp_warn (path, "histogram bins above 65535 samples were "
				 "clamped: the BSD format has 16-bit bins");
	} else {
		gmon_write_header (&w);
		if (p->input & INPUT_HIST)
			for (i = 0; i < p->nhist; i++) {
				struct gmon_hist_hdr hh;

				memset (&hh, 0, sizeof hh);
				hh.low_pc = p->hist[i].h.low_pc;
				hh.high_pc = p->hist[i].h.high_pc;
				hh.nbins = p->hist[i].h.nbins;
				hh.rate = (uint32_t) p->hz;
				memcpy (hh.dimen, p->dimen, GMON_DIMEN_LEN);
				hh.abbrev = p->abbrev;
				/* Which build it was taken of, as GNU's
				   -s copies it on.  */
				hh.build = p->hist[i].h.build;
				gmon_write_hist_bins (&w, &hh,
						      &p->hist[i].bins);
			}
		if (p->input & INPUT_ARCS)
			for (i = 0; i < narcs; i++)
				gmon_write_arc (&w, arcs[i].from_pc,
						arcs[i].self_pc,
						arcs[i].count);
		if ((p->input & INPUT_BB) && nbbs > 0) {
			struct gmon_bb *b = XNEWVEC (struct gmon_bb, nbbs);

			for (i = 0; i < nbbs; i++) {
				b[i].addr = bbs[i].addr;
				b[i].count = bbs[i].count;
			}
			gmon_write_bb (&w, b, nbbs);
			free (b);
		}
	}
	gmon_writer_flush (&w);
	gp_replace_commit (&out, w.error);
}

void
sumfile_write (const struct sum_input *in, const char *path)
{
	struct sum_arc *arcs;
	struct gmon_bb *bbs;
	size_t narcs, nbbs;

	arcs = sum_arcs (in, &narcs);
	bbs = sum_bbs (in, &nbbs);
	sum_write (path, in->p, in->of, in->format, arcs, narcs, bbs, nbbs);
	free (arcs);
	free (bbs);
}
