/* SPDX-License-Identifier: MIT */
#include "nir/nir.h"
#include "nir/nir_builder.h"

#include <stdio.h>
#include <stdlib.h>

#include "util/test.h"

TEST(nir_basic_build_print_validate)
{
   nir_builder b = nir_builder_init_simple_shader(NIR_STAGE_FRAGMENT, NULL, "basic");
   REQUIRE(b.shader);
   nir_variable *in = nir_variable_create(b.shader, NIR_VAR_SHADER_IN, glsl_vec4_type(), "color");
   in->data.location = 0;
   in->data.explicit_location = true;
   nir_variable *out = nir_variable_create(b.shader, NIR_VAR_SHADER_OUT, glsl_vec4_type(), "out");
   out->data.location = 0;
   out->data.explicit_location = true;
   nir_def *c = nir_load_var(&b, in);
   nir_def *two = nir_imm_float(&b, 2.0f);
   nir_def *m = nir_fmul(&b, c, two);
   nir_if *nif = nir_push_if(&b, nir_flt(&b, nir_channel(&b, m, 0), two));
   nir_def *t = nir_fadd(&b, m, two);
   nir_push_else(&b, nif);
   nir_def *e = nir_fsub(&b, m, two);
   nir_pop_if(&b, nif);
   nir_def *phi = nir_if_phi(&b, t, e);
   nir_store_var(&b, out, phi, 0xf);

   char *report = NULL;
   CHECK_EQ(nir_validate_shader_report(b.shader, &report), 0);
   if (report)
      printf("%s\n", report);
   free(report);
   char *text = nir_shader_to_string(b.shader);
   REQUIRE(text);
   printf("%s", text);
   nir_shader *clone = nir_shader_clone(NULL, b.shader);
   REQUIRE(clone);
   char *text2 = nir_shader_to_string(clone);
   CHECK_STREQ(text2, text);
   free(text);
   free(text2);
   nir_shader_destroy(clone);
   nir_shader_destroy(b.shader);
}
