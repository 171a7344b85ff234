/* SPDX-License-Identifier: MIT */
/*
 * NIR_PASS with KILN_DEBUG=validate (set by meson for this program): a pass
 * that leaves invalid IR behind aborts with the annotated shader on stderr;
 * a pass that leaves valid IR does not.
 */
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "nir_test_helpers.h"

static bool
break_the_ir(nir_shader *shader)
{
   nir_function_impl *impl = nir_shader_get_entrypoint(shader);
   nir_instr *last = nir_block_last_instr(nir_start_block(impl));
   /* An fadd of 32-bit values claiming a 64-bit result. */
   nir_instr_as_alu(last)->def.bit_size = 64;
   return true;
}

static nir_shader *
small_shader(void)
{
   nir_builder b = nir_test_builder(NIR_STAGE_FRAGMENT);
   if (!b.shader)
      return NULL;
   nir_def *x = nir_channel(&b, nir_load_frag_coord(&b), 0);
   nir_fadd(&b, x, x);
   return b.shader;
}

TEST(nir_pass_validates_when_asked)
{
   CHECK(nir_validation_enabled());

   nir_shader *s = small_shader();
   REQUIRE(s);
   bool progress = false;
   NIR_PASS(progress, s, nir_opt_dce); /* valid: returns normally */
   CHECK(progress);
   nir_shader_destroy(s);

   int fds[2];
   REQUIRE(pipe(fds) == 0);
   fflush(stdout);
   pid_t pid = fork();
   REQUIRE(pid >= 0);
   if (pid == 0) {
      dup2(fds[1], 2);
      close(fds[0]);
      nir_shader *c = small_shader();
      bool p = false;
      NIR_PASS(p, c, break_the_ir);
      (void)p;
      _exit(0); /* not reached if validation works */
   }
   close(fds[1]);
   char buf[8192];
   size_t len = 0;
   ssize_t r;
   while (len < sizeof(buf) - 1 &&
          (r = read(fds[0], buf + len, sizeof(buf) - 1 - len)) > 0)
      len += (size_t)r;
   buf[len] = 0;
   close(fds[0]);
   int status = 0;
   waitpid(pid, &status, 0);
   CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT);
   CHECK(strstr(buf, "the IR is invalid after break_the_ir"));
   CHECK(strstr(buf, "^ error: fadd result is 64-bit but its sources are 32-bit"));
}
