/* rt-deny.c - runs a program with libgmon preloaded under a seccomp
   filter that refuses one thing, for rt-sleds.sh and
   rt-sleds-patch.sh.

   rt-deny WHAT LIB PROGRAM [ARGS...]: sets LD_PRELOAD to LIB (empty:
   none) and execs PROGRAM, where WHAT is refused:

     exec     mprotect with PROT_EXEC fails with EACCES (a kernel that
              refuses executable memory: SELinux execmem, PaX)
     mremap   mremap fails with ENOMEM

   Exits 77 if the filter cannot be set up, 99 if PROGRAM cannot be
   run.  */

#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#if defined __x86_64__
# define MY_AUDIT_ARCH AUDIT_ARCH_X86_64
#elif defined __aarch64__
# define MY_AUDIT_ARCH AUDIT_ARCH_AARCH64
#else
# define MY_AUDIT_ARCH AUDIT_ARCH_RISCV64
#endif

#define LOAD(field)	BPF_STMT (BPF_LD | BPF_W | BPF_ABS, \
				  offsetof (struct seccomp_data, field))
#define ALLOW		BPF_STMT (BPF_RET | BPF_K, SECCOMP_RET_ALLOW)

int
main (int argc, char **argv)
{
	/* Another processor's calls pass; then the call refused.  */
	struct sock_filter exec[] = {
		LOAD (arch),
		BPF_JUMP (BPF_JMP | BPF_JEQ | BPF_K, MY_AUDIT_ARCH, 1, 0),
		ALLOW,
		LOAD (nr),
		BPF_JUMP (BPF_JMP | BPF_JEQ | BPF_K, __NR_mprotect, 0, 3),
		LOAD (args[2]),
		BPF_JUMP (BPF_JMP | BPF_JSET | BPF_K, PROT_EXEC, 0, 1),
		BPF_STMT (BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EACCES),
		ALLOW,
	};
	struct sock_filter remap[] = {
		LOAD (arch),
		BPF_JUMP (BPF_JMP | BPF_JEQ | BPF_K, MY_AUDIT_ARCH, 1, 0),
		ALLOW,
		LOAD (nr),
		BPF_JUMP (BPF_JMP | BPF_JEQ | BPF_K, __NR_mremap, 0, 1),
		BPF_STMT (BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOMEM),
		ALLOW,
	};
	struct sock_fprog p;

	if (argc < 4)
		return 99;
	if (strcmp (argv[1], "exec") == 0)
		p = (struct sock_fprog) { sizeof exec / sizeof exec[0], exec };
	else
		p = (struct sock_fprog) { sizeof remap / sizeof remap[0],
					  remap };
	if (setenv ("LD_PRELOAD", argv[2], 1) != 0
	    || prctl (PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0
	    || prctl (PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &p) != 0) {
		perror ("seccomp");
		return 77;
	}
	execv (argv[3], argv + 3);
	perror (argv[3]);
	return 99;
}
