/* notes.c - the loss notes of a gmon file, in words.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   A runtime that left data out says how much in arc records no call
   has (gmon_out.h, "Loss notes"); gmondump and gprof say it in these
   words, each a phrase to follow the count and the way to have less
   of it next time.  */

#include <config.h>

#include "gmon/gmon.h"

unsigned int
gmon_note_kind (unsigned int addr_size, uint64_t from, uint64_t self)
{
	uint64_t all = addr_size >= 8 ? UINT64_MAX
		: ((uint64_t) 1 << (8 * addr_size)) - 1;

	if (from != all || self > all || all - self < GMON_NOTE_FIRST
	    || all - self > GMON_NOTE_KINDS_MAX)
		return 0;
	return (unsigned int) (all - self);
}

static const char *const what[GMON_NOTE_LAST + 1][2] = {
	[GMON_NOTE_CALLS_FULL] = {
		"calls not counted: the arc table was full",
		"give libgmon more RAM (GMON_RAM)" },
	[GMON_NOTE_CALLS_NESTED] = {
		"calls not counted: they came while another call was being "
		"counted (a non-maskable interrupt or fault handler built with "
		"-pg)",
		"build such handlers without -pg" },
	[GMON_NOTE_CALLS_MAX] = {
		"calls not counted: an arc's count had reached 4294967295",
		"write the profile more often (gmon_dump, gmon_reset)" },
	[GMON_NOTE_OUTSIDE] = {
		"samples outside every histogram's range (code the runtime "
		"did not know of)",
		"name all the code in GMON_CONFIG's .regions" },
	[GMON_NOTE_BIN_FULL] = {
		"samples not kept: a histogram bin passed 65535 with no room "
		"left for its excess",
		"write the profile more often (gmon_dump, gmon_reset)" },
	[GMON_NOTE_TICKS_MISSED] = {
		"timer periods without a sample: interrupts were off for "
		"longer than a period",
		"keep interrupts off for shorter, or sample less often" },
	[GMON_NOTE_CLOCK_GUESS] = {
		"samples timed by a clock whose rate the runtime assumed: the "
		"times may be off",
		"give the clock's rate (SystemCoreClock, GMON_CONFIG's "
		".clock_hz)" },
};

const char *
gmon_note_what (unsigned int kind)
{
	if (kind < GMON_NOTE_FIRST || kind > GMON_NOTE_LAST)
		return "losses of a kind this program does not know";
	return what[kind][0];
}

const char *
gmon_note_fix (unsigned int kind)
{
	if (kind < GMON_NOTE_FIRST || kind > GMON_NOTE_LAST)
		return NULL;
	return what[kind][1];
}
