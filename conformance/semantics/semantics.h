/* SPDX-License-Identifier: MIT */
/*
 * The semantics harness: run a compute or fragment SPIR-V module on a
 * Vulkan device (lavapipe by default) with deterministic inputs, dump every
 * resource it can write, and compare two modules' dumps bit for bit. It is
 * how "the original SPIR-V and our round-tripped SPIR-V give identical
 * results" gets checked. See README.md next to this file.
 *
 * The module's interface is read from the SPIR-V itself (sem_reflect.c):
 * descriptor bindings with their types and explicit layouts, push
 * constants, fragment outputs and inputs, the workgroup size.
 */
#ifndef SEMANTICS_H
#define SEMANTICS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SEM_MAX_RESOURCES 32
#define SEM_MAX_VARYINGS 32
/* Elements given to a runtime-sized array at the end of a buffer block. */
#define SEM_RUNTIME_ARRAY_ELEMENTS 1024
/* Fragment runs render this many pixels square. */
#define SEM_FRAMEBUFFER_EXTENT_PX 16
/* Images the shader reads or writes are this many texels square. */
#define SEM_IMAGE_EXTENT_PX 16

enum sem_stage {
   SEM_STAGE_COMPUTE,
   SEM_STAGE_FRAGMENT,
   SEM_STAGE_OTHER,
};

/* What a 32-bit word of a buffer holds, so inputs can be chosen sensibly
 * (floats from a small range, not random NaN bit patterns) and differences
 * told apart (NaN payloads vs real differences). */
enum sem_word {
   SEM_WORD_UNTYPED, /* padding, or not known */
   SEM_WORD_FLOAT,
   SEM_WORD_INT,
   SEM_WORD_UINT,
   SEM_WORD_BOOL,    /* 0 or 1 */
   SEM_WORD_DOUBLE_LO,
   SEM_WORD_DOUBLE_HI,
};

enum sem_resource_kind {
   SEM_UNIFORM_BUFFER,
   SEM_STORAGE_BUFFER,
   SEM_STORAGE_IMAGE,
   SEM_SAMPLED_IMAGE,       /* combined image + sampler */
   SEM_PUSH_CONSTANTS,
};

enum sem_scalar {
   SEM_SCALAR_FLOAT,
   SEM_SCALAR_INT,
   SEM_SCALAR_UINT,
};

struct sem_resource {
   enum sem_resource_kind kind;
   uint32_t set, binding;
   uint32_t variable_id;
   char name[48];           /* the variable's OpName, "" if none */
   /* Seeds the inputs: sem_seed(set, binding) of the original's resource
    * this one is paired with (sem_interfaces_pair). */
   uint64_t seed;
   /* ntv's kiln_gl_state block, added by the GL lowering: filled with the
    * GL state of the harness's framebuffer (sem_gl_state_fill), not with
    * random bytes. */
   bool gl_state;
   bool writable;           /* storage buffers/images not NonWritable */
   /* Buffers: size and a word map of size_B / 4 entries (malloc'd). */
   uint32_t size_B;
   enum sem_word *words;
   /* Images: 2D only; the texel's scalar type and component count, and the
    * Vulkan format (VkFormat value). */
   enum sem_scalar texel_scalar;
   unsigned texel_components;
   uint32_t vk_format;
};

struct sem_varying {
   uint32_t location;
   enum sem_scalar scalar;
   unsigned components; /* 1..4 */
   bool flat;
};

struct sem_interface {
   enum sem_stage stage;
   char entry_point[64];
   uint32_t local_size[3];
   struct sem_resource resources[SEM_MAX_RESOURCES];
   unsigned resource_count;
   /* Fragment shaders: user outputs (colour attachments) and inputs. */
   struct sem_varying outputs[SEM_MAX_VARYINGS];
   unsigned output_count;
   struct sem_varying inputs[SEM_MAX_VARYINGS];
   unsigned input_count;
   bool reads_frag_coord;
};

/* Reads the interface. Returns false with a message in `error` when the
 * module is malformed or uses something the harness cannot drive (it then
 * says what, so that callers can count it as skipped). */
bool sem_reflect(const uint32_t *words, size_t word_count, struct sem_interface *iface,
                 char *error, size_t error_size);
void sem_interface_finish(struct sem_interface *iface);
/* Same resources, types and outputs: the two modules can be compared. */
bool sem_interfaces_match(const struct sem_interface *a, const struct sem_interface *b,
                          char *why, size_t why_size);

/* Pairs the round trip's interface b with the original's a (sem_pair.c):
 * same stage, workgroup size and outputs; b's inputs a subset of a's;
 * resources by set and binding, else by kind and name, with the same layout.
 * PAIRED: b is rewritten to a's order, seeds and inputs, plus ntv's GL state
 * block if the lowering added it. DIFFERENT: they cannot be the same
 * program. UNPAIRABLE: the lowering added a resource whose contents the
 * harness cannot derive from the original's inputs. `why` says which. */
enum sem_pairing {
   SEM_PAIRING_PAIRED,
   SEM_PAIRING_DIFFERENT,
   SEM_PAIRING_UNPAIRABLE,
};
enum sem_pairing sem_interfaces_pair(const struct sem_interface *a, struct sem_interface *b,
                                     char *why, size_t why_size);
/* ntv's kiln_gl_state for the harness's framebuffer, whose row 0 is the
 * row the shader's origin names (see sem_pair.c). */
void sem_gl_state_fill(void *data, size_t size_B);

/* Deterministic inputs: xorshift64* seeded from the resource's set and
 * binding, so every run and both modules see the same bytes. */
void sem_fill(void *data, size_t size_B, const enum sem_word *words, uint64_t seed);
uint64_t sem_seed(uint32_t set, uint32_t binding);

/* What one run produced: every writable resource's bytes, in interface
 * order (then the colour attachments of a fragment run). */
struct sem_output {
   char name[48];   /* "set 0 binding 2", "color 1" */
   uint8_t *data;   /* malloc'd */
   size_t size_B;
   const enum sem_word *words; /* NULL for images/attachments: see scalar */
   enum sem_scalar scalar;     /* images and attachments */
};

struct sem_result {
   struct sem_output outputs[SEM_MAX_RESOURCES + SEM_MAX_VARYINGS];
   unsigned output_count;
};

void sem_result_finish(struct sem_result *r);

/* ---- Vulkan (sem_vulkan.c) ---- */

struct sem_device;
/* Creates an instance and device on the first physical device the loader
 * finds (VK_ICD_FILENAMES / VK_DRIVER_FILES choose the driver). */
bool sem_device_create(struct sem_device **out, char *error, size_t error_size);
void sem_device_destroy(struct sem_device *dev);
const char *sem_device_name(const struct sem_device *dev);
/* True if the device (a struct sem_device) exposes the named extension. */
bool sem_device_has_extension(const void *dev, const char *name);

/* Runs the module once with the deterministic inputs. Compute: dispatch
 * `groups`. Fragment: one full-screen triangle over a
 * SEM_FRAMEBUFFER_EXTENT_PX square, inputs from a generated vertex
 * shader. */
bool sem_run(struct sem_device *dev, const uint32_t *words, size_t word_count,
             const struct sem_interface *iface, const uint32_t groups[3],
             struct sem_result *result, char *error, size_t error_size);

/* ---- capabilities (sem_capabilities.c) ---- */

/* False, with why, if the module declares a capability that needs a Vulkan
 * device extension the harness does not enable (IntegerFunctions2INTEL,
 * the fragment shader interlocks, compute derivatives); device_has(data,
 * name) says whether the device exposes an extension, for the message. */
bool sem_module_capabilities_runnable(const uint32_t *words, size_t word_count,
                                      bool (*device_has)(const void *data,
                                                         const char *extension),
                                      const void *data, char *why, size_t why_size);

/* ---- comparing (sem_compare.c) ---- */

struct sem_diff {
   unsigned differing_words; /* bits differ and not both NaN */
   unsigned nan_only_words;  /* both NaN, different payloads */
   char first[160];          /* where the first real difference is */
};

/* Compares two results of the same interface word by word. */
void sem_compare(const struct sem_result *a, const struct sem_result *b,
                 struct sem_diff *diff);

/* ---- a module against its round trip (sem_compare_modules.c) ---- */

enum sem_outcome { SEM_SAME, SEM_DIFFERENT, SEM_SKIPPED };

/* Reflects, runs and compares module `a` (the original) and `b` (its round
 * trip) on dev: SEM_SAME, SEM_DIFFERENT (b reflects, matches or runs
 * differently, or its results differ), SEM_SKIPPED (the original itself
 * cannot be reflected or run); `why` says why when not SEM_SAME.
 * *nan_only counts words that differ only in NaN payloads. */
enum sem_outcome sem_compare_modules(struct sem_device *dev, const uint32_t *a, size_t na,
                                     const uint32_t *b, size_t nb, char *why,
                                     size_t why_size, unsigned *nan_only);

#endif /* SEMANTICS_H */
