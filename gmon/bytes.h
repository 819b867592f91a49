/* bytes.h - fixed-width fields in a target's byte order.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: LGPL-2.1-or-later

   Used by both the reader and the writer, so also by the runtime: no
   libc calls, nothing but shifts.  */

#ifndef GMON_BYTES_H
#define GMON_BYTES_H

#include <stdbool.h>
#include <stdint.h>

static inline uint64_t
gmon_get_uint (const unsigned char *p, unsigned int size, bool big_endian)
{
	uint64_t v = 0;
	unsigned int i;

#if defined __BYTE_ORDER__ && defined __ORDER_LITTLE_ENDIAN__ \
	&& defined __ORDER_BIG_ENDIAN__
	/* The usual widths as one load (and a byte swap if the orders
	   differ); gmon files hold millions of them.  */
	if (size == 8 || size == 4) {
		bool swap = big_endian
			!= (__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__);

		if (size == 8) {
			__builtin_memcpy (&v, p, 8);
			return swap ? __builtin_bswap64 (v) : v;
		} else {
			uint32_t w;

			__builtin_memcpy (&w, p, 4);
			return swap ? __builtin_bswap32 (w) : w;
		}
	}
#endif
	if (big_endian)
		for (i = 0; i < size; i++)
			v = (v << 8) | p[i];
	else
		for (i = size; i-- > 0;)
			v = (v << 8) | p[i];
	return v;
}

static inline void
gmon_put_uint (unsigned char *p, uint64_t v, unsigned int size,
	       bool big_endian)
{
	unsigned int i;

	for (i = 0; i < size; i++) {
		p[big_endian ? size - 1 - i : i] = (unsigned char) v;
		v >>= 8;
	}
}

/* Adds without wrapping: a count that reached the top stays there.  */
static inline uint64_t
gmon_add_sat (uint64_t a, uint64_t b)
{
	return a + b < a ? UINT64_MAX : a + b;
}

#endif /* GMON_BYTES_H */
