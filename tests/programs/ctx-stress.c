/* ctx-stress.c - stacks that a calling-context walk must survive.

   Copyright (C) 2026 The gmonkit developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   usage: ctx-stress [ROUNDS]

   Runs, for a while each and with the sampler fast: code with no
   unwind tables that puts garbage in the frame pointer (and a stack address whose
   words are garbage), code that smashes the return address slot it
   returns through, recursion far deeper than any GMON_CONTEXT, -pg
   code on a coroutine's stack (makecontext), in a signal handler on
   an alternate stack, and in several threads, and a fork whose child
   writes a profile of its own.  Nothing here may crash with libgmon
   walking the stacks; the test reads the contexts afterwards.  */

#define _GNU_SOURCE 1
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <ucontext.h>
#include <unistd.h>

#define NOIPA __attribute__ ((noipa))

volatile unsigned long sink;

NOIPA unsigned long
burn (unsigned long n)
{
	unsigned long s = 1, i;

	for (i = 0; i < n; i++)
		s = s * 6364136223846793005ul + i;
	sink += s;
	return s;
}

/* No unwind tables, %rbp garbage while it loops (a frame-pointer walk
   would follow it), then a stack address whose words are garbage.  */
unsigned long garbage_bp (unsigned long n);
#if defined __x86_64__
__asm__ (".text\n"
	 ".globl garbage_bp\n"
	 ".type garbage_bp, @function\n"
	 "garbage_bp:\n"
	 "	pushq %rbp\n"
	 "	movabsq $0x00007fff12345670, %rbp\n"
	 "	movq %rdi, %rcx\n"
	 "1:	decq %rcx\n"
	 "	jnz 1b\n"
	 "	subq $64, %rsp\n"
	 "	movq %rsp, %rbp\n"
	 "	movq $-1, 0(%rsp)\n"
	 "	movq $7, 8(%rsp)\n"
	 "	movq %rdi, %rcx\n"
	 "2:	decq %rcx\n"
	 "	jnz 2b\n"
	 "	addq $64, %rsp\n"
	 "	popq %rbp\n"
	 "	movq %rdi, %rax\n"
	 "	ret\n"
	 ".size garbage_bp, .-garbage_bp\n");
#elif defined __aarch64__
/* The same with x29, the frame pointer, and a frame record of garbage
   at x29 (x30 stays: the function returns through it).  */
__asm__ (".text\n"
	 ".globl garbage_bp\n"
	 ".type garbage_bp, %function\n"
	 "garbage_bp:\n"
	 "	stp x29, x30, [sp, -16]!\n"
	 "	movz x29, #0x5670\n"
	 "	movk x29, #0x1234, lsl #16\n"
	 "	movk x29, #0xffff, lsl #32\n"
	 "	mov x1, x0\n"
	 "1:	subs x1, x1, #1\n"
	 "	b.ne 1b\n"
	 "	sub sp, sp, #64\n"
	 "	mov x29, sp\n"
	 "	mov x2, #-1\n"
	 "	str x2, [sp]\n"
	 "	mov x2, #7\n"
	 "	str x2, [sp, #8]\n"
	 "	mov x1, x0\n"
	 "2:	subs x1, x1, #1\n"
	 "	b.ne 2b\n"
	 "	add sp, sp, #64\n"
	 "	ldp x29, x30, [sp], #16\n"
	 "	ret\n"
	 ".size garbage_bp, .-garbage_bp\n");
#elif defined __riscv
/* The same with s0, the frame pointer: garbage, then a stack address
   with garbage in the two words below it (where the saved ra and s0
   of a frame with a frame pointer are).  */
__asm__ (".text\n"
	 ".globl garbage_bp\n"
	 ".type garbage_bp, @function\n"
	 "garbage_bp:\n"
	 "	addi sp, sp, -16\n"
	 "	sd s0, 0(sp)\n"
	 "	li s0, 0x3fff12345670\n"
	 "	mv t0, a0\n"
	 "1:	addi t0, t0, -1\n"
	 "	bnez t0, 1b\n"
	 "	addi sp, sp, -64\n"
	 "	li t1, -1\n"
	 "	sd t1, 0(sp)\n"
	 "	li t1, 7\n"
	 "	sd t1, 8(sp)\n"
	 "	addi s0, sp, 16\n"
	 "	mv t0, a0\n"
	 "2:	addi t0, t0, -1\n"
	 "	bnez t0, 2b\n"
	 "	addi sp, sp, 64\n"
	 "	ld s0, 0(sp)\n"
	 "	addi sp, sp, 16\n"
	 "	ret\n"
	 ".size garbage_bp, .-garbage_bp\n");
#else
# error "ctx-stress.c: no garbage_bp for this processor"
#endif

NOIPA unsigned long
deep (int d)
{
	if (d == 0)
		return burn (20000);
	return deep (d - 1) + 1;
}

/* -pg code on the stack of a coroutine.  */
static ucontext_t main_uc, co_uc;

NOIPA static void
coroutine (void)
{
	int i;

	for (i = 0; i < 20; i++)
		burn (200000);
	swapcontext (&co_uc, &main_uc);
}

NOIPA static void
run_coroutine (void)
{
	size_t size = 256 * 1024;
	char *stack = malloc (size);

	if (!stack || getcontext (&co_uc) < 0)
		exit (2);
	co_uc.uc_stack.ss_sp = stack;
	co_uc.uc_stack.ss_size = size;
	co_uc.uc_link = &main_uc;
	makecontext (&co_uc, coroutine, 0);
	swapcontext (&main_uc, &co_uc);
	free (stack);
}

/* -pg code in a signal handler on an alternate stack.  */
static volatile int alarms;

NOIPA static void
on_alarm (int sig)
{
	(void) sig;
	burn (300000);
	alarms++;
}

NOIPA static void
run_handler (void)
{
	stack_t ss;
	struct sigaction sa;
	struct itimerval it = { { 0, 2000 }, { 0, 2000 } };

	ss.ss_sp = malloc (64 * 1024);
	ss.ss_size = 64 * 1024;
	ss.ss_flags = 0;
	if (!ss.ss_sp || sigaltstack (&ss, NULL) < 0)
		exit (2);
	memset (&sa, 0, sizeof sa);
	sa.sa_handler = on_alarm;
	sa.sa_flags = SA_ONSTACK | SA_RESTART;
	sigaction (SIGALRM, &sa, NULL);
	setitimer (ITIMER_REAL, &it, NULL);
	while (alarms < 20)
		burn (1000);
	memset (&it, 0, sizeof it);
	setitimer (ITIMER_REAL, &it, NULL);
	signal (SIGALRM, SIG_IGN);
}

NOIPA static void *
worker (void *arg)
{
	int i;

	for (i = 0; i < 40; i++) {
		deep ((int) (long) arg + i);
		garbage_bp (100000);
	}
	return NULL;
}

int
main (int argc, char **argv)
{
	int rounds = argc > 1 ? atoi (argv[1]) : 1, r, i;
	pthread_t t[3];
	pid_t pid;

	for (r = 0; r < rounds; r++) {
		for (i = 0; i < 3; i++)
			pthread_create (&t[i], NULL, worker,
					(void *) (long) (300 * i));
		garbage_bp (3000000);
		deep (2000);
		run_coroutine ();
		run_handler ();
		for (i = 0; i < 3; i++)
			pthread_join (t[i], NULL);
	}
	pid = fork ();
	if (pid == 0) {
		deep (100);
		burn (2000000);
		exit (0);
	}
	waitpid (pid, NULL, 0);
	printf ("done\n");
	return 0;
}
