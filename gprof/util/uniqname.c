/* uniqname.c - names made unique by a number (uniqname.h).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gprof/util/uniqname.h"

struct uniq_next {
	char *name;			/* a name asked for twice or more */
	size_t k;			/* the number to try next */
};

static size_t
given_hash (const void *arg, size_t i)
{
	return hindex_hash_str (((const struct uniq_names *) arg)->given[i]);
}

static size_t
next_hash (const void *arg, size_t i)
{
	return hindex_hash_str (((const struct uniq_names *) arg)->next[i]
				.name);
}

void
uniq_init (struct uniq_names *u)
{
	memset (u, 0, sizeof *u);
	hindex_init (&u->index, 16);
	hindex_init (&u->next_index, 16);
}

void
uniq_free (struct uniq_names *u)
{
	size_t i;

	for (i = 0; i < u->n; i++)
		free (u->given[i]);
	for (i = 0; i < u->nnext; i++)
		free (u->next[i].name);
	free (u->given);
	free (u->next);
	hindex_free (&u->index);
	hindex_free (&u->next_index);
	memset (u, 0, sizeof *u);
}

/* The slot of NAME in U's index of the names given: the one that
   holds it, or the free one where it goes.  */
static size_t
given_slot (const struct uniq_names *u, const char *name)
{
	size_t s;

	for (s = hindex_first (&u->index, hindex_hash_str (name));
	     u->index.slot[s]; s = hindex_next (&u->index, s))
		if (strcmp (u->given[u->index.slot[s] - 1], name) == 0)
			break;
	return s;
}

/* NAME (malloc'd, kept) into the free slot S.  */
static void
give (struct uniq_names *u, size_t s, char *name)
{
	if (u->n == u->cap) {
		u->cap = u->cap ? 2 * u->cap : 16;
		u->given = XRESIZEVEC (char *, u->given, u->cap);
	}
	u->given[u->n] = name;
	hindex_put (&u->index, s, u->n, u->n + 1, given_hash, u);
	u->n++;
}

/* The entry for NAME's numbers, made if new.  */
static struct uniq_next *
next_of (struct uniq_names *u, const char *name)
{
	size_t s;

	for (s = hindex_first (&u->next_index, hindex_hash_str (name));
	     u->next_index.slot[s]; s = hindex_next (&u->next_index, s)) {
		struct uniq_next *e = &u->next[u->next_index.slot[s] - 1];

		if (strcmp (e->name, name) == 0)
			return e;
	}
	if (u->nnext == u->capnext) {
		u->capnext = u->capnext ? 2 * u->capnext : 16;
		u->next = XRESIZEVEC (struct uniq_next, u->next, u->capnext);
	}
	u->next[u->nnext] = (struct uniq_next) { xstrdup (name), 2 };
	hindex_put (&u->next_index, s, u->nnext, u->nnext + 1, next_hash, u);
	return &u->next[u->nnext++];
}

char *
uniq_take (struct uniq_names *u, const char *name, uniq_number_fn *number)
{
	struct uniq_next *e;
	size_t s = given_slot (u, name);
	char *try;

	if (!u->index.slot[s]) {
		give (u, s, xstrdup (name));
		return xstrdup (name);
	}
	e = next_of (u, name);
	for (;;) {
		try = number (name, e->k++);
		s = given_slot (u, try);
		if (!u->index.slot[s])
			break;
		free (try);
	}
	give (u, s, xstrdup (try));
	return try;
}
