/* rt_pg_helper.c - instrumented code for test_rt_arcs, compiled twice:
   with -pg (RT_PG_NAME(x) = x##_pg) and with -pg -mfentry
   (x##_fentry), so that the unit test runs mcount.S's real fast and
   slow paths and checks what they counted.  */

#define NOIPA __attribute__ ((noipa))
#define CAT(a, b) a##b
#define NAME(a, b) CAT (a, b)

NOIPA int NAME (rt_leaf, RT_PG_SUFFIX) (int x);

NOIPA int
NAME (rt_leaf, RT_PG_SUFFIX) (int x)
{
	return x + 1;
}

/* Calls leaf N1 times from one call site, then N2 times from another. */
NOIPA int
NAME (rt_two_sites, RT_PG_SUFFIX) (int n1, int n2)
{
	int s = 0, i;

	for (i = 0; i < n1; i++)
		s += NAME (rt_leaf, RT_PG_SUFFIX) (i);
	for (i = 0; i < n2; i++)
		s -= NAME (rt_leaf, RT_PG_SUFFIX) (i);
	return s;
}
