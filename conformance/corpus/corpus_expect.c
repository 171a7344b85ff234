/* SPDX-License-Identifier: MIT */
/*
 * Expectation files, as Mesa CI keeps them: one "key,Status # reason" line
 * per known failure ("Fail" or "Crash"); '#' starts a comment; blank lines
 * are ignored. A key that is listed but passes is as much a failure of the
 * run as one that fails unlisted, so the files never go stale.
 */
#include "corpus.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/arena.h"
#include "util/hash_table.h"
#include "util/os.h"

struct expectation {
   const char *key;
   const char *status;
   bool seen;
};

struct corpus_expectations {
   struct hash_table *table; /* key -> struct expectation */
};

static bool
load_one(struct arena *arena, struct corpus_expectations *e, const char *file,
         const char **error)
{
   size_t size;
   char *text = util_read_file(file, &size);
   if (!text) {
      *error = arena_asprintf(arena, "%s: cannot read", file);
      return false;
   }
   bool ok = true;
   unsigned lineno = 0;
   for (char *line = text; ok && *line;) {
      char *eol = strchr(line, '\n');
      char *next = eol ? eol + 1 : line + strlen(line);
      if (eol)
         *eol = '\0';
      lineno++;
      char *hash = strchr(line, '#');
      if (hash)
         *hash = '\0';
      char *end = line + strlen(line);
      while (end > line && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
         *--end = '\0';
      while (*line == ' ' || *line == '\t')
         line++;
      if (*line) {
         char *comma = strrchr(line, ',');
         if (!comma || (strcmp(comma + 1, "Fail") != 0 && strcmp(comma + 1, "Crash") != 0)) {
            *error = arena_asprintf(arena, "%s:%u: expected \"key,Fail\" or \"key,Crash\"",
                                    file, lineno);
            ok = false;
            break;
         }
         *comma = '\0';
         struct expectation *x = arena_new(arena, struct expectation);
         if (!x || !(x->key = arena_strdup(arena, line)) ||
             !(x->status = arena_strdup(arena, comma + 1))) {
            *error = "out of memory";
            ok = false;
            break;
         }
         if (hash_table_search(e->table, x->key)) {
            *error = arena_asprintf(arena, "%s:%u: %s is listed twice", file, lineno, x->key);
            ok = false;
            break;
         }
         if (!hash_table_insert(e->table, x->key, x)) {
            *error = "out of memory";
            ok = false;
         }
      }
      line = next;
   }
   free(text);
   return ok;
}

struct corpus_expectations *
corpus_expectations_load(struct arena *arena, const char *const *files, unsigned file_count,
                         const char **error)
{
   struct corpus_expectations *e = arena_new(arena, struct corpus_expectations);
   if (!e || !(e->table = hash_table_create(arena, util_hash_string, util_equal_string))) {
      *error = "out of memory";
      return NULL;
   }
   for (unsigned i = 0; i < file_count; i++) {
      if (!load_one(arena, e, files[i], error))
         return NULL;
   }
   return e;
}

const char *
corpus_expectations_lookup(struct corpus_expectations *e, const char *key)
{
   struct hash_entry *he = e ? hash_table_search(e->table, key) : NULL;
   if (!he)
      return "Pass";
   struct expectation *x = he->data;
   x->seen = true;
   return x->status;
}

void
corpus_expectations_foreach_unseen(struct corpus_expectations *e,
                                   void (*fn)(const char *key, const char *status, void *data),
                                   void *data)
{
   if (!e)
      return;
   hash_table_foreach(e->table, he)
   {
      const struct expectation *x = he->data;
      if (!x->seen)
         fn(x->key, x->status, data);
   }
}
