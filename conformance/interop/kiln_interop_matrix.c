/* SPDX-License-Identifier: MIT */
/*
 * kiln-interop-matrix: for every format and DRM format modifier the device
 * advertises (the multi-planar Y'CbCr formats too), share an image between
 * two processes through a unix socket (dma-buf fd + modifier + the layout of
 * every memory plane) in both directions, and check every pixel of every
 * format plane. Prints the table of results; fails if any cell fails.
 *
 *    kiln-interop-matrix                  (through kiln-run, or with
 *                                          VK_DRIVER_FILES set)
 *    KILN_INTEROP_SIZE=WxH                image size (default 67x45: partial
 *                                          GOBs and blocks on both edges;
 *                                          rounded up to even for 4:2:x)
 *    KILN_INTEROP_FORMATS=R8_UNORM,...    only these formats
 *    KILN_VKT_NO_VALIDATION=1             without the validation layer
 *
 * Per cell, direction "A>B": process A exports (image from a one-modifier
 * list, dma-buf memory, pattern written through a transfer), B imports it
 * with the explicit modifier and plane layouts and checks every pixel,
 * writes a new pattern, and A checks that. "B>A": the same with the roles swapped. The
 * two processes are separate instances of the same endpoint (the Vulkan
 * driver under test); the GL endpoint (zink, EGL dma-buf import) joins the
 * same protocol (interop_share.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "interop_ipc.h"
#include "interop_share.h"

#include <drm_fourcc.h>

enum cmd {
   CMD_IMPORT, /* + fd: import, check d.seed, write d.seed + 1, release */
   CMD_EXPORT, /* export d (format, modifier, size, seed); reply + fd */
   CMD_CHECK,  /* acquire the exported image, check d.seed, destroy it */
   CMD_DONE,
};

struct msg {
   uint32_t cmd;
   uint32_t ok;
   struct share_desc d;
};

#define MAX_MODS 8

static void
size_from_env(uint32_t *w, uint32_t *h)
{
   const char *env = getenv("KILN_INTEROP_SIZE");
   *w = 67;
   *h = 45;
   unsigned a, b;
   if (env && sscanf(env, "%ux%u", &a, &b) == 2 && a && b && a <= 16384 && b <= 16384) {
      *w = a;
      *h = b;
   }
}

static bool
format_selected(VkFormat f)
{
   const char *env = getenv("KILN_INTEROP_FORMATS");
   if (!env || !*env)
      return true;
   const char *name = share_format_name(f);
   const size_t n = strlen(name);
   for (const char *s = env; *s;) {
      const size_t len = strcspn(s, ",");
      if (len == n && !strncmp(s, name, n))
         return true;
      s += len + (s[len] == ',');
   }
   return false;
}

/* The peer process: serves the other side's requests until CMD_DONE. */
static void
peer(int sock, void *arg)
{
   struct vkt t;
   const struct vkt_req req = share_req();
   if (!vkt_init(&t, &req))
      return;
   struct share_image exported = {0};
   for (;;) {
      struct msg m;
      int fds[IPC_MAX_FDS];
      unsigned nfd;
      if (!ipc_recv(sock, &m, sizeof(m), fds, &nfd) || m.cmd == CMD_DONE)
         break;
      struct msg reply = {.cmd = m.cmd, .ok = 0, .d = m.d};
      if (m.cmd == CMD_IMPORT && nfd == 1) {
         struct share_image s;
         const VkResult r = share_import(&t, &m.d, fds[0], &s);
         if (r != VK_SUCCESS) {
            test_fail(__FILE__, __LINE__, "%s 0x%016llx: import: %s",
                      share_format_name(m.d.vk_format), (unsigned long long)m.d.modifier,
                      vkt_result_str(r));
            close(fds[0]);
         }
         reply.ok = r == VK_SUCCESS && share_check(&t, &s, m.d.seed) &&
                    share_write(&t, &s, m.d.seed + 1) && share_handoff(&t, &s, false);
         share_image_destroy(&t, &s);
         ipc_send(sock, &reply, sizeof(reply), NULL, 0);
      } else if (m.cmd == CMD_EXPORT) {
         int fd = -1;
         reply.ok = share_export(&t, m.d.vk_format, m.d.modifier, m.d.width, m.d.height,
                                 m.d.seed, &exported, &fd, &reply.d);
         ipc_send(sock, &reply, sizeof(reply), &fd, fd >= 0 ? 1 : 0);
         if (fd >= 0)
            close(fd);
      } else if (m.cmd == CMD_CHECK) {
         reply.ok =
            share_handoff(&t, &exported, true) && share_check(&t, &exported, m.d.seed);
         share_image_destroy(&t, &exported);
         ipc_send(sock, &reply, sizeof(reply), NULL, 0);
      } else {
         for (unsigned i = 0; i < nfd; i++)
            close(fds[i]);
         ipc_send(sock, &reply, sizeof(reply), NULL, 0);
      }
   }
   vkt_finish(&t);
}

/* A exports, the peer imports; then the peer's write is checked here. */
static bool
a_to_b(struct vkt *t, int sock, VkFormat f, uint64_t mod, uint32_t w, uint32_t h,
       uint32_t seed)
{
   struct share_image s;
   int fd = -1;
   struct msg m = {.cmd = CMD_IMPORT};
   bool ok = share_export(t, f, mod, w, h, seed, &s, &fd, &m.d) &&
             ipc_send(sock, &m, sizeof(m), &fd, 1);
   if (fd >= 0)
      close(fd);
   struct msg reply;
   ok = ok && ipc_recv(sock, &reply, sizeof(reply), NULL, NULL) && reply.ok &&
        share_handoff(t, &s, true) && share_check(t, &s, seed + 1);
   share_image_destroy(t, &s);
   return ok;
}

/* The peer exports, A imports and checks, writes, the peer checks. */
static bool
b_to_a(struct vkt *t, int sock, VkFormat f, uint64_t mod, uint32_t w, uint32_t h,
       uint32_t seed)
{
   struct msg m = {
      .cmd = CMD_EXPORT,
      .d = {.vk_format = f, .modifier = mod, .width = w, .height = h, .seed = seed}};
   struct msg reply;
   int fds[IPC_MAX_FDS];
   unsigned nfd = 0;
   if (!ipc_send(sock, &m, sizeof(m), NULL, 0) ||
       !ipc_recv(sock, &reply, sizeof(reply), fds, &nfd))
      return false;
   if (!reply.ok || nfd != 1) {
      for (unsigned i = 0; i < nfd; i++)
         close(fds[i]);
      /* The peer still holds its image: have it dropped. */
      m.cmd = CMD_CHECK;
      ipc_send(sock, &m, sizeof(m), NULL, 0);
      ipc_recv(sock, &reply, sizeof(reply), NULL, NULL);
      return false;
   }
   struct share_image s;
   const VkResult r = share_import(t, &reply.d, fds[0], &s);
   if (r != VK_SUCCESS) {
      test_fail(__FILE__, __LINE__, "%s 0x%016llx: import: %s", share_format_name(f),
                (unsigned long long)mod, vkt_result_str(r));
      close(fds[0]);
   }
   bool ok = r == VK_SUCCESS && share_check(t, &s, seed) &&
             share_write(t, &s, seed + 1) && share_handoff(t, &s, false);
   share_image_destroy(t, &s);
   m.cmd = CMD_CHECK;
   m.d.seed = seed + 1;
   ok = ipc_send(sock, &m, sizeof(m), NULL, 0) &&
        ipc_recv(sock, &reply, sizeof(reply), NULL, NULL) && reply.ok && ok;
   return ok;
}

static const char *
mod_label(uint64_t mod, char buf[16])
{
   if (mod == DRM_FORMAT_MOD_LINEAR)
      return "LINEAR";
   snprintf(buf, 16, "BL h=%u", (unsigned)(mod & 0xf));
   return buf;
}

TEST(interop_matrix)
{
   uint32_t w, h;
   size_from_env(&w, &h);

   struct ipc_child child;
   REQUIRE(ipc_fork(&child, peer, NULL));
   struct vkt t;
   const struct vkt_req req = share_req();
   if (!vkt_init(&t, &req)) {
      ipc_join(&child);
      return;
   }

   /* Every core format, the 4444 ones, and the Y'CbCr formats of
    * VK_KHR_sampler_ycbcr_conversion and VK_EXT_ycbcr_2plane_444_formats
    * (the rows show what has modifiers). */
   VkFormat formats[256];
   uint32_t nformats = 0;
   for (int f = 1; f <= VK_FORMAT_ASTC_12x12_SRGB_BLOCK; f++)
      formats[nformats++] = (VkFormat)f;
   formats[nformats++] = VK_FORMAT_A4R4G4B4_UNORM_PACK16;
   formats[nformats++] = VK_FORMAT_A4B4G4R4_UNORM_PACK16;
   for (int f = VK_FORMAT_G8B8G8R8_422_UNORM; f <= VK_FORMAT_G16_B16_R16_3PLANE_444_UNORM;
        f++)
      formats[nformats++] = (VkFormat)f;
   for (int f = VK_FORMAT_G8_B8R8_2PLANE_444_UNORM;
        f <= VK_FORMAT_G16_B16R16_2PLANE_444_UNORM; f++)
      formats[nformats++] = (VkFormat)f;

   /* Columns: LINEAR, then block-linear h = 0..5. */
   static const char *const cols[] = {"LINEAR", "BL h=0", "BL h=1", "BL h=2",
                                      "BL h=3", "BL h=4", "BL h=5"};
   printf("\nkiln interop matrix: %s, %ux%u, export in one process, import in the other, "
          "every pixel checked\n",
          t.props.deviceName, w, h);
   uint32_t pw = w, ph = h;
   share_format_round_extent(VK_FORMAT_G8_B8R8_2PLANE_420_UNORM, &pw, &ph);
   printf("multi-planar formats (planes > 1): %ux%u (even for 4:2:x), every plane "
          "checked\n",
          pw, ph);
   printf("cell: both directions ok / A>B or B>A failed / - not advertised\n\n");
   printf("%-28s %-5s %-6s", "format", "drm", "planes");
   for (unsigned c = 0; c < ARRAY_SIZE(cols); c++)
      printf(" %-7s", cols[c]);
   printf("\n");

   unsigned pass = 0, fail = 0, rows = 0, planar_rows = 0, planar_pairs = 0;
   uint32_t seed = 1;
   for (uint32_t i = 0; i < nformats; i++) {
      uint64_t mods[MAX_MODS];
      const uint32_t n = share_format_modifiers(&t, formats[i], mods, MAX_MODS);
      if (n == 0 || !format_selected(formats[i]))
         continue;
      /* Memory planes (the modifier's), the same for all of ours. */
      const uint32_t planes = share_modifier_plane_count(&t, formats[i], mods[0]);
      uint32_t fw = w, fh = h;
      share_format_round_extent(formats[i], &fw, &fh);
      const char *cell[ARRAY_SIZE(cols)];
      for (unsigned c = 0; c < ARRAY_SIZE(cols); c++)
         cell[c] = "-";
      for (uint32_t m = 0; m < n; m++) {
         char lbuf[16];
         const char *label = mod_label(mods[m], lbuf);
         unsigned c = 0;
         while (c < ARRAY_SIZE(cols) && strcmp(cols[c], label))
            c++;
         const bool ab = a_to_b(&t, child.sock, formats[i], mods[m], fw, fh, seed);
         const bool ba = b_to_a(&t, child.sock, formats[i], mods[m], fw, fh, seed + 7);
         seed += 16;
         if (ab && ba)
            pass++;
         else
            fail++;
         const char *res = ab && ba ? "ok" : !ab && !ba ? "FAIL" : !ab ? "A>B" : "B>A";
         if (c < ARRAY_SIZE(cols))
            cell[c] = res;
         else
            test_fail(__FILE__, __LINE__, "modifier 0x%016llx has no column: %s",
                      (unsigned long long)mods[m], res);
      }
      const uint32_t fourcc = share_format_fourcc(formats[i]);
      char cc[5] = "-";
      if (fourcc)
         memcpy(cc, &fourcc, 4), cc[4] = '\0';
      printf("%-28s %-5s %-6u", share_format_name(formats[i]), cc, planes);
      for (unsigned c = 0; c < ARRAY_SIZE(cols); c++)
         printf(" %-7s", cell[c]);
      printf("\n");
      fflush(stdout);
      rows++;
      if (share_format_plane_count(formats[i]) > 1) {
         planar_rows++;
         planar_pairs += n;
      }
   }
   printf("\n%u formats (%u multi-planar), %u format/modifier pairs (%u multi-planar): "
          "%u passed both directions, %u failed\n",
          rows, planar_rows, pass + fail, planar_pairs, pass, fail);
   CHECK(rows > 0);
   CHECK_EQ(fail, 0);

   struct msg done = {.cmd = CMD_DONE};
   ipc_send(child.sock, &done, sizeof(done), NULL, 0);
   const enum ipc_verdict v = ipc_join(&child);
   CHECK(v == IPC_CHILD_PASSED);
   vkt_finish(&t);
}
