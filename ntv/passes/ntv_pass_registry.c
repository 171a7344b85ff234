/* SPDX-License-Identifier: MIT */
/*
 * Passes by name, with their options as text, for kiln-spirv's --pass.
 * Option syntax: "name" or "name:opt,opt,...".
 */
#include "ntv/passes/ntv_passes.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ntv/passes/ntv_pass_util.h"

/* ---- option parsing ------------------------------------------------------------- */

/* Splits `args` at commas; calls fn for each item. */
static bool
for_each_item(const char *args, bool (*fn)(const char *item, size_t len, void *data),
              void *data)
{
   const char *p = args;
   while (*p) {
      const char *end = strchr(p, ',');
      const size_t len = end ? (size_t)(end - p) : strlen(p);
      if (len && !fn(p, len, data))
         return false;
      if (!end)
         break;
      p = end + 1;
   }
   return true;
}

static bool
parse_uint(const char *s, size_t len, unsigned long max, unsigned long *out)
{
   char buf[32];
   if (len == 0 || len >= sizeof(buf))
      return false;
   memcpy(buf, s, len);
   buf[len] = '\0';
   char *end;
   errno = 0;
   const unsigned long v = strtoul(buf, &end, 0);
   if (errno || *end || buf[0] == '-' || v > max)
      return false;
   *out = v;
   return true;
}

static bool
has_prefix(const char *item, size_t len, const char *prefix)
{
   const size_t n = strlen(prefix);
   return len >= n && memcmp(item, prefix, n) == 0;
}

/* ---- GL state location: "ubo=SET.BINDING" or "push" ------------------------------- */

struct state_opts {
   struct ntv_gl_state_location loc;
   unsigned long planes;
   bool no_position;
   bool bad;
};

static bool
parse_state_item(const char *item, size_t len, struct state_opts *o)
{
   if (len == 4 && memcmp(item, "push", 4) == 0) {
      o->loc.uniform_buffer = false;
      return true;
   }
   if (has_prefix(item, len, "ubo=")) {
      const char *dot = memchr(item, '.', len);
      unsigned long set, binding;
      if (!dot || !parse_uint(item + 4, (size_t)(dot - item - 4), 0xffff, &set) ||
          !parse_uint(dot + 1, len - (size_t)(dot + 1 - item), 0xffff, &binding))
         return false;
      o->loc = (struct ntv_gl_state_location){true, (uint32_t)set, (uint32_t)binding};
      return true;
   }
   return false;
}

static bool
yflip_item(const char *item, size_t len, void *data)
{
   return parse_state_item(item, len, data);
}

static bool
run_yflip(nir_shader *s, const char *args, bool *progress, const char **error)
{
   struct state_opts o = {0};
   if (!for_each_item(args, yflip_item, &o)) {
      *error = "yflip takes 'push' or 'ubo=SET.BINDING'";
      return false;
   }
   *progress = ntv_lower_yflip(s, &o.loc);
   return true;
}

static bool
clip_item(const char *item, size_t len, void *data)
{
   struct state_opts *o = data;
   if (has_prefix(item, len, "planes="))
      return parse_uint(item + 7, len - 7, 0xff, &o->planes);
   if (len == 11 && memcmp(item, "no-position", 11) == 0) {
      o->no_position = true;
      return true;
   }
   return parse_state_item(item, len, o);
}

static bool
run_clip_vertex(nir_shader *s, const char *args, bool *progress, const char **error)
{
   struct state_opts o = {0};
   if (!for_each_item(args, clip_item, &o)) {
      *error = "clip-vertex takes planes=MASK, no-position, push, ubo=SET.BINDING";
      return false;
   }
   *progress = ntv_lower_clip_vertex(s, &o.loc, (uint8_t)o.planes, !o.no_position, error);
   return *error == NULL;
}

static bool
run_flatshade(nir_shader *s, const char *args, bool *progress, const char **error)
{
   unsigned long long mask = 0;
   if (*args) {
      char *end;
      errno = 0;
      mask = strtoull(args, &end, 0);
      if (errno || *end || args[0] == '-') {
         *error = "flatshade takes a mask of colour input locations (e.g. 0x3)";
         return false;
      }
   }
   *progress = ntv_lower_flatshade(s, mask);
   return true;
}

static bool
run_depth_range(nir_shader *s, const char *args, bool *progress, const char **error)
{
   if (*args) {
      *error = "depth-range takes no options";
      return false;
   }
   *progress = ntv_lower_depth_range(s, error);
   return *error == NULL;
}

/* ---- transform feedback: "b0@16=loc1.1+2", "b1@0=Position", "stride0=32" ---------- */

#define MAX_CAPTURES 64

struct xfb_opts {
   nir_shader *shader;
   struct ntv_xfb_output outputs[MAX_CAPTURES];
   struct ntv_xfb_info info;
};

static const nir_builtin capturable[] = {
   NIR_BUILTIN_POSITION,    NIR_BUILTIN_POINT_SIZE,     NIR_BUILTIN_CLIP_DISTANCE,
   NIR_BUILTIN_CULL_DISTANCE, NIR_BUILTIN_LAYER,        NIR_BUILTIN_VIEWPORT_INDEX,
   NIR_BUILTIN_PRIMITIVE_ID,
};

/* "[.C[+N]]" after a target; defaults come from *first / *count. */
static bool
parse_range(const char *p, const char *end, unsigned long *first, unsigned long *count)
{
   if (p == end)
      return true;
   if (*p != '.')
      return false;
   const char *plus = memchr(p, '+', (size_t)(end - p));
   const char *cend = plus ? plus : end;
   if (!parse_uint(p + 1, (size_t)(cend - p - 1), 7, first))
      return false;
   if (plus)
      return parse_uint(plus + 1, (size_t)(end - plus - 1), 8, count);
   *count = 1;
   return true;
}

static unsigned
builtin_extent(nir_shader *s, nir_builtin builtin)
{
   struct ntv_output_ref ref;
   if (!ntv_find_builtin(s, NIR_VAR_SHADER_OUT, builtin, &ref))
      return 0;
   const struct glsl_type *t = ntv_output_type(&ref);
   return glsl_type_is_array(t) ? glsl_get_length(t) : glsl_get_components(t);
}

static bool
xfb_item(const char *item, size_t len, void *data)
{
   struct xfb_opts *o = data;
   unsigned long v, buffer, offset;
   if (has_prefix(item, len, "stride") && len > 8 && item[7] == '=') {
      if (!parse_uint(item + 6, 1, 3, &buffer) || !parse_uint(item + 8, len - 8, 0xfffc, &v))
         return false;
      o->info.stride_B[buffer] = (uint16_t)v;
      return true;
   }
   /* b<buffer>@<offset>=<target>[#<stream>] */
   const char *at = memchr(item, '@', len), *eq = memchr(item, '=', len);
   if (item[0] != 'b' || !at || !eq || eq < at || o->info.num_outputs == MAX_CAPTURES)
      return false;
   if (!parse_uint(item + 1, (size_t)(at - item - 1), 3, &buffer) ||
       !parse_uint(at + 1, (size_t)(eq - at - 1), 0xfffc, &offset))
      return false;
   const char *target = eq + 1, *end = item + len;
   const char *hash = memchr(target, '#', (size_t)(end - target));
   unsigned long stream = 0;
   if (hash) {
      if (!parse_uint(hash + 1, (size_t)(end - hash - 1), 3, &stream))
         return false;
      end = hash;
   }
   struct ntv_xfb_output out = {.builtin = NIR_BUILTIN_NONE,
                                .buffer = (uint8_t)buffer,
                                .offset_B = (uint16_t)offset,
                                .stream = (uint8_t)stream};
   unsigned long first = 0, count = 4;
   if ((size_t)(end - target) > 3 && memcmp(target, "loc", 3) == 0) {
      const char *p = target + 3;
      while (p < end && *p >= '0' && *p <= '9')
         p++;
      unsigned long location;
      if (!parse_uint(target + 3, (size_t)(p - target - 3), 31, &location) ||
          !parse_range(p, end, &first, &count))
         return false;
      out.location = (int)location;
   } else {
      out.location = -1;
      for (unsigned i = 0; i < ARRAY_SIZE(capturable); i++) {
         const char *name = nir_builtin_name(capturable[i]);
         const size_t n = strlen(name);
         if ((size_t)(end - target) >= n && memcmp(target, name, n) == 0 &&
             (target + n == end || target[n] == '.')) {
            out.builtin = capturable[i];
            count = builtin_extent(o->shader, out.builtin);
            if (!parse_range(target + n, end, &first, &count))
               return false;
            break;
         }
      }
      if (out.builtin == NIR_BUILTIN_NONE || count == 0)
         return false;
   }
   out.component = (uint8_t)first;
   out.num_components = (uint8_t)count;
   o->outputs[o->info.num_outputs++] = out;
   return true;
}

static bool
parse_xfb(nir_shader *s, const char *args, struct xfb_opts *o, const char **error)
{
   memset(o, 0, sizeof(*o));
   o->shader = s;
   o->info.outputs = o->outputs;
   if (!for_each_item(args, xfb_item, o)) {
      *error = "transform feedback captures are written bB@OFFSET=TARGET[#STREAM] with "
               "TARGET locL[.C[+N]] or a built-in (Position, PointSize, ClipDistance[.C[+N]]"
               "...), and strides strideB=BYTES";
      return false;
   }
   return true;
}

static bool
run_split_xfb(nir_shader *s, const char *args, bool *progress, const char **error)
{
   struct xfb_opts o;
   if (!parse_xfb(s, args, &o, error))
      return false;
   *progress = ntv_split_xfb_outputs(s, &o.info, error);
   return *error == NULL;
}

static bool
run_split_xfb_inputs(nir_shader *s, const char *args, bool *progress, const char **error)
{
   struct xfb_opts o;
   if (!parse_xfb(s, args, &o, error))
      return false;
   *progress = ntv_split_xfb_inputs(s, &o.info, error);
   return *error == NULL;
}

/* ---- core IR passes ------------------------------------------------------------------ */

#define CORE_PASS(fn_name, call)                                                         \
   static bool fn_name(nir_shader *s, const char *args, bool *progress,                 \
                       const char **error)                                               \
   {                                                                                     \
      if (*args) {                                                                       \
         *error = "this pass takes no options";                                          \
         return false;                                                                   \
      }                                                                                  \
      *progress = call;                                                                  \
      return true;                                                                       \
   }

CORE_PASS(run_dce, nir_opt_dce(s))
CORE_PASS(run_constant_folding, nir_opt_constant_folding(s))
CORE_PASS(run_copy_prop, nir_opt_copy_prop(s))
CORE_PASS(run_cse, nir_opt_cse(s))
CORE_PASS(run_vars_to_ssa, nir_lower_vars_to_ssa(s))
CORE_PASS(run_remove_dead_derefs, nir_remove_dead_derefs(s))
CORE_PASS(run_continue_constructs, nir_lower_continue_constructs(s))

static const struct ntv_pass_info passes[] = {
   {"split-xfb",
    "split-xfb:bB@OFFSET=TARGET[#STREAM],...,strideB=BYTES  captured ranges become whole "
    "decorated outputs",
    run_split_xfb},
   {"split-xfb-inputs", "split-xfb-inputs:(same captures)  split the fragment inputs alike",
    run_split_xfb_inputs},
   {"depth-range", "depth-range  GL [-1,1] clip depth to Vulkan's [0,1] on gl_Position",
    run_depth_range},
   {"yflip", "yflip[:push|ubo=SET.BINDING]  GL window origin for gl_FragCoord, gl_PointCoord",
    run_yflip},
   {"flatshade", "flatshade:MASK  colour inputs at locations in MASK become flat",
    run_flatshade},
   {"clip-vertex",
    "clip-vertex:planes=MASK[,no-position][,push|ubo=SET.BINDING]  gl_ClipVertex to "
    "gl_ClipDistance",
    run_clip_vertex},
   {"dce", "dce  remove dead instructions", run_dce},
   {"constant-folding", "constant-folding  fold constant expressions", run_constant_folding},
   {"copy-prop", "copy-prop  propagate moves", run_copy_prop},
   {"cse", "cse  remove common subexpressions", run_cse},
   {"vars-to-ssa", "vars-to-ssa  promote function variables to SSA values", run_vars_to_ssa},
   {"remove-dead-derefs", "remove-dead-derefs  remove unused derefs", run_remove_dead_derefs},
   {"lower-continue", "lower-continue  fold loop continue constructs into the bodies",
    run_continue_constructs},
};

unsigned
ntv_pass_count(void)
{
   return ARRAY_SIZE(passes);
}

const struct ntv_pass_info *
ntv_pass_at(unsigned index)
{
   return index < ARRAY_SIZE(passes) ? &passes[index] : NULL;
}

const struct ntv_pass_info *
ntv_pass_find(const char *name)
{
   for (unsigned i = 0; i < ARRAY_SIZE(passes); i++) {
      if (strcmp(passes[i].name, name) == 0)
         return &passes[i];
   }
   return NULL;
}
