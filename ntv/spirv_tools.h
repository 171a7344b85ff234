/* SPDX-License-Identifier: MIT */
/*
 * In-process SPIRV-Tools (Debian's libSPIRV-Tools.a): validation and
 * disassembly for the tests and the command-line tool. Kept out of the
 * translator library so that a driver linking ntv does not pull it in.
 */
#ifndef NTV_SPIRV_TOOLS_H
#define NTV_SPIRV_TOOLS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ntv/ntv_target.h"

struct ntv_validate_options {
   /* VK_EXT_scalar_block_layout rules for Uniform/StorageBuffer blocks. */
   bool scalar_block_layout;
   /* VK_KHR_uniform_buffer_standard_layout: std430 rules for Uniform too. */
   bool uniform_buffer_standard_layout;
};

/* Runs spirv-val's checks for `target`. Returns true if valid. On failure,
 * and if `message` is not NULL, *message is a malloc'd description (the
 * validator's text and the word index it points at); the caller frees it. */
bool ntv_spirv_validate(const uint32_t *words, size_t count, enum ntv_target target,
                        const struct ntv_validate_options *options, char **message);

/* Disassembly as spirv-dis prints it (friendly names, no header); malloc'd,
 * or NULL with *message set (malloc'd) when the binary cannot be parsed. */
char *ntv_spirv_disassemble(const uint32_t *words, size_t count, char **message);

/* Assembles SPIR-V assembly text (spirv-as syntax). Returns malloc'd words
 * (the caller frees them) or NULL with *message set (malloc'd). */
uint32_t *ntv_spirv_assemble(const char *text, size_t length, size_t *count, char **message);

#endif /* NTV_SPIRV_TOOLS_H */
