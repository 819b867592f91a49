// gprof-smoke-cxx.cc - C++ names for the gprof tests: namespaces, a member
// function, templates, a static function; the index sorts by the
// mangled names and shows the demangled ones.
//
// Copyright (C) 2026 The gmonkit developers.
// SPDX-License-Identifier: GPL-3.0-or-later

#include <cstdio>

namespace ns {
struct Foo {
	unsigned long v;
	__attribute__ ((noinline)) unsigned long work (int n)
	{
		unsigned long s = 0;

		for (int i = 0; i < n; i++)
			s += (i ^ v) * 7;
		return s;
	}
};

template <typename T> __attribute__ ((noinline)) T
twice (T x)
{
	return x + x;
}
}

static volatile unsigned long sink;

__attribute__ ((noinline)) static unsigned long
helper (int k)
{
	return ns::twice<unsigned long> ((unsigned long) k);
}

__attribute__ ((noinline)) unsigned long
zeta (int k)
{
	return helper (k) + 1;
}

__attribute__ ((noinline)) unsigned long
alpha (int k)
{
	return zeta (k) * 3;
}

int
main ()
{
	ns::Foo f{3};
	unsigned long a = 0;

	for (int i = 0; i < 2000; i++)
		a += f.work (20000);
	for (int i = 0; i < 100000; i++)
		a += alpha (i) + (unsigned long) ns::twice<int> (i);
	sink = a;
	std::printf ("%lu\n", a & 1);
	return 0;
}
