/* msgline.c - what libgmon says on stderr: a line built without
   stdio and written with one write(2).

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   Messages are built without stdio (they are made at exit, maybe
   from a signal handler, and by GMON_DEBUG anywhere) and written
   with one write(2).  */

#define _GNU_SOURCE 1
#include <config.h>

#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "mcount/linux/runtime.h"

void
mc_line_str (struct mc_line *l, const char *s)
{
	while (*s && l->len < sizeof l->buf - 1)
		l->buf[l->len++] = *s++;
}

char *
mc_put_str (char *p, char *end, const char *s)
{
	while (*s && p < end)
		*p++ = *s++;
	return p;
}

char *
mc_put_num (char *p, char *end, uint64_t v)
{
	char tmp[24];
	int n = 0;

	do
		tmp[n++] = (char) ('0' + v % 10);
	while ((v /= 10) != 0);
	while (n > 0 && p < end)
		*p++ = tmp[--n];
	return p;
}

void
mc_line_u64 (struct mc_line *l, uint64_t v)
{
	l->len = (size_t) (mc_put_num (l->buf + l->len,
				       l->buf + sizeof l->buf - 1, v)
			   - l->buf);
}

void
mc_line_hex (struct mc_line *l, uint64_t v)
{
	char tmp[24];
	int n = 0;

	do
		tmp[n++] = "0123456789abcdef"[v & 15];
	while ((v >>= 4) != 0);
	mc_line_str (l, "0x");
	while (n > 0 && l->len < sizeof l->buf - 1)
		l->buf[l->len++] = tmp[--n];
}

void
mc_line_errno (struct mc_line *l, int err)
{
	/* strerror may translate (locale) and allocate; this needs
	   neither.  */
	const char *s = strerrordesc_np (err);

	if (s)
		mc_line_str (l, s);
	else {
		mc_line_str (l, "error ");
		mc_line_u64 (l, (uint64_t) err);
	}
}

void
mc_line_part (struct mc_line *l, bool *first)
{
	mc_line_str (l, *first ? "libgmon: " : "; ");
	*first = false;
}

void
mc_line_write (struct mc_line *l)
{
	size_t done = 0;

	if (l->len == 0 || l->buf[l->len - 1] != '\n')
		l->buf[l->len++] = '\n';
	while (done < l->len) {
		ssize_t n = write (2, l->buf + done, l->len - done);

		if (n <= 0) {
			if (n < 0 && errno == EINTR)
				continue;
			break;
		}
		done += (size_t) n;
	}
	l->len = 0;
}

void
mc_debug (const char *area, const char *text)
{
	struct mc_line l = { .len = 0 };

	if (!mc_config.debug)
		return;
	mc_line_str (&l, "libgmon: ");
	mc_line_str (&l, area);
	mc_line_str (&l, ": ");
	mc_line_str (&l, text);
	mc_line_write (&l);
}
