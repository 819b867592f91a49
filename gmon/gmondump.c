/* gmondump.c - print the records of gmon files as text.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   For people debugging a profile, and for the tests, which read its
   output instead of parsing binary files themselves.  This file holds
   the options and the classic files (each one's records, or their sum
   with -m); a gmonx companion is printed by dumpx.c.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gmon/bytes.h"
#include "gmon/gmondump.h"
#include "gmon/gmonx.h"

const char gdump_prog[] = "gmondump";

/* A name of any bytes but NUL (a path, a thread's or a symbol's name)
   on one line, as it is stored and nothing else: what gmon_text_shown
   does not show (control characters, C1 too, bidirectional overrides,
   noncharacters) as \xNN below U+0080 and \uNNNN above, each byte
   of no UTF-8 character as \xNN, a backslash as \x5c.  */
void
gdump_text (const char *s)
{
	const unsigned char *p = (const unsigned char *) s;
	uint32_t cp;
	size_t n;

	while (*p) {
		n = gmon_utf8_char (p, &cp);
		if (n && cp != '\\' && gmon_text_shown (cp))
			fwrite (p, 1, n, stdout);
		else if (n > 1)
			printf ("\\u%04x", (unsigned int) cp);
		else
			printf ("\\x%02x", *p);
		p += n ? n : 1;
	}
}

/* " NAME+0xOFF" of the function that holds ADDR in S, or " ?".  */
void
gdump_name (const struct elfsyms *s, uint64_t addr)
{
	uint64_t off = 0;
	const char *name = elfsyms_find (s, addr, &off);

	if (!name) {
		printf (" ?");
		return;
	}
	putchar (' ');
	gdump_text (name);
	if (off)
		printf ("+0x%llx", (unsigned long long) off);
}

/* After a line's fields, "  # NAME" for ADDR, if -e gave names.  */
static void
name_addr (const struct gdump_opts *o, uint64_t addr)
{
	if (o->syms.n) {
		printf ("  #");
		gdump_name (&o->syms, addr);
	}
	putchar ('\n');
}

/* An arc line, its ends named if -e gave names; a loss note's says
   what it counts.  Returns the note's kind, or 0 for a call.  */
static unsigned int
print_arc (const struct gdump_opts *o, unsigned int addr_size, uint64_t from,
	   uint64_t self, uint64_t count)
{
	unsigned int kind = gmon_note_kind (addr_size, from, self);

	if (o->summary)
		return kind;
	printf ("arc 0x%llx 0x%llx %llu", (unsigned long long) from,
		(unsigned long long) self, (unsigned long long) count);
	if (kind) {
		const char *fix = gmon_note_fix (kind);

		printf ("  # note: %llu %s%s%s\n", (unsigned long long) count,
			gmon_note_what (kind), fix ? "; " : "", fix ? fix : "");
		return kind;
	}
	if (o->syms.n) {
		printf ("  #");
		gdump_name (&o->syms, from);
		printf (" ->");
		gdump_name (&o->syms, self);
	}
	putchar ('\n');
	return 0;
}

static void
usage (FILE *f, int status)
{
	fprintf (f,
"Usage: %s [OPTION]... [FILE]...\n"
"Print the records of gmon profile files (default gmon.out; - is\n"
"standard input) as text, one line per record.\n"
"\n"
"  -e, --exe=FILE       take address size and byte order from this ELF\n"
"                       executable (default: guess them from the file),\n"
"                       and name each address after its function\n"
"                       (\"  # NAME+0xOFF\"; \"?\" outside every function)\n"
"  -t, --target=LAYOUT  64le, 64be, 32le or 32be\n"
"  -O, --format=FMT     auto (default), magic, bsd or 4.4bsd\n"
"  -a, --all-bins       list zero histogram bins too\n"
"  -s, --summary        headers and totals only, no bins or blocks\n"
"  -m, --merge          print the sum of all files, merged as gprof\n"
"                       merges them, instead of each file's records\n"
"  -h, --help           print this help and exit\n"
"  -V, --version        print the version and exit\n"
"\n"
"Lines: 'hist LOW HIGH bins=N rate=HZ dimen=\"D\" abbrev=C [build=K:HEX]\n"
"samples=S' (build: libgmon's stamp of the build, B for a build id, F for\n"
"the file's size and time),\n"
"then '  ADDR COUNT' per non-zero bin; 'arc FROM SELF COUNT';\n"
"'bb N' then '  ADDR COUNT' per block.  Addresses are hexadecimal.\n"
"A gmonx file (the companion libgmon writes beside a profile, in\n"
"PROFILE-objs/objects.gmonx) is printed as 'process ...', one\n"
"'object ID ...' per object and 'arc FROM_ID:ADDR SELF_ID:ADDR COUNT'\n"
"per call between objects; with calling contexts (GMON_CONTEXT),\n"
"'context depth=N lost=L unwalked=U' and 'node N PARENT ID:ADDR COUNT'\n"
"per node (PARENT: a node number, root or cut); with per-thread records\n"
"(GMON_THREADS), 'threads cap=N kept=K merged=M norecord=S', then per\n"
"thread 'thread TID [main] [exited] [merged] ... name=NAME' followed by\n"
"'  sample ID:ADDR COUNT' and '  arc FROM_ID:ADDR SELF_ID:ADDR COUNT'.\n",
		 gdump_prog);
	exit (status);
}

static int
parse_layout (const char *s, struct gmon_target *t)
{
	memset (t, 0, sizeof *t);
	if (strcmp (s, "64le") == 0 || strcmp (s, "64be") == 0)
		t->addr_size = 8;
	else if (strcmp (s, "32le") == 0 || strcmp (s, "32be") == 0)
		t->addr_size = 4;
	else
		return -1;
	t->big_endian = s[2] == 'b';
	return 0;
}

/* Address size and byte order from an ELF header's e_ident.  */
static int
layout_from_elf (const char *path, struct gmon_target *t)
{
	unsigned char id[6];
	int fd = open (path, O_RDONLY);
	ssize_t n;

	if (fd < 0) {
		fprintf (stderr, "%s: %s: %s\n", gdump_prog, path,
			 strerror (errno));
		return -1;
	}
	n = read (fd, id, sizeof id);
	close (fd);
	if (n != (ssize_t) sizeof id || memcmp (id, "\177ELF", 4) != 0
	    || (id[4] != 1 && id[4] != 2) || (id[5] != 1 && id[5] != 2)) {
		fprintf (stderr, "%s: %s: not an ELF file\n", gdump_prog,
			 path);
		return -1;
	}
	memset (t, 0, sizeof *t);
	t->addr_size = id[4] == 1 ? 4 : 8;
	t->big_endian = id[5] == 2;
	return 0;
}

/* The run stamp of R, if it has one, as gmonmake reads it back.  */
static void
print_run (const struct gmon_reader *r)
{
	struct gmon_run run;
	char text[GMON_RUN_TEXT];

	gmon_reader_run (r, &run);
	if (gmon_run_known (&run))
		printf ("run pid=%" PRIu32 " start=%" PRIu32 " id=%08" PRIx32
			"  # %s\n", run.pid, run.start, run.id,
			gmon_run_text (&run, text));
}

static const char *
format_name (enum gmon_format f)
{
	switch (f) {
	case GMON_FMT_MAGIC:
		return "new format";
	case GMON_FMT_BSD:
		return "old BSD format";
	case GMON_FMT_BSD44:
		return "4.4BSD format";
	default:
		return "unknown format";
	}
}

/* Start address of bin I: LOW + I * (HIGH - LOW) / NBINS, exactly.  */
static unsigned long long
bin_addr (const struct gmon_hist_hdr *h, uint32_t i)
{
	unsigned __int128 span = h->high_pc - h->low_pc;

	return (unsigned long long) (h->low_pc + span * i / h->nbins);
}

static void
print_hist (const struct gmon_hist_hdr *h, const struct gmon_bins *bins,
	    const struct gdump_opts *o)
{
	unsigned long long total = 0, nonzero = 0;
	struct gmon_bins_iter it;
	uint64_t count, v[64];
	uint32_t i, k, n;

	gmon_bins_iter_init (&it, bins);
	while (gmon_bins_next (&it, &i, &count)) {
		total = gmon_add_sat (total, count);
		nonzero++;
	}
	printf ("hist 0x%llx 0x%llx bins=%u rate=%u dimen=\"%s\" "
		"abbrev=%c", (unsigned long long) h->low_pc,
		(unsigned long long) h->high_pc, h->nbins, h->rate, h->dimen,
		h->abbrev ? h->abbrev : '?');
	if (h->build.kind) {
		printf (" build=%c:", h->build.kind);
		for (i = 0; i < h->build.len; i++)
			printf ("%02x", h->build.data[i]);
	}
	printf (" samples=%llu nonzero=%llu\n", total, nonzero);
	if (o->summary)
		return;
	if (!o->all_bins) {
		gmon_bins_iter_init (&it, bins);
		while (gmon_bins_next (&it, &i, &count)) {
			printf ("  0x%llx %llu", bin_addr (h, i),
				(unsigned long long) count);
			name_addr (o, bin_addr (h, i));
		}
		return;
	}
	for (i = 0; i < h->nbins; i += n) {
		n = h->nbins - i < 64 ? h->nbins - i : 64;
		gmon_bins_fill (bins, i, n, v);
		for (k = 0; k < n; k++) {
			printf ("  0x%llx %llu", bin_addr (h, i + k),
				(unsigned long long) v[k]);
			name_addr (o, bin_addr (h, i + k));
		}
	}
}

static void
print_bb (const struct gmon_bb *b, size_t n, const struct gdump_opts *o)
{
	size_t i;

	printf ("bb %zu\n", n);
	if (o->summary)
		return;
	for (i = 0; i < n; i++) {
		printf ("  0x%llx %llu", (unsigned long long) b[i].addr,
			(unsigned long long) b[i].count);
		name_addr (o, b[i].addr);
	}
}

/* Prints each record of PATH.  Returns 0, or -1 after a message.  */
static int
dump_records (const char *path, const struct gmon_target *t,
	      const struct gdump_opts *o, bool quiet_errors)
{
	struct gmon_error err;
	struct gmon_reader *r = gmon_reader_open (path, t, o->format, &err);
	struct gmon_record rec;
	unsigned long long nh = 0, na = 0, nb = 0, calls = 0, notes = 0;
	int more;

	if (!r) {
		if (!quiet_errors)
			fprintf (stderr, "%s: %s\n", gdump_prog, err.msg);
		return -1;
	}
	gdump_text (path);
	printf (": %s", format_name (gmon_reader_format (r)));
	if (gmon_reader_format (r) == GMON_FMT_MAGIC)
		printf (", version %u", gmon_reader_version (r));
	printf (", %u-bit %s-endian\n", t->addr_size * 8,
		t->big_endian ? "big" : "little");
	print_run (r);
	while ((more = gmon_reader_next (r, &rec, &err)) > 0) {
		switch (rec.kind) {
		case GMON_REC_HIST:
			nh++;
			print_hist (&rec.hist, rec.bins, o);
			break;
		case GMON_REC_ARC:
			na++;
			if (print_arc (o, t->addr_size, rec.arc.from_pc,
				       rec.arc.self_pc, rec.arc.count))
				notes++;
			else
				calls = gmon_add_sat (calls, rec.arc.count);
			break;
		case GMON_REC_BB:
			nb++;
			print_bb (rec.blocks, rec.nblocks, o);
			break;
		case GMON_REC_END:
			break;
		}
	}
	gmon_reader_close (r);
	printf ("total: %llu histogram, %llu arc (%llu calls), %llu "
		"basic-block records", nh, na, calls, nb);
	if (notes)
		printf (", %llu of the arc records loss notes", notes);
	putchar ('\n');
	if (more < 0) {
		fflush (stdout);
		fprintf (stderr, "%s: %s\n", gdump_prog, err.msg);
		return -1;
	}
	return 0;
}

/* Whether PATH reads cleanly as target T: used to guess the address
   size when nobody says it.  */
static bool
reads_cleanly (const char *path, const struct gmon_target *t,
	       enum gmon_format fmt)
{
	struct gmon_reader *r = gmon_reader_open (path, t, fmt, NULL);
	struct gmon_record rec;
	int more;

	if (!r)
		return false;
	while ((more = gmon_reader_next (r, &rec, NULL)) > 0)
		;
	gmon_reader_close (r);
	return more == 0;
}

/* The byte order a new-format file's version field implies.  */
static void
guess_order (const char *path, struct gmon_target *t)
{
	unsigned char hdr[8];
	int fd = open (path, O_RDONLY);

	if (fd < 0)
		return;
	if (read (fd, hdr, sizeof hdr) == (ssize_t) sizeof hdr
	    && memcmp (hdr, GMON_MAGIC, GMON_MAGIC_LEN) == 0)
		t->big_endian = hdr[4] == 0 && hdr[7] != 0;
	close (fd);
}


/* Whether PATH starts with the magic of a gmonx file.  */
static bool
is_gmonx (const char *path)
{
	unsigned char head[GMONX_MAGIC_LEN];
	int fd;
	bool yes;

	if (strcmp (path, "-") == 0 || (fd = open (path, O_RDONLY)) < 0)
		return false;
	yes = read (fd, head, sizeof head) == (ssize_t) sizeof head
		&& gmonx_is_magic (head, sizeof head);
	close (fd);
	return yes;
}

/* Whether PATH can be read more than once: a regular file.  A FIFO
   (or standard input) is read once, as it comes: looking at it first
   would eat what the dump then misses.  */
static bool
rereadable (const char *path)
{
	struct stat st;

	return strcmp (path, "-") != 0 && stat (path, &st) == 0
		&& S_ISREG (st.st_mode);
}

static int
dump_file (const char *path, const struct gdump_opts *o)
{
	struct gmon_target t = o->target;

	if (!rereadable (path))
		return dump_records (path, &t, o, false);
	if (is_gmonx (path))
		return gdump_gmonx (path, o);

	if (!o->target_set) {
		guess_order (path, &t);
		t.addr_size = 8;
		if (!reads_cleanly (path, &t, o->format)) {
			t.addr_size = 4;
			if (!reads_cleanly (path, &t, o->format))
				t.addr_size = 8;	/* report its errors */
		}
	}
	return dump_records (path, &t, o, false);
}

static int
dump_merged (char **files, int nfiles, const struct gdump_opts *o)
{
	struct gmon_profile p;
	struct gmon_error err;
	unsigned long long calls = 0, notes = 0;
	int i, ret = 0;
	size_t k;

	gmon_profile_init (&p, &o->target);
	for (i = 0; i < nfiles; i++)
		if (gmon_profile_read (&p, files[i], o->format, NULL,
				       &err) < 0) {
			fprintf (stderr, "%s: %s\n", gdump_prog, err.msg);
			ret = -1;
			break;
		}
	if (ret == 0) {
		printf ("merged: %d file%s, rate=%u\n", nfiles,
			nfiles == 1 ? "" : "s", p.rate);
		for (k = 0; k < p.nhist; k++)
			print_hist (&p.hist[k].h, &p.hist[k].bins, o);
		for (k = 0; k < p.narcs; k++) {
			if (print_arc (o, p.target.addr_size,
				       p.arcs[k].from_pc, p.arcs[k].self_pc,
				       p.arcs[k].count))
				notes++;
			else
				calls = gmon_add_sat (calls, p.arcs[k].count);
		}
		if (p.nbbs)
			print_bb (p.bbs, p.nbbs, o);
		printf ("total: %zu histograms, %zu arcs (%llu calls), %zu "
			"blocks", p.nhist, p.narcs, calls, p.nbbs);
		if (notes)
			printf (", %llu of the arcs loss notes", notes);
		putchar ('\n');
	}
	gmon_profile_free (&p);
	return ret;
}

/* -e's function names; without them the addresses stay bare, as
   gmondump says.  */
static void
load_names (const char *path, struct gdump_opts *o)
{
	char err[256];

	elfsyms_free (&o->syms);
	if (elfsyms_load (path, &o->syms, err, sizeof err) < 0)
		fprintf (stderr, "%s: %s: %s: the addresses are not named\n",
			 gdump_prog, path, err);
}

int
main (int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "exe", required_argument, NULL, 'e' },
		{ "target", required_argument, NULL, 't' },
		{ "format", required_argument, NULL, 'O' },
		{ "all-bins", no_argument, NULL, 'a' },
		{ "summary", no_argument, NULL, 's' },
		{ "merge", no_argument, NULL, 'm' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	struct gdump_opts o;
	char *deflt[] = { (char *) "gmon.out" };
	char **files;
	int nfiles, c, i, status = 0;

	memset (&o, 0, sizeof o);
	gmon_target_native (&o.target);
	while ((c = getopt_long (argc, argv, "e:t:O:asmhV", longopts, NULL))
	       != -1) {
		switch (c) {
		case 'e':
			if (layout_from_elf (optarg, &o.target) < 0)
				return 1;
			o.target_set = true;
			load_names (optarg, &o);
			break;
		case 't':
			if (parse_layout (optarg, &o.target) < 0) {
				fprintf (stderr, "%s: unknown layout '%s' "
					 "(use 64le, 64be, 32le or 32be)\n",
					 gdump_prog, optarg);
				return 1;
			}
			o.target_set = true;
			break;
		case 'O':
			if (strcmp (optarg, "auto") == 0)
				o.format = GMON_FMT_AUTO;
			else if (strcmp (optarg, "magic") == 0)
				o.format = GMON_FMT_MAGIC;
			else if (strcmp (optarg, "bsd") == 0)
				o.format = GMON_FMT_BSD;
			else if (strcmp (optarg, "4.4bsd") == 0)
				o.format = GMON_FMT_BSD44;
			else {
				fprintf (stderr, "%s: unknown file format "
					 "'%s' (use auto, magic, bsd or "
					 "4.4bsd)\n", gdump_prog, optarg);
				return 1;
			}
			break;
		case 'a':
			o.all_bins = true;
			break;
		case 's':
			o.summary = true;
			break;
		case 'm':
			o.merge = true;
			break;
		case 'h':
			usage (stdout, 0);
			break;
		case 'V':
			printf ("gmondump (%s) %s\n", PACKAGE_NAME,
				PACKAGE_VERSION);
			return 0;
		default:
			usage (stderr, 1);
		}
	}
	files = optind < argc ? argv + optind : deflt;
	nfiles = optind < argc ? argc - optind : 1;
	if (o.merge) {
		status = dump_merged (files, nfiles, &o) < 0 ? 1 : 0;
		elfsyms_free (&o.syms);
		return status;
	}
	for (i = 0; i < nfiles; i++)
		if (dump_file (files[i], &o) < 0)
			status = 1;
	elfsyms_free (&o.syms);
	return status;
}
