/* SPDX-License-Identifier: MIT */
/*
 * EGLConfig: the framebuffer configurations zgl can back
 * (zgl_screen_configs), as pbuffer-only configs (no window system here), and
 * eglChooseConfig's matching and sorting (EGL 1.5, 3.4.1.2 and Table 3.4).
 */
#include <stdlib.h>

#include "egl_private.h"

/* Largest pbuffer: Vulkan guarantees maxImageDimension2D >= 4096 and kiln,
 * lavapipe and every desktop device give 16384. */
#define KEGL_MAX_PBUFFER_PX 16384

bool kegl_configs_init(struct kegl_display *display)
{
   int count = 0;
   const struct zgl_config *zgl = zgl_screen_configs(display->screen, &count);
   display->configs = calloc(count ? count : 1, sizeof(*display->configs));
   if (!display->configs)
      return false;
   /* Desktop OpenGL only: glvnd is told the vendor has no ES
    * (egl_main.c), so no config claims it. */
   EGLint renderable = EGL_OPENGL_BIT;
   int n = 0;
   for (int i = 0; i < count; i++) {
      /* Pbuffers are single-buffered: configs that differ only in
       * double-buffering are one EGL config. */
      struct zgl_config c = zgl[i];
      c.double_buffered = false;
      bool seen = false;
      for (int j = 0; j < n; j++) {
         const struct zgl_config *o = &display->configs[j].zgl;
         seen |= o->red_bits == c.red_bits && o->green_bits == c.green_bits &&
                 o->blue_bits == c.blue_bits && o->alpha_bits == c.alpha_bits &&
                 o->depth_bits == c.depth_bits && o->stencil_bits == c.stencil_bits &&
                 o->samples == c.samples && o->srgb_capable == c.srgb_capable;
      }
      if (seen)
         continue;
      display->configs[n] = (struct kegl_config){.zgl = c, .id = n + 1, .renderable_type = renderable};
      n++;
   }
   display->config_count = n;
   return true;
}

const struct kegl_config *kegl_config_lookup(struct kegl_display *display, EGLConfig config)
{
   for (int i = 0; i < display->config_count; i++)
      if (config == (EGLConfig)&display->configs[i])
         return &display->configs[i];
   return NULL;
}

/* EGL 1.5, 2.2: a context and a surface are compatible when they have
 * colour, depth and stencil buffers of the same sizes and sample counts. */
bool kegl_config_compatible(const struct kegl_config *a, const struct kegl_config *b)
{
   return a->zgl.red_bits == b->zgl.red_bits && a->zgl.green_bits == b->zgl.green_bits &&
          a->zgl.blue_bits == b->zgl.blue_bits && a->zgl.alpha_bits == b->zgl.alpha_bits &&
          a->zgl.depth_bits == b->zgl.depth_bits && a->zgl.stencil_bits == b->zgl.stencil_bits &&
          (a->zgl.samples > 1 ? a->zgl.samples : 0) == (b->zgl.samples > 1 ? b->zgl.samples : 0);
}

/* The value of one attribute; false for attributes EGL 1.5 does not define
 * on configs. */
static bool config_attrib(const struct kegl_config *c, EGLint attribute, EGLint *value)
{
   const struct zgl_config *z = &c->zgl;
   switch (attribute) {
   case EGL_BUFFER_SIZE: *value = z->red_bits + z->green_bits + z->blue_bits + z->alpha_bits; return true;
   case EGL_RED_SIZE: *value = z->red_bits; return true;
   case EGL_GREEN_SIZE: *value = z->green_bits; return true;
   case EGL_BLUE_SIZE: *value = z->blue_bits; return true;
   case EGL_ALPHA_SIZE: *value = z->alpha_bits; return true;
   case EGL_LUMINANCE_SIZE: *value = 0; return true;
   case EGL_ALPHA_MASK_SIZE: *value = 0; return true;
   case EGL_DEPTH_SIZE: *value = z->depth_bits; return true;
   case EGL_STENCIL_SIZE: *value = z->stencil_bits; return true;
   case EGL_SAMPLES: *value = z->samples > 1 ? z->samples : 0; return true;
   case EGL_SAMPLE_BUFFERS: *value = z->samples > 1; return true;
   case EGL_BIND_TO_TEXTURE_RGB: *value = EGL_FALSE; return true;
   case EGL_BIND_TO_TEXTURE_RGBA: *value = EGL_FALSE; return true;
   case EGL_COLOR_BUFFER_TYPE: *value = EGL_RGB_BUFFER; return true;
   case EGL_CONFIG_CAVEAT: *value = EGL_NONE; return true;
   case EGL_CONFIG_ID: *value = c->id; return true;
   case EGL_CONFORMANT: *value = c->renderable_type; return true;
   case EGL_RENDERABLE_TYPE: *value = c->renderable_type; return true;
   case EGL_LEVEL: *value = 0; return true;
   case EGL_MAX_PBUFFER_WIDTH: *value = KEGL_MAX_PBUFFER_PX; return true;
   case EGL_MAX_PBUFFER_HEIGHT: *value = KEGL_MAX_PBUFFER_PX; return true;
   case EGL_MAX_PBUFFER_PIXELS: *value = KEGL_MAX_PBUFFER_PX * KEGL_MAX_PBUFFER_PX; return true;
   /* No windows, so no swaps that wait: the interval is always 1. */
   case EGL_MAX_SWAP_INTERVAL: *value = 1; return true;
   case EGL_MIN_SWAP_INTERVAL: *value = 1; return true;
   case EGL_NATIVE_RENDERABLE: *value = EGL_FALSE; return true;
   case EGL_NATIVE_VISUAL_ID: *value = 0; return true;
   case EGL_NATIVE_VISUAL_TYPE: *value = EGL_NONE; return true;
   case EGL_SURFACE_TYPE: *value = EGL_PBUFFER_BIT; return true;
   case EGL_TRANSPARENT_TYPE: *value = EGL_NONE; return true;
   case EGL_TRANSPARENT_RED_VALUE:
   case EGL_TRANSPARENT_GREEN_VALUE:
   case EGL_TRANSPARENT_BLUE_VALUE: *value = 0; return true;
   default: return false;
   }
}

EGLBoolean kegl_GetConfigAttrib(EGLDisplay dpy, EGLConfig config, EGLint attribute, EGLint *value)
{
   static const char command[] = "eglGetConfigAttrib";
   struct kegl_display *display = kegl_display_lock(dpy, true, command);
   if (!display)
      return EGL_FALSE;
   const struct kegl_config *c = kegl_config_lookup(display, config);
   kegl_display_unlock(display);
   if (!c)
      return kegl_error(EGL_BAD_CONFIG, command, &display->base, "not a config of this display");
   EGLint v;
   if (!config_attrib(c, attribute, &v))
      return kegl_error(EGL_BAD_ATTRIBUTE, command, &display->base, "not a config attribute");
   if (!value)
      return kegl_error(EGL_BAD_PARAMETER, command, &display->base, "value is NULL");
   *value = v;
   kegl_success();
   return EGL_TRUE;
}

EGLBoolean kegl_GetConfigs(EGLDisplay dpy, EGLConfig *configs, EGLint size, EGLint *count)
{
   struct kegl_display *display = kegl_display_lock(dpy, true, "eglGetConfigs");
   if (!display)
      return EGL_FALSE;
   if (!count) {
      kegl_display_unlock(display);
      return kegl_error(EGL_BAD_PARAMETER, "eglGetConfigs", &display->base, "num_config is NULL");
   }
   int n = 0;
   for (int i = 0; i < display->config_count && (!configs || n < size); i++) {
      if (configs)
         configs[n] = (EGLConfig)&display->configs[i];
      n++;
   }
   *count = n;
   kegl_display_unlock(display);
   kegl_success();
   return EGL_TRUE;
}

/* Table 3.4's selection criteria. */
enum criterion { EXACT, AT_LEAST, MASK, IGNORED };

struct want {
   EGLint attribute, value;
   enum criterion criterion;
};

static const struct want defaults[] = {
   {EGL_BUFFER_SIZE, 0, AT_LEAST},
   {EGL_RED_SIZE, 0, AT_LEAST},
   {EGL_GREEN_SIZE, 0, AT_LEAST},
   {EGL_BLUE_SIZE, 0, AT_LEAST},
   {EGL_LUMINANCE_SIZE, 0, AT_LEAST},
   {EGL_ALPHA_SIZE, 0, AT_LEAST},
   {EGL_ALPHA_MASK_SIZE, 0, AT_LEAST},
   {EGL_BIND_TO_TEXTURE_RGB, EGL_DONT_CARE, EXACT},
   {EGL_BIND_TO_TEXTURE_RGBA, EGL_DONT_CARE, EXACT},
   {EGL_COLOR_BUFFER_TYPE, EGL_RGB_BUFFER, EXACT},
   {EGL_CONFIG_CAVEAT, EGL_DONT_CARE, EXACT},
   {EGL_CONFIG_ID, EGL_DONT_CARE, EXACT},
   {EGL_CONFORMANT, 0, MASK},
   {EGL_DEPTH_SIZE, 0, AT_LEAST},
   {EGL_LEVEL, 0, EXACT},
   {EGL_MAX_PBUFFER_WIDTH, 0, IGNORED},
   {EGL_MAX_PBUFFER_HEIGHT, 0, IGNORED},
   {EGL_MAX_PBUFFER_PIXELS, 0, IGNORED},
   {EGL_MAX_SWAP_INTERVAL, EGL_DONT_CARE, EXACT},
   {EGL_MIN_SWAP_INTERVAL, EGL_DONT_CARE, EXACT},
   {EGL_NATIVE_RENDERABLE, EGL_DONT_CARE, EXACT},
   {EGL_NATIVE_VISUAL_ID, 0, IGNORED},
   {EGL_NATIVE_VISUAL_TYPE, EGL_DONT_CARE, EXACT},
   {EGL_RENDERABLE_TYPE, EGL_OPENGL_ES_BIT, MASK},
   {EGL_SAMPLE_BUFFERS, 0, AT_LEAST},
   {EGL_SAMPLES, 0, AT_LEAST},
   {EGL_STENCIL_SIZE, 0, AT_LEAST},
   {EGL_SURFACE_TYPE, EGL_WINDOW_BIT, MASK},
   {EGL_TRANSPARENT_TYPE, EGL_NONE, EXACT},
   {EGL_TRANSPARENT_RED_VALUE, EGL_DONT_CARE, EXACT},
   {EGL_TRANSPARENT_GREEN_VALUE, EGL_DONT_CARE, EXACT},
   {EGL_TRANSPARENT_BLUE_VALUE, EGL_DONT_CARE, EXACT},
   {EGL_MATCH_NATIVE_PIXMAP, EGL_NONE, IGNORED},
};
#define WANT_COUNT (int)(sizeof(defaults) / sizeof(defaults[0]))

static int want_index(EGLint attribute)
{
   for (int i = 0; i < WANT_COUNT; i++)
      if (defaults[i].attribute == attribute)
         return i;
   return -1;
}

static bool matches(const struct kegl_config *c, const struct want *w)
{
   for (int i = 0; i < WANT_COUNT; i++) {
      if (w[i].criterion == IGNORED || w[i].value == EGL_DONT_CARE)
         continue;
      EGLint have;
      config_attrib(c, w[i].attribute, &have);
      if (w[i].criterion == EXACT && have != w[i].value)
         return false;
      if (w[i].criterion == AT_LEAST && have < w[i].value)
         return false;
      if (w[i].criterion == MASK && (have & w[i].value) != w[i].value)
         return false;
   }
   return true;
}

/* The sort of EGL 1.5, 3.4.1.2, for the configs that matched. */
static const struct want *sort_want;

static EGLint attrib_of(const struct kegl_config *c, EGLint attribute)
{
   EGLint v = 0;
   config_attrib(c, attribute, &v);
   return v;
}

/* Rule 3: the sum of the colour components asked for (non-zero, not
 * EGL_DONT_CARE); larger first. */
static EGLint asked_colour_bits(const struct kegl_config *c)
{
   static const EGLint colour[] = {EGL_RED_SIZE, EGL_GREEN_SIZE, EGL_BLUE_SIZE, EGL_ALPHA_SIZE};
   EGLint sum = 0;
   for (int i = 0; i < 4; i++) {
      EGLint asked = sort_want[want_index(colour[i])].value;
      if (asked != 0 && asked != EGL_DONT_CARE)
         sum += attrib_of(c, colour[i]);
   }
   return sum;
}

static int compare(const void *pa, const void *pb)
{
   const struct kegl_config *a = *(const struct kegl_config *const *)pa;
   const struct kegl_config *b = *(const struct kegl_config *const *)pb;
   /* 1. EGL_CONFIG_CAVEAT (all EGL_NONE here); 2. EGL_COLOR_BUFFER_TYPE (all RGB). */
   EGLint d = asked_colour_bits(b) - asked_colour_bits(a);          /* 3. larger first */
   if (d)
      return d;
   static const EGLint smaller_first[] = {
      EGL_BUFFER_SIZE, EGL_SAMPLE_BUFFERS, EGL_SAMPLES, EGL_DEPTH_SIZE, /* 4-7 */
      EGL_STENCIL_SIZE, EGL_ALPHA_MASK_SIZE,                          /* 8-9 */
   };
   for (unsigned i = 0; i < sizeof(smaller_first) / sizeof(smaller_first[0]); i++) {
      d = attrib_of(a, smaller_first[i]) - attrib_of(b, smaller_first[i]);
      if (d)
         return d;
   }
   /* 10. EGL_NATIVE_VISUAL_TYPE (all EGL_NONE); 11. EGL_CONFIG_ID, smaller first. */
   return a->id - b->id;
}

static bool valid_value(EGLint attribute, EGLint value)
{
   if (value == EGL_DONT_CARE)
      return attribute != EGL_LEVEL && attribute != EGL_MATCH_NATIVE_PIXMAP;
   switch (attribute) {
   case EGL_COLOR_BUFFER_TYPE:
      return value == EGL_RGB_BUFFER || value == EGL_LUMINANCE_BUFFER;
   case EGL_CONFIG_CAVEAT:
      return value == EGL_NONE || value == EGL_SLOW_CONFIG || value == EGL_NON_CONFORMANT_CONFIG;
   case EGL_TRANSPARENT_TYPE:
      return value == EGL_NONE || value == EGL_TRANSPARENT_RGB;
   case EGL_NATIVE_RENDERABLE:
   case EGL_BIND_TO_TEXTURE_RGB:
   case EGL_BIND_TO_TEXTURE_RGBA:
      return value == EGL_TRUE || value == EGL_FALSE;
   case EGL_MATCH_NATIVE_PIXMAP:
      return value == EGL_NONE; /* no native pixmaps here */
   default:
      return true;
   }
}

EGLBoolean kegl_ChooseConfig(EGLDisplay dpy, const EGLint *attribs, EGLConfig *configs,
                             EGLint size, EGLint *count)
{
   static const char command[] = "eglChooseConfig";
   struct want want[WANT_COUNT];
   for (int i = 0; i < WANT_COUNT; i++)
      want[i] = defaults[i];
   struct kegl_display *display = kegl_display_lock(dpy, true, command);
   if (!display)
      return EGL_FALSE;
   kegl_display_unlock(display);
   if (!count)
      return kegl_error(EGL_BAD_PARAMETER, command, &display->base, "num_config is NULL");
   for (const EGLint *a = attribs; a && a[0] != EGL_NONE; a += 2) {
      int i = want_index(a[0]);
      if (i < 0)
         return kegl_error(EGL_BAD_ATTRIBUTE, command, &display->base, "not a config attribute");
      if (!valid_value(a[0], a[1]))
         return kegl_error(EGL_BAD_ATTRIBUTE, command, &display->base, "bad attribute value");
      want[i].value = a[1];
   }
   /* "If EGL_CONFIG_ID is specified, it is used and all other attributes are
    * ignored" (EGL 1.5, 3.4.1.2). */
   EGLint id = want[want_index(EGL_CONFIG_ID)].value;
   const struct kegl_config **found = calloc(display->config_count + 1, sizeof(*found));
   if (!found)
      return kegl_error(EGL_BAD_ALLOC, command, &display->base, "out of memory");
   int n = 0;
   for (int i = 0; i < display->config_count; i++) {
      const struct kegl_config *c = &display->configs[i];
      if (id != EGL_DONT_CARE ? c->id == id : matches(c, want))
         found[n++] = c;
   }
   static pthread_mutex_t sort_lock = PTHREAD_MUTEX_INITIALIZER;
   pthread_mutex_lock(&sort_lock);
   sort_want = want;
   qsort(found, n, sizeof(*found), compare);
   pthread_mutex_unlock(&sort_lock);
   int out = 0;
   for (int i = 0; i < n && (!configs || out < size); i++) {
      if (configs)
         configs[out] = (EGLConfig)found[i];
      out++;
   }
   *count = out;
   free(found);
   kegl_success();
   return EGL_TRUE;
}
