/* cunit_main.h - the main() every CUnit test program shares.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   A test program defines `static const struct unit_test unit_tests[]`
   (ending with { NULL, NULL }) and the name of its suite, then includes
   this file.  Exit status follows automake: 0 pass, 1 fail, 99 hard
   error.  CUnit forgets its counts in CU_cleanup_registry(), so they
   are read before it.  */

#ifndef TESTS_UNIT_CUNIT_MAIN_H
#define TESTS_UNIT_CUNIT_MAIN_H

#include <CUnit/Basic.h>

struct unit_test {
	const char *name;
	void (*fn) (void);
};

static int
unit_run (const char *suite_name, const struct unit_test *tests)
{
	CU_pSuite suite;
	unsigned int failed;
	size_t i;

	if (CU_initialize_registry () != CUE_SUCCESS)
		return 99;
	suite = CU_add_suite (suite_name, NULL, NULL);
	if (!suite) {
		CU_cleanup_registry ();
		return 99;
	}
	for (i = 0; tests[i].name; i++)
		if (!CU_add_test (suite, tests[i].name, tests[i].fn)) {
			CU_cleanup_registry ();
			return 99;
		}
	CU_basic_set_mode (CU_BRM_VERBOSE);
	if (CU_basic_run_tests () != CUE_SUCCESS) {
		CU_cleanup_registry ();
		return 99;
	}
	failed = CU_get_number_of_tests_failed ()
		+ CU_get_number_of_suites_failed ();
	if (CU_get_number_of_tests_run () == 0)
		failed++;
	CU_cleanup_registry ();
	return failed ? 1 : 0;
}

#endif /* TESTS_UNIT_CUNIT_MAIN_H */
