/* SPDX-License-Identifier: MIT */
#include "ntv/spirv_builder.h"
#include "ntv/spirv_builder_private.h"

#include <stdlib.h>
#include <string.h>

#include "util/arena.h"
#include "util/hash_table.h"

/* Tool id 0 with our own version in the low half: kiln has no registered
 * generator id (SPIR-V 1.6 section 2.3 lets unregistered tools use 0). */
#define SPVB_GENERATOR 0x00000001u

struct spvb_ext_import {
   const char *name;
   SpvId id;
};

void
spvb_set_error(struct spvb_builder *b, enum spvb_error error, const char *detail)
{
   if (b->error == SPVB_OK) {
      b->error = error;
      b->error_detail = detail;
   }
}

const char *
spvb_error_string(enum spvb_error error)
{
   switch (error) {
   case SPVB_OK:
      return "no error";
   case SPVB_ERROR_OUT_OF_MEMORY:
      return "out of memory";
   case SPVB_ERROR_ID_OVERFLOW:
      return "too many ids";
   case SPVB_ERROR_INSTRUCTION_TOO_LONG:
      return "instruction longer than 65535 words";
   case SPVB_ERROR_MISUSE:
      return "builder misuse";
   }
   return "unknown error";
}

static uint32_t
cons_hash(const void *key)
{
   const uint32_t *k = key;
   return util_hash_data(k, (k[0] + 1) * sizeof(uint32_t));
}

static bool
cons_equal(const void *a, const void *b)
{
   const uint32_t *ka = a, *kb = b;
   return ka[0] == kb[0] && memcmp(ka + 1, kb + 1, ka[0] * sizeof(uint32_t)) == 0;
}

void
spvb_init(struct spvb_builder *b, uint32_t version)
{
   memset(b, 0, sizeof(*b));
   b->version = version;
   b->next_id = 1;
   /* Every buffer lives in the builder's arena, so one arena_destroy frees
    * all and arena_test_fail_after reaches every allocation in tests. */
   b->arena = arena_create(NULL);
   for (unsigned i = 0; i < SPVB_SECTION_COUNT; i++)
      dynarray_init(&b->sections[i], b->arena);
   dynarray_init(&b->capabilities, b->arena);
   dynarray_init(&b->extensions, b->arena);
   dynarray_init(&b->ext_imports, b->arena);
   dynarray_init(&b->fn_header, b->arena);
   dynarray_init(&b->fn_vars, b->arena);
   dynarray_init(&b->fn_body, b->arena);
   if (b->arena)
      b->cons = hash_table_create(b->arena, cons_hash, cons_equal);
   if (!b->cons)
      spvb_set_error(b, SPVB_ERROR_OUT_OF_MEMORY, "builder tables");
}

void
spvb_finish(struct spvb_builder *b)
{
   for (unsigned i = 0; i < SPVB_SECTION_COUNT; i++)
      dynarray_finish(&b->sections[i]);
   dynarray_finish(&b->capabilities);
   dynarray_finish(&b->extensions);
   dynarray_finish(&b->ext_imports);
   dynarray_finish(&b->fn_header);
   dynarray_finish(&b->fn_vars);
   dynarray_finish(&b->fn_body);
   if (b->arena)
      arena_destroy(b->arena);
   b->arena = NULL;
   b->cons = NULL;
}

SpvId
spvb_id(struct spvb_builder *b)
{
   if (b->next_id >= SPVB_MAX_ID_BOUND) {
      spvb_set_error(b, SPVB_ERROR_ID_OVERFLOW, "id bound");
      /* Keep handing out the same id: the module is discarded anyway. */
      return SPVB_MAX_ID_BOUND - 1;
   }
   return b->next_id++;
}

unsigned
spvb_string_words(const char *s)
{
   return (unsigned)(strlen(s) / 4 + 1);
}

void
spvb_string_encode(const char *s, uint32_t *out)
{
   const size_t len = strlen(s);
   const unsigned n = (unsigned)(len / 4 + 1);
   memset(out, 0, n * sizeof(uint32_t));
   /* Literal strings are UTF-8 octets packed little-endian into words
    * (SPIR-V 1.6 section 2.2.1), which is memory order on our hosts. */
   for (size_t i = 0; i < len; i++)
      out[i / 4] |= (uint32_t)(unsigned char)s[i] << (8 * (i % 4));
}

/* Appends one instruction: the opcode word, `head` (result type/id and the
 * like), then `ops`. */
static void
emit_into(struct spvb_builder *b, struct dynarray *d, SpvOp op, const uint32_t *head,
          unsigned nhead, const uint32_t *ops, unsigned n)
{
   if (b->error)
      return;
   const size_t count = 1 + (size_t)nhead + n;
   if (count > 0xffff) {
      spvb_set_error(b, SPVB_ERROR_INSTRUCTION_TOO_LONG, "instruction");
      return;
   }
   uint32_t *w = dynarray_grow(d, uint32_t, count);
   if (!w) {
      spvb_set_error(b, SPVB_ERROR_OUT_OF_MEMORY, "instruction");
      return;
   }
   w[0] = (uint32_t)count << SpvWordCountShift | (uint32_t)op;
   if (nhead)
      memcpy(w + 1, head, nhead * sizeof(uint32_t));
   if (n)
      memcpy(w + 1 + nhead, ops, n * sizeof(uint32_t));
}

static struct dynarray *
section_buffer(struct spvb_builder *b, enum spvb_section section)
{
   switch (section) {
   case SPVB_SECTION_FUNCTIONS:
      if (!b->in_function) {
         spvb_set_error(b, SPVB_ERROR_MISUSE, "instruction outside a function");
         return NULL;
      }
      return &b->fn_body;
   case SPVB_SECTION_CAPABILITIES:
   case SPVB_SECTION_EXTENSIONS:
   case SPVB_SECTION_COUNT:
      spvb_set_error(b, SPVB_ERROR_MISUSE, "capabilities and extensions are sets");
      return NULL;
   default:
      return &b->sections[section];
   }
}

void
spvb_emit(struct spvb_builder *b, enum spvb_section section, SpvOp op,
          const uint32_t *operands, unsigned n)
{
   struct dynarray *d = section_buffer(b, section);
   if (d)
      emit_into(b, d, op, NULL, 0, operands, n);
}

void
spvb_emit_head(struct spvb_builder *b, enum spvb_section section, SpvOp op,
               const uint32_t *head, unsigned nhead, const uint32_t *operands, unsigned n)
{
   struct dynarray *d = section_buffer(b, section);
   if (d)
      emit_into(b, d, op, head, nhead, operands, n);
}

/* Emits `op` with the `head_n` words of `head` then `n` literals: false (and
 * nothing emitted) after an earlier error, or when they make more than
 * `max_words` words, a misuse named `what`. */
static bool
emit_with_literals(struct spvb_builder *b, enum spvb_section section, SpvOp op,
                   const uint32_t *head, unsigned head_n, const uint32_t *literals,
                   unsigned n, unsigned max_words, const char *what)
{
   if (b->error)
      return false;
   uint32_t w[16]; /* max_words: at most 16 */
   if (n > max_words - head_n) {
      spvb_set_error(b, SPVB_ERROR_MISUSE, what);
      return false;
   }
   memcpy(w, head, head_n * sizeof(uint32_t));
   if (n)
      memcpy(w + head_n, literals, n * sizeof(uint32_t));
   spvb_emit(b, section, op, w, head_n + n);
   return true;
}

/* Emits `op` with a string operand between `head` and `tail`. */
static void
emit_with_string(struct spvb_builder *b, enum spvb_section section, SpvOp op,
                 const uint32_t *head, unsigned nhead, const char *s,
                 const uint32_t *tail, unsigned ntail)
{
   if (b->error)
      return;
   const size_t len = strlen(s);
   if (len > 4 * 0xffff) {
      spvb_set_error(b, SPVB_ERROR_INSTRUCTION_TOO_LONG, "string");
      return;
   }
   const unsigned nstr = spvb_string_words(s);
   const size_t n = (size_t)nhead + nstr + ntail;
   if (n >= 0xffff) {
      spvb_set_error(b, SPVB_ERROR_INSTRUCTION_TOO_LONG, "string");
      return;
   }
   uint32_t *w = malloc(n * sizeof(uint32_t));
   if (!w) {
      spvb_set_error(b, SPVB_ERROR_OUT_OF_MEMORY, "string");
      return;
   }
   if (nhead)
      memcpy(w, head, nhead * sizeof(uint32_t));
   spvb_string_encode(s, w + nhead);
   if (ntail)
      memcpy(w + nhead + nstr, tail, ntail * sizeof(uint32_t));
   spvb_emit(b, section, op, w, (unsigned)n);
   free(w);
}

/* ---- capabilities, extensions, imports ---------------------------------- */

bool
spvb_has_capability(const struct spvb_builder *b, SpvCapability cap)
{
   dynarray_foreach(&b->capabilities, uint32_t, c) {
      if (*c == (uint32_t)cap)
         return true;
   }
   return false;
}

void
spvb_capability(struct spvb_builder *b, SpvCapability cap)
{
   if (b->error || spvb_has_capability(b, cap))
      return;
   if (!dynarray_append(&b->capabilities, uint32_t, (uint32_t)cap))
      spvb_set_error(b, SPVB_ERROR_OUT_OF_MEMORY, "capability");
}

void
spvb_extension(struct spvb_builder *b, const char *name)
{
   if (b->error)
      return;
   dynarray_foreach(&b->extensions, const char *, e) {
      if (strcmp(*e, name) == 0)
         return;
   }
   const char *copy = arena_strdup(b->arena, name);
   if (!copy || !dynarray_append(&b->extensions, const char *, copy))
      spvb_set_error(b, SPVB_ERROR_OUT_OF_MEMORY, "extension");
}

SpvId
spvb_import(struct spvb_builder *b, const char *name)
{
   dynarray_foreach(&b->ext_imports, struct spvb_ext_import, imp) {
      if (strcmp(imp->name, name) == 0)
         return imp->id;
   }
   const SpvId id = spvb_id(b);
   const char *copy = b->error ? NULL : arena_strdup(b->arena, name);
   if (!copy ||
       !dynarray_append(&b->ext_imports, struct spvb_ext_import,
                        ((struct spvb_ext_import){copy, id}))) {
      spvb_set_error(b, SPVB_ERROR_OUT_OF_MEMORY, "import");
      return id;
   }
   emit_with_string(b, SPVB_SECTION_EXT_INST_IMPORTS, SpvOpExtInstImport, &id, 1, name,
                    NULL, 0);
   return id;
}

void
spvb_memory_model(struct spvb_builder *b, SpvAddressingModel addressing,
                  SpvMemoryModel memory)
{
   if (b->has_memory_model) {
      spvb_set_error(b, SPVB_ERROR_MISUSE, "memory model set twice");
      return;
   }
   b->has_memory_model = true;
   spvb_emit(b, SPVB_SECTION_MEMORY_MODEL, SpvOpMemoryModel,
             SPVB_WORDS(addressing, memory));
   if (memory == SpvMemoryModelVulkan)
      spvb_capability(b, SpvCapabilityVulkanMemoryModel);
}

void
spvb_entry_point(struct spvb_builder *b, SpvExecutionModel model, SpvId fn,
                 const char *name, const SpvId *interface, unsigned n)
{
   const uint32_t head[] = {model, fn};
   emit_with_string(b, SPVB_SECTION_ENTRY_POINTS, SpvOpEntryPoint, head, 2, name,
                    interface, n);
}

static void
execution_mode_capability(struct spvb_builder *b, SpvExecutionMode mode)
{
   switch (mode) {
   case SpvExecutionModeXfb:
      spvb_capability(b, SpvCapabilityTransformFeedback);
      break;
   default:
      break;
   }
}

void
spvb_execution_mode(struct spvb_builder *b, SpvId fn, SpvExecutionMode mode,
                    const uint32_t *literals, unsigned n)
{
   const uint32_t head[] = {fn, mode};
   if (emit_with_literals(b, SPVB_SECTION_EXECUTION_MODES, SpvOpExecutionMode, head, 2,
                          literals, n, 16, "execution mode operands"))
      execution_mode_capability(b, mode);
}

void
spvb_execution_mode_id(struct spvb_builder *b, SpvId fn, SpvExecutionMode mode,
                       const SpvId *ids, unsigned n)
{
   if (b->error)
      return;
   uint32_t w[16];
   if (n > ARRAY_SIZE(w) - 2) {
      spvb_set_error(b, SPVB_ERROR_MISUSE, "execution mode operands");
      return;
   }
   w[0] = fn;
   w[1] = mode;
   if (n)
      memcpy(w + 2, ids, n * sizeof(uint32_t));
   spvb_emit(b, SPVB_SECTION_EXECUTION_MODES, SpvOpExecutionModeId, w, n + 2);
   execution_mode_capability(b, mode);
}

void
spvb_source(struct spvb_builder *b, SpvSourceLanguage lang, uint32_t version)
{
   spvb_emit(b, SPVB_SECTION_DEBUG_STRINGS, SpvOpSource, SPVB_WORDS(lang, version));
}

void
spvb_name(struct spvb_builder *b, SpvId id, const char *name)
{
   emit_with_string(b, SPVB_SECTION_DEBUG_NAMES, SpvOpName, &id, 1, name, NULL, 0);
}

void
spvb_member_name(struct spvb_builder *b, SpvId type, uint32_t member, const char *name)
{
   const uint32_t head[] = {type, member};
   emit_with_string(b, SPVB_SECTION_DEBUG_NAMES, SpvOpMemberName, head, 2, name, NULL,
                    0);
}

/* Capabilities a decoration needs whatever the stage. Stage-dependent ones
 * (Layer, ViewportIndex...) are the translator's business. */
static void
decoration_capability(struct spvb_builder *b, SpvDecoration deco, const uint32_t *lit,
                      unsigned n)
{
   switch (deco) {
   case SpvDecorationXfbBuffer:
   case SpvDecorationXfbStride:
      spvb_capability(b, SpvCapabilityTransformFeedback);
      break;
   case SpvDecorationStream:
      spvb_capability(b, SpvCapabilityGeometryStreams);
      break;
   case SpvDecorationSample:
      spvb_capability(b, SpvCapabilitySampleRateShading);
      break;
   case SpvDecorationBuiltIn:
      if (n < 1)
         break;
      switch (lit[0]) {
      case SpvBuiltInClipDistance:
         spvb_capability(b, SpvCapabilityClipDistance);
         break;
      case SpvBuiltInCullDistance:
         spvb_capability(b, SpvCapabilityCullDistance);
         break;
      case SpvBuiltInSampleId:
      case SpvBuiltInSamplePosition:
         spvb_capability(b, SpvCapabilitySampleRateShading);
         break;
      default:
         break;
      }
      break;
   default:
      break;
   }
}

void
spvb_decorate(struct spvb_builder *b, SpvId id, SpvDecoration deco,
              const uint32_t *literals, unsigned n)
{
   const uint32_t head[] = {id, deco};
   if (emit_with_literals(b, SPVB_SECTION_ANNOTATIONS, SpvOpDecorate, head, 2, literals,
                          n, 8, "decoration operands"))
      decoration_capability(b, deco, literals, n);
}

void
spvb_member_decorate(struct spvb_builder *b, SpvId type, uint32_t member,
                     SpvDecoration deco, const uint32_t *literals, unsigned n)
{
   const uint32_t head[] = {type, member, deco};
   if (emit_with_literals(b, SPVB_SECTION_ANNOTATIONS, SpvOpMemberDecorate, head, 3,
                          literals, n, 8, "decoration operands"))
      decoration_capability(b, deco, literals, n);
}

/* ---- hash-consing ------------------------------------------------------------ */

SpvId
spvb_cons_intern(struct spvb_builder *b, const uint32_t *key, bool *created)
{
   *created = false;
   if (b->error)
      return 0;
   struct hash_entry *e = hash_table_search(b->cons, key);
   if (e)
      return (SpvId)(uintptr_t)e->data;
   uint32_t *copy = arena_memdup(b->arena, key, (key[0] + 1) * sizeof(uint32_t));
   const SpvId id = spvb_id(b);
   if (!copy || !hash_table_insert(b->cons, copy, (void *)(uintptr_t)id)) {
      spvb_set_error(b, SPVB_ERROR_OUT_OF_MEMORY, "type table");
      return 0;
   }
   *created = true;
   return id;
}

/* ---- functions ------------------------------------------------------------ */

void
spvb_function_begin(struct spvb_builder *b, SpvId fn, SpvId ret_type,
                    SpvFunctionControlMask control, SpvId fn_type)
{
   if (b->in_function) {
      spvb_set_error(b, SPVB_ERROR_MISUSE, "nested function");
      return;
   }
   b->in_function = true;
   b->fn_has_label = false;
   b->fn_first_label_end = 0;
   dynarray_clear(&b->fn_header);
   dynarray_clear(&b->fn_vars);
   dynarray_clear(&b->fn_body);
   emit_into(b, &b->fn_header, SpvOpFunction, SPVB_WORDS(ret_type, fn, control, fn_type),
             NULL, 0);
}

SpvId
spvb_function_param(struct spvb_builder *b, SpvId type)
{
   const SpvId id = spvb_id(b);
   if (!b->in_function || b->fn_has_label) {
      spvb_set_error(b, SPVB_ERROR_MISUSE, "parameter outside a function header");
      return id;
   }
   emit_into(b, &b->fn_header, SpvOpFunctionParameter, SPVB_WORDS(type, id), NULL, 0);
   return id;
}

SpvId
spvb_function_var(struct spvb_builder *b, SpvId ptr_type, SpvId initializer)
{
   const SpvId id = spvb_id(b);
   if (!b->in_function) {
      spvb_set_error(b, SPVB_ERROR_MISUSE, "function variable outside a function");
      return id;
   }
   const uint32_t w[] = {ptr_type, id, SpvStorageClassFunction, initializer};
   emit_into(b, &b->fn_vars, SpvOpVariable, w, initializer ? 4 : 3, NULL, 0);
   return id;
}

void
spvb_label(struct spvb_builder *b, SpvId label)
{
   spvb_emit(b, SPVB_SECTION_FUNCTIONS, SpvOpLabel, &label, 1);
   if (b->in_function && !b->fn_has_label) {
      b->fn_has_label = true;
      b->fn_first_label_end = dynarray_num_elements(&b->fn_body, uint32_t);
   }
}

static void
append_words(struct spvb_builder *b, struct dynarray *d, const uint32_t *w, size_t n)
{
   if (b->error || n == 0)
      return;
   uint32_t *dst = dynarray_grow(d, uint32_t, n);
   if (!dst) {
      spvb_set_error(b, SPVB_ERROR_OUT_OF_MEMORY, "function");
      return;
   }
   memcpy(dst, w, n * sizeof(uint32_t));
}

void
spvb_function_end(struct spvb_builder *b)
{
   if (!b->in_function) {
      spvb_set_error(b, SPVB_ERROR_MISUSE, "function end without begin");
      return;
   }
   b->in_function = false;
   if (!b->fn_has_label && b->fn_vars.size_B) {
      spvb_set_error(b, SPVB_ERROR_MISUSE, "function variables but no block");
      return;
   }
   struct dynarray *out = &b->sections[SPVB_SECTION_FUNCTIONS];
   const uint32_t *body = b->fn_body.data;
   const size_t body_n = dynarray_num_elements(&b->fn_body, uint32_t);
   append_words(b, out, b->fn_header.data,
                dynarray_num_elements(&b->fn_header, uint32_t));
   append_words(b, out, body, b->fn_first_label_end);
   append_words(b, out, b->fn_vars.data, dynarray_num_elements(&b->fn_vars, uint32_t));
   if (body_n > b->fn_first_label_end)
      append_words(b, out, body + b->fn_first_label_end, body_n - b->fn_first_label_end);
   emit_into(b, out, SpvOpFunctionEnd, NULL, 0, NULL, 0);
}

/* ---- assembly ------------------------------------------------------------- */

static int
compare_u32(const void *a, const void *b)
{
   const uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
   return x < y ? -1 : x > y;
}

static int
compare_str(const void *a, const void *b)
{
   return strcmp(*(const char *const *)a, *(const char *const *)b);
}

enum spvb_error
spvb_assemble(struct spvb_builder *b, struct arena *out, uint32_t **words, size_t *count)
{
   *words = NULL;
   *count = 0;
   if (b->in_function)
      spvb_set_error(b, SPVB_ERROR_MISUSE, "unfinished function");
   if (!b->has_memory_model)
      spvb_set_error(b, SPVB_ERROR_MISUSE, "no memory model");
   if (b->error)
      return b->error;

   const size_t ncaps = dynarray_num_elements(&b->capabilities, uint32_t);
   const size_t nexts = dynarray_num_elements(&b->extensions, const char *);
   /* Sorted so that the same module comes out whatever order features were
    * first used in. */
   if (ncaps)
      qsort(b->capabilities.data, ncaps, sizeof(uint32_t), compare_u32);
   if (nexts)
      qsort(b->extensions.data, nexts, sizeof(const char *), compare_str);

   size_t total = 5 + 2 * ncaps;
   dynarray_foreach(&b->extensions, const char *, e)
      total += 1 + spvb_string_words(*e);
   for (unsigned s = 0; s < SPVB_SECTION_COUNT; s++)
      total += dynarray_num_elements(&b->sections[s], uint32_t);

   uint32_t *w = arena_alloc_array(out, total, sizeof(uint32_t));
   if (!w) {
      spvb_set_error(b, SPVB_ERROR_OUT_OF_MEMORY, "module");
      return b->error;
   }
   size_t at = 0;
   w[at++] = SpvMagicNumber;
   w[at++] = b->version;
   w[at++] = SPVB_GENERATOR;
   w[at++] = b->next_id;
   w[at++] = 0; /* schema */
   dynarray_foreach(&b->capabilities, uint32_t, c) {
      w[at++] = 2u << SpvWordCountShift | SpvOpCapability;
      w[at++] = *c;
   }
   dynarray_foreach(&b->extensions, const char *, e) {
      const unsigned n = spvb_string_words(*e);
      w[at++] = (1u + n) << SpvWordCountShift | SpvOpExtension;
      spvb_string_encode(*e, w + at);
      at += n;
   }
   for (unsigned s = 0; s < SPVB_SECTION_COUNT; s++) {
      const size_t n = dynarray_num_elements(&b->sections[s], uint32_t);
      if (n)
         memcpy(w + at, b->sections[s].data, n * sizeof(uint32_t));
      at += n;
   }
   *words = w;
   *count = at;
   return SPVB_OK;
}
