/* SPDX-License-Identifier: MIT */
/* Splitting shader I/O variables into smaller ones at the same Location,
 * rewriting every access: what the transform-feedback passes use to make a
 * captured range a variable of its own. */
#ifndef NTV_SPLIT_IO_H
#define NTV_SPLIT_IO_H

#include <stdbool.h>

#include "nir/nir.h"

#define NTV_SPLIT_MAX_PIECES 4

/* An array of scalars/vectors becomes one variable per element, at
 * consecutive Locations. Every index must be a constant. elements[] gets
 * `length` variables. */
bool ntv_split_array_var(nir_shader *shader, nir_variable *var, nir_variable **elements,
                         const char **error);

/* A 32-bit scalar/vector variable becomes pieces. Bit c of `starts` (c
 * counted from the variable's first component, bit 0 always implied) starts
 * a piece. pieces[] gets one variable per piece, in component order;
 * *count their number. Component indices into the vector must be
 * constants. */
bool ntv_split_vector_var(nir_shader *shader, nir_variable *var, unsigned starts,
                          nir_variable **pieces, unsigned *count, const char **error);

/* The first component of a piece made by ntv_split_vector_var (its
 * Component decoration). */
static inline unsigned
ntv_var_first_component(const nir_variable *var)
{
   return var->data.explicit_component ? var->data.component : 0;
}

/* Transform-feedback split decisions, shared by the output and input sides
 * so both split alike. */
struct ntv_xfb_info;

/* Captures touch some element of the array at [location, location+length). */
bool ntv_xfb_array_touched(const struct ntv_xfb_info *xfb, int location, unsigned length);

/* The captures over an array output (`length` elements of `components`
 * components from Component `first`) describe it whole, element after
 * element as SPIR-V lays an array out; then *offset_B, *buffer and *stream
 * say where. */
bool ntv_xfb_array_whole(const struct ntv_xfb_info *xfb, int location, unsigned length,
                         unsigned first, unsigned components, unsigned *offset_B,
                         unsigned *buffer, unsigned *stream);

/* Piece starts (for ntv_split_vector_var) of a vector at `location` with
 * `components` components from Component `first`: every capture boundary
 * inside it. */
unsigned ntv_xfb_vector_starts(const struct ntv_xfb_info *xfb, int location, unsigned first,
                               unsigned components);

#endif /* NTV_SPLIT_IO_H */
