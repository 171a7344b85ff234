/* SPDX-License-Identifier: MIT */
/*
 * Pairing an original module's interface with its round trip's. A Vulkan
 * round trip keeps every binding, so the pairs are the same set and binding.
 * A GL-flavoured module goes through zink's GL lowering
 * (docs/zink-compiler.md), which moves resources on purpose: each class gets
 * its own descriptor set (a sampler glslang bound to b is at set 1 binding b),
 * atomic counters become a storage buffer, and ntv's kiln_gl_state uniform
 * block appears when the shader reads gl_FragCoord (GL's window origin).
 * Those are not wrong results, so resources pair by place, else by kind and
 * name (the lowering keeps the variables' names), with the same layout; the
 * round trip's resource then gets the original's seed, so both read the
 * same bytes, and takes the original's place in the interface order, so the
 * outputs line up.
 */
#include "semantics.h"

#include <stdio.h>
#include <string.h>

static const char *const kind_names[] = {
   [SEM_UNIFORM_BUFFER] = "uniform buffer",
   [SEM_STORAGE_BUFFER] = "storage buffer",
   [SEM_STORAGE_IMAGE] = "storage image",
   [SEM_SAMPLED_IMAGE] = "sampled image",
   [SEM_PUSH_CONSTANTS] = "push constants",
};

/* The name ntv gives its GL state block (ntv/passes/ntv_gl_state.h). */
#define GL_STATE_NAME "kiln_gl_state"

static bool
same_layout(const struct sem_resource *x, const struct sem_resource *y)
{
   return x->kind == y->kind && x->size_B == y->size_B && x->writable == y->writable &&
          x->vk_format == y->vk_format && !x->words == !y->words &&
          (!x->words || memcmp(x->words, y->words, x->size_B / 4 * sizeof(enum sem_word)) == 0);
}

static bool
same_varying(const struct sem_varying *x, const struct sem_varying *y)
{
   return x->location == y->location && x->scalar == y->scalar &&
          x->components == y->components && x->flat == y->flat;
}

/* Index in b of the resource paired with a's `x`, or -1. */
static int
find_partner(const struct sem_resource *x, const struct sem_interface *b, const bool *taken)
{
   for (unsigned j = 0; j < b->resource_count; j++) {
      const struct sem_resource *y = &b->resources[j];
      if (!taken[j] && y->kind == x->kind &&
          (x->kind == SEM_PUSH_CONSTANTS || (y->set == x->set && y->binding == x->binding)))
         return (int)j;
   }
   if (!x->name[0])
      return -1;
   for (unsigned j = 0; j < b->resource_count; j++) {
      const struct sem_resource *y = &b->resources[j];
      if (!taken[j] && y->kind == x->kind && strcmp(y->name, x->name) == 0)
         return (int)j;
   }
   return -1;
}

enum sem_pairing
sem_interfaces_pair(const struct sem_interface *a, struct sem_interface *b, char *why,
                    size_t why_size)
{
   if (a->stage != b->stage || memcmp(a->local_size, b->local_size, sizeof(a->local_size))) {
      snprintf(why, why_size, "different stage or workgroup size");
      return SEM_PAIRING_DIFFERENT;
   }
   if (a->output_count != b->output_count) {
      snprintf(why, why_size, "%u vs %u fragment outputs", a->output_count, b->output_count);
      return SEM_PAIRING_DIFFERENT;
   }
   for (unsigned i = 0; i < a->output_count; i++) {
      if (!same_varying(&a->outputs[i], &b->outputs[i])) {
         snprintf(why, why_size, "fragment output at location %u differs",
                  a->outputs[i].location);
         return SEM_PAIRING_DIFFERENT;
      }
   }
   /* An input the lowering removed (unused) may go: b then runs with a's
    * vertex shader, whose values depend on a's input list only. */
   for (unsigned i = 0; i < b->input_count; i++) {
      bool found = false;
      for (unsigned j = 0; j < a->input_count && !found; j++)
         found = same_varying(&a->inputs[j], &b->inputs[i]);
      if (!found) {
         snprintf(why, why_size, "fragment input at location %u differs or is new",
                  b->inputs[i].location);
         return SEM_PAIRING_DIFFERENT;
      }
   }

   bool taken[SEM_MAX_RESOURCES] = {false};
   int partner[SEM_MAX_RESOURCES];
   for (unsigned i = 0; i < a->resource_count; i++) {
      const struct sem_resource *x = &a->resources[i];
      partner[i] = find_partner(x, b, taken);
      if (partner[i] < 0) {
         /* An unwritten original resource b does not declare: b cannot read
          * it, and any use a made of it shows in the results. */
         if (!x->writable)
            continue;
         snprintf(why, why_size, "the round trip lacks %s '%s' (set %u binding %u)",
                  kind_names[x->kind], x->name, x->set, x->binding);
         return SEM_PAIRING_DIFFERENT;
      }
      const struct sem_resource *y = &b->resources[partner[i]];
      if (!same_layout(x, y)) {
         snprintf(why, why_size, "%s '%s' (set %u binding %u) differs", kind_names[x->kind],
                  x->name, x->set, x->binding);
         return SEM_PAIRING_DIFFERENT;
      }
      taken[partner[i]] = true;
   }
   for (unsigned j = 0; j < b->resource_count; j++) {
      const struct sem_resource *y = &b->resources[j];
      if (taken[j])
         continue;
      /* Its contents are GL state the harness knows (its framebuffer); any
       * other resource the lowering added carries data the original has no
       * counterpart for. */
      if (y->kind == SEM_UNIFORM_BUFFER && strcmp(y->name, GL_STATE_NAME) == 0)
         continue;
      snprintf(why, why_size,
               "the GL lowering adds %s '%s' (set %u binding %u) with no counterpart in the "
               "original",
               kind_names[y->kind], y->name, y->set, y->binding);
      return SEM_PAIRING_UNPAIRABLE;
   }

   /* Reorder b: a's order first (seeded like a's), then the GL state. */
   struct sem_resource paired[SEM_MAX_RESOURCES];
   unsigned n = 0;
   for (unsigned i = 0; i < a->resource_count; i++) {
      if (partner[i] < 0)
         continue;
      paired[n] = b->resources[partner[i]];
      paired[n++].seed = a->resources[i].seed;
   }
   for (unsigned j = 0; j < b->resource_count; j++) {
      if (!taken[j]) {
         paired[n] = b->resources[j];
         paired[n++].gl_state = true;
      }
   }
   memcpy(b->resources, paired, n * sizeof(paired[0]));
   memcpy(b->inputs, a->inputs, a->input_count * sizeof(a->inputs[0]));
   b->input_count = a->input_count;
   return SEM_PAIRING_PAIRED;
}

void
sem_gl_state_fill(void *data, size_t size_B)
{
   /* gl_FragCoord.y = y * scale + offset, y being Vulkan's, with the pair
    * for the shader's origin (ntv_gl_state.h's frag_coord_y). The harness
    * reads row 0 of its attachments as the row the shader's origin names:
    * that is how lavapipe runs an original whatever origin it declares (it
    * ignores OriginLowerLeft, which Vulkan forbids), so both pairs are the
    * identity: a GL framebuffer object for a lower-left shader, a window
    * for an upper-left one. The half-pixel shift of pixel_center_integer is
    * the shader's own and still compared. gl_PointCoord.y unchanged; clip
    * planes and the rest 0. */
   static const float state[6] = {1.0f, 0.0f, 1.0f, 0.0f, 1.0f, 0.0f};
   memset(data, 0, size_B);
   memcpy(data, state, size_B < sizeof(state) ? size_B : sizeof(state));
}
