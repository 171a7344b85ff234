/* SPDX-License-Identifier: MIT */
#include "debug.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strbuf.h"

static const struct util_debug_flag util_log_flags[] = {
   {"info", 1u << 0, "print informational log messages"},
   {"debug", 1u << 1, "print debug log messages (implies info)"},
   {NULL, 0, NULL},
};

#define MAX_TABLES 32
static struct {
   pthread_mutex_t lock;
   const char *module[MAX_TABLES];
   const struct util_debug_flag *table[MAX_TABLES];
   unsigned count;
   bool help_printed;
} registry = {.lock = PTHREAD_MUTEX_INITIALIZER};

static bool
token_matches(const char *tok, size_t len, const char *name)
{
   return strlen(name) == len && strncmp(tok, name, len) == 0;
}

uint64_t
util_debug_parse(const char *str, const struct util_debug_flag *table)
{
   uint64_t flags = 0;
   if (!str)
      return 0;
   const char *p = str;
   while (*p) {
      const size_t len = strcspn(p, ", ");
      if (len) {
         for (const struct util_debug_flag *f = table; f->name; f++) {
            if (token_matches(p, len, f->name) || token_matches(p, len, "all"))
               flags |= f->flag;
         }
      }
      p += len;
      p += strspn(p, ", ");
   }
   return flags;
}

static void
print_help_locked(void)
{
   fprintf(stderr, "kiln: %s=flag,flag,... understands:\n", KILN_DEBUG_ENV);
   for (unsigned t = 0; t < registry.count; t++) {
      fprintf(stderr, "  [%s]\n", registry.module[t]);
      for (const struct util_debug_flag *f = registry.table[t]; f->name; f++)
         fprintf(stderr, "    %-16s %s\n", f->name, f->help ? f->help : "");
   }
}

uint64_t
util_debug_get(const char *module, const struct util_debug_flag *table, uint64_t *cache)
{
   uint64_t v = atomic_load_explicit((_Atomic uint64_t *)cache, memory_order_acquire);
   if (v != UTIL_DEBUG_UNPARSED)
      return v;

   const char *env = getenv(KILN_DEBUG_ENV);
   v = util_debug_parse(env, table);

   pthread_mutex_lock(&registry.lock);
   bool known = false;
   for (unsigned i = 0; i < registry.count; i++)
      known |= registry.table[i] == table;
   if (!known && registry.count < MAX_TABLES) {
      registry.module[registry.count] = module;
      registry.table[registry.count] = table;
      registry.count++;
      if (env && util_debug_parse(env, (const struct util_debug_flag[]){{"help", 1, NULL},
                                                                       {NULL, 0, NULL}}))
         print_help_locked();
   }
   pthread_mutex_unlock(&registry.lock);

   atomic_store_explicit((_Atomic uint64_t *)cache, v, memory_order_release);
   return v;
}

UTIL_DEBUG_DEFINE_GETTER(log_debug_flags, "log", util_log_flags)

static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;
static struct strbuf *log_capture;

void
util_log_capture(struct strbuf *sb)
{
   pthread_mutex_lock(&log_lock);
   log_capture = sb;
   pthread_mutex_unlock(&log_lock);
}

bool
util_log_enabled(enum util_log_level level)
{
   if (level <= UTIL_LOG_WARN)
      return true;
   const uint64_t f = log_debug_flags();
   if (level == UTIL_LOG_INFO)
      return f & 3;
   return f & 2;
}

static const char *const level_names[] = {"error", "warning", "info", "debug"};

void
util_logv(enum util_log_level level, const char *tag, const char *fmt, va_list va)
{
   if (!util_log_enabled(level))
      return;
   pthread_mutex_lock(&log_lock);
   if (log_capture) {
      strbuf_printf(log_capture, "%s: %s: ", tag, level_names[level]);
      strbuf_vprintf(log_capture, fmt, va);
      strbuf_append(log_capture, "\n");
   } else {
      fprintf(stderr, "kiln: %s: %s: ", tag, level_names[level]);
      vfprintf(stderr, fmt, va);
      fputc('\n', stderr);
   }
   pthread_mutex_unlock(&log_lock);
}

void
util_log(enum util_log_level level, const char *tag, const char *fmt, ...)
{
   va_list va;
   va_start(va, fmt);
   util_logv(level, tag, fmt, va);
   va_end(va);
}
