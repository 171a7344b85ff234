/* SPDX-License-Identifier: MIT */
/*
 * Debug names and decorations. Both may name ids defined later in the
 * module, so they are attached to the id's slot in the value table and read
 * when the id is translated. Decoration groups are expanded when they are
 * applied (OpGroupDecorate comes after the group's decorations).
 */
#include "stn_private.h"

static void
add_decoration(struct stn_builder *b, struct stn_value *val, int32_t member,
               SpvDecoration decoration, const uint32_t *operands, uint32_t num_operands,
               size_t offset_w, bool from_id)
{
   /* Groups multiply decorations; bound the product so a small module
    * cannot ask for unbounded memory. */
   if (++b->num_decorations > 4 * (uint64_t)b->word_count + 1024)
      stn_fail(b, "more decorations than a module of %zu words can reasonably have",
               b->word_count);
   struct stn_decoration *dec = stn_new(b, struct stn_decoration);
   dec->member = member;
   dec->decoration = decoration;
   dec->operands = operands;
   dec->num_operands = num_operands;
   dec->offset_w = offset_w;
   dec->from_id = from_id;
   if (val->decorations_tail)
      val->decorations_tail->next = dec;
   else
      val->decorations = dec;
   val->decorations_tail = dec;
}

void
stn_handle_debug_name(struct stn_builder *b, const struct stn_inst *inst)
{
   switch (inst->opcode) {
   case SpvOpName: {
      struct stn_value *val = stn_untyped_value(b, inst->w[1]);
      val->name = stn_inst_string(b, inst, 2, NULL);
      break;
   }
   case SpvOpMemberName: {
      struct stn_value *val = stn_untyped_value(b, inst->w[1]);
      struct stn_member_name *mn = stn_new(b, struct stn_member_name);
      mn->member = inst->w[2];
      mn->name = stn_inst_string(b, inst, 3, NULL);
      mn->next = val->member_names;
      val->member_names = mn;
      break;
   }
   case SpvOpString:
      stn_push_value(b, inst->w[1], STN_VALUE_STRING)->str = stn_inst_string(b, inst, 2, NULL);
      break;
   default:
      /* OpSource, OpSourceExtension, OpSourceContinued, OpModuleProcessed
       * carry nothing the translation needs. */
      break;
   }
}

const char *
stn_member_name(const struct stn_value *val, uint32_t member)
{
   /* The list is newest first; the first OpMemberName for a member wins. */
   const char *name = NULL;
   for (const struct stn_member_name *mn = val->member_names; mn; mn = mn->next) {
      if (mn->member == member)
         name = mn->name;
   }
   return name;
}

void
stn_handle_decoration(struct stn_builder *b, const struct stn_inst *inst)
{
   switch (inst->opcode) {
   case SpvOpDecorate:
   case SpvOpDecorateId:
   case SpvOpDecorateString:
      add_decoration(b, stn_untyped_value(b, inst->w[1]), -1, (SpvDecoration)inst->w[2],
                     &inst->w[3], inst->count - 3, inst->offset_w,
                     inst->opcode == SpvOpDecorateId);
      break;

   case SpvOpMemberDecorate:
   case SpvOpMemberDecorateString:
      if (inst->w[2] > INT32_MAX)
         stn_fail(b, "member index %u is out of range", inst->w[2]);
      add_decoration(b, stn_untyped_value(b, inst->w[1]), (int32_t)inst->w[2],
                     (SpvDecoration)inst->w[3], &inst->w[4], inst->count - 4,
                     inst->offset_w, false);
      break;

   case SpvOpDecorationGroup:
      stn_push_value(b, inst->w[1], STN_VALUE_DECORATION_GROUP);
      break;

   case SpvOpGroupDecorate:
   case SpvOpGroupMemberDecorate: {
      struct stn_value *group = stn_value(b, inst->w[1], STN_VALUE_DECORATION_GROUP);
      const bool member = inst->opcode == SpvOpGroupMemberDecorate;
      const unsigned step = member ? 2 : 1;
      for (unsigned i = 2; i + step - 1 < inst->count; i += step) {
         struct stn_value *target = stn_untyped_value(b, inst->w[i]);
         if (target == group)
            stn_fail(b, "decoration group %u applied to itself", inst->w[1]);
         if (member && inst->w[i + 1] > INT32_MAX)
            stn_fail(b, "member index %u is out of range", inst->w[i + 1]);
         for (const struct stn_decoration *d = group->decorations; d; d = d->next) {
            add_decoration(b, target, member ? (int32_t)inst->w[i + 1] : d->member,
                           d->decoration, d->operands, d->num_operands, d->offset_w,
                           d->from_id);
            /* A group decorating another target later sees only its own
             * list, which this loop never appends to (target != group). */
         }
      }
      break;
   }

   default:
      stn_fail(b, "%s is not a decoration", spirv_op_name(inst->opcode));
   }
}

void
stn_foreach_decoration(struct stn_builder *b, struct stn_value *val, stn_decoration_cb cb,
                       void *data)
{
   for (const struct stn_decoration *d = val->decorations; d; d = d->next)
      cb(b, val, d->member, d, data);
}

const struct stn_decoration *
stn_find_decoration(struct stn_value *val, int32_t member, SpvDecoration dec)
{
   for (const struct stn_decoration *d = val->decorations; d; d = d->next) {
      if (d->member == member && d->decoration == dec)
         return d;
   }
   return NULL;
}

uint32_t
stn_decoration_literal(struct stn_builder *b, const struct stn_decoration *dec, unsigned i)
{
   if (i >= dec->num_operands)
      stn_fail_at(b, dec->offset_w, "decoration %s needs operand %u",
                  spirv_enum_name(SPIRV_OPERAND_DECORATION, dec->decoration), i);
   return dec->operands[i];
}
