## demo/: the program the README's first command profiles.
EXTRA_DIST += demo/demo.c
