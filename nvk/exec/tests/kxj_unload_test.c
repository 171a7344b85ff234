/* SPDX-License-Identifier: MIT */
/*
 * The JIT's compiler thread against the library being unloaded: the Vulkan
 * loader dlcloses the driver in vkDestroyInstance, and a compiler thread
 * still alive then (parked on its queue, or not yet scheduled on a loaded
 * machine) later runs unmapped code. Run with KILN_DEBUG=jit_slow, where
 * the thread sleeps 200 ms when it starts, so it is always still asleep
 * at dlclose: without the tier's destructor joining it, it wakes into
 * unmapped code and the process dies of SIGSEGV during the wait below.
 *
 * Usage: kxj_unload_test <path of kxj_unload_module.so>. Exit status 77
 * (skipped) without a JIT.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <time.h>

int
main(int argc, char **argv)
{
   if (argc != 2) {
      fprintf(stderr, "usage: %s kxj_unload_module.so\n", argv[0]);
      return 2;
   }
   /* Twice: a second load must start its own thread afresh. */
   for (unsigned cycle = 0; cycle < 2; cycle++) {
      void *lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
      if (!lib) {
         fprintf(stderr, "dlopen: %s\n", dlerror());
         return 1;
      }
      int (*probe)(unsigned) = (int (*)(unsigned))dlsym(lib, "kxj_unload_probe");
      if (!probe) {
         fprintf(stderr, "dlsym: %s\n", dlerror());
         return 1;
      }
      const int r = probe(3 + cycle);
      if (r == 77) {
         printf("skipped: no JIT here\n");
         dlclose(lib);
         return 77;
      }
      if (r != 0) {
         fprintf(stderr, "cycle %u: the program's results are wrong\n", cycle);
         return 1;
      }
      if (dlclose(lib) != 0) {
         fprintf(stderr, "dlclose: %s\n", dlerror());
         return 1;
      }
      /* Longer than jit_slow's 200 ms: a thread left behind wakes now. */
      const struct timespec ts = {0, 600 * 1000 * 1000};
      nanosleep(&ts, NULL);
      printf("cycle %u: loaded, ran, unloaded, no thread left behind\n", cycle);
   }
   return 0;
}
