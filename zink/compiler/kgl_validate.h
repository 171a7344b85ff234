/* SPDX-License-Identifier: MIT */
/*
 * In-process SPIRV-Tools: validation (its C API, the code behind spirv-val)
 * for kgl's output and for anything else that wants the same judgement (the
 * corpus runner, tests, a KILN_DEBUG check in the driver), and the
 * optimizer's parse-and-emit as a benchmark baseline.
 */
#ifndef KGL_VALIDATE_H
#define KGL_VALIDATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kgl.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The environments spirv-val's --target-env names. */
enum kgl_spirv_env {
   KGL_SPIRV_ENV_UNIVERSAL_1_0,  /* spv1.0: core rules only */
   KGL_SPIRV_ENV_OPENGL_4_5,     /* opengl4.5: GL_ARB_gl_spirv */
   KGL_SPIRV_ENV_VULKAN_1_0,     /* vulkan1.0 (SPIR-V 1.0) */
   KGL_SPIRV_ENV_VULKAN_1_1,     /* vulkan1.1 (SPIR-V <= 1.3) */
   KGL_SPIRV_ENV_VULKAN_1_1_SPIRV_1_4,
   KGL_SPIRV_ENV_VULKAN_1_2,     /* SPIR-V <= 1.5 */
   KGL_SPIRV_ENV_VULKAN_1_3,     /* SPIR-V <= 1.6 */
   KGL_SPIRV_ENV_COUNT,
};

/* The environment a kgl program's module belongs to: OpenGL 4.5 for the GL
 * flavour, the Vulkan version kgl targeted for the Vulkan flavour
 * (spirv_version as in kgl_link_options, 0 meaning 1.0). */
enum kgl_spirv_env kgl_spirv_env_for(enum kgl_flavour flavour, uint32_t spirv_version);
const char *kgl_spirv_env_name(enum kgl_spirv_env env);

/* Returns true if the module is valid in `env`. Otherwise false and, when
 * message is not NULL, a malloc'd "word N: text" the caller frees (NULL if
 * even that allocation failed). Thread-safe. */
bool kgl_spirv_validate(const uint32_t *words, size_t word_count, enum kgl_spirv_env env,
                        char **message);

/* SPIRV-Tools' optimizer with no passes and no validation: parse into its
 * IR and write the module out again, what `spirv-opt --skip-validation`
 * does. The baseline of the corpus benchmark. On success *out is a malloc'd
 * array the caller frees. Never throws; false on any failure. */
bool kgl_spirv_reemit(const uint32_t *words, size_t word_count, uint32_t **out,
                      size_t *out_count);

#ifdef __cplusplus
}
#endif

#endif /* KGL_VALIDATE_H */
