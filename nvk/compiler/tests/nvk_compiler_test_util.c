/* SPDX-License-Identifier: MIT */
#include "nvk_compiler_test_util.h"

struct nvk_pipeline_layout *
nct_layout(const struct nct_binding *b, uint32_t n)
{
   struct nvk_descriptor_set_layout *sl =
      calloc(1, sizeof(*sl) + n * sizeof(struct nvk_descriptor_set_binding_layout));
   struct nvk_pipeline_layout *pl = calloc(1, sizeof(*pl));
   if (!sl || !pl) {
      free(sl);
      free(pl);
      return NULL;
   }
   uint32_t offset = 0, dynamic = 0;
   for (uint32_t i = 0; i < n; i++) {
      struct nvk_descriptor_set_binding_layout *bl = &sl->bindings[i];
      bl->type = b[i].type;
      bl->array_size = b[i].count;
      bl->stride_B = nvk_descriptor_stride_B(b[i].type);
      bl->offset_B = offset;
      if (nvk_descriptor_type_is_dynamic(b[i].type)) {
         bl->dynamic_index = dynamic;
         dynamic += b[i].count;
      }
      offset += bl->stride_B * b[i].count;
   }
   sl->binding_count = n;
   sl->size_B = offset;
   sl->dynamic_buffer_count = dynamic;
   pl->set_count = 1;
   pl->set_layouts[0] = sl;
   pl->dynamic_count = dynamic;
   return pl;
}

void
nct_layout_free(struct nvk_pipeline_layout *layout)
{
   if (!layout)
      return;
   free(layout->set_layouts[0]);
   free(layout);
}
