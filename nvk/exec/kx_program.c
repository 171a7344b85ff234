/* SPDX-License-Identifier: MIT */
/*
 * Programs as data: which fields of an instruction are registers, labels
 * or operand lists (one table for printing, validation and
 * serialization), the listing, and the serialized form.
 */
#include "kx.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "kx_image.h"
#include "kx_program.h"
#include "nir/nir.h"
#include "util/strbuf.h"

enum {
   F_DST = 1 << 0,
   F_SRC0 = 1 << 1,
   F_SRC1 = 1 << 2,
   F_SRC2 = 1 << 3,
   F_IMM0 = 1 << 4,
   F_IMM1 = 1 << 5,
   F_IMM2 = 1 << 6,
};

struct kx_operands {
   uint8_t regs;   /* F_*: register offsets */
   uint8_t labels; /* bit i: imm[i] is an instruction index */
   int8_t aux_imm; /* imm[aux_imm] indexes an operand list of aux_count registers */
   uint16_t aux_count;
};

static bool
kx_instr_operands(const struct kx_instr *in, struct kx_operands *o)
{
   memset(o, 0, sizeof(*o));
   o->aux_imm = -1;
   if (in->op >= KX_OP_COUNT || in->op == KX_OP_INVALID)
      return false;
   if (in->op >= KX_OP_FIRST_ALU) {
      const unsigned n = kx_alu_operand_count(in->op);
      if (kx_alu_opcode_is_vector(in->op)) {
         o->aux_imm = 0;
         o->aux_count = (uint16_t)n;
      } else {
         o->regs = F_DST;
         for (unsigned i = 0; i < n; i++)
            o->regs |= i < 3 ? (F_SRC0 << i) : F_IMM0;
      }
      return true;
   }
   switch ((enum kx_opcode)in->op) {
   case KX_OP_END:
   case KX_OP_BARRIER:
   case KX_OP_FENCE:
      break;
   case KX_OP_IF:
      o->regs = F_SRC0;
      o->labels = 1;
      break;
   case KX_OP_BREAK_IF:
   case KX_OP_CONTINUE_IF:
      o->regs = F_SRC0;
      o->labels = 2;
      break;
   case KX_OP_ELSE:
   case KX_OP_LOOP:
      o->labels = 1;
      break;
   case KX_OP_ENDIF:
   case KX_OP_CONTINUE_MERGE:
   case KX_OP_BREAK:
   case KX_OP_CONTINUE:
      o->labels = 2;
      break;
   case KX_OP_LOOP_END:
      o->labels = 3;
      break;
   case KX_OP_COPY32:
   case KX_OP_COPY64:
   case KX_OP_MCOPY32:
   case KX_OP_MCOPY64:
      o->regs = F_DST | F_SRC0;
      break;
   case KX_OP_SYSVAL:
      if (in->imm[0] >= KX_SV_COUNT)
         return false;
      o->regs = F_DST;
      break;
   case KX_OP_LOAD_CBUF:
      if (in->imm[0] >= KX_MAX_CBUFS)
         return false;
      __attribute__((fallthrough));
   case KX_OP_LOAD_GLOBAL:
   case KX_OP_STORE_GLOBAL:
   case KX_OP_LOAD_SHARED:
   case KX_OP_STORE_SHARED:
   case KX_OP_LOAD_SCRATCH:
   case KX_OP_STORE_SCRATCH:
      if (in->n == 0 || in->n > 16 ||
          (in->bits != 8 && in->bits != 16 && in->bits != 32 && in->bits != 64))
         return false;
      o->regs = F_SRC0;
      o->aux_imm = 2;
      o->aux_count = in->n;
      break;
   case KX_OP_GLOBAL_ATOMIC:
   case KX_OP_SHARED_ATOMIC:
      if (in->bits != 32 && in->bits != 64)
         return false;
      o->regs = F_DST | F_SRC0 | F_SRC1 | (in->n == 2 ? F_SRC2 : 0);
      break;
   case KX_OP_ELECT:
      o->regs = F_DST;
      break;
   case KX_OP_BALLOT:
   case KX_OP_INVERSE_BALLOT:
   case KX_OP_BALLOT_BIT_COUNT:
   case KX_OP_BALLOT_FIND_LSB:
   case KX_OP_BALLOT_FIND_MSB:
   case KX_OP_READ_FIRST_INVOCATION:
   case KX_OP_QUAD_SWAP:
   case KX_OP_REDUCE:
   case KX_OP_INCLUSIVE_SCAN:
   case KX_OP_EXCLUSIVE_SCAN:
      o->regs = F_DST | F_SRC0;
      break;
   case KX_OP_VOTE_ALL:
   case KX_OP_VOTE_ANY:
   case KX_OP_VOTE_IEQ:
   case KX_OP_VOTE_FEQ:
      o->regs = F_DST | F_SRC0 | (in->imm[0] ? F_SRC1 : 0);
      break;
   case KX_OP_BALLOT_BITFIELD_EXTRACT:
   case KX_OP_READ_INVOCATION:
   case KX_OP_SHUFFLE:
   case KX_OP_SHUFFLE_XOR:
   case KX_OP_SHUFFLE_UP:
   case KX_OP_SHUFFLE_DOWN:
   case KX_OP_QUAD_BROADCAST:
      o->regs = F_DST | F_SRC0 | F_SRC1;
      break;
   case KX_OP_IMAGE_LOAD:
   case KX_OP_IMAGE_STORE:
   case KX_OP_IMAGE_SIZE:
      /* kx_image.h: the list holds n results or values plus 6 (load,
       * store) or 1 (size) operands. */
      if (in->n == 0 || in->n > 4 ||
          in->imm[1] != in->n + (in->op == KX_OP_IMAGE_SIZE ? 1u : 6u))
         return false;
      o->regs = F_SRC0;
      o->aux_imm = 2;
      o->aux_count = (uint16_t)in->imm[1];
      break;
   case KX_OP_IMAGE_ATOMIC:
      if (in->imm[1] != 7)
         return false;
      o->regs = F_DST | F_SRC0;
      o->aux_imm = 2;
      o->aux_count = 7;
      break;
   case KX_OP_IMAGE_SAMPLES:
      o->regs = F_DST | F_SRC0;
      break;
   case KX_OP_TEX:
      if (in->imm[1] != ((in->imm[0] & KX_TEX_HAS_GRAD_BIT) ? KX_TEX_GRAD_LIST_LENGTH
                                                             : KX_TEX_LIST_LENGTH) ||
          in->n == 0 || in->n > 4)
         return false;
      o->regs = F_SRC0 | F_SRC1;
      o->aux_imm = 2;
      o->aux_count = (uint16_t)in->imm[1];
      break;
   case KX_OP_LOAD_IO:
   case KX_OP_STORE_IO:
      if (in->n == 0 || in->n > 16 || (in->bits != 32 && in->bits != 64) ||
          (in->imm[0] & 0xff) >= KX_IO_ARRAY_COUNT)
         return false;
      o->regs = F_SRC0;
      o->aux_imm = 2;
      o->aux_count = in->n;
      break;
   case KX_OP_KILL:
      if (in->imm[0] > KX_KILL_DEMOTE)
         return false;
      o->regs = F_SRC0;
      o->labels = 2;
      break;
   case KX_OP_DERIV:
      o->regs = F_DST | F_SRC0;
      break;
   default:
      return false;
   }
   return true;
}

/* --- listing ---------------------------------------------------------------------- */

static void
print_reg(struct strbuf *sb, uint32_t offset_B)
{
   const uint32_t slot = offset_B / KX_SLOT_B;
   if (slot < KX_NUM_TEMP_SLOTS)
      strbuf_printf(sb, "t%u", slot);
   else if (slot < KX_FIRST_CONST_SLOT)
      strbuf_append(sb, "_");
   else
      strbuf_printf(sb, "r%u", slot);
}

void
kx_program_print(const struct kx_program *prog, struct strbuf *sb)
{
   strbuf_printf(sb, "kx program: %u instructions (main at %u), %u slots, depth %u%s%s\n",
                 prog->num_instrs, prog->main_start, prog->num_slots, prog->max_depth,
                 prog->info.uses_barrier ? ", barriers" : "",
                 prog->info.uses_subgroups ? ", subgroups" : "");
   for (uint32_t i = 0; i < prog->num_consts; i++) {
      strbuf_append(sb, "   const ");
      print_reg(sb, prog->consts[i].offset_B);
      strbuf_printf(sb, " = 0x%llx\n", (unsigned long long)prog->consts[i].value);
   }
   for (uint32_t i = 0; i < prog->num_instrs; i++) {
      const struct kx_instr *in = &prog->instrs[i];
      struct kx_operands o;
      strbuf_printf(sb, "%4u: %s", i, kx_opcode_name(in->op));
      if (!kx_instr_operands(in, &o)) {
         strbuf_append(sb, " ???\n");
         continue;
      }
      if (in->n)
         strbuf_printf(sb, ".%ux%u", in->bits, in->n);
      const char *sep = " ";
      if (o.regs & F_DST) {
         strbuf_append(sb, sep);
         print_reg(sb, in->dst);
         sep = " <- ";
      }
      for (unsigned s = 0; s < 3; s++) {
         if (o.regs & (F_SRC0 << s)) {
            strbuf_append(sb, sep);
            print_reg(sb, in->src[s]);
            sep = ", ";
         }
      }
      for (unsigned s = 0; s < 3; s++) {
         if (o.regs & (F_IMM0 << s)) {
            strbuf_append(sb, sep);
            print_reg(sb, in->imm[s]);
            sep = ", ";
         } else if (o.labels & (1 << s)) {
            strbuf_printf(sb, "%s@%u", sep, in->imm[s]);
            sep = ", ";
         } else if ((int)s == o.aux_imm) {
            strbuf_printf(sb, "%s[", sep);
            for (unsigned a = 0; a < o.aux_count; a++) {
               if (a)
                  strbuf_append(sb, " ");
               print_reg(sb, prog->aux[in->imm[s] + a]);
            }
            strbuf_append(sb, "]");
            sep = ", ";
         } else if (in->imm[s]) {
            strbuf_printf(sb, "%s#%u", sep, in->imm[s]);
            sep = ", ";
         }
      }
      strbuf_append(sb, "\n");
   }
}

/* --- validation ---------------------------------------------------------------------- */

static bool
kx_program_validate(const struct kx_program *p)
{
   const uint64_t regs_B = (uint64_t)p->num_slots * KX_SLOT_B;
   if (p->num_instrs == 0 || p->instrs[p->num_instrs - 1].op != KX_OP_END)
      return false;
   if (p->num_slots < KX_FIRST_CONST_SLOT || p->max_depth > 4096)
      return false;
   /* The prologue: only pure operations, ended by END. */
   if (p->main_start >= p->num_instrs ||
       (p->main_start && p->instrs[p->main_start - 1].op != KX_OP_END))
      return false;
   for (uint32_t i = 0; i + 1 < p->main_start; i++) {
      const unsigned op = p->instrs[i].op;
      if (op != KX_OP_LOAD_CBUF && op != KX_OP_SYSVAL && op < KX_OP_FIRST_ALU)
         return false;
   }
   for (uint32_t i = 0; i < p->num_consts; i++) {
      if (p->consts[i].offset_B % KX_SLOT_B || p->consts[i].offset_B >= regs_B ||
          (p->consts[i].bits != 32 && p->consts[i].bits != 64))
         return false;
   }
   for (uint32_t i = 0; i < p->num_aux; i++) {
      if (p->aux[i] % KX_SLOT_B || p->aux[i] >= regs_B)
         return false;
   }
   for (uint32_t i = 0; i < p->num_instrs; i++) {
      const struct kx_instr *in = &p->instrs[i];
      struct kx_operands o;
      if (!kx_instr_operands(in, &o))
         return false;
      if ((o.regs & F_DST) && (in->dst % KX_SLOT_B || in->dst >= regs_B))
         return false;
      for (unsigned s = 0; s < 3; s++) {
         if ((o.regs & (F_SRC0 << s)) && (in->src[s] % KX_SLOT_B || in->src[s] >= regs_B))
            return false;
         if ((o.regs & (F_IMM0 << s)) && (in->imm[s] % KX_SLOT_B || in->imm[s] >= regs_B))
            return false;
         if ((o.labels & (1 << s)) && in->imm[s] >= p->num_instrs)
            return false;
      }
      if (o.aux_imm >= 0 && (uint64_t)in->imm[o.aux_imm] + o.aux_count > p->num_aux)
         return false;
   }
   return true;
}

/* --- serialization ------------------------------------------------------------------ */

/* The graphics fields of a deserialized program's info. */
static bool
kx_info_valid(const struct kx_program_info *info)
{
   if (info->tess.primitive > NIR_PRIM_ISOLINES ||
       info->tess.spacing > NIR_TESS_SPACING_FRACTIONAL_EVEN || info->tess.vertices_out > 32)
      return false;
   if (info->stage > NIR_STAGE_COMPUTE || info->clip_distance_count > 8 ||
       info->cull_distance_count > 8 || info->clip_distance_count + info->cull_distance_count > 8)
      return false;
   /* Pre-rasterization data: what the draw path indexes with. */
   const struct kx_gs_info *gs = &info->gs;
   if (info->xfb.output_count > KX_MAX_XFB_OUTPUTS || gs->vertices_in > 6 ||
       gs->output_kind > 2 || gs->max_vertices > 1024 || gs->out_stride_slots > KX_SLOT_COUNT + 1)
      return false;
   if (info->stage == NIR_STAGE_GEOMETRY &&
       (gs->vertices_in == 0 || gs->out_stride_slots == 0 || gs->invocations == 0))
      return false;
   for (unsigned i = 0; i < info->xfb.output_count; i++) {
      const struct kx_xfb_output *o = &info->xfb.outputs[i];
      if (o->buffer >= KX_MAX_XFB_BUFFERS || o->slot >= KX_SLOT_COUNT || o->words == 0 ||
          o->comp + o->words > 4 || o->stream >= KX_MAX_VERTEX_STREAMS)
         return false;
   }
   for (unsigned i = 0; i < KX_SLOT_COUNT; i++) {
      if (info->interp[i] & ~(KX_INTERP_MODE_MASK | KX_INTERP_CENTROID | KX_INTERP_SAMPLE) ||
          (info->interp[i] & KX_INTERP_MODE_MASK) == KX_INTERP_MODE_MASK)
         return false;
   }
   return true;
}

#define KX_SERIAL_MAGIC 0x3150584bu /* "KXP1" */

struct kx_serial_header {
   uint32_t magic;
   uint32_t abi; /* changes whenever the encoding does */
   struct kx_program_info info;
   uint32_t num_instrs, num_aux, num_consts, num_slots, max_depth, float_controls, main_start;
};

static uint32_t
kx_abi(void)
{
   /* Bump the low byte whenever the encoding changes. */
   return 4u | ((uint32_t)KX_OP_COUNT << 8) | ((uint32_t)KX_W << 20) |
          ((uint32_t)sizeof(struct kx_instr) << 24);
}

bool
kx_program_serialize(const struct kx_program *prog, struct strbuf *out)
{
   const struct kx_serial_header h = {
      .magic = KX_SERIAL_MAGIC,
      .abi = kx_abi(),
      .info = prog->info,
      .num_instrs = prog->num_instrs,
      .num_aux = prog->num_aux,
      .num_consts = prog->num_consts,
      .num_slots = prog->num_slots,
      .max_depth = prog->max_depth,
      .float_controls = prog->float_controls,
      .main_start = prog->main_start,
   };
   strbuf_append_n(out, (const char *)&h, sizeof(h));
   strbuf_append_n(out, (const char *)prog->instrs, prog->num_instrs * sizeof(struct kx_instr));
   strbuf_append_n(out, (const char *)prog->consts, prog->num_consts * sizeof(struct kx_const));
   strbuf_append_n(out, (const char *)prog->aux, prog->num_aux * sizeof(uint32_t));
   return !out->oom;
}

struct kx_program *
kx_program_deserialize(const void *data, size_t size_B)
{
   struct kx_serial_header h;
   if (size_B < sizeof(h))
      return NULL;
   /* The booleans first, as bytes: a bool holding anything but 0 or 1 is
    * undefined behaviour to even read. */
   const uint8_t *bytes = data;
   const size_t info_at = offsetof(struct kx_serial_header, info);
   static const size_t bools[] = {
      offsetof(struct kx_program_info, uses_barrier),
      offsetof(struct kx_program_info, uses_subgroups),
      offsetof(struct kx_program_info, writes_depth),
      offsetof(struct kx_program_info, writes_stencil),
      offsetof(struct kx_program_info, writes_sample_mask),
      offsetof(struct kx_program_info, writes_memory),
      offsetof(struct kx_program_info, uses_discard),
      offsetof(struct kx_program_info, uses_demote),
      offsetof(struct kx_program_info, early_fragment_tests),
      offsetof(struct kx_program_info, uses_derivatives),
      offsetof(struct kx_program_info, uses_sample_shading),
      offsetof(struct kx_program_info, reads_frag_coord),
      offsetof(struct kx_program_info, reads_helper_invocation),
      offsetof(struct kx_program_info, reads_point_coord),
      offsetof(struct kx_program_info, tess.ccw),
      offsetof(struct kx_program_info, tess.cw),
      offsetof(struct kx_program_info, tess.point_mode),
   };
   for (unsigned i = 0; i < ARRAY_SIZE(bools); i++) {
      if (bytes[info_at + bools[i]] > 1)
         return NULL;
   }
   memcpy(&h, data, sizeof(h));
   if (h.magic != KX_SERIAL_MAGIC || h.abi != kx_abi())
      return NULL;
   if (h.num_instrs > (1u << 24) || h.num_aux > (1u << 24) || h.num_consts > (1u << 24) ||
       h.num_slots > (1u << 20))
      return NULL;
   const size_t body_B = (size_t)h.num_instrs * sizeof(struct kx_instr) +
                         (size_t)h.num_consts * sizeof(struct kx_const) +
                         (size_t)h.num_aux * sizeof(uint32_t);
   if (size_B != sizeof(h) + body_B)
      return NULL;
   struct kx_program *p = calloc(1, sizeof(*p) + body_B);
   if (!p)
      return NULL;
   p->id = kx_program_new_id();
   p->info = h.info;
   p->num_instrs = h.num_instrs;
   p->num_aux = h.num_aux;
   p->num_consts = h.num_consts;
   p->num_slots = h.num_slots;
   p->max_depth = h.max_depth;
   p->float_controls = h.float_controls;
   p->main_start = h.main_start;
   p->instrs = (struct kx_instr *)(p + 1);
   p->consts = (struct kx_const *)(p->instrs + p->num_instrs);
   p->aux = (uint32_t *)(p->consts + p->num_consts);
   memcpy(p->instrs, (const uint8_t *)data + sizeof(h), body_B);

   const uint32_t wg = (uint32_t)p->info.workgroup_size[0] * p->info.workgroup_size[1] *
                       p->info.workgroup_size[2];
   if (!kx_program_validate(p) || wg == 0 || wg > KX_MAX_WORKGROUP_INVOCATIONS ||
       p->info.shared_size_B > (1u << 24) ||
       p->info.shared_zero_size_B > p->info.shared_size_B || p->info.scratch_size_B > (1u << 20) ||
       !kx_info_valid(&p->info)) {
      free(p);
      return NULL;
   }
   return p;
}
