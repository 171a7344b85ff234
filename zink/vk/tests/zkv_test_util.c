/* SPDX-License-Identifier: MIT */
#include "zkv_test_util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kgl.h"
#include "ntv/nir_to_spirv.h"
#include "spirv/spirv_to_nir.h"
#include "util/arena.h"
#include "zk_compiler.h"

bool
zkvt_init(struct zkvt *t)
{
   memset(t, 0, sizeof(*t));
   VkResult r;
   const char *msg = NULL;
   t->screen = zkv_screen_create(&r, &msg);
   if (!t->screen)
      return test_fail(__FILE__, __LINE__, "zkv_screen_create: %d (%s)", r, msg ? msg : "");
   t->caps = zkv_screen_caps(t->screen);
   static bool named;
   if (!named) {
      named = true;
      const struct zkv_caps *c = t->caps;
      printf("device: %s (Vulkan %u.%u)%s%s%s%s%s%s\n", c->device_name,
             VK_API_VERSION_MAJOR(c->api_version), VK_API_VERSION_MINOR(c->api_version),
             c->extended_dynamic_state ? " eds" : "", c->extended_dynamic_state2 ? " eds2" : "",
             c->vertex_input_dynamic ? " vertex-input" : "", c->multi_draw ? " multi-draw" : "",
             c->transform_feedback ? " xfb" : "", c->depth_clip_control ? " clip-control" : "");
   }
   t->ctx = zkv_context_create(t->screen, &r);
   if (!t->ctx) {
      zkv_screen_destroy(t->screen);
      return test_fail(__FILE__, __LINE__, "zkv_context_create: %d", r);
   }
   return true;
}

void
zkvt_finish(struct zkvt *t)
{
   if (t->ctx) {
      zkv_finish(t->ctx);
      CHECK_EQ(zkv_context_status(t->ctx), VK_SUCCESS);
      zkv_context_destroy(t->ctx);
   }
   if (t->screen)
      CHECK_EQ(zkv_screen_validation_errors(t->screen), 0);
   zkv_screen_destroy(t->screen);
   memset(t, 0, sizeof(*t));
}

static struct zkv_program *
build(struct zkvt *t, const struct kgl_shader_desc *descs, unsigned n)
{
   struct kgl_program *prog = NULL;
   struct kgl_link_options lo = {.flavour = KGL_FLAVOUR_GL};
   if (kgl_program_create_from_sources(descs, n, &lo, &prog) != KGL_SUCCESS) {
      test_fail(__FILE__, __LINE__, "kgl: %s", prog ? kgl_program_info_log(prog) : "?");
      kgl_program_destroy(prog);
      return NULL;
   }
   struct arena *arena = arena_create(NULL);
   uint32_t num_caps;
   const uint32_t *caps = spirv_to_nir_implemented_capabilities(&num_caps);
   const struct spirv_to_nir_options opts = {
      .env = SPIRV_ENV_OPENGL_GL_FLAVOURED,
      .capabilities = caps,
      .num_capabilities = num_caps,
      .keep_glsl450_geometry = true,
   };
   nir_shader *stages[NIR_STAGE_COUNT] = {0};
   struct zkv_program *result = NULL;
   for (unsigned s = 0; s < NIR_STAGE_COUNT; s++) {
      size_t count;
      const uint32_t *w = kgl_program_spirv(prog, (enum kgl_stage)s, &count);
      if (!w)
         continue;
      char *err = NULL;
      stages[s] = spirv_to_nir(w, count, (nir_shader_stage)s, NULL, &opts, arena, &err);
      if (!stages[s]) {
         test_fail(__FILE__, __LINE__, "spirv_to_nir: %s", err ? err : "?");
         free(err);
         goto out;
      }
      free(err);
   }
   const struct zk_program_key key = {.depth_clip_control = t->caps->depth_clip_control};
   struct zk_program_info info;
   const char *error = NULL;
   if (!zk_lower_program(stages, &key, arena, &info, &error)) {
      test_fail(__FILE__, __LINE__, "zk_lower_program: %s", error ? error : "?");
      goto out;
   }
   t->uniforms_size_B = info.uniforms_size_B;
   t->num_uniforms = 0;
   for (unsigned i = 0; i < info.num_uniforms && i < 16; i++) {
      snprintf(t->uniforms[i].name, sizeof(t->uniforms[i].name), "%s", info.uniforms[i].name);
      t->uniforms[i].offset_B = info.uniforms[i].offset_B;
      t->num_uniforms++;
   }
   struct zkv_program_desc desc = {.info = &info};
   const struct ntv_options no = {.target = NTV_TARGET_VULKAN_1_0, .spirv_version = 0x10000};
   for (unsigned s = 0; s < NIR_STAGE_COUNT; s++) {
      if (!stages[s])
         continue;
      uint32_t *words;
      size_t count;
      if (!ntv_emit(stages[s], &no, arena, &words, &count, &error)) {
         test_fail(__FILE__, __LINE__, "ntv: %s", error ? error : "?");
         goto out;
      }
      desc.code[s] = words; /* nir stages and zkv stages share the order */
      desc.code_words[s] = count;
   }
   VkResult r;
   const char *msg = NULL;
   result = zkv_program_create(t->screen, &desc, &r, &msg);
   if (!result)
      test_fail(__FILE__, __LINE__, "zkv_program_create: %d %s", r, msg ? msg : "");
out:
   kgl_program_destroy(prog);
   arena_destroy(arena);
   return result;
}

struct zkv_program *
zkvt_program(struct zkvt *t, const char *vs, const char *fs)
{
   const struct kgl_shader_desc descs[2] = {
      {.stage = KGL_STAGE_VERTEX, .strings = &vs, .count = 1},
      {.stage = KGL_STAGE_FRAGMENT, .strings = &fs, .count = 1},
   };
   return build(t, descs, fs ? 2 : 1);
}

struct zkv_program *
zkvt_program_gs(struct zkvt *t, const char *vs, const char *gs, const char *fs)
{
   const struct kgl_shader_desc descs[3] = {
      {.stage = KGL_STAGE_VERTEX, .strings = &vs, .count = 1},
      {.stage = KGL_STAGE_GEOMETRY, .strings = &gs, .count = 1},
      {.stage = KGL_STAGE_FRAGMENT, .strings = &fs, .count = 1},
   };
   return build(t, descs, 3);
}

struct zkv_program *
zkvt_compute(struct zkvt *t, const char *cs)
{
   const struct kgl_shader_desc desc = {.stage = KGL_STAGE_COMPUTE, .strings = &cs, .count = 1};
   return build(t, &desc, 1);
}

unsigned
zkvt_uniform_offset(struct zkvt *t, const char *name)
{
   for (unsigned i = 0; i < t->num_uniforms; i++)
      if (strcmp(t->uniforms[i].name, name) == 0)
         return t->uniforms[i].offset_B;
   test_fail(__FILE__, __LINE__, "no uniform %s", name);
   return 0;
}

struct zkv_image *
zkvt_target(struct zkvt *t, uint32_t w, uint32_t h, VkFormat format, struct zkv_image_view **view)
{
   const struct zkv_image_desc d = {
      .type = VK_IMAGE_TYPE_2D,
      .format = format,
      .width = w,
      .height = h,
      .depth = 1,
      .layers = 1,
      .levels = 1,
      .samples = VK_SAMPLE_COUNT_1_BIT,
   };
   VkResult r;
   struct zkv_image *img = zkv_image_create(t->screen, &d, &r);
   if (!img) {
      test_fail(__FILE__, __LINE__, "zkv_image_create: %d", r);
      return NULL;
   }
   if (view) {
      const struct zkv_image_view_desc vd = {.type = VK_IMAGE_VIEW_TYPE_2D, .levels = 1};
      *view = zkv_image_view_create(t->screen, img, &vd, &r);
      if (!*view)
         test_fail(__FILE__, __LINE__, "zkv_image_view_create: %d", r);
   }
   return img;
}

void
zkvt_read(struct zkvt *t, struct zkv_image *image, uint32_t w, uint32_t h, void *out)
{
   const struct zkv_box box = {0, 0, 0, w, h, 1};
   zkv_image_readback(t->ctx, image, 0, VK_IMAGE_ASPECT_COLOR_BIT, &box, out, NULL);
}

struct zkv_buffer *
zkvt_buffer(struct zkvt *t, const void *data, size_t size_B)
{
   VkResult r;
   struct zkv_buffer *b = zkv_buffer_create(t->screen, size_B, ZKV_BUFFER_ALL, 0, &r);
   if (!b) {
      test_fail(__FILE__, __LINE__, "zkv_buffer_create: %d", r);
      return NULL;
   }
   if (data)
      zkv_buffer_subdata(t->ctx, b, 0, size_B, data);
   return b;
}

static float
edge(const float a[2], const float b[2], float x, float y)
{
   return (b[0] - a[0]) * (y - a[1]) - (b[1] - a[1]) * (x - a[0]);
}

void
zkvt_coverage(uint32_t w, uint32_t h, const float tri[3][2], float margin, uint8_t *out)
{
   const float area = edge(tri[0], tri[1], tri[2][0], tri[2][1]);
   for (uint32_t y = 0; y < h; y++) {
      for (uint32_t x = 0; x < w; x++) {
         const float px = (float)x + 0.5f, py = (float)y + 0.5f;
         bool inside = true, near = false;
         for (int i = 0; i < 3; i++) {
            const float *a = tri[i], *b = tri[(i + 1) % 3];
            float e = edge(a, b, px, py);
            if (area < 0)
               e = -e;
            const float len = sqrtf((b[0] - a[0]) * (b[0] - a[0]) + (b[1] - a[1]) * (b[1] - a[1]));
            const float d = e / len; /* signed distance, positive inside */
            if (d < -margin)
               inside = false;
            else if (d < margin)
               near = true;
         }
         out[y * w + x] = !inside ? 0 : near ? 2 : 1;
      }
   }
}

bool
zkvt_check_rgba8(const uint8_t *got, const uint8_t *want, uint32_t w, uint32_t h, int tolerance,
                 const uint8_t *dont_care, const char *what)
{
   unsigned bad = 0;
   for (uint32_t i = 0; i < w * h; i++) {
      if (dont_care && dont_care[i])
         continue;
      for (int c = 0; c < 4; c++) {
         if (abs((int)got[i * 4 + c] - (int)want[i * 4 + c]) > tolerance) {
            if (bad++ == 0)
               test_fail(__FILE__, __LINE__,
                         "%s: pixel (%u, %u) is %u,%u,%u,%u, want %u,%u,%u,%u", what, i % w,
                         i / w, got[i * 4], got[i * 4 + 1], got[i * 4 + 2], got[i * 4 + 3],
                         want[i * 4], want[i * 4 + 1], want[i * 4 + 2], want[i * 4 + 3]);
            break;
         }
      }
   }
   if (bad > 1)
      test_fail(__FILE__, __LINE__, "%s: %u pixels differ", what, bad);
   return bad == 0;
}
