/* SPDX-License-Identifier: MIT */
/* Finding the test files: a sorted list, so that runs, samples and
 * manifests are the same on every machine with the same piglit. */
#include "corpus.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "util/dynarray.h"

static bool
wanted(const char *name)
{
   enum kgl_stage stage;
   const size_t len = strlen(name);
   return (len > 12 && strcmp(name + len - 12, ".shader_test") == 0) ||
          corpus_stage_from_path(name, &stage);
}

static bool
walk(const char *root, const char *rel, struct dynarray *out)
{
   char *dir_path;
   if (asprintf(&dir_path, "%s/%s", root, rel) < 0)
      return false;
   DIR *dir = opendir(dir_path);
   free(dir_path);
   if (!dir)
      return true; /* a missing tests/ or generated_tests/ is just empty */
   bool ok = true;
   struct dirent *de;
   while (ok && (de = readdir(dir))) {
      if (de->d_name[0] == '.')
         continue;
      char *child;
      if (asprintf(&child, "%s/%s", rel, de->d_name) < 0) {
         ok = false;
         break;
      }
      bool is_dir = de->d_type == DT_DIR;
      if (de->d_type == DT_UNKNOWN || de->d_type == DT_LNK) {
         char *full;
         struct stat st;
         if (asprintf(&full, "%s/%s", root, child) >= 0) {
            is_dir = stat(full, &st) == 0 && S_ISDIR(st.st_mode);
            free(full);
         }
      }
      if (is_dir) {
         ok = walk(root, child, out);
         free(child);
      } else if (wanted(de->d_name)) {
         ok = dynarray_append(out, char *, child);
         if (!ok)
            free(child);
      } else {
         free(child);
      }
   }
   closedir(dir);
   return ok;
}

static int
compare_paths(const void *a, const void *b)
{
   return strcmp(*(char *const *)a, *(char *const *)b);
}

bool
corpus_list_files(const char *root, struct corpus_list *list)
{
   struct dynarray paths;
   dynarray_init(&paths, NULL);
   const bool ok = walk(root, "tests", &paths) && walk(root, "generated_tests", &paths);
   list->paths = paths.data;
   list->count = dynarray_num_elements(&paths, char *);
   if (!ok) {
      corpus_list_finish(list);
      return false;
   }
   if (list->count)
      qsort(list->paths, list->count, sizeof(char *), compare_paths);
   return true;
}

void
corpus_list_finish(struct corpus_list *list)
{
   for (size_t i = 0; i < list->count; i++)
      free(list->paths[i]);
   free(list->paths);
   list->paths = NULL;
   list->count = 0;
}
