/* SPDX-License-Identifier: MIT */
/*
 * A draw: the front end over chunks of primitives, then the back end over
 * tiles, each spread over the workers by the caller's parallel-for.
 */
#include <stdlib.h>
#include <string.h>

#include "rast_priv.h"

void
rast_sample_location(uint32_t samples, uint32_t s, uint32_t *x_16, uint32_t *y_16)
{
   /* Vulkan 1.3, 28.4 "Multisampling", standard sample locations. */
   static const uint8_t l1[1][2] = {{8, 8}};
   static const uint8_t l2[2][2] = {{12, 12}, {4, 4}};
   static const uint8_t l4[4][2] = {{6, 2}, {14, 6}, {2, 10}, {10, 14}};
   static const uint8_t l8[8][2] = {{9, 5}, {7, 11}, {13, 9}, {5, 3},
                                    {3, 13}, {1, 7}, {11, 15}, {15, 1}};
   const uint8_t(*l)[2] = samples == 2 ? l2 : samples == 4 ? l4 : samples == 8 ? l8 : l1;
   if (s >= samples)
      s = 0;
   *x_16 = l[s][0];
   *y_16 = l[s][1];
}

bool
rast_image_init(struct rast_image *img, const struct kil_image *image, void *base,
                enum kil_format format, uint32_t level, uint32_t base_layer,
                uint32_t layer_count)
{
   memset(img, 0, sizeof(*img));
   const uint32_t samples = kil_sample_layout_samples(image->sample_layout);
   if (image->sample_layout >= KIL_SAMPLE_LAYOUT_INVALID ||
       kil_level_addr_init(&img->addr, image, level) != KIL_SUCCESS)
      return false;
   img->base = base;
   img->format = format;
   img->base_layer = base_layer;
   img->layer_count = layer_count;
   img->samples = samples;
   return true;
}

void
rast_state_init(struct rast_state *s, uint32_t width, uint32_t height)
{
   memset(s, 0, sizeof(*s));
   s->viewport_count = 1;
   s->viewports[0] = (struct rast_viewport){0.0f, 0.0f, (float)width, (float)height, 0.0f, 1.0f};
   for (unsigned i = 0; i < RAST_MAX_VIEWPORTS; i++)
      s->scissors[i] = (struct rast_rect){0, 0, width, height};
   s->depth_clip_enable = true;
   s->line_width = 1.0f;
   s->point_size_min = 1.0f;
   s->point_size_max = 1.0f;
   s->samples = 1;
   s->sample_mask = ~0u;
   s->depth_compare_op = RAST_COMPARE_ALWAYS;
   for (unsigned i = 0; i < RAST_MAX_COLOR; i++)
      s->blend[i] = (struct rast_blend_attachment){
         .src_color = RAST_BLEND_ONE, .src_alpha = RAST_BLEND_ONE, .write_mask = 0xf};
   const struct rast_stencil_face face = {
      .compare_op = RAST_COMPARE_ALWAYS, .compare_mask = 0xff, .write_mask = 0xff};
   s->front = s->back = face;
}

static void
front_fn(void *data, uint32_t worker)
{
   struct rast_ctx *c = data;
   (void)worker;
   for (;;) {
      const uint32_t i = atomic_fetch_add(&c->next, 1);
      if (i >= c->chunk_count)
         return;
      rast_setup_chunk(c, i);
   }
}

static void
back_fn(void *data, uint32_t worker)
{
   struct rast_ctx *c = data;
   struct rast_worker *w = &c->workers[worker];
   for (;;) {
      const uint32_t i = atomic_fetch_add(&c->next, 1);
      if (i >= c->busy_count)
         return;
      rast_tile_run(c, w, c->busy_tiles[i]);
   }
}

/* Runs fn on up to `jobs` workers: the calling thread alone when there is
 * one job (waking the pool costs more than a small draw). */
static void
run(struct rast_ctx *c, rast_parallel_fn fn, uint32_t jobs)
{
   atomic_store(&c->next, 0);
   const uint32_t n = MIN2(c->worker_count, jobs);
   if (c->d->parallel_for && n > 1)
      c->d->parallel_for(c->d->pool, n, fn, c);
   else
      fn(c, 0);
}

/* The tiles some chunk binned a primitive to, in order. */
static void
find_busy_tiles(struct rast_ctx *c)
{
   c->busy_count = 0;
   for (uint32_t t = 0; t < c->tile_count; t++) {
      for (uint32_t i = 0; i < c->chunk_count; i++) {
         const struct rast_chunk *ch = &c->chunks[i];
         if (ch->tile_start && ch->tile_start[t + 1] != ch->tile_start[t]) {
            c->busy_tiles[c->busy_count++] = t;
            break;
         }
      }
   }
}

static bool
early_tests_allowed(const struct rast_draw *d)
{
   const struct rast_fs_info *fs = &d->state->fs;
   if (!d->shade || fs->early_fragment_tests)
      return true;
   /* Vulkan 1.3, 29.? "Early Fragment Test Mode": tests may run early when
    * the shader cannot change their outcome or observe their order. */
   return !fs->writes_depth && !fs->writes_stencil && !fs->uses_discard &&
          !fs->writes_sample_mask && !fs->has_side_effects && !d->state->alpha_to_coverage;
}

bool
rast_draw(struct rast_draw *d)
{
   const struct rast_state *s = d->state;
   const struct rast_framebuffer *fb = d->fb;
   if (s->rasterizer_discard || !d->prim_count)
      return true;
   struct rast_ctx c;
   memset(&c, 0, sizeof(c));
   c.d = d;
   c.s = s;
   c.fb = fb;
   c.samples = s->samples ? s->samples : 1;
   if (c.samples > RAST_MAX_SAMPLES || !util_is_power_of_two(c.samples))
      return false;
   for (uint32_t i = 0; i < c.samples; i++) {
      uint32_t x16, y16;
      rast_sample_location(c.samples, i, &x16, &y16);
      c.sample_x[i] = x16 << (RAST_FIX_BITS - 4);
      c.sample_y[i] = y16 << (RAST_FIX_BITS - 4);
   }
   c.sample_min_x = c.sample_min_y = RAST_FIX_ONE;
   for (uint32_t i = 0; i < c.samples; i++) {
      c.sample_min_x = MIN2(c.sample_min_x, c.sample_x[i]);
      c.sample_max_x = MAX2(c.sample_max_x, c.sample_x[i]);
      c.sample_min_y = MIN2(c.sample_min_y, c.sample_y[i]);
      c.sample_max_y = MAX2(c.sample_max_y, c.sample_y[i]);
   }
   c.early_tests = early_tests_allowed(d);
   rast_clip_prepare(&c);
   c.per_sample = s->fs.sample_shading && c.samples > 1 && d->shade;
   u_foreach_bit64 (slot, s->fs.inputs_read) {
      c.any_centroid |= s->fs.interp_loc[slot] == RAST_LOC_CENTROID;
      c.any_smooth |= s->fs.interp[slot] == RAST_INTERP_SMOOTH && slot != RAST_SLOT_PRIM_ID;
      c.need_bary |= s->fs.interp[slot] != RAST_INTERP_FLAT && slot != RAST_SLOT_PRIM_ID;
   }
   c.need_bary |= !s->fs.no_frag_coord;
   rast_pixel_color_prepare(&c);
   rast_pixel_color_batch_prepare(&c);
   if (fb->depth_stencil.base) {
      const struct kil_format_desc *dd = kil_format_desc(fb->depth_stencil.format);
      c.ds_work = dd && ((dd->depth.bits && (s->depth_test_enable || s->depth_bounds_enable)) ||
                         (dd->stencil.bits && s->stencil_test_enable));
      c.ds = rast_ds_layout(fb->depth_stencil.format);
      rast_pixel_depth_quad_prepare(&c);
   }
   if (c.depth_quad)
      d->fast_paths |= RAST_FAST_DEPTH_QUAD;
   /* The render area must lie inside every attachment (Vulkan's valid
    * usage); cutting it to them anyway means a bad one cannot write
    * outside their memory. */
   uint64_t w_px = (uint64_t)MAX2((int64_t)fb->render_area.x + fb->render_area.width, 0);
   uint64_t h_px = (uint64_t)MAX2((int64_t)fb->render_area.y + fb->render_area.height, 0);
   c.layer_count = UINT32_MAX;
   for (unsigned i = 0; i <= RAST_MAX_COLOR; i++) {
      const struct rast_image *img = i < RAST_MAX_COLOR ? &fb->color[i] : &fb->depth_stencil;
      if (!img->base)
         continue;
      const enum kil_sample_layout sl =
         kil_sample_layout_for_samples(img->samples ? img->samples : 1);
      if (sl == KIL_SAMPLE_LAYOUT_INVALID)
         return false;
      w_px = MIN2(w_px, img->addr.extent_el.width / kil_sample_layout_width(sl));
      h_px = MIN2(h_px, img->addr.extent_el.height / kil_sample_layout_height(sl));
      c.layer_count = MIN2(c.layer_count, img->layer_count ? img->layer_count : 1);
   }
   w_px = MIN2(w_px, 1u << 16);
   h_px = MIN2(h_px, 1u << 16);
   c.limit_x = (uint32_t)w_px;
   c.limit_y = (uint32_t)h_px;
   c.tiles_x = (uint32_t)DIV_ROUND_UP(w_px, RAST_TILE_PX);
   c.tiles_y = (uint32_t)DIV_ROUND_UP(h_px, RAST_TILE_PX);
   c.tile_count = c.tiles_x * c.tiles_y;
   if (!c.tile_count)
      return true;

   c.worker_count = d->parallel_for && d->thread_count > 1 ? d->thread_count : 1;
   /* Draws are cut into passes of at most RAST_PASS_PRIMS primitives,
    * which bounds the memory of set-up primitives (a few hundred bytes
    * each); each pass has enough chunks to keep every worker busy. */
   const uint32_t pass_max = MIN2(d->prim_count, RAST_PASS_PRIMS);
   c.prims_per_chunk = MAX2(256u, DIV_ROUND_UP(pass_max, 4 * c.worker_count));
   const uint32_t max_chunks = DIV_ROUND_UP(pass_max, c.prims_per_chunk);

   bool ok = false;
   if (!rast_setup_stipple(&c))
      goto out;
   c.chunks = calloc(max_chunks, sizeof(*c.chunks));
   c.busy_tiles = malloc((size_t)c.tile_count * sizeof(uint32_t));
   if (!c.busy_tiles)
      goto out;
   c.workers = aligned_alloc(64, ALIGN_POT(sizeof(*c.workers) * c.worker_count, 64));
   if (!c.chunks || !c.workers)
      goto out;
   /* The batches (about 60 KiB each) are written before they are read:
    * only the counters need zeroing. */
   for (uint32_t i = 0; i < c.worker_count; i++) {
      c.workers[i].samples_passed = 0;
      c.workers[i].fs_invocations = 0;
      c.workers[i].batch.quad_count = 0;
   }

   for (uint32_t first = 0; first < d->prim_count; first += RAST_PASS_PRIMS) {
      c.first_prim = first;
      c.pass_prims = MIN2(RAST_PASS_PRIMS, d->prim_count - first);
      c.chunk_count = DIV_ROUND_UP(c.pass_prims, c.prims_per_chunk);
      bool pass_ok = true;
      for (uint32_t i = 0; i < c.chunk_count; i++) {
         memset(&c.chunks[i], 0, sizeof(c.chunks[i]));
         c.chunks[i].arena = arena_create(NULL);
         pass_ok &= c.chunks[i].arena != NULL;
      }
      if (pass_ok) {
         run(&c, front_fn, c.chunk_count);
         for (uint32_t i = 0; i < c.chunk_count; i++) {
            pass_ok &= !c.chunks[i].oom;
            d->clip_invocations += c.chunks[i].clip_in;
            d->clip_primitives += c.chunks[i].clip_out;
         }
      }
      if (pass_ok) {
         find_busy_tiles(&c);
         run(&c, back_fn, c.busy_count);
      }
      for (uint32_t i = 0; i < c.chunk_count; i++)
         arena_destroy(c.chunks[i].arena);
      if (!pass_ok || atomic_load(&c.faulted))
         break;
      if (first + RAST_PASS_PRIMS >= d->prim_count)
         ok = true;
   }
   for (uint32_t i = 0; i < c.worker_count; i++) {
      d->samples_passed += c.workers[i].samples_passed;
      d->fs_invocations += c.workers[i].fs_invocations;
   }
   d->faulted = atomic_load(&c.faulted);
   ok &= !d->faulted;

out:
   free(c.busy_tiles);
   free(c.stipple_start);
   free(c.chunks);
   free(c.workers);
   return ok;
}
