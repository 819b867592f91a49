// gprof-cxx.cc - the C++ fixture of the differential tests.
//
// Names that need demangling: namespaces, a class with methods, a
// template instantiated for three types, overloads of one name, an
// operator.  Every called function takes microseconds per call, so the
// flat profile's unit is us/call.  The index is sorted by mangled
// name, so it looks unsorted once demangled.  Run as
// `gprof-cxx [SCALE]' (default 300, about 0.2 s at -O0).

#include <cstdio>
#include <cstdlib>

#define NOINL __attribute__ ((noinline, noclone))

static volatile unsigned long sink;
static unsigned long scale = 300;

// A macro, not a function, so that the time lands in the caller.
#define spin(n)							\
	do {							\
		unsigned long s_ = 0;				\
		for (unsigned long i_ = 0; i_ < (n) * scale; i_++) \
			s_ += i_ ^ (i_ >> 3);			\
		sink += s_;					\
	} while (0)

namespace geo {

struct Vec {
	double x, y;
	NOINL double dot (const Vec &o) const;
	NOINL Vec operator+ (const Vec &o) const;
};

NOINL double
Vec::dot (const Vec &o) const
{
	spin (3);
	return x * o.x + y * o.y;
}

NOINL Vec
Vec::operator+ (const Vec &o) const
{
	spin (2);
	return Vec{x + o.x, y + o.y};
}

namespace detail {

template <typename T>
NOINL T
twice (T v)
{
	spin (1);
	return v + v;
}

}  // namespace detail
}  // namespace geo

namespace text {

NOINL unsigned long
measure (int v)
{
	spin (2);
	return (unsigned long) v;
}

NOINL unsigned long
measure (double v)
{
	spin (3);
	return (unsigned long) v;
}

NOINL unsigned long
measure (const char *s)
{
	unsigned long n = 0;

	spin (1);
	while (s[n])
		n++;
	return n;
}

}  // namespace text

// Outside any namespace, to mix plain and nested names in the index.
NOINL unsigned long
zeta (unsigned long n)
{
	spin (4);
	return n ^ 0x5a;
}

NOINL unsigned long
alpha (unsigned long n)
{
	return zeta (n) + geo::detail::twice<unsigned long> (n);
}

int
main (int argc, char **argv)
{
	geo::Vec a{1.0, 2.0}, b{3.0, 4.0};
	unsigned long acc = 0;

	if (argc > 1)
		scale = std::strtoul (argv[1], nullptr, 0);
	for (int i = 0; i < 20000; i++) {
		a = a + b;
		acc += (unsigned long) a.dot (b);
		acc += geo::detail::twice<int> (i);
		acc += (unsigned long) geo::detail::twice<double> (i * 0.5);
		acc += text::measure (i);
		acc += text::measure (i * 0.25);
		acc += text::measure ("gmonkit");
		acc += alpha ((unsigned long) i);
	}
	std::printf ("%lu\n", acc & 0xff);
	return 0;
}
