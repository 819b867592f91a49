/* test_symtab.c - unit tests of the symbol table (gprof/symbols/symtab.c,
   gprof/util/msort.c and the symbol rules of gprof/symbols/objfile.c).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Which alias survives at one address, where each symbol ends, what an
   address finds, and that the sort breaks ties exactly as glibc's
   qsort() (GNU gprof's) does, even for a comparator that is not
   transitive.  */

#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gprof/model.h"
#include "gprof/util/msort.h"
#include "gprof/symbols/objfile.h"
#include "gprof/util/rsort.h"
#include "gprof/symbols/symtab.h"
#include "tests/unit/cunit_main.h"

static struct sym
mk (uint64_t addr, const char *name, bool is_func, bool is_static)
{
	struct sym s;

	sym_init (&s);
	s.addr = addr;
	s.name = name;
	s.is_func = is_func;
	s.is_static = is_static;
	return s;
}

static void
test_sorted_and_ends (void)
{
	struct sym v[4];
	size_t n = 4;

	v[0] = mk (0x300, "c", true, false);
	v[1] = mk (0x100, "a", true, false);
	v[2] = mk (0x200, "b", true, true);
	v[3] = mk (0x380, "d", true, false);
	symtab_finalize (v, &n, 0x400);
	CU_ASSERT_EQUAL_FATAL (n, 4);
	CU_ASSERT_STRING_EQUAL (v[0].name, "a");
	CU_ASSERT_STRING_EQUAL (v[1].name, "b");
	CU_ASSERT_STRING_EQUAL (v[2].name, "c");
	CU_ASSERT_STRING_EQUAL (v[3].name, "d");
	/* Each ends where the next begins; the last at the end of .text.  */
	CU_ASSERT_EQUAL (v[0].end_addr, 0x1ff);
	CU_ASSERT_EQUAL (v[1].end_addr, 0x2ff);
	CU_ASSERT_EQUAL (v[2].end_addr, 0x37f);
	CU_ASSERT_EQUAL (v[3].end_addr, 0x3ff);
}

/* GNU gprof's preferences at one address, each in both input orders.  */
static void
test_alias_preference (void)
{
	static const struct {
		struct { const char *name; bool func, stat; } a, b;
		const char *winner;
	} cases[] = {
		{ { "s", true, true }, { "g", true, false }, "g" },	/* global */
		{ { "n", false, false }, { "f", true, false }, "f" },	/* function */
		{ { "_x", true, false }, { "x", true, false }, "x" },	/* no '_' */
		{ { "__x", true, false }, { "_y", true, false }, "_y" }, /* one '_' */
		{ { "p", true, false }, { "q", true, false }, "p" },	/* first */
		{ { "__a", true, false }, { "__b", true, false }, "__a" },
	};
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct sym v[3];
		size_t n = 3;

		v[0] = mk (0x10, cases[i].a.name, cases[i].a.func,
			   cases[i].a.stat);
		v[1] = mk (0x10, cases[i].b.name, cases[i].b.func,
			   cases[i].b.stat);
		v[2] = mk (0x20, "next", true, false);
		symtab_finalize (v, &n, 0x30);
		CU_ASSERT_EQUAL (n, 2);
		CU_ASSERT_STRING_EQUAL (v[0].name, cases[i].winner);
		CU_ASSERT_EQUAL (v[0].end_addr, 0x1f);
	}
	/* Swapped input: the same winner, except for two equal names
	   where the first one in the input stays.  */
	for (i = 0; i < sizeof cases / sizeof cases[0] - 2; i++) {
		struct sym v[2];
		size_t n = 2;

		v[0] = mk (0x10, cases[i].b.name, cases[i].b.func,
			   cases[i].b.stat);
		v[1] = mk (0x10, cases[i].a.name, cases[i].a.func,
			   cases[i].a.stat);
		symtab_finalize (v, &n, 0x30);
		CU_ASSERT_EQUAL (n, 1);
		CU_ASSERT_STRING_EQUAL (v[0].name, cases[i].winner);
	}
}

/* Four aliases, as GNU gprof keeps them: functions sort first, the
   first global function wins unless a later one has fewer '_'.  */
static void
test_four_aliases (void)
{
	struct sym v[4];
	size_t n = 4;

	v[0] = mk (0x40, "__alias_c", true, false);
	v[1] = mk (0x40, "alias_a", true, false);
	v[2] = mk (0x40, "alias_b", true, false);
	v[3] = mk (0x40, "_alias_d", true, false);
	symtab_finalize (v, &n, 0x100);
	CU_ASSERT_EQUAL (n, 1);
	CU_ASSERT_STRING_EQUAL (v[0].name, "alias_a");
}

static void
test_lookup (void)
{
	struct sym v[3];
	size_t n = 3;

	v[0] = mk (0x100, "a", true, false);
	v[1] = mk (0x200, "b", true, false);
	v[2] = mk (0x900, "data", false, false);	/* beyond .text */
	symtab_finalize (v, &n, 0x400);
	CU_ASSERT_PTR_NULL (symtab_lookup (v, n, 0xff));
	CU_ASSERT_PTR_EQUAL (symtab_lookup (v, n, 0x100), &v[0]);
	CU_ASSERT_PTR_EQUAL (symtab_lookup (v, n, 0x1ff), &v[0]);
	CU_ASSERT_PTR_EQUAL (symtab_lookup (v, n, 0x200), &v[1]);
	CU_ASSERT_PTR_EQUAL (symtab_lookup (v, n, 0x8ff), &v[1]);
	/* The last symbol ends at the end of .text, below its start: no
	   address finds it.  */
	CU_ASSERT_EQUAL (v[2].end_addr, 0x3ff);
	CU_ASSERT_PTR_NULL (symtab_lookup (v, n, 0x900));
	CU_ASSERT_PTR_NULL (symtab_lookup (v, 0, 0x100));
}

/* A table whose entries carry their own end (symspec ranges): kept,
   and one with an empty range dropped.  */
static void
test_explicit_ends (void)
{
	struct sym v[3];
	size_t n = 3;

	v[0] = mk (0x100, "a", true, false);
	v[0].end_addr = 0x2ff;
	v[1] = mk (0x300, "empty", true, false);
	v[1].end_addr = 0x2ff;
	v[2] = mk (0x400, "c", true, false);
	symtab_finalize (v, &n, 0x1000);
	CU_ASSERT_EQUAL_FATAL (n, 2);
	CU_ASSERT_EQUAL (v[0].end_addr, 0x2ff);
	CU_ASSERT_STRING_EQUAL (v[1].name, "c");
	CU_ASSERT_EQUAL (v[1].end_addr, 0xfff);
	CU_ASSERT_PTR_NULL (symtab_lookup (v, n, 0x350));
}

/* A big table survives the in-place sort with every symbol intact.  */
static void
test_big_table (void)
{
	size_t n = 100000, i;
	struct sym *v = calloc (n, sizeof *v);

	CU_ASSERT_PTR_NOT_NULL_FATAL (v);
	for (i = 0; i < n; i++)
		v[i] = mk (((i * 7919) % n) * 16 + 16, "f", true, false);
	symtab_finalize (v, &n, 16 * 100001);
	CU_ASSERT_EQUAL_FATAL (n, 100000);
	for (i = 0; i < n; i++)
		if (v[i].addr != 16 * (i + 1) || v[i].end_addr != 16 * (i + 2) - 1)
			break;
	CU_ASSERT_EQUAL (i, n);
	free (v);
}

/* The bucket index finds what the binary search finds, everywhere.  */
static void
test_index (void)
{
	size_t n = 5000, i;
	struct sym *v = calloc (n, sizeof *v);
	struct symtab st;
	unsigned int seed = 7;
	uint64_t a = 0x400000, addr;

	CU_ASSERT_PTR_NOT_NULL_FATAL (v);
	for (i = 0; i < n; i++) {
		seed = seed * 1103515245 + 12345;
		a += 1 + (seed >> 16) % 300;
		v[i] = mk (a, "f", true, false);
	}
	memset (&st, 0, sizeof st);
	st.base = v;
	st.len = n;
	st.text_end = a - 100;		/* the last symbol ends early */
	symtab_finalize (st.base, &st.len, st.text_end);
	symtab_index (&st);
	CU_ASSERT_PTR_NOT_NULL_FATAL (st.bucket);
	for (addr = 0x3fff00; addr < a + 200; addr++)
		if (symtab_find (&st, addr)
		    != symtab_lookup (st.base, st.len, addr))
			break;
	CU_ASSERT_EQUAL (addr, a + 200);
	symtab_free_index (&st);
	free (v);
}

struct pair {
	int key;
	int seq;
};

static int
cmp_key (const void *a, const void *b)
{
	return ((const struct pair *) a)->key - ((const struct pair *) b)->key;
}

static int
cmp_key_ptr (const void *a, const void *b, void *arg)
{
	(void) arg;
	return cmp_key (a, b);
}

/* Not transitive: ties unless both keys are even.  */
static int
cmp_odd (const void *a, const void *b)
{
	int l = ((const struct pair *) a)->key, r = ((const struct pair *) b)->key;

	if (l % 2 || r % 2)
		return 0;
	return l - r;
}

static int
cmp_odd_ptr (const void *a, const void *b, void *arg)
{
	(void) arg;
	return cmp_odd (a, b);
}

/* The same order as glibc's qsort(), for every size up to 300.  */
static void
test_msort_like_qsort (void)
{
	size_t n, i;
	unsigned int seed = 12345;

	for (n = 0; n < 300; n++) {
		struct pair *a = calloc (n + 1, sizeof *a);
		struct pair *b = calloc (n + 1, sizeof *b);
		void **p = calloc (n + 1, sizeof *p);
		int pass;

		for (pass = 0; pass < 2; pass++) {
			for (i = 0; i < n; i++) {
				seed = seed * 1103515245 + 12345;
				a[i].key = (int) ((seed >> 16) % 13);
				a[i].seq = (int) i;
				p[i] = &a[i];
			}
			memcpy (b, a, n * sizeof *a);
			qsort (b, n, sizeof *b, pass ? cmp_odd : cmp_key);
			msort_ptrs (p, n, pass ? cmp_odd_ptr : cmp_key_ptr,
				    NULL);
			for (i = 0; i < n; i++)
				if (((struct pair *) p[i])->seq != b[i].seq)
					break;
			CU_ASSERT_EQUAL (i, n);
		}
		free (a);
		free (b);
		free (p);
	}
}

/* A comparator like cmp_total()'s ties: by key, then "cycles" (odd
   seq % 5 == 0) first and, between two of them, the left one first
   whichever way round they are asked.  */
static int
cmp_cycle_ties (const void *l, const void *r, void *arg)
{
	const struct pair *a = l, *b = r;

	(void) arg;
	if (a->key != b->key)
		return a->key < b->key ? -1 : 1;
	if (a->seq % 5 == 0)
		return -1;
	if (b->seq % 5 == 0)
		return 1;
	return 0;
}

/* msort_ptrs_ordered() gives msort_ptrs()'s order, on random arrays,
   arrays already sorted, sorted in runs and reversed, for a
   comparator with ties and for one with cmp_total()'s cycle rule.  */
static void
test_msort_ordered (void)
{
	size_t n, i;
	unsigned int seed = 777;

	for (n = 0; n < 400; n += 1 + n / 16) {
		struct pair *a = calloc (n + 1, sizeof *a);
		void **p = calloc (n + 1, sizeof *p);
		void **q = calloc (n + 1, sizeof *q);
		int shape, c;

		for (shape = 0; shape < 4; shape++)
			for (c = 0; c < 2; c++) {
				msort_cmp cmp = c ? cmp_cycle_ties
					: cmp_key_ptr;

				for (i = 0; i < n; i++) {
					seed = seed * 1103515245 + 12345;
					a[i].key = shape == 0
						? (int) ((seed >> 16) % 7)
						: shape == 1 ? (int) (i / 3)
						: shape == 2 ? (int) (i % 40 / 4)
						: (int) (n - i) / 2;
					a[i].seq = (int) i;
					p[i] = q[i] = &a[i];
				}
				msort_ptrs (p, n, cmp, NULL);
				msort_ptrs_ordered (q, n, cmp, NULL);
				CU_ASSERT_EQUAL (memcmp (p, q, n * sizeof *p), 0);
			}
		free (a);
		free (p);
		free (q);
	}
}

static int
cmp_rkey (const void *l, const void *r)
{
	const struct rkey *a = l, *b = r;

	if (a->key != b->key)
		return a->key < b->key ? -1 : 1;
	return a->val < b->val ? -1 : a->val > b->val;
}

/* The radix sort is a stable sort, for keys that differ in any set of
   bits: none, one, a low or a high range, all 64; for short arrays
   (8-bit digits) and long ones (a pass on the top digit first, and
   again for a part still too big: the mask with few top values).  */
static void
test_rsort (void)
{
	static const size_t sizes[] = { 0, 1, 2, 3, 255, 65535, 65536, 200003 };
	static const uint64_t masks[] = {
		0, 1, (uint64_t) 1 << 63, 0xff, 0xfffff, 0xffffffffull << 17,
		0x8000000000000001ull, 0xf0f0f0f0f0f0f0f0ull, ~(uint64_t) 0,
		0x3ffull << 40, 0xc00000000000ffffull
	};
	uint64_t x = 0x9e3779b97f4a7c15ull;
	size_t si, mi, i;

	for (si = 0; si < sizeof sizes / sizeof sizes[0]; si++)
		for (mi = 0; mi < sizeof masks / sizeof masks[0]; mi++) {
			size_t n = sizes[si];
			struct rkey *v = calloc (n + 1, sizeof *v);
			struct rkey *w = calloc (n + 1, sizeof *w);
			struct rkey *tmp = calloc (n + 1, sizeof *tmp);

			CU_ASSERT_PTR_NOT_NULL_FATAL (v);
			CU_ASSERT_PTR_NOT_NULL_FATAL (w);
			CU_ASSERT_PTR_NOT_NULL_FATAL (tmp);
			for (i = 0; i < n; i++) {
				x ^= x << 13;
				x ^= x >> 7;
				x ^= x << 17;
				/* Few distinct keys in half the cases, so
				   that stability shows.  */
				v[i].key = 0x1234000000000000ull
					^ ((mi & 1 ? x % 97 * 0x0101010101010101ull
					    : x) & masks[mi]);
				v[i].val = i;
			}
			memcpy (w, v, n * sizeof *v);
			rsort (v, n, tmp);
			qsort (w, n, sizeof *w, cmp_rkey);
			CU_ASSERT_EQUAL (memcmp (v, w, n * sizeof *v), 0);
			free (v);
			free (w);
			free (tmp);
		}
}

/* The records of test_rsort_ptrs(): each its keys, the most
   significant last.  */
struct krec {
	uint64_t key[4];
	size_t nkeys;
};

static int
cmp_krec (const void *l, const void *r, void *arg)
{
	const struct krec *a = l, *b = r;
	size_t k;

	(void) arg;
	for (k = a->nkeys; k-- > 0;)
		if (a->key[k] != b->key[k])
			return a->key[k] < b->key[k] ? -1 : 1;
	return 0;
}

/* Sorting pointers by several keys gives what a stable comparison sort
   by those keys gives, however the keys pack: all in one word with
   the positions, in several words (more bits than one holds), a key
   too wide to pack, keys that never differ.  Few distinct values, so
   that ties show; sizes on both sides of the pass on the top digit.  */
static void
test_rsort_ptrs (void)
{
	static const size_t sizes[] = { 0, 1, 2, 3, 1000, 70001 };
	/* Each case: the masks of up to four keys, the least
	   significant first.  */
	static const uint64_t cases[][4] = {
		{ 0xfffff, 0, 0, 0 },
		{ 0xff, 0xf00, 0x3ffff, 0 },
		{ 0xffffffffull << 8, 0xffffffffull, 0xff, 0 },
		{ ~(uint64_t) 0, 0x3, 0, 0 },
		{ 0x7, ~(uint64_t) 0, 0xfffffffffull, 0xc000000000000000ull },
		{ 0, 0, 0, 0 },
		{ 0xffffull << 40, 0, 0xfff, 1 },
	};
	uint64_t x = 0x2545f4914f6cdd1dull;
	size_t si, ci, i, k;

	for (si = 0; si < sizeof sizes / sizeof sizes[0]; si++)
		for (ci = 0; ci < sizeof cases / sizeof cases[0]; ci++) {
			size_t n = sizes[si], nkeys = 4;
			struct krec *rec = calloc (n + 1, sizeof *rec);
			void **got = calloc (n + 1, sizeof *got);
			void **want = calloc (n + 1, sizeof *want);
			uint64_t *keys[4];

			CU_ASSERT_PTR_NOT_NULL_FATAL (rec);
			CU_ASSERT_PTR_NOT_NULL_FATAL (got);
			CU_ASSERT_PTR_NOT_NULL_FATAL (want);
			for (k = 0; k < nkeys; k++) {
				keys[k] = calloc (n + 1, sizeof *keys[k]);
				CU_ASSERT_PTR_NOT_NULL_FATAL (keys[k]);
			}
			for (i = 0; i < n; i++) {
				rec[i].nkeys = nkeys;
				for (k = 0; k < nkeys; k++) {
					x ^= x << 13;
					x ^= x >> 7;
					x ^= x << 17;
					/* Half the keys take a few values
					   spread over their mask.  */
					rec[i].key[k] = 0x5a5a5a5a5a5a5a5aull
						& ~cases[ci][k];
					rec[i].key[k] |= (k & 1 ? x % 5
							  * 0x3333333333333333ull
							  : x) & cases[ci][k];
					keys[k][i] = rec[i].key[k];
				}
				got[i] = want[i] = &rec[i];
			}
			rsort_ptrs (got, n, (const uint64_t *const *) keys,
				    nkeys);
			msort_ptrs (want, n, cmp_krec, NULL);
			CU_ASSERT_EQUAL (memcmp (got, want,
						 n * sizeof *got), 0);
			for (k = 0; k < nkeys; k++)
				free (keys[k]);
			free (rec);
			free (got);
			free (want);
		}
}

static void
test_static_names (void)
{
	CU_ASSERT_TRUE (objfile_static_name_ok ("helper"));
	CU_ASSERT_TRUE (objfile_static_name_ok ("work.constprop.0"));
	CU_ASSERT_TRUE (objfile_static_name_ok ("f.clone.3"));
	CU_ASSERT_TRUE (objfile_static_name_ok ("f.12"));
	CU_ASSERT_TRUE (objfile_static_name_ok ("f.constprop.0.12"));
	CU_ASSERT_FALSE (objfile_static_name_ok ("f.isra.0"));
	CU_ASSERT_FALSE (objfile_static_name_ok ("f.part.0"));
	CU_ASSERT_FALSE (objfile_static_name_ok ("f.cold"));
	CU_ASSERT_FALSE (objfile_static_name_ok ("f.constprop.0.isra.0"));
	CU_ASSERT_FALSE (objfile_static_name_ok ("crtstuff.c"));
	CU_ASSERT_FALSE (objfile_static_name_ok ("a$b"));
	CU_ASSERT_FALSE (objfile_static_name_ok ("f..1"));
	CU_ASSERT_FALSE (objfile_static_name_ok ("f.clone."));
}

/* Ranks order names as strcmp() does, whatever they share: nothing,
   a prefix shorter than, as long as or longer than the eight bytes
   the radix sort looks at, bytes above 127, or the whole name.  */
static void
test_name_ranks (void)
{
	static const char *const stems[] = {
		"", "f", "f1", "abcdefg", "abcdefgh", "abcdefghi",
		"_ZN5outer5innerE", "_ZN5outer5inner", "\xc3\xa9t\xc3\xa9",
		"zzzzzzzzzzzzzzzzzzzz", "_ZN5outer5innerE1fEv"
	};
	size_t nstems = sizeof stems / sizeof stems[0];
	size_t n = 700, i, j, bad = 0;
	struct sym *v = calloc (n, sizeof *v);
	char (*names)[48] = calloc (n, sizeof *names);
	struct symtab st;
	unsigned int seed = 11;

	CU_ASSERT_PTR_NOT_NULL_FATAL (v);
	CU_ASSERT_PTR_NOT_NULL_FATAL (names);
	for (i = 0; i < n; i++) {
		seed = seed * 1103515245 + 12345;
		if (i > 0 && (seed >> 16) % 7 == 0) {
			/* An alias: the very same name, or an equal copy.  */
			v[i] = v[i - 1];
			if ((seed >> 20) & 1) {
				strcpy (names[i], v[i - 1].name);
				v[i].name = names[i];
			}
			continue;
		}
		snprintf (names[i], sizeof names[i], "%s%u",
			  stems[(seed >> 16) % nstems], (seed >> 8) % 40);
		v[i] = mk (0x1000 + 16 * i, names[i], true, false);
	}
	memset (&st, 0, sizeof st);
	st.base = v;
	st.len = n;
	symtab_rank_names (&st);
	CU_ASSERT_PTR_NOT_NULL_FATAL (st.name_rank);
	CU_ASSERT_EQUAL (st.name_rank_len, n);
	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++) {
			int c = strcmp (v[i].name, v[j].name);
			long long ri = symtab_name_rank (&st, &v[i]);
			long long rj = symtab_name_rank (&st, &v[j]);

			if ((c < 0) != (ri < rj) || (c == 0) != (ri == rj))
				bad++;
		}
	CU_ASSERT_EQUAL (bad, 0);
	/* by_name lists every symbol once, in the ranks' order.  */
	CU_ASSERT_PTR_NOT_NULL_FATAL (st.by_name);
	{
		char *seen = calloc (n, 1);

		CU_ASSERT_PTR_NOT_NULL_FATAL (seen);
		for (i = 0, bad = 0; i < n; i++) {
			size_t k = st.by_name[i];

			if (k >= n || seen[k]
			    || (i > 0 && st.name_rank[st.by_name[i - 1]]
				> st.name_rank[k]))
				bad++;
			else
				seen[k] = 1;
		}
		CU_ASSERT_EQUAL (bad, 0);
		free (seen);
	}
	/* A symbol not of the table, and a table grown since: no rank.  */
	CU_ASSERT_EQUAL (symtab_name_rank (&st, &v[n - 1] + 1), -1);
	st.len = n - 1;
	CU_ASSERT_EQUAL (symtab_name_rank (&st, &v[0]), -1);
	st.len = n;
	symtab_free_index (&st);
	CU_ASSERT_PTR_NULL (st.name_rank);
	CU_ASSERT_PTR_NULL (st.by_name);
	free (names);
	free (v);
}

static const struct unit_test unit_tests[] = {
	{ "sorted, each ending at the next", test_sorted_and_ends },
	{ "which alias survives", test_alias_preference },
	{ "four aliases at one address", test_four_aliases },
	{ "lookup by address", test_lookup },
	{ "ranges with their own ends", test_explicit_ends },
	{ "100000 symbols sorted in place", test_big_table },
	{ "lookup through the bucket index", test_index },
	{ "merge sort orders as glibc qsort", test_msort_like_qsort },
	{ "merge sort of ordered runs, the same order", test_msort_ordered },
	{ "radix sort, stable, over the bits that differ", test_rsort },
	{ "radix sort of pointers by several keys", test_rsort_ptrs },
	{ "static names GNU gprof means to keep", test_static_names },
	{ "names ranked as strcmp orders them", test_name_ranks },
	{ NULL, NULL }
};

int
main (void)
{
	return unit_run ("symtab", unit_tests);
}
