/* test_symspec.c - unit tests of symspecs (gprof/symbols/symspec.c).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   How a spec is read (name, line, file), what a table names, the rule
   for an empty INCL table, and arc specs -- including two arc specs
   with the same FROM, of which GNU gprof honours only the last.  */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "gprof/model.h"
#include "gprof/options.h"
#include "gprof/symbols/symspec.h"
#include "gprof/symbols/symtab.h"
#include "tests/unit/cunit_main.h"

static const char *const names[] = {
	"main", "a", "b", "c", "_d", "mcount"
};
#define NSYM (sizeof names / sizeof names[0])

struct fixture {
	struct sym v[NSYM];
	struct symtab st;
	struct options opt;
	struct spec_option specs[8];
	struct symspecs *ss;
};

static void
build (struct fixture *f, const char *const *texts, const enum spec_table *t,
       size_t n, char lead)
{
	size_t i;

	memset (f, 0, sizeof *f);
	for (i = 0; i < NSYM; i++) {
		sym_init (&f->v[i]);
		f->v[i].addr = 0x100 * (i + 1);
		f->v[i].end_addr = f->v[i].addr + 0xff;
		f->v[i].name = names[i];
		f->v[i].line = (int) (10 * (i + 1));
		f->v[i].is_func = 1;
	}
	f->st.base = f->v;
	f->st.len = NSYM;
	f->st.text_end = 0x100 * (NSYM + 1);
	for (i = 0; i < n; i++) {
		f->specs[i].spec = texts[i];
		f->specs[i].table = t[i];
	}
	f->opt.specs = f->specs;
	f->opt.nspecs = n;
	f->ss = symspec_build (&f->opt, &f->st, NULL, lead);
}

static bool
in (struct fixture *f, size_t i, enum spec_table t)
{
	return symspec_in (f->ss, &f->st, &f->v[i], t);
}

static void
test_names_and_lines (void)
{
	static const char *const texts[] = { "a", "30", ":b", "40" };
	static const enum spec_table t[] = {
		INCL_FLAT, INCL_FLAT, EXCL_GRAPH, EXCL_TIME
	};
	struct fixture f;

	build (&f, texts, t, 4, 0);
	CU_ASSERT_TRUE (in (&f, 1, INCL_FLAT));		/* a */
	CU_ASSERT_TRUE (in (&f, 2, INCL_FLAT));		/* line 30: b */
	CU_ASSERT_FALSE (in (&f, 0, INCL_FLAT));
	CU_ASSERT_TRUE (in (&f, 2, EXCL_GRAPH));	/* :b */
	CU_ASSERT_TRUE (in (&f, 3, EXCL_TIME));		/* line 40: c */
	/* The runtime's own names are always left out.  */
	CU_ASSERT_TRUE (in (&f, 5, EXCL_FLAT));
	CU_ASSERT_TRUE (in (&f, 5, EXCL_GRAPH));
	CU_ASSERT_TRUE (in (&f, 5, EXCL_TIME));
	/* INCL_FLAT names a and b, so only they are on.  */
	CU_ASSERT_TRUE (symspec_on (f.ss, &f.st, &f.v[1], INCL_FLAT));
	CU_ASSERT_FALSE (symspec_on (f.ss, &f.st, &f.v[0], INCL_FLAT));
	/* INCL_GRAPH names nothing: everything not excluded is on.  */
	CU_ASSERT_TRUE (symspec_on (f.ss, &f.st, &f.v[0], INCL_GRAPH));
	CU_ASSERT_FALSE (symspec_on (f.ss, &f.st, &f.v[2], INCL_GRAPH));
	symspec_free (f.ss);
}

/* A spec naming nothing leaves its INCL table empty: everything.  A
   file that does not exist matches nothing.  */
static void
test_names_nothing (void)
{
	static const char *const texts[] = { "nosuch", "nosuch.c", "x.c:a" };
	static const enum spec_table t[] = { INCL_FLAT, INCL_GRAPH, INCL_TIME };
	struct fixture f;

	build (&f, texts, t, 3, 0);
	CU_ASSERT_FALSE (symspec_used (f.ss, INCL_FLAT));
	CU_ASSERT_FALSE (symspec_used (f.ss, INCL_GRAPH));
	CU_ASSERT_FALSE (symspec_used (f.ss, INCL_TIME));
	CU_ASSERT_TRUE (symspec_on (f.ss, &f.st, &f.v[0], INCL_FLAT));
	CU_ASSERT_TRUE (symspec_on (f.ss, &f.st, &f.v[1], INCL_TIME));
	symspec_free (f.ss);
}

static void
test_leading_char (void)
{
	static const char *const texts[] = { "d" };
	static const enum spec_table t[] = { EXCL_FLAT };
	struct fixture f;

	/* On a target whose C names start with '_', "d" names _d.  */
	build (&f, texts, t, 1, '_');
	CU_ASSERT_TRUE (in (&f, 4, EXCL_FLAT));
	symspec_free (f.ss);
	build (&f, texts, t, 1, 0);
	CU_ASSERT_FALSE (in (&f, 4, EXCL_FLAT));
	symspec_free (f.ss);
}

/* Names found in the table's names sorted (symtab_rank_names(), as
   gprof runs) and through the hash (a table without ranks) are those
   a comparison with every name finds: with and without a leading
   character, names given twice (two static functions), names that
   are prefixes of others, and a spec that starts with the lead.  */
static void
test_sorted_names (void)
{
	static const char *const tab[] = {
		"x", "_x", "__x", "xy", "x", "_", "", "w", "_x", "y_", "__"
	};
	static const char *const specs[] = {
		"x", "_x", "xy", "x_", "w", "_", "nosuch", "y_"
	};
	static const char leads[] = { 0, '_' };
	enum { N = sizeof tab / sizeof tab[0] };
	struct sym v[N];
	struct symtab st;
	struct options opt;
	struct spec_option so;
	size_t i, k, l, ranked;

	for (i = 0; i < N; i++) {
		sym_init (&v[i]);
		v[i].addr = 0x10 * (i + 1);
		v[i].end_addr = v[i].addr + 0xf;
		v[i].name = tab[i];
		v[i].is_func = 1;
	}
	memset (&opt, 0, sizeof opt);
	opt.specs = &so;
	opt.nspecs = 1;
	for (ranked = 0; ranked < 2; ranked++)
		for (l = 0; l < sizeof leads; l++)
			for (k = 0; k < sizeof specs / sizeof specs[0]; k++) {
				struct symspecs *ss;

				memset (&st, 0, sizeof st);
				st.base = v;
				st.len = N;
				if (ranked) {
					symtab_rank_names (&st);
					CU_ASSERT_PTR_NOT_NULL_FATAL (st.by_name);
				}
				so.spec = specs[k];
				so.table = EXCL_FLAT;
				ss = symspec_build (&opt, &st, NULL, leads[l]);
				for (i = 0; i < N; i++) {
					const char *nm = tab[i];
					bool want;

					if (leads[l] && nm[0] == leads[l])
						nm++;
					want = strcmp (nm, specs[k]) == 0;
					CU_ASSERT_EQUAL (symspec_in (ss, &st, &v[i],
								     EXCL_FLAT),
							 want);
				}
				symspec_free (ss);
				symtab_free_index (&st);
			}
}

static void
test_arcs (void)
{
	static const char *const texts[] = { "main/a", "main/b", "/c" };
	static const enum spec_table t[] = { EXCL_ARCS, EXCL_ARCS, EXCL_ARCS };
	struct fixture f;

	build (&f, texts, t, 3, 0);
	/* Both specs with FROM main hold (GNU gprof drops the first).  */
	CU_ASSERT_FALSE (symspec_arc_ok (f.ss, &f.st, &f.v[0], &f.v[1]));
	CU_ASSERT_FALSE (symspec_arc_ok (f.ss, &f.st, &f.v[0], &f.v[2]));
	CU_ASSERT_TRUE (symspec_arc_ok (f.ss, &f.st, &f.v[1], &f.v[2]));
	/* An empty FROM is every caller.  */
	CU_ASSERT_FALSE (symspec_arc_ok (f.ss, &f.st, &f.v[1], &f.v[3]));
	CU_ASSERT_FALSE (symspec_arc_ok (f.ss, &f.st, &f.v[0], &f.v[3]));
	CU_ASSERT_TRUE (symspec_arc_ok (f.ss, &f.st, &f.v[3], &f.v[0]));
	symspec_free (f.ss);
}

static void
test_include_arcs (void)
{
	static const char *const texts[] = { "a/b" };
	static const enum spec_table t[] = { INCL_ARCS };
	struct fixture f;

	build (&f, texts, t, 1, 0);
	CU_ASSERT_TRUE (symspec_arc_ok (f.ss, &f.st, &f.v[1], &f.v[2]));
	CU_ASSERT_FALSE (symspec_arc_ok (f.ss, &f.st, &f.v[0], &f.v[1]));
	CU_ASSERT_FALSE (symspec_arc_ok (f.ss, &f.st, &f.v[2], &f.v[1]));
	symspec_free (f.ss);
}

static void
test_needs_lines (void)
{
	struct spec_option s;
	struct options opt;
	static const struct { const char *spec; bool needs; } cases[] = {
		{ "main", false }, { "prog.c", true }, { "12", true },
		{ "prog.c:main", true }, { ":main", false }, { ":12", true },
		{ "a/b", false }, { "a/b.c", true }, { "", false },
	};
	size_t i;

	memset (&opt, 0, sizeof opt);
	opt.specs = &s;
	opt.nspecs = 1;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		s.spec = cases[i].spec;
		s.table = INCL_FLAT;
		CU_ASSERT_EQUAL (symspec_needs_lines (&opt), cases[i].needs);
	}
}

static const struct unit_test unit_tests[] = {
	{ "names and lines", test_names_and_lines },
	{ "specs that name nothing", test_names_nothing },
	{ "the target's leading character", test_leading_char },
	{ "names found sorted and hashed", test_sorted_names },
	{ "arc specs", test_arcs },
	{ "INCL_ARCS", test_include_arcs },
	{ "which specs need line information", test_needs_lines },
	{ NULL, NULL }
};

int
main (void)
{
	return unit_run ("symspec", unit_tests);
}
