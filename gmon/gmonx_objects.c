/* gmonx_objects.c - a gmonx file's OBJECT records and their index by id.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   The reader (gmonx_read.c) hands each OBJECT record here: its fields
   and strings checked and copied into one block, and the object put in
   an index by id, so that every record after it that names an object
   (arcs, contexts, thread samples) finds it in constant time, however
   sparse a crafted file's ids.  Apart from the record loop because the
   objects are the one table the others point into.  */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "gmon/gmonx_reader.h"

static size_t
id_hash (uint32_t id)
{
	uint64_t h = (uint64_t) id * 0x9e3779b97f4a7c15u;

	return (size_t) (h ^ h >> 29);
}

/* The object index's slot for ID: the one that holds it, or the free
   one where it goes.  */
static size_t
id_slot (const struct gmonx_file *f, uint32_t id)
{
	size_t s;

	for (s = id_hash (id) & f->id_mask; f->id_slot[s];
	     s = (s + 1) & f->id_mask)
		if (f->objects[f->id_slot[s] - 1].id == id)
			break;
	return s;
}

/* Object F->objects[N - 1] into the index by id, which stays at most
   half full: a file of sparse ids (a crafted one) costs no more than
   one of ids 0, 1, 2 ...  */
static int
index_object (struct gmonx_file *f, size_t n, struct gmon_error *err)
{
	if (2 * n > f->id_mask) {
		size_t cap = f->id_mask ? 2 * (f->id_mask + 1) : 64, i, s;
		uint32_t *v = calloc (cap, sizeof *v);

		if (!v) {
			gmon_error_set (err, f->name, "out of memory");
			return -1;
		}
		free (f->id_slot);
		f->id_slot = v;
		f->id_mask = cap - 1;
		for (i = 0; i + 1 < n; i++) {
			s = id_slot (f, f->objects[i].id);
			f->id_slot[s] = (uint32_t) i + 1;
		}
	}
	f->id_slot[id_slot (f, f->objects[n - 1].id)] = (uint32_t) n;
	return 0;
}

int
gmonx_rd_object (struct gmonx_file *f, struct gmonx_body *b, size_t *cap,
		 struct gmon_error *err)
{
	struct gmonx_object o;
	const unsigned char *d = b->p, *path, *file, *bid, *image;
	size_t np, nf, nb, ni;
	char *block;

	if (b->left < GMONX_OBJECT_SIZE + 8) {
		gmon_error_set (err, f->name, "object record at offset %llu "
				"has %zu bytes, fewer than the %d it needs",
				(unsigned long long) b->at, b->left,
				GMONX_OBJECT_SIZE + 8);
		return -1;
	}
	memset (&o, 0, sizeof o);
	o.id = (uint32_t) gmonx_rd_le (d, 4);
	o.flags = (uint32_t) gmonx_rd_le (d + 4, 4);
	o.base = gmonx_rd_le (d + 8, 8);
	o.text_lo = gmonx_rd_le (d + 16, 8);
	o.text_hi = gmonx_rd_le (d + 24, 8);
	o.samples = gmonx_rd_le (d + 32, 8);
	o.calls = gmonx_rd_le (d + 40, 8);
	o.blocks = gmonx_rd_le (d + 48, 8);
	b->p += GMONX_OBJECT_SIZE;
	b->left -= GMONX_OBJECT_SIZE;
	if (gmonx_rd_str (b, "path", &path, &np, f, err) < 0
	    || gmonx_rd_str (b, "file name", &file, &nf, f, err) < 0
	    || gmonx_rd_str (b, "build id", &bid, &nb, f, err) < 0
	    || gmonx_rd_str (b, "image name", &image, &ni, f, err) < 0)
		return -1;
	if (o.id == GMONX_NO_OBJECT || gmonx_object (f, o.id)) {
		gmon_error_set (err, f->name, "object record at offset %llu: "
				"%s object id %u", (unsigned long long) b->at,
				o.id == GMONX_NO_OBJECT ? "reserved"
				: "duplicate", o.id);
		return -1;
	}
	if (o.text_lo > o.text_hi) {
		gmon_error_set (err, f->name, "object record at offset %llu: "
				"text_lo 0x%llx is above text_hi 0x%llx",
				(unsigned long long) b->at,
				(unsigned long long) o.text_lo,
				(unsigned long long) o.text_hi);
		return -1;
	}
	if (nb > GMONX_BUILD_ID_MAX) {
		gmon_error_set (err, f->name, "object record at offset %llu: "
				"a build id of %zu bytes (at most %d)",
				(unsigned long long) b->at, nb,
				GMONX_BUILD_ID_MAX);
		return -1;
	}
	if (gmonx_rd_has_nul (path, np)
	    || !gmonx_plain_name (file, nf, o.flags & GMONX_OBJ_MAIN)
	    || !gmonx_plain_name (image, ni, false)) {
		gmon_error_set (err, f->name, "object record at offset %llu: "
				"%s", (unsigned long long) b->at,
				gmonx_rd_has_nul (path, np)
				? "a NUL byte in its path" : "a file name that is not a plain name in "
				"the companion's directory");
		return -1;
	}
	/* One block for the strings: path, file, image, build id.  */
	block = malloc (np + nf + ni + nb + 3);
	if (!block) {
		gmon_error_set (err, f->name, "out of memory");
		return -1;
	}
	memcpy (block, path, np);
	block[np] = '\0';
	memcpy (block + np + 1, file, nf);
	block[np + 1 + nf] = '\0';
	memcpy (block + np + nf + 2, image, ni);
	block[np + nf + 2 + ni] = '\0';
	memcpy (block + np + nf + ni + 3, bid, nb);
	o.path = block;
	o.file = block + np + 1;
	o.image = block + np + nf + 2;
	o.build_id = (const unsigned char *) block + np + nf + ni + 3;
	o.build_id_len = nb;
	if (f->nobjects == *cap) {
		size_t n = *cap ? *cap * 2 : 16;
		struct gmonx_object *v = realloc (f->objects, n * sizeof *v);

		if (!v) {
			free (block);
			gmon_error_set (err, f->name, "out of memory");
			return -1;
		}
		f->objects = v;
		*cap = n;
	}
	if (f->nobjects >= GMONX_NO_OBJECT - 1) {
		free (block);
		gmon_error_set (err, f->name, "object record at offset %llu: "
				"more objects than can be numbered",
				(unsigned long long) b->at);
		return -1;
	}
	f->objects[f->nobjects++] = o;
	return index_object (f, f->nobjects, err);
}


const struct gmonx_object *
gmonx_object (const struct gmonx_file *f, uint32_t id)
{
	size_t s;

	/* Ids are dense and in order when libgmon writes them.  */
	if (id < f->nobjects && f->objects[id].id == id)
		return &f->objects[id];
	if (!f->id_mask)
		return NULL;
	s = id_slot (f, id);
	return f->id_slot[s] ? &f->objects[f->id_slot[s] - 1] : NULL;
}
