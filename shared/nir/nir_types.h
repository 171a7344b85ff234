/* SPDX-License-Identifier: MIT */
/*
 * Types of kiln's IR.
 *
 * Types are immutable and interned process-wide: two calls that describe the
 * same type return the same pointer, so pointer equality is type equality
 * (decorations included: a struct whose member has Offset 4 is a different
 * type from one whose member has Offset 8). Interning is thread-safe; types
 * live until process exit and belong to no shader.
 *
 * Constructors never return NULL. On out-of-memory they return
 * glsl_error_type(), whose queries all answer "nothing" (length 0, no
 * fields, size 0), so callers built on bad input cannot crash; code that
 * must notice checks glsl_type_is_error().
 *
 * Queries are total: asking a scalar for its array element or a struct for
 * field 99 returns glsl_error_type() / 0 instead of asserting.
 */
#ifndef NIR_TYPES_H
#define NIR_TYPES_H

#include <stdbool.h>
#include <stdint.h>

#include "nir/nir_builtins.h"

#ifdef __cplusplus
extern "C" {
#endif

struct strbuf;

enum glsl_base_type {
   GLSL_TYPE_VOID = 0,
   GLSL_TYPE_BOOL, /* 1-bit */
   GLSL_TYPE_INT8,
   GLSL_TYPE_UINT8,
   GLSL_TYPE_INT16,
   GLSL_TYPE_UINT16,
   GLSL_TYPE_INT,
   GLSL_TYPE_UINT,
   GLSL_TYPE_INT64,
   GLSL_TYPE_UINT64,
   GLSL_TYPE_FLOAT16,
   GLSL_TYPE_FLOAT,
   GLSL_TYPE_DOUBLE,
   GLSL_TYPE_ARRAY,
   GLSL_TYPE_STRUCT,        /* also interface blocks: see glsl_get_block_kind() */
   GLSL_TYPE_IMAGE,         /* OpTypeImage */
   GLSL_TYPE_SAMPLER,       /* OpTypeSampler (plain or shadow) */
   GLSL_TYPE_SAMPLED_IMAGE, /* OpTypeSampledImage: a GL "sampler2D" */
   GLSL_TYPE_ERROR,
};

enum glsl_sampler_dim {
   GLSL_SAMPLER_DIM_1D = 0,
   GLSL_SAMPLER_DIM_2D,
   GLSL_SAMPLER_DIM_3D,
   GLSL_SAMPLER_DIM_CUBE,
   GLSL_SAMPLER_DIM_RECT,
   GLSL_SAMPLER_DIM_BUF,
   GLSL_SAMPLER_DIM_SUBPASS,
   GLSL_SAMPLER_DIM_SUBPASS_MS,
};

/* Values equal SPIR-V's ImageFormat enumerants so spirv_to_nir and ntv can
 * convert with a cast. */
enum nir_image_format {
   NIR_FORMAT_UNKNOWN = 0,
   NIR_FORMAT_RGBA32F = 1,
   NIR_FORMAT_RGBA16F = 2,
   NIR_FORMAT_R32F = 3,
   NIR_FORMAT_RGBA8 = 4,
   NIR_FORMAT_RGBA8_SNORM = 5,
   NIR_FORMAT_RG32F = 6,
   NIR_FORMAT_RG16F = 7,
   NIR_FORMAT_R11F_G11F_B10F = 8,
   NIR_FORMAT_R16F = 9,
   NIR_FORMAT_RGBA16 = 10,
   NIR_FORMAT_RGB10_A2 = 11,
   NIR_FORMAT_RG16 = 12,
   NIR_FORMAT_RG8 = 13,
   NIR_FORMAT_R16 = 14,
   NIR_FORMAT_R8 = 15,
   NIR_FORMAT_RGBA16_SNORM = 16,
   NIR_FORMAT_RG16_SNORM = 17,
   NIR_FORMAT_RG8_SNORM = 18,
   NIR_FORMAT_R16_SNORM = 19,
   NIR_FORMAT_R8_SNORM = 20,
   NIR_FORMAT_RGBA32I = 21,
   NIR_FORMAT_RGBA16I = 22,
   NIR_FORMAT_RGBA8I = 23,
   NIR_FORMAT_R32I = 24,
   NIR_FORMAT_RG32I = 25,
   NIR_FORMAT_RG16I = 26,
   NIR_FORMAT_RG8I = 27,
   NIR_FORMAT_R16I = 28,
   NIR_FORMAT_R8I = 29,
   NIR_FORMAT_RGBA32UI = 30,
   NIR_FORMAT_RGBA16UI = 31,
   NIR_FORMAT_RGBA8UI = 32,
   NIR_FORMAT_R32UI = 33,
   NIR_FORMAT_RGB10_A2UI = 34,
   NIR_FORMAT_RG32UI = 35,
   NIR_FORMAT_RG16UI = 36,
   NIR_FORMAT_RG8UI = 37,
   NIR_FORMAT_R16UI = 38,
   NIR_FORMAT_R8UI = 39,
   NIR_FORMAT_R64UI = 40,
   NIR_FORMAT_R64I = 41,
   NIR_FORMAT_COUNT,
};

const char *nir_image_format_name(enum nir_image_format format);

enum glsl_interp_mode {
   GLSL_INTERP_MODE_NONE = 0, /* not given: smooth for floats */
   GLSL_INTERP_MODE_SMOOTH,
   GLSL_INTERP_MODE_FLAT,
   GLSL_INTERP_MODE_NOPERSPECTIVE,
};

enum glsl_matrix_layout {
   GLSL_MATRIX_LAYOUT_INHERITED = 0, /* no RowMajor/ColMajor decoration */
   GLSL_MATRIX_LAYOUT_COLUMN_MAJOR,
   GLSL_MATRIX_LAYOUT_ROW_MAJOR,
};

/* SPIR-V's Block / BufferBlock decorations on a struct type. */
enum glsl_block_kind {
   GLSL_BLOCK_NONE = 0,
   GLSL_BLOCK,        /* Block: UBO, SSBO (SPIR-V 1.3+), push constants, I/O blocks */
   GLSL_BUFFER_BLOCK, /* BufferBlock: pre-1.3 SSBOs */
};

/* Memory access qualifiers (on variables, struct members and intrinsics). */
enum nir_access {
   NIR_ACCESS_NONE = 0,
   NIR_ACCESS_COHERENT = 1 << 0,
   NIR_ACCESS_VOLATILE = 1 << 1,
   NIR_ACCESS_RESTRICT = 1 << 2,
   NIR_ACCESS_NON_WRITEABLE = 1 << 3, /* readonly */
   NIR_ACCESS_NON_READABLE = 1 << 4,  /* writeonly */
   NIR_ACCESS_NON_UNIFORM = 1 << 5,   /* NonUniform: index may diverge */
   NIR_ACCESS_CAN_REORDER = 1 << 6,   /* no side effects, may move/CSE */
};

/* Sentinel for "decoration not given" in the int fields below. */
#define GLSL_NO_DECORATION (-1)

/*
 * One member of a struct type, with the decorations SPIR-V attaches to
 * members. Integer decorations use GLSL_NO_DECORATION (-1) for "absent" so
 * a round trip emits exactly the decorations that were given.
 */
struct glsl_struct_field {
   const struct glsl_type *type;
   const char *name; /* may be NULL (unnamed member) */

   /* Explicit layout. */
   int32_t offset_B;        /* Offset */
   int32_t matrix_stride_B; /* MatrixStride */
   enum glsl_matrix_layout matrix_layout;

   /* Interface decorations (I/O blocks such as gl_PerVertex). */
   nir_builtin builtin; /* NIR_BUILTIN_NONE when absent */
   int32_t location;
   int32_t component;
   enum glsl_interp_mode interpolation;
   bool centroid;
   bool sample;
   bool patch;
   bool invariant;
   bool precise; /* NoContraction */
   enum nir_access access;
   int32_t xfb_buffer;
   int32_t xfb_offset_B;
   int32_t xfb_stride_B;
   int32_t stream;
};

/* A field with every decoration absent; set what you need on a copy. */
struct glsl_struct_field glsl_struct_field_init(const struct glsl_type *type,
                                                const char *name);

struct glsl_type {
   enum glsl_base_type base_type;
   uint8_t vector_elements; /* components (rows for a matrix); 1 for scalars */
   uint8_t matrix_columns;  /* 1 unless a matrix */

   /* Images, samplers, sampled images. */
   enum glsl_sampler_dim sampler_dim;
   bool sampler_array;               /* Arrayed */
   bool sampler_ms;                  /* MS */
   bool sampler_shadow;              /* sampler: shadow; image: Depth == 1 */
   uint8_t image_depth;              /* image: SPIR-V Depth operand 0/1/2 */
   uint8_t image_sampled;            /* image: SPIR-V Sampled operand 0/1/2 */
   enum glsl_base_type sampled_type; /* image: float/int/uint/int64/uint64/void */
   enum nir_image_format image_format;

   /* Arrays and structs. */
   uint32_t length;                 /* array: 0 = runtime (unsized); struct: members */
   uint32_t explicit_stride_B;      /* array: ArrayStride, 0 = none */
   const struct glsl_type *element; /* array element; sampled image: its image */
   const struct glsl_struct_field *fields;
   enum glsl_block_kind block_kind;
   const char *name; /* struct name or NULL */
};

/* --- constructors ----------------------------------------------------------------- */
const struct glsl_type *glsl_void_type(void);
const struct glsl_type *glsl_error_type(void);
const struct glsl_type *glsl_bool_type(void);
const struct glsl_type *glsl_int_type(void);
const struct glsl_type *glsl_uint_type(void);
const struct glsl_type *glsl_float_type(void);
const struct glsl_type *glsl_float16_t_type(void);
const struct glsl_type *glsl_double_type(void);
const struct glsl_type *glsl_int64_t_type(void);
const struct glsl_type *glsl_uint64_t_type(void);
const struct glsl_type *glsl_int8_t_type(void);
const struct glsl_type *glsl_uint8_t_type(void);
const struct glsl_type *glsl_int16_t_type(void);
const struct glsl_type *glsl_uint16_t_type(void);
/* A scalar (n == 1) or vector (2, 3, 4, 8, 16) of a numeric/bool base type. */
const struct glsl_type *glsl_vector_type(enum glsl_base_type base, unsigned n);
const struct glsl_type *glsl_scalar_type(enum glsl_base_type base);
const struct glsl_type *glsl_vec4_type(void);
/* columns x rows of FLOAT16/FLOAT/DOUBLE; rows and columns in 2..4. */
const struct glsl_type *glsl_matrix_type(enum glsl_base_type base, unsigned rows,
                                         unsigned columns);
/* length 0 = runtime array; stride_B 0 = no ArrayStride. */
const struct glsl_type *glsl_array_type(const struct glsl_type *element, unsigned length,
                                        unsigned explicit_stride_B);
/* Fields are copied (names too). name may be NULL. */
const struct glsl_type *glsl_struct_type(const struct glsl_struct_field *fields,
                                         unsigned num_fields, const char *name,
                                         enum glsl_block_kind block_kind);
const struct glsl_type *glsl_image_type(enum glsl_sampler_dim dim, bool arrayed, bool ms,
                                        unsigned depth, unsigned sampled,
                                        enum glsl_base_type sampled_type,
                                        enum nir_image_format format);
const struct glsl_type *glsl_bare_sampler_type(bool shadow);
/* A combined image + sampler; `image` must be an image type. */
const struct glsl_type *glsl_sampled_image_type(const struct glsl_type *image);
/* Same type with bool/int/uint/float base replaced, same shape. */
const struct glsl_type *glsl_type_with_base(const struct glsl_type *t,
                                            enum glsl_base_type base);

/* --- queries ---------------------------------------------------------------------- */
static inline enum glsl_base_type
glsl_get_base_type(const struct glsl_type *t)
{
   return t->base_type;
}

bool glsl_base_type_is_numeric(enum glsl_base_type b); /* bool, ints, floats */
bool glsl_base_type_is_integer(enum glsl_base_type b); /* ints (not bool) */
bool glsl_base_type_is_float(enum glsl_base_type b);
bool glsl_base_type_is_signed(enum glsl_base_type b);    /* signed ints */
unsigned glsl_base_type_bit_size(enum glsl_base_type b); /* 0 for non-numeric */
/* The base type of a given class and size (e.g. (GLSL_TYPE_UINT, 16)). */
enum glsl_base_type glsl_base_type_with_bit_size(enum glsl_base_type b,
                                                 unsigned bit_size);

bool glsl_type_is_void(const struct glsl_type *t);
bool glsl_type_is_error(const struct glsl_type *t);
bool glsl_type_is_scalar(const struct glsl_type *t);
bool glsl_type_is_vector(const struct glsl_type *t); /* 2+ components, not matrix */
bool glsl_type_is_vector_or_scalar(const struct glsl_type *t);
bool glsl_type_is_matrix(const struct glsl_type *t);
bool glsl_type_is_array(const struct glsl_type *t);
bool glsl_type_is_unsized_array(const struct glsl_type *t);
bool glsl_type_is_struct(const struct glsl_type *t);
bool
glsl_type_is_interface(const struct glsl_type *t); /* struct with Block/BufferBlock */
bool glsl_type_is_image(const struct glsl_type *t);
bool glsl_type_is_sampler(const struct glsl_type *t);       /* bare sampler */
bool glsl_type_is_sampled_image(const struct glsl_type *t); /* combined */
bool glsl_type_is_texture(const struct glsl_type *t);       /* image with Sampled==1 */
bool glsl_type_is_opaque(const struct glsl_type *t); /* image/sampler/sampled image */
bool glsl_type_contains_opaque(const struct glsl_type *t);
bool glsl_type_is_boolean(const struct glsl_type *t);
bool glsl_type_is_integer(const struct glsl_type *t);
bool glsl_type_is_float(const struct glsl_type *t);
bool glsl_type_is_numeric(const struct glsl_type *t);
bool glsl_type_is_array_of_arrays(const struct glsl_type *t);

unsigned glsl_get_vector_elements(const struct glsl_type *t);
unsigned glsl_get_matrix_columns(const struct glsl_type *t);
unsigned glsl_get_components(const struct glsl_type *t); /* vector elements x columns */
unsigned glsl_get_bit_size(const struct glsl_type *t);   /* of a scalar/vector/matrix */
/* Array length (0 = runtime), struct member count, matrix columns, vector
 * components; 0 for anything else. */
unsigned glsl_get_length(const struct glsl_type *t);
unsigned glsl_array_size(const struct glsl_type *t); /* arrays only, else 0 */
unsigned glsl_get_explicit_stride(const struct glsl_type *t);
const struct glsl_type *glsl_get_array_element(const struct glsl_type *t);
const struct glsl_type *glsl_without_array(const struct glsl_type *t);
/* Element of an array, column of a matrix, scalar of a vector: the type
 * an array deref into t has. */
const struct glsl_type *glsl_get_deref_element(const struct glsl_type *t);
const struct glsl_type *glsl_get_column_type(const struct glsl_type *t);
const struct glsl_type *glsl_get_scalar_type(const struct glsl_type *t);
const struct glsl_struct_field *glsl_get_struct_field_data(const struct glsl_type *t,
                                                           unsigned index);
const struct glsl_type *glsl_get_struct_field(const struct glsl_type *t, unsigned index);
const char *glsl_get_struct_elem_name(const struct glsl_type *t, unsigned index);
int glsl_get_field_index(const struct glsl_type *t, const char *name); /* -1 if none */
enum glsl_block_kind glsl_get_block_kind(const struct glsl_type *t);
const char *glsl_get_type_name(const struct glsl_type *t); /* struct name or NULL */

enum glsl_sampler_dim glsl_get_sampler_dim(const struct glsl_type *t);
bool glsl_sampler_type_is_array(const struct glsl_type *t);
bool glsl_sampler_type_is_shadow(const struct glsl_type *t);
enum glsl_base_type glsl_get_sampler_result_type(const struct glsl_type *t);
/* Coordinate components for a sampler/image type (array layer included). */
unsigned glsl_get_sampler_coordinate_components(const struct glsl_type *t);
/* The image of a sampled image, or the type itself. */
const struct glsl_type *glsl_get_image_type(const struct glsl_type *t);

/* Number of 16-byte I/O locations (SPIR-V Location slots) a type occupies
 * as a shader input/output; 64-bit vectors with 3+ components take two. */
unsigned glsl_count_attribute_slots(const struct glsl_type *t, bool is_vertex_input);

/* --- explicit layouts ------------------------------------------------------------- */
enum glsl_layout {
   GLSL_LAYOUT_STD140,
   GLSL_LAYOUT_STD430,
   GLSL_LAYOUT_SCALAR,
};

/* Size/alignment of `t` under a packing rule (row_major applies to matrices
 * at the top level and is inherited into members without a layout). */
unsigned glsl_get_layout_align_B(const struct glsl_type *t, enum glsl_layout layout,
                                 bool row_major);
unsigned glsl_get_layout_size_B(const struct glsl_type *t, enum glsl_layout layout,
                                bool row_major);
/* The same type with Offset/ArrayStride/MatrixStride/RowMajor computed under
 * `layout` for every struct member and array (recursively). */
const struct glsl_type *glsl_get_explicit_type_for_layout(const struct glsl_type *t,
                                                          enum glsl_layout layout,
                                                          bool row_major);
/* Size of a type whose struct members and arrays carry explicit offsets and
 * strides (a runtime array counts as zero elements). */
unsigned glsl_get_explicit_size_B(const struct glsl_type *t);
/* Natural size of a scalar/vector in bytes (bool counts as 4, as in SPIR-V
 * storage); 0 for anything else. */
unsigned glsl_get_vector_size_B(const struct glsl_type *t);

/* --- printing --------------------------------------------------------------------- */
/* Stable, human-readable name: "vec4", "f16vec2", "mat3x4", "uint[]",
 * "struct S", "image2DArray(...)"... Appends to sb. */
void glsl_print_type(struct strbuf *sb, const struct glsl_type *t);
/* Full description including struct members and their decorations (one
 * per line, indented) for the printer's type section. */
void glsl_print_type_decl(struct strbuf *sb, const struct glsl_type *t);
const char *glsl_base_type_name(enum glsl_base_type b);
const char *glsl_sampler_dim_name(enum glsl_sampler_dim dim);
const char *glsl_interp_mode_name(enum glsl_interp_mode mode);

#ifdef __cplusplus
}
#endif

#endif /* NIR_TYPES_H */
