/* test_gmonx.c - the gmonx companion format: writer, reader, damage.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later  */

#define _GNU_SOURCE 1
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gmon/bytes.h"
#include "gmon/gmonx.h"
#include "tests/unit/cunit_main.h"

static const unsigned char bid[20] = {
	0xde, 0xad, 0xbe, 0xef, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13,
	14, 15, 16
};

/* A companion as libgmon writes it, into a memfd; returns its bytes
   in *DATA (malloc'd) and their count.  */
static size_t
sample_file (unsigned char **data, size_t narcs)
{
	unsigned char buf[256];
	struct gmon_writer w;
	struct gmon_target t;
	struct gmonx_process p;
	struct gmonx_object o;
	struct gmonx_arc *a = calloc (narcs ? narcs : 1, sizeof *a);
	int fd = memfd_create ("gmonx", 0);
	size_t i;
	off_t n;

	CU_ASSERT_FATAL (fd >= 0 && a != NULL);
	gmon_target_native (&t);
	gmon_writer_init (&w, fd, buf, sizeof buf, &t);
	memset (&p, 0, sizeof p);
	p.pid = 1234;
	p.ppid = 1;
	p.image = 2;
	p.end = GMONX_END_SIGNAL;
	p.signal = 11;
	p.rate = 1000;
	p.clock = GMONX_CLOCK_WALL;
	p.dump = 70001;
	p.cpu_ns = 123456789;
	p.wall_ns = 987654321;
	p.samples = 5000;
	p.unknown = 3;
	p.outside = 2;
	p.lost_calls = 1;
	p.run.pid = 1234;
	p.run.start = 1795600690;
	p.run.id = 0xe11c0bb9;
	p.start_ns = 1795600690731436765u;
	CU_ASSERT_EQUAL (gmonx_write_header (&w), 0);
	CU_ASSERT_EQUAL (gmonx_write_process (&w, &p), 0);
	memset (&o, 0, sizeof o);
	o.id = 0;
	o.flags = GMONX_OBJ_MAIN;
	o.base = 0x555500000000;
	o.text_lo = 0x555500001000;
	o.text_hi = 0x555500002000;
	o.samples = 10;
	o.calls = 20;
	o.blocks = 30;
	o.path = "/usr/bin/prog";
	o.file = "../gmon.out";
	o.build_id = bid;
	o.build_id_len = sizeof bid;
	CU_ASSERT_EQUAL (gmonx_write_object (&w, &o), 0);
	memset (&o, 0, sizeof o);
	o.id = 1;
	o.flags = GMONX_OBJ_VDSO;
	o.base = 0x7fff0000;
	o.text_lo = 0x7fff0000;
	o.text_hi = 0x7fff1000;
	o.path = "linux-vdso.so.1";
	o.file = "linux-vdso.so.1.gmon";
	o.image = "linux-vdso.so.1";
	CU_ASSERT_EQUAL (gmonx_write_object (&w, &o), 0);
	for (i = 0; i < narcs; i++) {
		a[i].from_obj = (uint32_t) (i % 2);
		a[i].self_obj = i % 3 == 0 ? GMONX_NO_OBJECT
			: (uint32_t) ((i + 1) % 2);
		a[i].from_pc = 0x1000 + i;
		a[i].self_pc = 0x2000 + i;
		a[i].count = (uint64_t) 1 << 40 | i;
	}
	CU_ASSERT_EQUAL (gmonx_write_arcs (&w, a, narcs), 0);
	CU_ASSERT_EQUAL (gmon_writer_flush (&w), 0);
	free (a);
	n = lseek (fd, 0, SEEK_END);
	*data = malloc ((size_t) n);
	CU_ASSERT_FATAL (*data != NULL);
	CU_ASSERT_EQUAL (pread (fd, *data, (size_t) n, 0), n);
	close (fd);
	return (size_t) n;
}

static void
test_round_trip (void)
{
	unsigned char *data;
	size_t n = sample_file (&data, 300), i;
	struct gmonx_file f;
	struct gmon_error err;
	const struct gmonx_object *o;

	CU_ASSERT_FATAL (gmonx_is_magic (data, n));
	CU_ASSERT_EQUAL_FATAL (gmonx_parse (data, n, "d/x.gmonx", &f, &err),
			       0);
	CU_ASSERT_STRING_EQUAL (f.dir, "d");
	CU_ASSERT_EQUAL (f.version, GMONX_VERSION);
	CU_ASSERT (f.have_process);
	CU_ASSERT_EQUAL (f.process.pid, 1234);
	CU_ASSERT_EQUAL (f.process.image, 2);
	CU_ASSERT_EQUAL (f.process.end, GMONX_END_SIGNAL);
	CU_ASSERT_EQUAL (f.process.signal, 11);
	CU_ASSERT_EQUAL (f.process.clock, GMONX_CLOCK_WALL);
	CU_ASSERT_EQUAL (f.process.dump, 70001);
	CU_ASSERT_EQUAL (f.process.cpu_ns, 123456789);
	CU_ASSERT_EQUAL (f.process.wall_ns, 987654321);
	CU_ASSERT_EQUAL (f.process.samples, 5000);
	CU_ASSERT_EQUAL (f.process.lost_calls, 1);
	CU_ASSERT_EQUAL (f.process.run.pid, 1234);
	CU_ASSERT_EQUAL (f.process.run.start, 1795600690);
	CU_ASSERT_EQUAL (f.process.run.id, 0xe11c0bb9);
	CU_ASSERT_EQUAL (f.process.start_ns, 1795600690731436765u);
	CU_ASSERT_EQUAL_FATAL (f.nobjects, 2);
	o = gmonx_object (&f, 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL (o);
	CU_ASSERT_EQUAL (o->flags, GMONX_OBJ_MAIN);
	CU_ASSERT_EQUAL (o->base, 0x555500000000);
	CU_ASSERT_EQUAL (o->text_hi, 0x555500002000);
	CU_ASSERT_EQUAL (o->blocks, 30);
	CU_ASSERT_STRING_EQUAL (o->path, "/usr/bin/prog");
	CU_ASSERT_STRING_EQUAL (o->file, "../gmon.out");
	CU_ASSERT_STRING_EQUAL (o->image, "");
	CU_ASSERT_EQUAL (o->build_id_len, sizeof bid);
	CU_ASSERT (memcmp (o->build_id, bid, sizeof bid) == 0);
	o = gmonx_object (&f, 1);
	CU_ASSERT_PTR_NOT_NULL_FATAL (o);
	CU_ASSERT_STRING_EQUAL (o->image, "linux-vdso.so.1");
	CU_ASSERT_EQUAL (o->build_id_len, 0);
	CU_ASSERT_PTR_NULL (gmonx_object (&f, 2));
	CU_ASSERT_EQUAL_FATAL (f.narcs, 300);
	for (i = 0; i < f.narcs; i++) {
		CU_ASSERT_EQUAL (f.arcs[i].from_pc, 0x1000 + i);
		CU_ASSERT_EQUAL (f.arcs[i].count, (uint64_t) 1 << 40 | i);
	}
	CU_ASSERT_EQUAL (f.arcs[3].self_obj, GMONX_NO_OBJECT);
	gmonx_free (&f);
	free (data);
}

/* Bytes to put in a file: the sample, with a change.  */
struct edit {
	size_t at;			/* where */
	size_t cut;			/* 0, or the file's new length */
	const char *bytes;		/* N bytes to write at AT */
	size_t n;
};

/* Reads the sample with E applied: 0 if it reads, else the message
   in ERR.  */
static int
read_edited (const struct edit *e, const unsigned char *tail, size_t ntail,
	     struct gmon_error *err)
{
	unsigned char *data;
	size_t n = sample_file (&data, 2);
	struct gmonx_file f;
	int rc;

	if (e->n)
		memcpy (data + e->at, e->bytes, e->n);
	if (e->cut)
		n = e->cut;
	if (tail) {
		data = realloc (data, n + ntail);
		memcpy (data + n, tail, ntail);
		n += ntail;
	}
	rc = gmonx_parse (data, n, "x.gmonx", &f, err);
	if (rc == 0)
		gmonx_free (&f);
	free (data);
	return rc;
}

/* Offsets in the sample: header 16, process record 16 + 8 + 96 =
   120, the first object record's body starts at 128.  */
#define OBJ0		120
#define OBJ0_BODY	(OBJ0 + 8)

static void
expect_error (const char *desc, const struct edit *e,
	      const unsigned char *tail, size_t ntail, const char *want)
{
	struct gmon_error err;

	memset (&err, 0, sizeof err);
	if (read_edited (e, tail, ntail, &err) == 0) {
		fprintf (stderr, "%s: read without error\n", desc);
		CU_FAIL ("damaged file read without error");
		return;
	}
	if (!strstr (err.msg, want) || strncmp (err.msg, "x.gmonx: ", 9)) {
		fprintf (stderr, "%s: '%s' lacks '%s'\n", desc, err.msg, want);
		CU_FAIL ("message");
	}
}

static void
test_damage (void)
{
	static const struct {
		const char *desc;
		struct edit e;
		const char *want;
	} cases[] = {
		{ "short", { 0, 10, NULL, 0 }, "too short to be a gmonx file" },
		{ "magic", { 0, 0, "GMON", 4 }, "not a gmonx file" },
		{ "version", { 8, 0, "\2", 1 }, "unsupported gmonx version 2" },
		{ "record header cut", { 0, 20, NULL, 0 },
		  "end of file in the record header at offset 16" },
		{ "record past the end", { 20, 0, "\377\377\0\0", 4 },
		  "process record (tag 1) at offset 16 claims 65535 bytes" },
		{ "process too short", { 20, 0, "\10\0\0\0", 4 },
		  "process record at offset 16 has 8 bytes" },
		{ "object string past its end", { OBJ0_BODY + 56, 0,
						  "\377\0", 2 },
		  "object record at offset 120: its path of 255 bytes runs "
		  "past the end" },
		{ "duplicate id", { OBJ0_BODY, 0, "\1", 1 },
		  "duplicate object id 1" },
		{ "reserved id", { OBJ0_BODY, 0, "\377\377\377\377", 4 },
		  "reserved object id" },
		{ "text_lo above text_hi", { OBJ0_BODY + 16, 0,
					    "\0\0\0\0\0\0\0\1", 8 },
		  "text_lo 0x100000000000000 is above text_hi" },
		{ "absolute file name", { OBJ0_BODY + 56 + 2 + 13 + 2, 0,
					  "/", 1 },
		  "not a plain name" },
	};
	static const unsigned char bad_arcs[8 + 31] = { 3, 0, 0, 0, 31 };
	static const unsigned char undefined[] = {
		3, 0, 0, 0, 32, 0, 0, 0,
		0, 0, 0, 0, 9, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0,
	};
	static const unsigned char second_process[8 + 80] = { 1, 0, 0, 0, 80 };
	static const struct edit none = { 0, 0, NULL, 0 };
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
		expect_error (cases[i].desc, &cases[i].e, NULL, 0,
			      cases[i].want);
	expect_error ("arcs not a multiple of 32", &none, bad_arcs,
		      sizeof bad_arcs, "arcs record at offset");
	expect_error ("arc of an undefined object", &none, undefined,
		      sizeof undefined, "names object 9, which no object "
		      "record before it defines");
	expect_error ("second process record", &none, second_process,
		      sizeof second_process, "a second process record");
}

/* Readers skip what they do not know: a record of a new tag, and new
   fields at the end of a known body.  */
static void
test_extensions (void)
{
	static const unsigned char future[] = {
		99, 0, 0, 0, 5, 0, 0, 0, 'h', 'e', 'l', 'l', 'o'
	};
	unsigned char *data, *more;
	size_t n = sample_file (&data, 1);
	struct gmonx_file f;
	struct gmon_error err;

	more = malloc (n + sizeof future);
	CU_ASSERT_FATAL (more != NULL);
	memcpy (more, data, n);
	memcpy (more + n, future, sizeof future);
	CU_ASSERT_EQUAL_FATAL (gmonx_parse (more, n + sizeof future, "x",
					    &f, &err), 0);
	CU_ASSERT_EQUAL (f.skipped, 1);
	CU_ASSERT_EQUAL (f.narcs, 1);
	gmonx_free (&f);
	free (more);
	free (data);
}

/* A process record of version 1's 80 bytes (the file of an early
   libgmon) has no run stamp; one of 96 with a stamp of zeros has none
   either, whatever its pid.  */
static void
test_run_stamp (void)
{
	unsigned char *data;
	size_t n = sample_file (&data, 1);
	struct gmonx_file f;
	struct gmon_error err;

	/* The stamp's start and id zeroed.  */
	memset (data + 16 + 8 + 80, 0, 8);
	CU_ASSERT_EQUAL_FATAL (gmonx_parse (data, n, "x", &f, &err), 0);
	CU_ASSERT (!gmon_run_known (&f.process.run));
	CU_ASSERT_EQUAL (f.process.start_ns, 1795600690731436765u);
	gmonx_free (&f);
	/* Cut to 80 bytes: the record's size says 80, and the 16 bytes
	   after it are dropped.  */
	data[16 + 4] = 80;
	memmove (data + 16 + 8 + 80, data + 16 + 8 + 96, n - (16 + 8 + 96));
	CU_ASSERT_EQUAL_FATAL (gmonx_parse (data, n - 16, "x", &f, &err), 0);
	CU_ASSERT (!gmon_run_known (&f.process.run));
	CU_ASSERT_EQUAL (f.process.start_ns, 0);
	CU_ASSERT_EQUAL (f.process.lost_calls, 1);
	CU_ASSERT_EQUAL (f.nobjects, 2);
	gmonx_free (&f);
	free (data);
}

static void
collect_name (void *arg, const char *name)
{
	char *all = arg;

	strcat (all, name);
	strcat (all, "|");
}

/* The runtime's reader of names: the other objects' files and the
   saved images, not the program's file; the same after damage up to
   the damage; never a name that is not plain.  */
static void
test_each_name (void)
{
	unsigned char *data;
	size_t n = sample_file (&data, 3);
	char all[1024] = "";
	int fd = memfd_create ("names", 0);

	CU_ASSERT_FATAL (fd >= 0);
	CU_ASSERT_FATAL (write (fd, data, n) == (ssize_t) n);
	lseek (fd, 0, SEEK_SET);
	CU_ASSERT_EQUAL (gmonx_each_name (fd, collect_name, all), 0);
	CU_ASSERT_STRING_EQUAL (all, "linux-vdso.so.1.gmon|linux-vdso.so.1|");
	/* Cut inside the second object: the first's names only, and -1.  */
	CU_ASSERT_EQUAL (ftruncate (fd, OBJ0 + 80), 0);
	lseek (fd, 0, SEEK_SET);
	all[0] = '\0';
	CU_ASSERT_EQUAL (gmonx_each_name (fd, collect_name, all), -1);
	CU_ASSERT_STRING_EQUAL (all, "");
	close (fd);
	/* A name with a slash, or "..", is nobody's to remove.  */
	CU_ASSERT (!gmonx_plain_name ((const unsigned char *) "a/b", 3, false));
	CU_ASSERT (!gmonx_plain_name ((const unsigned char *) "..", 2, false));
	CU_ASSERT (!gmonx_plain_name ((const unsigned char *) "../x", 4, false));
	CU_ASSERT (gmonx_plain_name ((const unsigned char *) "../x", 4, true));
	CU_ASSERT (gmonx_plain_name ((const unsigned char *) "x.gmon", 6, false));
	/* Not a gmonx file at all.  */
	fd = memfd_create ("names", 0);
	CU_ASSERT_FATAL (write (fd, "gmon\1\0\0\0", 8) == 8);
	lseek (fd, 0, SEEK_SET);
	CU_ASSERT_EQUAL (gmonx_each_name (fd, collect_name, all), -1);
	close (fd);
	free (data);
}

/* A context record and the N nodes in CONTEXTS records, as bytes to
   append to a sample file; returns their count.  */
static size_t
ctx_records (const struct gmonx_ctx_node *nodes, size_t n, bool info,
	     unsigned char **out)
{
	unsigned char buf[128];
	struct gmon_writer w;
	struct gmon_target t;
	struct gmonx_context c = { 64, 5, 7 };
	int fd = memfd_create ("ctx", 0);
	off_t size;

	CU_ASSERT_FATAL (fd >= 0);
	gmon_target_native (&t);
	gmon_writer_init (&w, fd, buf, sizeof buf, &t);
	if (info)
		CU_ASSERT_EQUAL (gmonx_write_context (&w, &c), 0);
	CU_ASSERT_EQUAL (gmonx_write_ctx_nodes (&w, nodes, n), 0);
	CU_ASSERT_EQUAL (gmon_writer_flush (&w), 0);
	size = lseek (fd, 0, SEEK_END);
	*out = malloc ((size_t) size + 1);
	CU_ASSERT_FATAL (*out != NULL);
	CU_ASSERT_EQUAL (pread (fd, *out, (size_t) size, 0), size);
	close (fd);
	return (size_t) size;
}

/* Reads the sample with TAIL appended: 0, or -1 with ERR filled.  */
static int
read_with (const unsigned char *tail, size_t ntail, struct gmonx_file *f,
	   struct gmon_error *err)
{
	unsigned char *data;
	size_t n = sample_file (&data, 1);
	int rc;

	data = realloc (data, n + ntail);
	CU_ASSERT_FATAL (data != NULL);
	memcpy (data + n, tail, ntail);
	rc = gmonx_parse (data, n + ntail, "x.gmonx", f, err);
	free (data);
	return rc;
}

static void
test_contexts (void)
{
	static const struct gmonx_ctx_node nodes[] = {
		{ GMONX_CTX_ROOT, 0, 0x1100, 0 },
		{ 0, 0, 0x1234, 3 },
		{ 1, 1, 0x7f0, 0 },
		{ 2, GMONX_NO_OBJECT, 0xdead, 9 },
		{ GMONX_CTX_CUT, 0, 0x1300, 1 },
		{ 4, 0, 0x1304, 2 },
	};
	static const struct gmonx_ctx_node forward[] = {
		{ GMONX_CTX_ROOT, 0, 0x1100, 0 },
		{ 2, 0, 0x1234, 3 },
		{ 0, 0, 0x1238, 3 },
	};
	static const struct gmonx_ctx_node no_object[] = {
		{ GMONX_CTX_ROOT, 4, 0x1100, 1 },
	};
	unsigned char *tail, *twice;
	size_t n = ctx_records (nodes, 6, true, &tail), m;
	struct gmonx_file f;
	struct gmon_error err;

	CU_ASSERT_EQUAL_FATAL (read_with (tail, n, &f, &err), 0);
	CU_ASSERT (f.have_context);
	CU_ASSERT_EQUAL (f.context.depth, 64);
	CU_ASSERT_EQUAL (f.context.lost, 5);
	CU_ASSERT_EQUAL (f.context.unwalked, 7);
	CU_ASSERT_EQUAL_FATAL (f.nnodes, 6);
	CU_ASSERT (memcmp (f.nodes, nodes, sizeof nodes) == 0);
	CU_ASSERT_EQUAL (f.skipped, 0);
	gmonx_free (&f);

	/* A second context record, and nodes in two records numbered
	   together.  */
	twice = malloc (2 * n);
	CU_ASSERT_FATAL (twice != NULL);
	memcpy (twice, tail, n);
	memcpy (twice + n, tail, n);
	CU_ASSERT_EQUAL (read_with (twice, 2 * n, &f, &err), -1);
	CU_ASSERT (strstr (err.msg, "a second context record") != NULL);
	free (twice);
	m = ctx_records (nodes + 3, 3, false, &twice);
	tail = realloc (tail, n + m);
	memcpy (tail + n, twice, m);
	free (twice);
	CU_ASSERT_EQUAL_FATAL (read_with (tail, n + m, &f, &err), 0);
	CU_ASSERT_EQUAL (f.nnodes, 9);
	CU_ASSERT_EQUAL (f.nodes[8].parent, 4);
	gmonx_free (&f);
	free (tail);

	n = ctx_records (forward, 3, false, &tail);
	CU_ASSERT_EQUAL (read_with (tail, n, &f, &err), -1);
	CU_ASSERT (strstr (err.msg, "node 1 has parent 2, which is not a "
			   "node before it") != NULL);
	free (tail);
	n = ctx_records (no_object, 1, false, &tail);
	CU_ASSERT_EQUAL (read_with (tail, n, &f, &err), -1);
	CU_ASSERT (strstr (err.msg, "node 0 names object 4") != NULL);
	/* A body that is not a multiple of a node.  */
	tail[4] = 23;
	CU_ASSERT_EQUAL (read_with (tail, n - 1, &f, &err), -1);
	CU_ASSERT (strstr (err.msg, "not a multiple of 24") != NULL);
	free (tail);
}

/* A chain of the context record's depth + 1 nodes (its PC and that
   many return addresses) is read; one node more is refused: libgmon
   cannot have written it, and a chain of N nodes costs N frames on
   each of its nodes in a folded export.  Without a context record,
   libgmon's most, 1024 return addresses.  */
static void
test_chain_depth (void)
{
	struct gmonx_ctx_node *chain = calloc (1026, sizeof *chain);
	unsigned char *tail;
	struct gmonx_file f;
	struct gmon_error err;
	size_t i, n;

	CU_ASSERT_FATAL (chain != NULL);
	for (i = 0; i < 1026; i++)
		chain[i] = (struct gmonx_ctx_node) {
			i ? (uint32_t) i - 1 : GMONX_CTX_ROOT, 0, 0x1100 + i,
			1 };
	n = ctx_records (chain, 65, true, &tail);
	CU_ASSERT_EQUAL (read_with (tail, n, &f, &err), 0);
	gmonx_free (&f);
	free (tail);
	n = ctx_records (chain, 66, true, &tail);
	CU_ASSERT_EQUAL (read_with (tail, n, &f, &err), -1);
	CU_ASSERT (strstr (err.msg, ": node 65 ends a chain of 66 nodes, "
			   "deeper than the context record allows (a PC and "
			   "64 return addresses)") != NULL);
	free (tail);
	n = ctx_records (chain, 1025, false, &tail);
	CU_ASSERT_EQUAL (read_with (tail, n, &f, &err), 0);
	gmonx_free (&f);
	free (tail);
	n = ctx_records (chain, 1026, false, &tail);
	CU_ASSERT_EQUAL (read_with (tail, n, &f, &err), -1);
	CU_ASSERT (strstr (err.msg, "node 1025 ends a chain of 1026 nodes, "
			   "deeper than libgmon records (a PC and 1024 return "
			   "addresses)") != NULL);
	free (tail);
	free (chain);
}

/* Object ids far apart: each found, by an index, and a duplicate
   refused.  */
static void
test_sparse_ids (void)
{
	unsigned char buf[256], *data;
	struct gmon_writer w;
	struct gmon_target t;
	struct gmonx_object o;
	struct gmonx_file f;
	struct gmon_error err;
	int fd = memfd_create ("ids", 0);
	bool found = true;
	off_t size;
	uint32_t i;

	CU_ASSERT_FATAL (fd >= 0);
	gmon_target_native (&t);
	gmon_writer_init (&w, fd, buf, sizeof buf, &t);
	CU_ASSERT_EQUAL (gmonx_write_header (&w), 0);
	memset (&o, 0, sizeof o);
	o.path = "/lib/x.so";
	for (i = 0; i <= 3000; i++) {
		/* The last one the first's id again.  */
		o.id = 7 + (i % 3000) * 1000003u;
		CU_ASSERT_EQUAL (gmonx_write_object (&w, &o), 0);
	}
	CU_ASSERT_EQUAL (gmon_writer_flush (&w), 0);
	size = lseek (fd, 0, SEEK_END);
	data = malloc ((size_t) size);
	CU_ASSERT_FATAL (data != NULL);
	CU_ASSERT_EQUAL (pread (fd, data, (size_t) size, 0), size);
	close (fd);
	CU_ASSERT_EQUAL (gmonx_parse (data, (size_t) size, "ids", &f, &err),
			 -1);
	CU_ASSERT (strstr (err.msg, "duplicate object id 7") != NULL);
	/* Without the duplicate.  */
	CU_ASSERT_EQUAL_FATAL (gmonx_parse (data, (size_t) size - (size_t)
					    (size / 3001), "ids", &f, &err),
			       0);
	CU_ASSERT_EQUAL_FATAL (f.nobjects, 3000);
	for (i = 0; i < 3000; i++)
		found &= gmonx_object (&f, 7 + i * 1000003u) == &f.objects[i];
	CU_ASSERT (found);
	CU_ASSERT (gmonx_object (&f, 8) == NULL);
	CU_ASSERT (gmonx_object (&f, 0) == NULL);
	gmonx_free (&f);
	free (data);
}

/* The per-thread records, as libgmon writes them: THREADS, then per
   thread THREAD, its samples, its arcs and its contexts; with
   BAD_PARENT, the second thread's node points into the first's tree.
   Returns the bytes (malloc'd) in *OUT and their count.  */
static size_t
thread_records (bool bad_parent, unsigned char **out)
{
	static const struct gmonx_tsample s1[] = {
		{ 0, 0x1100, 7 }, { 1, 0x7f0, 2 }, { GMONX_NO_OBJECT, 0x99, 1 },
	};
	static const struct gmonx_arc a1[] = {
		{ 0, 0, 0x1104, 0x1200, 1000 }, { 0, 1, 0x1208, 0x7f0, 3 },
	};
	static const struct gmonx_ctx_node n1[] = {
		{ GMONX_CTX_ROOT, 0, 0x1100, 0 }, { 0, 0, 0x1234, 7 },
	};
	static const struct gmonx_tsample s2[] = { { 0, 0x1300, 40 } };
	struct gmonx_ctx_node n2[] = { { GMONX_CTX_ROOT, 0, 0x1300, 40 },
				       { 0, 0, 0x1304, 0 } };
	struct gmonx_threads ts = { 4, 1, 9, 5 };
	struct gmonx_thread t1, t2;
	unsigned char buf[256];
	struct gmon_writer w;
	struct gmon_target t;
	int fd = memfd_create ("threads", 0);
	off_t size;

	CU_ASSERT_FATAL (fd >= 0);
	if (bad_parent)
		n2[1].parent = 1;
	else
		n2[1].parent = 2;
	memset (&t1, 0, sizeof t1);
	t1.tid = 1234;
	t1.flags = GMONX_THREAD_MAIN;
	t1.threads = 1;
	t1.cpu_ns = 11000000;
	t1.samples = 12;
	t1.unplaced = 2;
	t1.calls = 1003;
	t1.lost_calls = 4;
	t1.start_ns = 0;
	t1.name = "prog";
	memset (&t2, 0, sizeof t2);
	t2.flags = GMONX_THREAD_MERGED | GMONX_THREAD_EXITED;
	t2.order = 4;
	t2.threads = 9;
	t2.cpu_ns = 40000000;
	t2.samples = 40;
	t2.start_ns = 5;
	t2.end_ns = 77;
	t2.name = "";
	gmon_target_native (&t);
	gmon_writer_init (&w, fd, buf, sizeof buf, &t);
	CU_ASSERT_EQUAL (gmonx_write_threads (&w, &ts), 0);
	CU_ASSERT_EQUAL (gmonx_write_thread (&w, &t1), 0);
	CU_ASSERT_EQUAL (gmonx_write_tsamples (&w, s1, 2), 0);
	CU_ASSERT_EQUAL (gmonx_write_tsamples (&w, s1 + 2, 1), 0);
	CU_ASSERT_EQUAL (gmonx_write_tarcs (&w, a1, 2), 0);
	CU_ASSERT_EQUAL (gmonx_write_ctx_nodes (&w, n1, 2), 0);
	CU_ASSERT_EQUAL (gmonx_write_thread (&w, &t2), 0);
	CU_ASSERT_EQUAL (gmonx_write_tsamples (&w, s2, 1), 0);
	CU_ASSERT_EQUAL (gmonx_write_ctx_nodes (&w, n2, 2), 0);
	CU_ASSERT_EQUAL (gmon_writer_flush (&w), 0);
	size = lseek (fd, 0, SEEK_END);
	*out = malloc ((size_t) size + 1);
	CU_ASSERT_FATAL (*out != NULL);
	CU_ASSERT_EQUAL (pread (fd, *out, (size_t) size, 0), size);
	close (fd);
	return (size_t) size;
}

static void
test_threads (void)
{
	unsigned char *tail, rec[8 + 24];
	size_t n = thread_records (false, &tail);
	struct gmonx_file f;
	struct gmon_error err;
	const struct gmonx_thread *t;

	CU_ASSERT_EQUAL_FATAL (read_with (tail, n, &f, &err), 0);
	CU_ASSERT (f.have_threads);
	CU_ASSERT_EQUAL (f.threads_info.cap, 4);
	CU_ASSERT_EQUAL (f.threads_info.kept, 1);
	CU_ASSERT_EQUAL (f.threads_info.merged, 9);
	CU_ASSERT_EQUAL (f.threads_info.norecord, 5);
	CU_ASSERT_EQUAL_FATAL (f.nthreads, 2);
	t = &f.threads[0];
	CU_ASSERT_EQUAL (t->tid, 1234);
	CU_ASSERT_EQUAL (t->flags, GMONX_THREAD_MAIN);
	CU_ASSERT_EQUAL (t->cpu_ns, 11000000);
	CU_ASSERT_EQUAL (t->samples, 12);
	CU_ASSERT_EQUAL (t->unplaced, 2);
	CU_ASSERT_EQUAL (t->calls, 1003);
	CU_ASSERT_EQUAL (t->lost_calls, 4);
	CU_ASSERT_STRING_EQUAL (t->name, "prog");
	/* Its entries: two samples records, one of arcs, its nodes.  */
	CU_ASSERT_EQUAL (t->first_sample, 0);
	CU_ASSERT_EQUAL (t->nsamples, 3);
	CU_ASSERT_EQUAL (f.tsamples[2].obj, GMONX_NO_OBJECT);
	CU_ASSERT_EQUAL (f.tsamples[2].addr, 0x99);
	CU_ASSERT_EQUAL (f.tsamples[1].count, 2);
	CU_ASSERT_EQUAL (t->narcs, 2);
	CU_ASSERT_EQUAL (f.tarcs[1].self_obj, 1);
	CU_ASSERT_EQUAL (f.tarcs[0].count, 1000);
	CU_ASSERT_EQUAL (t->first_node, 0);
	CU_ASSERT_EQUAL (t->nnodes, 2);
	t = &f.threads[1];
	CU_ASSERT_EQUAL (t->flags, GMONX_THREAD_MERGED | GMONX_THREAD_EXITED);
	CU_ASSERT_EQUAL (t->threads, 9);
	CU_ASSERT_EQUAL (t->order, 4);
	CU_ASSERT_EQUAL (t->end_ns, 77);
	CU_ASSERT_STRING_EQUAL (t->name, "");
	CU_ASSERT_EQUAL (t->first_sample, 3);
	CU_ASSERT_EQUAL (t->nsamples, 1);
	CU_ASSERT_EQUAL (t->narcs, 0);
	CU_ASSERT_EQUAL (t->first_node, 2);
	CU_ASSERT_EQUAL (t->nnodes, 2);
	/* Old readers add every node: they are there as before.  */
	CU_ASSERT_EQUAL (f.nnodes, 4);
	CU_ASSERT_EQUAL (f.skipped, 0);
	gmonx_free (&f);
	free (tail);

	/* A node whose parent is another thread's.  */
	n = thread_records (true, &tail);
	CU_ASSERT_EQUAL (read_with (tail, n, &f, &err), -1);
	CU_ASSERT (strstr (err.msg, "node 3 has parent 1, a node of another "
			   "thread") != NULL);
	free (tail);

	/* Samples before any thread.  */
	gmon_put_uint (rec, GMONX_TAG_THREAD_SAMPLES, 4, false);
	gmon_put_uint (rec + 4, 24, 4, false);
	memset (rec + 8, 0, 24);
	CU_ASSERT_EQUAL (read_with (rec, sizeof rec, &f, &err), -1);
	CU_ASSERT (strstr (err.msg, "thread samples record at offset")
		   != NULL && strstr (err.msg, "before any thread record")
		   != NULL);
	/* A thread record too short for its name's length.  */
	n = thread_records (false, &tail);
	gmon_put_uint (tail + 8 + 24 + 4, 81, 4, false);
	CU_ASSERT_EQUAL (read_with (tail, 8 + 24 + 8 + 81, &f, &err), -1);
	CU_ASSERT (strstr (err.msg, "fewer than the 82 it needs") != NULL);
	/* A name that runs past its record.  */
	gmon_put_uint (tail + 8 + 24 + 4, 82, 4, false);
	gmon_put_uint (tail + 8 + 24 + 8 + 80, 200, 2, false);
	CU_ASSERT_EQUAL (read_with (tail, n, &f, &err), -1);
	CU_ASSERT (strstr (err.msg, "its name of 200 bytes runs past") != NULL);
	free (tail);
}

static void
make (const char *path)
{
	FILE *fp = fopen (path, "w");

	CU_ASSERT_PTR_NOT_NULL_FATAL (fp);
	fclose (fp);
}

static void
test_find_companion (void)
{
	char dir[] = "/tmp/test_gmonx.XXXXXX", path[4096], buf[4096];

	CU_ASSERT_FATAL (mkdtemp (dir) != NULL);
	snprintf (path, sizeof path, "%s/gmon.out-objs", dir);
	mkdir (path, 0777);
	snprintf (path, sizeof path, "%s/gmon.out-objs/objects.gmonx", dir);
	make (path);
	snprintf (path, sizeof path, "%s/run.2024-objs.555.1", dir);
	mkdir (path, 0777);
	snprintf (path, sizeof path, "%s/run.2024-objs.555.1/objects.gmonx",
		  dir);
	make (path);

	snprintf (path, sizeof path, "%s/gmon.out", dir);
	CU_ASSERT_EQUAL (gmonx_find_companion (path, buf, sizeof buf), 0);
	CU_ASSERT (strstr (buf, "/gmon.out-objs/objects.gmonx") != NULL);
	/* A stem that ends in a number of its own.  */
	snprintf (path, sizeof path, "%s/run.2024.555.1", dir);
	CU_ASSERT_EQUAL (gmonx_find_companion (path, buf, sizeof buf), 0);
	CU_ASSERT (strstr (buf, "/run.2024-objs.555.1/objects.gmonx")
		   != NULL);
	snprintf (path, sizeof path, "%s/gmon.out.77", dir);
	CU_ASSERT_EQUAL (gmonx_find_companion (path, buf, sizeof buf), -1);
	CU_ASSERT (strstr (buf, "/gmon.out.77-objs/objects.gmonx") != NULL);

	snprintf (path, sizeof path, "rm -rf '%s'", dir);
	CU_ASSERT_EQUAL (system (path), 0);
}

static const struct unit_test unit_tests[] = {
	{ "round trip", test_round_trip },
	{ "damage", test_damage },
	{ "extensions", test_extensions },
	{ "the run stamp", test_run_stamp },
	{ "the names the runtime may remove", test_each_name },
	{ "calling contexts", test_contexts },
	{ "how deep a context chain may be", test_chain_depth },
	{ "object ids far apart", test_sparse_ids },
	{ "per-thread records", test_threads },
	{ "find the companion", test_find_companion },
	{ NULL, NULL }
};

int
main (void)
{
	return unit_run ("gmonx", unit_tests);
}
