/* SPDX-License-Identifier: MIT */
#include "nvk_worker_pool.h"

#include <pthread.h>
#include <stdbool.h>

#include "util/list.h"
#include "util/macros.h"
#include "vk_alloc.h"

/* One parallel_for call in flight. Lives on the caller's stack. */
struct nvk_parallel_job {
   struct list_head link;
   nvk_parallel_fn fn;
   void *data;
   uint32_t count;
   uint32_t next;      /* next index to hand out (under the pool lock) */
   uint32_t done;      /* indices finished */
   pthread_cond_t finished;
};

struct nvk_worker_pool {
   VkAllocationCallbacks alloc;
   pthread_mutex_t lock;
   pthread_cond_t work;     /* a job was queued, or shutdown */
   struct list_head jobs;   /* jobs with indices left to hand out */
   bool shutdown;
   unsigned thread_count;   /* including callers */
   unsigned worker_count;
   pthread_t workers[];
};

/* Takes one index of the first job with any left; lock held. */
static struct nvk_parallel_job *
take_index_locked(struct nvk_worker_pool *pool, uint32_t *index)
{
   if (list_is_empty(&pool->jobs))
      return NULL;
   struct nvk_parallel_job *job = list_first_entry(&pool->jobs, struct nvk_parallel_job, link);
   *index = job->next++;
   if (job->next == job->count)
      list_del(&job->link);
   return job;
}

static void
finish_index_locked(struct nvk_parallel_job *job)
{
   if (++job->done == job->count)
      pthread_cond_signal(&job->finished);
}

static void *
worker_main(void *arg)
{
   struct nvk_worker_pool *pool = arg;
   pthread_mutex_lock(&pool->lock);
   for (;;) {
      uint32_t index;
      struct nvk_parallel_job *job = take_index_locked(pool, &index);
      if (!job) {
         if (pool->shutdown)
            break;
         pthread_cond_wait(&pool->work, &pool->lock);
         continue;
      }
      pthread_mutex_unlock(&pool->lock);
      job->fn(job->data, index);
      pthread_mutex_lock(&pool->lock);
      finish_index_locked(job);
   }
   pthread_mutex_unlock(&pool->lock);
   return NULL;
}

VkResult
nvk_worker_pool_create(const VkAllocationCallbacks *alloc, unsigned thread_count,
                       struct nvk_worker_pool **pool_out)
{
   const unsigned workers = thread_count > 1 ? thread_count - 1 : 0;
   struct nvk_worker_pool *pool =
      vk_zalloc(alloc, sizeof(*pool) + workers * sizeof(pthread_t), 8,
                VK_SYSTEM_ALLOCATION_SCOPE_DEVICE);
   if (!pool)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   pool->alloc = *alloc;
   pool->thread_count = MAX2(thread_count, 1u);
   pthread_mutex_init(&pool->lock, NULL);
   pthread_cond_init(&pool->work, NULL);
   list_inithead(&pool->jobs);
   for (unsigned i = 0; i < workers; i++) {
      if (pthread_create(&pool->workers[i], NULL, worker_main, pool) != 0) {
         nvk_worker_pool_destroy(pool);
         return VK_ERROR_INITIALIZATION_FAILED;
      }
      pool->worker_count++;
   }
   *pool_out = pool;
   return VK_SUCCESS;
}

void
nvk_worker_pool_destroy(struct nvk_worker_pool *pool)
{
   if (!pool)
      return;
   pthread_mutex_lock(&pool->lock);
   pool->shutdown = true;
   pthread_cond_broadcast(&pool->work);
   pthread_mutex_unlock(&pool->lock);
   for (unsigned i = 0; i < pool->worker_count; i++)
      pthread_join(pool->workers[i], NULL);
   pthread_cond_destroy(&pool->work);
   pthread_mutex_destroy(&pool->lock);
   const VkAllocationCallbacks alloc = pool->alloc;
   vk_free(&alloc, pool);
}

unsigned
nvk_worker_pool_thread_count(const struct nvk_worker_pool *pool)
{
   return pool->thread_count;
}

void
nvk_worker_pool_parallel_for(struct nvk_worker_pool *pool, uint32_t count, nvk_parallel_fn fn,
                             void *data)
{
   if (count == 0)
      return;
   /* Small loops, or no workers: just run them here. */
   if (count == 1 || pool->worker_count == 0) {
      for (uint32_t i = 0; i < count; i++)
         fn(data, i);
      return;
   }

   struct nvk_parallel_job job = {.fn = fn, .data = data, .count = count};
   pthread_cond_init(&job.finished, NULL);

   pthread_mutex_lock(&pool->lock);
   list_addtail(&job.link, &pool->jobs);
   pthread_cond_broadcast(&pool->work);
   /* Help with our own job until every index is handed out. */
   while (job.next < job.count) {
      const uint32_t index = job.next++;
      if (job.next == job.count)
         list_del(&job.link);
      pthread_mutex_unlock(&pool->lock);
      fn(data, index);
      pthread_mutex_lock(&pool->lock);
      finish_index_locked(&job);
   }
   while (job.done < job.count)
      pthread_cond_wait(&job.finished, &pool->lock);
   pthread_mutex_unlock(&pool->lock);
   pthread_cond_destroy(&job.finished);
}
