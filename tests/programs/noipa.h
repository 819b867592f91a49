/* noipa.h - NOIPA, for the test programs whose every call must stay
   a call (counted, compared with another build's count): gcc's noipa;
   clang, which has none (its XRay sleds, rt-sleds-forms.sh), never
   inlines nor drops a call of a function it may not look into.  */

#ifndef TESTS_PROGRAMS_NOIPA_H
#define TESTS_PROGRAMS_NOIPA_H

#ifdef __clang__
# define NOIPA __attribute__ ((noinline, optnone))
#else
# define NOIPA __attribute__ ((noipa))
#endif

#endif /* TESTS_PROGRAMS_NOIPA_H */
