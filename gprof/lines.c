/* lines.c - source files and lines of addresses, through libbfd.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Every answer comes from bfd_find_nearest_line(), asked exactly as GNU
   gprof asks it (the .text section, the offset of the address from
   it), so file names, lines and function names are the same strings.
   Nothing here is called unless an output needs it: the default flat
   profile and call graph need the file only of the static functions
   the index lists.  */

#include <config.h>

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gprof/lines.h"
#include "gprof/objfile-bfd.h"
#include "gprof/util.h"

#define FILE_HASH_SIZE	256

/* What bfd says about one address.  */
struct src_info {
	const char *file;
	const char *func;
	unsigned int line;
};

/* The last line start found: asked in ascending order of addresses,
   the walks down from each address stop where the last one began, so
   each byte of .text is looked at once.  */
struct line_last {
	bool valid;
	bool have;			/* the line has information */
	uint64_t floor;			/* its function symbol */
	uint64_t pc;			/* the address asked */
	uint64_t start;			/* the answer */
	struct src_info triple;		/* its (function, file, line) */
};

struct line_memo {
	uint64_t floor;			/* a function symbol's address */
	bool used;
	bool same;			/* its first line starts below it */
};

struct lines {
	struct objfile *of;
	struct source_file *first;	/* oldest file */
	struct source_file *last;	/* newest file */
	struct source_file *hash[FILE_HASH_SIZE];
	unsigned int step;		/* smallest instruction, bytes */
	struct line_memo *memo;		/* run_continues_below() answers */
	size_t memo_cap, memo_used;
	struct line_last prev;		/* lines_line_start()'s last answer */
};


struct lines *
lines_open (struct objfile *of)
{
	struct lines *l = XCNEW (struct lines);

	l->of = of;
	l->step = bfd_get_arch (of->abfd) == bfd_arch_alpha ? 4 : 1;
	return l;
}

void
lines_close (struct lines *l)
{
	struct source_file *f, *next;

	if (!l)
		return;
	for (f = l->first; f; f = next) {
		next = f->next;
		free (f->name);
		free (f);
	}
	free (l->memo);
	free (l);
}

static bool
src_info (struct lines *l, uint64_t addr, struct src_info *si)
{
	const char *file = NULL, *func = NULL;
	unsigned int line = 0;
	asection *text = l->of->text;

	if (bfd_find_nearest_line (l->of->abfd, text, l->of->syms,
				   addr - bfd_section_vma (text), &file,
				   &func, &line)
	    && file && func && line) {
		si->file = file;
		si->func = func;
		si->line = line;
		return true;
	}
	return false;
}

static unsigned int
hash_name (const char *s)
{
	unsigned int h = 5381;

	while (*s)
		h = h * 33 + (unsigned char) *s++;
	return h % FILE_HASH_SIZE;
}

static struct source_file *
file_by_path (struct lines *l, const char *path)
{
	unsigned int h = hash_name (path);
	struct source_file *f;

	for (f = l->hash[h]; f; f = f->hash_next)
		if (strcmp (f->name, path) == 0)
			return f;
	f = XCNEW (struct source_file);
	f->name = xstrdup (path);
	f->hash_next = l->hash[h];
	l->hash[h] = f;
	if (l->last)
		l->last->next = f;
	else
		l->first = f;
	l->last = f;
	DBG (DBG_SRC, "[lines] new source file %s\n", path);
	return f;
}

void
lines_resolve (struct lines *l, struct sym *sym)
{
	struct src_info si;

	if (sym->src_known)
		return;
	sym->src_known = 1;
	if (src_info (l, sym->addr, &si)) {
		sym->file = file_by_path (l, si.file);
		sym->line = (int) si.line;
		DBG (DBG_AOUT, "[lines] 0x%" PRIx64 " -> %s:%d (%s)\n",
		     sym->addr, si.file, sym->line, si.func);
	}
}

struct source_file *
lines_file_by_basename (struct lines *l, const char *name)
{
	struct source_file *f, *found = NULL;

	/* GNU gprof searches newest first; the last match in creation
	   order is the same file.  */
	for (f = l->first; f; f = f->next) {
		const char *base = strrchr (f->name, '/');

		if (strcmp (name, base ? base + 1 : f->name) == 0)
			found = f;
	}
	return found;
}

static bool
same_line (const struct src_info *a, const struct src_info *b)
{
	return a->line == b->line && strcmp (a->func, b->func) == 0
		&& strcmp (a->file, b->file) == 0;
}

/* Whether the line at FLOOR continues below it: the first address
   under FLOOR that has line information has the same triple.  Asked
   once per function, since a region without debugging information
   below a function can be long.  */
static bool
run_continues_below (struct lines *l, uint64_t floor,
		     const struct src_info *here)
{
	uint64_t lo = bfd_section_vma (l->of->text);
	struct src_info there;
	size_t h, i;
	uint64_t a;
	bool same = false;

	h = (size_t) (floor * 0x9e3779b97f4a7c15u >> 40);
	for (i = 0; i < l->memo_cap; i++) {
		struct line_memo *m = &l->memo[(h + i) & (l->memo_cap - 1)];

		if (!m->used)
			break;
		if (m->floor == floor)
			return m->same;
	}
	for (a = floor; a >= lo + l->step;) {
		a -= l->step;
		if (src_info (l, a, &there)) {
			same = same_line (here, &there);
			break;
		}
	}
	if ((l->memo_used + 1) * 2 > l->memo_cap) {
		struct line_memo *old = l->memo;
		size_t oldcap = l->memo_cap, j;

		l->memo_cap = oldcap ? oldcap * 2 : 64;
		l->memo = XCNEWVEC (struct line_memo, l->memo_cap);
		for (j = 0; j < oldcap; j++) {
			size_t k;

			if (!old[j].used)
				continue;
			k = (size_t) (old[j].floor * 0x9e3779b97f4a7c15u >> 40);
			while (l->memo[k & (l->memo_cap - 1)].used)
				k++;
			l->memo[k & (l->memo_cap - 1)] = old[j];
		}
		free (old);
	}
	for (i = h;; i++) {
		struct line_memo *m = &l->memo[i & (l->memo_cap - 1)];

		if (!m->used) {
			m->used = true;
			m->floor = floor;
			m->same = same;
			break;
		}
	}
	l->memo_used++;
	return same;
}

uint64_t
lines_line_start (struct lines *l, uint64_t pc, uint64_t floor)
{
	asection *text = l->of->text;
	uint64_t lo = bfd_section_vma (text);
	uint64_t hi = lo + bfd_section_size (text);
	struct line_last *last = &l->prev;
	struct src_info here, there;
	bool have = false, memo;
	uint64_t a, b = 0, result;

	/* Line symbols exist only inside .text.  */
	if (pc < lo || hi == lo)
		return floor;
	if (pc >= hi)
		pc = hi - 1;
	pc = lo + (pc - lo) / l->step * l->step;
	if (pc < floor)
		return floor;
	memo = last->valid && last->floor == floor && last->pc <= pc;
	if (memo && last->pc == pc)
		return last->start;

	for (a = pc;; a -= l->step) {
		if (memo && a == last->pc) {
			/* The last answer covers A: its symbol continues up
			   to PC if no other line came between.  */
			if (!have) {
				result = last->start;
				have = last->have;
				here = last->triple;
				goto done;
			}
			if (!last->have)
				goto at_floor;
			result = same_line (&here, &last->triple)
				? last->start : b;
			goto done;
		}
		if (src_info (l, a, &there)) {
			if (!have) {
				here = there;
				have = true;
			} else if (!same_line (&here, &there)) {
				result = b;
				goto done;
			}
			b = a;
		}
		if (a < floor + l->step || a < lo + l->step)
			break;
	}
at_floor:
	/* The walk reached FLOOR: if the line goes on below it, the
	   function symbol at FLOOR is where it starts in the table.  */
	if (!have || b == floor || run_continues_below (l, floor, &here))
		result = floor;
	else
		result = b;
done:
	last->valid = true;
	last->floor = floor;
	last->pc = pc;
	last->start = result;
	last->have = have;
	if (have)
		last->triple = here;
	return result;
}
