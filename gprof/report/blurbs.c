/* blurbs.c - the explanations printed after (or, with -T, before) the
   tables.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Written for gmonkit: they explain the same columns as GNU gprof's
   texts, in other words, and sit where GNU gprof's sit -- each starts
   with a blank line and ends with a page of its own after a form feed
   -- so that the pages of a report fall in the same places.  -b leaves
   them out.  */

#include <config.h>

#include "gprof/overhead.h"
#include "gprof/report/report.h"

static const char flat_text[] =
"\n"
" %         share of all the time sampled that was spent in this\n"
"time       function itself.\n"
"\n"
"cumulative this function's seconds added to those of every function\n"
" seconds   listed above it.\n"
"\n"
" self      seconds spent in this function itself, not in what it\n"
"seconds    called.  The table is sorted by this column.\n"
"\n"
"calls      how often the function was called; empty when it was not\n"
"           compiled for profiling and so could not count its calls.\n"
"\n"
" self      average time of one call, this function alone, in the\n"
"xs/call    unit the header names (s, ms, us, ...); empty without\n"
"           a count of calls.\n"
"\n"
" total     average time of one call including the functions it\n"
"xs/call    called (as the call graph shares their time out); empty\n"
"           without a count of calls.\n"
"\n"
"name       the function.  Equal times are ordered by calls, then by\n"
"           name.  With -T the number in brackets is its entry in the\n"
"           call graph; in parentheses if that entry is not printed.\n"
"\f\n"
"Notes by gmonkit's gprof; `info gmonkit' describes every column.\n";

static const char graph_text[] =
"\n"
" How to read the call graph.\n"
"\n"
" The graph has one entry per function, and one per cycle of functions\n"
" that call each other; entries are sorted by the time spent in them\n"
" and in what they called.  The line of an entry that starts with its\n"
" number in brackets is the function itself; the lines above it are\n"
" its callers, the lines below it the functions it called.\n"
"\n"
" The function's own line:\n"
"     index\tthe entry's number, also printed after the function's\n"
"\t\tname wherever it appears, to find the entry.\n"
"\n"
"     % time\tshare of the total time spent in the function and in\n"
"\t\twhat it called.  Time left out by options, and time seen\n"
"\t\tfrom more than one caller, make the shares add up to\n"
"\t\tsomething other than 100.\n"
"\n"
"     self\tseconds spent in the function itself.\n"
"\n"
"     children\tseconds spent in the functions it called, in the\n"
"\t\tshare of their calls that came from it.\n"
"\n"
"     called\thow often it was called, not counting calls of itself;\n"
"\t\tthose follow after a `+'.\n"
"\n"
"     name\tthe function, its cycle if it is in one, and its index.\n"
"\n"
" A caller's line (above):\n"
"     self\tthe part of the function's own time charged to this\n"
"\t\tcaller, by its share of the calls.\n"
"\n"
"     children\tthe part of the time of the function's callees\n"
"\t\tcharged to this caller.\n"
"\n"
"     called\tcalls from this caller / all calls of the function\n"
"\t\t(of the whole cycle, if the function is in one).\n"
"\n"
"     name\tthe caller and its index.  <spontaneous> stands for\n"
"\t\tcallers the profile cannot name, like a signal handler's.\n"
"\n"
" A callee's line (below):\n"
"     self\tthe part of the callee's own time charged to the\n"
"\t\tfunction, by its share of the callee's calls.\n"
"\n"
"     children\tthe part of the time of the callee's own callees\n"
"\t\tcharged to the function.\n"
"\n"
"     called\tcalls of this callee by the function / all its calls.\n"
"\n"
"     name\tthe callee and its index.\n"
"\n"
" Calls within a cycle show only a count: the time of a cycle is\n"
" shared out as the cycle's, not member by member.  A count of 0\n"
" marks a call found in the machine code (-c) that never ran.\n"
"\n"
" A cycle has an entry of its own, `<cycle N as a whole>', with the\n"
" same columns; `+' there counts the calls between its members.  The\n"
" lines below it are its members, each with its calls from outside\n"
" and, after `+', from the other members.\n";

static const char graph_measured_text[] =
"\n"
" Measured times.  This profile holds the calling context of each\n"
" sample (libgmon's GMON_CONTEXT), so the children columns and the\n"
" times on the callers' and callees' lines are not shared out by the\n"
" call counts but measured: a caller's line shows the time spent in\n"
" the function, and under it, during the calls from that caller; a\n"
" callee's line the time spent in the callee, and under it, during\n"
" the calls from this function.  A sample counts once on a line even\n"
" where the call recurs in its context.\n";

static const char notes_trailer[] =
"\f\n"
"Notes by gmonkit's gprof; `info gmonkit' describes every column.\n";

static const char graph_bsd_text[] =
"\n"
"\n"
"\n"
"call graph profile:\n"
"          Entries are sorted by the time spent in a function and\n"
"          in its descendants together.\n"
"\n"
"          the function's own line:\n"
"\n"
"index     its number, printed after its name everywhere.\n"
"\n"
"%time     share of the program's time spent in the function and\n"
"          in what it called.\n"
"\n"
"self      seconds spent in the function itself.\n"
"\n"
"descendants\n"
"          seconds spent in what it called, for it.\n"
"\n"
"called    calls of the function by others.\n"
"\n"
"self      calls of the function by itself.\n"
"\n"
"name      the function, with its cycle if it is in one.\n"
"\n"
"index     its number again.\n"
"\n"
"\n"
"\n"
"          a caller's line (parents, above):\n"
"\n"
"self*     the part of the function's own time due to this caller.\n"
"\n"
"descendants*\n"
"          the part of the function's descendants' time due to\n"
"          this caller.\n"
"\n"
"called**  calls from this caller: the numerator of the share.\n"
"\n"
"total*    calls from all callers: the denominator.\n"
"\n"
"parents   the caller, with its cycle if it is in one.\n"
"\n"
"index     the caller's number.\n"
"\n"
"\n"
"\n"
"          a callee's line (children, below):\n"
"\n"
"self*     the part of the callee's own time due to this function.\n"
"\n"
"descendants*\n"
"          the part of the callee's descendants' time due to this\n"
"          function.\n"
"\n"
"called**  calls of the callee by this function.\n"
"\n"
"total*    calls of the callee by everybody.\n"
"\n"
"children  the callee, with its cycle if it is in one.\n"
"\n"
"index     the callee's number.\n"
"\n"
"\n"
"\n"
"          * blank for callers and callees in the same cycle as\n"
"          the function; for a member of a cycle the times and the\n"
"          total are those of the whole cycle.\n"
"\n"
"          ** a count of 0 marks a call found only in the machine\n"
"          code (-c).\n"
"\n"
"\n"
"\n"
"          cycles:\n"
"          a cycle is listed like a function, followed by its\n"
"          members with their shares of its time and calls.\n"
"\f\n"
"Notes by gmonkit's gprof; `info gmonkit' describes every column.\n";

void
blurb_flat (FILE *f)
{
	fputs (flat_text, f);
}

void
blurb_graph (FILE *f, bool measured)
{
	fputs (graph_text, f);
	if (measured)
		fputs (graph_measured_text, f);
	fputs (notes_trailer, f);
}

void
blurb_graph_bsd (FILE *f)
{
	fputs (graph_bsd_text, f);
}

void
blurb_overhead (const struct report *r)
{
	const struct sym *s = overhead_sym (r->st);
	double total = r->total_time;

	if (!s)
		return;
	if (r->overhead_out > 0.0)
		printf ("the times exclude libgmon's own %.2f %s, "
			OVERHEAD_NAME " (--no-overhead): the percentages "
			"are of the rest\n", report_secs (r, r->overhead_out),
			r->p->dimen);
	else if (s->time > 0.0 && !s->flat_off)
		printf ("libgmon's own time (counting the calls, sampling) "
			"is " OVERHEAD_NAME ": %.2f%%; --no-overhead leaves "
			"it out\n", total > 0.0 ? 100 * s->time / total : 0.0);
}
