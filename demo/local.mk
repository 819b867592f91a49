## demo/: the program the README's first command profiles, and the CI
## gate on it (demo/gate.sh, tests/e2e/gate-demo.sh).
EXTRA_DIST += demo/demo.c demo/gate.sh
