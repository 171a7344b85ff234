/* SPDX-License-Identifier: MIT */
/*
 * glLinkProgram's work: kgl links the GLSL, spirv_to_nir reads the
 * GL-flavoured SPIR-V, zk_lower_program makes it Vulkan's, ntv writes it,
 * zkv makes the shader modules and layout. Then the tables GL's program
 * queries and draws need: uniform locations, sampler units, uniform block
 * bindings, attribute and fragment output locations.
 *
 * Locations chosen by the application (glBindAttribLocation,
 * glBindFragDataLocation) are applied outside the shaders: a vertex input
 * at shader location L reads GL attribute attrib_index[L], a fragment
 * output at location L writes draw buffer frag_output_buffer[L]; the draw
 * maps vertex inputs and colour attachments accordingly.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ntv/nir_to_spirv.h"
#include "spirv/spirv_to_nir.h"
#include "util/arena.h"
#include "zgl_program.h"
#include "zgl_screen.h"
#include "zink/vk/zkv.h"

static char *
log_printf(const char *fmt, ...)
{
   va_list va;
   va_start(va, fmt);
   char *s = NULL;
   if (vasprintf(&s, fmt, va) < 0)
      s = NULL;
   va_end(va);
   return s;
}

static bool
is_sampler_type(GLenum t)
{
   return (t >= GL_SAMPLER_1D && t <= GL_SAMPLER_2D_RECT_SHADOW) ||
          (t >= GL_SAMPLER_1D_ARRAY && t <= GL_UNSIGNED_INT_SAMPLER_BUFFER) ||
          (t >= GL_SAMPLER_2D_MULTISAMPLE && t <= GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE_ARRAY) ||
          (t >= GL_SAMPLER_CUBE_MAP_ARRAY && t <= GL_UNSIGNED_INT_SAMPLER_CUBE_MAP_ARRAY);
}

static const struct zgl_location_binding *
find_binding(const struct zgl_location_binding *list, unsigned n, const char *name)
{
   for (unsigned i = 0; i < n; i++) {
      if (!strcmp(list[i].name, name))
         return &list[i];
   }
   return NULL;
}

/* Attribute indices (GL 4.6, 11.1.1): bound names first, the rest at the
 * shader's location when free, else the first free index. */
static bool
assign_attributes(const struct zgl_program *p, struct zgl_linked *l, char **log)
{
   for (unsigned i = 0; i < ZGL_MAX_VERTEX_ATTRIBS; i++)
      l->attrib_index[i] = (int)i;
   uint32_t used = 0;
   for (unsigned pass = 0; pass < 2; pass++) {
      for (unsigned i = 0; i < l->info.num_attributes && i < 64; i++) {
         const struct zk_attribute *a = &l->info.attributes[i];
         if (!a->name || a->compat || a->location < 0)
            continue;
         const struct zgl_location_binding *b =
            find_binding(p->attrib_bindings, p->num_attrib_bindings, a->name);
         if ((pass == 0) != (b != NULL))
            continue;
         const uint32_t mask = BITFIELD_MASK(a->slots);
         int gl = b ? (int)b->location : a->location;
         if (!b && ((used >> gl) & mask)) {
            for (gl = 0; gl + (int)a->slots <= ZGL_MAX_VERTEX_ATTRIBS; gl++) {
               if (!((used >> gl) & mask))
                  break;
            }
         }
         if (gl + (int)a->slots > ZGL_MAX_VERTEX_ATTRIBS) {
            *log = log_printf("error: no room for vertex attribute %s\n", a->name);
            return false;
         }
         used |= mask << gl;
         for (unsigned s = 0; s < a->slots && a->location + s < ZGL_MAX_VERTEX_ATTRIBS; s++)
            l->attrib_index[a->location + s] = gl + (int)s;
      }
   }
   return true;
}

/* Fragment outputs (GL 4.6, 15.2.3): bound names at their binding; a
 * single unbound output at 0; others where the shader put them. */
static void
assign_frag_outputs(const struct zgl_program *p, struct zgl_linked *l)
{
   for (unsigned i = 0; i < ZGL_MAX_DRAW_BUFFERS; i++)
      l->frag_output_buffer[i] = (int)i;
   /* Dual-source: the shader's own locations are the draw buffers
    * (zgl_frag_index.c). */
   if (l->frag_index1_output)
      return;
   const unsigned n = kgl_program_reflection_count(l->kgl, KGL_REFLECT_PIPE_OUTPUT);
   unsigned user = 0;
   for (unsigned i = 0; i < n; i++)
      user += !kgl_program_reflection(l->kgl, KGL_REFLECT_PIPE_OUTPUT, i)->builtin;
   for (unsigned i = 0; i < n; i++) {
      const struct kgl_reflection_entry *e =
         kgl_program_reflection(l->kgl, KGL_REFLECT_PIPE_OUTPUT, i);
      if (e->builtin || e->location < 0 || e->location >= ZGL_MAX_DRAW_BUFFERS)
         continue;
      const struct zgl_location_binding *b =
         find_binding(p->frag_bindings, p->num_frag_bindings, e->name);
      const int gl = b ? (int)b->location : user == 1 ? 0 : e->location;
      const int count = MAX2(e->array_size, 1);
      for (int k = 0; k < count && e->location + k < ZGL_MAX_DRAW_BUFFERS; k++)
         l->frag_output_buffer[e->location + k] = MIN2(gl + k, ZGL_MAX_DRAW_BUFFERS - 1);
   }
}

/* The reflected uniform of a default-block leaf. */
static const struct kgl_reflection_entry *
reflected_uniform(const struct kgl_program *kgl, const char *name)
{
   const unsigned n = kgl_program_reflection_count(kgl, KGL_REFLECT_UNIFORM);
   for (unsigned i = 0; i < n; i++) {
      const struct kgl_reflection_entry *e = kgl_program_reflection(kgl, KGL_REFLECT_UNIFORM, i);
      if (e->block_index < 0 && zgl_uniform_name_matches(e->name, name, NULL))
         return e;
   }
   return NULL;
}

static bool
build_uniforms(struct zgl_linked *l, char **log)
{
   const struct zk_program_info *info = &l->info;
   int max_location = -1;
   for (unsigned i = 0; i < info->num_uniforms; i++) {
      const struct zk_uniform *u = &info->uniforms[i];
      if (u->location >= 0)
         max_location = MAX2(max_location, u->location + (int)MAX2(u->array_size, 1) - 1);
   }
   /* Sampler uniforms have no location from glslang: they get the ones
    * after every other uniform's (any unused numbers will do, GL 4.6, 7.6). */
   const unsigned nr = kgl_program_reflection_count(l->kgl, KGL_REFLECT_UNIFORM);
   int sampler_locations = max_location + 1;
   for (unsigned i = 0; i < nr; i++) {
      const struct kgl_reflection_entry *e = kgl_program_reflection(l->kgl, KGL_REFLECT_UNIFORM, i);
      if (e->block_index < 0 && is_sampler_type(e->gl_type)) {
         max_location += MAX2(e->array_size, 1);
         l->num_samplers++;
      }
   }
   l->num_slots = (unsigned)(max_location + 1);
   l->slots = calloc(MAX2(l->num_slots, 1), sizeof(*l->slots));
   l->samplers = calloc(MAX2(l->num_samplers, 1), sizeof(*l->samplers));
   l->uniform_data = calloc(1, MAX2(info->uniforms_size_B, 16));
   if (!l->slots || !l->samplers || !l->uniform_data) {
      *log = log_printf("error: out of memory\n");
      return false;
   }
   for (unsigned i = 0; i < l->num_slots; i++)
      l->slots[i].sampler = -1;
   for (unsigned i = 0; i < info->num_uniforms; i++) {
      const struct zk_uniform *u = &info->uniforms[i];
      if (u->location < 0)
         continue;
      const struct kgl_reflection_entry *e = reflected_uniform(l->kgl, u->name);
      for (unsigned k = 0; k < MAX2(u->array_size, 1); k++) {
         struct zgl_uniform_slot *s = &l->slots[u->location + k];
         s->uniform = u;
         s->sampler = -1;
         s->element = k;
         s->gl_type = e ? e->gl_type : 0;
         s->array_size = u->array_size;
      }
   }
   unsigned si = 0;
   for (unsigned i = 0; i < nr; i++) {
      const struct kgl_reflection_entry *e = kgl_program_reflection(l->kgl, KGL_REFLECT_UNIFORM, i);
      if (e->block_index >= 0 || !is_sampler_type(e->gl_type))
         continue;
      struct zgl_sampler_uniform *sampler = &l->samplers[si];
      sampler->name = e->name;
      sampler->location = sampler_locations;
      sampler_locations += MAX2(e->array_size, 1);
      sampler->gl_type = e->gl_type;
      sampler->count = (unsigned)MAX2(e->array_size, 1);
      for (unsigned r = 0; r < info->num_resources; r++) {
         const struct zk_resource *res = &info->resources[r];
         if ((res->kind == ZK_RESOURCE_SAMPLER || res->kind == ZK_RESOURCE_TEXEL_BUFFER) &&
             res->gl_binding == e->binding)
            sampler->resource = res;
      }
      /* "sampler uniforms ... initialized to zero" (GL 4.6, 7.6): unit 0. */
      for (unsigned k = 0; k < sampler->count; k++) {
         struct zgl_uniform_slot *s = &l->slots[sampler->location + (int)k];
         s->uniform = NULL;
         s->sampler = (int)si;
         s->element = k;
         s->gl_type = e->gl_type;
         s->array_size = e->array_size > 1 ? (unsigned)e->array_size : 0;
      }
      si++;
   }
   l->num_blocks = kgl_program_reflection_count(l->kgl, KGL_REFLECT_UNIFORM_BLOCK);
   l->block_bindings = calloc(MAX2(l->num_blocks, 1), sizeof(*l->block_bindings));
   if (!l->block_bindings) {
      *log = log_printf("error: out of memory\n");
      return false;
   }
   return true;
}

/* GLSL uniform initializers (`uniform float x = 2.0;`): the initial values
 * of the default block (GL 4.6, 7.6: "initialized ... as specified in the
 * shader"), kept from before the lowering makes them block members. */
struct initializer {
   const char *name;
   const struct glsl_type *type;
   const nir_constant *value;
};

static unsigned
collect_initializers(nir_shader *stages[NIR_STAGE_COUNT], struct initializer *out, unsigned max)
{
   unsigned n = 0;
   for (int s = 0; s < NIR_STAGE_COUNT; s++) {
      if (!stages[s])
         continue;
      nir_foreach_variable_with_modes(var, stages[s], NIR_VAR_UNIFORM) {
         if (!var->name || !var->constant_initializer || n == max)
            continue;
         bool seen = false;
         for (unsigned i = 0; i < n; i++)
            seen |= !strcmp(out[i].name, var->name);
         if (!seen)
            out[n++] = (struct initializer){var->name, var->type, var->constant_initializer};
      }
   }
   return n;
}

/* Writes one scalar/vector/matrix constant at dst (std140 columns). */
static void
write_constant(uint8_t *dst, const struct glsl_type *type, const nir_constant *c,
               unsigned matrix_stride_B)
{
   const unsigned cols = glsl_get_matrix_columns(type);
   const bool boolean = glsl_get_base_type(type) == GLSL_TYPE_BOOL;
   for (unsigned col = 0; col < cols; col++) {
      const nir_constant *column = cols > 1 ? (col < c->num_elements ? c->elements[col] : NULL) : c;
      for (unsigned r = 0; column && r < glsl_get_vector_elements(type); r++) {
         const uint32_t word = column->is_null_constant ? 0
                               : boolean               ? (uint32_t)column->values[r].b
                                                       : column->values[r].u32;
         memcpy(dst + col * matrix_stride_B + r * 4, &word, 4);
      }
   }
}

static void
apply_initializers(struct zgl_linked *l, const struct initializer *inits, unsigned n)
{
   for (unsigned i = 0; i < l->info.num_uniforms; i++) {
      const struct zk_uniform *u = &l->info.uniforms[i];
      char base[256];
      snprintf(base, sizeof(base), "%s", u->name);
      const size_t len = strlen(base);
      if (u->array_size && len > 3 && !strcmp(base + len - 3, "[0]"))
         base[len - 3] = 0;
      for (unsigned k = 0; k < n; k++) {
         if (strcmp(inits[k].name, base) || glsl_get_bit_size(u->type) > 32)
            continue;
         const nir_constant *c = inits[k].value;
         uint8_t *dst = l->uniform_data + u->offset_B;
         if (u->array_size) {
            for (unsigned e = 0; e < u->array_size && e < c->num_elements; e++)
               write_constant(dst + e * u->array_stride_B, glsl_get_array_element(inits[k].type),
                              c->elements[e], u->matrix_stride_B);
         } else if (glsl_get_base_type(inits[k].type) != GLSL_TYPE_STRUCT) {
            write_constant(dst, inits[k].type, c, u->matrix_stride_B);
         }
      }
   }
}

/* l->kgl's SPIR-V through spirv_to_nir, zk_lower_program (with key; its
 * report in *info) and ntv into a zkv program; NULL after setting *log.
 * The first build (inits non-NULL) also resolves transform feedback and
 * reads the uniform initializers. */
static struct zkv_program *
build_program(struct zgl_context *ctx, struct zgl_program *p, struct zgl_linked *l,
              const struct zk_program_key *key, struct zk_program_info *info,
              struct initializer *inits, unsigned *num_inits, char **log)
{
   nir_shader *stages[NIR_STAGE_COUNT] = {NULL};
   uint32_t num_caps;
   const uint32_t *caps = spirv_to_nir_implemented_capabilities(&num_caps);
   const struct spirv_to_nir_options sopts = {
      .env = SPIRV_ENV_OPENGL_GL_FLAVOURED,
      .capabilities = caps,
      .num_capabilities = num_caps,
      .keep_glsl450_geometry = true,
   };
   for (int s = 0; s < KGL_STAGE_COUNT; s++) {
      size_t words;
      const uint32_t *code = kgl_program_spirv(l->kgl, (enum kgl_stage)s, &words);
      if (!code)
         continue;
      char *err = NULL;
      stages[s] = spirv_to_nir(code, words, (nir_shader_stage)s, NULL, &sopts, l->arena, &err);
      if (!stages[s]) {
         *log = log_printf("error: %s: %s\n", kgl_stage_name((enum kgl_stage)s),
                           err ? err : "spirv_to_nir failed");
         free(err);
         return NULL;
      }
   }
   /* glBindFragDataLocationIndexed's index 1 (dual-source blending): the
    * flat variant (p NULL) is built without it, a gap docs/zink-gl.md names. */
   if (stages[NIR_STAGE_FRAGMENT] && p)
      l->frag_index1_output = zgl_frag_index_apply(p, stages[NIR_STAGE_FRAGMENT]);
   if (inits)
      *num_inits = collect_initializers(stages, inits, 64);
   const char *error = NULL;
   if (!zk_lower_program(stages, key, l->arena, info, &error)) {
      *log = log_printf("error: %s\n", error);
      return NULL;
   }
   if (inits && !zgl_link_xfb(p, l, stages, log))
      return NULL;
   struct zkv_program_desc desc = {.info = info, .xfb = l->num_xfb_varyings > 0};
   const struct ntv_options nopts = {.target = NTV_TARGET_VULKAN_1_0,
                                     .spirv_version = 0x00010000};
   for (int s = 0; s < KGL_STAGE_COUNT; s++) {
      if (!stages[s])
         continue;
      uint32_t *words;
      size_t n;
      if (!ntv_emit(stages[s], &nopts, l->arena, &words, &n, &error)) {
         *log = log_printf("error: %s: %s\n", kgl_stage_name((enum kgl_stage)s), error);
         return NULL;
      }
      desc.code[s] = words;
      desc.code_words[s] = n;
   }
   VkResult result;
   const char *message = NULL;
   struct zkv_program *zkv = zkv_program_create(ctx->screen->zkv, &desc, &result, &message);
   if (!zkv)
      *log = log_printf("error: the Vulkan device refused the program: %s\n",
                        message ? message : "no reason given");
   return zkv;
}

struct zkv_program *
zgl_linked_flat_variant(struct zgl_context *ctx, struct zgl_linked *l)
{
   if (l->zkv_flat || l->num_xfb_varyings)
      return l->zkv_flat ? l->zkv_flat : l->zkv;
   const struct zk_program_key key = {
      .max_draw_buffers = ZGL_MAX_DRAW_BUFFERS,
      .fragcolor_buffers = 1,
      .flatshade = true,
      .depth_clip_control = ctx->screen->caps->depth_clip_control,
      .raster_state = true,
   };
   struct zk_program_info *info = arena_alloc(l->arena, sizeof(*info));
   char *log = NULL;
   if (info) {
      memset(info, 0, sizeof(*info));
      l->zkv_flat = build_program(ctx, NULL, l, &key, info, NULL, NULL, &log);
   }
   free(log);
   return l->zkv_flat ? l->zkv_flat : l->zkv;
}

struct zgl_linked *
zgl_link(struct zgl_context *ctx, struct zgl_program *p, char **log)
{
   *log = NULL;
   struct kgl_shader *shaders[16];
   unsigned count = 0;
   bool has_vertex = false, has_compute = false, has_other = false;
   for (unsigned i = 0; i < p->num_shaders; i++) {
      struct zgl_shader *s = p->shaders[i];
      if (!s->compiled || !s->kgl) {
         *log = log_printf("error: shader %u is not compiled\n", s->base.name);
         return NULL;
      }
      if (count == ARRAY_SIZE(shaders)) {
         *log = log_printf("error: more than %u shaders attached\n", count);
         return NULL;
      }
      has_vertex |= s->stage == KGL_STAGE_VERTEX;
      has_compute |= s->stage == KGL_STAGE_COMPUTE;
      has_other |= s->stage != KGL_STAGE_COMPUTE;
      shaders[count++] = s->kgl;
   }
   /* A compute shader links alone (GL 4.6, 7.3: "a compute shader ... and
    * shaders of other stages" fails). */
   if (has_compute && has_other) {
      *log = log_printf("error: a compute shader with shaders of other stages\n");
      return NULL;
   }
   if (!has_vertex && !has_compute) {
      *log = log_printf("error: no vertex shader attached\n");
      return NULL;
   }
   struct zgl_linked *l = calloc(1, sizeof(*l));
   if (!l || !(l->arena = arena_create(NULL))) {
      free(l);
      *log = log_printf("error: out of memory\n");
      return NULL;
   }
   const struct kgl_link_options lo = {.flavour = KGL_FLAVOUR_GL};
   const enum kgl_result r = kgl_program_create(shaders, count, &lo, &l->kgl);
   if (r != KGL_SUCCESS) {
      *log = log_printf("%s", l->kgl ? kgl_program_info_log(l->kgl) : kgl_result_name(r));
      goto fail;
   }
   l->stages = kgl_program_stages(l->kgl);

   struct initializer inits[64];
   unsigned num_inits = 0;
   const struct zk_program_key key = {
      .max_draw_buffers = ZGL_MAX_DRAW_BUFFERS,
      .fragcolor_buffers = 1,
      .depth_clip_control = ctx->screen->caps->depth_clip_control,
      .raster_state = true,
   };
   l->zkv = build_program(ctx, p, l, &key, &l->info, inits, &num_inits, log);
   if (!l->zkv)
      goto fail;
   if (!assign_attributes(p, l, log) || !build_uniforms(l, log))
      goto fail;
   apply_initializers(l, inits, num_inits);
   assign_frag_outputs(p, l);
   *log = strdup(kgl_program_info_log(l->kgl));
   return l;

fail:
   zgl_linked_free(l);
   return NULL;
}
