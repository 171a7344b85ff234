/* SPDX-License-Identifier: MIT */
/*
 * kiln-zink-lower: one GL program through zink's compiler, step by step.
 *
 *    kiln-zink-lower [options] FILE...
 *
 * FILEs are the program's GLSL shaders (.vert .tesc .tese .geom .frag
 * .comp, linked by kgl), or its SPIR-V modules as kiln-corpus --out writes
 * them (NAME.<stage>.spv, stage vertex/tess_ctrl/tess_eval/geometry/
 * fragment/compute), read as GL-flavoured unless --vulkan.
 *
 *   --print       the IR after spirv_to_nir and after the lowering
 *   --gl-state-layout  print kiln_gl_state's layout and exit
 *   --info        the program tables (uniforms, resources, attributes)
 *   -o DIR        write ntv's modules as DIR/<stage>.spv (second trip: <stage>.second.spv)
 *   --no-lower    skip the GL lowering
 *   --vulkan      SPIR-V input is Vulkan-flavoured (spirv_to_nir's strict mode)
 *   --two-side, --flatshade, --clip-planes MASK, --fragcolor-buffers N: the key
 *
 * Every module ntv writes is checked with spirv-val (vulkan1.0) and taken
 * around a second time (strict Vulkan mode), which must give the same words.
 * Exit status: 0 all good, 1 a failure, 2 bad usage. What the tool was asked
 * to print goes to stdout; every failure is a line on stderr (a module that
 * cannot be written included: util_write_file follows links and writes
 * through FIFOs and devices).
 */
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kgl.h"
#include "nir/nir.h"
#include "ntv/nir_to_spirv.h"
#include "kgl_validate.h"
#include "spirv/spirv_to_nir.h"
#include "util/arena.h"
#include "util/macros.h"
#include "util/os.h"
#include "util/strbuf.h"
#include "zk_compiler.h"
#include "zk_gl_state.h"

struct options {
   bool print, info, no_lower, vulkan;
   const char *out_dir;
   struct zk_program_key key;
};

static const struct {
   const char *ext;
   enum kgl_stage stage;
} glsl_exts[] = {
   {".vert", KGL_STAGE_VERTEX},    {".tesc", KGL_STAGE_TESS_CTRL},
   {".tese", KGL_STAGE_TESS_EVAL}, {".geom", KGL_STAGE_GEOMETRY},
   {".frag", KGL_STAGE_FRAGMENT},  {".comp", KGL_STAGE_COMPUTE},
};

static void PRINTFLIKE(1, 2)
fail(const char *fmt, ...)
{
   va_list va;
   va_start(va, fmt);
   fputs("kiln-zink-lower: ", stderr);
   vfprintf(stderr, fmt, va);
   va_end(va);
   fputc('\n', stderr);
}

static bool
write_module(const char *dir, const char *name, const uint32_t *words, size_t count)
{
   char path[4096];
   if (snprintf(path, sizeof(path), "%s/%s", dir, name) >= (int)sizeof(path)) {
      fail("%s/%s: path too long", dir, name);
      return false;
   }
   const int err = util_write_file(path, words, count * sizeof(uint32_t));
   if (err)
      fail("cannot write %s: %s", path, strerror(-err));
   return err == 0;
}

static bool
ends_with(const char *s, const char *suffix)
{
   const size_t n = strlen(s), m = strlen(suffix);
   return n >= m && strcmp(s + n - m, suffix) == 0;
}

static int
spv_stage(const char *path)
{
   for (int s = 0; s < KGL_STAGE_COUNT; s++) {
      char suffix[32];
      snprintf(suffix, sizeof(suffix), ".%s.spv", kgl_stage_name((enum kgl_stage)s));
      if (ends_with(path, suffix))
         return s;
   }
   return -1;
}

static void
print_info(const struct zk_program_info *info)
{
   printf("---- default uniform block: %u bytes\n", info->uniforms_size_B);
   for (unsigned i = 0; i < info->num_uniforms; i++) {
      const struct zk_uniform *u = &info->uniforms[i];
      printf("  %-24s location %3d  offset %4u  array %3u stride %3u  matrix stride %2u%s\n",
             u->name, u->location, u->offset_B, u->array_size, u->array_stride_B,
             u->matrix_stride_B, u->boolean ? "  bool" : "");
   }
   printf("---- resources\n");
   for (unsigned i = 0; i < info->num_resources; i++) {
      const struct zk_resource *r = &info->resources[i];
      printf("  %-24s kind %d  set %u binding %2u  count %u  gl binding %d  stages 0x%x\n",
             r->name ? r->name : "(unnamed)", r->kind, r->set, r->binding, r->array_size,
             r->gl_binding, r->stages);
   }
   printf("---- attributes\n");
   for (unsigned i = 0; i < info->num_attributes; i++) {
      const struct zk_attribute *a = &info->attributes[i];
      printf("  %-24s location %2d  slots %u%s\n", a->name ? a->name : "(unnamed)",
             a->location, a->slots, a->compat ? "  compatibility" : "");
   }
   printf("---- gl state: %s, fields 0x%llx; colour locations 0x%llx\n",
          info->uses_gl_state ? "used" : "unused", (unsigned long long)info->gl_state_fields,
          (unsigned long long)info->color_locations);
}

/* ntv, spirv-val, second trip. */
static bool
emit_and_check(nir_shader *shader, const struct options *o, struct arena *arena)
{
   const struct ntv_options nopts = {.target = NTV_TARGET_VULKAN_1_0,
                                     .spirv_version = 0x00010000};
   uint32_t *a, *b;
   size_t na, nb;
   const char *error;
   const char *stage = nir_stage_name(shader->info.stage);
   if (!ntv_emit(shader, &nopts, arena, &a, &na, &error)) {
      fail("%s: ntv: %s", stage, error);
      return false;
   }
   char name[64];
   snprintf(name, sizeof(name), "%s.spv", stage);
   if (o->out_dir && !write_module(o->out_dir, name, a, na))
      return false;
   char *msg = NULL;
   if (!kgl_spirv_validate(a, na, KGL_SPIRV_ENV_VULKAN_1_0, &msg)) {
      fail("%s: spirv-val (vulkan1.0): %s", stage, msg ? msg : "");
      free(msg);
      return false;
   }
   uint32_t num_caps;
   const uint32_t *caps = spirv_to_nir_implemented_capabilities(&num_caps);
   const struct spirv_to_nir_options sopts = {.env = SPIRV_ENV_VULKAN,
                                              .capabilities = caps,
                                              .num_capabilities = num_caps,
                                              .keep_glsl450_geometry = true};
   char *err = NULL;
   nir_shader *again = spirv_to_nir(a, na, shader->info.stage, NULL, &sopts, arena, &err);
   if (!again) {
      fail("%s: second trip: spirv_to_nir: %s", stage, err);
      free(err);
      return false;
   }
   if (!ntv_emit(again, &nopts, arena, &b, &nb, &error)) {
      fail("%s: second trip: ntv: %s", stage, error);
      return false;
   }
   snprintf(name, sizeof(name), "%s.second.spv", stage);
   if (o->out_dir && !write_module(o->out_dir, name, b, nb))
      return false;
   size_t i = 0;
   while (i < na && i < nb && a[i] == b[i])
      i++;
   if (i != na || na != nb) {
      fail("%s: second trip differs at word %zu (%zu vs %zu words)", stage, i, na, nb);
      if (o->print) {
         printf("---- %s: IR of the second trip\n", stage);
         nir_print_shader(again, stdout);
      }
      return false;
   }
   printf("%s: %zu words, valid for vulkan1.0, second trip identical\n", stage, na);
   return true;
}

static int
print_gl_state_layout(void)
{
   printf("| offset | field | type |\n|---|---|---|\n");
   printf("| 0 | frag_coord_y (ntv) | vec4 |\n| 16 | point_coord_y (ntv) | vec2 |\n");
   for (unsigned f = 0; f < ZK_GL_STATE_FIELD_COUNT; f++) {
      const struct zk_gl_state_member *m = zk_gl_state_member((enum zk_gl_state_field)f);
      if (!m)
         return 1;
      char *type = NULL;
      struct strbuf sb;
      strbuf_init(&sb);
      glsl_print_type(&sb, m->field.type);
      type = strbuf_steal(&sb);
      strbuf_finish(&sb);
      printf("| %d | %s%s | %s |\n", m->field.offset_B, m->name,
             f == ZK_GL_STATE_CLIP_PLANE ? " (ntv; gl_ClipPlane)" : "", type ? type : "?");
      free(type);
   }
   printf("\nsize: %u bytes\n", zk_gl_state_size_B());
   return 0;
}

static void
usage(FILE *f)
{
   fprintf(f, "usage: kiln-zink-lower [--print] [--info] [-o DIR] [--no-lower] [--vulkan]\n"
              "       [--two-side] [--flatshade] [--clip-planes MASK] [--fragcolor-buffers N]\n"
              "       FILE.{vert,tesc,tese,geom,frag,comp}... | NAME.<stage>.spv...\n");
}

int
main(int argc, char **argv)
{
   struct options o = {0};
   enum {
      OPT_NO_LOWER = 256,
      OPT_TWO_SIDE,
      OPT_FLAT,
      OPT_CLIP,
      OPT_FRAGCOLOR,
      OPT_VULKAN,
      OPT_GL_STATE
   };
   static const struct option longopts[] = {
      {"print", no_argument, NULL, 'p'},
      {"info", no_argument, NULL, 'i'},
      {"output", required_argument, NULL, 'o'},
      {"no-lower", no_argument, NULL, OPT_NO_LOWER},
      {"vulkan", no_argument, NULL, OPT_VULKAN},
      {"two-side", no_argument, NULL, OPT_TWO_SIDE},
      {"flatshade", no_argument, NULL, OPT_FLAT},
      {"clip-planes", required_argument, NULL, OPT_CLIP},
      {"fragcolor-buffers", required_argument, NULL, OPT_FRAGCOLOR},
      {"gl-state-layout", no_argument, NULL, OPT_GL_STATE},
      {"help", no_argument, NULL, 'h'},
      {NULL, 0, NULL, 0},
   };
   int c;
   while ((c = getopt_long(argc, argv, "pio:h", longopts, NULL)) != -1) {
      switch (c) {
      case 'p':
         o.print = true;
         break;
      case 'i':
         o.info = true;
         break;
      case 'o':
         o.out_dir = optarg;
         break;
      case OPT_NO_LOWER:
         o.no_lower = true;
         break;
      case OPT_VULKAN:
         o.vulkan = true;
         break;
      case OPT_TWO_SIDE:
         o.key.two_side = true;
         break;
      case OPT_FLAT:
         o.key.flatshade = true;
         break;
      case OPT_CLIP:
         o.key.clip_plane_enable = (uint8_t)strtoul(optarg, NULL, 0);
         break;
      case OPT_FRAGCOLOR:
         o.key.fragcolor_buffers = (uint8_t)strtoul(optarg, NULL, 0);
         break;
      case OPT_GL_STATE:
         return print_gl_state_layout();
      case 'h':
         usage(stdout);
         return 0;
      default:
         usage(stderr);
         return 2;
      }
   }
   if (optind == argc) {
      usage(stderr);
      return 2;
   }

   struct arena *arena = arena_create(NULL);
   if (!arena) {
      fail("out of memory");
      return 1;
   }
   int status = 0;
   /* SPIR-V per stage, from glslang or from files (then malloc'd here). */
   uint32_t *words[KGL_STAGE_COUNT] = {NULL};
   void *file_words[KGL_STAGE_COUNT] = {NULL};
   char *texts[KGL_STAGE_COUNT * 2] = {NULL};
   size_t counts[KGL_STAGE_COUNT] = {0};
   bool gl = !o.vulkan;
   struct kgl_program *prog = NULL;
   if (ends_with(argv[optind], ".spv")) {
      for (int i = optind; i < argc; i++) {
         if (ends_with(argv[i], ".roundtrip.spv"))
            continue; /* kiln-corpus --out writes these next to the inputs */
         const int s = spv_stage(argv[i]);
         size_t size;
         void *data = s >= 0 ? util_read_file(argv[i], &size) : NULL;
         if (!data || size % 4) {
            fail("cannot read %s as NAME.<stage>.spv%s%s", argv[i], data ? "" : ": ",
                 data ? "" : strerror(errno));
            free(data);
            status = 2;
            goto out;
         }
         free(file_words[s]); /* the same stage given twice: the last counts */
         file_words[s] = data;
         words[s] = data;
         counts[s] = size / 4;
      }
   } else {
      struct kgl_shader_desc descs[KGL_STAGE_COUNT * 2];
      unsigned n = 0;
      for (int i = optind; i < argc && n < ARRAY_SIZE(descs); i++) {
         int stage = -1;
         for (unsigned e = 0; e < ARRAY_SIZE(glsl_exts); e++) {
            if (ends_with(argv[i], glsl_exts[e].ext))
               stage = (int)glsl_exts[e].stage;
         }
         size_t size;
         texts[n] = stage >= 0 ? util_read_file(argv[i], &size) : NULL;
         if (!texts[n]) {
            fail("cannot read %s as GLSL", argv[i]);
            status = 2;
            goto out;
         }
         descs[n] = (struct kgl_shader_desc){
            .stage = (enum kgl_stage)stage,
            .strings = (const char *const *)&texts[n],
            .count = 1,
         };
         n++;
      }
      const struct kgl_link_options lo = {.flavour = KGL_FLAVOUR_AUTO};
      const enum kgl_result r = kgl_program_create_from_sources(descs, n, &lo, &prog);
      if (r != KGL_SUCCESS) {
         fail("kgl: %s\n%s", kgl_result_name(r), prog ? kgl_program_info_log(prog) : "");
         status = 1;
         goto out;
      }
      gl = kgl_program_flavour(prog) == KGL_FLAVOUR_GL;
      printf("kgl: %s flavour\n", kgl_flavour_name(kgl_program_flavour(prog)));
      for (int s = 0; s < KGL_STAGE_COUNT; s++)
         words[s] = (uint32_t *)kgl_program_spirv(prog, (enum kgl_stage)s, &counts[s]);
   }

   nir_shader *stages[NIR_STAGE_COUNT] = {NULL};
   uint32_t num_caps;
   const uint32_t *caps = spirv_to_nir_implemented_capabilities(&num_caps);
   const struct spirv_to_nir_options sopts = {
      .env = gl ? SPIRV_ENV_OPENGL_GL_FLAVOURED : SPIRV_ENV_VULKAN,
      .capabilities = caps, /* ntv writes every one of them again */
      .num_capabilities = num_caps,
      .keep_glsl450_geometry = true, /* ntv writes it again */
   };
   for (int s = 0; s < KGL_STAGE_COUNT; s++) {
      if (!words[s])
         continue;
      char *err = NULL;
      stages[s] = spirv_to_nir(words[s], counts[s], (nir_shader_stage)s, NULL, &sopts, arena,
                               &err);
      if (!stages[s]) {
         fail("%s: spirv_to_nir: %s", kgl_stage_name((enum kgl_stage)s), err);
         free(err);
         status = 1;
         goto out;
      }
      if (o.print) {
         printf("---- %s: IR from spirv_to_nir\n", kgl_stage_name((enum kgl_stage)s));
         nir_print_shader(stages[s], stdout);
      }
   }
   if (!o.no_lower) {
      struct zk_program_info info;
      const char *error = NULL;
      if (!zk_lower_program(stages, &o.key, arena, &info, &error)) {
         fail("GL lowering: %s", error);
         status = 1;
         goto out;
      }
      if (o.info)
         print_info(&info);
   }
   for (int s = 0; s < NIR_STAGE_COUNT; s++) {
      if (!stages[s])
         continue;
      if (o.print && !o.no_lower) {
         printf("---- %s: IR after the GL lowering\n", nir_stage_name((nir_shader_stage)s));
         nir_print_shader(stages[s], stdout);
      }
      char *report = NULL;
      if (nir_validate_shader_report(stages[s], &report)) {
         fail("%s: invalid IR after the lowering:\n%s", nir_stage_name((nir_shader_stage)s),
              report ? report : "");
         free(report);
         status = 1;
         continue;
      }
      if (!emit_and_check(stages[s], &o, arena))
         status = 1;
   }
out:
   kgl_program_destroy(prog);
   arena_destroy(arena);
   for (int s = 0; s < KGL_STAGE_COUNT; s++)
      free(file_words[s]);
   for (unsigned t = 0; t < ARRAY_SIZE(texts); t++)
      free(texts[t]);
   /* What was printed must have arrived (stdout on a full disk, a closed
    * pipe): a lost report is a failure too. */
   if (fflush(stdout) != 0 || ferror(stdout)) {
      fail("writing the standard output: %s", strerror(errno));
      status = status ? status : 1;
   }
   return status;
}
