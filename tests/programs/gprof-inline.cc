// gprof-inline.cc - C++ whose functions gcc -O2 inlines, in a few
// kilobytes of debugging information (a seed of the linemap fuzz
// target: tests/fuzz/mkseed-dwarf.sh).
//
// Copyright (C) 2026 The gmonkit developers.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Inlined instances nested three deep, a method and a template
// instantiated twice, a lambda, and a function declared extern "C"
// (no linkage name: libbfd names its code after the symbol at its
// start) that is both inlined and kept out of line.

#include <cstdio>
#include <cstdlib>

extern "C" int
c_mix (int x)
{
	return (x * 2654435761u) >> 7;
}

namespace {

struct Acc {
	long sum;
	int n;

	void add (int x) { sum += c_mix (x); n++; }
	long mean () const { return n ? sum / n : 0; }
};

template <typename T> T
clamp3 (T v, T lo, T hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

inline int
step (Acc &a, int x)
{
	a.add (x);
	return clamp3 (x ^ (int) a.mean (), -1000, 1000);
}

}  // namespace

__attribute__ ((noinline)) long
run (int n)
{
	Acc a = { 0, 0 };
	double d = 0;
	auto twice = [&] (int x) { return step (a, step (a, x)); };

	for (int i = 0; i < n; i++) {
		d = clamp3 (d + i * 0.5, -1e6, 1e6);
		twice (i);
	}
	return a.sum + (long) d;
}

int
main (int argc, char **argv)
{
	int n = argc > 1 ? atoi (argv[1]) : 1000;

	printf ("%ld %d\n", run (n), c_mix (n));
	return 0;
}
