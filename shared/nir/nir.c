/* SPDX-License-Identifier: MIT */
/* Core objects: shaders, functions, variables, instructions, defs and uses. */
#include "nir/nir.h"

#include <math.h>
#include <string.h>

#include "nir/nir_private.h"
#include "util/arena.h"
#include "util/half_float.h"

/* ------------------------------------------------------------------------------- */
/* Names                                                                           */
/* ------------------------------------------------------------------------------- */

const char *
nir_stage_name(nir_shader_stage stage)
{
   static const char *const names[NIR_STAGE_COUNT] = {
      "vertex", "tess_ctrl", "tess_eval", "geometry", "fragment", "compute",
   };
   return (unsigned)stage < NIR_STAGE_COUNT ? names[stage] : "invalid";
}

const char *
nir_variable_mode_name(nir_variable_mode mode)
{
   switch (mode) {
   case NIR_VAR_SHADER_IN:
      return "shader_in";
   case NIR_VAR_SHADER_OUT:
      return "shader_out";
   case NIR_VAR_UNIFORM:
      return "uniform";
   case NIR_VAR_MEM_UBO:
      return "ubo";
   case NIR_VAR_MEM_SSBO:
      return "ssbo";
   case NIR_VAR_MEM_PUSH_CONST:
      return "push_const";
   case NIR_VAR_MEM_SHARED:
      return "shared";
   case NIR_VAR_FUNCTION_TEMP:
      return "function_temp";
   case NIR_VAR_SHADER_TEMP:
      return "shader_temp";
   case NIR_VAR_SYSTEM_VALUE:
      return "system_value";
   case NIR_VAR_MEM_GLOBAL:
      return "global";
   default:
      return "invalid";
   }
}

const char *
nir_alu_type_name(nir_alu_type t)
{
   static const char *const unsized[] = {NULL, "int", "uint", "bool", "float"};
   static const char *const sized[5][5] = {
      {NULL},
      {"int1", "int8", "int16", "int32", "int64"},
      {"uint1", "uint8", "uint16", "uint32", "uint64"},
      {"bool1", "bool8", "bool16", "bool32", "bool64"},
      {"float1", "float8", "float16", "float32", "float64"},
   };
   static const unsigned sizes[5] = {1, 8, 16, 32, 64};
   const unsigned b = (t & NIR_ALU_TYPE_BASE_MASK) >> 8;
   const unsigned s = nir_alu_type_get_type_size(t);
   if (b == 0 || b >= ARRAY_SIZE(unsized))
      return "invalid";
   if (s == 0)
      return unsized[b];
   for (unsigned i = 0; i < ARRAY_SIZE(sizes); i++)
      if (sizes[i] == s)
         return sized[b][i];
   return "invalid";
}

const char *
nir_atomic_op_name(nir_atomic_op op)
{
   static const char *const names[NIR_ATOMIC_OP_COUNT] = {
      "iadd", "imin",    "umin", "imax", "umax", "iand",     "ior",      "ixor",
      "xchg", "cmpxchg", "fadd", "fmin", "fmax", "fcmpxchg", "inc_wrap", "dec_wrap",
   };
   return (unsigned)op < NIR_ATOMIC_OP_COUNT ? names[op] : "invalid";
}

nir_op
nir_atomic_op_to_alu(nir_atomic_op op)
{
   switch (op) {
   case NIR_ATOMIC_OP_IADD:
      return NIR_OP_IADD;
   case NIR_ATOMIC_OP_IMIN:
      return NIR_OP_IMIN;
   case NIR_ATOMIC_OP_UMIN:
      return NIR_OP_UMIN;
   case NIR_ATOMIC_OP_IMAX:
      return NIR_OP_IMAX;
   case NIR_ATOMIC_OP_UMAX:
      return NIR_OP_UMAX;
   case NIR_ATOMIC_OP_IAND:
      return NIR_OP_IAND;
   case NIR_ATOMIC_OP_IOR:
      return NIR_OP_IOR;
   case NIR_ATOMIC_OP_IXOR:
      return NIR_OP_IXOR;
   case NIR_ATOMIC_OP_FADD:
      return NIR_OP_FADD;
   case NIR_ATOMIC_OP_FMIN:
      return NIR_OP_FMIN;
   case NIR_ATOMIC_OP_FMAX:
      return NIR_OP_FMAX;
   default:
      return NIR_NUM_OPCODES;
   }
}

const char *
nir_scope_name(nir_scope scope)
{
   static const char *const names[] = {
      "none",      "invocation",   "subgroup", "shader_call",
      "workgroup", "queue_family", "device",
   };
   return (unsigned)scope < ARRAY_SIZE(names) ? names[scope] : "invalid";
}

const char *
nir_texop_name(nir_texop op)
{
   static const char *const names[] = {
      "tex",
      "txb",
      "txl",
      "txd",
      "txf",
      "txf_ms",
      "txs",
      "lod",
      "tg4",
      "query_levels",
      "texture_samples",
   };
   return (unsigned)op < ARRAY_SIZE(names) ? names[op] : "invalid";
}

const char *
nir_tex_src_type_name(nir_tex_src_type type)
{
   static const char *const names[NIR_NUM_TEX_SRC_TYPES] = {
      "coord",
      "projector",
      "comparator",
      "offset",
      "bias",
      "lod",
      "min_lod",
      "ms_index",
      "ddx",
      "ddy",
      "texture_deref",
      "sampler_deref",
      "texture_offset",
      "sampler_offset",
      "texture_handle",
      "sampler_handle",
   };
   return (unsigned)type < NIR_NUM_TEX_SRC_TYPES ? names[type] : "invalid";
}

/* ------------------------------------------------------------------------------- */
/* ALU types and constants                                                         */
/* ------------------------------------------------------------------------------- */

nir_alu_type
nir_get_nir_type_for_glsl_base_type(enum glsl_base_type base)
{
   switch (base) {
   case GLSL_TYPE_BOOL:
      return NIR_TYPE_BOOL1;
   case GLSL_TYPE_INT8:
      return NIR_TYPE_INT8;
   case GLSL_TYPE_UINT8:
      return NIR_TYPE_UINT8;
   case GLSL_TYPE_INT16:
      return NIR_TYPE_INT16;
   case GLSL_TYPE_UINT16:
      return NIR_TYPE_UINT16;
   case GLSL_TYPE_INT:
      return NIR_TYPE_INT32;
   case GLSL_TYPE_UINT:
      return NIR_TYPE_UINT32;
   case GLSL_TYPE_INT64:
      return NIR_TYPE_INT64;
   case GLSL_TYPE_UINT64:
      return NIR_TYPE_UINT64;
   case GLSL_TYPE_FLOAT16:
      return NIR_TYPE_FLOAT16;
   case GLSL_TYPE_FLOAT:
      return NIR_TYPE_FLOAT32;
   case GLSL_TYPE_DOUBLE:
      return NIR_TYPE_FLOAT64;
   default:
      return NIR_TYPE_INVALID;
   }
}

enum glsl_base_type
nir_get_glsl_base_type_for_nir_type(nir_alu_type t)
{
   const unsigned s = nir_alu_type_get_type_size(t);
   switch (nir_alu_type_get_base_type(t)) {
   case NIR_TYPE_BOOL:
      return GLSL_TYPE_BOOL;
   case NIR_TYPE_INT:
      return glsl_base_type_with_bit_size(GLSL_TYPE_INT, s);
   case NIR_TYPE_UINT:
      return glsl_base_type_with_bit_size(GLSL_TYPE_UINT, s);
   case NIR_TYPE_FLOAT:
      return glsl_base_type_with_bit_size(GLSL_TYPE_FLOAT, s);
   default:
      return GLSL_TYPE_ERROR;
   }
}

nir_const_value
nir_const_value_for_raw_uint(uint64_t x, unsigned bit_size)
{
   nir_const_value v;
   memset(&v, 0, sizeof(v));
   switch (bit_size) {
   case 1:
      v.b = x & 1;
      break;
   case 8:
      v.u8 = (uint8_t)x;
      break;
   case 16:
      v.u16 = (uint16_t)x;
      break;
   case 32:
      v.u32 = (uint32_t)x;
      break;
   default:
      v.u64 = x;
      break;
   }
   return v;
}

nir_const_value
nir_const_value_for_int(int64_t x, unsigned bit_size)
{
   return nir_const_value_for_raw_uint((uint64_t)x, bit_size);
}

nir_const_value
nir_const_value_for_uint(uint64_t x, unsigned bit_size)
{
   return nir_const_value_for_raw_uint(x, bit_size);
}

nir_const_value
nir_const_value_for_bool(bool b, unsigned bit_size)
{
   /* Wider booleans are all-ones for true, as in SPIR-V backends. */
   return nir_const_value_for_raw_uint(b ? ~0ull : 0, bit_size);
}

nir_const_value
nir_const_value_for_float(double x, unsigned bit_size)
{
   nir_const_value v;
   memset(&v, 0, sizeof(v));
   switch (bit_size) {
   case 16:
      v.u16 = util_float_to_half((float)x);
      break;
   case 32:
      v.f32 = (float)x;
      break;
   default:
      v.f64 = x;
      break;
   }
   return v;
}

uint64_t
nir_const_value_as_uint(nir_const_value v, unsigned bit_size)
{
   switch (bit_size) {
   case 1:
      return v.b;
   case 8:
      return v.u8;
   case 16:
      return v.u16;
   case 32:
      return v.u32;
   default:
      return v.u64;
   }
}

int64_t
nir_const_value_as_int(nir_const_value v, unsigned bit_size)
{
   switch (bit_size) {
   case 1:
      return v.b ? -1 : 0;
   case 8:
      return v.i8;
   case 16:
      return v.i16;
   case 32:
      return v.i32;
   default:
      return v.i64;
   }
}

double
nir_const_value_as_float(nir_const_value v, unsigned bit_size)
{
   switch (bit_size) {
   case 16:
      return util_half_to_float(v.u16);
   case 32:
      return v.f32;
   case 64:
      return v.f64;
   default:
      return NAN;
   }
}

bool
nir_const_value_as_bool(nir_const_value v, unsigned bit_size)
{
   return nir_const_value_as_uint(v, bit_size) != 0;
}

bool
nir_const_value_equal(nir_const_value a, nir_const_value b, unsigned bit_size)
{
   return nir_const_value_as_uint(a, bit_size) == nir_const_value_as_uint(b, bit_size);
}

nir_const_value *
nir_src_as_const_value(nir_src src)
{
   if (src.ssa->parent_instr->type != NIR_INSTR_TYPE_LOAD_CONST)
      return NULL;
   return nir_instr_as_load_const(src.ssa->parent_instr)->value;
}

bool
nir_src_is_const(nir_src src)
{
   return src.ssa->parent_instr->type == NIR_INSTR_TYPE_LOAD_CONST;
}

uint64_t
nir_src_comp_as_uint(nir_src src, unsigned c)
{
   const nir_const_value *v = nir_src_as_const_value(src);
   assert(v && c < src.ssa->num_components);
   return nir_const_value_as_uint(v[c], src.ssa->bit_size);
}

int64_t
nir_src_comp_as_int(nir_src src, unsigned c)
{
   const nir_const_value *v = nir_src_as_const_value(src);
   assert(v && c < src.ssa->num_components);
   return nir_const_value_as_int(v[c], src.ssa->bit_size);
}

double
nir_src_comp_as_float(nir_src src, unsigned c)
{
   const nir_const_value *v = nir_src_as_const_value(src);
   assert(v && c < src.ssa->num_components);
   return nir_const_value_as_float(v[c], src.ssa->bit_size);
}

bool
nir_src_comp_as_bool(nir_src src, unsigned c)
{
   const nir_const_value *v = nir_src_as_const_value(src);
   assert(v && c < src.ssa->num_components);
   return nir_const_value_as_bool(v[c], src.ssa->bit_size);
}

/* ------------------------------------------------------------------------------- */
/* ALU helpers                                                                     */
/* ------------------------------------------------------------------------------- */

unsigned
nir_ssa_alu_instr_src_components(const nir_alu_instr *alu, unsigned src)
{
   const unsigned s = nir_op_infos[alu->op].input_sizes[src];
   return s ? s : alu->def.num_components;
}

unsigned
nir_alu_instr_unsized_bit_size(const nir_alu_instr *alu)
{
   const nir_op_info *info = &nir_op_infos[alu->op];
   for (unsigned i = 0; i < info->num_inputs; i++)
      if (nir_alu_type_get_type_size(info->input_types[i]) == 0)
         return alu->src[i].src.ssa->bit_size;
   if (nir_alu_type_get_type_size(info->output_type) == 0)
      return alu->def.bit_size;
   return 0;
}

nir_op
nir_op_vec(unsigned num_components)
{
   switch (num_components) {
   case 1:
      return NIR_OP_MOV;
   case 2:
      return NIR_OP_VEC2;
   case 3:
      return NIR_OP_VEC3;
   case 4:
      return NIR_OP_VEC4;
   case 8:
      return NIR_OP_VEC8;
   case 16:
      return NIR_OP_VEC16;
   default:
      return NIR_NUM_OPCODES;
   }
}

static nir_op
sized_op(nir_op op8, nir_op op16, nir_op op32, nir_op op64, unsigned bits)
{
   switch (bits) {
   case 8:
      return op8;
   case 16:
      return op16;
   case 32:
      return op32;
   case 64:
      return op64;
   default:
      return NIR_NUM_OPCODES;
   }
}

nir_op
nir_type_conversion_op(nir_alu_type src, nir_alu_type dst, nir_rounding_mode rnd)
{
   const nir_alu_type sb = nir_alu_type_get_base_type(src);
   const nir_alu_type db = nir_alu_type_get_base_type(dst);
   const unsigned ss = nir_alu_type_get_type_size(src);
   const unsigned ds = nir_alu_type_get_type_size(dst);

   if (src == dst && sb != NIR_TYPE_FLOAT)
      return NIR_OP_MOV;
   if (sb == NIR_TYPE_BOOL) {
      if (db == NIR_TYPE_BOOL)
         return NIR_OP_MOV;
      if (db == NIR_TYPE_FLOAT)
         return sized_op(NIR_NUM_OPCODES, NIR_OP_B2F16, NIR_OP_B2F32, NIR_OP_B2F64, ds);
      return sized_op(NIR_OP_B2I8, NIR_OP_B2I16, NIR_OP_B2I32, NIR_OP_B2I64, ds);
   }
   if (db == NIR_TYPE_BOOL)
      return sb == NIR_TYPE_FLOAT ? NIR_OP_F2B1 : NIR_OP_I2B1;

   if (sb == NIR_TYPE_FLOAT) {
      if (db == NIR_TYPE_FLOAT) {
         if (ss == ds)
            return NIR_OP_MOV;
         if (ds == 16 && rnd == NIR_ROUNDING_MODE_RTZ)
            return NIR_OP_F2F16_RTZ;
         if (ds == 16 && rnd == NIR_ROUNDING_MODE_RTNE)
            return NIR_OP_F2F16_RTNE;
         if (ds == 32 && ss == 64 && rnd == NIR_ROUNDING_MODE_RTZ)
            return NIR_OP_F2F32_RTZ;
         return sized_op(NIR_NUM_OPCODES, NIR_OP_F2F16, NIR_OP_F2F32, NIR_OP_F2F64, ds);
      }
      if (db == NIR_TYPE_INT)
         return sized_op(NIR_OP_F2I8, NIR_OP_F2I16, NIR_OP_F2I32, NIR_OP_F2I64, ds);
      return sized_op(NIR_OP_F2U8, NIR_OP_F2U16, NIR_OP_F2U32, NIR_OP_F2U64, ds);
   }

   /* Integer source. */
   if (db == NIR_TYPE_FLOAT) {
      if (sb == NIR_TYPE_INT)
         return sized_op(NIR_NUM_OPCODES, NIR_OP_I2F16, NIR_OP_I2F32, NIR_OP_I2F64, ds);
      return sized_op(NIR_NUM_OPCODES, NIR_OP_U2F16, NIR_OP_U2F32, NIR_OP_U2F64, ds);
   }
   if (ss == ds)
      return NIR_OP_MOV;
   /* Widening follows the source's signedness (OpSConvert vs OpUConvert). */
   if (sb == NIR_TYPE_INT)
      return sized_op(NIR_OP_I2I8, NIR_OP_I2I16, NIR_OP_I2I32, NIR_OP_I2I64, ds);
   return sized_op(NIR_OP_U2U8, NIR_OP_U2U16, NIR_OP_U2U32, NIR_OP_U2U64, ds);
}

/* ------------------------------------------------------------------------------- */
/* Shader, functions, variables                                                    */
/* ------------------------------------------------------------------------------- */

static const unsigned poison_components[6] = {1, 2, 3, 4, 8, 16};
static const unsigned poison_bits[5] = {1, 8, 16, 32, 64};

nir_shader *
nir_shader_create(struct arena *parent_arena, nir_shader_stage stage)
{
   struct arena *arena = arena_create(parent_arena);
   if (!arena)
      return NULL;
   nir_shader *s = arena_new(arena, nir_shader);
   if (!s)
      goto fail;
   s->arena = arena;
   s->info.stage = stage;
   for (unsigned i = 0; i < 3; i++)
      s->info.cs.workgroup_size_spec_id[i] = -1;
   list_inithead(&s->variables);
   list_inithead(&s->functions);

   /* Poison values: what the builder returns after an allocation failure,
    * allocated up front so handing them out cannot fail. */
   for (unsigned c = 0; c < ARRAY_SIZE(poison_components); c++) {
      for (unsigned b = 0; b < ARRAY_SIZE(poison_bits); b++) {
         nir_undef_instr *u =
            nir_undef_instr_create(s, poison_components[c], poison_bits[b]);
         if (!u)
            goto fail;
         s->poison_defs[c][b] = &u->def;
      }
   }
   nir_deref_instr *pd = nir_deref_instr_create(s, NIR_DEREF_TYPE_VAR);
   nir_variable *pv = arena_new(arena, nir_variable);
   if (!pd || !pv)
      goto fail;
   pv->type = glsl_error_type();
   pv->name = "poison";
   pv->data.builtin = NIR_BUILTIN_NONE;
   list_inithead(&pv->node);
   pd->var = pv;
   pd->type = glsl_error_type();
   nir_def_init(&pd->instr, &pd->def, 1, 32);
   s->poison_deref = pd;
   return s;

fail:
   arena_destroy(arena);
   return NULL;
}

void
nir_shader_destroy(nir_shader *shader)
{
   if (shader)
      arena_destroy(shader->arena);
}

void
nir_shader_set_oom(nir_shader *shader)
{
   shader->oom = true;
}

nir_def *
nir_shader_poison_def_(nir_shader *shader, unsigned num_components, unsigned bit_size)
{
   shader->oom = true;
   unsigned c = 0, b = 3;
   for (unsigned i = 0; i < ARRAY_SIZE(poison_components); i++)
      if (poison_components[i] == num_components)
         c = i;
   for (unsigned i = 0; i < ARRAY_SIZE(poison_bits); i++)
      if (poison_bits[i] == bit_size)
         b = i;
   return shader->poison_defs[c][b];
}

nir_function *
nir_function_create(nir_shader *shader, const char *name)
{
   nir_function *f = arena_new(shader->arena, nir_function);
   if (!f) {
      shader->oom = true;
      return NULL;
   }
   f->shader = shader;
   if (name && !(f->name = arena_strdup(shader->arena, name))) {
      shader->oom = true;
      return NULL;
   }
   list_addtail(&f->node, &shader->functions);
   return f;
}

nir_function_impl *
nir_function_impl_create(nir_function *function)
{
   nir_shader *s = function->shader;
   nir_function_impl *impl = arena_new(s->arena, nir_function_impl);
   nir_block *start = nir_block_create_(s);
   nir_block *end = nir_block_create_(s);
   if (!impl || !start || !end) {
      s->oom = true;
      return NULL;
   }
   impl->cf_node.type = NIR_CF_NODE_FUNCTION;
   list_inithead(&impl->cf_node.node);
   impl->function = function;
   list_inithead(&impl->body);
   list_inithead(&impl->locals);
   start->cf_node.parent = &impl->cf_node;
   list_addtail(&start->cf_node.node, &impl->body);
   end->cf_node.parent = &impl->cf_node;
   impl->end_block = end;
   function->impl = impl;
   nir_impl_update_cfg_(impl);
   return impl;
}

nir_function *
nir_shader_get_entrypoint_function(nir_shader *shader)
{
   nir_foreach_function (f, shader) {
      if (f->is_entrypoint)
         return f;
   }
   return NULL;
}

nir_function_impl *
nir_shader_get_entrypoint(nir_shader *shader)
{
   nir_function *f = nir_shader_get_entrypoint_function(shader);
   return f ? f->impl : NULL;
}

nir_shader *
nir_impl_shader_(const nir_function_impl *impl)
{
   return impl->function->shader;
}

static nir_variable *
variable_alloc(nir_shader *shader, nir_variable_mode mode, const struct glsl_type *type,
               const char *name)
{
   nir_variable *var = arena_new(shader->arena, nir_variable);
   if (!var) {
      shader->oom = true;
      return NULL;
   }
   if (name && !(var->name = arena_strdup(shader->arena, name))) {
      shader->oom = true;
      return NULL;
   }
   var->type = type;
   var->data.mode = mode;
   var->data.builtin = NIR_BUILTIN_NONE;
   var->data.location = -1;
   var->index = shader->next_var_index++;
   return var;
}

nir_variable *
nir_variable_create(nir_shader *shader, nir_variable_mode mode,
                    const struct glsl_type *type, const char *name)
{
   assert(mode != NIR_VAR_FUNCTION_TEMP && "use nir_local_variable_create");
   nir_variable *var = variable_alloc(shader, mode, type, name);
   if (var)
      list_addtail(&var->node, &shader->variables);
   return var;
}

nir_variable *
nir_local_variable_create(nir_function_impl *impl, const struct glsl_type *type,
                          const char *name)
{
   nir_variable *var =
      variable_alloc(nir_impl_shader_(impl), NIR_VAR_FUNCTION_TEMP, type, name);
   if (var)
      list_addtail(&var->node, &impl->locals);
   return var;
}

nir_variable *
nir_find_variable_with_location(nir_shader *shader, nir_variable_mode mode, int location)
{
   nir_foreach_variable_with_modes (var, shader, mode) {
      if (var->data.location == location && var->data.builtin == NIR_BUILTIN_NONE)
         return var;
   }
   return NULL;
}

nir_variable *
nir_find_variable_with_builtin(nir_shader *shader, nir_variable_mode mode,
                               nir_builtin builtin)
{
   nir_foreach_variable_with_modes (var, shader, mode) {
      if (var->data.builtin == builtin)
         return var;
   }
   return NULL;
}

nir_constant *
nir_constant_create(nir_shader *shader, unsigned num_elements)
{
   nir_constant *c = arena_new(shader->arena, nir_constant);
   if (!c) {
      shader->oom = true;
      return NULL;
   }
   if (num_elements) {
      c->elements = arena_new_array(shader->arena, nir_constant *, num_elements);
      if (!c->elements) {
         shader->oom = true;
         return NULL;
      }
      c->num_elements = num_elements;
   }
   return c;
}

/* ------------------------------------------------------------------------------- */
/* Instruction creation                                                            */
/* ------------------------------------------------------------------------------- */

static void *
instr_alloc(nir_shader *shader, size_t size_B, nir_instr_type type)
{
   nir_instr *instr = arena_zalloc(shader->arena, size_B);
   if (!instr) {
      shader->oom = true;
      return NULL;
   }
   instr->type = type;
   return instr;
}

void
nir_def_init(nir_instr *instr, nir_def *def, unsigned num_components, unsigned bit_size)
{
   def->parent_instr = instr;
   list_inithead(&def->uses);
   def->num_components = (uint8_t)num_components;
   def->bit_size = (uint8_t)bit_size;
   def->index = UINT32_MAX;
   def->divergent = false;
}

static void
src_init_instr(nir_src *src, nir_instr *instr)
{
   src->parent_instr = instr;
   src->is_if = false;
}

nir_alu_instr *
nir_alu_instr_create(nir_shader *shader, nir_op op)
{
   const unsigned n = nir_op_infos[op].num_inputs;
   nir_alu_instr *alu =
      instr_alloc(shader, sizeof(*alu) + n * sizeof(nir_alu_src), NIR_INSTR_TYPE_ALU);
   if (!alu)
      return NULL;
   alu->op = op;
   for (unsigned i = 0; i < n; i++) {
      src_init_instr(&alu->src[i].src, &alu->instr);
      for (unsigned c = 0; c < NIR_MAX_VEC_COMPONENTS; c++)
         alu->src[i].swizzle[c] = (uint8_t)c;
   }
   nir_def_init(&alu->instr, &alu->def, 0, 0);
   return alu;
}

nir_deref_instr *
nir_deref_instr_create(nir_shader *shader, nir_deref_type type)
{
   nir_deref_instr *d = instr_alloc(shader, sizeof(*d), NIR_INSTR_TYPE_DEREF);
   if (!d)
      return NULL;
   d->deref_type = type;
   if (type != NIR_DEREF_TYPE_VAR)
      src_init_instr(&d->parent, &d->instr);
   if (type == NIR_DEREF_TYPE_ARRAY || type == NIR_DEREF_TYPE_PTR_AS_ARRAY)
      src_init_instr(&d->arr.index, &d->instr);
   nir_def_init(&d->instr, &d->def, 0, 0);
   return d;
}

nir_call_instr *
nir_call_instr_create(nir_shader *shader, nir_function *callee)
{
   const unsigned n = callee->num_params;
   nir_call_instr *call =
      instr_alloc(shader, sizeof(*call) + n * sizeof(nir_src), NIR_INSTR_TYPE_CALL);
   if (!call)
      return NULL;
   call->callee = callee;
   call->num_params = n;
   for (unsigned i = 0; i < n; i++)
      src_init_instr(&call->params[i], &call->instr);
   return call;
}

nir_intrinsic_instr *
nir_intrinsic_instr_create(nir_shader *shader, nir_intrinsic_op op)
{
   const unsigned n = nir_intrinsic_infos[op].num_srcs;
   nir_intrinsic_instr *intr =
      instr_alloc(shader, sizeof(*intr) + n * sizeof(nir_src), NIR_INSTR_TYPE_INTRINSIC);
   if (!intr)
      return NULL;
   intr->intrinsic = op;
   for (unsigned i = 0; i < n; i++)
      src_init_instr(&intr->src[i], &intr->instr);
   nir_def_init(&intr->instr, &intr->def, 0, 0);
   return intr;
}

nir_tex_instr *
nir_tex_instr_create(nir_shader *shader, unsigned num_srcs)
{
   nir_tex_instr *tex = instr_alloc(shader, sizeof(*tex), NIR_INSTR_TYPE_TEX);
   if (!tex)
      return NULL;
   if (num_srcs) {
      tex->src = arena_new_array(shader->arena, nir_tex_src, num_srcs);
      if (!tex->src) {
         shader->oom = true;
         return NULL;
      }
   }
   tex->num_srcs = num_srcs;
   for (unsigned i = 0; i < num_srcs; i++)
      src_init_instr(&tex->src[i].src, &tex->instr);
   tex->dest_type = NIR_TYPE_FLOAT32;
   tex->sampler_dim = GLSL_SAMPLER_DIM_2D;
   tex->is_new_style_shadow = true;
   nir_def_init(&tex->instr, &tex->def, 0, 0);
   return tex;
}

nir_load_const_instr *
nir_load_const_instr_create(nir_shader *shader, unsigned num_components,
                            unsigned bit_size)
{
   nir_load_const_instr *lc =
      instr_alloc(shader, sizeof(*lc) + num_components * sizeof(nir_const_value),
                  NIR_INSTR_TYPE_LOAD_CONST);
   if (!lc)
      return NULL;
   nir_def_init(&lc->instr, &lc->def, num_components, bit_size);
   return lc;
}

nir_undef_instr *
nir_undef_instr_create(nir_shader *shader, unsigned num_components, unsigned bit_size)
{
   nir_undef_instr *u = instr_alloc(shader, sizeof(*u), NIR_INSTR_TYPE_UNDEF);
   if (!u)
      return NULL;
   nir_def_init(&u->instr, &u->def, num_components, bit_size);
   return u;
}

nir_jump_instr *
nir_jump_instr_create(nir_shader *shader, nir_jump_type type)
{
   nir_jump_instr *j = instr_alloc(shader, sizeof(*j), NIR_INSTR_TYPE_JUMP);
   if (!j)
      return NULL;
   j->type = type;
   return j;
}

nir_phi_instr *
nir_phi_instr_create(nir_shader *shader)
{
   nir_phi_instr *phi = instr_alloc(shader, sizeof(*phi), NIR_INSTR_TYPE_PHI);
   if (!phi)
      return NULL;
   list_inithead(&phi->srcs);
   nir_def_init(&phi->instr, &phi->def, 0, 0);
   return phi;
}

static nir_shader *
instr_shader(const nir_instr *instr)
{
   return nir_impl_shader_(nir_block_impl_(instr->block));
}

nir_phi_src *
nir_phi_instr_add_src(nir_phi_instr *phi, nir_block *pred, nir_def *def)
{
   /* The phi may not be inserted yet: then the pred's impl gives the shader. */
   nir_shader *shader = phi->instr.block ? instr_shader(&phi->instr)
                                         : nir_impl_shader_(nir_block_impl_(pred));
   nir_phi_src *ps = arena_new(shader->arena, nir_phi_src);
   if (!ps) {
      shader->oom = true;
      return NULL;
   }
   ps->pred = pred;
   src_init_instr(&ps->src, &phi->instr);
   ps->src.ssa = def;
   list_addtail(&ps->node, &phi->srcs);
   if (phi->instr.block)
      list_addtail(&ps->src.use_link, &def->uses);
   return ps;
}

void
nir_phi_instr_remove_src(nir_phi_instr *phi, nir_phi_src *src)
{
   if (src->src.use_link.next)
      list_del(&src->src.use_link);
   list_del(&src->node);
}

nir_phi_src *
nir_phi_get_src_from_block(nir_phi_instr *phi, nir_block *pred)
{
   nir_foreach_phi_src(ps, phi)
   {
      if (ps->pred == pred)
         return ps;
   }
   return NULL;
}

/* ------------------------------------------------------------------------------- */
/* Sources and uses                                                                */
/* ------------------------------------------------------------------------------- */

nir_def *
nir_instr_def(nir_instr *instr)
{
   switch (instr->type) {
   case NIR_INSTR_TYPE_ALU:
      return &nir_instr_as_alu(instr)->def;
   case NIR_INSTR_TYPE_DEREF:
      return &nir_instr_as_deref(instr)->def;
   case NIR_INSTR_TYPE_TEX:
      return &nir_instr_as_tex(instr)->def;
   case NIR_INSTR_TYPE_INTRINSIC: {
      nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
      return nir_intrinsic_infos[intr->intrinsic].has_dest ? &intr->def : NULL;
   }
   case NIR_INSTR_TYPE_LOAD_CONST:
      return &nir_instr_as_load_const(instr)->def;
   case NIR_INSTR_TYPE_UNDEF:
      return &nir_instr_as_undef(instr)->def;
   case NIR_INSTR_TYPE_PHI:
      return &nir_instr_as_phi(instr)->def;
   case NIR_INSTR_TYPE_CALL:
   case NIR_INSTR_TYPE_JUMP:
      return NULL;
   }
   return NULL;
}

bool
nir_foreach_src(nir_instr *instr, nir_foreach_src_cb cb, void *data)
{
   switch (instr->type) {
   case NIR_INSTR_TYPE_ALU: {
      nir_alu_instr *alu = nir_instr_as_alu(instr);
      for (unsigned i = 0; i < nir_op_infos[alu->op].num_inputs; i++)
         if (!cb(&alu->src[i].src, data))
            return false;
      return true;
   }
   case NIR_INSTR_TYPE_DEREF: {
      nir_deref_instr *d = nir_instr_as_deref(instr);
      if (d->deref_type != NIR_DEREF_TYPE_VAR && !cb(&d->parent, data))
         return false;
      if ((d->deref_type == NIR_DEREF_TYPE_ARRAY ||
           d->deref_type == NIR_DEREF_TYPE_PTR_AS_ARRAY) &&
          !cb(&d->arr.index, data))
         return false;
      return true;
   }
   case NIR_INSTR_TYPE_CALL: {
      nir_call_instr *call = nir_instr_as_call(instr);
      for (unsigned i = 0; i < call->num_params; i++)
         if (!cb(&call->params[i], data))
            return false;
      return true;
   }
   case NIR_INSTR_TYPE_TEX: {
      nir_tex_instr *tex = nir_instr_as_tex(instr);
      for (unsigned i = 0; i < tex->num_srcs; i++)
         if (!cb(&tex->src[i].src, data))
            return false;
      return true;
   }
   case NIR_INSTR_TYPE_INTRINSIC: {
      nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
      for (unsigned i = 0; i < nir_intrinsic_infos[intr->intrinsic].num_srcs; i++)
         if (!cb(&intr->src[i], data))
            return false;
      return true;
   }
   case NIR_INSTR_TYPE_PHI: {
      nir_phi_instr *phi = nir_instr_as_phi(instr);
      nir_foreach_phi_src(ps, phi)
      {
         if (!cb(&ps->src, data))
            return false;
      }
      return true;
   }
   case NIR_INSTR_TYPE_LOAD_CONST:
   case NIR_INSTR_TYPE_UNDEF:
   case NIR_INSTR_TYPE_JUMP:
      return true;
   }
   return true;
}

static bool
link_src_cb(nir_src *src, void *data)
{
   /* (Re)set the parent too: callers may have assigned whole structs
    * (e.g. a nir_tex_src compound literal) over the one create set up. */
   src->parent_instr = data;
   src->is_if = false;
   if (src->ssa)
      list_addtail(&src->use_link, &src->ssa->uses);
   return true;
}

static bool
unlink_src_cb(nir_src *src, void *data)
{
   (void)data;
   if (src->use_link.next)
      list_del(&src->use_link);
   return true;
}

void
nir_instr_link_srcs_(nir_instr *instr)
{
   nir_foreach_src(instr, link_src_cb, instr);
}

void
nir_instr_unlink_srcs_(nir_instr *instr)
{
   nir_foreach_src(instr, unlink_src_cb, NULL);
}

void
nir_src_rewrite(nir_src *src, nir_def *new_def)
{
   if (src->ssa == new_def)
      return;
   const bool linked = src->use_link.next != NULL;
   if (linked)
      list_del(&src->use_link);
   src->ssa = new_def;
   if (linked)
      list_addtail(&src->use_link, &new_def->uses);
}

void
nir_if_set_condition(nir_if *nif, nir_def *cond)
{
   nif->condition.is_if = true;
   nif->condition.parent_if = nif;
   if (nif->condition.use_link.next)
      list_del(&nif->condition.use_link);
   nif->condition.ssa = cond;
   if (nif->cf_node.parent && cond)
      list_addtail(&nif->condition.use_link, &cond->uses);
}

void
nir_def_rewrite_uses(nir_def *def, nir_def *new_def)
{
   if (def == new_def)
      return;
   nir_foreach_use_safe(src, def) nir_src_rewrite(src, new_def);
}

void
nir_def_rewrite_uses_after(nir_def *def, nir_def *new_def, nir_instr *after)
{
   if (def == new_def)
      return;
   nir_foreach_use_safe(src, def)
   {
      nir_instr *user = nir_src_parent_instr(src);
      if (user && user->block == after->block && user->type != NIR_INSTR_TYPE_PHI) {
         /* Same block: only uses that come after `after`. */
         bool is_after = false;
         for (nir_instr *i = nir_instr_next(after); i; i = nir_instr_next(i)) {
            if (i == user) {
               is_after = true;
               break;
            }
         }
         if (!is_after)
            continue;
      }
      nir_src_rewrite(src, new_def);
   }
}

unsigned
nir_def_components_read(const nir_def *def)
{
   unsigned mask = 0;
   nir_foreach_use (src, def) {
      nir_instr *user = nir_src_parent_instr(src);
      if (user && user->type == NIR_INSTR_TYPE_ALU) {
         nir_alu_instr *alu = nir_instr_as_alu(user);
         const nir_alu_src *as = container_of(src, nir_alu_src, src);
         const unsigned i = (unsigned)(as - alu->src);
         const unsigned n = nir_ssa_alu_instr_src_components(alu, i);
         for (unsigned c = 0; c < n; c++)
            mask |= 1u << as->swizzle[c];
      } else {
         return BITFIELD_MASK(def->num_components);
      }
   }
   return mask;
}

nir_block *
nir_src_get_block(const nir_src *src)
{
   if (src->is_if) {
      nir_cf_node *prev = nir_cf_node_prev(&src->parent_if->cf_node);
      return prev ? nir_cf_node_as_block(prev) : NULL;
   }
   nir_instr *instr = src->parent_instr;
   if (!instr)
      return NULL; /* broken IR; the validator reports it */
   if (instr->type == NIR_INSTR_TYPE_PHI) {
      const nir_phi_src *ps = container_of(src, nir_phi_src, src);
      return ps->pred;
   }
   return instr->block;
}

/* ------------------------------------------------------------------------------- */
/* Insertion and removal                                                           */
/* ------------------------------------------------------------------------------- */

nir_instr *
nir_instr_prev(nir_instr *instr)
{
   if (instr->node.prev == &instr->block->instr_list)
      return NULL;
   return list_entry(instr->node.prev, nir_instr, node);
}

nir_instr *
nir_instr_next(nir_instr *instr)
{
   if (instr->node.next == &instr->block->instr_list)
      return NULL;
   return list_entry(instr->node.next, nir_instr, node);
}

void
nir_instr_insert(nir_cursor cursor, nir_instr *instr)
{
   nir_instr_insert_in_impl_(NULL, cursor, instr);
}

void
nir_instr_insert_in_impl_(nir_function_impl *impl, nir_cursor cursor, nir_instr *instr)
{
   nir_block *block = nir_cursor_current_block(cursor);
   switch (cursor.option) {
   case NIR_CURSOR_BEFORE_BLOCK:
      list_add(&instr->node, &block->instr_list);
      break;
   case NIR_CURSOR_AFTER_BLOCK:
      list_addtail(&instr->node, &block->instr_list);
      break;
   case NIR_CURSOR_BEFORE_INSTR:
      list_insert_before(&instr->node, &cursor.instr->node);
      break;
   case NIR_CURSOR_AFTER_INSTR:
      list_insert_after(&instr->node, &cursor.instr->node);
      break;
   }
   instr->block = block;
   nir_instr_link_srcs_(instr);

   /* Finding the impl walks up the control-flow tree: O(nesting depth) for
    * every instruction, unless the caller (the builder) knows it. */
   if (!impl)
      impl = nir_block_impl_(block);
   nir_def *def = nir_instr_def(instr);
   if (def)
      def->index = impl->ssa_alloc++;

   if (instr->type == NIR_INSTR_TYPE_JUMP) {
      if (nir_remove_after_jump_(instr))
         nir_impl_update_cfg_(impl);
      else
         nir_impl_update_cfg_local_(impl, &block, 1);
   }
}

void
nir_instr_insert_before(nir_instr *before, nir_instr *instr)
{
   nir_instr_insert(nir_before_instr(before), instr);
}

void
nir_instr_insert_after(nir_instr *after, nir_instr *instr)
{
   nir_instr_insert(nir_after_instr(after), instr);
}

void
nir_instr_remove(nir_instr *instr)
{
   nir_block *block = instr->block;
   if (!block)
      return;
   nir_instr_unlink_srcs_(instr);
   list_del(&instr->node);
   instr->block = NULL;
   if (instr->type == NIR_INSTR_TYPE_JUMP)
      nir_impl_update_cfg_local_(nir_block_impl_(block), &block, 1);
}

bool
nir_instr_move(nir_cursor cursor, nir_instr *instr)
{
   /* Moving next to itself is a no-op. */
   if ((cursor.option == NIR_CURSOR_BEFORE_INSTR ||
        cursor.option == NIR_CURSOR_AFTER_INSTR) &&
       cursor.instr == instr)
      return false;
   if (cursor.option == NIR_CURSOR_BEFORE_INSTR && nir_instr_prev(cursor.instr) == instr)
      return false;
   if (cursor.option == NIR_CURSOR_AFTER_INSTR && nir_instr_next(cursor.instr) == instr)
      return false;
   const unsigned index = nir_instr_def(instr) ? nir_instr_def(instr)->index : 0;
   const bool is_jump = instr->type == NIR_INSTR_TYPE_JUMP;
   nir_block *old_block = instr->block;
   list_del(&instr->node);
   nir_block *block = nir_cursor_current_block(cursor);
   switch (cursor.option) {
   case NIR_CURSOR_BEFORE_BLOCK:
      list_add(&instr->node, &block->instr_list);
      break;
   case NIR_CURSOR_AFTER_BLOCK:
      list_addtail(&instr->node, &block->instr_list);
      break;
   case NIR_CURSOR_BEFORE_INSTR:
      list_insert_before(&instr->node, &cursor.instr->node);
      break;
   case NIR_CURSOR_AFTER_INSTR:
      list_insert_after(&instr->node, &cursor.instr->node);
      break;
   }
   instr->block = block;
   if (nir_instr_def(instr))
      nir_instr_def(instr)->index = index;
   if (is_jump) {
      nir_function_impl *impl = nir_block_impl_(block);
      nir_function_impl *old_impl = nir_block_impl_(old_block);
      if (nir_remove_after_jump_(instr) || impl != old_impl) {
         nir_impl_update_cfg_(impl);
         if (impl != old_impl)
            nir_impl_update_cfg_(old_impl);
      } else {
         nir_block *blocks[2] = {old_block, block};
         nir_impl_update_cfg_local_(impl, blocks, old_block == block ? 1 : 2);
      }
   }
   return true;
}

bool
nir_instr_can_eliminate(const nir_instr *instr)
{
   switch (instr->type) {
   case NIR_INSTR_TYPE_ALU:
   case NIR_INSTR_TYPE_DEREF:
   case NIR_INSTR_TYPE_TEX:
   case NIR_INSTR_TYPE_LOAD_CONST:
   case NIR_INSTR_TYPE_UNDEF:
   case NIR_INSTR_TYPE_PHI:
      return true;
   case NIR_INSTR_TYPE_INTRINSIC: {
      const nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
      const nir_intrinsic_info *info = &nir_intrinsic_infos[intr->intrinsic];
      if (!info->has_dest || !(info->flags & NIR_INTRINSIC_CAN_ELIMINATE))
         return false;
      /* A volatile load is a side effect of its own. */
      if (nir_intrinsic_has_access(intr) &&
          (nir_intrinsic_access(intr) & NIR_ACCESS_VOLATILE))
         return false;
      return true;
   }
   case NIR_INSTR_TYPE_CALL:
   case NIR_INSTR_TYPE_JUMP:
      return false;
   }
   return false;
}

/* ------------------------------------------------------------------------------- */
/* Intrinsics and textures                                                         */
/* ------------------------------------------------------------------------------- */

unsigned
nir_intrinsic_src_components(const nir_intrinsic_instr *intr, unsigned src)
{
   const int8_t n = nir_intrinsic_infos[intr->intrinsic].src_components[src];
   if (n > 0)
      return (unsigned)n;
   if (n == 0)
      return intr->num_components;
   return intr->src[src].ssa ? intr->src[src].ssa->num_components : 1;
}

unsigned
nir_intrinsic_dest_components(const nir_intrinsic_instr *intr)
{
   const nir_intrinsic_info *info = &nir_intrinsic_infos[intr->intrinsic];
   if (!info->has_dest)
      return 0;
   return info->dest_components ? info->dest_components : intr->num_components;
}

nir_intrinsic_op
nir_intrinsic_from_system_value(nir_builtin builtin)
{
   switch (builtin) {
   case NIR_BUILTIN_FRAG_COORD:
      return NIR_INTRINSIC_LOAD_FRAG_COORD;
   case NIR_BUILTIN_FRONT_FACING:
      return NIR_INTRINSIC_LOAD_FRONT_FACE;
   case NIR_BUILTIN_SAMPLE_ID:
      return NIR_INTRINSIC_LOAD_SAMPLE_ID;
   case NIR_BUILTIN_SAMPLE_POSITION:
      return NIR_INTRINSIC_LOAD_SAMPLE_POS;
   case NIR_BUILTIN_SAMPLE_MASK:
      return NIR_INTRINSIC_LOAD_SAMPLE_MASK_IN;
   case NIR_BUILTIN_POINT_COORD:
      return NIR_INTRINSIC_LOAD_POINT_COORD;
   case NIR_BUILTIN_HELPER_INVOCATION:
      return NIR_INTRINSIC_LOAD_HELPER_INVOCATION;
   case NIR_BUILTIN_VERTEX_INDEX:
      return NIR_INTRINSIC_LOAD_VERTEX_ID;
   case NIR_BUILTIN_VERTEX_ID:
      return NIR_INTRINSIC_LOAD_VERTEX_ID_ZERO_BASE;
   case NIR_BUILTIN_INSTANCE_ID:
      return NIR_INTRINSIC_LOAD_INSTANCE_ID;
   case NIR_BUILTIN_BASE_VERTEX:
      return NIR_INTRINSIC_LOAD_BASE_VERTEX;
   case NIR_BUILTIN_BASE_INSTANCE:
      return NIR_INTRINSIC_LOAD_BASE_INSTANCE;
   case NIR_BUILTIN_DRAW_INDEX:
      return NIR_INTRINSIC_LOAD_DRAW_ID;
   case NIR_BUILTIN_PRIMITIVE_ID:
      return NIR_INTRINSIC_LOAD_PRIMITIVE_ID;
   case NIR_BUILTIN_INVOCATION_ID:
      return NIR_INTRINSIC_LOAD_INVOCATION_ID;
   case NIR_BUILTIN_TESS_COORD:
      return NIR_INTRINSIC_LOAD_TESS_COORD;
   case NIR_BUILTIN_TESS_LEVEL_OUTER:
      return NIR_INTRINSIC_LOAD_TESS_LEVEL_OUTER;
   case NIR_BUILTIN_TESS_LEVEL_INNER:
      return NIR_INTRINSIC_LOAD_TESS_LEVEL_INNER;
   case NIR_BUILTIN_PATCH_VERTICES:
      return NIR_INTRINSIC_LOAD_PATCH_VERTICES_IN;
   case NIR_BUILTIN_LAYER:
      return NIR_INTRINSIC_LOAD_LAYER_ID;
   case NIR_BUILTIN_VIEW_INDEX:
      return NIR_INTRINSIC_LOAD_VIEW_INDEX;
   case NIR_BUILTIN_LOCAL_INVOCATION_ID:
      return NIR_INTRINSIC_LOAD_LOCAL_INVOCATION_ID;
   case NIR_BUILTIN_LOCAL_INVOCATION_INDEX:
      return NIR_INTRINSIC_LOAD_LOCAL_INVOCATION_INDEX;
   case NIR_BUILTIN_WORKGROUP_ID:
      return NIR_INTRINSIC_LOAD_WORKGROUP_ID;
   case NIR_BUILTIN_NUM_WORKGROUPS:
      return NIR_INTRINSIC_LOAD_NUM_WORKGROUPS;
   case NIR_BUILTIN_GLOBAL_INVOCATION_ID:
      return NIR_INTRINSIC_LOAD_GLOBAL_INVOCATION_ID;
   case NIR_BUILTIN_WORKGROUP_SIZE:
      return NIR_INTRINSIC_LOAD_WORKGROUP_SIZE;
   case NIR_BUILTIN_SUBGROUP_SIZE:
      return NIR_INTRINSIC_LOAD_SUBGROUP_SIZE;
   case NIR_BUILTIN_SUBGROUP_LOCAL_INVOCATION_ID:
      return NIR_INTRINSIC_LOAD_SUBGROUP_INVOCATION;
   case NIR_BUILTIN_NUM_SUBGROUPS:
      return NIR_INTRINSIC_LOAD_NUM_SUBGROUPS;
   case NIR_BUILTIN_SUBGROUP_ID:
      return NIR_INTRINSIC_LOAD_SUBGROUP_ID;
   case NIR_BUILTIN_SUBGROUP_EQ_MASK:
      return NIR_INTRINSIC_LOAD_SUBGROUP_EQ_MASK;
   case NIR_BUILTIN_SUBGROUP_GE_MASK:
      return NIR_INTRINSIC_LOAD_SUBGROUP_GE_MASK;
   case NIR_BUILTIN_SUBGROUP_GT_MASK:
      return NIR_INTRINSIC_LOAD_SUBGROUP_GT_MASK;
   case NIR_BUILTIN_SUBGROUP_LE_MASK:
      return NIR_INTRINSIC_LOAD_SUBGROUP_LE_MASK;
   case NIR_BUILTIN_SUBGROUP_LT_MASK:
      return NIR_INTRINSIC_LOAD_SUBGROUP_LT_MASK;
   case NIR_BUILTIN_DEVICE_INDEX:
      return NIR_INTRINSIC_LOAD_DEVICE_INDEX;
   case NIR_BUILTIN_FRAG_SIZE_EXT:
      return NIR_INTRINSIC_LOAD_FRAG_SIZE;
   case NIR_BUILTIN_SHADING_RATE_KHR:
      return NIR_INTRINSIC_LOAD_FRAG_SHADING_RATE;
   default:
      return NIR_NUM_INTRINSICS;
   }
}

int
nir_tex_instr_src_index(const nir_tex_instr *tex, nir_tex_src_type type)
{
   for (unsigned i = 0; i < tex->num_srcs; i++)
      if (tex->src[i].src_type == type)
         return (int)i;
   return -1;
}

bool
nir_tex_instr_add_src(nir_tex_instr *tex, nir_tex_src_type type, nir_def *def)
{
   /* An uninserted instruction does not know its shader; the new source's
    * def does (poison defs have no block, but then oom is already set). */
   nir_shader *shader = tex->instr.block           ? instr_shader(&tex->instr)
                        : def->parent_instr->block ? instr_shader(def->parent_instr)
                                                   : NULL;
   if (!shader)
      return false;
   nir_tex_src *srcs = arena_new_array(shader->arena, nir_tex_src, tex->num_srcs + 1);
   if (!srcs) {
      shader->oom = true;
      return false;
   }
   for (unsigned i = 0; i < tex->num_srcs; i++) {
      srcs[i].src_type = tex->src[i].src_type;
      src_init_instr(&srcs[i].src, &tex->instr);
      srcs[i].src.ssa = tex->src[i].src.ssa;
      if (tex->src[i].src.use_link.next) {
         list_del(&tex->src[i].src.use_link);
         list_addtail(&srcs[i].src.use_link, &srcs[i].src.ssa->uses);
      }
   }
   srcs[tex->num_srcs].src_type = type;
   src_init_instr(&srcs[tex->num_srcs].src, &tex->instr);
   srcs[tex->num_srcs].src.ssa = def;
   if (tex->instr.block)
      list_addtail(&srcs[tex->num_srcs].src.use_link, &def->uses);
   tex->src = srcs;
   tex->num_srcs++;
   return true;
}

void
nir_tex_instr_remove_src(nir_tex_instr *tex, unsigned src_idx)
{
   if (tex->src[src_idx].src.use_link.next)
      list_del(&tex->src[src_idx].src.use_link);
   for (unsigned i = src_idx + 1; i < tex->num_srcs; i++) {
      tex->src[i - 1].src_type = tex->src[i].src_type;
      nir_def *def = tex->src[i].src.ssa;
      const bool linked = tex->src[i].src.use_link.next != NULL;
      if (linked)
         list_del(&tex->src[i].src.use_link);
      tex->src[i - 1].src.ssa = def;
      if (linked)
         list_addtail(&tex->src[i - 1].src.use_link, &def->uses);
      else
         tex->src[i - 1].src.use_link.next = tex->src[i - 1].src.use_link.prev = NULL;
   }
   tex->num_srcs--;
}

static unsigned
tex_dims(const nir_tex_instr *tex)
{
   switch (tex->sampler_dim) {
   case GLSL_SAMPLER_DIM_1D:
   case GLSL_SAMPLER_DIM_BUF:
      return 1;
   case GLSL_SAMPLER_DIM_3D:
      return 3;
   default:
      return 2;
   }
}

unsigned
nir_tex_instr_dest_size(const nir_tex_instr *tex)
{
   switch (tex->op) {
   case NIR_TEXOP_TXS:
      return tex_dims(tex) + (tex->is_array ? 1 : 0);
   case NIR_TEXOP_LOD:
      return 2;
   case NIR_TEXOP_QUERY_LEVELS:
   case NIR_TEXOP_TEXTURE_SAMPLES:
      return 1;
   case NIR_TEXOP_TG4:
      return 4;
   default:
      return (tex->is_shadow && tex->is_new_style_shadow) ? 1 : 4;
   }
}

unsigned
nir_tex_instr_src_size(const nir_tex_instr *tex, unsigned src_idx)
{
   switch (tex->src[src_idx].src_type) {
   case NIR_TEX_SRC_COORD:
      return tex->coord_components;
   case NIR_TEX_SRC_OFFSET:
      return tex->coord_components - (tex->is_array ? 1 : 0);
   case NIR_TEX_SRC_DDX:
   case NIR_TEX_SRC_DDY:
      return tex->sampler_dim == GLSL_SAMPLER_DIM_CUBE ? 3 : tex_dims(tex);
   default:
      return 1;
   }
}

bool
nir_tex_instr_has_implicit_derivative(const nir_tex_instr *tex)
{
   switch (tex->op) {
   case NIR_TEXOP_TEX:
   case NIR_TEXOP_TXB:
   case NIR_TEXOP_LOD:
      return true;
   default:
      return false;
   }
}
