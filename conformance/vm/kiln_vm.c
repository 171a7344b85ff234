/* SPDX-License-Identifier: MIT */
/*
 * kiln-vm: run commands inside a throw-away Linux VM whose kernel has real
 * dma-buf exporters (udmabuf, the system dma-heap), vgem and vkms.
 *
 *    kiln-vm [options] [--file PATH]... [--env NAME=VALUE]... -- COMMAND...
 *
 * The guest is Debian's 6.12 kernel (kiln-vm-kernel.sh fetches and caches
 * it) booted by qemu on a busybox initramfs this program writes for each run:
 *
 *  - /init (guest-init.sh), busybox, the kernel modules to load;
 *  - every --file at the same absolute path as on the host, and, for ELF
 *    files, their shared libraries and the dynamic loader (found with ldd), so
 *    dynamically linked programs run unchanged: the test programs, the real
 *    Khronos loader, our ICD and its manifest from the build tree, the
 *    validation layer and its manifest;
 *  - /kiln-vm/env (the --env variables) and /kiln-vm/cmd (COMMAND, run by
 *    the guest's sh from /).
 *
 * The guest's serial console is copied to stdout. The exit status is
 * COMMAND's, or 77 when the VM cannot run here (no qemu, the kernel cannot be
 * fetched: the reason is printed, callers report "skipped"), or 125 when the
 * VM never reported a status (boot failure, panic, timeout).
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define EXIT_SKIP      77
#define EXIT_VM_FAILED 125

#define MARK_START "@@KILN_VM_START@@"
#define MARK_EXIT  "@@KILN_VM_EXIT="

struct opts {
   const char *kernel_script;
   const char *guest_init;
   const char *cache;
   const char *accel;
   const char *mem;
   unsigned smp;
   unsigned timeout_s;
   bool verbose;
   const char **files;
   unsigned file_count;
   const char **env;
   unsigned env_count;
   char **cmd;
   unsigned cmd_count;
};

static void
die(int status, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   fputs("kiln-vm: ", stderr);
   vfprintf(stderr, fmt, ap);
   fputc('\n', stderr);
   va_end(ap);
   exit(status);
}

static void *
xrealloc(void *p, size_t size)
{
   p = realloc(p, size);
   if (!p)
      die(1, "out of memory");
   return p;
}

static double
now_s(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ------------------------------------------------------------- cpio (newc) */

/* The initramfs: one uncompressed newc archive (the kernel unpacks it faster
 * than a compressed one under TCG, and it is written fresh for every run). */
struct cpio {
   FILE *f;
   uint64_t offset;
   unsigned ino;
   /* Paths already written, so directories and shared libraries go in once. */
   char **paths;
   unsigned path_count;
};

static bool
cpio_has(const struct cpio *c, const char *path)
{
   for (unsigned i = 0; i < c->path_count; i++) {
      if (!strcmp(c->paths[i], path))
         return true;
   }
   return false;
}

static void
cpio_remember(struct cpio *c, const char *path)
{
   c->paths = xrealloc(c->paths, (c->path_count + 1) * sizeof(*c->paths));
   c->paths[c->path_count++] = strdup(path);
}

static void
cpio_pad(struct cpio *c)
{
   static const char zeros[4];
   const unsigned pad = (unsigned)(-c->offset & 3);
   fwrite(zeros, 1, pad, c->f);
   c->offset += pad;
}

static void
cpio_entry(struct cpio *c, const char *name, unsigned mode, const void *data,
           uint64_t size_B)
{
   /* newc names carry no leading slash. */
   while (*name == '/')
      name++;
   const size_t name_len = strlen(name) + 1;
   char hdr[128];
   snprintf(hdr, sizeof(hdr),
            "070701%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X", ++c->ino, mode,
            0u, 0u, 1u, 0u, (unsigned)size_B, 0u, 0u, 0u, 0u, (unsigned)name_len, 0u);
   fwrite(hdr, 1, 110, c->f);
   fwrite(name, 1, name_len, c->f);
   c->offset += 110 + name_len;
   cpio_pad(c);
   if (size_B) {
      fwrite(data, 1, size_B, c->f);
      c->offset += size_B;
      cpio_pad(c);
   }
}

/* Every missing parent directory of `path`. */
static void
cpio_parents(struct cpio *c, const char *path)
{
   char buf[4096];
   snprintf(buf, sizeof(buf), "%s", path);
   for (char *s = strchr(buf + 1, '/'); s; s = strchr(s + 1, '/')) {
      *s = '\0';
      if (!cpio_has(c, buf)) {
         cpio_entry(c, buf, 040755, NULL, 0);
         cpio_remember(c, buf);
      }
      *s = '/';
   }
}

static void
cpio_data(struct cpio *c, const char *path, unsigned mode, const void *data,
          uint64_t size)
{
   if (cpio_has(c, path))
      return;
   cpio_parents(c, path);
   cpio_entry(c, path, mode, data, size);
   cpio_remember(c, path);
}

static bool
read_whole(const char *path, char **data, uint64_t *size, unsigned *mode)
{
   struct stat st;
   FILE *f = fopen(path, "rb");
   if (!f || fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode)) {
      if (f)
         fclose(f);
      return false;
   }
   *data = xrealloc(NULL, st.st_size ? (size_t)st.st_size : 1);
   *size = fread(*data, 1, (size_t)st.st_size, f) == (size_t)st.st_size
              ? (uint64_t)st.st_size
              : UINT64_MAX;
   *mode = st.st_mode & 0777;
   fclose(f);
   return *size != UINT64_MAX;
}

/* A host file at guest path `guest` (symlinks followed: the content goes in). */
static void
cpio_file(struct cpio *c, const char *host, const char *guest)
{
   char *data;
   uint64_t size;
   unsigned mode;
   if (cpio_has(c, guest))
      return;
   if (!read_whole(host, &data, &size, &mode))
      die(1, "cannot read %s: %s", host, strerror(errno));
   if (!strcmp(guest, "/init"))
      mode = 0755;
   cpio_data(c, guest, 0100000 | mode, data, size);
   free(data);
}

static bool
is_elf(const char *path)
{
   unsigned char magic[4] = {0};
   FILE *f = fopen(path, "rb");
   if (!f)
      return false;
   const bool elf = fread(magic, 1, 4, f) == 4 && !memcmp(magic, "\177ELF", 4);
   fclose(f);
   return elf;
}

/* The file, and for ELF files the libraries ldd lists (resolved on the host,
 * placed at the same paths). */
static void
cpio_file_with_libs(struct cpio *c, const char *path)
{
   cpio_file(c, path, path);
   if (!is_elf(path))
      return;
   char cmd[4200];
   snprintf(cmd, sizeof(cmd), "ldd '%s' 2>&1", path);
   FILE *p = popen(cmd, "r");
   if (!p)
      die(1, "cannot run ldd: %s", strerror(errno));
   char line[4096];
   while (fgets(line, sizeof(line), p)) {
      /* "libx.so.1 => /lib/.../libx.so.1 (0x...)" or "/lib64/ld-linux... (0x...)" */
      char *lib = strstr(line, "=> ");
      lib = lib ? lib + 3 : line;
      while (*lib == ' ' || *lib == '\t')
         lib++;
      if (strstr(line, "not found"))
         die(1, "%s: %s", path, line);
      if (*lib != '/')
         continue; /* linux-vdso.so.1, "statically linked" */
      char *end = strchr(lib, ' ');
      if (end)
         *end = '\0';
      cpio_file(c, lib, lib);
   }
   pclose(p);
}

static void
cpio_finish(struct cpio *c)
{
   cpio_entry(c, "TRAILER!!!", 0, NULL, 0);
   /* The kernel reads the archive in 512 B blocks. */
   while (c->offset % 512) {
      fputc(0, c->f);
      c->offset++;
   }
}

/* ----------------------------------------------------------------- kernel */

/* Runs kiln-vm-kernel.sh; returns the kernel directory or exits (77: the
 * kernel cannot be obtained here). */
static char *
prepare_kernel(const struct opts *o)
{
   char cmd[4200];
   snprintf(cmd, sizeof(cmd), "'%s' '%s'", o->kernel_script, o->cache);
   FILE *p = popen(cmd, "r");
   if (!p)
      die(1, "cannot run %s: %s", o->kernel_script, strerror(errno));
   char dir[4096] = "";
   char line[4096];
   while (fgets(line, sizeof(line), p)) {
      line[strcspn(line, "\n")] = '\0';
      if (line[0] == '/')
         snprintf(dir, sizeof(dir), "%s", line);
   }
   const int status = pclose(p);
   if (WIFEXITED(status) && WEXITSTATUS(status) == EXIT_SKIP)
      die(EXIT_SKIP, "skipped: the guest kernel is not available (see above)");
   if (status != 0 || !dir[0])
      die(1, "%s failed (status %d)", o->kernel_script, status);
   return strdup(dir);
}

/* -------------------------------------------------------------- initramfs */

static void
write_initramfs(const struct opts *o, const char *kdir, const char *path)
{
   struct cpio c = {.f = fopen(path, "wb")};
   if (!c.f)
      die(1, "cannot write %s: %s", path, strerror(errno));

   cpio_file(&c, o->guest_init, "/init");
   cpio_file(&c, "/bin/busybox", "/bin/busybox");
   for (const char *d = "/dev\0/proc\0/sys\0/tmp\0/root\0"; *d; d += strlen(d) + 1)
      cpio_data(&c, d, 040755, NULL, 0);

   /* Modules, in the order the guest loads them. */
   char order_path[4200], *order;
   uint64_t order_size;
   unsigned mode;
   snprintf(order_path, sizeof(order_path), "%s/modules/order", kdir);
   if (!read_whole(order_path, &order, &order_size, &mode))
      die(1, "cannot read %s", order_path);
   cpio_data(&c, "/kiln-vm/modules/order", 0100644, order, order_size);
   for (char *save, *m = strtok_r(order, "\n", &save); m;
        m = strtok_r(NULL, "\n", &save)) {
      char host[4200], guest[300];
      snprintf(host, sizeof(host), "%s/modules/%s.ko", kdir, m);
      snprintf(guest, sizeof(guest), "/kiln-vm/modules/%s.ko", m);
      cpio_file(&c, host, guest);
   }
   free(order);

   for (unsigned i = 0; i < o->file_count; i++) {
      char *abs = realpath(o->files[i], NULL);
      if (!abs)
         die(1, "no such file: %s", o->files[i]);
      /* At the path given (made absolute), not the resolved one: the build
       * tree's ICD manifest names the library by the path it was given. */
      char guest[4096];
      if (o->files[i][0] == '/') {
         snprintf(guest, sizeof(guest), "%s", o->files[i]);
      } else {
         char cwd[2048];
         if (!getcwd(cwd, sizeof(cwd)))
            die(1, "getcwd: %s", strerror(errno));
         snprintf(guest, sizeof(guest), "%s/%s", cwd, o->files[i]);
      }
      cpio_file_with_libs(&c, abs);
      if (strcmp(abs, guest))
         cpio_file(&c, abs, guest);
      free(abs);
   }

   /* Environment and command, as sh reads them. */
   size_t env_len = 0;
   char *env = NULL;
   for (unsigned i = 0; i < o->env_count; i++) {
      const char *eq = strchr(o->env[i], '=');
      if (!eq)
         die(1, "--env %s: NAME=VALUE expected", o->env[i]);
      /* export NAME='value' with ' escaped */
      env = xrealloc(env, env_len + strlen(o->env[i]) * 4 + 32);
      env_len +=
         sprintf(env + env_len, "export %.*s='", (int)(eq - o->env[i]), o->env[i]);
      for (const char *s = eq + 1; *s; s++)
         env_len += *s == '\'' ? (size_t)sprintf(env + env_len, "'\\''")
                               : (size_t)sprintf(env + env_len, "%c", *s);
      env_len += sprintf(env + env_len, "'\n");
   }
   cpio_data(&c, "/kiln-vm/env", 0100644, env ? env : "", env_len);
   free(env);

   size_t cmd_len = 0;
   char *cmd = NULL;
   for (unsigned i = 0; i < o->cmd_count; i++) {
      cmd = xrealloc(cmd, cmd_len + strlen(o->cmd[i]) * 4 + 8);
      cmd_len += sprintf(cmd + cmd_len, "%s'", i ? " " : "");
      for (const char *s = o->cmd[i]; *s; s++)
         cmd_len += *s == '\'' ? (size_t)sprintf(cmd + cmd_len, "'\\''")
                               : (size_t)sprintf(cmd + cmd_len, "%c", *s);
      cmd_len += sprintf(cmd + cmd_len, "'");
   }
   cmd_len += sprintf(cmd + cmd_len, "\n");
   cpio_data(&c, "/kiln-vm/cmd", 0100755, cmd, cmd_len);
   free(cmd);

   cpio_finish(&c);
   if (fclose(c.f) != 0)
      die(1, "writing %s: %s", path, strerror(errno));
   for (unsigned i = 0; i < c.path_count; i++)
      free(c.paths[i]);
   free(c.paths);
}

/* ------------------------------------------------------------------- qemu */

/* KVM only with real hardware virtualisation: on hosts whose /dev/kvm comes
 * from kvm_pvm (no vmx/svm flag), an unmodified guest kernel runs in KVM's
 * instruction emulator, far slower than TCG (see docs/external-memory.md). */
static bool
kvm_usable(void)
{
   if (access("/dev/kvm", R_OK | W_OK) != 0 || access("/sys/module/kvm_pvm", F_OK) == 0)
      return false;
   FILE *f = fopen("/proc/cpuinfo", "r");
   if (!f)
      return false;
   char line[8192];
   bool hw = false;
   while (!hw && fgets(line, sizeof(line), f)) {
      if (!strncmp(line, "flags", 5))
         hw = strstr(line, " vmx") || strstr(line, " svm");
   }
   fclose(f);
   return hw;
}

struct run {
   bool started;
   int exit_status; /* -1: none reported */
   bool timed_out;
};

static struct run
run_qemu(const struct opts *o, const char *kdir, const char *initrd, bool kvm)
{
   char kernel[4200];
   snprintf(kernel, sizeof(kernel), "%s/vmlinux", kdir);
   if (access(kernel, R_OK) != 0)
      snprintf(kernel, sizeof(kernel), "%s/vmlinuz", kdir);
   char smp[16];
   snprintf(smp, sizeof(smp), "%u", o->smp);
   const char *append = o->verbose ? "console=ttyS0 panic=-1 oops=panic"
                                   : "console=ttyS0 panic=-1 oops=panic quiet loglevel=3";
   const char *argv[] = {
      "qemu-system-x86_64",
      "-accel",
      kvm ? "kvm" : "tcg",
      "-cpu",
      kvm ? "host" : "max",
      "-m",
      o->mem,
      "-smp",
      smp,
      "-nodefaults",
      "-no-user-config",
      "-display",
      "none",
      "-serial",
      "stdio",
      "-no-reboot",
      "-kernel",
      kernel,
      "-initrd",
      initrd,
      "-append",
      append,
      NULL,
   };
   if (o->verbose) {
      fputs("kiln-vm:", stderr);
      for (unsigned i = 0; argv[i]; i++)
         fprintf(stderr, " %s", argv[i]);
      fputc('\n', stderr);
   }

   struct run r = {.exit_status = -1};
   int out[2];
   if (pipe(out) != 0)
      die(1, "pipe: %s", strerror(errno));
   const pid_t pid = fork();
   if (pid < 0)
      die(1, "fork: %s", strerror(errno));
   if (pid == 0) {
      const int null = open("/dev/null", O_RDONLY);
      dup2(null, 0);
      dup2(out[1], 1);
      close(out[0]);
      close(out[1]);
      setpgid(0, 0);
      execvp(argv[0], (char *const *)argv);
      fprintf(stderr, "kiln-vm: cannot run qemu-system-x86_64: %s\n", strerror(errno));
      _exit(127);
   }
   close(out[1]);

   /* Copy the console line by line, hiding the markers. */
   const double deadline = now_s() + o->timeout_s;
   char buf[65536];
   size_t len = 0;
   for (bool eof = false; !eof;) {
      const double left = deadline - now_s();
      if (left <= 0) {
         r.timed_out = true;
         kill(-pid, SIGKILL);
         break;
      }
      struct pollfd pfd = {.fd = out[0], .events = POLLIN};
      if (poll(&pfd, 1, (int)(left * 1000) + 1) <= 0)
         continue;
      const ssize_t got = read(out[0], buf + len, sizeof(buf) - 1 - len);
      if (got <= 0)
         eof = true;
      else
         len += (size_t)got;
      buf[len] = '\0';
      char *line = buf;
      for (;;) {
         char *nl = strchr(line, '\n');
         /* A full buffer or the end flushes a partial line. */
         if (!nl && !(eof || len == sizeof(buf) - 1))
            break;
         if (!nl && !*line)
            break;
         if (nl)
            *nl = '\0';
         line[strcspn(line, "\r")] = '\0';
         const char *exit_mark = strstr(line, MARK_EXIT);
         if (strstr(line, MARK_START))
            r.started = true;
         else if (exit_mark)
            r.exit_status = atoi(exit_mark + strlen(MARK_EXIT));
         else if (!strstr(line, "reboot: Power down"))
            puts(line);
         line = nl ? nl + 1 : line + strlen(line);
      }
      len = strlen(line);
      memmove(buf, line, len + 1);
      fflush(stdout);
   }
   close(out[0]);
   int status;
   waitpid(pid, &status, 0);
   if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
      die(EXIT_SKIP, "skipped: qemu-system-x86_64 cannot be run");
   return r;
}

/* ------------------------------------------------------------------- main */

static void
usage(void)
{
   fputs("usage: kiln-vm [--cache DIR] [--timeout SEC] [--mem SIZE] [--smp N]\n"
         "               [--accel auto|kvm|tcg] [--verbose] [--file PATH]...\n"
         "               [--env NAME=VALUE]... -- COMMAND [ARG]...\n"
         "Runs COMMAND (sh, from /) in a qemu VM with udmabuf, dma-heap, vgem and vkms;\n"
         "the --file paths (with their shared libraries) appear at the same paths.\n"
         "Exit status: COMMAND's; 77 the VM cannot run here; 125 no status reported.\n",
         stderr);
   exit(2);
}

int
main(int argc, char **argv)
{
   struct opts o = {
      .kernel_script = KILN_VM_KERNEL_SCRIPT,
      .guest_init = KILN_VM_GUEST_INIT,
      .cache = getenv("KILN_VM_CACHE") ? getenv("KILN_VM_CACHE") : "/var/tmp/kiln-vm",
      .accel = "auto",
      .mem = "1G",
      .smp = 1,
      .timeout_s = 600,
   };
   o.files = xrealloc(NULL, argc * sizeof(*o.files));
   o.env = xrealloc(NULL, argc * sizeof(*o.env));
   int i = 1;
   for (; i < argc; i++) {
      const char *a = argv[i];
      const bool has_value = i + 1 < argc;
      if (!strcmp(a, "--")) {
         i++;
         break;
      } else if (!strcmp(a, "--verbose")) {
         o.verbose = true;
      } else if (!has_value) {
         usage();
      } else if (!strcmp(a, "--file")) {
         o.files[o.file_count++] = argv[++i];
      } else if (!strcmp(a, "--env")) {
         o.env[o.env_count++] = argv[++i];
      } else if (!strcmp(a, "--cache")) {
         o.cache = argv[++i];
      } else if (!strcmp(a, "--timeout")) {
         o.timeout_s = (unsigned)strtoul(argv[++i], NULL, 10);
      } else if (!strcmp(a, "--mem")) {
         o.mem = argv[++i];
      } else if (!strcmp(a, "--smp")) {
         o.smp = (unsigned)strtoul(argv[++i], NULL, 10);
      } else if (!strcmp(a, "--accel")) {
         o.accel = argv[++i];
      } else {
         usage();
      }
   }
   o.cmd = argv + i;
   o.cmd_count = (unsigned)(argc - i);
   if (o.cmd_count == 0 || o.smp == 0 || o.timeout_s == 0)
      usage();

   if (system("command -v qemu-system-x86_64 >/dev/null 2>&1") != 0)
      die(EXIT_SKIP,
          "skipped: qemu-system-x86_64 is not installed (package qemu-system-x86)");
   if (access("/bin/busybox", X_OK) != 0)
      die(EXIT_SKIP, "skipped: /bin/busybox is not installed (package busybox-static)");

   char *kdir = prepare_kernel(&o);
   char initrd[] = "/tmp/kiln-vm-initrd.XXXXXX";
   const int fd = mkstemp(initrd);
   if (fd < 0)
      die(1, "mkstemp: %s", strerror(errno));
   close(fd);
   write_initramfs(&o, kdir, initrd);

   const double t0 = now_s();
   bool kvm = !strcmp(o.accel, "kvm") || (!strcmp(o.accel, "auto") && kvm_usable());
   struct run r = run_qemu(&o, kdir, initrd, kvm);
   if (kvm && !r.started && !strcmp(o.accel, "auto")) {
      fprintf(stderr, "kiln-vm: the KVM run never reached the test; retrying with TCG\n");
      kvm = false;
      r = run_qemu(&o, kdir, initrd, false);
   }
   unlink(initrd);
   const double wall = now_s() - t0;
   if (r.exit_status < 0) {
      fprintf(stderr, "kiln-vm: the VM reported no exit status (%s, %.1f s%s)\n",
              kvm ? "kvm" : "tcg", wall, r.timed_out ? ", timed out" : "");
      return EXIT_VM_FAILED;
   }
   fprintf(stderr, "kiln-vm: exit status %d (%s, kernel %s, %.1f s in the VM)\n",
           r.exit_status, kvm ? "kvm" : "tcg", strrchr(kdir, '/') + 1, wall);
   free(kdir);
   return r.exit_status;
}
