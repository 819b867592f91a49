/* stdlib.h - what the C fixture needs of it, on a bare-metal Cortex-M
   (cortexm/start.c defines it).  */
#ifndef CORTEXM_STDLIB_H
#define CORTEXM_STDLIB_H
#define NULL ((void *) 0)
unsigned long strtoul (const char *s, char **end, int base);
#endif
