/* test_threads.c - unit tests of --threads' rows (gprof/threadrows.c) and
   of the text a name becomes (gprof/util/utf8.c).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   The rows come from threads as profile/threadprof.c reads them from
   companions; these are made by hand, with the tids, names and counts that real
   runs give only by chance: a thread id used again, the threads beyond
   the cap of two processes, one name for thousands of threads.  */

#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gprof/model.h"
#include "gprof/threadrows.h"
#include "gprof/util/utf8.h"
#include "tests/unit/cunit_main.h"

#define NT	4000

static struct prof_thread threads[NT];
static char names[NT][16];

/* N threads: thread I has tid TID (I), name NAME (I), SAMPLES (I).  */
static void
make (struct profile *p, size_t n, uint32_t (*tid) (size_t),
      const char *(*name) (size_t), uint64_t (*samples) (size_t))
{
	size_t i;

	memset (p, 0, sizeof *p);
	memset (threads, 0, sizeof threads);
	for (i = 0; i < n; i++) {
		threads[i].tid = tid (i);
		threads[i].name = (char *) name (i);
		threads[i].order = (uint32_t) i;
		threads[i].nthreads = 1;
		threads[i].samples = samples (i);
		threads[i].calls = 1;
	}
	p->threads = threads;
	p->nthreads = n;
}

static uint32_t tid_same (size_t i) { (void) i; return 1234; }
static uint32_t tid_own (size_t i) { return 100 + (uint32_t) i; }
static const char *name_w (size_t i) { (void) i; return "w"; }
static const char *
name_own (size_t i)
{
	snprintf (names[i], sizeof names[i], "w%zu", i);
	return names[i];
}
static uint64_t samples_down (size_t i) { return 1000 + NT - i; }
static uint64_t samples_one (size_t i) { (void) i; return 1; }

/* One tid three times (the kernel used it again): three rows, the
   later frames numbered, so that folded stacks never merge them.  */
static void
test_frames_apart (void)
{
	struct profile p;
	struct thread_group *g;
	size_t n;

	make (&p, 3, tid_same, name_w, samples_down);
	g = threads_groups (&p, false, &n);
	CU_ASSERT_EQUAL_FATAL (n, 3);
	CU_ASSERT_STRING_EQUAL (g[0].frame, "[thread 1234 w]");
	CU_ASSERT_STRING_EQUAL (g[1].frame, "[thread 1234 w #2]");
	CU_ASSERT_STRING_EQUAL (g[2].frame, "[thread 1234 w #3]");
	CU_ASSERT_EQUAL (g[0].samples, 1000 + NT);
	CU_ASSERT_EQUAL (g[2].samples, 998 + NT);
	threads_groups_free (g, n);
}

static const char *
name_hash2 (size_t i)
{
	static const char *const v[] = { "w", "w #2", "w", "w", "w #3" };

	return v[i];
}

/* A thread named as a later frame of another is numbered past it;
   NT threads of one tid get NT frames, each number once (uniqname.c
   tries no number twice: the rows of 20 000 records of one tid cost
   seconds of CPU when each tried every number from 2).  */
static void
test_frames_numbered (void)
{
	struct profile p;
	struct thread_group *g;
	size_t n, i;
	bool ok = true;

	make (&p, 5, tid_same, name_hash2, samples_down);
	g = threads_groups (&p, false, &n);
	CU_ASSERT_EQUAL_FATAL (n, 5);
	CU_ASSERT_STRING_EQUAL (g[0].frame, "[thread 1234 w]");
	CU_ASSERT_STRING_EQUAL (g[1].frame, "[thread 1234 w #2]");
	CU_ASSERT_STRING_EQUAL (g[2].frame, "[thread 1234 w #3]");
	CU_ASSERT_STRING_EQUAL (g[3].frame, "[thread 1234 w #4]");
	CU_ASSERT_STRING_EQUAL (g[4].frame, "[thread 1234 w #3 #2]");
	threads_groups_free (g, n);
	make (&p, NT, tid_same, name_w, samples_down);
	g = threads_groups (&p, false, &n);
	CU_ASSERT_EQUAL_FATAL (n, NT);
	for (i = 1; i < n; i++) {
		char want[64];

		snprintf (want, sizeof want, "[thread 1234 w #%zu]", i + 1);
		ok &= strcmp (g[i].frame, want) == 0;
	}
	CU_ASSERT (ok);
	threads_groups_free (g, n);
}

/* Two processes' threads beyond the cap: two rows, two frames.  */
static void
test_merged_apart (void)
{
	struct profile p;
	struct thread_group *g;
	size_t n;

	make (&p, 2, tid_same, name_w, samples_down);
	threads[0].flags = threads[1].flags = THREAD_MERGED;
	threads[0].nthreads = threads[1].nthreads = 5;
	g = threads_groups (&p, false, &n);
	CU_ASSERT_EQUAL_FATAL (n, 2);
	CU_ASSERT_STRING_EQUAL (g[0].frame, "[other threads x5]");
	CU_ASSERT_STRING_EQUAL (g[1].frame, "[other threads x5 #2]");
	threads_groups_free (g, n);
	/* By name, they are one row (the threads beyond the cap are one
	   name of their own), apart from a named thread.  */
	make (&p, 3, tid_same, name_w, samples_down);
	threads[0].flags = threads[1].flags = THREAD_MERGED;
	g = threads_groups (&p, true, &n);
	CU_ASSERT_EQUAL_FATAL (n, 2);
	CU_ASSERT_STRING_EQUAL (g[0].frame, "[other threads x2]");
	CU_ASSERT_EQUAL (g[0].samples, 1999 + 2 * NT);
	CU_ASSERT_STRING_EQUAL (g[1].frame, "[thread 1234 w]");
	threads_groups_free (g, n);
}

/* NT threads of NT names, by name: NT rows, each its own thread, the
   most sampled first.  */
static void
test_many_names (void)
{
	struct profile p;
	struct thread_group *g;
	size_t n, i;
	bool ok = true;

	make (&p, NT, tid_own, name_own, samples_down);
	g = threads_groups (&p, true, &n);
	CU_ASSERT_EQUAL_FATAL (n, NT);
	for (i = 0; i < n; i++) {
		char want[64];

		snprintf (want, sizeof want, "[thread %zu w%zu]", 100 + i, i);
		ok &= g[i].n == 1 && g[i].members[0] == i
			&& strcmp (g[i].frame, want) == 0;
	}
	CU_ASSERT (ok);
	threads_groups_free (g, n);
}

/* NT threads of one name: one row that stands for them all.  */
static void
test_one_name (void)
{
	struct profile p;
	struct thread_group *g;
	size_t n, i;
	bool ok = true;

	make (&p, NT, tid_own, name_w, samples_one);
	g = threads_groups (&p, true, &n);
	CU_ASSERT_EQUAL_FATAL (n, 1);
	CU_ASSERT_EQUAL (g[0].n, NT);
	CU_ASSERT_EQUAL (g[0].nthreads, NT);
	CU_ASSERT_EQUAL (g[0].samples, NT);
	CU_ASSERT_EQUAL (g[0].calls, NT);
	for (i = 0; i < NT; i++)
		ok &= g[0].members[i] == i;
	CU_ASSERT (ok);
	CU_ASSERT_STRING_EQUAL (g[0].frame, "[threads w x4000]");
	threads_groups_free (g, n);
}

static void
check_clean (const char *in, const char *want)
{
	char *got = utf8_clean (in);

	CU_ASSERT_STRING_EQUAL (got, want);
	free (got);
}

/* What a thread's name (any bytes but NUL) becomes.  */
static void
test_clean (void)
{
	check_clean ("worker-1", "worker-1");
	check_clean ("a;b c\xff\x01", "a;b c??");
	check_clean ("tab\there\nnl\x7f", "tab?here?nl?");
	check_clean ("caf\xc3\xa9", "caf\xc3\xa9");		/* é */
	check_clean ("\xe2\x82\xac!", "\xe2\x82\xac!");	/* € */
	check_clean ("cut\xe2\x82", "cut??");		/* cut short */
	check_clean ("\xc0\xaf", "??");			/* overlong / */
	check_clean ("\xed\xa0\x80", "???");		/* a surrogate */
	check_clean ("\xf4\x90\x80\x80", "????");	/* past U+10FFFF */
	check_clean ("", "");
}

static const struct unit_test unit_tests[] = {
	{ "a thread id used again", test_frames_apart },
	{ "frames numbered past a name of that form", test_frames_numbered },
	{ "the threads beyond the cap of two processes", test_merged_apart },
	{ "many names", test_many_names },
	{ "one name for many threads", test_one_name },
	{ "names as text", test_clean },
	{ NULL, NULL }
};

int
main (void)
{
	return unit_run ("threads", unit_tests);
}
