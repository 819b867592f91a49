// gprof-lines-stl.cc - C++ with the standard library, for -l at -O2.
//
// Copyright (C) 2026 The gmonkit developers.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// At -O2 gcc inlines much of <map>, <string> and <algorithm>, and
// functions declared extern "C" (which have no linkage name) among
// them: libbfd 2.40 names such a function once after the function it
// was inlined into and then after itself, and GNU gprof's -l, which
// walks .text twice and expects the same symbols both times, stops.

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

static std::map<int, std::string>
build (int n)
{
	std::map<int, std::string> m;

	for (int i = 0; i < n; i++)
		m[i * 7 % n] = std::to_string (i);
	return m;
}

template <typename T> T
sum_sorted (std::vector<T> v)
{
	std::sort (v.begin (), v.end ());
	T s = 0;
	for (auto x : v)
		s += x;
	return s;
}

extern "C" int
c_helper (int x)
{
	return x * 3 + 1;
}

int
main (int argc, char **argv)
{
	int n = argc > 1 ? atoi (argv[1]) : 20000;
	long total = 0;

	for (int r = 0; r < 20; r++) {
		auto m = build (n);
		std::vector<int> v;

		for (auto &kv : m)
			v.push_back (c_helper (kv.first)
				     + (int) kv.second.size ());
		total += sum_sorted (v);
	}
	printf ("%ld\n", total);
	return 0;
}
