/* SPDX-License-Identifier: MIT */
/*
 * Where exportable memory comes from, and what an imported fd is.
 *
 * Exportable device memory is a real dma-buf whenever the kernel has an
 * exporter we can use, so other drivers (KMS, a GPU, V4L2) can import it:
 *
 *  1. udmabuf: a memfd sealed against shrinking, wrapped by /dev/udmabuf
 *     (UDMABUF_CREATE). The pages are the memfd's (shmem, allocated on first
 *     touch), so we map the memfd itself. udmabuf refuses buffers above its
 *     size_limit_mb parameter (64 MiB by default): larger ones fall through.
 *  2. the system dma-heap: /dev/dma_heap/system (DMA_HEAP_IOCTL_ALLOC), pages
 *     allocated and zeroed up front; we map the dma-buf.
 *  3. a plain memfd, when neither exists (this CI machine's kernel has no
 *     DRM, udmabuf or dma-heaps): shareable with other processes of this
 *     driver (and lavapipe's opaque fds), but not a dma-buf.
 *
 * KILN_EXTMEM=auto|udmabuf|dma-heap|memfd forces one path (tests use it to
 * cover all three inside the VM); KILN_DEBUG=extmem logs the path each
 * allocation takes and what each import is.
 *
 * Imports take either kind: a dma-buf (recognised by its file system magic;
 * its size is lseek(SEEK_END), the documented way) or a memfd/regular file
 * (its size is fstat's).
 */
#ifndef NVKMD_EXPORT_H
#define NVKMD_EXPORT_H

#include <stdbool.h>
#include <stdint.h>

#include "util/macros.h"

enum nvkmd_export_path {
   NVKMD_EXPORT_MEMFD,
   NVKMD_EXPORT_UDMABUF,
   NVKMD_EXPORT_DMA_HEAP,
   NVKMD_EXPORT_PATH_COUNT,
};

const char *nvkmd_export_path_name(enum nvkmd_export_path path);

/* KILN_DEBUG=extmem, and its log (one line on stderr, "kiln: extmem: ..."). */
bool nvkmd_export_debug(void);
void nvkmd_extmem_log(const char *fmt, ...) PRINTFLIKE(1, 2);

struct nvkmd_export_mem {
   enum nvkmd_export_path path;
   /* What export hands out (dup'ed): the dma-buf, or the memfd. */
   int fd;
   /* What the CPU maps: the memfd behind a udmabuf (same pages, no dma-buf
    * CPU-access rules), else `fd` itself (then map_fd == fd). */
   int map_fd;
};

/* Makes exportable memory of size_B (a multiple of the page size): the first
 * path of udmabuf, dma-heap, memfd that works (or the one KILN_EXTMEM
 * forces). Returns 0 or a negative errno of the last path tried. */
int nvkmd_export_alloc(uint64_t size_B, struct nvkmd_export_mem *mem);
void nvkmd_export_free(struct nvkmd_export_mem *mem);

/* Which paths this kernel offers (probed once; tests and docs print it). */
bool nvkmd_export_path_available(enum nvkmd_export_path path);

enum nvkmd_fd_kind {
   NVKMD_FD_NOT_MEMORY, /* closed, a pipe, a socket, a directory ... */
   NVKMD_FD_DMA_BUF,
   NVKMD_FD_FILE, /* memfd, tmpfs or regular file */
};

/* What `fd` is and how many bytes it holds. */
enum nvkmd_fd_kind nvkmd_fd_inspect(int fd, uint64_t *size_B);

/* The exporter's name of a dma-buf ("udmabuf", "system", "drm", ...) from
 * /proc/self/fdinfo; "" if unknown. */
void nvkmd_dma_buf_exporter(int fd, char *name, unsigned name_size);

#endif /* NVKMD_EXPORT_H */
