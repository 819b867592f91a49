/* gmonmake.c - write a gmon file from a text description.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   The inverse of gmondump, for tests that need a profile with exactly
   the values they check.  Reads standard input, writes the file named
   by -o (default gmon.out) through the format library's writer.

     target 64le|64be|32le|32be     layout (default: the host's)
     run PID START ID               the run stamp (default: none)
     format magic|bsd|4.4bsd        file layout (default magic)
     hist LOW HIGH bins=N [rate=HZ] [dimen="D"] [abbrev=C] [build=K:HEX]
       ADDR COUNT                   add COUNT to the bin holding ADDR
       #I COUNT                     add COUNT to bin number I
     arc FROM SELF COUNT
     bb [N]
       ADDR COUNT                   one block

   Each hist line starts a histogram record, each bb line a block
   record; the indented lines belong to the last one.  Counts are
   64-bit: the writer splits what does not fit.  gmondump's own output
   reads back, so `gmondump -t 64le f | gmonmake -o g` copies f.
   Lines starting with '#' followed by a space, and blank lines, are
   ignored; so are gmondump's "file:" and "total:" lines.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gmon/gmon.h"

enum item_kind { IT_HIST, IT_ARC, IT_BB };

struct item {
	enum item_kind kind;
	struct gmon_hist_hdr h;		/* IT_HIST */
	uint64_t *bins;			/* IT_HIST: h.nbins counts */
	struct gmon_arc arc;		/* IT_ARC */
	struct gmon_bb *blocks;		/* IT_BB */
	size_t nblocks, cap;
};

static struct item *items;
static size_t nitems, nalloc;		/* items used, allocated */
static unsigned long lineno;

static void
die (const char *msg, const char *line)
{
	fprintf (stderr, "gmonmake: line %lu: %s: %s", lineno, msg, line);
	exit (1);
}

static struct item *
new_item (enum item_kind k)
{
	/* Grow geometrically: synthetic call graphs have 10^6 arcs.  */
	if (nitems == nalloc) {
		nalloc = nalloc ? 2 * nalloc : 256;
		items = realloc (items, nalloc * sizeof *items);
		if (!items) {
			perror ("gmonmake");
			exit (99);
		}
	}
	memset (&items[nitems], 0, sizeof *items);
	items[nitems].kind = k;
	return &items[nitems++];
}

/* "K:HEX" (as gmondump prints a build stamp) into B.  */
static void
parse_build (struct gmon_build *b, const char *p, const char *line)
{
	unsigned int v;

	memset (b, 0, sizeof *b);
	if ((p[0] != GMON_BUILD_ID && p[0] != GMON_BUILD_FILE) || p[1] != ':')
		die ("bad build=K:HEX", line);
	b->kind = p[0];
	for (p += 2; b->len < GMON_BUILD_DATA_MAX
	     && sscanf (p, "%2x", &v) == 1 && p[1]; p += 2)
		b->data[b->len++] = (unsigned char) v;
}

static void
parse_hist (char *line)
{
	struct item *it = new_item (IT_HIST);
	unsigned long long lo, hi;
	char *p;

	if (sscanf (line, "hist %llx %llx", &lo, &hi) != 2)
		die ("expected 'hist LOW HIGH bins=N'", line);
	it->h.low_pc = lo;
	it->h.high_pc = hi;
	it->h.rate = 100;
	strcpy (it->h.dimen, "seconds");
	it->h.abbrev = 's';
	if (!(p = strstr (line, "bins=")))
		die ("missing bins=", line);
	it->h.nbins = (uint32_t) strtoul (p + 5, NULL, 0);
	if ((p = strstr (line, "rate=")))
		it->h.rate = (uint32_t) strtoul (p + 5, NULL, 0);
	if ((p = strstr (line, "dimen=\""))) {
		char *q = strchr (p + 7, '"');
		size_t n = q ? (size_t) (q - (p + 7)) : 0;

		if (!q || n > GMON_DIMEN_LEN)
			die ("bad dimen=\"...\"", line);
		memset (it->h.dimen, 0, sizeof it->h.dimen);
		memcpy (it->h.dimen, p + 7, n);
	}
	if ((p = strstr (line, "abbrev=")))
		it->h.abbrev = p[7];
	if ((p = strstr (line, "build=")))
		parse_build (&it->h.build, p + 6, line);
	if (it->h.nbins == 0)
		die ("bins=0", line);
	it->bins = calloc (it->h.nbins, sizeof *it->bins);
	if (!it->bins)
		die ("out of memory", line);
}

/* Start of bin I, as gmondump prints it: LOW + floor(I * SPAN / NBINS).  */
static uint64_t
bin_start (const struct gmon_hist_hdr *h, uint64_t i)
{
	unsigned __int128 span = h->high_pc - h->low_pc;

	return h->low_pc + (uint64_t) (span * i / h->nbins);
}

/* The bin whose [start, next start) holds A: the exact inverse of
   bin_start, also for bins of a fractional width.  */
static uint64_t
bin_of (const struct gmon_hist_hdr *h, uint64_t a)
{
	unsigned __int128 span = h->high_pc - h->low_pc;
	uint64_t i = (uint64_t) ((a - h->low_pc) * (unsigned __int128) h->nbins
				 / span);

	while (i + 1 < h->nbins && bin_start (h, i + 1) <= a)
		i++;
	while (i > 0 && bin_start (h, i) > a)
		i--;
	return i;
}

static void
add_bin (struct item *it, char *line)
{
	unsigned long long a, c;
	uint64_t i;

	if (sscanf (line, " #%llu %llu", &a, &c) == 2) {
		i = a;
	} else if (sscanf (line, " %llx %llu", &a, &c) == 2) {
		if (a < it->h.low_pc || a >= it->h.high_pc)
			die ("address outside the histogram", line);
		i = bin_of (&it->h, a);
	} else {
		die ("expected 'ADDR COUNT' or '#BIN COUNT'", line);
	}
	if (i >= it->h.nbins)
		die ("bin number out of range", line);
	it->bins[i] += c;
}

static void
add_block (struct item *it, char *line)
{
	unsigned long long a, c;

	if (sscanf (line, " %llx %llu", &a, &c) != 2)
		die ("expected 'ADDR COUNT'", line);
	if (it->nblocks == it->cap) {
		it->cap = it->cap ? it->cap * 2 : 64;
		it->blocks = realloc (it->blocks, it->cap * sizeof *it->blocks);
		if (!it->blocks)
			die ("out of memory", line);
	}
	it->blocks[it->nblocks].addr = a;
	it->blocks[it->nblocks].count = c;
	it->nblocks++;
}

static int
parse_target (const char *s, struct gmon_target *t)
{
	if (strncmp (s, "64", 2) == 0)
		t->addr_size = 8;
	else if (strncmp (s, "32", 2) == 0)
		t->addr_size = 4;
	else
		return -1;
	if (strncmp (s + 2, "le", 2) == 0)
		t->big_endian = false;
	else if (strncmp (s + 2, "be", 2) == 0)
		t->big_endian = true;
	else
		return -1;
	t->sign_extend = false;
	return 0;
}

int
main (int argc, char **argv)
{
	const char *out = "gmon.out";
	struct gmon_target t;
	struct gmon_run run = { 0, 0, 0 };
	enum gmon_format fmt = GMON_FMT_MAGIC;
	char line[4096], word[32];
	unsigned char buf[4096];
	struct gmon_writer w;
	bool clamped = false;
	size_t i;
	int c, fd;

	gmon_target_native (&t);
	while ((c = getopt (argc, argv, "o:")) != -1) {
		if (c != 'o') {
			fprintf (stderr, "usage: gmonmake [-o FILE] < text\n");
			return 1;
		}
		out = optarg;
	}

	while (fgets (line, sizeof line, stdin)) {
		lineno++;
		if (line[0] == '\n' || (line[0] == '#' && line[1] == ' '))
			continue;
		if (line[0] == ' ' || line[0] == '\t') {
			if (nitems == 0 || items[nitems - 1].kind == IT_ARC)
				die ("indented line outside hist or bb", line);
			if (items[nitems - 1].kind == IT_HIST)
				add_bin (&items[nitems - 1], line);
			else
				add_block (&items[nitems - 1], line);
			continue;
		}
		if (sscanf (line, "%31s", word) != 1)
			continue;
		if (strcmp (word, "target") == 0) {
			if (sscanf (line, "target %31s", word) != 1
			    || parse_target (word, &t) < 0)
				die ("bad target", line);
		} else if (strcmp (word, "run") == 0) {
			if (sscanf (line, "run pid=%" SCNu32 " start=%" SCNu32
				    " id=%" SCNx32, &run.pid, &run.start,
				    &run.id) != 3)
				die ("expected 'run pid=P start=S id=HEX'",
				     line);
		} else if (strcmp (word, "format") == 0) {
			if (sscanf (line, "format %31s", word) != 1)
				die ("bad format", line);
			if (strcmp (word, "magic") == 0)
				fmt = GMON_FMT_MAGIC;
			else if (strcmp (word, "bsd") == 0)
				fmt = GMON_FMT_BSD;
			else if (strcmp (word, "4.4bsd") == 0)
				fmt = GMON_FMT_BSD44;
			else
				die ("bad format", line);
		} else if (strcmp (word, "hist") == 0) {
			parse_hist (line);
		} else if (strcmp (word, "arc") == 0) {
			struct item *it = new_item (IT_ARC);
			unsigned long long f, s, n;

			if (sscanf (line, "arc %llx %llx %llu", &f, &s, &n) != 3)
				die ("expected 'arc FROM SELF COUNT'", line);
			it->arc.from_pc = f;
			it->arc.self_pc = s;
			it->arc.count = n;
		} else if (strcmp (word, "bb") == 0) {
			new_item (IT_BB);
		} else if (strcmp (word, "total:") == 0
			   || strcmp (word, "merged:") == 0
			   || word[strlen (word) - 1] == ':') {
			continue;	/* gmondump's own lines */
		} else {
			die ("unknown line", line);
		}
	}

	fd = open (out, O_WRONLY | O_CREAT | O_TRUNC, 0666);
	if (fd < 0) {
		fprintf (stderr, "gmonmake: %s: %s\n", out, strerror (errno));
		return 1;
	}
	gmon_writer_init (&w, fd, buf, sizeof buf, &t);
	if (fmt == GMON_FMT_MAGIC) {
		gmon_write_header_run (&w, &run);
		for (i = 0; i < nitems; i++) {
			struct item *it = &items[i];

			if (it->kind == IT_HIST)
				gmon_write_hist (&w, &it->h, it->bins, 8);
			else if (it->kind == IT_ARC)
				gmon_write_arc (&w, it->arc.from_pc,
						it->arc.self_pc, it->arc.count);
			else
				gmon_write_bb (&w, it->blocks, it->nblocks);
		}
	} else {
		/* A BSD file: the first histogram, then every arc.  */
		struct item *h = NULL;

		for (i = 0; i < nitems && !h; i++)
			if (items[i].kind == IT_HIST)
				h = &items[i];
		if (!h) {
			fprintf (stderr, "gmonmake: a BSD file needs a "
				 "histogram\n");
			return 1;
		}
		gmon_write_bsd_header (&w, h->h.low_pc, h->h.high_pc,
				       h->h.nbins, h->h.rate,
				       fmt == GMON_FMT_BSD44);
		gmon_write_bsd_bins (&w, h->bins, 8, h->h.nbins, &clamped);
		for (i = 0; i < nitems; i++)
			if (items[i].kind == IT_ARC)
				gmon_write_bsd_arc (&w, items[i].arc.from_pc,
						    items[i].arc.self_pc,
						    items[i].arc.count);
	}
	if (gmon_writer_flush (&w) < 0 || close (fd) < 0) {
		fprintf (stderr, "gmonmake: %s: %s\n", out,
			 strerror (w.error ? w.error : errno));
		return 1;
	}
	if (clamped)
		fprintf (stderr, "gmonmake: warning: BSD bins above 65535 "
			 "were written as 65535\n");
	return 0;
}
