/* SPDX-License-Identifier: MIT */
/*
 * kiln-spirv: SPIR-V in, kiln's IR in the middle, SPIR-V out.
 *
 *    kiln-spirv [options] INPUT
 *
 * Reads a SPIR-V module (binary, or spirv-as assembly), translates one
 * entry point with spirv_to_nir, runs the named IR passes, prints the IR
 * if asked, writes what ntv makes of it and validates with SPIRV-Tools.
 * Every failure is a message and an exit status; nothing a file contains
 * makes it crash.
 *
 * Exit status: 0 success, 1 the input could not be translated (or a pass
 * failed), 2 bad command line, 3 spirv-val rejected the input or output.
 */
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <spirv/unified1/spirv.h>

#include "nir/nir.h"
#include "ntv/nir_to_spirv.h"
#include "ntv/passes/ntv_passes.h"
#include "ntv/spirv_tools.h"
#include "spirv/spirv_info.h"
#include "spirv/spirv_to_nir.h"
#include "util/arena.h"
#include "util/os.h"

enum exit_status {
   EXIT_OK = 0,
   EXIT_FAILED = 1,
   EXIT_USAGE = 2,
   EXIT_INVALID = 3,
};

#define MAX_PASSES 64

struct pass_request {
   const struct ntv_pass_info *pass;
   char *args; /* malloc'd, "" when none */
};

struct options {
   const char *input;
   const char *output;
   const char *stage_name;
   const char *entry;
   const char *target_name;
   bool gl;
   bool print;
   bool validate;
   bool disassemble;
   bool strip_names;
   struct pass_request passes[MAX_PASSES];
   unsigned num_passes;
};

static void PRINTFLIKE(1, 2)
error(const char *fmt, ...)
{
   va_list va;
   va_start(va, fmt);
   fputs("kiln-spirv: ", stderr);
   vfprintf(stderr, fmt, va);
   fputc('\n', stderr);
   va_end(va);
}

static void
usage(FILE *f)
{
   fputs("usage: kiln-spirv [options] INPUT\n"
         "\n"
         "Translates a SPIR-V module (binary, or spirv-as assembly text) to kiln's IR,\n"
         "runs IR passes, and writes the SPIR-V ntv makes of the result.\n"
         "\n"
         "  -s, --stage STAGE    vert, tesc, tese, geom, frag or comp (default: the\n"
         "                       stage of the module's only entry point)\n"
         "  -e, --entry NAME     entry point name (default: the only one of the stage)\n"
         "      --gl             GL-flavoured input (glslang for OpenGL: loose uniforms,\n"
         "                       compatibility built-ins by name, lower-left origin)\n"
         "  -p, --pass LIST      run passes in order: NAME[:OPTIONS][,NAME[:OPTIONS]...]\n"
         "                       (repeatable; --list-passes shows them)\n"
         "      --list-passes    list the passes and their options\n"
         "      --print          print the IR after translation and after each pass\n"
         "  -o, --output FILE    write the output SPIR-V to FILE\n"
         "  -t, --target ENV     vulkan1.0 ... vulkan1.3 (default: the oldest one that\n"
         "                       takes the input's SPIR-V version)\n"
         "      --validate       run spirv-val on the input and the output\n"
         "      --dis            print the output's disassembly\n"
         "      --strip-names    leave OpName/OpMemberName out of the output\n"
         "  -h, --help           this text\n"
         "\n"
         "Exit status: 0 success, 1 translation or pass failure, 2 bad usage,\n"
         "3 validation failure.\n",
         f);
}

static void
list_passes(void)
{
   for (unsigned i = 0; i < ntv_pass_count(); i++)
      printf("  %s\n", ntv_pass_at(i)->help);
}

/* Splits a --pass list at commas; an item that does not start with a pass
 * name continues the previous pass's options (options contain commas). */
static bool
add_passes(struct options *o, const char *list)
{
   char *copy = strdup(list);
   if (!copy) {
      error("out of memory");
      return false;
   }
   bool ok = true;
   char *save = NULL;
   for (char *item = strtok_r(copy, ",", &save); item && ok; item = strtok_r(NULL, ",", &save)) {
      char *colon = strchr(item, ':');
      const size_t name_len = colon ? (size_t)(colon - item) : strlen(item);
      char name[64];
      const struct ntv_pass_info *pass = NULL;
      if (name_len < sizeof(name)) {
         memcpy(name, item, name_len);
         name[name_len] = '\0';
         pass = ntv_pass_find(name);
      }
      if (pass) {
         if (o->num_passes == MAX_PASSES) {
            error("more than %d passes", MAX_PASSES);
            ok = false;
            break;
         }
         o->passes[o->num_passes].pass = pass;
         o->passes[o->num_passes].args = strdup(colon ? colon + 1 : "");
         ok = o->passes[o->num_passes++].args != NULL;
         continue;
      }
      if (o->num_passes == 0) {
         error("unknown pass '%s' (--list-passes shows them)", item);
         ok = false;
         break;
      }
      /* Not a pass name: more options for the previous pass. */
      struct pass_request *last = &o->passes[o->num_passes - 1];
      char *joined = NULL;
      if (asprintf(&joined, "%s%s%s", last->args, *last->args ? "," : "", item) < 0) {
         error("out of memory");
         ok = false;
         break;
      }
      free(last->args);
      last->args = joined;
   }
   free(copy);
   return ok;
}

static bool
parse_stage(const char *s, nir_shader_stage *stage)
{
   static const struct {
      const char *name;
      nir_shader_stage stage;
   } names[] = {
      {"vert", NIR_STAGE_VERTEX},      {"vertex", NIR_STAGE_VERTEX},
      {"tesc", NIR_STAGE_TESS_CTRL},   {"tese", NIR_STAGE_TESS_EVAL},
      {"geom", NIR_STAGE_GEOMETRY},    {"geometry", NIR_STAGE_GEOMETRY},
      {"frag", NIR_STAGE_FRAGMENT},    {"fragment", NIR_STAGE_FRAGMENT},
      {"comp", NIR_STAGE_COMPUTE},     {"compute", NIR_STAGE_COMPUTE},
   };
   for (unsigned i = 0; i < ARRAY_SIZE(names); i++) {
      if (strcmp(s, names[i].name) == 0) {
         *stage = names[i].stage;
         return true;
      }
   }
   return false;
}

static bool
stage_for_model(uint32_t model, nir_shader_stage *stage)
{
   switch (model) {
   case SpvExecutionModelVertex:
      *stage = NIR_STAGE_VERTEX;
      return true;
   case SpvExecutionModelTessellationControl:
      *stage = NIR_STAGE_TESS_CTRL;
      return true;
   case SpvExecutionModelTessellationEvaluation:
      *stage = NIR_STAGE_TESS_EVAL;
      return true;
   case SpvExecutionModelGeometry:
      *stage = NIR_STAGE_GEOMETRY;
      return true;
   case SpvExecutionModelFragment:
      *stage = NIR_STAGE_FRAGMENT;
      return true;
   case SpvExecutionModelGLCompute:
      *stage = NIR_STAGE_COMPUTE;
      return true;
   default:
      return false;
   }
}

/* Finds the entry point to translate when --stage or --entry is missing:
 * a bounds-checked walk over the OpEntryPoint instructions. */
static bool
pick_entry_point(const uint32_t *w, size_t count, const struct options *o,
                 nir_shader_stage *stage, bool have_stage)
{
   unsigned matches = 0;
   nir_shader_stage found = NIR_STAGE_VERTEX;
   for (size_t i = 5; i < count;) {
      const unsigned wc = w[i] >> SpvWordCountShift;
      if (wc == 0 || wc > count - i)
         break; /* spirv_to_nir reports the malformed instruction */
      if ((w[i] & SpvOpCodeMask) == SpvOpEntryPoint && wc >= 4) {
         nir_shader_stage s;
         const char *name = (const char *)&w[i + 3];
         const size_t max_len = (wc - 3) * 4;
         const bool named = !o->entry || (strnlen(name, max_len) < max_len &&
                                          strcmp(name, o->entry) == 0);
         if (stage_for_model(w[i + 1], &s) && named && (!have_stage || s == *stage)) {
            found = s;
            matches++;
         }
      }
      i += wc;
   }
   if (matches == 1) {
      *stage = found;
      return true;
   }
   if (matches == 0)
      error("no entry point%s%s%s in the module", o->entry ? " named '" : "",
            o->entry ? o->entry : "", o->entry ? "'" : "");
   else
      error("the module has %u matching entry points: say which with --stage/--entry",
            matches);
   return false;
}

static uint32_t *
read_module(const char *path, size_t *count)
{
   size_t size_B;
   char *data = util_read_file(path, &size_B);
   if (!data) {
      error("%s: %s", path, strerror(errno));
      return NULL;
   }
   /* Either byte order, decoded in host order: the policy of every
    * consumer (spirv_info.h). */
   const enum spirv_byte_order order = spirv_byte_order(data, size_B);
   if (order != SPIRV_BYTE_ORDER_NONE) {
      if (size_B % 4) {
         error("%s: %zu bytes is not a whole number of SPIR-V words", path, size_B);
         free(data);
         return NULL;
      }
      *count = size_B / 4;
      spirv_to_host_order((uint32_t *)data, *count, order); /* malloc'd, aligned */
      return (uint32_t *)data;
   }
   char *msg = NULL;
   uint32_t *words = ntv_spirv_assemble(data, size_B, count, &msg);
   if (!words)
      error("%s: neither SPIR-V nor SPIR-V assembly: %s", path, msg ? msg : "?");
   free(msg);
   free(data);
   return words;
}

static enum ntv_target
default_target(uint32_t version)
{
   for (unsigned t = 0; t < NTV_TARGET_COUNT; t++) {
      if (version <= ntv_target_spirv_version(t))
         return t;
   }
   return NTV_TARGET_VULKAN_1_3;
}

static bool
validate(const uint32_t *w, size_t count, enum ntv_target target, const char *what)
{
   char *msg = NULL;
   const bool ok = ntv_spirv_validate(w, count, target, NULL, &msg);
   if (!ok)
      error("%s does not validate for %s: %s", what, ntv_target_name(target), msg ? msg : "?");
   free(msg);
   return ok;
}

static void
print_ir(nir_shader *s, const char *when)
{
   printf("; ---- IR after %s\n", when);
   nir_print_shader(s, stdout);
   fflush(stdout);
}

static int
run(struct options *o)
{
   size_t count;
   uint32_t *words = read_module(o->input, &count);
   if (!words)
      return EXIT_FAILED;
   int status = EXIT_OK;
   struct arena *arena = NULL;
   nir_shader *shader = NULL;

   nir_shader_stage stage = NIR_STAGE_VERTEX;
   const bool have_stage = o->stage_name != NULL;
   if (have_stage && !parse_stage(o->stage_name, &stage)) {
      error("unknown stage '%s' (vert, tesc, tese, geom, frag, comp)", o->stage_name);
      status = EXIT_USAGE;
      goto out;
   }
   if (count < 5) {
      error("%s: too short for a SPIR-V header", o->input);
      status = EXIT_FAILED;
      goto out;
   }
   enum ntv_target target = default_target(words[1]);
   if (o->target_name && !ntv_target_parse(o->target_name, &target)) {
      error("unknown target '%s' (vulkan1.0 ... vulkan1.3)", o->target_name);
      status = EXIT_USAGE;
      goto out;
   }
   if (o->validate && !o->gl && !validate(words, count, target, "the input")) {
      status = EXIT_INVALID;
      goto out;
   }
   if ((!have_stage || !o->entry) && !pick_entry_point(words, count, o, &stage, have_stage)) {
      status = EXIT_FAILED;
      goto out;
   }

   uint32_t num_caps;
   const uint32_t *caps = spirv_to_nir_implemented_capabilities(&num_caps);
   const struct spirv_to_nir_options stn_opts = {
      .env = o->gl ? SPIRV_ENV_OPENGL_GL_FLAVOURED : SPIRV_ENV_VULKAN,
      .capabilities = caps, /* ntv writes every one of them again */
      .num_capabilities = num_caps,
      .keep_glsl450_geometry = true, /* written again by ntv */
   };
   char *stn_error = NULL;
   shader = spirv_to_nir(words, count, stage, o->entry, &stn_opts, NULL, &stn_error);
   if (!shader) {
      error("%s: %s", o->input, stn_error ? stn_error : "translation failed");
      free(stn_error);
      status = EXIT_FAILED;
      goto out;
   }
   if (o->print)
      print_ir(shader, "spirv_to_nir");

   for (unsigned i = 0; i < o->num_passes; i++) {
      const struct pass_request *r = &o->passes[i];
      bool progress = false;
      const char *pass_error = NULL;
      if (!r->pass->run(shader, r->args, &progress, &pass_error) || nir_shader_oom(shader)) {
         error("pass %s: %s", r->pass->name,
               pass_error ? pass_error : nir_shader_oom(shader) ? "out of memory" : "failed");
         status = EXIT_FAILED;
         goto out;
      }
      char *report = NULL;
      if (nir_validate_shader_report(shader, &report)) {
         error("pass %s left invalid IR:\n%s", r->pass->name, report ? report : "");
         free(report);
         status = EXIT_FAILED;
         goto out;
      }
      if (o->print) {
         char when[96];
         snprintf(when, sizeof(when), "%s%s", r->pass->name, progress ? "" : " (no change)");
         print_ir(shader, when);
      }
   }

   arena = arena_create(NULL);
   if (!arena) {
      error("out of memory");
      status = EXIT_FAILED;
      goto out;
   }
   const struct ntv_options ntv_opts = {.target = target, .strip_names = o->strip_names};
   uint32_t *out_words;
   size_t out_count;
   const char *ntv_error = NULL;
   if (!ntv_emit(shader, &ntv_opts, arena, &out_words, &out_count, &ntv_error)) {
      error("ntv: %s", ntv_error ? ntv_error : "failed");
      status = EXIT_FAILED;
      goto out;
   }
   if (o->disassemble) {
      char *msg = NULL;
      char *text = ntv_spirv_disassemble(out_words, out_count, &msg);
      if (text)
         fputs(text, stdout);
      else
         error("cannot disassemble the output: %s", msg ? msg : "?");
      free(text);
      free(msg);
   }
   if (o->output) {
      const int err = util_write_file(o->output, out_words, out_count * sizeof(uint32_t));
      if (err) {
         error("%s: %s", o->output, strerror(-err));
         status = EXIT_FAILED;
         goto out;
      }
   }
   if (o->validate && !validate(out_words, out_count, target, "the output"))
      status = EXIT_INVALID;

out:
   if (shader)
      nir_shader_destroy(shader);
   if (arena)
      arena_destroy(arena);
   free(words);
   return status;
}

int
main(int argc, char **argv)
{
   enum { OPT_GL = 256, OPT_LIST, OPT_PRINT, OPT_VALIDATE, OPT_DIS, OPT_STRIP };
   static const struct option long_opts[] = {
      {"stage", required_argument, NULL, 's'},
      {"entry", required_argument, NULL, 'e'},
      {"gl", no_argument, NULL, OPT_GL},
      {"pass", required_argument, NULL, 'p'},
      {"list-passes", no_argument, NULL, OPT_LIST},
      {"print", no_argument, NULL, OPT_PRINT},
      {"output", required_argument, NULL, 'o'},
      {"target", required_argument, NULL, 't'},
      {"validate", no_argument, NULL, OPT_VALIDATE},
      {"dis", no_argument, NULL, OPT_DIS},
      {"strip-names", no_argument, NULL, OPT_STRIP},
      {"help", no_argument, NULL, 'h'},
      {NULL, 0, NULL, 0},
   };
   struct options o = {0};
   int status = EXIT_OK;
   int c;
   while ((c = getopt_long(argc, argv, "s:e:p:o:t:h", long_opts, NULL)) != -1) {
      switch (c) {
      case 's':
         o.stage_name = optarg;
         break;
      case 'e':
         o.entry = optarg;
         break;
      case OPT_GL:
         o.gl = true;
         break;
      case 'p':
         if (!add_passes(&o, optarg))
            status = EXIT_USAGE;
         break;
      case OPT_LIST:
         list_passes();
         goto done;
      case OPT_PRINT:
         o.print = true;
         break;
      case 'o':
         o.output = optarg;
         break;
      case 't':
         o.target_name = optarg;
         break;
      case OPT_VALIDATE:
         o.validate = true;
         break;
      case OPT_DIS:
         o.disassemble = true;
         break;
      case OPT_STRIP:
         o.strip_names = true;
         break;
      case 'h':
         usage(stdout);
         goto done;
      default:
         usage(stderr);
         status = EXIT_USAGE;
         goto done;
      }
      if (status != EXIT_OK)
         goto done;
   }
   if (optind != argc - 1) {
      error(optind == argc ? "no input file" : "more than one input file");
      usage(stderr);
      status = EXIT_USAGE;
      goto done;
   }
   o.input = argv[optind];
   status = run(&o);
   /* The IR or disassembly printed must have arrived (a full disk, a
    * closed pipe): a lost output is a failure. */
   if (fflush(stdout) != 0 || ferror(stdout)) {
      error("writing the standard output: %s", strerror(errno));
      if (status == EXIT_OK)
         status = EXIT_FAILED;
   }
done:
   for (unsigned i = 0; i < o.num_passes; i++)
      free(o.passes[i].args);
   return status;
}
