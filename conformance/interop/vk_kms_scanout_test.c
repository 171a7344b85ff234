/* SPDX-License-Identifier: MIT */
/*
 * A LINEAR image exported by the driver, shown by a KMS driver: vkms (the
 * virtual KMS driver, inside the VM of conformance/vm) imports the dma-buf
 * (PRIME), makes a framebuffer of it with ADDFB2 and the image's modifier
 * and plane layout, and scans it out in an atomic commit. vkms's writeback
 * connector then captures what the CRTC composed into a buffer of its own,
 * which must hold our pixels: the scanout read our memory, at our layout.
 *
 * vkms scans out LINEAR only: a framebuffer with our block-linear modifier
 * must be refused (EINVAL), and its IN_FORMATS must not list it. Skipped
 * where there is no vkms device (any machine without the VM's kernel).
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <drm.h>
#include <drm_fourcc.h>
#include <drm_mode.h>

#include "interop_share.h"

/* The plane "type" property's values (the kernel's enum drm_plane_type,
 * which the uapi headers do not carry): Overlay 0, Primary 1, Cursor 2. */
#define PLANE_TYPE_PRIMARY 1

static int
open_card(const char *driver)
{
   for (int i = 0; i < 8; i++) {
      char path[64], name[32] = "";
      snprintf(path, sizeof(path), "/dev/dri/card%d", i);
      const int fd = open(path, O_RDWR | O_CLOEXEC);
      if (fd < 0)
         continue;
      struct drm_version v = {.name = name, .name_len = sizeof(name) - 1};
      if (ioctl(fd, DRM_IOCTL_VERSION, &v) == 0 && !strcmp(name, driver))
         return fd;
      close(fd);
   }
   return -1;
}

static int
drm_ioctl(int fd, unsigned long req, void *arg)
{
   int r;
   do {
      r = ioctl(fd, req, arg);
   } while (r < 0 && (errno == EINTR || errno == EAGAIN));
   return r < 0 ? -errno : 0;
}

/* The id of property `name` of an object, and its current value. */
static uint32_t
prop_id(int fd, uint32_t obj, uint32_t type, const char *name, uint64_t *value)
{
   struct drm_mode_obj_get_properties gp = {.obj_id = obj, .obj_type = type};
   if (drm_ioctl(fd, DRM_IOCTL_MODE_OBJ_GETPROPERTIES, &gp) || gp.count_props == 0)
      return 0;
   uint32_t *ids = calloc(gp.count_props, sizeof(*ids));
   uint64_t *vals = calloc(gp.count_props, sizeof(*vals));
   gp.props_ptr = (uintptr_t)ids;
   gp.prop_values_ptr = (uintptr_t)vals;
   uint32_t found = 0;
   if (drm_ioctl(fd, DRM_IOCTL_MODE_OBJ_GETPROPERTIES, &gp) == 0) {
      for (uint32_t i = 0; i < gp.count_props && !found; i++) {
         struct drm_mode_get_property p = {.prop_id = ids[i]};
         if (drm_ioctl(fd, DRM_IOCTL_MODE_GETPROPERTY, &p) == 0 &&
             !strcmp(p.name, name)) {
            found = ids[i];
            if (value)
               *value = vals[i];
         }
      }
   }
   free(ids);
   free(vals);
   return found;
}

static void *
get_blob(int fd, uint32_t blob_id, uint32_t *size)
{
   struct drm_mode_get_blob gb = {.blob_id = blob_id};
   if (drm_ioctl(fd, DRM_IOCTL_MODE_GETPROPBLOB, &gb) || gb.length == 0)
      return NULL;
   void *data = calloc(1, gb.length);
   gb.data = (uintptr_t)data;
   if (drm_ioctl(fd, DRM_IOCTL_MODE_GETPROPBLOB, &gb)) {
      free(data);
      return NULL;
   }
   *size = gb.length;
   return data;
}

/* Whether the plane's IN_FORMATS blob pairs (fourcc, modifier). */
static bool
in_formats_has(int fd, uint32_t plane, uint32_t fourcc, uint64_t modifier)
{
   uint64_t blob_id = 0;
   if (!prop_id(fd, plane, DRM_MODE_OBJECT_PLANE, "IN_FORMATS", &blob_id) || !blob_id)
      return false;
   uint32_t size = 0;
   struct drm_format_modifier_blob *b = get_blob(fd, (uint32_t)blob_id, &size);
   if (!b)
      return false;
   const uint32_t *formats = (const uint32_t *)((const char *)b + b->formats_offset);
   const struct drm_format_modifier *mods =
      (const void *)((const char *)b + b->modifiers_offset);
   bool found = false;
   for (uint32_t m = 0; m < b->count_modifiers && !found; m++) {
      if (mods[m].modifier != modifier)
         continue;
      for (uint32_t f = 0; f < 64 && mods[m].offset + f < b->count_formats; f++) {
         if ((mods[m].formats & (1ull << f)) && formats[mods[m].offset + f] == fourcc)
            found = true;
      }
   }
   free(b);
   return found;
}

struct kms {
   int fd;
   uint32_t crtc, connector, writeback, plane;
   struct drm_mode_modeinfo mode;
};

static bool
kms_init(struct kms *k, int fd)
{
   memset(k, 0, sizeof(*k));
   k->fd = fd;
   struct drm_set_client_cap cap = {DRM_CLIENT_CAP_UNIVERSAL_PLANES, 1};
   if (!CHECK(drm_ioctl(fd, DRM_IOCTL_SET_CLIENT_CAP, &cap) == 0))
      return false;
   cap = (struct drm_set_client_cap){DRM_CLIENT_CAP_ATOMIC, 1};
   if (!CHECK(drm_ioctl(fd, DRM_IOCTL_SET_CLIENT_CAP, &cap) == 0))
      return false;
   cap = (struct drm_set_client_cap){DRM_CLIENT_CAP_WRITEBACK_CONNECTORS, 1};
   CHECK(drm_ioctl(fd, DRM_IOCTL_SET_CLIENT_CAP, &cap) == 0);
   struct drm_get_cap gc = {.capability = DRM_CAP_ADDFB2_MODIFIERS};
   CHECK(drm_ioctl(fd, DRM_IOCTL_GET_CAP, &gc) == 0 && gc.value == 1);
   gc = (struct drm_get_cap){.capability = DRM_CAP_PRIME};
   CHECK(drm_ioctl(fd, DRM_IOCTL_GET_CAP, &gc) == 0 && (gc.value & DRM_PRIME_CAP_IMPORT));

   uint32_t crtcs[8], connectors[8], encoders[8];
   struct drm_mode_card_res res = {
      .crtc_id_ptr = (uintptr_t)crtcs,
      .connector_id_ptr = (uintptr_t)connectors,
      .encoder_id_ptr = (uintptr_t)encoders,
      .count_crtcs = 8,
      .count_connectors = 8,
      .count_encoders = 8,
   };
   if (!CHECK(drm_ioctl(fd, DRM_IOCTL_MODE_GETRESOURCES, &res) == 0) || !res.count_crtcs)
      return false;
   k->crtc = crtcs[0];
   for (uint32_t i = 0; i < MIN2(res.count_connectors, 8u); i++) {
      struct drm_mode_modeinfo modes[64];
      struct drm_mode_get_connector c = {
         .connector_id = connectors[i],
         .modes_ptr = (uintptr_t)modes,
         .count_modes = 64,
      };
      if (drm_ioctl(fd, DRM_IOCTL_MODE_GETCONNECTOR, &c))
         continue;
      if (c.connector_type == DRM_MODE_CONNECTOR_WRITEBACK) {
         k->writeback = connectors[i];
      } else if (c.connection == 1 && c.count_modes && !k->connector) {
         k->connector = connectors[i];
         /* The preferred mode, else the first. */
         k->mode = modes[0];
         for (uint32_t m = 0; m < MIN2(c.count_modes, 64u); m++) {
            if (modes[m].type & DRM_MODE_TYPE_PREFERRED) {
               k->mode = modes[m];
               break;
            }
         }
      }
   }
   uint32_t planes[16];
   struct drm_mode_get_plane_res pr = {.plane_id_ptr = (uintptr_t)planes,
                                       .count_planes = 16};
   CHECK(drm_ioctl(fd, DRM_IOCTL_MODE_GETPLANERESOURCES, &pr) == 0);
   for (uint32_t i = 0; i < MIN2(pr.count_planes, 16u) && !k->plane; i++) {
      uint64_t type = 0;
      if (prop_id(fd, planes[i], DRM_MODE_OBJECT_PLANE, "type", &type) &&
          type == PLANE_TYPE_PRIMARY)
         k->plane = planes[i];
   }
   return CHECK(k->connector != 0) && CHECK(k->plane != 0);
}

struct atomic {
   uint32_t objs[16], counts[16], props[64];
   uint64_t values[64];
   uint32_t nobj, nprop;
};

static void
atomic_add(struct atomic *a, int fd, uint32_t obj, uint32_t type, const char *name,
           uint64_t value)
{
   const uint32_t id = prop_id(fd, obj, type, name, NULL);
   CHECK(id != 0);
   if (a->nobj == 0 || a->objs[a->nobj - 1] != obj) {
      a->objs[a->nobj] = obj;
      a->counts[a->nobj++] = 0;
   }
   a->counts[a->nobj - 1]++;
   a->props[a->nprop] = id;
   a->values[a->nprop++] = value;
}

static int
atomic_commit(int fd, struct atomic *a, uint32_t flags)
{
   struct drm_mode_atomic req = {
      .flags = flags,
      .count_objs = a->nobj,
      .objs_ptr = (uintptr_t)a->objs,
      .count_props_ptr = (uintptr_t)a->counts,
      .props_ptr = (uintptr_t)a->props,
      .prop_values_ptr = (uintptr_t)a->values,
   };
   return drm_ioctl(fd, DRM_IOCTL_MODE_ATOMIC, &req);
}

static int
add_fb(int fd, uint32_t w, uint32_t h, uint32_t fourcc, uint32_t handle, uint32_t pitch,
       uint32_t offset, uint64_t modifier, uint32_t *fb)
{
   struct drm_mode_fb_cmd2 f = {
      .width = w,
      .height = h,
      .pixel_format = fourcc,
      .flags = DRM_MODE_FB_MODIFIERS,
      .handles = {handle},
      .pitches = {pitch},
      .offsets = {offset},
      .modifier = {modifier},
   };
   const int r = drm_ioctl(fd, DRM_IOCTL_MODE_ADDFB2, &f);
   *fb = f.fb_id;
   return r;
}

TEST(linear_image_scanned_out_by_vkms)
{
   const int fd = open_card("vkms");
   if (fd < 0) {
      vkt_skip("no vkms device (runs inside the VM: conformance/vm)");
      return;
   }
   struct kms k;
   if (!kms_init(&k, fd)) {
      close(fd);
      return;
   }
   const uint32_t w = k.mode.hdisplay, h = k.mode.vdisplay;
   printf("  vkms: crtc %u, connector %u (%ux%u), primary plane %u, writeback %u\n",
          k.crtc, k.connector, w, h, k.plane, k.writeback);
   CHECK(in_formats_has(fd, k.plane, DRM_FORMAT_XRGB8888, DRM_FORMAT_MOD_LINEAR));
   const uint64_t bl = DRM_FORMAT_MOD_NVIDIA_BLOCK_LINEAR_2D(0, 1, 2, 0x06, 4);
   CHECK(!in_formats_has(fd, k.plane, DRM_FORMAT_XRGB8888, bl));

   struct vkt t;
   const struct vkt_req req = share_req();
   if (!vkt_init(&t, &req)) {
      close(fd);
      return;
   }
   /* XRGB8888 is "[31:0] x:R:G:B 8:8:8:8 little endian": B8G8R8A8 in
    * Vulkan, alpha ignored. */
   struct share_image img;
   int dmabuf = -1;
   struct share_desc d;
   REQUIRE(share_export(&t, VK_FORMAT_B8G8R8A8_UNORM, DRM_FORMAT_MOD_LINEAR, w, h, 4242,
                        &img, &dmabuf, &d));
   printf("  exported %ux%u LINEAR: pitch %llu, offset %llu\n", w, h,
          (unsigned long long)d.planes[0].row_pitch_B,
          (unsigned long long)d.planes[0].offset_B);

   /* PRIME import and a framebuffer with the image's modifier and layout. */
   struct drm_prime_handle prime = {.fd = dmabuf};
   REQUIRE(drm_ioctl(fd, DRM_IOCTL_PRIME_FD_TO_HANDLE, &prime) == 0);
   uint32_t fb = 0, bad_fb = 0;
   REQUIRE(add_fb(fd, w, h, DRM_FORMAT_XRGB8888, prime.handle,
                  (uint32_t)d.planes[0].row_pitch_B, (uint32_t)d.planes[0].offset_B,
                  DRM_FORMAT_MOD_LINEAR, &fb) == 0);
   /* vkms cannot scan out block-linear: refused, not misread. */
   CHECK_EQ(add_fb(fd, w, h, DRM_FORMAT_XRGB8888, prime.handle,
                   (uint32_t)d.planes[0].row_pitch_B, 0, bl, &bad_fb),
            -EINVAL);

   /* The writeback target: a dumb buffer of vkms's own. */
   struct drm_mode_create_dumb dumb = {.width = w, .height = h, .bpp = 32};
   REQUIRE(drm_ioctl(fd, DRM_IOCTL_MODE_CREATE_DUMB, &dumb) == 0);
   uint32_t wb_fb = 0;
   REQUIRE(add_fb(fd, w, h, DRM_FORMAT_XRGB8888, dumb.handle, dumb.pitch, 0,
                  DRM_FORMAT_MOD_LINEAR, &wb_fb) == 0);

   /* The scanout: mode, CRTC on, the connector, our image on the plane. */
   struct drm_mode_create_blob blob = {.data = (uintptr_t)&k.mode,
                                       .length = sizeof(k.mode)};
   REQUIRE(drm_ioctl(fd, DRM_IOCTL_MODE_CREATEPROPBLOB, &blob) == 0);
   struct atomic a = {0};
   atomic_add(&a, fd, k.crtc, DRM_MODE_OBJECT_CRTC, "MODE_ID", blob.blob_id);
   atomic_add(&a, fd, k.crtc, DRM_MODE_OBJECT_CRTC, "ACTIVE", 1);
   atomic_add(&a, fd, k.connector, DRM_MODE_OBJECT_CONNECTOR, "CRTC_ID", k.crtc);
   atomic_add(&a, fd, k.plane, DRM_MODE_OBJECT_PLANE, "FB_ID", fb);
   atomic_add(&a, fd, k.plane, DRM_MODE_OBJECT_PLANE, "CRTC_ID", k.crtc);
   atomic_add(&a, fd, k.plane, DRM_MODE_OBJECT_PLANE, "SRC_X", 0);
   atomic_add(&a, fd, k.plane, DRM_MODE_OBJECT_PLANE, "SRC_Y", 0);
   atomic_add(&a, fd, k.plane, DRM_MODE_OBJECT_PLANE, "SRC_W", (uint64_t)w << 16);
   atomic_add(&a, fd, k.plane, DRM_MODE_OBJECT_PLANE, "SRC_H", (uint64_t)h << 16);
   atomic_add(&a, fd, k.plane, DRM_MODE_OBJECT_PLANE, "CRTC_X", 0);
   atomic_add(&a, fd, k.plane, DRM_MODE_OBJECT_PLANE, "CRTC_Y", 0);
   atomic_add(&a, fd, k.plane, DRM_MODE_OBJECT_PLANE, "CRTC_W", w);
   atomic_add(&a, fd, k.plane, DRM_MODE_OBJECT_PLANE, "CRTC_H", h);
   CHECK_EQ(
      atomic_commit(fd, &a, DRM_MODE_ATOMIC_TEST_ONLY | DRM_MODE_ATOMIC_ALLOW_MODESET),
      0);
   REQUIRE(atomic_commit(fd, &a,
                         DRM_MODE_ATOMIC_ALLOW_MODESET | DRM_MODE_PAGE_FLIP_EVENT) == 0);

   /* The flip completes... */
   struct pollfd p = {.fd = fd, .events = POLLIN};
   CHECK_EQ(poll(&p, 1, 5000), 1);
   char ev[256];
   const ssize_t got = read(fd, ev, sizeof(ev));
   CHECK(got >= (ssize_t)sizeof(struct drm_event) &&
         ((struct drm_event *)ev)->type == DRM_EVENT_FLIP_COMPLETE);

   /* ...then the same CRTC and plane feed the writeback connector instead
    * (vkms cannot clone the CRTC to both at once: "failed valid clone
    * check"), which captures what the CRTC composes. */
   int32_t out_fence = -1;
   if (k.writeback) {
      struct atomic c = {0};
      atomic_add(&c, fd, k.connector, DRM_MODE_OBJECT_CONNECTOR, "CRTC_ID", 0);
      atomic_add(&c, fd, k.writeback, DRM_MODE_OBJECT_CONNECTOR, "CRTC_ID", k.crtc);
      atomic_add(&c, fd, k.writeback, DRM_MODE_OBJECT_CONNECTOR, "WRITEBACK_FB_ID",
                 wb_fb);
      atomic_add(&c, fd, k.writeback, DRM_MODE_OBJECT_CONNECTOR,
                 "WRITEBACK_OUT_FENCE_PTR", (uintptr_t)&out_fence);
      CHECK_EQ(atomic_commit(fd, &c, DRM_MODE_ATOMIC_ALLOW_MODESET), 0);
   }

   /* ...and what the CRTC scanned out is our image. */
   if (!k.writeback) {
      printf("  no writeback connector: the scanout itself is not checked\n");
   } else {
      REQUIRE(out_fence >= 0);
      struct pollfd fp = {.fd = out_fence, .events = POLLIN};
      CHECK_EQ(poll(&fp, 1, 5000), 1);
      close(out_fence);
      struct drm_mode_map_dumb map = {.handle = dumb.handle};
      REQUIRE(drm_ioctl(fd, DRM_IOCTL_MODE_MAP_DUMB, &map) == 0);
      uint8_t *wb = mmap(NULL, dumb.size, PROT_READ, MAP_SHARED, fd, (off_t)map.offset);
      REQUIRE(wb != MAP_FAILED);
      uint8_t *want = malloc((size_t)w * h * 4);
      vkt_fill_pattern(want, (size_t)w * h * 4, 4242);
      uint64_t bad = 0;
      for (uint32_t y = 0; y < h; y++) {
         for (uint32_t x = 0; x < w; x++) {
            const uint8_t *g = wb + (size_t)y * dumb.pitch + x * 4;
            const uint8_t *e = want + ((size_t)y * w + x) * 4;
            /* B, G, R; the X byte is not ours to compare. */
            if (g[0] != e[0] || g[1] != e[1] || g[2] != e[2]) {
               if (!bad)
                  printf(
                     "  first difference at (%u, %u): %02x%02x%02x, want %02x%02x%02x\n",
                     x, y, g[2], g[1], g[0], e[2], e[1], e[0]);
               bad++;
            }
         }
      }
      printf("  writeback: %llu of %u pixels differ from the exported image\n",
             (unsigned long long)bad, w * h);
      CHECK_EQ(bad, 0);
      free(want);
      munmap(wb, dumb.size);
   }

   /* Tear down: CRTC off, framebuffers and handles gone. */
   struct atomic off = {0};
   atomic_add(&off, fd, k.plane, DRM_MODE_OBJECT_PLANE, "FB_ID", 0);
   atomic_add(&off, fd, k.plane, DRM_MODE_OBJECT_PLANE, "CRTC_ID", 0);
   atomic_add(&off, fd, k.writeback ? k.writeback : k.connector,
              DRM_MODE_OBJECT_CONNECTOR, "CRTC_ID", 0);
   atomic_add(&off, fd, k.crtc, DRM_MODE_OBJECT_CRTC, "MODE_ID", 0);
   atomic_add(&off, fd, k.crtc, DRM_MODE_OBJECT_CRTC, "ACTIVE", 0);
   CHECK_EQ(atomic_commit(fd, &off, DRM_MODE_ATOMIC_ALLOW_MODESET), 0);
   drm_ioctl(fd, DRM_IOCTL_MODE_RMFB, &fb);
   drm_ioctl(fd, DRM_IOCTL_MODE_RMFB, &wb_fb);
   struct drm_mode_destroy_blob db = {.blob_id = blob.blob_id};
   drm_ioctl(fd, DRM_IOCTL_MODE_DESTROYPROPBLOB, &db);
   struct drm_mode_destroy_dumb dd = {.handle = dumb.handle};
   drm_ioctl(fd, DRM_IOCTL_MODE_DESTROY_DUMB, &dd);
   struct drm_gem_close gc = {.handle = prime.handle};
   drm_ioctl(fd, DRM_IOCTL_GEM_CLOSE, &gc);
   close(dmabuf);
   share_image_destroy(&t, &img);
   vkt_finish(&t);
   close(fd);
}
