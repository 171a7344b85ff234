/* SPDX-License-Identifier: MIT */
/* Types: interning (also across threads), queries, explicit layouts, names. */
#include <pthread.h>

#include "nir_test_helpers.h"
#include "util/strbuf.h"

static char *
type_name(const struct glsl_type *t)
{
   struct strbuf sb;
   strbuf_init(&sb);
   glsl_print_type(&sb, t);
   return strbuf_steal(&sb);
}

#define CHECK_TYPE_NAME(t, want)                                                         \
   do {                                                                                  \
      char *_n = type_name(t);                                                           \
      CHECK_STREQ(_n, want);                                                             \
      free(_n);                                                                          \
   } while (0)

TEST(nir_types_interning)
{
   CHECK(glsl_vector_type(GLSL_TYPE_FLOAT, 4) == glsl_vec4_type());
   CHECK(glsl_vector_type(GLSL_TYPE_UINT, 16) == glsl_vector_type(GLSL_TYPE_UINT, 16));
   CHECK(glsl_type_is_error(glsl_vector_type(GLSL_TYPE_UINT, 5)));
   CHECK(glsl_type_is_error(glsl_vector_type(GLSL_TYPE_STRUCT, 2)));
   CHECK(glsl_matrix_type(GLSL_TYPE_DOUBLE, 3, 4) ==
         glsl_matrix_type(GLSL_TYPE_DOUBLE, 3, 4));
   CHECK(glsl_type_is_error(glsl_matrix_type(GLSL_TYPE_INT, 3, 3)));

   const struct glsl_type *a1 = glsl_array_type(glsl_float_type(), 4, 0);
   CHECK(a1 == glsl_array_type(glsl_float_type(), 4, 0));
   CHECK(a1 != glsl_array_type(glsl_float_type(), 4, 16)); /* ArrayStride matters */
   CHECK(a1 != glsl_array_type(glsl_float_type(), 0, 0));  /* runtime array */

   struct glsl_struct_field f[2] = {glsl_struct_field_init(glsl_vec4_type(), "a"),
                                    glsl_struct_field_init(a1, "b")};
   const struct glsl_type *s1 = glsl_struct_type(f, 2, "S", GLSL_BLOCK_NONE);
   CHECK(s1 == glsl_struct_type(f, 2, "S", GLSL_BLOCK_NONE));
   CHECK(s1 != glsl_struct_type(f, 2, "T", GLSL_BLOCK_NONE));
   CHECK(s1 != glsl_struct_type(f, 2, "S", GLSL_BLOCK));
   f[1].offset_B = 16;
   const struct glsl_type *s2 = glsl_struct_type(f, 2, "S", GLSL_BLOCK_NONE);
   CHECK(s1 != s2);
   f[1].offset_B = GLSL_NO_DECORATION;
   f[0].builtin = NIR_BUILTIN_POSITION;
   CHECK(glsl_struct_type(f, 2, "S", GLSL_BLOCK_NONE) != s1);
   /* The struct keeps copies: changing the caller's array changes nothing. */
   f[0].name = "changed";
   CHECK_STREQ(glsl_get_struct_elem_name(s1, 0), "a");

   const struct glsl_type *img = glsl_image_type(GLSL_SAMPLER_DIM_CUBE, true, false, 0, 1,
                                                 GLSL_TYPE_FLOAT, NIR_FORMAT_UNKNOWN);
   CHECK(img == glsl_image_type(GLSL_SAMPLER_DIM_CUBE, true, false, 0, 1, GLSL_TYPE_FLOAT,
                                NIR_FORMAT_UNKNOWN));
   CHECK(glsl_sampled_image_type(img) == glsl_sampled_image_type(img));
   CHECK(glsl_get_image_type(glsl_sampled_image_type(img)) == img);
   CHECK(glsl_bare_sampler_type(true) != glsl_bare_sampler_type(false));
   CHECK(glsl_type_is_error(glsl_sampled_image_type(glsl_float_type())));
}

TEST(nir_types_queries_are_total)
{
   const struct glsl_type *e = glsl_error_type();
   CHECK(glsl_get_struct_field(e, 3) == e);
   CHECK(glsl_get_struct_field(glsl_float_type(), 0) == e);
   CHECK(glsl_get_array_element(glsl_float_type()) == e);
   CHECK_EQ(glsl_get_length(e), 0);
   CHECK_EQ(glsl_get_components(e), 0);
   CHECK(glsl_get_struct_elem_name(e, 0) == NULL);
   CHECK_EQ(glsl_get_field_index(e, "x"), -1);
   CHECK(glsl_type_is_error(glsl_array_type(e, 3, 0)));
   struct glsl_struct_field f = glsl_struct_field_init(e, "x");
   CHECK(glsl_type_is_error(glsl_struct_type(&f, 1, NULL, GLSL_BLOCK_NONE)));

   const struct glsl_type *m = glsl_matrix_type(GLSL_TYPE_FLOAT, 3, 2);
   CHECK_EQ(glsl_get_length(m), 2);
   CHECK(glsl_get_column_type(m) == glsl_vector_type(GLSL_TYPE_FLOAT, 3));
   CHECK(glsl_get_deref_element(glsl_vec4_type()) == glsl_float_type());
   CHECK_EQ(glsl_get_bit_size(glsl_bool_type()), 1);
   CHECK_EQ(glsl_get_vector_size_B(glsl_vector_type(GLSL_TYPE_BOOL, 2)), 8);
   CHECK_EQ(glsl_count_attribute_slots(glsl_vector_type(GLSL_TYPE_DOUBLE, 4), false), 2);
   CHECK_EQ(glsl_count_attribute_slots(glsl_vector_type(GLSL_TYPE_DOUBLE, 2), false), 1);
   CHECK_EQ(glsl_count_attribute_slots(glsl_matrix_type(GLSL_TYPE_FLOAT, 4, 4), false),
            4);
   CHECK_EQ(glsl_count_attribute_slots(glsl_array_type(glsl_float_type(), 3, 0), false),
            3);
   CHECK_EQ(
      glsl_get_sampler_coordinate_components(glsl_image_type(
         GLSL_SAMPLER_DIM_CUBE, true, false, 0, 1, GLSL_TYPE_FLOAT, NIR_FORMAT_UNKNOWN)),
      4);
   CHECK(glsl_type_with_base(glsl_array_type(glsl_vec4_type(), 2, 0), GLSL_TYPE_UINT) ==
         glsl_array_type(glsl_vector_type(GLSL_TYPE_UINT, 4), 2, 0));
}

TEST(nir_types_layouts)
{
   struct glsl_struct_field f[4] = {
      glsl_struct_field_init(glsl_float_type(), "a"),
      glsl_struct_field_init(glsl_vector_type(GLSL_TYPE_FLOAT, 3), "b"),
      glsl_struct_field_init(glsl_matrix_type(GLSL_TYPE_FLOAT, 3, 3), "c"),
      glsl_struct_field_init(glsl_array_type(glsl_float_type(), 2, 0), "d"),
   };
   const struct glsl_type *s = glsl_struct_type(f, 4, "L", GLSL_BLOCK);

   /* std140: vec3 at 16, mat3 as 3 vec4 columns at 32, float[2] stride 16 at 80. */
   CHECK_EQ(glsl_get_layout_size_B(s, GLSL_LAYOUT_STD140, false), 112);
   CHECK_EQ(glsl_get_layout_align_B(s, GLSL_LAYOUT_STD140, false), 16);
   const struct glsl_type *e140 =
      glsl_get_explicit_type_for_layout(s, GLSL_LAYOUT_STD140, false);
   CHECK_EQ(glsl_get_struct_field_data(e140, 0)->offset_B, 0);
   CHECK_EQ(glsl_get_struct_field_data(e140, 1)->offset_B, 16);
   CHECK_EQ(glsl_get_struct_field_data(e140, 2)->offset_B, 32);
   CHECK_EQ(glsl_get_struct_field_data(e140, 2)->matrix_stride_B, 16);
   CHECK_EQ(glsl_get_struct_field_data(e140, 3)->offset_B, 80);
   CHECK_EQ(glsl_get_explicit_stride(glsl_get_struct_field(e140, 3)), 16);
   CHECK_EQ(glsl_get_explicit_size_B(e140), 100);

   /* std430: arrays of scalars are tight; the struct pads to 16. */
   CHECK_EQ(glsl_get_layout_size_B(s, GLSL_LAYOUT_STD430, false), 96);
   const struct glsl_type *e430 =
      glsl_get_explicit_type_for_layout(s, GLSL_LAYOUT_STD430, false);
   CHECK_EQ(glsl_get_struct_field_data(e430, 3)->offset_B, 80);
   CHECK_EQ(glsl_get_explicit_stride(glsl_get_struct_field(e430, 3)), 4);
   CHECK_EQ(glsl_get_explicit_size_B(e430), 88);

   /* scalar: everything tight. */
   CHECK_EQ(glsl_get_layout_size_B(s, GLSL_LAYOUT_SCALAR, false), 60);
   const struct glsl_type *esc =
      glsl_get_explicit_type_for_layout(s, GLSL_LAYOUT_SCALAR, false);
   CHECK_EQ(glsl_get_struct_field_data(esc, 1)->offset_B, 4);
   CHECK_EQ(glsl_get_struct_field_data(esc, 2)->offset_B, 16);
   CHECK_EQ(glsl_get_struct_field_data(esc, 2)->matrix_stride_B, 12);
   CHECK_EQ(glsl_get_struct_field_data(esc, 3)->offset_B, 52);

   /* Row-major mat2x3 (2 columns of 3): rows are vec2, std140 stride 16. */
   const struct glsl_type *m23 = glsl_matrix_type(GLSL_TYPE_FLOAT, 3, 2);
   CHECK_EQ(glsl_get_layout_size_B(m23, GLSL_LAYOUT_STD140, true), 48);
   CHECK_EQ(glsl_get_layout_size_B(m23, GLSL_LAYOUT_STD140, false), 32);
   CHECK_EQ(glsl_get_layout_size_B(m23, GLSL_LAYOUT_STD430, true), 24);
   /* dvec3 aligns to 32 bytes. */
   CHECK_EQ(glsl_get_layout_align_B(glsl_vector_type(GLSL_TYPE_DOUBLE, 3),
                                    GLSL_LAYOUT_STD430, false),
            32);
}

TEST(nir_types_names)
{
   CHECK_TYPE_NAME(glsl_vec4_type(), "vec4");
   CHECK_TYPE_NAME(glsl_vector_type(GLSL_TYPE_FLOAT16, 2), "f16vec2");
   CHECK_TYPE_NAME(glsl_vector_type(GLSL_TYPE_UINT8, 16), "u8vec16");
   CHECK_TYPE_NAME(glsl_matrix_type(GLSL_TYPE_DOUBLE, 4, 3), "dmat3x4");
   CHECK_TYPE_NAME(glsl_array_type(glsl_uint_type(), 0, 4), "uint[](stride=4)");
   CHECK_TYPE_NAME(glsl_array_type(glsl_array_type(glsl_bool_type(), 2, 0), 3, 0),
                   "bool[2][3]");
   CHECK_TYPE_NAME(glsl_image_type(GLSL_SAMPLER_DIM_2D, true, true, 0, 2, GLSL_TYPE_INT,
                                   NIR_FORMAT_RGBA8I),
                   "image(2D, array, ms, int, depth=0, sampled=2, rgba8i)");
   CHECK_TYPE_NAME(glsl_bare_sampler_type(true), "samplerShadow");
   struct glsl_struct_field f = glsl_struct_field_init(glsl_int_type(), "x");
   CHECK_TYPE_NAME(glsl_struct_type(&f, 1, NULL, GLSL_BLOCK_NONE), "struct { int x }");
   CHECK_STREQ(nir_builtin_name(NIR_BUILTIN_FRAG_COORD), "FragCoord");
   CHECK_EQ(NIR_BUILTIN_FRAG_COORD, 15); /* SPIR-V's value */
   CHECK_EQ(NIR_BUILTIN_SUBGROUP_EQ_MASK, 4416);
}

struct intern_job {
   const struct glsl_type *result[64];
};

static void *
intern_worker(void *data)
{
   struct intern_job *job = data;
   for (unsigned i = 0; i < 64; i++) {
      struct glsl_struct_field f[2] = {
         glsl_struct_field_init(glsl_array_type(glsl_vec4_type(), i + 1, 0), "v"),
         glsl_struct_field_init(glsl_uint_type(), "n"),
      };
      f[1].offset_B = (int32_t)i * 4;
      job->result[i] = glsl_struct_type(f, 2, "Threaded", GLSL_BLOCK);
   }
   return NULL;
}

TEST(nir_types_interning_is_thread_safe)
{
   enum { THREADS = 4 };
   pthread_t t[THREADS];
   struct intern_job jobs[THREADS];
   for (unsigned i = 0; i < THREADS; i++)
      REQUIRE(pthread_create(&t[i], NULL, intern_worker, &jobs[i]) == 0);
   for (unsigned i = 0; i < THREADS; i++)
      pthread_join(t[i], NULL);
   for (unsigned k = 0; k < 64; k++) {
      CHECK(!glsl_type_is_error(jobs[0].result[k]));
      for (unsigned i = 1; i < THREADS; i++)
         CHECK(jobs[i].result[k] == jobs[0].result[k]);
   }
}
