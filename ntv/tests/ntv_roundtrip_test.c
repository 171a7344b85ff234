/* SPDX-License-Identifier: MIT */
/*
 * The round trip: GLSL compiled by glslang (at build time) -> spirv_to_nir
 * -> ntv (first output) -> spirv_to_nir -> ntv (second output), for every
 * Vulkan target the module fits. Checks, per module and target:
 *  - the first output passes spirv-val for the target;
 *  - the second output is the first, word for word;
 *  - every interface and layout decoration glslang wrote (on named
 *    variables, on named block members) is in the first output.
 * The modules are listed, ':'-separated, in NTV_ROUNDTRIP_MODULES.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <spirv/unified1/spirv.h>

#include "ntv/nir_to_spirv.h"
#include "ntv/spirv_tools.h"
#include "spirv/spirv_to_nir.h"
#include "util/arena.h"
#include "util/os.h"
#include "util/strbuf.h"
#include "util/test.h"


static nir_shader_stage
stage_of(const uint32_t *w, size_t n)
{
   for (size_t i = 5; i < n;) {
      const uint32_t wc = w[i] >> SpvWordCountShift;
      if (!wc || wc > n - i)
         break;
      if ((w[i] & SpvOpCodeMask) == SpvOpEntryPoint && w[i + 1] <= 5)
         return (nir_shader_stage)w[i + 1];
      i += wc;
   }
   return NIR_STAGE_VERTEX;
}

static bool
translate(const uint32_t *w, size_t n, enum ntv_target target, struct arena *a,
          uint32_t **out, size_t *out_n, const char *what)
{
   uint32_t num_caps;
   const uint32_t *caps = spirv_to_nir_implemented_capabilities(&num_caps);
   const struct spirv_to_nir_options o = {
      .env = SPIRV_ENV_VULKAN, .capabilities = caps, .num_capabilities = num_caps};
   char *err = NULL;
   nir_shader *s = spirv_to_nir(w, n, stage_of(w, n), NULL, &o, NULL, &err);
   if (!s) {
      test_fail(__FILE__, __LINE__, "%s: spirv_to_nir: %s", what, err ? err : "?");
      free(err);
      return false;
   }
   const struct ntv_options no = {.target = target};
   const char *e = NULL;
   const bool ok = ntv_emit(s, &no, a, out, out_n, &e);
   if (!ok)
      test_fail(__FILE__, __LINE__, "%s: ntv: %s", what, e ? e : "?");
   nir_shader_destroy(s);
   return ok;
}

/* ---- decorations by name --------------------------------------------------------- */

static const char *
name_of(const uint32_t *w, size_t n, SpvId id, int member)
{
   for (size_t i = 5; i < n;) {
      const uint32_t wc = w[i] >> SpvWordCountShift;
      if (!wc || wc > n - i)
         break;
      const SpvOp op = w[i] & SpvOpCodeMask;
      if (member < 0 && op == SpvOpName && w[i + 1] == id)
         return (const char *)&w[i + 2];
      if (member >= 0 && op == SpvOpMemberName && w[i + 1] == id &&
          w[i + 2] == (uint32_t)member)
         return (const char *)&w[i + 3];
      i += wc;
   }
   return NULL;
}

static bool
interesting(uint32_t deco)
{
   switch (deco) {
   case SpvDecorationLocation:
   case SpvDecorationComponent:
   case SpvDecorationIndex:
   case SpvDecorationBinding:
   case SpvDecorationDescriptorSet:
   case SpvDecorationOffset:
   case SpvDecorationXfbBuffer:
   case SpvDecorationXfbStride:
   case SpvDecorationStream:
   case SpvDecorationBuiltIn:
   case SpvDecorationFlat:
   case SpvDecorationNoPerspective:
   case SpvDecorationCentroid:
   case SpvDecorationSample:
   case SpvDecorationPatch:
   case SpvDecorationInvariant:
   case SpvDecorationMatrixStride:
   case SpvDecorationRowMajor:
   case SpvDecorationColMajor:
   case SpvDecorationBlock:
   case SpvDecorationBufferBlock:
   case SpvDecorationNonWritable:
   case SpvDecorationNonReadable:
   case SpvDecorationCoherent:
   case SpvDecorationVolatile:
   case SpvDecorationRestrict:
   case SpvDecorationInputAttachmentIndex:
      return true;
   default:
      return false;
   }
}

/* An unnamed (or empty-named) variable, such as glslang's gl_PerVertex
 * instance, is named after the struct it points to: "StructName*". */
static const char *
variable_name(const uint32_t *w, size_t n, SpvId id, char *buf, size_t buf_size)
{
   const char *name = name_of(w, n, id, -1);
   if (name && *name)
      return name;
   SpvId ptr_type = 0, pointee = 0;
   for (size_t i = 5; i < n;) {
      const uint32_t wc = w[i] >> SpvWordCountShift;
      if (!wc || wc > n - i)
         break;
      const SpvOp op = w[i] & SpvOpCodeMask;
      if (op == SpvOpVariable && wc >= 4 && w[i + 2] == id)
         ptr_type = w[i + 1];
      i += wc;
   }
   for (size_t i = 5; ptr_type && i < n;) {
      const uint32_t wc = w[i] >> SpvWordCountShift;
      if (!wc || wc > n - i)
         break;
      if ((w[i] & SpvOpCodeMask) == SpvOpTypePointer && wc == 4 && w[i + 1] == ptr_type)
         pointee = w[i + 3];
      i += wc;
   }
   const char *type_name = pointee ? name_of(w, n, pointee, -1) : NULL;
   if (!type_name || !*type_name)
      return NULL;
   snprintf(buf, buf_size, "%s*", type_name);
   return buf;
}

/* One line per decoration of a named object: "name[.member] deco [value]".
 * BufferBlock counts as Block (SPIR-V 1.4 dropped it). */
static void
decoration_lines(const uint32_t *w, size_t n, struct strbuf *sb)
{
   for (size_t i = 5; i < n;) {
      const uint32_t wc = w[i] >> SpvWordCountShift;
      if (!wc || wc > n - i)
         break;
      const SpvOp op = w[i] & SpvOpCodeMask;
      if (op == SpvOpDecorate || op == SpvOpMemberDecorate) {
         const bool member = op == SpvOpMemberDecorate;
         const uint32_t deco = w[i + (member ? 3 : 2)];
         const unsigned first_value = member ? 4 : 3;
         char buf[128];
         const char *name = member ? name_of(w, n, w[i + 1], -1)
                                   : variable_name(w, n, w[i + 1], buf, sizeof(buf));
         const char *mname = member ? name_of(w, n, w[i + 1], (int)w[i + 2]) : "";
         if (interesting(deco) && name && *name && mname) {
            strbuf_printf(sb, "%s%s%s %u", name, member ? "." : "", mname,
                          deco == SpvDecorationBufferBlock ? SpvDecorationBlock : deco);
            if (wc > first_value)
               strbuf_printf(sb, " %u", w[i + first_value]);
            strbuf_append(sb, "\n");
         }
      }
      i += wc;
   }
}

/* Lines of `want` missing from `got`. */
static unsigned
missing_lines(const char *want, const char *got, struct strbuf *report)
{
   unsigned missing = 0;
   const char *p = want;
   while (*p) {
      const char *end = strchr(p, '\n');
      const size_t len = end ? (size_t)(end - p) : strlen(p);
      bool found = false;
      for (const char *q = got; *q && !found;) {
         const char *qend = strchr(q, '\n');
         const size_t qlen = qend ? (size_t)(qend - q) : strlen(q);
         found = qlen == len && memcmp(p, q, len) == 0;
         q += qlen + (qend ? 1 : 0);
      }
      if (!found) {
         strbuf_append_n(report, p, len);
         strbuf_append(report, "\n");
         missing++;
      }
      p += len + (end ? 1 : 0);
   }
   return missing;
}

static enum ntv_target
min_target(uint32_t version)
{
   for (unsigned t = 0; t < NTV_TARGET_COUNT; t++) {
      if (version <= ntv_target_spirv_version(t))
         return t;
   }
   return NTV_TARGET_VULKAN_1_3;
}

static void
round_trip(const char *path)
{
   size_t size_B;
   uint32_t *orig = util_read_file(path, &size_B);
   if (!orig) {
      test_fail(__FILE__, __LINE__, "cannot read %s", path);
      return;
   }
   const size_t n = size_B / 4;
   const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
   struct strbuf want;
   strbuf_init(&want);
   decoration_lines(orig, n, &want);
   /* Every module has named interface variables: nothing to compare means
    * the comparison is broken. */
   CHECK(want.len > 0);
   if (getenv("NTV_TEST_DUMP"))
      printf("%s:\n%s", base, strbuf_str(&want));

   for (unsigned t = n > 1 ? min_target(orig[1]) : 0; t < NTV_TARGET_COUNT; t++) {
      struct arena *a = arena_create(NULL);
      if (!a)
         break;
      char what[160];
      snprintf(what, sizeof(what), "%s (%s)", base, ntv_target_name(t));
      uint32_t *first, *second;
      size_t n1, n2;
      if (!translate(orig, n, t, a, &first, &n1, what)) {
         arena_destroy(a);
         continue;
      }
      char *msg = NULL;
      if (!ntv_spirv_validate(first, n1, t, NULL, &msg))
         test_fail(__FILE__, __LINE__, "%s: spirv-val: %s", what, msg ? msg : "?");
      free(msg);
      if (translate(first, n1, t, a, &second, &n2, what)) {
         if (n1 != n2 || memcmp(first, second, n1 * 4) != 0) {
            size_t at = 0;
            while (at < n1 && at < n2 && first[at] == second[at])
               at++;
            test_fail(__FILE__, __LINE__,
                      "%s: the second trip differs from the first (%zu vs %zu words, first "
                      "difference at word %zu)",
                      what, n1, n2, at);
         }
      }
      struct strbuf got, report;
      strbuf_init(&got);
      strbuf_init(&report);
      decoration_lines(first, n1, &got);
      if (missing_lines(strbuf_str(&want), strbuf_str(&got), &report))
         test_fail(__FILE__, __LINE__, "%s: decorations lost (name deco value):\n%s", what,
                   strbuf_str(&report));
      strbuf_finish(&got);
      strbuf_finish(&report);
      arena_destroy(a);
   }
   strbuf_finish(&want);
   free(orig);
}

TEST(roundtrip_modules)
{
   const char *list = getenv("NTV_ROUNDTRIP_MODULES");
   REQUIRE(list && *list);
   char *copy = strdup(list);
   REQUIRE(copy);
   unsigned count = 0;
   char *save = NULL;
   for (char *p = strtok_r(copy, ":", &save); p; p = strtok_r(NULL, ":", &save)) {
      round_trip(p);
      count++;
   }
   CHECK(count >= 10);
   free(copy);
}
