/* demo.c - the program the README's first command profiles.

   Counts the words of a generated text with a hash table, sorts them by
   frequency, and checks the result with a little recursion: a few
   functions that each take a visible share of about a second of CPU.

     gcc -pg -O2 -g demo.c -lgmon -o demo && ./demo && gprof demo

   demo/gate.sh gates it against a base profile (the manual's "CI
   gate"): -DDEMO_REGRESSION hashes each word twice, the regression it
   catches; -DNWORDS=N makes a shorter run.  */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef NWORDS
#define NWORDS		12000000		/* words of text generated */
#endif
#define VOCABULARY	50000		/* distinct words at most */
#define TABLE_SIZE	131072		/* hash slots, a power of two */

struct entry {
	char word[16];			/* NUL-terminated */
	unsigned long count;		/* occurrences */
};

static struct entry table[TABLE_SIZE];
static uint64_t rng_state = 88172645463325252u;

/* xorshift64: deterministic, so every run profiles the same work.  */
static uint64_t
next_random (void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

/* A word drawn with a skewed distribution, like real text.  */
__attribute__ ((noinline)) static void
make_word (char *buf)
{
	uint64_t r = next_random ();
	unsigned long id = (unsigned long) ((r % VOCABULARY)
					     * (r % VOCABULARY) / VOCABULARY);
	int len = 3 + (int) (id % 9), i;

	for (i = 0; i < len; i++) {
		buf[i] = (char) ('a' + id % 26);
		id = id / 26 + (unsigned long) i * 7;
	}
	buf[len] = '\0';
}

__attribute__ ((noinline)) static unsigned long
hash_word (const char *w)
{
	unsigned long h = 5381;

	while (*w)
		h = h * 33 + (unsigned char) *w++;
	return h;
}

__attribute__ ((noinline)) static void
count_word (const char *w)
{
	unsigned long i = hash_word (w) & (TABLE_SIZE - 1);

#ifdef DEMO_REGRESSION
	/* A slip a review could miss: the hash computed again (through
	   a pointer the compiler cannot see through, which would
	   otherwise share the first call's result).  */
	unsigned long (*volatile again) (const char *) = hash_word;

	i = again (w) & (TABLE_SIZE - 1);
#endif
	while (table[i].count && strcmp (table[i].word, w) != 0)
		i = (i + 1) & (TABLE_SIZE - 1);
	if (!table[i].count)
		strcpy (table[i].word, w);
	table[i].count++;
}

static int
by_count (const void *a, const void *b)
{
	const struct entry *x = a, *y = b;

	if (x->count != y->count)
		return x->count < y->count ? 1 : -1;
	return strcmp (x->word, y->word);
}

__attribute__ ((noinline)) static size_t
sort_table (struct entry *out)
{
	size_t i, n = 0;

	for (i = 0; i < TABLE_SIZE; i++)
		if (table[i].count)
			out[n++] = table[i];
	qsort (out, n, sizeof *out, by_count);
	return n;
}

/* Naive recursion, to give the call graph a cycle of calls.  */
__attribute__ ((noinline)) static unsigned long
fib (unsigned int n)
{
	return n < 2 ? n : fib (n - 1) + fib (n - 2);
}

int
main (void)
{
	static struct entry sorted[TABLE_SIZE];
	char word[16];
	size_t n, i;

	for (i = 0; i < NWORDS; i++) {
		make_word (word);
		count_word (word);
	}
	n = sort_table (sorted);
	printf ("%zu distinct words; the most frequent:\n", n);
	for (i = 0; i < 3 && i < n; i++)
		printf ("  %-12s %lu\n", sorted[i].word, sorted[i].count);
	printf ("fib(32) = %lu\n", fib (32));
	return 0;
}
