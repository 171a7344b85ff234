/* SPDX-License-Identifier: MIT */
/*
 * nvkmd_export: every allocation path this kernel offers gives memory that
 * holds data, is shared with what export hands out, has the size asked for,
 * and is recognised as the right kind by nvkmd_fd_inspect; things that are
 * not memory are refused. On a host without udmabuf/dma-heap only the memfd
 * path runs here; inside the VM (conformance/vm) all three do.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

#include "nvkmd/nvkmd_export.h"
#include "util/test.h"

static void
check_default_alloc(void)
{
   const uint64_t size_B = 3 * 4096;
   struct nvkmd_export_mem mem;
   REQUIRE(nvkmd_export_alloc(size_B, &mem) == 0);
   CHECK(mem.fd >= 0 && mem.map_fd >= 0);
   printf("  allocation path: %s\n", nvkmd_export_path_name(mem.path));

   uint8_t *map = mmap(NULL, size_B, PROT_READ | PROT_WRITE, MAP_SHARED, mem.map_fd, 0);
   REQUIRE(map != MAP_FAILED);
   for (uint64_t i = 0; i < size_B; i++)
      map[i] = (uint8_t)(i * 7 + 3);

   /* What export hands out sees the same pages. */
   uint64_t fd_size = 0;
   const enum nvkmd_fd_kind kind = nvkmd_fd_inspect(mem.fd, &fd_size);
   CHECK_EQ(kind, mem.path == NVKMD_EXPORT_MEMFD ? NVKMD_FD_FILE : NVKMD_FD_DMA_BUF);
   CHECK_EQ_U64(fd_size, size_B);
   uint8_t *view = mmap(NULL, size_B, PROT_READ, MAP_SHARED, mem.fd, 0);
   REQUIRE(view != MAP_FAILED);
   CHECK(memcmp(view, map, size_B) == 0);
   if (kind == NVKMD_FD_DMA_BUF) {
      char exporter[64];
      nvkmd_dma_buf_exporter(mem.fd, exporter, sizeof(exporter));
      CHECK_STREQ(exporter, mem.path == NVKMD_EXPORT_UDMABUF ? "udmabuf" : "system");
   }
   munmap(view, size_B);
   munmap(map, size_B);
   nvkmd_export_free(&mem);
   CHECK_EQ(mem.fd, -1);
}

TEST(export_alloc_default_path)
{
   check_default_alloc();
   /* The memfd path is always there. */
   CHECK(nvkmd_export_path_available(NVKMD_EXPORT_MEMFD));
   printf("  udmabuf %s, dma-heap %s\n",
          nvkmd_export_path_available(NVKMD_EXPORT_UDMABUF) ? "available" : "absent",
          nvkmd_export_path_available(NVKMD_EXPORT_DMA_HEAP) ? "available" : "absent");
}

/* Run as a separate program by the test below (KILN_EXTMEM is read once per
 * process): allocates and prints the path taken. */
TEST(export_child_report)
{
   if (!getenv("NVKMD_EXPORT_TEST_CHILD"))
      return;
   struct nvkmd_export_mem mem;
   const int ret = nvkmd_export_alloc(1 << 20, &mem);
   printf("@path=%s@\n", ret == 0 ? nvkmd_export_path_name(mem.path) : "none");
   if (ret == 0)
      nvkmd_export_free(&mem);
}

/* A fresh process with KILN_EXTMEM=<path> allocates through that path. */
TEST(export_alloc_each_path_forced)
{
   for (unsigned p = 0; p < NVKMD_EXPORT_PATH_COUNT; p++) {
      if (!nvkmd_export_path_available(p))
         continue;
      char cmd[512];
      snprintf(
         cmd, sizeof(cmd),
         "NVKMD_EXPORT_TEST_CHILD=1 KILN_EXTMEM=%s /proc/%d/exe export_child_report",
         nvkmd_export_path_name(p), (int)getpid());
      FILE *f = popen(cmd, "r");
      REQUIRE(f);
      char line[256], got[64] = "";
      while (fgets(line, sizeof(line), f)) {
         if (sscanf(line, "@path=%63[^@]@", got) == 1)
            break;
      }
      while (fgets(line, sizeof(line), f)) {
      }
      CHECK_EQ(pclose(f), 0);
      CHECK_STREQ(got, nvkmd_export_path_name(p));
      printf("  KILN_EXTMEM=%s: got %s\n", nvkmd_export_path_name(p), got);
   }
}

TEST(inspect_refuses_what_is_not_memory)
{
   uint64_t size_B = 123;
   CHECK_EQ(nvkmd_fd_inspect(-1, &size_B), NVKMD_FD_NOT_MEMORY);
   CHECK_EQ_U64(size_B, 0);
   int p[2];
   REQUIRE(pipe(p) == 0);
   CHECK_EQ(nvkmd_fd_inspect(p[0], &size_B), NVKMD_FD_NOT_MEMORY);
   const int closed = p[1];
   close(p[0]);
   close(p[1]);
   CHECK_EQ(nvkmd_fd_inspect(closed, &size_B), NVKMD_FD_NOT_MEMORY);
   int sv[2];
   REQUIRE(socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0);
   CHECK_EQ(nvkmd_fd_inspect(sv[0], &size_B), NVKMD_FD_NOT_MEMORY);
   close(sv[0]);
   close(sv[1]);
   const int dir = open("/", O_RDONLY | O_DIRECTORY);
   CHECK_EQ(nvkmd_fd_inspect(dir, &size_B), NVKMD_FD_NOT_MEMORY);
   close(dir);
   /* An empty memfd holds nothing to import. */
   const int empty = memfd_create("empty", MFD_CLOEXEC);
   CHECK_EQ(nvkmd_fd_inspect(empty, &size_B), NVKMD_FD_NOT_MEMORY);
   REQUIRE(ftruncate(empty, 8192) == 0);
   CHECK_EQ(nvkmd_fd_inspect(empty, &size_B), NVKMD_FD_FILE);
   CHECK_EQ_U64(size_B, 8192);
   close(empty);
}

/* udmabuf refuses buffers above its size_limit_mb (64 MiB by default): the
 * allocation falls through to the next path instead of failing. */
TEST(export_alloc_large_falls_through)
{
   const uint64_t size_B = 80ull << 20;
   struct nvkmd_export_mem mem;
   REQUIRE(nvkmd_export_alloc(size_B, &mem) == 0);
   printf("  80 MiB: %s\n", nvkmd_export_path_name(mem.path));
   uint64_t fd_size = 0;
   CHECK(nvkmd_fd_inspect(mem.fd, &fd_size) != NVKMD_FD_NOT_MEMORY);
   CHECK_EQ_U64(fd_size, size_B);
   uint8_t *map = mmap(NULL, size_B, PROT_READ | PROT_WRITE, MAP_SHARED, mem.map_fd, 0);
   REQUIRE(map != MAP_FAILED);
   map[size_B - 1] = 0x5a;
   CHECK_EQ(map[size_B - 1], 0x5a);
   munmap(map, size_B);
   nvkmd_export_free(&mem);
}
