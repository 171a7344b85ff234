/* SPDX-License-Identifier: MIT */
/*
 * Reading piglit's two GLSL test formats the way piglit's runners do:
 *
 *  - shader_runner scripts: "[section]" lines split the file; a shader
 *    section's text runs to the next line starting with '['. A shader with
 *    no "#version " gets "#version N" (" es" for ES above 1.00) from the
 *    "GLSL >= N" / "GLSL ES >= N" requirement prepended, and "[vertex shader
 *    passthrough]" stands for a vertex shader that copies piglit_vertex to
 *    gl_Position (declared `in` from GLSL 1.30 on, `attribute` before).
 *  - glslparsertest files: the shader as it is, with a "[config]" ...
 *    "[end config]" block in a leading comment giving expect_result,
 *    glsl_version, require_extensions and check_link. Shader files without
 *    one (loaded by C tests) are taken as they are too.
 */
#include "corpus.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/arena.h"

bool
corpus_stage_from_path(const char *path, enum kgl_stage *stage)
{
   static const struct {
      const char *ext;
      enum kgl_stage stage;
   } exts[] = {
      {".vert", KGL_STAGE_VERTEX},    {".tesc", KGL_STAGE_TESS_CTRL},
      {".tese", KGL_STAGE_TESS_EVAL}, {".geom", KGL_STAGE_GEOMETRY},
      {".frag", KGL_STAGE_FRAGMENT},  {".comp", KGL_STAGE_COMPUTE},
   };
   const size_t len = strlen(path);
   for (unsigned i = 0; i < ARRAY_SIZE(exts); i++) {
      const size_t el = strlen(exts[i].ext);
      if (len > el && strcmp(path + len - el, exts[i].ext) == 0) {
         *stage = exts[i].stage;
         return true;
      }
   }
   return false;
}

/* "1.50" -> 150, "3.00 es" -> 300, "3.0" -> 300, "1.0" -> 100; 0 if none. */
static int
parse_version_number(const char *s, const char **end)
{
   while (*s == ' ' || *s == '\t')
      s++;
   if (!isdigit((unsigned char)*s))
      return 0;
   int major = 0, minor = 0;
   while (isdigit((unsigned char)*s))
      major = major * 10 + (*s++ - '0');
   if (*s == '.') {
      s++;
      int digits = 0;
      while (isdigit((unsigned char)*s) && digits < 2) {
         minor = minor * 10 + (*s++ - '0');
         digits++;
      }
      while (isdigit((unsigned char)*s))
         s++;
      if (digits == 1)
         minor *= 10;
   }
   if (end)
      *end = s;
   return major * 100 + minor;
}

static bool
starts_with(const char *s, const char *prefix)
{
   return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* Sections whose text is one GLSL shader of a stage. */
static bool
shader_section(const char *name, size_t len, enum kgl_stage *stage, bool *passthrough)
{
   static const struct {
      const char *name;
      enum kgl_stage stage;
      bool passthrough;
   } sections[] = {
      {"vertex shader", KGL_STAGE_VERTEX, false},
      {"vertex shader passthrough", KGL_STAGE_VERTEX, true},
      {"tessellation control shader", KGL_STAGE_TESS_CTRL, false},
      {"tessellation evaluation shader", KGL_STAGE_TESS_EVAL, false},
      {"geometry shader", KGL_STAGE_GEOMETRY, false},
      {"fragment shader", KGL_STAGE_FRAGMENT, false},
      {"compute shader", KGL_STAGE_COMPUTE, false},
   };
   for (unsigned i = 0; i < ARRAY_SIZE(sections); i++) {
      if (strlen(sections[i].name) == len && strncmp(sections[i].name, name, len) == 0) {
         *stage = sections[i].stage;
         *passthrough = sections[i].passthrough;
         return true;
      }
   }
   return false;
}

static const char passthrough_body[] = "#if __VERSION__ >= 130\n"
                                       "in vec4 piglit_vertex;\n"
                                       "#else\n"
                                       "attribute vec4 piglit_vertex;\n"
                                       "#endif\n"
                                       "void main() { gl_Position = piglit_vertex; }\n";

struct pending_shader {
   enum kgl_stage stage;
   const char *start;
   size_t len;
   bool passthrough;
};

bool
corpus_shader_test_parse(struct arena *arena, const char *path, const char *text,
                         struct corpus_test *t, const char **error)
{
   memset(t, 0, sizeof(*t));
   t->path = path;
   t->kind = CORPUS_SHADER_TEST;
   t->check_link = true;

   struct pending_shader pending[CORPUS_MAX_SHADERS];
   unsigned npending = 0;
   int glsl_req = 0;
   bool in_require = false, in_test = false, any_shader_section = false, arb_program = false;
   bool include_section = false;
   struct pending_shader *open = NULL;

   for (const char *line = text; *line;) {
      const char *eol = strchr(line, '\n');
      const char *next = eol ? eol + 1 : line + strlen(line);
      if (line[0] == '[') {
         if (open)
            open->len = (size_t)(line - open->start);
         open = NULL;
         in_require = false;
         in_test = false;
         const char *close = memchr(line, ']', (size_t)(next - line));
         if (!close) {
            *error = "section header without ']'";
            return false;
         }
         const char *name = line + 1;
         const size_t len = (size_t)(close - name);
         enum kgl_stage stage;
         bool passthrough;
         if (shader_section(name, len, &stage, &passthrough)) {
            if (npending == CORPUS_MAX_SHADERS) {
               *error = "too many shaders";
               return false;
            }
            any_shader_section = true;
            open = &pending[npending++];
            *open = (struct pending_shader){stage, next, 0, passthrough};
            if (passthrough)
               open = NULL; /* its own text is ignored, as piglit does */
         } else if (len == 7 && strncmp(name, "require", 7) == 0) {
            in_require = true;
         } else if (len == 4 && strncmp(name, "test", 4) == 0) {
            in_test = true;
         } else if (len > 8 && strncmp(name + len - 8, " program", 8) == 0) {
            arb_program = true;
         } else if (starts_with(name, "shader include")) {
            include_section = true;
         }
      } else if (in_test) {
         const char *l = line;
         while (*l == ' ' || *l == '\t')
            l++;
         if (starts_with(l, "link error") &&
             (l[10] == '\0' || l[10] == '\n' || l[10] == '\r' || l[10] == ' ' || l[10] == '#'))
            t->expects_link_error = true;
      } else if (in_require) {
         const char *l = line;
         while (*l == ' ' || *l == '\t')
            l++;
         if (starts_with(l, "GLSL ES")) {
            t->es = true;
            const char *v = strpbrk(l, "0123456789");
            if (v && v < next)
               glsl_req = parse_version_number(v, NULL);
         } else if (starts_with(l, "GLSL")) {
            const char *v = strpbrk(l, "0123456789");
            if (v && v < next)
               glsl_req = parse_version_number(v, NULL);
         } else if (starts_with(l, "GL ES")) {
            t->es = true;
         }
      }
      line = next;
   }
   if (open)
      open->len = strlen(open->start);

   t->default_version = t->es ? 100 : 110;
   if (!any_shader_section) {
      t->excluded = arb_program ? "ARB assembly programs only" : "no GLSL shader";
      return true;
   }
   if (include_section)
      t->excluded = "needs named strings from the API (GL_ARB_shading_language_include)";

   /* What piglit prepends to a shader without "#version ". */
   char version_line[32] = "";
   if (glsl_req) {
      snprintf(version_line, sizeof(version_line), "#version %d%s\n", glsl_req,
               t->es && glsl_req != 100 ? " es" : "");
   }

   for (unsigned i = 0; i < npending; i++) {
      const struct pending_shader *p = &pending[i];
      const char *body = p->passthrough ? passthrough_body : NULL;
      char *src = body ? arena_strdup(arena, body) : arena_strndup(arena, p->start, p->len);
      if (!src) {
         *error = "out of memory";
         return false;
      }
      if (version_line[0] && !strstr(src, "#version ")) {
         src = arena_asprintf(arena, "%s%s", version_line, src);
         if (!src) {
            *error = "out of memory";
            return false;
         }
      }
      t->sources[t->source_count++] = (struct corpus_source){p->stage, src};
   }
   return true;
}

/* The value of "key:" on a [config] line, trimmed, or NULL. */
static char *
config_value(struct arena *arena, const char *line, const char *eol, const char *key)
{
   const char *k = strstr(line, key);
   if (!k || k >= eol)
      return NULL;
   const char *v = k + strlen(key);
   while (v < eol && (*v == ' ' || *v == '\t'))
      v++;
   const char *e = eol;
   while (e > v && isspace((unsigned char)e[-1]))
      e--;
   return arena_strndup(arena, v, (size_t)(e - v));
}

bool
corpus_parser_test_parse(struct arena *arena, const char *path, const char *text,
                         enum kgl_stage stage, struct corpus_test *t, const char **error)
{
   memset(t, 0, sizeof(*t));
   t->path = path;
   t->kind = CORPUS_PARSER_TEST;

   const char *cfg = strstr(text, "[config]");
   const char *end = cfg ? strstr(cfg, "[end config]") : NULL;
   if (!cfg) {
      /* A shader file a C test loads (tests/shaders/, ...): compiled as it
       * is, and linked alone only to get SPIR-V. */
      t->default_version = 110;
      t->sources[0] = (struct corpus_source){stage, text};
      t->source_count = 1;
      return true;
   }
   if (!end) {
      *error = "[config] without [end config]";
      return false;
   }
   char *expect = NULL, *version = NULL, *check_link = NULL;
   for (const char *line = cfg; line < end;) {
      const char *eol = strchr(line, '\n');
      if (!eol || eol > end)
         eol = end;
      char *v;
      if ((v = config_value(arena, line, eol, "expect_result:")))
         expect = v;
      else if ((v = config_value(arena, line, eol, "glsl_version:")))
         version = v;
      else if ((v = config_value(arena, line, eol, "check_link:")))
         check_link = v;
      line = eol + 1;
   }
   if (!expect || !version) {
      *error = "[config] lacks expect_result or glsl_version";
      return false;
   }
   const int v = parse_version_number(version, NULL);
   t->es = strstr(version, "es") || v == 100 || v == 300 || v == 310 || v == 320;
   t->default_version = t->es ? 100 : 110;
   t->check_link = check_link && strcmp(check_link, "true") == 0;
   t->sources[0] = (struct corpus_source){stage, text};
   t->source_count = 1;
   if (strcmp(expect, "pass") != 0)
      t->excluded = "piglit expects this shader to fail";
   return true;
}
