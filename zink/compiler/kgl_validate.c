/* SPDX-License-Identifier: MIT */
#include "kgl_validate.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include <spirv-tools/libspirv.h>

static const struct {
   const char *name;
   spv_target_env env;
} envs[KGL_SPIRV_ENV_COUNT] = {
   [KGL_SPIRV_ENV_UNIVERSAL_1_0] = {"spv1.0", SPV_ENV_UNIVERSAL_1_0},
   [KGL_SPIRV_ENV_OPENGL_4_5] = {"opengl4.5", SPV_ENV_OPENGL_4_5},
   [KGL_SPIRV_ENV_VULKAN_1_0] = {"vulkan1.0", SPV_ENV_VULKAN_1_0},
   [KGL_SPIRV_ENV_VULKAN_1_1] = {"vulkan1.1", SPV_ENV_VULKAN_1_1},
   [KGL_SPIRV_ENV_VULKAN_1_1_SPIRV_1_4] = {"vulkan1.1spv1.4", SPV_ENV_VULKAN_1_1_SPIRV_1_4},
   [KGL_SPIRV_ENV_VULKAN_1_2] = {"vulkan1.2", SPV_ENV_VULKAN_1_2},
   [KGL_SPIRV_ENV_VULKAN_1_3] = {"vulkan1.3", SPV_ENV_VULKAN_1_3},
};

/* A context holds the grammar tables and is only read by spvValidate, so one
 * per environment serves every thread. */
static spv_context contexts[KGL_SPIRV_ENV_COUNT];
static pthread_mutex_t contexts_lock = PTHREAD_MUTEX_INITIALIZER;

static spv_context
context_for(enum kgl_spirv_env env)
{
   pthread_mutex_lock(&contexts_lock);
   if (!contexts[env])
      contexts[env] = spvContextCreate(envs[env].env);
   spv_context ctx = contexts[env];
   pthread_mutex_unlock(&contexts_lock);
   return ctx;
}

enum kgl_spirv_env
kgl_spirv_env_for(enum kgl_flavour flavour, uint32_t spirv_version)
{
   if (flavour != KGL_FLAVOUR_VULKAN)
      return KGL_SPIRV_ENV_OPENGL_4_5;
   if (spirv_version <= 0x00010000)
      return KGL_SPIRV_ENV_VULKAN_1_0;
   if (spirv_version <= 0x00010300)
      return KGL_SPIRV_ENV_VULKAN_1_1;
   if (spirv_version <= 0x00010400)
      return KGL_SPIRV_ENV_VULKAN_1_1_SPIRV_1_4;
   if (spirv_version <= 0x00010500)
      return KGL_SPIRV_ENV_VULKAN_1_2;
   return KGL_SPIRV_ENV_VULKAN_1_3;
}

const char *
kgl_spirv_env_name(enum kgl_spirv_env env)
{
   return env < KGL_SPIRV_ENV_COUNT ? envs[env].name : "invalid";
}

static void
set_message(char **message, const char *fmt, size_t word, const char *text)
{
   if (!message)
      return;
   if (asprintf(message, fmt, word, text) < 0)
      *message = NULL;
}

bool
kgl_spirv_validate(const uint32_t *words, size_t word_count, enum kgl_spirv_env env,
                   char **message)
{
   if (message)
      *message = NULL;
   if (env >= KGL_SPIRV_ENV_COUNT || (!words && word_count)) {
      set_message(message, "word %zu: %s", 0, "invalid arguments");
      return false;
   }
   spv_context ctx = context_for(env);
   if (!ctx) {
      set_message(message, "word %zu: %s", 0, "SPIRV-Tools could not create a context");
      return false;
   }
   spv_diagnostic diag = NULL;
   const spv_result_t r = spvValidateBinary(ctx, words, word_count, &diag);
   if (r == SPV_SUCCESS) {
      spvDiagnosticDestroy(diag);
      return true;
   }
   if (diag && diag->error)
      set_message(message, "word %zu: %s", diag->position.index, diag->error);
   else
      set_message(message, "word %zu: %s", 0, "invalid (no diagnostic)");
   spvDiagnosticDestroy(diag);
   return false;
}
