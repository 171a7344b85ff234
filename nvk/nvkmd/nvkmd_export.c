/* SPDX-License-Identifier: MIT */
#include "nvkmd_export.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/dma-heap.h>
#include <linux/magic.h>
#include <linux/udmabuf.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "util/debug.h"
#include "util/macros.h"

#define UDMABUF_DEV     "/dev/udmabuf"
#define DMA_HEAP_SYSTEM "/dev/dma_heap/system"

enum nvkmd_debug_flags {
   NVKMD_DEBUG_EXTMEM = 1 << 0,
};

static const struct util_debug_flag nvkmd_debug_table[] = {
   {"extmem", NVKMD_DEBUG_EXTMEM,
    "log the path exportable memory takes (udmabuf, dma-heap, memfd) and what imports "
    "are"},
   {NULL, 0, NULL},
};

UTIL_DEBUG_DEFINE_GETTER(nvkmd_debug_flags, "nvkmd", nvkmd_debug_table)

bool
nvkmd_export_debug(void)
{
   return nvkmd_debug_flags() & NVKMD_DEBUG_EXTMEM;
}

void
nvkmd_extmem_log(const char *fmt, ...)
{
   if (!nvkmd_export_debug())
      return;
   /* One write per line, so lines of several threads or processes stay whole. */
   char line[512];
   va_list va;
   va_start(va, fmt);
   int n = snprintf(line, sizeof(line), "kiln: extmem: ");
   n += vsnprintf(line + n, sizeof(line) - n - 1, fmt, va);
   va_end(va);
   n = MIN2(n, (int)sizeof(line) - 2);
   line[n++] = '\n';
   if (write(STDERR_FILENO, line, n) < 0) {
      /* nowhere to report it */
   }
}

const char *
nvkmd_export_path_name(enum nvkmd_export_path path)
{
   switch (path) {
   case NVKMD_EXPORT_MEMFD:
      return "memfd";
   case NVKMD_EXPORT_UDMABUF:
      return "udmabuf";
   case NVKMD_EXPORT_DMA_HEAP:
      return "dma-heap";
   default:
      return "?";
   }
}

static struct {
   pthread_once_t once;
   bool available[NVKMD_EXPORT_PATH_COUNT];
   /* NVKMD_EXPORT_PATH_COUNT: try them in order. */
   enum nvkmd_export_path forced;
} nvkmd_export = {.once = PTHREAD_ONCE_INIT};

static void
nvkmd_export_probe(void)
{
   nvkmd_export.available[NVKMD_EXPORT_MEMFD] = true;
   nvkmd_export.available[NVKMD_EXPORT_UDMABUF] = access(UDMABUF_DEV, R_OK | W_OK) == 0;
   nvkmd_export.available[NVKMD_EXPORT_DMA_HEAP] = access(DMA_HEAP_SYSTEM, R_OK) == 0;
   nvkmd_export.forced = NVKMD_EXPORT_PATH_COUNT;
   const char *env = getenv("KILN_EXTMEM");
   if (env && *env && strcmp(env, "auto")) {
      for (unsigned p = 0; p < NVKMD_EXPORT_PATH_COUNT; p++) {
         if (!strcmp(env, nvkmd_export_path_name(p)))
            nvkmd_export.forced = p;
      }
      if (nvkmd_export.forced == NVKMD_EXPORT_PATH_COUNT)
         util_logw("nvkmd", "KILN_EXTMEM=%s: not one of auto, udmabuf, dma-heap, memfd",
                   env);
   }
   nvkmd_extmem_log("exporters on this kernel: udmabuf %s, dma-heap %s; %s%s",
                    nvkmd_export.available[NVKMD_EXPORT_UDMABUF] ? "yes" : "no",
                    nvkmd_export.available[NVKMD_EXPORT_DMA_HEAP] ? "yes" : "no",
                    nvkmd_export.forced == NVKMD_EXPORT_PATH_COUNT
                       ? "path: first that works"
                       : "path forced: ",
                    nvkmd_export.forced == NVKMD_EXPORT_PATH_COUNT
                       ? ""
                       : nvkmd_export_path_name(nvkmd_export.forced));
}

bool
nvkmd_export_path_available(enum nvkmd_export_path path)
{
   pthread_once(&nvkmd_export.once, nvkmd_export_probe);
   return path < NVKMD_EXPORT_PATH_COUNT && nvkmd_export.available[path];
}

static int
memfd_sized(uint64_t size_B, unsigned flags)
{
   const int fd = memfd_create("kiln-device-memory", MFD_CLOEXEC | flags);
   if (fd < 0)
      return -errno;
   /* Sparse: pages appear when first touched. */
   if (ftruncate(fd, (off_t)size_B) != 0) {
      const int err = errno;
      close(fd);
      return -err;
   }
   return fd;
}

static int
alloc_memfd(uint64_t size_B, struct nvkmd_export_mem *mem)
{
   const int fd = memfd_sized(size_B, 0);
   if (fd < 0)
      return fd;
   *mem = (struct nvkmd_export_mem){NVKMD_EXPORT_MEMFD, fd, fd};
   return 0;
}

static int
alloc_udmabuf(uint64_t size_B, struct nvkmd_export_mem *mem)
{
   /* udmabuf needs the memfd sealed against shrinking, so the pages it
    * hands out can never be truncated away under an importer. */
   const int memfd = memfd_sized(size_B, MFD_ALLOW_SEALING);
   if (memfd < 0)
      return memfd;
   int err = 0, buf = -1;
   const int dev = open(UDMABUF_DEV, O_RDWR | O_CLOEXEC);
   if (dev < 0 || fcntl(memfd, F_ADD_SEALS, F_SEAL_SHRINK) != 0) {
      err = -errno;
   } else {
      struct udmabuf_create create = {
         .memfd = (uint32_t)memfd,
         .flags = UDMABUF_FLAGS_CLOEXEC,
         .offset = 0,
         .size = size_B,
      };
      buf = ioctl(dev, UDMABUF_CREATE, &create);
      if (buf < 0)
         err = -errno;
   }
   if (dev >= 0)
      close(dev);
   if (err) {
      close(memfd);
      return err;
   }
   *mem = (struct nvkmd_export_mem){NVKMD_EXPORT_UDMABUF, buf, memfd};
   return 0;
}

static int
alloc_dma_heap(uint64_t size_B, struct nvkmd_export_mem *mem)
{
   const int heap = open(DMA_HEAP_SYSTEM, O_RDONLY | O_CLOEXEC);
   if (heap < 0)
      return -errno;
   struct dma_heap_allocation_data alloc = {
      .len = size_B,
      .fd_flags = O_RDWR | O_CLOEXEC,
   };
   const int ret = ioctl(heap, DMA_HEAP_IOCTL_ALLOC, &alloc);
   const int err = errno;
   close(heap);
   if (ret < 0)
      return -err;
   *mem = (struct nvkmd_export_mem){NVKMD_EXPORT_DMA_HEAP, (int)alloc.fd, (int)alloc.fd};
   return 0;
}

static int (*const alloc_path[NVKMD_EXPORT_PATH_COUNT])(uint64_t,
                                                        struct nvkmd_export_mem *) = {
   [NVKMD_EXPORT_MEMFD] = alloc_memfd,
   [NVKMD_EXPORT_UDMABUF] = alloc_udmabuf,
   [NVKMD_EXPORT_DMA_HEAP] = alloc_dma_heap,
};

int
nvkmd_export_alloc(uint64_t size_B, struct nvkmd_export_mem *mem)
{
   pthread_once(&nvkmd_export.once, nvkmd_export_probe);
   static const enum nvkmd_export_path order[] = {
      NVKMD_EXPORT_UDMABUF,
      NVKMD_EXPORT_DMA_HEAP,
      NVKMD_EXPORT_MEMFD,
   };
   int err = -ENODEV;
   char tried[160] = "";
   size_t tried_len = 0;
   for (unsigned i = 0; i < ARRAY_SIZE(order); i++) {
      const enum nvkmd_export_path p = order[i];
      if (nvkmd_export.forced != NVKMD_EXPORT_PATH_COUNT && p != nvkmd_export.forced)
         continue;
      if (!nvkmd_export.available[p])
         continue;
      err = alloc_path[p](size_B, mem);
      if (err == 0) {
         nvkmd_extmem_log("alloc %llu bytes: %s%s%s%s", (unsigned long long)size_B,
                          nvkmd_export_path_name(p), tried_len ? " (after " : "", tried,
                          tried_len ? ")" : "");
         return 0;
      }
      tried_len +=
         snprintf(tried + tried_len, sizeof(tried) - MIN2(tried_len, sizeof(tried)),
                  "%s%s failed: %s", tried_len ? ", " : "", nvkmd_export_path_name(p),
                  strerror(-err));
      tried_len = MIN2(tried_len, sizeof(tried) - 1);
   }
   nvkmd_extmem_log("alloc %llu bytes: no path worked (%s)", (unsigned long long)size_B,
                    tried[0] ? tried : "the forced path is not available here");
   return err;
}

void
nvkmd_export_free(struct nvkmd_export_mem *mem)
{
   if (mem->map_fd >= 0 && mem->map_fd != mem->fd)
      close(mem->map_fd);
   if (mem->fd >= 0)
      close(mem->fd);
   mem->fd = mem->map_fd = -1;
}

#ifndef DMA_BUF_MAGIC
#define DMA_BUF_MAGIC 0x444d4142 /* "DMAB", linux/magic.h */
#endif

enum nvkmd_fd_kind
nvkmd_fd_inspect(int fd, uint64_t *size_B)
{
   struct stat st;
   struct statfs sfs;
   *size_B = 0;
   if (fd < 0 || fstat(fd, &st) != 0)
      return NVKMD_FD_NOT_MEMORY;
   if (fstatfs(fd, &sfs) == 0 && sfs.f_type == DMA_BUF_MAGIC) {
      /* The dma-buf uAPI documents SEEK_END as the way to learn the size. */
      const off_t end = lseek(fd, 0, SEEK_END);
      if (end <= 0)
         return NVKMD_FD_NOT_MEMORY;
      lseek(fd, 0, SEEK_SET);
      *size_B = (uint64_t)end;
      return NVKMD_FD_DMA_BUF;
   }
   if (!S_ISREG(st.st_mode) || st.st_size <= 0)
      return NVKMD_FD_NOT_MEMORY;
   *size_B = (uint64_t)st.st_size;
   return NVKMD_FD_FILE;
}

void
nvkmd_dma_buf_exporter(int fd, char *name, unsigned name_size)
{
   char path[64], line[256];
   name[0] = '\0';
   snprintf(path, sizeof(path), "/proc/self/fdinfo/%d", fd);
   FILE *f = fopen(path, "re");
   if (!f)
      return;
   while (fgets(line, sizeof(line), f)) {
      if (!strncmp(line, "exp_name:", 9)) {
         const char *v = line + 9;
         while (*v == ' ' || *v == '\t')
            v++;
         snprintf(name, name_size, "%.*s", (int)strcspn(v, "\n"), v);
         break;
      }
   }
   fclose(f);
}
