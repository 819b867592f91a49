/* names.c - symbol names as the reports print them.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   GNU gprof demangles a name every time it prints it, which for a C++
   call graph means once per arc line.  Here each name is demangled
   the first time it is printed and remembered.  */

#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gprof/symbols/objfile.h"
#include "gprof/report/fmt.h"
#include "gprof/report/report.h"
#include "gprof/util/utf8.h"

void
report_init (struct report *r, const struct options *opt, struct objfile *of,
	     const struct symtab *st, const struct profile *p,
	     const struct callgraph *cg, const struct symspecs *ss,
	     double total_time)
{
	memset (r, 0, sizeof *r);
	r->opt = opt;
	r->of = of;
	r->st = st;
	r->p = p;
	r->cg = cg;
	r->ss = ss;
	r->total_time = total_time;
	r->first_output = true;
}

void
report_free (struct report *r)
{
	size_t i;

	for (i = 0; r->shown && i < r->nshown; i++)
		free (r->shown[i]);
	free (r->shown);
	free (r->shown_done);
}

void
report_section (struct report *r)
{
	if (r->first_output)
		r->first_output = false;
	else
		printf ("\f\n");
}

double
report_secs (const struct report *r, double ticks)
{
	return r->p->hz ? ticks / r->p->hz : 0.0;
}

/* GNU gprof prints (long) hist_scale * 2L: the bin width in bytes,
   its fraction cut off.  A bin of 2^63 bytes or more (one bin over
   the whole address space) is beyond a long: the conversion and the
   product are undefined in C, and GNU's x86-64 build prints 0 or a
   negative width.  The width is printed whole here, from the same
   truncated scale (manual, "Numbers").  */
void
report_granularity (const struct report *r)
{
	double whole = trunc (r->p->hist_scale);

	if (whole >= 0.0 && whole < 4611686018427387904.0)	/* 2^62 */
		printf ("\ngranularity: each sample hit covers %ld byte(s)",
			(long) whole * 2L);
	else
		printf ("\ngranularity: each sample hit covers %.0f byte(s)",
			whole * 2.0);
}

/* SYM's name as printed: demangled (unless -a's BSD layout or
   --no-demangle), and shown as text (util/utf8.c): a control
   character, a bidirectional override or a byte of no UTF-8 character
   in a symbol's name prints as '?', never raw.  */
static const char *
shown_name (struct report *r, const struct sym *sym)
{
	bool demangle = !r->opt->bsd && r->opt->demangle;
	size_t i;

	if (sym < r->st->base || sym >= r->st->base + r->st->len) {
		/* Not a symbol of the table (cannot happen for named
		   entries): nothing is cached.  */
		return sym->name;
	}
	i = (size_t) (sym - r->st->base);
	if (!r->shown) {
		/* Made when first needed: the table is complete only
		   after the profiles are read (-l adds line symbols).  */
		r->nshown = r->st->len;
		r->shown = XCNEWVEC (char *, r->nshown + 1);
		r->shown_done = XCNEWVEC (unsigned char, r->nshown + 1);
	}
	if (!r->shown_done[i]) {
		char *d = demangle ? objfile_demangle (r->of, sym->name)
			: NULL;

		r->shown_done[i] = 1;
		if (!utf8_is_clean (d ? d : sym->name)) {
			char *clean = utf8_clean (d ? d : sym->name);

			free (d);
			d = clean;
		}
		r->shown[i] = d;
	}
	return r->shown[i] ? r->shown[i] : sym->name;
}

void
report_prefetch_name (const struct report *r, const struct sym *s)
{
	if (s->name)
		__builtin_prefetch (s->name);
	if (r->shown && s >= r->st->base && s < r->st->base + r->nshown) {
		size_t i = (size_t) (s - r->st->base);

		__builtin_prefetch (&r->shown[i]);
		__builtin_prefetch (&r->shown_done[i]);
	}
}

const char *
report_file_name (const struct report *r, const struct source_file *f)
{
	const char *base;

	if (r->opt->print_path)
		return f->name;
	base = strrchr (f->name, '/');
	return base ? base + 1 : f->name;
}

/* The address -l prints for SYM: with --objects, that inside its own
   object (profile/companion.c places object K's code at K << 40 in
   the model), the one objdump of the object shows.  */
static uint64_t
shown_addr (const struct report *r, const struct sym *sym)
{
	return r->opt->objects ? sym->addr & ((UINT64_C (1) << 40) - 1)
		: sym->addr;
}

/* " (FILE:LINE @ ADDR)" with -l, " (FILE:LINE)" with
   --inline-file-names, into BUF (room for FILE plus 64); its length.  */
static size_t
file_suffix (const struct report *r, const struct sym *sym, const char *fn,
	     size_t fl, char *buf)
{
	size_t n = 0;

	buf[n++] = ' ';
	buf[n++] = '(';
	memcpy (buf + n, fn, fl);
	n += fl;
	buf[n++] = ':';
	if (sym->line < 0)
		buf[n++] = '-';
	n += fmt_uint (buf + n, (unsigned long long)
		       (sym->line < 0 ? -(long long) sym->line : sym->line),
		       0, false);
	if (r->opt->line) {
		uint64_t a = shown_addr (r, sym);
		char hex[17];
		size_t h = sizeof hex;

		memcpy (buf + n, " @ ", 3);
		n += 3;
		do {
			hex[--h] = "0123456789abcdef"[a & 15];
			a >>= 4;
		} while (a);
		memcpy (buf + n, hex + h, sizeof hex - h);
		n += sizeof hex - h;
	}
	buf[n++] = ')';
	return n;
}

/* The name as report_name_only() prints it, into BUF of CAP bytes; its
   length, or (size_t) -1 if it does not fit.  A -l call graph prints
   hundreds of thousands of names: one write each.  */
static size_t
name_text (struct report *r, const struct sym *sym, char *buf, size_t cap)
{
	const char *name = shown_name (r, sym);
	size_t len = strlen (name), fl;
	const char *fn;

	if (len + 1 > cap)
		return (size_t) -1;
	memcpy (buf, name, len);
	if (!(r->opt->line || r->opt->inline_file_names) || !sym->file)
		return len;
	fn = report_file_name (r, sym->file);
	fl = strlen (fn);
	if (len + fl + 64 > cap)
		return (size_t) -1;
	return len + file_suffix (r, sym, fn, fl, buf + len);
}

size_t
report_name_only_format (struct report *r, const struct sym *sym, char *buf,
			 size_t cap)
{
	if (!sym->name)
		return 0;
	return name_text (r, sym, buf, cap);
}

int
report_name_only (struct report *r, const struct sym *sym)
{
	char buf[512];
	size_t n;

	if (!sym->name)
		return 0;
	n = name_text (r, sym, buf, sizeof buf);
	if (n == (size_t) -1) {
		const char *name = shown_name (r, sym);
		int size = (int) strlen (name);

		fputs (name, stdout);
		if ((r->opt->line || r->opt->inline_file_names) && sym->file)
			size += r->opt->line
				? printf (" (%s:%d @ %lx)",
					  report_file_name (r, sym->file),
					  sym->line,
					  (unsigned long) shown_addr (r, sym))
				: printf (" (%s:%d)",
					  report_file_name (r, sym->file),
					  sym->line);
		return size;
	}
	fwrite (buf, 1, n, stdout);
	return (int) n;
}

void
report_index_tag (const struct sym *sym, char *buf, size_t size)
{
	/* "[%d]" or "(%d)", without printf: one per entry of the index.  */
	if (size < 26 || sym->index < 0) {
		snprintf (buf, size, sym->print_flag ? "[%d]" : "(%d)",
			  sym->index);
		return;
	}
	buf[0] = sym->print_flag ? '[' : '(';
	size = 1 + fmt_uint (buf + 1, (unsigned long long) sym->index, 0,
			     false);
	buf[size++] = sym->print_flag ? ']' : ')';
	buf[size] = '\0';
}

static size_t name_tail (const struct sym *sym, char *buf);

size_t
report_name_format (struct report *r, const struct sym *sym, char *buf,
		    size_t cap)
{
	size_t n = 0;

	if (cap < 64)
		return (size_t) -1;
	if (sym->name) {
		n = name_text (r, sym, buf, cap - 64);
		if (n == (size_t) -1)
			return n;
	}
	return n + name_tail (sym, buf + n);
}

void
report_name (struct report *r, const struct sym *sym)
{
	char buf[512];
	size_t n = 0;

	/* The name and what follows it, " <cycle %d>", then " [%d]" or
	   " (%d)", in one write: the call graph prints millions.  */
	if (sym->name) {
		n = name_text (r, sym, buf, sizeof buf - 64);
		if (n == (size_t) -1) {
			report_name_only (r, sym);
			n = 0;
		}
	}
	n += name_tail (sym, buf + n);
	fwrite (buf, 1, n, stdout);
}

/* " <cycle %d>" and " [%d]" or " (%d)", as report_name() puts them
   after the name, into BUF (room for 64); their length.  */
static size_t
name_tail (const struct sym *sym, char *buf)
{
	size_t n = 0;

	if (sym->cyc_num != 0) {
		memcpy (buf + n, " <cycle ", 8);
		n += 8;
		n += fmt_uint (buf + n, (unsigned long long) sym->cyc_num, 0,
			       false);
		buf[n++] = '>';
	}
	if (sym->index != 0) {
		buf[n++] = ' ';
		buf[n++] = sym->print_flag ? '[' : '(';
		n += fmt_uint (buf + n, (unsigned long long) sym->index, 0,
			       false);
		buf[n++] = sym->print_flag ? ']' : ')';
	}
	return n;
}
