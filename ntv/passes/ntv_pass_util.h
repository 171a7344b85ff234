/* SPDX-License-Identifier: MIT */
/* What the output-rewriting passes (transform feedback, depth range, clip
 * vertex) share: finding an output (a variable, or a member of an output
 * block such as gl_PerVertex), recognising the derefs that reach it, and
 * locations nothing uses. */
#ifndef NTV_PASS_UTIL_H
#define NTV_PASS_UTIL_H

#include <stdbool.h>

#include "nir/nir.h"
#include "nir/nir_builder.h"

/* An output: a whole variable (member < 0) or one member of a block. */
struct ntv_output_ref {
   nir_variable *var;
   int member;
};

/* How a deref reaches an output. */
enum ntv_deref_match {
   NTV_DEREF_UNRELATED,
   NTV_DEREF_WHOLE,   /* the output itself */
   NTV_DEREF_ELEMENT, /* one component/element of it: `index` */
   NTV_DEREF_OTHER,   /* something else (a parent block, a deeper path) */
};

/* The output carrying `builtin` among `mode` variables; false if none. */
bool ntv_find_builtin(nir_shader *shader, nir_variable_mode mode, nir_builtin builtin,
                      struct ntv_output_ref *out);

/* The type of the output (the member's type for a member). */
const struct glsl_type *ntv_output_type(const struct ntv_output_ref *ref);

enum ntv_deref_match ntv_deref_match(nir_deref_instr *deref, const struct ntv_output_ref *ref,
                                     nir_src **index);

/* A deref of the output (with an element index when index != NULL). */
nir_deref_instr *ntv_build_output_deref(nir_builder *b, const struct ntv_output_ref *ref,
                                        nir_def *index);

/* The first Location no output variable (nor output block member) uses;
 * -1 if all 32 are taken. */
int ntv_free_output_location(nir_shader *shader);

/* Replaces a block variable's type by a copy whose member `m` is `field`
 * (the other members unchanged), derefs included. */
bool ntv_set_member(nir_shader *shader, nir_variable *var, unsigned m,
                    const struct glsl_struct_field *field);

#endif /* NTV_PASS_UTIL_H */
