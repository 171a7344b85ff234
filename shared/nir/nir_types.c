/* SPDX-License-Identifier: MIT */
#include "nir/nir_types.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "util/arena.h"
#include "util/hash_table.h"
#include "util/macros.h"
#include "util/strbuf.h"

/* ------------------------------------------------------------------------------- */
/* Static types: scalars, vectors, matrices                                          */
/* ------------------------------------------------------------------------------- */

#define NUM_NUMERIC_BASES (GLSL_TYPE_DOUBLE + 1)
static const unsigned vector_sizes[] = {1, 2, 3, 4, 8, 16};

static struct glsl_type void_type = {.base_type = GLSL_TYPE_VOID};
static struct glsl_type error_type = {.base_type = GLSL_TYPE_ERROR};
static struct glsl_type vector_types[NUM_NUMERIC_BASES][ARRAY_SIZE(vector_sizes)];
static struct glsl_type matrix_types[3][3][3]; /* [f16/f32/f64][cols-2][rows-2] */
static pthread_once_t static_types_once = PTHREAD_ONCE_INIT;

static void
init_static_types(void)
{
   for (unsigned b = GLSL_TYPE_BOOL; b < NUM_NUMERIC_BASES; b++) {
      for (unsigned i = 0; i < ARRAY_SIZE(vector_sizes); i++) {
         struct glsl_type *t = &vector_types[b][i];
         t->base_type = (enum glsl_base_type)b;
         t->vector_elements = (uint8_t)vector_sizes[i];
         t->matrix_columns = 1;
      }
   }
   static const enum glsl_base_type fb[3] = {GLSL_TYPE_FLOAT16, GLSL_TYPE_FLOAT,
                                             GLSL_TYPE_DOUBLE};
   for (unsigned f = 0; f < 3; f++) {
      for (unsigned c = 0; c < 3; c++) {
         for (unsigned r = 0; r < 3; r++) {
            struct glsl_type *t = &matrix_types[f][c][r];
            t->base_type = fb[f];
            t->vector_elements = (uint8_t)(r + 2);
            t->matrix_columns = (uint8_t)(c + 2);
         }
      }
   }
}

const struct glsl_type *
glsl_void_type(void)
{
   return &void_type;
}

const struct glsl_type *
glsl_error_type(void)
{
   return &error_type;
}

bool
glsl_base_type_is_numeric(enum glsl_base_type b)
{
   return b >= GLSL_TYPE_BOOL && b <= GLSL_TYPE_DOUBLE;
}

bool
glsl_base_type_is_integer(enum glsl_base_type b)
{
   return b >= GLSL_TYPE_INT8 && b <= GLSL_TYPE_UINT64;
}

bool
glsl_base_type_is_float(enum glsl_base_type b)
{
   return b == GLSL_TYPE_FLOAT16 || b == GLSL_TYPE_FLOAT || b == GLSL_TYPE_DOUBLE;
}

bool
glsl_base_type_is_signed(enum glsl_base_type b)
{
   return b == GLSL_TYPE_INT8 || b == GLSL_TYPE_INT16 || b == GLSL_TYPE_INT ||
          b == GLSL_TYPE_INT64;
}

unsigned
glsl_base_type_bit_size(enum glsl_base_type b)
{
   switch (b) {
   case GLSL_TYPE_BOOL:
      return 1;
   case GLSL_TYPE_INT8:
   case GLSL_TYPE_UINT8:
      return 8;
   case GLSL_TYPE_INT16:
   case GLSL_TYPE_UINT16:
   case GLSL_TYPE_FLOAT16:
      return 16;
   case GLSL_TYPE_INT:
   case GLSL_TYPE_UINT:
   case GLSL_TYPE_FLOAT:
      return 32;
   case GLSL_TYPE_INT64:
   case GLSL_TYPE_UINT64:
   case GLSL_TYPE_DOUBLE:
      return 64;
   default:
      return 0;
   }
}

enum glsl_base_type
glsl_base_type_with_bit_size(enum glsl_base_type b, unsigned bit_size)
{
   if (glsl_base_type_is_float(b)) {
      switch (bit_size) {
      case 16:
         return GLSL_TYPE_FLOAT16;
      case 32:
         return GLSL_TYPE_FLOAT;
      case 64:
         return GLSL_TYPE_DOUBLE;
      default:
         return GLSL_TYPE_ERROR;
      }
   }
   if (b == GLSL_TYPE_BOOL)
      return bit_size == 1 ? GLSL_TYPE_BOOL : GLSL_TYPE_ERROR;
   if (!glsl_base_type_is_integer(b))
      return GLSL_TYPE_ERROR;
   const bool s = glsl_base_type_is_signed(b);
   switch (bit_size) {
   case 8:
      return s ? GLSL_TYPE_INT8 : GLSL_TYPE_UINT8;
   case 16:
      return s ? GLSL_TYPE_INT16 : GLSL_TYPE_UINT16;
   case 32:
      return s ? GLSL_TYPE_INT : GLSL_TYPE_UINT;
   case 64:
      return s ? GLSL_TYPE_INT64 : GLSL_TYPE_UINT64;
   default:
      return GLSL_TYPE_ERROR;
   }
}

const struct glsl_type *
glsl_vector_type(enum glsl_base_type base, unsigned n)
{
   if (!glsl_base_type_is_numeric(base))
      return &error_type;
   pthread_once(&static_types_once, init_static_types);
   for (unsigned i = 0; i < ARRAY_SIZE(vector_sizes); i++)
      if (vector_sizes[i] == n)
         return &vector_types[base][i];
   return &error_type;
}

const struct glsl_type *
glsl_scalar_type(enum glsl_base_type base)
{
   return glsl_vector_type(base, 1);
}

#define SCALAR_GETTER(fn, base)                                                          \
   const struct glsl_type *fn(void)                                                      \
   {                                                                                     \
      return glsl_scalar_type(base);                                                     \
   }
SCALAR_GETTER(glsl_bool_type, GLSL_TYPE_BOOL)
SCALAR_GETTER(glsl_int_type, GLSL_TYPE_INT)
SCALAR_GETTER(glsl_uint_type, GLSL_TYPE_UINT)
SCALAR_GETTER(glsl_float_type, GLSL_TYPE_FLOAT)
SCALAR_GETTER(glsl_float16_t_type, GLSL_TYPE_FLOAT16)
SCALAR_GETTER(glsl_double_type, GLSL_TYPE_DOUBLE)
SCALAR_GETTER(glsl_int64_t_type, GLSL_TYPE_INT64)
SCALAR_GETTER(glsl_uint64_t_type, GLSL_TYPE_UINT64)
SCALAR_GETTER(glsl_int8_t_type, GLSL_TYPE_INT8)
SCALAR_GETTER(glsl_uint8_t_type, GLSL_TYPE_UINT8)
SCALAR_GETTER(glsl_int16_t_type, GLSL_TYPE_INT16)
SCALAR_GETTER(glsl_uint16_t_type, GLSL_TYPE_UINT16)

const struct glsl_type *
glsl_vec4_type(void)
{
   return glsl_vector_type(GLSL_TYPE_FLOAT, 4);
}

const struct glsl_type *
glsl_matrix_type(enum glsl_base_type base, unsigned rows, unsigned columns)
{
   if (columns == 1)
      return glsl_vector_type(base, rows);
   unsigned f;
   switch (base) {
   case GLSL_TYPE_FLOAT16:
      f = 0;
      break;
   case GLSL_TYPE_FLOAT:
      f = 1;
      break;
   case GLSL_TYPE_DOUBLE:
      f = 2;
      break;
   default:
      return &error_type;
   }
   if (rows < 2 || rows > 4 || columns < 2 || columns > 4)
      return &error_type;
   pthread_once(&static_types_once, init_static_types);
   return &matrix_types[f][columns - 2][rows - 2];
}

/* ------------------------------------------------------------------------------- */
/* Interned types                                                                  */
/* ------------------------------------------------------------------------------- */

static pthread_mutex_t intern_mutex = PTHREAD_MUTEX_INITIALIZER;
static struct arena *intern_arena;
static struct hash_table *intern_table;

static uint32_t
hash_str(uint32_t h, const char *s)
{
   return util_hash_combine(h, s ? util_hash_string(s) : 0x5bd1e995u);
}

static bool
str_eq(const char *a, const char *b)
{
   if (!a || !b)
      return a == b;
   return strcmp(a, b) == 0;
}

static uint32_t
hash_field(uint32_t h, const struct glsl_struct_field *f)
{
   h = util_hash_combine(h, util_hash_pointer(f->type));
   h = hash_str(h, f->name);
   /* Every decoration is a small integer: hash their bytes one by one so
    * padding never matters. */
   const int32_t ints[] = {f->offset_B,
                           f->matrix_stride_B,
                           (int32_t)f->matrix_layout,
                           (int32_t)f->builtin,
                           f->location,
                           f->component,
                           (int32_t)f->interpolation,
                           f->centroid,
                           f->sample,
                           f->patch,
                           f->invariant,
                           f->precise,
                           (int32_t)f->access,
                           f->xfb_buffer,
                           f->xfb_offset_B,
                           f->xfb_stride_B,
                           f->stream};
   for (unsigned i = 0; i < ARRAY_SIZE(ints); i++)
      h = util_hash_combine(h, (uint32_t)ints[i]);
   return h;
}

static bool
field_equal(const struct glsl_struct_field *a, const struct glsl_struct_field *b)
{
   return a->type == b->type && str_eq(a->name, b->name) && a->offset_B == b->offset_B &&
          a->matrix_stride_B == b->matrix_stride_B &&
          a->matrix_layout == b->matrix_layout && a->builtin == b->builtin &&
          a->location == b->location && a->component == b->component &&
          a->interpolation == b->interpolation && a->centroid == b->centroid &&
          a->sample == b->sample && a->patch == b->patch &&
          a->invariant == b->invariant && a->precise == b->precise &&
          a->access == b->access && a->xfb_buffer == b->xfb_buffer &&
          a->xfb_offset_B == b->xfb_offset_B && a->xfb_stride_B == b->xfb_stride_B &&
          a->stream == b->stream;
}

static uint32_t
type_hash(const void *key)
{
   const struct glsl_type *t = key;
   uint32_t h = (uint32_t)t->base_type;
   h = util_hash_combine(h, t->vector_elements | (t->matrix_columns << 8));
   h = util_hash_combine(
      h, (uint32_t)t->sampler_dim | (t->sampler_array << 4) | (t->sampler_ms << 5) |
            (t->sampler_shadow << 6) | ((uint32_t)t->image_depth << 8) |
            ((uint32_t)t->image_sampled << 12) | ((uint32_t)t->sampled_type << 16));
   h = util_hash_combine(h, (uint32_t)t->image_format);
   h = util_hash_combine(h, t->length);
   h = util_hash_combine(h, t->explicit_stride_B);
   h = util_hash_combine(h, util_hash_pointer(t->element));
   h = util_hash_combine(h, (uint32_t)t->block_kind);
   h = hash_str(h, t->name);
   if (t->base_type == GLSL_TYPE_STRUCT)
      for (unsigned i = 0; i < t->length; i++)
         h = hash_field(h, &t->fields[i]);
   return h;
}

static bool
type_equal(const void *pa, const void *pb)
{
   const struct glsl_type *a = pa, *b = pb;
   if (a->base_type != b->base_type || a->vector_elements != b->vector_elements ||
       a->matrix_columns != b->matrix_columns || a->sampler_dim != b->sampler_dim ||
       a->sampler_array != b->sampler_array || a->sampler_ms != b->sampler_ms ||
       a->sampler_shadow != b->sampler_shadow || a->image_depth != b->image_depth ||
       a->image_sampled != b->image_sampled || a->sampled_type != b->sampled_type ||
       a->image_format != b->image_format || a->length != b->length ||
       a->explicit_stride_B != b->explicit_stride_B || a->element != b->element ||
       a->block_kind != b->block_kind || !str_eq(a->name, b->name))
      return false;
   if (a->base_type == GLSL_TYPE_STRUCT)
      for (unsigned i = 0; i < a->length; i++)
         if (!field_equal(&a->fields[i], &b->fields[i]))
            return false;
   return true;
}

static void
free_intern_state(void)
{
   /* Types live for the whole process; releasing them at exit keeps leak
    * checkers quiet about memory that is intentionally never freed. */
   pthread_mutex_lock(&intern_mutex);
   if (intern_table)
      hash_table_destroy(intern_table);
   if (intern_arena)
      arena_destroy(intern_arena);
   intern_table = NULL;
   intern_arena = NULL;
   pthread_mutex_unlock(&intern_mutex);
}

/* Returns the interned copy of `key` (deep-copying fields/names on first
 * sight), or the error type on out-of-memory. Caller holds no lock. */
static const struct glsl_type *
intern(const struct glsl_type *key)
{
   const struct glsl_type *result = &error_type;
   pthread_mutex_lock(&intern_mutex);
   if (!intern_arena) {
      intern_arena = arena_create(NULL);
      if (!intern_arena)
         goto out;
      intern_table = hash_table_create(NULL, type_hash, type_equal);
      if (!intern_table) {
         arena_destroy(intern_arena);
         intern_arena = NULL;
         goto out;
      }
      atexit(free_intern_state);
   }

   struct hash_entry *e = hash_table_search(intern_table, key);
   if (e) {
      result = e->key;
      goto out;
   }

   struct glsl_type *t = arena_memdup(intern_arena, key, sizeof(*key));
   if (!t)
      goto out;
   if (key->name && !(t->name = arena_strdup(intern_arena, key->name)))
      goto out;
   if (key->base_type == GLSL_TYPE_STRUCT && key->length) {
      struct glsl_struct_field *fields =
         arena_memdup(intern_arena, key->fields, sizeof(*fields) * key->length);
      if (!fields)
         goto out;
      for (unsigned i = 0; i < key->length; i++) {
         if (fields[i].name &&
             !(fields[i].name = arena_strdup(intern_arena, fields[i].name)))
            goto out;
      }
      t->fields = fields;
   }
   if (!hash_table_insert(intern_table, t, NULL))
      goto out;
   result = t;
out:
   pthread_mutex_unlock(&intern_mutex);
   return result;
}

const struct glsl_type *
glsl_array_type(const struct glsl_type *element, unsigned length,
                unsigned explicit_stride_B)
{
   if (element->base_type == GLSL_TYPE_ERROR || element->base_type == GLSL_TYPE_VOID)
      return &error_type;
   struct glsl_type key = {
      .base_type = GLSL_TYPE_ARRAY,
      .vector_elements = 1,
      .matrix_columns = 1,
      .length = length,
      .explicit_stride_B = explicit_stride_B,
      .element = element,
   };
   return intern(&key);
}

struct glsl_struct_field
glsl_struct_field_init(const struct glsl_type *type, const char *name)
{
   struct glsl_struct_field f = {
      .type = type,
      .name = name,
      .offset_B = GLSL_NO_DECORATION,
      .matrix_stride_B = GLSL_NO_DECORATION,
      .builtin = NIR_BUILTIN_NONE,
      .location = GLSL_NO_DECORATION,
      .component = GLSL_NO_DECORATION,
      .xfb_buffer = GLSL_NO_DECORATION,
      .xfb_offset_B = GLSL_NO_DECORATION,
      .xfb_stride_B = GLSL_NO_DECORATION,
      .stream = GLSL_NO_DECORATION,
   };
   return f;
}

const struct glsl_type *
glsl_struct_type(const struct glsl_struct_field *fields, unsigned num_fields,
                 const char *name, enum glsl_block_kind block_kind)
{
   for (unsigned i = 0; i < num_fields; i++)
      if (!fields[i].type || fields[i].type->base_type == GLSL_TYPE_ERROR)
         return &error_type;
   struct glsl_type key = {
      .base_type = GLSL_TYPE_STRUCT,
      .vector_elements = 1,
      .matrix_columns = 1,
      .length = num_fields,
      .fields = fields,
      .block_kind = block_kind,
      .name = name,
   };
   return intern(&key);
}

const struct glsl_type *
glsl_image_type(enum glsl_sampler_dim dim, bool arrayed, bool ms, unsigned depth,
                unsigned sampled, enum glsl_base_type sampled_type,
                enum nir_image_format format)
{
   if (depth > 2 || sampled > 2 || (unsigned)format >= NIR_FORMAT_COUNT ||
       dim > GLSL_SAMPLER_DIM_SUBPASS_MS)
      return &error_type;
   struct glsl_type key = {
      .base_type = GLSL_TYPE_IMAGE,
      .vector_elements = 1,
      .matrix_columns = 1,
      .sampler_dim = dim,
      .sampler_array = arrayed,
      .sampler_ms = ms,
      .sampler_shadow = depth == 1,
      .image_depth = (uint8_t)depth,
      .image_sampled = (uint8_t)sampled,
      .sampled_type = sampled_type,
      .image_format = format,
   };
   return intern(&key);
}

const struct glsl_type *
glsl_bare_sampler_type(bool shadow)
{
   struct glsl_type key = {
      .base_type = GLSL_TYPE_SAMPLER,
      .vector_elements = 1,
      .matrix_columns = 1,
      .sampler_shadow = shadow,
   };
   return intern(&key);
}

const struct glsl_type *
glsl_sampled_image_type(const struct glsl_type *image)
{
   if (image->base_type != GLSL_TYPE_IMAGE)
      return &error_type;
   struct glsl_type key = {
      .base_type = GLSL_TYPE_SAMPLED_IMAGE,
      .vector_elements = 1,
      .matrix_columns = 1,
      .sampler_dim = image->sampler_dim,
      .sampler_array = image->sampler_array,
      .sampler_ms = image->sampler_ms,
      .sampler_shadow = image->sampler_shadow,
      .sampled_type = image->sampled_type,
      .element = image,
   };
   return intern(&key);
}

const struct glsl_type *
glsl_type_with_base(const struct glsl_type *t, enum glsl_base_type base)
{
   if (t->base_type == GLSL_TYPE_ARRAY)
      return glsl_array_type(glsl_type_with_base(t->element, base), t->length,
                             t->explicit_stride_B);
   if (!glsl_base_type_is_numeric(t->base_type))
      return &error_type;
   return glsl_matrix_type(base, t->vector_elements, t->matrix_columns);
}

/* ------------------------------------------------------------------------------- */
/* Queries                                                                         */
/* ------------------------------------------------------------------------------- */

bool
glsl_type_is_void(const struct glsl_type *t)
{
   return t->base_type == GLSL_TYPE_VOID;
}

bool
glsl_type_is_error(const struct glsl_type *t)
{
   return t->base_type == GLSL_TYPE_ERROR;
}

bool
glsl_type_is_scalar(const struct glsl_type *t)
{
   return glsl_base_type_is_numeric(t->base_type) && t->vector_elements == 1 &&
          t->matrix_columns == 1;
}

bool
glsl_type_is_vector(const struct glsl_type *t)
{
   return glsl_base_type_is_numeric(t->base_type) && t->vector_elements > 1 &&
          t->matrix_columns == 1;
}

bool
glsl_type_is_vector_or_scalar(const struct glsl_type *t)
{
   return glsl_base_type_is_numeric(t->base_type) && t->matrix_columns == 1;
}

bool
glsl_type_is_matrix(const struct glsl_type *t)
{
   return glsl_base_type_is_numeric(t->base_type) && t->matrix_columns > 1;
}

bool
glsl_type_is_array(const struct glsl_type *t)
{
   return t->base_type == GLSL_TYPE_ARRAY;
}

bool
glsl_type_is_unsized_array(const struct glsl_type *t)
{
   return t->base_type == GLSL_TYPE_ARRAY && t->length == 0;
}

bool
glsl_type_is_array_of_arrays(const struct glsl_type *t)
{
   return t->base_type == GLSL_TYPE_ARRAY && t->element->base_type == GLSL_TYPE_ARRAY;
}

bool
glsl_type_is_struct(const struct glsl_type *t)
{
   return t->base_type == GLSL_TYPE_STRUCT;
}

bool
glsl_type_is_interface(const struct glsl_type *t)
{
   return t->base_type == GLSL_TYPE_STRUCT && t->block_kind != GLSL_BLOCK_NONE;
}

bool
glsl_type_is_image(const struct glsl_type *t)
{
   return t->base_type == GLSL_TYPE_IMAGE;
}

bool
glsl_type_is_sampler(const struct glsl_type *t)
{
   return t->base_type == GLSL_TYPE_SAMPLER;
}

bool
glsl_type_is_sampled_image(const struct glsl_type *t)
{
   return t->base_type == GLSL_TYPE_SAMPLED_IMAGE;
}

bool
glsl_type_is_texture(const struct glsl_type *t)
{
   return t->base_type == GLSL_TYPE_IMAGE && t->image_sampled == 1;
}

bool
glsl_type_is_opaque(const struct glsl_type *t)
{
   return t->base_type == GLSL_TYPE_IMAGE || t->base_type == GLSL_TYPE_SAMPLER ||
          t->base_type == GLSL_TYPE_SAMPLED_IMAGE;
}

bool
glsl_type_contains_opaque(const struct glsl_type *t)
{
   if (glsl_type_is_opaque(t))
      return true;
   if (t->base_type == GLSL_TYPE_ARRAY)
      return glsl_type_contains_opaque(t->element);
   if (t->base_type == GLSL_TYPE_STRUCT)
      for (unsigned i = 0; i < t->length; i++)
         if (glsl_type_contains_opaque(t->fields[i].type))
            return true;
   return false;
}

bool
glsl_type_is_boolean(const struct glsl_type *t)
{
   return t->base_type == GLSL_TYPE_BOOL;
}

bool
glsl_type_is_integer(const struct glsl_type *t)
{
   return glsl_base_type_is_integer(t->base_type);
}

bool
glsl_type_is_float(const struct glsl_type *t)
{
   return glsl_base_type_is_float(t->base_type);
}

bool
glsl_type_is_numeric(const struct glsl_type *t)
{
   return glsl_base_type_is_numeric(t->base_type);
}

unsigned
glsl_get_vector_elements(const struct glsl_type *t)
{
   return glsl_base_type_is_numeric(t->base_type) ? t->vector_elements : 0;
}

unsigned
glsl_get_matrix_columns(const struct glsl_type *t)
{
   return glsl_base_type_is_numeric(t->base_type) ? t->matrix_columns : 0;
}

unsigned
glsl_get_components(const struct glsl_type *t)
{
   return glsl_base_type_is_numeric(t->base_type) ? t->vector_elements * t->matrix_columns
                                                  : 0;
}

unsigned
glsl_get_bit_size(const struct glsl_type *t)
{
   return glsl_base_type_bit_size(t->base_type);
}

unsigned
glsl_get_length(const struct glsl_type *t)
{
   if (t->base_type == GLSL_TYPE_ARRAY || t->base_type == GLSL_TYPE_STRUCT)
      return t->length;
   if (glsl_type_is_matrix(t))
      return t->matrix_columns;
   if (glsl_type_is_vector(t))
      return t->vector_elements;
   return 0;
}

unsigned
glsl_array_size(const struct glsl_type *t)
{
   return t->base_type == GLSL_TYPE_ARRAY ? t->length : 0;
}

unsigned
glsl_get_explicit_stride(const struct glsl_type *t)
{
   return t->base_type == GLSL_TYPE_ARRAY ? t->explicit_stride_B : 0;
}

const struct glsl_type *
glsl_get_array_element(const struct glsl_type *t)
{
   if (t->base_type == GLSL_TYPE_ARRAY)
      return t->element;
   if (glsl_type_is_matrix(t))
      return glsl_get_column_type(t);
   if (glsl_type_is_vector(t))
      return glsl_scalar_type(t->base_type);
   return &error_type;
}

const struct glsl_type *
glsl_get_deref_element(const struct glsl_type *t)
{
   return glsl_get_array_element(t);
}

const struct glsl_type *
glsl_without_array(const struct glsl_type *t)
{
   while (t->base_type == GLSL_TYPE_ARRAY)
      t = t->element;
   return t;
}

const struct glsl_type *
glsl_get_column_type(const struct glsl_type *t)
{
   if (!glsl_type_is_matrix(t))
      return &error_type;
   return glsl_vector_type(t->base_type, t->vector_elements);
}

const struct glsl_type *
glsl_get_scalar_type(const struct glsl_type *t)
{
   const struct glsl_type *e = glsl_without_array(t);
   if (!glsl_base_type_is_numeric(e->base_type))
      return &error_type;
   return glsl_scalar_type(e->base_type);
}

const struct glsl_struct_field *
glsl_get_struct_field_data(const struct glsl_type *t, unsigned index)
{
   if (t->base_type != GLSL_TYPE_STRUCT || index >= t->length)
      return NULL;
   return &t->fields[index];
}

const struct glsl_type *
glsl_get_struct_field(const struct glsl_type *t, unsigned index)
{
   const struct glsl_struct_field *f = glsl_get_struct_field_data(t, index);
   return f ? f->type : &error_type;
}

const char *
glsl_get_struct_elem_name(const struct glsl_type *t, unsigned index)
{
   const struct glsl_struct_field *f = glsl_get_struct_field_data(t, index);
   return f ? f->name : NULL;
}

int
glsl_get_field_index(const struct glsl_type *t, const char *name)
{
   if (t->base_type != GLSL_TYPE_STRUCT || !name)
      return -1;
   for (unsigned i = 0; i < t->length; i++)
      if (t->fields[i].name && strcmp(t->fields[i].name, name) == 0)
         return (int)i;
   return -1;
}

enum glsl_block_kind
glsl_get_block_kind(const struct glsl_type *t)
{
   return t->base_type == GLSL_TYPE_STRUCT ? t->block_kind : GLSL_BLOCK_NONE;
}

const char *
glsl_get_type_name(const struct glsl_type *t)
{
   return t->name;
}

enum glsl_sampler_dim
glsl_get_sampler_dim(const struct glsl_type *t)
{
   return glsl_type_is_opaque(t) ? t->sampler_dim : GLSL_SAMPLER_DIM_2D;
}

bool
glsl_sampler_type_is_array(const struct glsl_type *t)
{
   return glsl_type_is_opaque(t) && t->sampler_array;
}

bool
glsl_sampler_type_is_shadow(const struct glsl_type *t)
{
   return glsl_type_is_opaque(t) && t->sampler_shadow;
}

enum glsl_base_type
glsl_get_sampler_result_type(const struct glsl_type *t)
{
   return (t->base_type == GLSL_TYPE_IMAGE || t->base_type == GLSL_TYPE_SAMPLED_IMAGE)
             ? t->sampled_type
             : GLSL_TYPE_VOID;
}

unsigned
glsl_get_sampler_coordinate_components(const struct glsl_type *t)
{
   if (!glsl_type_is_opaque(t))
      return 0;
   unsigned n;
   switch (t->sampler_dim) {
   case GLSL_SAMPLER_DIM_1D:
   case GLSL_SAMPLER_DIM_BUF:
      n = 1;
      break;
   case GLSL_SAMPLER_DIM_2D:
   case GLSL_SAMPLER_DIM_RECT:
   case GLSL_SAMPLER_DIM_SUBPASS:
   case GLSL_SAMPLER_DIM_SUBPASS_MS:
      n = 2;
      break;
   default:
      n = 3;
      break;
   }
   return n + (t->sampler_array ? 1 : 0);
}

const struct glsl_type *
glsl_get_image_type(const struct glsl_type *t)
{
   return t->base_type == GLSL_TYPE_SAMPLED_IMAGE ? t->element : t;
}

unsigned
glsl_count_attribute_slots(const struct glsl_type *t, bool is_vertex_input)
{
   switch (t->base_type) {
   case GLSL_TYPE_ARRAY:
      return t->length * glsl_count_attribute_slots(t->element, is_vertex_input);
   case GLSL_TYPE_STRUCT: {
      unsigned n = 0;
      for (unsigned i = 0; i < t->length; i++)
         n += glsl_count_attribute_slots(t->fields[i].type, is_vertex_input);
      return n;
   }
   default:
      break;
   }
   if (!glsl_base_type_is_numeric(t->base_type))
      return 1;
   /* Vulkan 1.3, 15.1.4 "Location Assignment": 64-bit three- and
    * four-component vectors consume two consecutive locations. */
   const unsigned per_column =
      (glsl_base_type_bit_size(t->base_type) == 64 && t->vector_elements > 2) ? 2 : 1;
   return per_column * t->matrix_columns;
}

/* ------------------------------------------------------------------------------- */
/* Layouts                                                                         */
/* ------------------------------------------------------------------------------- */

static unsigned
scalar_size_B(enum glsl_base_type b)
{
   /* Booleans in interface blocks take 32 bits, as in SPIR-V storage. */
   const unsigned bits = glsl_base_type_bit_size(b);
   return bits == 1 ? 4 : bits / 8;
}

static unsigned
vector_align_B(enum glsl_base_type b, unsigned n, enum glsl_layout layout)
{
   const unsigned s = scalar_size_B(b);
   if (layout == GLSL_LAYOUT_SCALAR)
      return s;
   /* GLSL 4.60, 7.6.2.2: 2-component vectors align to 2N, 3/4-component
    * vectors to 4N. We extend "4N" to 8 and 16 wide vectors by their size. */
   if (n == 1)
      return s;
   if (n == 2)
      return 2 * s;
   if (n <= 4)
      return 4 * s;
   return n * s;
}

static unsigned
round_up(unsigned v, unsigned a)
{
   return a ? (v + a - 1) / a * a : v;
}

/* Stride of the columns (or rows) of a matrix. */
static unsigned
matrix_stride_B(const struct glsl_type *t, enum glsl_layout layout, bool row_major)
{
   const unsigned n = row_major ? t->matrix_columns : t->vector_elements;
   unsigned a = vector_align_B(t->base_type, n, layout);
   if (layout == GLSL_LAYOUT_STD140)
      a = round_up(a, 16);
   if (layout == GLSL_LAYOUT_SCALAR)
      return n * scalar_size_B(t->base_type);
   return round_up(n * scalar_size_B(t->base_type), a);
}

unsigned
glsl_get_layout_align_B(const struct glsl_type *t, enum glsl_layout layout,
                        bool row_major)
{
   switch (t->base_type) {
   case GLSL_TYPE_ARRAY: {
      unsigned a = glsl_get_layout_align_B(t->element, layout, row_major);
      return layout == GLSL_LAYOUT_STD140 ? round_up(a, 16) : a;
   }
   case GLSL_TYPE_STRUCT: {
      unsigned a = 1;
      for (unsigned i = 0; i < t->length; i++) {
         const struct glsl_struct_field *f = &t->fields[i];
         const bool rm = f->matrix_layout == GLSL_MATRIX_LAYOUT_INHERITED
                            ? row_major
                            : f->matrix_layout == GLSL_MATRIX_LAYOUT_ROW_MAJOR;
         a = MAX2(a, glsl_get_layout_align_B(f->type, layout, rm));
      }
      return layout == GLSL_LAYOUT_STD140 ? round_up(a, 16) : a;
   }
   default:
      break;
   }
   if (!glsl_base_type_is_numeric(t->base_type))
      return 0;
   if (t->matrix_columns > 1) {
      /* A matrix is laid out like an array of its columns (or rows). */
      const unsigned n = row_major ? t->matrix_columns : t->vector_elements;
      unsigned a = vector_align_B(t->base_type, n, layout);
      return layout == GLSL_LAYOUT_STD140 ? round_up(a, 16) : a;
   }
   return vector_align_B(t->base_type, t->vector_elements, layout);
}

unsigned
glsl_get_layout_size_B(const struct glsl_type *t, enum glsl_layout layout, bool row_major)
{
   switch (t->base_type) {
   case GLSL_TYPE_ARRAY: {
      const unsigned es = glsl_get_layout_size_B(t->element, layout, row_major);
      const unsigned ea = glsl_get_layout_align_B(t->element, layout, row_major);
      unsigned stride = layout == GLSL_LAYOUT_SCALAR ? es : round_up(es, ea);
      if (layout == GLSL_LAYOUT_STD140)
         stride = round_up(stride, 16);
      return stride * t->length;
   }
   case GLSL_TYPE_STRUCT: {
      unsigned offset = 0;
      for (unsigned i = 0; i < t->length; i++) {
         const struct glsl_struct_field *f = &t->fields[i];
         const bool rm = f->matrix_layout == GLSL_MATRIX_LAYOUT_INHERITED
                            ? row_major
                            : f->matrix_layout == GLSL_MATRIX_LAYOUT_ROW_MAJOR;
         offset = round_up(offset, glsl_get_layout_align_B(f->type, layout, rm));
         offset += glsl_get_layout_size_B(f->type, layout, rm);
      }
      if (layout != GLSL_LAYOUT_SCALAR)
         offset = round_up(offset, glsl_get_layout_align_B(t, layout, row_major));
      return offset;
   }
   default:
      break;
   }
   if (!glsl_base_type_is_numeric(t->base_type))
      return 0;
   if (t->matrix_columns > 1) {
      const unsigned count = row_major ? t->vector_elements : t->matrix_columns;
      return count * matrix_stride_B(t, layout, row_major);
   }
   return t->vector_elements * scalar_size_B(t->base_type);
}

const struct glsl_type *
glsl_get_explicit_type_for_layout(const struct glsl_type *t, enum glsl_layout layout,
                                  bool row_major)
{
   switch (t->base_type) {
   case GLSL_TYPE_ARRAY: {
      const struct glsl_type *e =
         glsl_get_explicit_type_for_layout(t->element, layout, row_major);
      const unsigned es = glsl_get_layout_size_B(t->element, layout, row_major);
      const unsigned ea = glsl_get_layout_align_B(t->element, layout, row_major);
      unsigned stride = layout == GLSL_LAYOUT_SCALAR ? es : round_up(es, ea);
      if (layout == GLSL_LAYOUT_STD140)
         stride = round_up(stride, 16);
      return glsl_array_type(e, t->length, stride);
   }
   case GLSL_TYPE_STRUCT: {
      struct glsl_struct_field small[16] = {{0}};
      struct glsl_struct_field *fields = small;
      if (t->length > ARRAY_SIZE(small)) {
         fields = malloc(sizeof(*fields) * t->length);
         if (!fields)
            return &error_type;
      }
      unsigned offset = 0;
      for (unsigned i = 0; i < t->length; i++) {
         struct glsl_struct_field f = t->fields[i];
         const bool rm = f.matrix_layout == GLSL_MATRIX_LAYOUT_INHERITED
                            ? row_major
                            : f.matrix_layout == GLSL_MATRIX_LAYOUT_ROW_MAJOR;
         offset = round_up(offset, glsl_get_layout_align_B(f.type, layout, rm));
         f.offset_B = (int32_t)offset;
         const struct glsl_type *bare = glsl_without_array(f.type);
         if (glsl_type_is_matrix(bare)) {
            f.matrix_stride_B = (int32_t)matrix_stride_B(bare, layout, rm);
            f.matrix_layout =
               rm ? GLSL_MATRIX_LAYOUT_ROW_MAJOR : GLSL_MATRIX_LAYOUT_COLUMN_MAJOR;
         }
         offset += glsl_get_layout_size_B(f.type, layout, rm);
         f.type = glsl_get_explicit_type_for_layout(f.type, layout, rm);
         fields[i] = f;
      }
      const struct glsl_type *r =
         glsl_struct_type(fields, t->length, t->name, t->block_kind);
      if (fields != small)
         free(fields);
      return r;
   }
   default:
      return t;
   }
}

static unsigned
explicit_size(const struct glsl_type *t, int32_t mstride, enum glsl_matrix_layout ml)
{
   switch (t->base_type) {
   case GLSL_TYPE_ARRAY: {
      if (t->length == 0)
         return 0;
      const unsigned es = explicit_size(t->element, mstride, ml);
      const unsigned stride = t->explicit_stride_B ? t->explicit_stride_B : es;
      return stride * (t->length - 1) + es;
   }
   case GLSL_TYPE_STRUCT: {
      unsigned size = 0, offset = 0;
      for (unsigned i = 0; i < t->length; i++) {
         const struct glsl_struct_field *f = &t->fields[i];
         if (f->offset_B >= 0)
            offset = (unsigned)f->offset_B;
         const unsigned end =
            offset + explicit_size(f->type, f->matrix_stride_B, f->matrix_layout);
         size = MAX2(size, end);
         offset = end;
      }
      return size;
   }
   default:
      break;
   }
   if (!glsl_base_type_is_numeric(t->base_type))
      return 0;
   const unsigned s = scalar_size_B(t->base_type);
   if (t->matrix_columns > 1) {
      const bool rm = ml == GLSL_MATRIX_LAYOUT_ROW_MAJOR;
      const unsigned count = rm ? t->vector_elements : t->matrix_columns;
      const unsigned n = rm ? t->matrix_columns : t->vector_elements;
      const unsigned stride = mstride > 0 ? (unsigned)mstride : n * s;
      return stride * (count - 1) + n * s;
   }
   return t->vector_elements * s;
}

unsigned
glsl_get_explicit_size_B(const struct glsl_type *t)
{
   return explicit_size(t, GLSL_NO_DECORATION, GLSL_MATRIX_LAYOUT_INHERITED);
}

unsigned
glsl_get_vector_size_B(const struct glsl_type *t)
{
   if (!glsl_type_is_vector_or_scalar(t))
      return 0;
   return t->vector_elements * scalar_size_B(t->base_type);
}

/* ------------------------------------------------------------------------------- */
/* Names and printing                                                              */
/* ------------------------------------------------------------------------------- */

const char *
glsl_base_type_name(enum glsl_base_type b)
{
   static const char *const names[] = {
      [GLSL_TYPE_VOID] = "void",         [GLSL_TYPE_BOOL] = "bool",
      [GLSL_TYPE_INT8] = "int8_t",       [GLSL_TYPE_UINT8] = "uint8_t",
      [GLSL_TYPE_INT16] = "int16_t",     [GLSL_TYPE_UINT16] = "uint16_t",
      [GLSL_TYPE_INT] = "int",           [GLSL_TYPE_UINT] = "uint",
      [GLSL_TYPE_INT64] = "int64_t",     [GLSL_TYPE_UINT64] = "uint64_t",
      [GLSL_TYPE_FLOAT16] = "float16_t", [GLSL_TYPE_FLOAT] = "float",
      [GLSL_TYPE_DOUBLE] = "double",     [GLSL_TYPE_ARRAY] = "array",
      [GLSL_TYPE_STRUCT] = "struct",     [GLSL_TYPE_IMAGE] = "image",
      [GLSL_TYPE_SAMPLER] = "sampler",   [GLSL_TYPE_SAMPLED_IMAGE] = "sampled_image",
      [GLSL_TYPE_ERROR] = "error",
   };
   return (unsigned)b < ARRAY_SIZE(names) ? names[b] : "invalid";
}

const char *
glsl_sampler_dim_name(enum glsl_sampler_dim dim)
{
   static const char *const names[] = {
      [GLSL_SAMPLER_DIM_1D] = "1D",           [GLSL_SAMPLER_DIM_2D] = "2D",
      [GLSL_SAMPLER_DIM_3D] = "3D",           [GLSL_SAMPLER_DIM_CUBE] = "Cube",
      [GLSL_SAMPLER_DIM_RECT] = "Rect",       [GLSL_SAMPLER_DIM_BUF] = "Buffer",
      [GLSL_SAMPLER_DIM_SUBPASS] = "Subpass", [GLSL_SAMPLER_DIM_SUBPASS_MS] = "SubpassMS",
   };
   return (unsigned)dim < ARRAY_SIZE(names) ? names[dim] : "invalid";
}

const char *
glsl_interp_mode_name(enum glsl_interp_mode mode)
{
   switch (mode) {
   case GLSL_INTERP_MODE_NONE:
      return "none";
   case GLSL_INTERP_MODE_SMOOTH:
      return "smooth";
   case GLSL_INTERP_MODE_FLAT:
      return "flat";
   case GLSL_INTERP_MODE_NOPERSPECTIVE:
      return "noperspective";
   }
   return "invalid";
}

const char *
nir_image_format_name(enum nir_image_format format)
{
   static const char *const names[NIR_FORMAT_COUNT] = {
      "unknown",        "rgba32f",     "rgba16f",    "r32f",
      "rgba8",          "rgba8_snorm", "rg32f",      "rg16f",
      "r11f_g11f_b10f", "r16f",        "rgba16",     "rgb10_a2",
      "rg16",           "rg8",         "r16",        "r8",
      "rgba16_snorm",   "rg16_snorm",  "rg8_snorm",  "r16_snorm",
      "r8_snorm",       "rgba32i",     "rgba16i",    "rgba8i",
      "r32i",           "rg32i",       "rg16i",      "rg8i",
      "r16i",           "r8i",         "rgba32ui",   "rgba16ui",
      "rgba8ui",        "r32ui",       "rgb10_a2ui", "rg32ui",
      "rg16ui",         "rg8ui",       "r16ui",      "r8ui",
      "r64ui",          "r64i",
   };
   return (unsigned)format < NIR_FORMAT_COUNT ? names[format] : "invalid";
}

static const char *
vector_prefix(enum glsl_base_type b)
{
   switch (b) {
   case GLSL_TYPE_BOOL:
      return "b";
   case GLSL_TYPE_INT8:
      return "i8";
   case GLSL_TYPE_UINT8:
      return "u8";
   case GLSL_TYPE_INT16:
      return "i16";
   case GLSL_TYPE_UINT16:
      return "u16";
   case GLSL_TYPE_INT:
      return "i";
   case GLSL_TYPE_UINT:
      return "u";
   case GLSL_TYPE_INT64:
      return "i64";
   case GLSL_TYPE_UINT64:
      return "u64";
   case GLSL_TYPE_FLOAT16:
      return "f16";
   case GLSL_TYPE_FLOAT:
      return "";
   case GLSL_TYPE_DOUBLE:
      return "d";
   default:
      return "?";
   }
}

void
glsl_print_type(struct strbuf *sb, const struct glsl_type *t)
{
   switch (t->base_type) {
   case GLSL_TYPE_ARRAY:
      glsl_print_type(sb, t->element);
      if (t->length)
         strbuf_printf(sb, "[%u]", t->length);
      else
         strbuf_append(sb, "[]");
      if (t->explicit_stride_B)
         strbuf_printf(sb, "(stride=%u)", t->explicit_stride_B);
      return;
   case GLSL_TYPE_STRUCT:
      if (t->name) {
         strbuf_printf(sb, "struct %s", t->name);
      } else {
         strbuf_append(sb, "struct {");
         for (unsigned i = 0; i < t->length; i++) {
            strbuf_append(sb, i ? ", " : " ");
            glsl_print_type(sb, t->fields[i].type);
            if (t->fields[i].name)
               strbuf_printf(sb, " %s", t->fields[i].name);
         }
         strbuf_append(sb, " }");
      }
      return;
   case GLSL_TYPE_IMAGE:
      strbuf_printf(sb, "image(%s%s%s, %s, depth=%u, sampled=%u, %s)",
                    glsl_sampler_dim_name(t->sampler_dim),
                    t->sampler_array ? ", array" : "", t->sampler_ms ? ", ms" : "",
                    glsl_base_type_name(t->sampled_type), t->image_depth,
                    t->image_sampled, nir_image_format_name(t->image_format));
      return;
   case GLSL_TYPE_SAMPLER:
      strbuf_append(sb, t->sampler_shadow ? "samplerShadow" : "sampler");
      return;
   case GLSL_TYPE_SAMPLED_IMAGE:
      strbuf_append(sb, "sampled ");
      glsl_print_type(sb, t->element);
      return;
   case GLSL_TYPE_VOID:
   case GLSL_TYPE_ERROR:
      strbuf_append(sb, glsl_base_type_name(t->base_type));
      return;
   default:
      break;
   }
   if (t->matrix_columns > 1) {
      strbuf_printf(sb, "%smat%ux%u", vector_prefix(t->base_type), t->matrix_columns,
                    t->vector_elements);
   } else if (t->vector_elements > 1) {
      strbuf_printf(sb, "%svec%u", vector_prefix(t->base_type), t->vector_elements);
   } else {
      strbuf_append(sb, glsl_base_type_name(t->base_type));
   }
}

void
glsl_print_type_decl(struct strbuf *sb, const struct glsl_type *t)
{
   const struct glsl_type *s = glsl_without_array(t);
   glsl_print_type(sb, s);
   if (s->base_type != GLSL_TYPE_STRUCT)
      return;
   if (s->block_kind == GLSL_BLOCK)
      strbuf_append(sb, " (Block)");
   else if (s->block_kind == GLSL_BUFFER_BLOCK)
      strbuf_append(sb, " (BufferBlock)");
   strbuf_append(sb, " {\n");
   for (unsigned i = 0; i < s->length; i++) {
      const struct glsl_struct_field *f = &s->fields[i];
      strbuf_append(sb, "   ");
      glsl_print_type(sb, f->type);
      strbuf_printf(sb, " %s", f->name ? f->name : "<unnamed>");
      struct strbuf deco;
      strbuf_init(&deco);
      if (f->offset_B >= 0)
         strbuf_printf(&deco, ", offset=%d", f->offset_B);
      if (f->matrix_stride_B >= 0)
         strbuf_printf(&deco, ", matrix_stride=%d", f->matrix_stride_B);
      if (f->matrix_layout == GLSL_MATRIX_LAYOUT_ROW_MAJOR)
         strbuf_append(&deco, ", row_major");
      else if (f->matrix_layout == GLSL_MATRIX_LAYOUT_COLUMN_MAJOR)
         strbuf_append(&deco, ", col_major");
      if (f->builtin != NIR_BUILTIN_NONE) {
         const char *n = nir_builtin_name(f->builtin);
         if (n)
            strbuf_printf(&deco, ", builtin=%s", n);
         else
            strbuf_printf(&deco, ", builtin=%d", (int)f->builtin);
      }
      if (f->location >= 0)
         strbuf_printf(&deco, ", location=%d", f->location);
      if (f->component >= 0)
         strbuf_printf(&deco, ", component=%d", f->component);
      if (f->interpolation != GLSL_INTERP_MODE_NONE)
         strbuf_printf(&deco, ", %s", glsl_interp_mode_name(f->interpolation));
      if (f->centroid)
         strbuf_append(&deco, ", centroid");
      if (f->sample)
         strbuf_append(&deco, ", sample");
      if (f->patch)
         strbuf_append(&deco, ", patch");
      if (f->invariant)
         strbuf_append(&deco, ", invariant");
      if (f->precise)
         strbuf_append(&deco, ", precise");
      if (f->access & NIR_ACCESS_COHERENT)
         strbuf_append(&deco, ", coherent");
      if (f->access & NIR_ACCESS_VOLATILE)
         strbuf_append(&deco, ", volatile");
      if (f->access & NIR_ACCESS_RESTRICT)
         strbuf_append(&deco, ", restrict");
      if (f->access & NIR_ACCESS_NON_WRITEABLE)
         strbuf_append(&deco, ", readonly");
      if (f->access & NIR_ACCESS_NON_READABLE)
         strbuf_append(&deco, ", writeonly");
      if (f->xfb_buffer >= 0)
         strbuf_printf(&deco, ", xfb_buffer=%d", f->xfb_buffer);
      if (f->xfb_offset_B >= 0)
         strbuf_printf(&deco, ", xfb_offset=%d", f->xfb_offset_B);
      if (f->xfb_stride_B >= 0)
         strbuf_printf(&deco, ", xfb_stride=%d", f->xfb_stride_B);
      if (f->stream >= 0)
         strbuf_printf(&deco, ", stream=%d", f->stream);
      if (deco.len)
         strbuf_printf(sb, " (%s)", strbuf_str(&deco) + 2);
      if (deco.oom)
         sb->oom = true;
      strbuf_finish(&deco);
      strbuf_append(sb, "\n");
   }
   strbuf_append(sb, "}");
}
