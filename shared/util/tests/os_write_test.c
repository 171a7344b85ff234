/* SPDX-License-Identifier: MIT */
/*
 * util_write_file on what `-o FILE` of a tool can name (issue 16): a new or
 * regular file is replaced, a symbolic link is followed and kept, a FIFO or
 * device node is written through and never replaced, and every failure is
 * an error.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util/os.h"
#include "util/test.h"

static char dir[64];

static const char *
in_dir(char *buf, const char *name)
{
   snprintf(buf, 256, "%s/%s", dir, name);
   return buf;
}

static void
make_dir(void)
{
   snprintf(dir, sizeof(dir), "/tmp/kiln-os-write-XXXXXX");
   if (!mkdtemp(dir))
      dir[0] = '\0';
}

static bool
file_is(const char *path, const char *text)
{
   size_t n;
   char *d = util_read_file(path, &n);
   const bool ok = d && n == strlen(text) && memcmp(d, text, n) == 0;
   free(d);
   return ok;
}

TEST(write_file_regular_and_new)
{
   make_dir();
   REQUIRE(dir[0]);
   char p[256];
   CHECK_EQ(util_write_file(in_dir(p, "new"), "one", 3), 0);
   CHECK(file_is(p, "one"));
   CHECK_EQ(util_write_file(p, "two!", 4), 0);
   CHECK(file_is(p, "two!"));
   /* No temporary is left behind. */
   char t[300];
   snprintf(t, sizeof(t), "%s.tmp.%d", p, (int)getpid());
   CHECK(access(t, F_OK) != 0);
   char m[256];
   CHECK_EQ(util_write_file(in_dir(m, "missing/x"), "x", 1), -ENOENT);
   CHECK_EQ(util_write_file(dir, "x", 1), -EISDIR);
   unlink(p);
   rmdir(dir);
}

TEST(write_file_follows_symlinks)
{
   make_dir();
   REQUIRE(dir[0]);
   char target[256], link[256], dangling[256];
   in_dir(target, "target");
   in_dir(link, "link");
   REQUIRE(util_write_file(target, "old", 3) == 0);
   REQUIRE(symlink(target, link) == 0);
   CHECK_EQ(util_write_file(link, "new", 3), 0);
   struct stat st;
   CHECK(lstat(link, &st) == 0 && S_ISLNK(st.st_mode)); /* still a link */
   CHECK(file_is(target, "new"));
   /* A dangling link is refused, not replaced by a file. */
   REQUIRE(symlink("/nonexistent/kiln", in_dir(dangling, "dangling")) == 0);
   CHECK_EQ(util_write_file(dangling, "x", 1), -ENOENT);
   CHECK(lstat(dangling, &st) == 0 && S_ISLNK(st.st_mode));
   unlink(dangling);
   unlink(link);
   unlink(target);
   rmdir(dir);
}

TEST(write_file_through_fifo_and_devices)
{
   make_dir();
   REQUIRE(dir[0]);
   char fifo[256];
   REQUIRE(mkfifo(in_dir(fifo, "fifo"), 0600) == 0);
   int pipefd[2];
   REQUIRE(pipe(pipefd) == 0);
   const pid_t child = fork();
   REQUIRE(child >= 0);
   if (child == 0) {
      /* The reader: copies what arrives through the FIFO to the pipe. */
      char buf[64];
      const int fd = open(fifo, O_RDONLY);
      ssize_t n = fd >= 0 ? read(fd, buf, sizeof(buf)) : -1;
      if (n > 0 && write(pipefd[1], buf, (size_t)n) != n)
         n = -1;
      _exit(n == 5 ? 0 : 1);
   }
   CHECK_EQ(util_write_file(fifo, "fifo!", 5), 0);
   int status = 0;
   waitpid(child, &status, 0);
   CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
   char got[8] = {0};
   CHECK_EQ(read(pipefd[0], got, 5), 5);
   CHECK_STREQ(got, "fifo!");
   struct stat st;
   CHECK(lstat(fifo, &st) == 0 && S_ISFIFO(st.st_mode)); /* not replaced */
   close(pipefd[0]);
   close(pipefd[1]);
   unlink(fifo);

   /* Devices through links in the test's directory: should this function
    * ever replace its target again, it replaces the link, not /dev/null. */
   char null_link[256], full_link[256];
   REQUIRE(symlink("/dev/null", in_dir(null_link, "null")) == 0);
   REQUIRE(symlink("/dev/full", in_dir(full_link, "full")) == 0);
   CHECK_EQ(util_write_file(null_link, "x", 1), 0);
   CHECK(lstat(null_link, &st) == 0 && S_ISLNK(st.st_mode));
   CHECK(stat("/dev/null", &st) == 0 && S_ISCHR(st.st_mode));
   if (access("/dev/full", W_OK) == 0)
      CHECK_EQ(util_write_file(full_link, "x", 1), -ENOSPC);
   unlink(null_link);
   unlink(full_link);
   rmdir(dir);
}
