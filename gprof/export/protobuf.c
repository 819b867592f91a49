/* protobuf.c - protobuf's wire format, for the pprof export.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Varints and length-prefixed fields, written by the few lines below
   rather than through protobuf-c, which would need profile.proto
   compiled by protoc-c at build time for five message types, of which
   only the writing of varints is used.  A message is put together in
   a struct pb; the outermost one's fields go straight to the file
   (pb_put_field), so that a whole profile is never held in memory.  */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include <libiberty/libiberty.h>

#include "gprof/export/private.h"

static void
pb_raw (struct pb *b, const void *p, size_t n)
{
	if (b->n + n > b->cap) {
		b->cap = (b->n + n) * 2 + 64;
		b->v = xrealloc (b->v, b->cap);
	}
	memcpy (b->v + b->n, p, n);
	b->n += n;
}

void
pb_varint (struct pb *b, uint64_t x)
{
	unsigned char buf[10];
	size_t n = 0;

	do {
		buf[n++] = (unsigned char) ((x & 0x7f) | (x > 0x7f ? 0x80 : 0));
		x >>= 7;
	} while (x);
	pb_raw (b, buf, n);
}

/* A varint field; proto3 leaves out zeros.  */
void
pb_uint (struct pb *b, unsigned int field, uint64_t x)
{
	if (!x)
		return;
	pb_varint (b, (uint64_t) field << 3);
	pb_varint (b, x);
}

/* A length-delimited field: a string, a message, packed numbers.  */
void
pb_bytes (struct pb *b, unsigned int field, const void *p, size_t n)
{
	pb_varint (b, (uint64_t) field << 3 | 2);
	pb_varint (b, n);
	pb_raw (b, p, n);
}

void
pb_packed (struct pb *b, unsigned int field, const uint64_t *v, size_t n)
{
	struct pb t = { NULL, 0, 0 };
	size_t i;

	for (i = 0; i < n; i++)
		pb_varint (&t, v[i]);
	pb_bytes (b, field, t.v, t.n);
	free (t.v);
}

/* Field FIELD of the outermost message, the message M, straight to
   the file; M is emptied for the next.  */
void
pb_put_field (struct out *o, unsigned int field, struct pb *m)
{
	struct pb h = { NULL, 0, 0 };

	pb_varint (&h, (uint64_t) field << 3 | 2);
	pb_varint (&h, m->n);
	out_write (o, (const char *) h.v, h.n);
	out_write (o, (const char *) m->v, m->n);
	free (h.v);
	m->n = 0;
}
