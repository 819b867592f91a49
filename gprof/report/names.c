/* names.c - symbol names as the reports print them.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   GNU gprof demangles a name every time it prints it, which for a C++
   call graph means once per arc line.  Here each name is demangled
   the first time it is printed and remembered.  */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gprof/objfile.h"
#include "gprof/report/fmt.h"
#include "gprof/report/report.h"

void
report_init (struct report *r, const struct options *opt, struct objfile *of,
	     const struct symtab *st, const struct profile *p,
	     const struct callgraph *cg, const struct symspecs *ss,
	     double total_time)
{
	size_t n = st->len ? st->len : 1;

	memset (r, 0, sizeof *r);
	r->opt = opt;
	r->of = of;
	r->st = st;
	r->p = p;
	r->cg = cg;
	r->ss = ss;
	r->total_time = total_time;
	r->first_output = true;
	r->shown = XCNEWVEC (char *, n);
	r->shown_done = XCNEWVEC (unsigned char, n);
}

void
report_free (struct report *r)
{
	size_t i;

	for (i = 0; i < r->st->len; i++)
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

static const char *
shown_name (struct report *r, const struct sym *sym)
{
	size_t i;

	if (r->opt->bsd || !r->opt->demangle)
		return sym->name;
	if (sym < r->st->base || sym >= r->st->base + r->st->len) {
		/* Not a symbol of the table (cannot happen for named
		   entries): demangling is then not cached.  */
		return sym->name;
	}
	i = (size_t) (sym - r->st->base);
	if (!r->shown_done[i]) {
		r->shown_done[i] = 1;
		r->shown[i] = objfile_demangle (r->of, sym->name);
	}
	return r->shown[i] ? r->shown[i] : sym->name;
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

int
report_name_only (struct report *r, const struct sym *sym)
{
	const char *name;
	int size;

	if (!sym->name)
		return 0;
	name = shown_name (r, sym);
	size = (int) strlen (name);
	fwrite (name, 1, (size_t) size, stdout);
	if ((r->opt->line || r->opt->inline_file_names) && sym->file) {
		const char *fn = report_file_name (r, sym->file);

		if (r->opt->line)
			size += printf (" (%s:%d @ %lx)", fn, sym->line,
					(unsigned long) sym->addr);
		else
			size += printf (" (%s:%d)", fn, sym->line);
	}
	return size;
}

void
report_index_tag (const struct sym *sym, char *buf, size_t size)
{
	snprintf (buf, size, sym->print_flag ? "[%d]" : "(%d)", sym->index);
}

void
report_name (struct report *r, const struct sym *sym)
{
	char buf[64];
	size_t n = 0;

	report_name_only (r, sym);
	/* " <cycle %d>", then " [%d]" or " (%d)": the call graph prints
	   millions of these.  */
	if (sym->cyc_num != 0) {
		memcpy (buf, " <cycle ", 8);
		n = 8 + fmt_uint (buf + 8, (unsigned long long) sym->cyc_num,
				  0, false);
		buf[n++] = '>';
	}
	if (sym->index != 0) {
		buf[n++] = ' ';
		buf[n++] = sym->print_flag ? '[' : '(';
		n += fmt_uint (buf + n, (unsigned long long) sym->index, 0,
			       false);
		buf[n++] = sym->print_flag ? ']' : ')';
	}
	fwrite (buf, 1, n, stdout);
}
