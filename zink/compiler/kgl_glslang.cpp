/* SPDX-License-Identifier: MIT */
/*
 * The C interface of kgl.h over glslang's C++ API: the only C++ in the tree.
 * Everything that can throw runs inside one try block per entry point.
 */
#include "kgl.h"
#include "kgl_validate.h"

#include <GL/glcorearb.h>
#include <ctype.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <atomic>
#include <map>
#include <memory>
#include <new>
#include <set>
#include <string>
#include <vector>

/* Debian builds glslang 12 with HLSL enabled (libMachineIndependent.a holds
 * HlslParseContext and TShader::setHlslIoMapping); a few inline members of
 * the installed headers depend on the macro, so match the library. */
#ifndef ENABLE_HLSL
#define ENABLE_HLSL 1
#endif
#include <glslang/Include/PoolAlloc.h>
#include <glslang/MachineIndependent/iomapper.h>
#include <glslang/MachineIndependent/localintermediate.h>
#include <glslang/Public/ResourceLimits.h>
#include <glslang/Public/ShaderLang.h>
#include <glslang/SPIRV/GlslangToSpv.h>
#include <spirv-tools/optimizer.hpp>

namespace {

constexpr uint32_t SPIRV_1_0 = 0x00010000;

/* ---- process setup ---------------------------------------------------- */

pthread_once_t init_once = PTHREAD_ONCE_INIT;
bool init_ok;

void
finalize_process(void)
{
   glslang::FinalizeProcess();
}

void
initialize_process(void)
{
   init_ok = glslang::InitializeProcess();
   /* Registered after InitializeProcess has constructed glslang's function
    * statics, so this runs before their destructors: at exit, or at dlclose
    * of the shared library the shim is linked into (atexit in a shared
    * object is __cxa_atexit with that object's handle). */
   if (init_ok)
      atexit(finalize_process);
}

bool
ensure_initialized()
{
   pthread_once(&init_once, initialize_process);
   return init_ok;
}

/* glslang allocates from a per-thread "current pool" that its objects set
 * and never reset, so after a TShader or TProgram is destroyed the thread's
 * pointer dangles until the next parse/link sets it again, and constructing
 * a TShader allocates before that. Every entry point therefore installs a
 * pool of its own for its duration and clears the pointer when it leaves. */
class scoped_pool {
 public:
   scoped_pool()
   {
      glslang::SetThreadPoolAllocator(&pool);
   }
   ~scoped_pool()
   {
      glslang::SetThreadPoolAllocator(nullptr);
   }

 private:
   glslang::TPoolAllocator pool;
};

EShLanguage
to_glslang_stage(kgl_stage stage)
{
   static_assert(KGL_STAGE_VERTEX == (int)EShLangVertex, "stage order");
   static_assert(KGL_STAGE_TESS_CTRL == (int)EShLangTessControl, "stage order");
   static_assert(KGL_STAGE_TESS_EVAL == (int)EShLangTessEvaluation, "stage order");
   static_assert(KGL_STAGE_GEOMETRY == (int)EShLangGeometry, "stage order");
   static_assert(KGL_STAGE_FRAGMENT == (int)EShLangFragment, "stage order");
   static_assert(KGL_STAGE_COMPUTE == (int)EShLangCompute, "stage order");
   return (EShLanguage)stage;
}

/* ---- one parse of one shader ------------------------------------------- */

struct parse_config {
   bool vulkan;
   uint32_t spirv_version;
};

/* A TShader and the source it was parsed from, kept together because the
 * TShader holds pointers into the strings. */
struct parsed_shader {
   std::vector<std::string> strings;
   std::vector<const char *> ptrs;
   std::vector<int> lengths;
   std::unique_ptr<glslang::TShader> shader;
   bool ok = false;
   std::string log;
};

void
vulkan_client_for(uint32_t spirv_version, glslang::EShTargetClientVersion *client,
                  glslang::EShTargetLanguageVersion *target)
{
   switch (spirv_version) {
   case 0x00010100:
      *client = glslang::EShTargetVulkan_1_1, *target = glslang::EShTargetSpv_1_1;
      break;
   case 0x00010200:
      *client = glslang::EShTargetVulkan_1_1, *target = glslang::EShTargetSpv_1_2;
      break;
   case 0x00010300:
      *client = glslang::EShTargetVulkan_1_1, *target = glslang::EShTargetSpv_1_3;
      break;
   case 0x00010400:
      *client = glslang::EShTargetVulkan_1_1, *target = glslang::EShTargetSpv_1_4;
      break;
   case 0x00010500:
      *client = glslang::EShTargetVulkan_1_2, *target = glslang::EShTargetSpv_1_5;
      break;
   case 0x00010600:
      *client = glslang::EShTargetVulkan_1_3, *target = glslang::EShTargetSpv_1_6;
      break;
   default:
      *client = glslang::EShTargetVulkan_1_0, *target = glslang::EShTargetSpv_1_0;
      break;
   }
}

EShMessages
messages_for(const parse_config &cfg)
{
   return cfg.vulkan ? (EShMessages)(EShMsgSpvRules | EShMsgVulkanRules) : EShMsgDefault;
}

}  // namespace

struct kgl_shader {
   kgl_stage stage;
   int default_version;
   bool es;
   bool forward_compatible;
   bool vulkan_glsl;
   std::vector<std::string> strings;

   bool compiled = false;
   std::string log;
   int version = 0;
   EProfile profile = ENoProfile;

   /* The GL-rules parse made by kgl_shader_create, handed to the first
    * program that links this shader under GL rules (later ones parse again:
    * glslang's linker writes into the tree). */
   std::atomic<parsed_shader *> spare{nullptr};

   ~kgl_shader()
   {
      delete spare.load();
   }
};

namespace {

/* Where a leading #version is (only comments and white space may come
 * first). A light scan of the first string, used only to work around
 * glslang before it is asked. */
/* GLSL 1.40's inverse() for float matrices (column-major: m[c][r]). */
static const char inverse_140[] =
   "mat2 inverse(mat2 m) {\n"
   "   return mat2(m[1][1], -m[0][1], -m[1][0], m[0][0]) /\n"
   "          (m[0][0] * m[1][1] - m[1][0] * m[0][1]);\n"
   "}\n"
   "mat3 inverse(mat3 m) {\n"
   "   vec3 r0 = cross(m[1], m[2]), r1 = cross(m[2], m[0]), r2 = cross(m[0], m[1]);\n"
   "   return transpose(mat3(r0, r1, r2)) / dot(m[0], r0);\n"
   "}\n"
   "mat4 inverse(mat4 m) {\n"
   "   float a00 = m[0][0], a01 = m[0][1], a02 = m[0][2], a03 = m[0][3];\n"
   "   float a10 = m[1][0], a11 = m[1][1], a12 = m[1][2], a13 = m[1][3];\n"
   "   float a20 = m[2][0], a21 = m[2][1], a22 = m[2][2], a23 = m[2][3];\n"
   "   float a30 = m[3][0], a31 = m[3][1], a32 = m[3][2], a33 = m[3][3];\n"
   "   float b00 = a00 * a11 - a01 * a10, b01 = a00 * a12 - a02 * a10;\n"
   "   float b02 = a00 * a13 - a03 * a10, b03 = a01 * a12 - a02 * a11;\n"
   "   float b04 = a01 * a13 - a03 * a11, b05 = a02 * a13 - a03 * a12;\n"
   "   float b06 = a20 * a31 - a21 * a30, b07 = a20 * a32 - a22 * a30;\n"
   "   float b08 = a20 * a33 - a23 * a30, b09 = a21 * a32 - a22 * a31;\n"
   "   float b10 = a21 * a33 - a23 * a31, b11 = a22 * a33 - a23 * a32;\n"
   "   float det = b00 * b11 - b01 * b10 + b02 * b09 + b03 * b08 - b04 * b07 + b05 * b06;\n"
   "   return mat4(a11 * b11 - a12 * b10 + a13 * b09, a02 * b10 - a01 * b11 - a03 * b09,\n"
   "               a31 * b05 - a32 * b04 + a33 * b03, a22 * b04 - a21 * b05 - a23 * b03,\n"
   "               a12 * b08 - a10 * b11 - a13 * b07, a00 * b11 - a02 * b08 + a03 * b07,\n"
   "               a32 * b02 - a30 * b05 - a33 * b01, a20 * b05 - a22 * b02 + a23 * b01,\n"
   "               a10 * b10 - a11 * b08 + a13 * b06, a01 * b08 - a00 * b10 - a03 * b06,\n"
   "               a30 * b04 - a31 * b02 + a33 * b00, a21 * b02 - a20 * b04 - a23 * b00,\n"
   "               a11 * b07 - a10 * b09 - a12 * b06, a00 * b09 - a01 * b07 + a02 * b06,\n"
   "               a31 * b01 - a30 * b03 - a32 * b00, a20 * b03 - a21 * b01 + a22 * b00) / det;\n"
   "}\n";

struct version_scan {
   int version = 0;      /* 0: no #version at the start */
   bool es = false;      /* "es" after the number */
   size_t start = 0;     /* offset of '#' in strings[0] */
   size_t end = 0;       /* offset of the newline ending the directive */
};

version_scan
scan_version(const std::vector<std::string> &strings)
{
   version_scan v;
   if (strings.empty())
      return v;
   const std::string &text = strings[0];
   size_t i = 0;
   while (i < text.size()) {
      if (isspace((unsigned char)text[i])) {
         i++;
      } else if (text.compare(i, 2, "//") == 0) {
         i = text.find('\n', i);
      } else if (text.compare(i, 2, "/*") == 0) {
         i = text.find("*/", i + 2);
         i = i == std::string::npos ? i : i + 2;
      } else {
         break;
      }
   }
   if (i >= text.size() || text[i] != '#')
      return v;
   size_t j = i + 1;
   while (j < text.size() && (text[j] == ' ' || text[j] == '\t'))
      j++;
   if (text.compare(j, 7, "version") != 0)
      return v;
   j += 7;
   v.version = atoi(text.c_str() + j);
   v.start = i;
   v.end = text.find('\n', j);
   if (v.end == std::string::npos)
      v.end = text.size();
   const std::string rest = text.substr(j, v.end - j);
   v.es = rest.find(" es") != std::string::npos || rest.find("\tes") != std::string::npos;
   return v;
}

/* glslang 12 rejects comments or even blank lines before "#version 300 es"
 * ("statement must appear first in es-profile shader"), where GLSL ES 3.00
 * (3.4, "Version Declaration") allows comments and white space. Moves the
 * directive to the very start and keeps every line's number: "#line 1 0"
 * makes the next line line 1 in ES 3.x, and the directive's own line is
 * blanked in place. */
void
hoist_es_version(std::vector<std::string> &strings)
{
   const version_scan v = scan_version(strings);
   if (!v.version || !v.es || v.start == 0)
      return;
   std::string &text = strings[0];
   const std::string directive = text.substr(v.start, v.end - v.start);
   text.replace(v.start, v.end - v.start, std::string(v.end - v.start, ' '));
   text.insert(0, directive + "\n#line 1 0\n");
}

std::unique_ptr<parsed_shader>
parse(const kgl_shader &src, const parse_config &cfg)
{
   auto p = std::make_unique<parsed_shader>();
   p->strings = src.strings;
   hoist_es_version(p->strings);
   for (const std::string &s : p->strings) {
      p->ptrs.push_back(s.c_str());
      p->lengths.push_back((int)s.size());
   }

   const EShLanguage stage = to_glslang_stage(src.stage);
   p->shader = std::make_unique<glslang::TShader>(stage);
   const int default_version = src.default_version ? src.default_version
                                                   : (src.es ? 100 : 110);
   const int version = scan_version(p->strings).version;
   /* glslang 12 cannot build its compute built-ins below desktop 1.50: it
    * prints its whole built-in source to stdout and fails. (Compute shaders
    * need GL 4.3 or GL_ARB_compute_shader, which needs GL 4.2, anyway.) */
   const int v = version ? version : default_version;
   if (src.stage == KGL_STAGE_COMPUTE && v < 150 && v != 100) {
      p->log = "ERROR: compute shaders need #version 150 or later\n";
      return p;
   }
   glslang::TShader &sh = *p->shader;
   sh.setStringsWithLengths(p->ptrs.data(), p->lengths.data(), (int)p->ptrs.size());
   if (cfg.vulkan) {
      glslang::EShTargetClientVersion client;
      glslang::EShTargetLanguageVersion target;
      vulkan_client_for(cfg.spirv_version, &client, &target);
      sh.setEnvInput(glslang::EShSourceGlsl, stage, glslang::EShClientVulkan, 100);
      sh.setEnvClient(glslang::EShClientVulkan, client);
      sh.setEnvTarget(glslang::EShTargetSpv, target);
   }
   /* glslang 12's SPIR-V writer crashes on ftransform() (it has no case
    * for the operation). GLSL 1.20, 8.5: ftransform() returns what fixed
    * function would, gl_ModelViewProjectionMatrix * gl_Vertex, so it is
    * spelled out before glslang sees it. Only vertex shaders have it, and
    * only GL rules: Vulkan GLSL has neither it nor the built-ins. */
   std::string preamble;
   if (!cfg.vulkan && src.stage == KGL_STAGE_VERTEX)
      preamble += "#define ftransform() (gl_ModelViewProjectionMatrix * gl_Vertex)\n";
   /* GLSL 1.40, 8.5 added inverse(); glslang 12 declares it from 1.50 on.
    * For 1.40 it is defined here: the adjugate over the determinant. */
   if (!cfg.vulkan && !src.es && version == 140)
      preamble += inverse_140;
   if (!preamble.empty())
      sh.setPreamble(preamble.c_str());
   /* GL: no client and no target. Naming OpenGL as the client would define
    * GL_SPIRV in the preprocessor and apply GL_ARB_gl_spirv's rules, which
    * is not what a GL application's GLSL means; with no target glslang
    * accepts every version and profile. */
   sh.setAutoMapLocations(true);
   sh.setAutoMapBindings(true);

   p->ok = sh.parse(GetDefaultResources(), default_version, src.es ? EEsProfile : ENoProfile,
                    false, src.forward_compatible, messages_for(cfg));
   p->log = sh.getInfoLog();
   if (const char *dbg = sh.getInfoDebugLog(); dbg && *dbg)
      p->log += dbg;
   return p;
}

bool
vulkan_possible(const kgl_shader &s)
{
   /* GL_KHR_vulkan_glsl: "#version 140 or higher" for desktop, 310 es for
    * ES, and no compatibility profile. glslang would reject the others
    * anyway; this only saves the attempt. */
   if (s.profile == EEsProfile)
      return s.version >= 310;
   return s.version >= 140 && s.profile != ECompatibilityProfile;
}

}  // namespace

/* ---- the program -------------------------------------------------------- */

namespace {

struct reflection_store {
   std::vector<kgl_reflection_entry> entries;
   std::vector<std::string> names;

   void fix_names()
   {
      for (size_t i = 0; i < entries.size(); i++)
         entries[i].name = names[i].c_str();
   }
};

}  // namespace

struct kgl_program {
   bool linked = false;
   kgl_flavour flavour = KGL_FLAVOUR_GL;
   std::string log;
   uint32_t stages = 0;
   std::vector<uint32_t> spirv[KGL_STAGE_COUNT];
   reflection_store reflection[KGL_REFLECT_KIND_COUNT];
   unsigned local_size[3] = {1, 1, 1};
};

namespace {

kgl_reflection_entry
blank_entry()
{
   kgl_reflection_entry e;
   memset(&e, 0, sizeof(e));
   e.array_size = 1;
   e.location = e.component = e.binding = e.offset_B = -1;
   e.block_index = e.member_count = e.xfb_buffer = e.xfb_stride_B = -1;
   e.array_stride_B = 0;
   return e;
}

uint32_t
gl_type_of(const glslang::TType &type)
{
   static const uint32_t float_vec[] = {GL_FLOAT, GL_FLOAT_VEC2, GL_FLOAT_VEC3,
                                        GL_FLOAT_VEC4};
   static const uint32_t double_vec[] = {GL_DOUBLE, GL_DOUBLE_VEC2, GL_DOUBLE_VEC3,
                                         GL_DOUBLE_VEC4};
   static const uint32_t int_vec[] = {GL_INT, GL_INT_VEC2, GL_INT_VEC3, GL_INT_VEC4};
   static const uint32_t uint_vec[] = {GL_UNSIGNED_INT, GL_UNSIGNED_INT_VEC2,
                                       GL_UNSIGNED_INT_VEC3, GL_UNSIGNED_INT_VEC4};
   static const uint32_t bool_vec[] = {GL_BOOL, GL_BOOL_VEC2, GL_BOOL_VEC3, GL_BOOL_VEC4};
   static const uint32_t i64_vec[] = {GL_INT64_ARB, GL_INT64_VEC2_ARB, GL_INT64_VEC3_ARB,
                                      GL_INT64_VEC4_ARB};
   static const uint32_t u64_vec[] = {GL_UNSIGNED_INT64_ARB, GL_UNSIGNED_INT64_VEC2_ARB,
                                      GL_UNSIGNED_INT64_VEC3_ARB,
                                      GL_UNSIGNED_INT64_VEC4_ARB};
   /* [cols - 2][rows - 2] */
   static const uint32_t float_mat[3][3] = {
      {GL_FLOAT_MAT2, GL_FLOAT_MAT2x3, GL_FLOAT_MAT2x4},
      {GL_FLOAT_MAT3x2, GL_FLOAT_MAT3, GL_FLOAT_MAT3x4},
      {GL_FLOAT_MAT4x2, GL_FLOAT_MAT4x3, GL_FLOAT_MAT4},
   };
   static const uint32_t double_mat[3][3] = {
      {GL_DOUBLE_MAT2, GL_DOUBLE_MAT2x3, GL_DOUBLE_MAT2x4},
      {GL_DOUBLE_MAT3x2, GL_DOUBLE_MAT3, GL_DOUBLE_MAT3x4},
      {GL_DOUBLE_MAT4x2, GL_DOUBLE_MAT4x3, GL_DOUBLE_MAT4},
   };

   if (type.isStruct() || type.isOpaque())
      return 0;
   if (type.isMatrix()) {
      const int c = type.getMatrixCols() - 2, r = type.getMatrixRows() - 2;
      if (c < 0 || c > 2 || r < 0 || r > 2)
         return 0;
      if (type.getBasicType() == glslang::EbtFloat)
         return float_mat[c][r];
      if (type.getBasicType() == glslang::EbtDouble)
         return double_mat[c][r];
      return 0;
   }
   const int n = type.getVectorSize() - 1;
   if (n < 0 || n > 3)
      return 0;
   switch (type.getBasicType()) {
   case glslang::EbtFloat:
      return float_vec[n];
   case glslang::EbtDouble:
      return double_vec[n];
   case glslang::EbtInt:
      return int_vec[n];
   case glslang::EbtUint:
      return uint_vec[n];
   case glslang::EbtBool:
      return bool_vec[n];
   case glslang::EbtInt64:
      return i64_vec[n];
   case glslang::EbtUint64:
      return u64_vec[n];
   default:
      return 0;
   }
}

void
add_reflected(reflection_store &store, const glslang::TObjectReflection &obj, bool block)
{
   kgl_reflection_entry e = blank_entry();
   e.gl_type = block ? 0 : (uint32_t)obj.glDefineType;
   e.array_size = obj.size;
   e.offset_B = obj.offset;
   e.array_stride_B = obj.arrayStride;
   e.block_index = block ? -1 : obj.index;
   e.member_count = block ? obj.numMembers : -1;
   e.stages = (uint32_t)obj.stages;
   e.binding = obj.getBinding();
   if (const glslang::TType *type = obj.getType()) {
      const glslang::TQualifier &q = type->getQualifier();
      if (q.hasLocation())
         e.location = (int)q.layoutLocation;
      if (q.hasComponent())
         e.component = (int)q.layoutComponent;
      e.row_major = q.layoutMatrix == glslang::ElmRowMajor;
      e.builtin = q.builtIn != glslang::EbvNone;
   }
   if (obj.name.compare(0, 3, "gl_") == 0)
      e.builtin = true;
   store.entries.push_back(e);
   store.names.push_back(obj.name);
}

void
add_xfb_candidate(reflection_store &store, const std::string &name,
                  const glslang::TType &type, const glslang::TQualifier &outer,
                  const glslang::TIntermediate &im, uint32_t stage_bit)
{
   kgl_reflection_entry e = blank_entry();
   const glslang::TQualifier &q = type.getQualifier();
   e.gl_type = gl_type_of(type);
   e.array_size = type.isArray() && type.getOuterArraySize() > 0 ? type.getOuterArraySize()
                                                                  : 1;
   if (q.hasLocation())
      e.location = (int)q.layoutLocation;
   else if (outer.hasLocation())
      e.location = (int)outer.layoutLocation;
   if (q.hasComponent())
      e.component = (int)q.layoutComponent;
   /* Only what has an xfb_offset is captured by the shader's own layout
    * (GL 4.6, 11.1.2.1); glslang gives every output of such a shader the
    * default xfb_buffer, which means nothing for the others. */
   if (q.hasXfbOffset()) {
      const glslang::TQualifier &xq = q.hasXfbBuffer() ? q : outer;
      e.offset_B = (int)q.layoutXfbOffset;
      e.xfb_buffer = xq.hasXfbBuffer() ? (int)xq.layoutXfbBuffer : 0;
      const unsigned stride = im.getXfbStride(e.xfb_buffer);
      if (stride != glslang::TQualifier::layoutXfbStrideEnd)
         e.xfb_stride_B = (int)stride;
   }
   e.builtin = q.builtIn != glslang::EbvNone || name.compare(0, 3, "gl_") == 0;
   e.stages = stage_bit;
   store.entries.push_back(e);
   store.names.push_back(name);
}

/* The outputs of the last stage before the rasteriser, from its linker
 * objects (every declared global, used or not). */
void
reflect_xfb_candidates(kgl_program &prog, const glslang::TProgram &tp)
{
   static const EShLanguage order[] = {EShLangGeometry, EShLangTessEvaluation,
                                       EShLangVertex};
   const glslang::TIntermediate *im = nullptr;
   EShLanguage stage = EShLangVertex;
   for (EShLanguage s : order) {
      if ((im = tp.getIntermediate(s)) != nullptr) {
         stage = s;
         break;
      }
   }
   if (!im || !im->getTreeRoot())
      return;
   const glslang::TIntermAggregate *root = im->getTreeRoot()->getAsAggregate();
   if (!root || root->getSequence().empty())
      return;
   const glslang::TIntermAggregate *objects = root->getSequence().back()->getAsAggregate();
   if (!objects || objects->getOp() != glslang::EOpLinkerObjects)
      return;

   reflection_store &store = prog.reflection[KGL_REFLECT_XFB_VARYING];
   for (const TIntermNode *node : objects->getSequence()) {
      const glslang::TIntermSymbol *sym = node->getAsSymbolNode();
      if (!sym)
         continue;
      const glslang::TType &type = sym->getType();
      const glslang::TQualifier &q = type.getQualifier();
      if (!q.isPipeOutput())
         continue;
      if (type.getBasicType() == glslang::EbtBlock) {
         /* Members are captured as "Block.member"; gl_PerVertex members by
          * their own names. */
         const std::string block = type.getTypeName().c_str();
         const bool per_vertex = block.compare(0, 3, "gl_") == 0;
         for (const glslang::TTypeLoc &m : *type.getStruct()) {
            const std::string member = m.type->getFieldName().c_str();
            add_xfb_candidate(store, per_vertex ? member : block + "." + member, *m.type, q,
                              *im, 1u << stage);
         }
      } else {
         add_xfb_candidate(store, sym->getName().c_str(), type, q, *im, 1u << stage);
      }
   }
}

void
reflect(kgl_program &prog, glslang::TProgram &tp)
{
   const int opts = EShReflectionBasicArraySuffix | EShReflectionStrictArraySuffix |
                    EShReflectionSeparateBuffers;
   if (tp.buildReflection(opts)) {
      for (int i = 0; i < tp.getNumUniformVariables(); i++)
         add_reflected(prog.reflection[KGL_REFLECT_UNIFORM], tp.getUniform(i), false);
      for (int i = 0; i < tp.getNumUniformBlocks(); i++)
         add_reflected(prog.reflection[KGL_REFLECT_UNIFORM_BLOCK], tp.getUniformBlock(i),
                       true);
      for (int i = 0; i < tp.getNumBufferVariables(); i++)
         add_reflected(prog.reflection[KGL_REFLECT_BUFFER_VARIABLE], tp.getBufferVariable(i),
                       false);
      for (int i = 0; i < tp.getNumBufferBlocks(); i++)
         add_reflected(prog.reflection[KGL_REFLECT_BUFFER_BLOCK], tp.getBufferBlock(i), true);
      for (int i = 0; i < tp.getNumAtomicCounters(); i++)
         add_reflected(prog.reflection[KGL_REFLECT_ATOMIC_COUNTER_BUFFER],
                       tp.getAtomicCounter(i), false);
      for (int i = 0; i < tp.getNumPipeInputs(); i++)
         add_reflected(prog.reflection[KGL_REFLECT_PIPE_INPUT], tp.getPipeInput(i), false);
      for (int i = 0; i < tp.getNumPipeOutputs(); i++)
         add_reflected(prog.reflection[KGL_REFLECT_PIPE_OUTPUT], tp.getPipeOutput(i), false);
      for (int d = 0; d < 3; d++)
         prog.local_size[d] = tp.getLocalSize(d) ? tp.getLocalSize(d) : 1;
   } else {
      prog.log += "warning: glslang could not build reflection for this program\n";
   }
   reflect_xfb_candidates(prog, tp);
   for (reflection_store &store : prog.reflection)
      store.fix_names();
}


/* Trees glslang's linker accepts but its SPIR-V writer cannot handle (it
 * dereferences null and crashes), turned into link errors before the writer
 * sees them. Found by running piglit's corpus (conformance/corpus). */
class spv_writer_guard : public glslang::TIntermTraverser {
 public:
   /* Calls to functions with no body in the linked stage: glslang reports
    * user functions without a body, but a built-in the profile lacks (e.g.
    * texture2D in GLSL 1.50 core) parses as a call to a bodiless function
    * and slips through. */
   std::string
   problem() const
   {
      for (const auto &call : calls) {
         if (definitions.count(call.first))
            continue;
         const std::string name = call.first.substr(0, call.first.find('('));
         return "ERROR: " + std::to_string(call.second.string) + ":" +
                std::to_string(call.second.line) + ": '" + name +
                "' : no function definition found (not a built-in of this version and "
                "profile?)\n";
      }
      return "";
   }

   bool visitAggregate(glslang::TVisit, glslang::TIntermAggregate *node) override
   {
      if (node->getOp() == glslang::EOpFunction)
         definitions.insert(node->getName().c_str());
      else if (node->getOp() == glslang::EOpFunctionCall)
         calls.emplace(node->getName().c_str(), node->getLoc());
      return true;
   }

 private:
   std::set<std::string> definitions;
   std::map<std::string, glslang::TSourceLoc> calls;
};

std::string
stage_log(kgl_stage stage, const char *log)
{
   if (!log || !*log)
      return "";
   return std::string(kgl_stage_name(stage)) + " shader:\n" + log;
}

/* One attempt at compiling and linking every shader under one set of rules.
 * `spares` may hold GL-rules parses to use instead of parsing again. */
kgl_result
link_attempt(kgl_program &prog, kgl_shader *const *shaders, unsigned count,
             const parse_config &cfg, const kgl_link_options &opts, bool take_spares)
{
   std::vector<std::unique_ptr<parsed_shader>> parsed;
   std::string compile_log;
   bool compiled = true;

   for (unsigned i = 0; i < count; i++) {
      std::unique_ptr<parsed_shader> p;
      if (take_spares)
         p.reset(shaders[i]->spare.exchange(nullptr));
      if (!p)
         p = parse(*shaders[i], cfg);
      if (!p->ok) {
         compiled = false;
         compile_log += stage_log(shaders[i]->stage, p->log.c_str());
      }
      parsed.push_back(std::move(p));
   }
   if (!compiled) {
      prog.log = compile_log;
      return KGL_COMPILE_FAILED;
   }

   /* Declared after `parsed`, so destroyed before the shaders it links, as
    * glslang requires. */
   glslang::TProgram tp;
   for (auto &p : parsed)
      tp.addShader(p->shader.get());
   bool ok = tp.link(messages_for(cfg));
   if (ok) {
      /* The GLSL mapper matches varyings and resources across stages by
       * name; the default mapper numbers each stage on its own, which gives
       * an output and its input different locations. */
      const glslang::TIntermediate *first = nullptr;
      for (int s = 0; s < EShLangCount && !first; s++)
         first = tp.getIntermediate((EShLanguage)s);
      if (!first) {
         prog.log = "error: the program has no stage to link\n";
         return KGL_LINK_FAILED;
      }
      glslang::TDefaultGlslIoResolver resolver(*first);
      glslang::TGlslIoMapper mapper;
      ok = tp.mapIO(&resolver, &mapper);
   }
   prog.log = tp.getInfoLog();
   if (const char *dbg = tp.getInfoDebugLog(); dbg && *dbg)
      prog.log += dbg;
   if (!ok)
      return KGL_LINK_FAILED;

   for (int s = 0; s < KGL_STAGE_COUNT; s++) {
      const glslang::TIntermediate *im = tp.getIntermediate((EShLanguage)s);
      if (!im || !im->getTreeRoot())
         continue;
      spv_writer_guard guard;
      im->getTreeRoot()->traverse(&guard);
      const std::string problem = guard.problem();
      if (!problem.empty()) {
         prog.log += stage_log((kgl_stage)s, problem.c_str());
         return KGL_LINK_FAILED;
      }
   }

   glslang::SpvOptions spv_opts;
   spv_opts.generateDebugInfo = opts.debug_info;
   spv_opts.disableOptimizer = true;
   spv_opts.validate = false;
   for (int s = 0; s < KGL_STAGE_COUNT; s++) {
      const glslang::TIntermediate *im = tp.getIntermediate((EShLanguage)s);
      if (!im)
         continue;
      std::vector<unsigned> words;
      spv::SpvBuildLogger logger;
      glslang::GlslangToSpv(*im, words, &logger, &spv_opts);
      const std::string msgs = logger.getAllMessages();
      if (!msgs.empty())
         prog.log += stage_log((kgl_stage)s, msgs.c_str());
      if (words.size() < 5 || words[0] != 0x07230203) {
         prog.log += stage_log((kgl_stage)s, "error: glslang emitted no SPIR-V module\n");
         return KGL_ERROR_INTERNAL;
      }
      /* Without a target glslang leaves the version word 0 (see kgl.h). */
      if (!cfg.vulkan)
         words[1] = SPIRV_1_0;
      prog.spirv[s].assign(words.begin(), words.end());
      prog.stages |= 1u << s;
   }
   reflect(prog, tp);
   prog.linked = true;
   prog.flavour = cfg.vulkan ? KGL_FLAVOUR_VULKAN : KGL_FLAVOUR_GL;
   return KGL_SUCCESS;
}

/* glslang accepts some GLSL under Vulkan rules that it then writes as
 * SPIR-V Vulkan forbids (sampler2DRect's SampledRect capability,
 * pixel_center_integer, a Location on an opaque uniform, overlapping
 * locations after its mapper ran: measured on piglit's corpus). AUTO only
 * keeps the Vulkan flavour when every module passes the validator. */
bool
vulkan_valid(const kgl_program &prog, uint32_t spirv_version)
{
   const kgl_spirv_env env = kgl_spirv_env_for(KGL_FLAVOUR_VULKAN, spirv_version);
   for (const std::vector<uint32_t> &words : prog.spirv) {
      if (!words.empty() && !kgl_spirv_validate(words.data(), words.size(), env, nullptr))
         return false;
   }
   return true;
}

kgl_result
program_create(kgl_shader *const *shaders, unsigned count, const kgl_link_options &opts,
               kgl_program **out)
{
   std::unique_ptr<kgl_program> prog(new kgl_program);

   bool all_compiled = true;
   for (unsigned i = 0; i < count; i++) {
      if (!shaders[i]->compiled) {
         all_compiled = false;
         prog->log += stage_log(shaders[i]->stage, shaders[i]->log.c_str());
      }
   }
   if (!all_compiled) {
      if (prog->log.empty())
         prog->log = "error: a shader did not compile\n";
      *out = prog.release();
      return KGL_COMPILE_FAILED;
   }

   bool vulkan_glsl = false;
   for (unsigned i = 0; i < count; i++)
      vulkan_glsl = vulkan_glsl || shaders[i]->vulkan_glsl;
   if (vulkan_glsl) {
      /* Vulkan GLSL means nothing under GL rules: Vulkan flavour or nothing. */
      if (opts.flavour == KGL_FLAVOUR_GL)
         return KGL_ERROR_INVALID_ARGUMENT;
      const parse_config vk = {true, opts.vulkan_spirv_version};
      const kgl_result result = link_attempt(*prog, shaders, count, vk, opts, false);
      *out = prog.release();
      return result;
   }

   bool try_vulkan = opts.flavour == KGL_FLAVOUR_VULKAN;
   if (opts.flavour == KGL_FLAVOUR_AUTO) {
      try_vulkan = true;
      for (unsigned i = 0; i < count; i++)
         try_vulkan = try_vulkan && vulkan_possible(*shaders[i]);
   }

   kgl_result result = KGL_SUCCESS;
   if (try_vulkan) {
      const parse_config vk = {true, opts.vulkan_spirv_version};
      result = link_attempt(*prog, shaders, count, vk, opts, false);
      if (opts.flavour == KGL_FLAVOUR_VULKAN ||
          (result == KGL_SUCCESS && vulkan_valid(*prog, opts.vulkan_spirv_version))) {
         *out = prog.release();
         return result;
      }
      prog.reset(new kgl_program);
   }
   const parse_config gl = {false, SPIRV_1_0};
   result = link_attempt(*prog, shaders, count, gl, opts, true);
   *out = prog.release();
   return result;
}

/* Enumerations that come from C may hold any int; reading one as a C++
 * enum outside its declared values is undefined, so it is read as an int. */
template <typename E>
int
raw(const E &e)
{
   static_assert(sizeof(E) == sizeof(int), "C enums are int-sized");
   int v;
   memcpy(&v, &e, sizeof(v));
   return v;
}

template <typename E>
bool
valid_stage(const E &stage)
{
   return raw(stage) >= 0 && raw(stage) < KGL_STAGE_COUNT;
}

}  // namespace

/* ---- C entry points ----------------------------------------------------- */

extern "C" {

enum kgl_result
kgl_shader_create(const struct kgl_shader_desc *desc, struct kgl_shader **out)
{
   if (!out)
      return KGL_ERROR_INVALID_ARGUMENT;
   *out = nullptr;
   if (!desc || !valid_stage(desc->stage) || (desc->count && !desc->strings))
      return KGL_ERROR_INVALID_ARGUMENT;
   for (unsigned i = 0; i < desc->count; i++) {
      if (!desc->strings[i])
         return KGL_ERROR_INVALID_ARGUMENT;
   }
   if (!ensure_initialized())
      return KGL_ERROR_INTERNAL;

   try {
      scoped_pool pool;
      std::unique_ptr<kgl_shader> sh(new kgl_shader);
      sh->stage = desc->stage;
      sh->default_version = desc->default_version;
      sh->es = desc->es;
      sh->forward_compatible = desc->forward_compatible;
      sh->vulkan_glsl = desc->vulkan_glsl;
      for (unsigned i = 0; i < desc->count; i++) {
         const int len = desc->lengths ? desc->lengths[i] : -1;
         if (len < 0)
            sh->strings.emplace_back(desc->strings[i]);
         else
            sh->strings.emplace_back(desc->strings[i], (size_t)len);
      }

      /* GL's GLSL is judged under GL rules (what glCompileShader reports);
       * its parse is kept for the first GL-flavoured link. */
      std::unique_ptr<parsed_shader> p = parse(*sh, parse_config{sh->vulkan_glsl, SPIRV_1_0});
      sh->compiled = p->ok;
      sh->log = p->log;
      const glslang::TIntermediate *im = p->shader->getIntermediate();
      if (im) {
         sh->version = im->getVersion();
         sh->profile = im->getProfile();
      }
      if (p->ok && !sh->vulkan_glsl)
         sh->spare.store(p.release());
      *out = sh.release();
      return (*out)->compiled ? KGL_SUCCESS : KGL_COMPILE_FAILED;
   } catch (const std::bad_alloc &) {
      return KGL_ERROR_OUT_OF_MEMORY;
   } catch (...) {
      return KGL_ERROR_INTERNAL;
   }
}

void
kgl_shader_destroy(struct kgl_shader *shader)
{
   if (!shader)
      return;
   scoped_pool pool;
   delete shader;
}

bool
kgl_shader_compiled(const struct kgl_shader *shader)
{
   return shader && shader->compiled;
}

enum kgl_stage
kgl_shader_stage(const struct kgl_shader *shader)
{
   return shader->stage;
}

const char *
kgl_shader_info_log(const struct kgl_shader *shader)
{
   return shader ? shader->log.c_str() : "";
}

int
kgl_shader_version(const struct kgl_shader *shader, bool *es, bool *compatibility)
{
   if (es)
      *es = shader->profile == EEsProfile;
   if (compatibility) {
      /* Before 1.40 (GL 3.1) there is no profile and everything deprecated
       * later is still there. */
      *compatibility = shader->profile == ECompatibilityProfile ||
                       (shader->profile == ENoProfile && shader->version &&
                        shader->version < 140);
   }
   return shader->version;
}

enum kgl_result
kgl_program_create(struct kgl_shader *const *shaders, unsigned count,
                   const struct kgl_link_options *options, struct kgl_program **out)
{
   if (!out)
      return KGL_ERROR_INVALID_ARGUMENT;
   *out = nullptr;
   if (!count || !shaders)
      return KGL_ERROR_INVALID_ARGUMENT;
   for (unsigned i = 0; i < count; i++) {
      if (!shaders[i])
         return KGL_ERROR_INVALID_ARGUMENT;
   }
   kgl_link_options opts = {KGL_FLAVOUR_AUTO, 0, false};
   if (options)
      opts = *options;
   if (raw(opts.flavour) < KGL_FLAVOUR_AUTO || raw(opts.flavour) > KGL_FLAVOUR_GL)
      return KGL_ERROR_INVALID_ARGUMENT;
   switch (opts.vulkan_spirv_version) {
   case 0:
   case 0x00010000:
   case 0x00010100:
   case 0x00010200:
   case 0x00010300:
   case 0x00010400:
   case 0x00010500:
   case 0x00010600:
      break;
   default:
      return KGL_ERROR_INVALID_ARGUMENT;
   }
   if (!ensure_initialized())
      return KGL_ERROR_INTERNAL;

   try {
      scoped_pool pool;
      return program_create(shaders, count, opts, out);
   } catch (const std::bad_alloc &) {
      return KGL_ERROR_OUT_OF_MEMORY;
   } catch (...) {
      return KGL_ERROR_INTERNAL;
   }
}

enum kgl_result
kgl_program_create_from_sources(const struct kgl_shader_desc *descs, unsigned count,
                                const struct kgl_link_options *options,
                                struct kgl_program **out)
{
   if (!out)
      return KGL_ERROR_INVALID_ARGUMENT;
   *out = nullptr;
   if (!descs || !count)
      return KGL_ERROR_INVALID_ARGUMENT;

   std::vector<kgl_shader *> shaders;
   kgl_result result = KGL_SUCCESS;
   for (unsigned i = 0; i < count && result == KGL_SUCCESS; i++) {
      kgl_shader *sh = nullptr;
      const kgl_result r = kgl_shader_create(&descs[i], &sh);
      if (sh) {
         try {
            shaders.push_back(sh);
         } catch (...) {
            kgl_shader_destroy(sh);
            result = KGL_ERROR_OUT_OF_MEMORY;
         }
      } else {
         result = r;
      }
   }
   /* A shader that did not compile still makes a program: its log is the
    * program's log. */
   if (result == KGL_SUCCESS)
      result = kgl_program_create(shaders.data(), (unsigned)shaders.size(), options, out);
   for (kgl_shader *sh : shaders)
      kgl_shader_destroy(sh);
   return result;
}

void
kgl_program_destroy(struct kgl_program *program)
{
   delete program;
}

bool
kgl_program_linked(const struct kgl_program *program)
{
   return program && program->linked;
}

const char *
kgl_program_info_log(const struct kgl_program *program)
{
   return program ? program->log.c_str() : "";
}

uint32_t
kgl_program_stages(const struct kgl_program *program)
{
   return program ? program->stages : 0;
}

enum kgl_flavour
kgl_program_flavour(const struct kgl_program *program)
{
   return program->flavour;
}

const uint32_t *
kgl_program_spirv(const struct kgl_program *program, enum kgl_stage stage,
                  size_t *word_count)
{
   if (!program || !valid_stage(stage) || program->spirv[stage].empty()) {
      if (word_count)
         *word_count = 0;
      return nullptr;
   }
   if (word_count)
      *word_count = program->spirv[stage].size();
   return program->spirv[stage].data();
}

unsigned
kgl_program_reflection_count(const struct kgl_program *program,
                             enum kgl_reflection_kind kind)
{
   if (!program || raw(kind) < 0 || raw(kind) >= KGL_REFLECT_KIND_COUNT)
      return 0;
   return (unsigned)program->reflection[kind].entries.size();
}

const struct kgl_reflection_entry *
kgl_program_reflection(const struct kgl_program *program, enum kgl_reflection_kind kind,
                       unsigned index)
{
   if (index >= kgl_program_reflection_count(program, kind))
      return nullptr;
   return &program->reflection[kind].entries[index];
}

unsigned
kgl_program_local_size(const struct kgl_program *program, unsigned dim)
{
   return program && dim < 3 ? program->local_size[dim] : 1;
}

const char *
kgl_stage_name(enum kgl_stage stage)
{
   static const char *const names[KGL_STAGE_COUNT] = {
      "vertex", "tess_ctrl", "tess_eval", "geometry", "fragment", "compute",
   };
   return valid_stage(stage) ? names[raw(stage)] : "invalid";
}

const char *
kgl_flavour_name(enum kgl_flavour flavour)
{
   switch (raw(flavour)) {
   case KGL_FLAVOUR_AUTO:
      return "auto";
   case KGL_FLAVOUR_VULKAN:
      return "vulkan";
   case KGL_FLAVOUR_GL:
      return "gl";
   }
   return "invalid";
}

const char *
kgl_result_name(enum kgl_result result)
{
   switch (raw(result)) {
   case KGL_SUCCESS:
      return "success";
   case KGL_COMPILE_FAILED:
      return "compile_failed";
   case KGL_LINK_FAILED:
      return "link_failed";
   case KGL_ERROR_INVALID_ARGUMENT:
      return "invalid_argument";
   case KGL_ERROR_OUT_OF_MEMORY:
      return "out_of_memory";
   case KGL_ERROR_INTERNAL:
      return "internal_error";
   }
   return "invalid";
}

/* Not glslang, but the other C++ library we use, so it lives here, behind
 * the same C interface. */
bool
kgl_spirv_reemit(const uint32_t *words, size_t word_count, uint32_t **out,
                 size_t *out_count)
{
   if (!out || !out_count || !words)
      return false;
   *out = nullptr;
   *out_count = 0;
   try {
      spvtools::Optimizer opt(SPV_ENV_UNIVERSAL_1_6);
      opt.SetMessageConsumer([](spv_message_level_t, const char *, const spv_position_t &,
                                const char *) {});
      spvtools::OptimizerOptions options;
      options.set_run_validator(false);
      std::vector<uint32_t> result;
      if (!opt.Run(words, word_count, &result, options) || result.empty())
         return false;
      uint32_t *copy = (uint32_t *)malloc(result.size() * sizeof(uint32_t));
      if (!copy)
         return false;
      memcpy(copy, result.data(), result.size() * sizeof(uint32_t));
      *out = copy;
      *out_count = result.size();
      return true;
   } catch (...) {
      return false;
   }
}

}  // extern "C"
