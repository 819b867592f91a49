/* symspec.c - the symbols options like -p, -q, -k and -E name.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   GNU gprof turns each spec into ranges of consecutive matching
   symbols, puts the ranges of a table into one sorted table (keeping
   one range per start address) and looks addresses up in it.  When
   two specs of a table match overlapping ranges, that lookup misses
   symbols both specs name, and of two arc specs with the same FROM
   (-k a/b -k a/c) only the last one given works.  Here a table names
   exactly the symbols some spec of it matches, which is what those
   options are documented to do; where no specs overlap the two agree.

   Name specs are the common case (gprof always adds six of its own),
   so names are found by binary search in the table's names sorted
   (symtab_rank_names()), or when they are not, through a hash of the
   table made on the first need; specs with a file or a line are
   matched against every symbol.  */

#include <config.h>

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gprof/lines/lines.h"
#include "gprof/overhead.h"
#include "gprof/symbols/symspec.h"
#include "gprof/symbols/symtab.h"
#include "gprof/util/util.h"

/* One half of a spec.  */
struct pattern {
	bool no_file;			/* named a file that does not exist */
	struct source_file *file;	/* file it must be in, or NULL */
	int line;			/* line it must start on, or 0 */
	const char *name;		/* its name, or NULL */
	bool file_part;			/* the text named a file */
};

/* An arc spec FROM/TO of an arc table.  */
struct arc_spec {
	enum spec_table table;		/* INCL_ARCS or EXCL_ARCS */
	unsigned char *from;		/* per symbol: matches FROM */
	unsigned char *to;		/* per symbol: matches TO */
};

struct symspecs {
	const struct symtab *st;
	uint16_t *bits;			/* per symbol: tables naming it */
	bool used[NUM_TABLES];		/* table names some symbol */
	struct arc_spec *arcs;		/* arc specs */
	size_t narcs;
	char lead;			/* leading character of C names */
	/* Name hash: stripped names of the symbol table, made when the
	   table's names are not sorted (NULL until then).  */
	uint32_t *heads;		/* bucket -> 1 + first symbol, or 0 */
	uint32_t *next;			/* symbol -> 1 + next in bucket */
	size_t nbuckets;
};

/* Parses one half, as GNU gprof's parse_spec() reads it.  SPEC is
   modified (the ':' is cut).  */
static void
parse_half (char *spec, struct pattern *p, struct lines *lines)
{
	char *colon = strrchr (spec, ':');
	const char *file = NULL;

	memset (p, 0, sizeof *p);
	if (colon) {
		*colon = '\0';
		if (colon > spec)
			file = spec;
		spec = colon + 1;
		if (*spec) {
			if (isdigit ((unsigned char) *spec))
				p->line = atoi (spec);
			else
				p->name = spec;
		}
	} else if (*spec) {
		if (strchr (spec, '.'))
			file = spec;
		else if (isdigit ((unsigned char) *spec))
			p->line = atoi (spec);
		else
			p->name = spec;
	}
	if (file) {
		p->file_part = true;
		p->file = lines ? lines_file_by_basename (lines, file) : NULL;
		p->no_file = !p->file;
	}
}

static const char *
strip_lead (const struct symspecs *ss, const char *name)
{
	if (*name && ss->lead == *name)
		name++;
	return name;
}

static bool
match (const struct symspecs *ss, const struct pattern *p,
       const struct sym *sym)
{
	if (p->no_file || (p->file && p->file != sym->file))
		return false;
	if (p->line && p->line != sym->line)
		return false;
	if (p->name && strcmp (p->name, strip_lead (ss, sym->name)) != 0)
		return false;
	return true;
}

static size_t
hash_str (const char *s, size_t nbuckets)
{
	size_t h = 5381;

	while (*s)
		h = h * 33 + (unsigned char) *s++;
	return h & (nbuckets - 1);
}

static void
build_name_hash (struct symspecs *ss)
{
	size_t i, n = ss->st->len;

	ss->nbuckets = 16;
	while (ss->nbuckets < n * 2)
		ss->nbuckets *= 2;
	ss->heads = XCNEWVEC (uint32_t, ss->nbuckets);
	ss->next = XCNEWVEC (uint32_t, n ? n : 1);
	/* Backwards, so each chain lists its symbols by address.  */
	for (i = n; i-- > 0;) {
		size_t h = hash_str (strip_lead (ss, ss->st->base[i].name),
				     ss->nbuckets);

		ss->next[i] = ss->heads[h];
		ss->heads[h] = (uint32_t) (i + 1);
	}
}

/* Calls MARK for every symbol named NAME (with LEAD in front, if not
   0) whose name does not start with NOT_LEAD (if not 0), found in the
   table's names sorted; returns how many.  */
static size_t
each_named (struct symspecs *ss, char lead, const char *name, char not_lead,
	    void (*mark) (struct symspecs *, size_t, void *), void *arg)
{
	const struct symtab *st = ss->st;
	size_t lo = 0, hi = st->len, n = 0;

	/* The first name not below it.  */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const char *s = st->base[st->by_name[mid]].name;
		int c = lead ? (unsigned char) *s - (unsigned char) lead : 0;

		if (c == 0)
			c = strcmp (s + (lead ? 1 : 0), name);
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < st->len; lo++) {
		size_t i = st->by_name[lo];
		const char *s = st->base[i].name;

		if (lead && *s++ != lead)
			break;
		if (strcmp (s, name) != 0)
			break;
		if (not_lead && st->base[i].name[0] == not_lead)
			continue;
		mark (ss, i, arg);
		n++;
	}
	return n;
}

/* Calls MARK for every symbol P matches; returns how many.  */
static size_t
each_match (struct symspecs *ss, const struct pattern *p,
	    void (*mark) (struct symspecs *, size_t, void *), void *arg)
{
	const struct symtab *st = ss->st;
	size_t i, n = 0;

	if (p->name && !p->file_part && !p->line) {
		uint32_t k;

		if (symtab_ranked (st))
			/* strip_lead (name) is P's name: the name is P's
			   with the lead in front, or P's own without the
			   lead.  */
			return (ss->lead ? each_named (ss, ss->lead, p->name,
						       0, mark, arg) : 0)
				+ each_named (ss, 0, p->name, ss->lead, mark,
					      arg);
		if (!ss->heads)
			build_name_hash (ss);
		k = ss->heads[hash_str (p->name, ss->nbuckets)];

		for (; k; k = ss->next[k - 1])
			if (strcmp (p->name, strip_lead (ss,
					st->base[k - 1].name)) == 0) {
				mark (ss, k - 1, arg);
				n++;
			}
		return n;
	}
	for (i = 0; i < st->len; i++)
		if (match (ss, p, &st->base[i])) {
			mark (ss, i, arg);
			n++;
		}
	return n;
}

static void
mark_table (struct symspecs *ss, size_t i, void *arg)
{
	enum spec_table t = *(enum spec_table *) arg;

	ss->bits[i] |= (uint16_t) (1u << t);
}

static void
mark_byte (struct symspecs *ss, size_t i, void *arg)
{
	(void) ss;
	((unsigned char *) arg)[i] = 1;
}

/* Whether one half of spec S would need file or line information.  */
static bool
half_needs_lines (const char *s, size_t len)
{
	const char *colon = NULL;
	size_t i;

	for (i = 0; i < len; i++)
		if (s[i] == ':')
			colon = s + i;
	if (colon)
		return colon > s || (colon + 1 < s + len
				     && isdigit ((unsigned char) colon[1]));
	if (len == 0)
		return false;
	return memchr (s, '.', len) || isdigit ((unsigned char) s[0]);
}

bool
symspec_needs_lines (const struct options *opt)
{
	size_t i;

	for (i = 0; i < opt->nspecs; i++) {
		const char *s = opt->specs[i].spec;
		const char *slash = strchr (s, '/');

		if (slash ? half_needs_lines (s, (size_t) (slash - s))
		    || half_needs_lines (slash + 1, strlen (slash + 1))
		    : half_needs_lines (s, strlen (s)))
			return true;
	}
	return false;
}

static void
add_spec (struct symspecs *ss, const char *text, enum spec_table t,
	  struct lines *lines, bool user)
{
	char *copy = xstrdup (text);
	char *slash = strchr (copy, '/');
	struct pattern left, right;
	size_t n;

	if (slash)
		*slash = '\0';
	parse_half (copy, &left, lines);
	n = each_match (ss, &left, mark_table, &t);
	if (n)
		ss->used[t] = true;
	if (slash) {
		parse_half (slash + 1, &right, lines);
		if ((t == INCL_ARCS || t == EXCL_ARCS) && n) {
			struct arc_spec *a;
			size_t len = ss->st->len ? ss->st->len : 1;

			ss->arcs = xrealloc (ss->arcs, (ss->narcs + 1)
					     * sizeof *ss->arcs);
			a = &ss->arcs[ss->narcs++];
			a->table = t;
			a->from = XCNEWVEC (unsigned char, len);
			a->to = XCNEWVEC (unsigned char, len);
			each_match (ss, &left, mark_byte, a->from);
			if (!each_match (ss, &right, mark_byte, a->to)
			    && user)
				gp_warn (NULL, "`%s' of `%s' names no symbol",
					 slash + 1, text);
		}
	}
	if (!n && user)
		gp_warn (NULL, t % 2 == 0
			 ? "`%s' names no symbol: the option selects every "
			 "symbol, as in GNU gprof"
			 : "`%s' names no symbol: the option leaves nothing out",
			 text);
	free (copy);
}

struct symspecs *
symspec_build (const struct options *opt, const struct symtab *st,
	       struct lines *lines, char lead)
{
	struct symspecs *ss = XCNEW (struct symspecs);
	size_t i;

	ss->st = st;
	ss->lead = lead;
	ss->bits = XCNEWVEC (uint16_t, st->len ? st->len : 1);
	for (i = 0; i < opt->nspecs; i++)
		add_spec (ss, opt->specs[i].spec, opt->specs[i].table, lines,
			  true);
	for (i = 0; options_default_excluded[i]; i++) {
		add_spec (ss, options_default_excluded[i], EXCL_TIME, lines,
			  false);
		add_spec (ss, options_default_excluded[i], EXCL_GRAPH, lines,
			  false);
		add_spec (ss, options_default_excluded[i], EXCL_FLAT, lines,
			  false);
	}
	/* --no-overhead: libgmon's own time, out as glibc's mcount is.  */
	if (opt->no_overhead) {
		add_spec (ss, OVERHEAD_NAME, EXCL_TIME, lines, false);
		add_spec (ss, OVERHEAD_NAME, EXCL_GRAPH, lines, false);
		add_spec (ss, OVERHEAD_NAME, EXCL_FLAT, lines, false);
		/* ... and so are the calls into it that the calling
		   contexts add (-k /NAME).  */
		add_spec (ss, "/" OVERHEAD_NAME, EXCL_ARCS, lines, false);
	}
	return ss;
}

void
symspec_free (struct symspecs *ss)
{
	size_t i;

	if (!ss)
		return;
	for (i = 0; i < ss->narcs; i++) {
		free (ss->arcs[i].from);
		free (ss->arcs[i].to);
	}
	free (ss->arcs);
	free (ss->bits);
	free (ss->heads);
	free (ss->next);
	free (ss);
}

bool
symspec_in (const struct symspecs *ss, const struct symtab *st,
	    const struct sym *sym, enum spec_table t)
{
	return (ss->bits[sym - st->base] >> t) & 1;
}

bool
symspec_used (const struct symspecs *ss, enum spec_table t)
{
	return ss->used[t];
}

bool
symspec_on (const struct symspecs *ss, const struct symtab *st,
	    const struct sym *sym, enum spec_table incl)
{
	if (symspec_in (ss, st, sym, incl))
		return true;
	return !ss->used[incl] && !symspec_in (ss, st, sym, incl + 1);
}

static bool
arc_named (const struct symspecs *ss, enum spec_table t, size_t p, size_t c)
{
	size_t i;

	for (i = 0; i < ss->narcs; i++)
		if (ss->arcs[i].table == t && ss->arcs[i].from[p]
		    && ss->arcs[i].to[c])
			return true;
	return false;
}

bool
symspec_arc_ok (const struct symspecs *ss, const struct symtab *st,
		const struct sym *parent, const struct sym *child)
{
	size_t p, c;

	if (ss->narcs == 0)
		return true;
	p = (size_t) (parent - st->base);
	c = (size_t) (child - st->base);
	if (arc_named (ss, INCL_ARCS, p, c))
		return true;
	return !ss->used[INCL_ARCS] && !arc_named (ss, EXCL_ARCS, p, c);
}
