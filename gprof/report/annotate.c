/* annotate.c - annotated source listings (-A).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Each source file that has a symbol (a function; with -l also each
   line) is listed whole, every line behind a 16-character column:
   blank where no symbol starts, else the counts of the line and " -> ".
   A line where a function starts shows its calls; with -l and basic
   blocks, the count of each block in the line follows, comma-separated
   (`26312,1,26311 -> ' for a loop test: its entry, its exit, its jump
   back).  -x also labels the lines that continue a block started
   above, with that block's count, and leaves out a count equal to the
   one printed just before it.  A count below -m shows as `#####'.
   After each file: its most executed lines and a summary.

   The layout is GNU gprof's, to the byte.  What differs is where GNU
   gprof is wrong (see the manual's compatibility chapter):

   - several symbols on one line (two functions, or a line that comes
     back further down the code, as a `for' header does): GNU gprof
     keeps the blocks of the first only, and labels the line with calls
     only if the first is a function.  Here the line has the calls of
     every function and the blocks of every symbol on it;
   - every block of a line counts, not just ten of them;
   - `Lines executed' counts the lines that ran (GNU gprof counts every
     labelled line, `#####' included), and the top lines, the total of
     line executions and whether a file is listed at all go by how
     often each line ran, blocks included (GNU gprof takes the calls of
     functions only);
   - with -y, sources with one base name get listings of their own;
   - a source that cannot be found, or that is shorter than the line
     tables say, is reported on standard error.  */

#include <config.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gmon/bytes.h"
#include "gprof/lines/blocks.h"
#include "gprof/lines/lines.h"
#include "gprof/util/msort.h"
#include "gprof/report/report.h"
#include "gprof/report/source.h"
#include "gprof/symbols/symspec.h"
#include "gprof/util/replace.h"
#include "gprof/util/util.h"

#define WIDTH	16			/* the annotation column */
#define MAX_LINE (1u << 24)		/* lines beyond: damaged tables */

/* What the symbols say about one line of a file.  */
struct line_info {
	bool used;			/* a symbol starts on it */
	bool func;			/* a function starts on it */
	uint64_t calls;			/* calls of those functions */
	uint64_t start;			/* address of its first symbol */
	uint32_t nblocks;		/* its blocks: BLOCKS[first...] */
	uint32_t first;
};

/* One source file's listing.  */
struct file_info {
	struct source_file *sf;
	uint32_t num_lines;		/* highest line with a symbol */
	uint64_t calls;			/* calls of its functions */
	bool block_runs;		/* one of its blocks ran */
	struct line_info *lines;	/* [num_lines] */
	struct gmon_bb *blocks;		/* by line */
};

/* The count of the block above a line, for -x: it carries on from one
   file to the next, as in GNU gprof.  */
static unsigned long last_count;

/* The label of LINE (16 characters, in BUF) and how often the line
   ran (*EXECS), as measured: the calls of the function starting on
   it, or the count of its most executed block, whichever is more.
   -x labels more lines, with the count of the block they continue, and
   -m hides small counts, but neither changes what was measured.  (GNU
   gprof adds the counts up, and compares the sum to -m, as is done
   here; but the blocks of one line overlap -- a loop test, its exit,
   its jump back -- and their sum counts the line twice or three
   times.)  Returns whether the line is labelled.  */
static bool
label (const struct report *r, const struct file_info *fi, uint32_t line,
       char *buf, unsigned long *execs)
{
	const struct line_info *li = line <= fi->num_lines
		? &fi->lines[line - 1] : NULL;
	unsigned long last_print = (unsigned long) -1, ncalls = 0;
	bool all = r->opt->all_lines, set = false;
	char tmp[WIDTH + 64], *p = tmp, *end = tmp + WIDTH + 32;
	uint32_t i;
	size_t len;

	memset (buf, ' ', WIDTH);
	buf[WIDTH] = '\0';
	*execs = 0;
	if (!li || !li->used)
		return false;
	*p = '\0';
	if (li->func) {
		p += snprintf (p, (size_t) (end - p), "%lu",
			       (unsigned long) li->calls);
		last_count = last_print = ncalls = (unsigned long) li->calls;
		*execs = ncalls;
		set = true;
	} else if (all && li->nblocks
		   && fi->blocks[li->first].addr > li->start) {
		/* The line starts inside the block above it.  */
		p += snprintf (p, (size_t) (end - p), "%lu", last_count);
		last_print = ncalls = last_count;
		set = true;
	}
	for (i = 0; i < li->nblocks; i++) {
		last_count = (unsigned long) fi->blocks[li->first + i].count;
		if (!set) {
			ncalls = 0;
			set = true;
		}
		ncalls = gmon_add_sat (ncalls, last_count);
		if (last_count > *execs)
			*execs = last_count;
		if (all && last_count == last_print)
			continue;
		/* Past the column nothing shows: stop writing, keep
		   counting.  */
		if (p < end) {
			if (p > tmp)
				*p++ = ',';
			p += snprintf (p, (size_t) (end - p), "%lu",
				       last_count);
			if (p > end)
				p = end;
		}
		last_print = last_count;
	}
	if (all && p == tmp) {
		p += snprintf (p, (size_t) (end - p), "%lu", last_count);
		ncalls = last_count;
		set = true;
	}
	if (!set)
		return false;
	if (ncalls < r->opt->min_count) {
		strcpy (tmp, "#####");
		p = tmp + 5;
	}
	strcpy (p, " -> ");
	p += 4;
	len = (size_t) (p - tmp);
	if (len >= WIDTH)
		memcpy (buf, tmp, WIDTH);
	else
		memcpy (buf + WIDTH - len, tmp, len);
	return true;
}

/* The symbols of the table that the listings take (-A, -J).  */
static bool
selected (const struct report *r, const struct sym *s)
{
	return s->file && s->line > 0 && (unsigned int) s->line <= MAX_LINE
		&& symspec_on (r->ss, r->st, s, INCL_ANNO);
}

/* Gathers the lines of every file from the symbols.  */
static struct file_info *
gather (struct report *r, unsigned int nfiles)
{
	const struct symtab *st = r->st;
	struct file_info *fi = XCNEWVEC (struct file_info, nfiles + 1);
	struct source_file *sf;
	size_t i;

	for (sf = lines_first_file (r->lines); sf; sf = sf->next)
		fi[sf->id].sf = sf;
	for (i = 0; i < st->len; i++) {
		const struct sym *s = &st->base[i];

		if (selected (r, s) && (uint32_t) s->line
		    > fi[s->file->id].num_lines)
			fi[s->file->id].num_lines = (uint32_t) s->line;
	}
	for (i = 0; i < nfiles; i++)
		if (fi[i].num_lines)
			fi[i].lines = XCNEWVEC (struct line_info,
						fi[i].num_lines);
	/* Blocks per line, then into place: the symbols of a line in
	   address order, each one's blocks in the order the profile
	   gave them.  */
	for (i = 0; i < st->len; i++) {
		const struct sym *s = &st->base[i];
		const struct gmon_bb *bb;
		struct file_info *f;
		struct line_info *li;
		size_t nbb;

		if (!selected (r, s))
			continue;
		f = &fi[s->file->id];
		li = &f->lines[s->line - 1];
		nbb = blocks_of (r->bb, r->st, s, &bb);
		f->calls = gmon_add_sat (f->calls, s->ncalls);
		if (!li->used) {
			li->used = true;
			li->start = s->addr;
		}
		li->func |= s->is_func;
		li->calls = gmon_add_sat (li->calls, s->ncalls);
		li->nblocks += (uint32_t) nbb;
	}
	for (i = 0; i < nfiles; i++) {
		uint32_t l, n = 0;

		for (l = 0; l < fi[i].num_lines; l++) {
			fi[i].lines[l].first = n;
			n += fi[i].lines[l].nblocks;
			fi[i].lines[l].nblocks = 0;
		}
		if (n)
			fi[i].blocks = XNEWVEC (struct gmon_bb, n);
	}
	for (i = 0; i < st->len; i++) {
		const struct sym *s = &st->base[i];
		const struct gmon_bb *bb;
		struct file_info *f;
		struct line_info *li;
		size_t nbb, k;

		if (!selected (r, s))
			continue;
		f = &fi[s->file->id];
		li = &f->lines[s->line - 1];
		nbb = blocks_of (r->bb, r->st, s, &bb);
		for (k = 0; k < nbb; k++) {
			f->blocks[li->first + li->nblocks++] = bb[k];
			if (bb[k].count)
				f->block_runs = true;
		}
	}
	return fi;
}

/* A line and its count, for the top lines.  */
struct top {
	uint32_t line;
	unsigned long count;
};

static int
cmp_top (const void *a, const void *b, void *arg)
{
	const struct top *l = a, *r = b;

	(void) arg;
	if (l->count != r->count)
		return l->count < r->count ? 1 : -1;
	return l->line < r->line ? -1 : l->line > r->line;
}

/* The listing of one file to OUT; BUF holds the source.  */
static void
list_file (struct report *r, struct file_info *fi, FILE *out,
	   const char *buf, size_t len)
{
	char (*labels)[WIDTH + 1];
	unsigned long *counts, total = 0;
	bool *labelled;
	long executable = 0, executed = 0;
	uint32_t line = 1, l;
	size_t i = 0;

	/* Every line's label first: the top lines and the totals cover
	   every line of the line tables, the file's end or not.  */
	labels = xmalloc ((fi->num_lines + 1) * sizeof *labels);
	counts = XNEWVEC (unsigned long, fi->num_lines + 1);
	labelled = XNEWVEC (bool, fi->num_lines + 1);
	for (l = 1; l <= fi->num_lines; l++) {
		labelled[l - 1] = label (r, fi, l, labels[l - 1],
					 &counts[l - 1]);
		total += counts[l - 1];
	}

	while (i < len) {
		const char *nl = memchr (buf + i, '\n', len - i);
		size_t n = nl ? (size_t) (nl - (buf + i)) + 1 : len - i;

		if (line <= fi->num_lines) {
			fwrite (labels[line - 1], 1, WIDTH, out);
			if (fi->lines[line - 1].used) {
				executable++;
				if (labelled[line - 1] && counts[line - 1] > 0)
					executed++;
			}
		} else {
			fputs ("                ", out);
		}
		fwrite (buf + i, 1, n, out);
		i += n;
		line++;
	}
	if (fi->num_lines >= line)
		gp_warn (fi->sf->name, "the line tables have line %u, the file "
			 "has %u lines: it changed since the program was "
			 "built?  The lines past its end are left out",
			 fi->num_lines, line - 1);

	if (r->opt->table_length > 0) {
		struct top *t = XNEWVEC (struct top, fi->num_lines + 1);
		void **v = XNEWVEC (void *, fi->num_lines + 1);
		size_t n = 0, k, rows;

		fprintf (out, "\n\nTop %d Lines:\n\n     Line      Count\n\n",
			 r->opt->table_length);
		for (l = 1; l <= fi->num_lines; l++)
			if (counts[l - 1] > 0) {
				t[n].line = l;
				t[n].count = counts[l - 1];
				v[n] = &t[n];
				n++;
			}
		msort_ptrs (v, n, cmp_top, NULL);
		rows = (size_t) r->opt->table_length;
		if (rows > fi->num_lines)
			rows = fi->num_lines;
		for (k = 0; k < n && k < rows; k++) {
			const struct top *x = v[k];

			fprintf (out, "%9u %10lu\n", x->line, x->count);
		}
		free (t);
		free (v);
	}
	fprintf (out, "\nExecution Summary:\n\n");
	fprintf (out, "%9ld   Executable lines in this file\n", executable);
	fprintf (out, "%9ld   Lines executed\n", executed);
	fprintf (out, "%9.2f   Percent of the file executed\n",
		 executable ? 100.0 * executed / (double) executable : 100.0);
	fprintf (out, "\n%9lu   Total number of line executions\n", total);
	fprintf (out, "%9.2f   Average executions per line\n",
		 executable ? (double) total / (double) executable : 0.0);
	free (labels);
	free (counts);
	free (labelled);
}

/* -y: the listing of one file into a file of its own, NAME, replaced
   whole; a warning if it cannot be written, as GNU gprof warns.  */
static void
list_to_file (struct report *r, struct file_info *fi, const char *name,
	      const char *buf, size_t len)
{
	struct gp_replace file;
	char *why = NULL;
	FILE *out = NULL;
	int err;

	if (gp_replace_start (&file, name, &why) == 0
	    && !(out = fdopen (file.fd, "w")))
		gp_replace_finish (&file, errno, &why);
	if (!out) {
		gp_warn (name, "cannot create the listing of %s: %s",
			 fi->sf->name, why);
		free (why);
		free (file.path);
		return;
	}
	list_file (r, fi, out, buf, len);
	err = ferror (out) ? EIO : 0;
	if (fclose (out) != 0 && !err)
		err = errno;
	file.fd = -1;		/* closed with the stream */
	if (gp_replace_finish (&file, err, &why) < 0) {
		gp_warn (name, "%s", why);
		free (why);
		free (file.path);
	}
}

void
report_annotated (struct report *r)
{
	unsigned int nfiles, i, nlisted = 0;
	struct file_info *fi;
	struct file_info **listed;
	char **out_names = NULL;
	bool first_file = true;

	if (!r->lines)
		return;
	nfiles = lines_nfiles (r->lines);
	fi = gather (r, nfiles);

	/* Newest file first, as GNU gprof lists them; a file whose lines
	   never ran is left out unless -z.  */
	listed = XNEWVEC (struct file_info *, nfiles + 1);
	for (i = nfiles; i-- > 0;) {
		if (!fi[i].num_lines)
			continue;
		if (r->opt->ignore_zeros && fi[i].calls == 0
		    && !fi[i].block_runs)
			continue;
		listed[nlisted++] = &fi[i];
	}
	if (r->opt->separate_files) {
		const char **paths = XNEWVEC (const char *, nlisted + 1);

		for (i = 0; i < nlisted; i++)
			paths[i] = listed[i]->sf->name;
		out_names = source_listing_names (paths, nlisted);
		free (paths);
	}

	for (i = 0; i < nlisted; i++) {
		struct file_info *f = listed[i];
		char *buf = NULL, *found = NULL;
		size_t len = 0;
		const char *kind;
		int err;

		if (!source_read (r->opt, f->sf->name, &buf, &len, &found,
				  &err, &kind)) {
			if (kind && err == ENOENT)
				gp_warn (f->sf->name, "%s is found under its "
					 "name, not a regular file; its "
					 "listing is left out", kind);
			else if (err == ENOENT)
				gp_warn (f->sf->name, "cannot find this source "
					 "file (give its directory with -I); "
					 "its listing is left out");
			else
				gp_warn (f->sf->name, "cannot read it (%s); its "
					 "listing is left out", strerror (err));
			continue;
		}
		DBG (DBG_SRC, "[annotate] %s read from %s\n", f->sf->name,
		     found);
		if (out_names) {
			list_to_file (r, f, out_names[i], buf, len);
		} else {
			if (first_file)
				first_file = false;
			else
				putchar ('\n');
			report_section (r);
			printf ("*** File %s:\n", f->sf->name);
			list_file (r, f, stdout, buf, len);
		}
		free (buf);
		free (found);
	}

	for (i = 0; i < nfiles; i++) {
		free (fi[i].lines);
		free (fi[i].blocks);
	}
	free (fi);
	free (listed);
	if (out_names) {
		for (i = 0; i < nlisted; i++)
			free (out_names[i]);
		free (out_names);
	}
}
