/* stdio.h - what the C fixture needs of it, on a bare-metal Cortex-M
   (cortexm/start.c defines it).  */
#ifndef CORTEXM_STDIO_H
#define CORTEXM_STDIO_H
int printf (const char *fmt, ...);
#endif
